// Unit tests for runtime/memory/program_team: the program's OpenMP team as the runtime
// sees it, through made-up team functions.
#include "memory/program_team.hpp"

#include <gtest/gtest.h>

#include <thread>
#include <vector>

namespace clpar::rt {
namespace {

unsigned team_calls = 0;

/// Runs the slices last to first on the calling thread, as a team may in any order.
int serial_team(void (*slice)(void*, unsigned), void* context, unsigned count) {
  ++team_calls;
  for (unsigned i = count; i-- > 0;) slice(context, i);
  return 1;
}

/// A team that refuses, as inside a parallel region.
int refusing_team(void (*)(void*, unsigned), void*, unsigned) {
  ++team_calls;
  return 0;
}

void mark(void* context, unsigned index) {
  (*static_cast<std::vector<int>*>(context))[index] += 1;
}

class ProgramTeam : public testing::Test {
 protected:
  void SetUp() override { team_calls = 0; }
  void TearDown() override { clpar_rt_set_program_team(nullptr); }
};

TEST_F(ProgramTeam, NoneRegisteredRunsNothing) {
  std::vector<int> marks(4);
  EXPECT_FALSE(run_on_program_team(&mark, &marks, 4));
  EXPECT_EQ(marks, std::vector<int>(4, 0));
}

TEST_F(ProgramTeam, TheRegisteredTeamRunsEverySliceOnce) {
  clpar_rt_set_program_team(&serial_team);
  std::vector<int> marks(5);
  EXPECT_TRUE(run_on_program_team(&mark, &marks, 5));
  EXPECT_EQ(marks, std::vector<int>(5, 1));
  EXPECT_EQ(team_calls, 1u);
}

TEST_F(ProgramTeam, ARefusalRunsNothing) {
  clpar_rt_set_program_team(&refusing_team);
  std::vector<int> marks(3);
  EXPECT_FALSE(run_on_program_team(&mark, &marks, 3));
  EXPECT_EQ(marks, std::vector<int>(3, 0));
  EXPECT_EQ(team_calls, 1u);
}

TEST_F(ProgramTeam, OnlyTheMainThreadUsesIt) {
  clpar_rt_set_program_team(&serial_team);
  std::vector<int> marks(2);
  bool ran = true;
  std::thread other([&] { ran = run_on_program_team(&mark, &marks, 2); });
  other.join();
  EXPECT_FALSE(ran);
  EXPECT_EQ(team_calls, 0u);
  EXPECT_EQ(marks, std::vector<int>(2, 0));
}

TEST_F(ProgramTeam, TheLastRegistrationWinsAndNullForgets) {
  clpar_rt_set_program_team(&refusing_team);
  clpar_rt_set_program_team(&serial_team);
  std::vector<int> marks(1);
  EXPECT_TRUE(run_on_program_team(&mark, &marks, 1));
  clpar_rt_set_program_team(nullptr);
  EXPECT_FALSE(run_on_program_team(&mark, &marks, 1));
  EXPECT_EQ(marks, std::vector<int>(1, 1));
}

}  // namespace
}  // namespace clpar::rt
