// test/unit/runtime/support/environment_test.cpp - CLPAR_* variables read per call, cheaply.
#include "support/environment.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <thread>

namespace clpar::rt {
namespace {

constexpr const char* name = "CLPAR_ENVIRONMENT_TEST";

class Environment : public testing::Test {
 protected:
  void SetUp() override { ::unsetenv(name); }
  void TearDown() override { ::unsetenv(name); }
};

std::string value_or_none(const char* value) {
  return value != nullptr ? value : "(none)";
}

TEST_F(Environment, AnswersAsGetenv) {
  EXPECT_EQ(environment_value(name), nullptr);
  ::setenv(name, "gpu", 1);
  EXPECT_EQ(value_or_none(environment_value(name)), "gpu");
  EXPECT_EQ(environment_value(name), std::getenv(name));
  EXPECT_EQ(value_or_none(environment_value("PATH")), value_or_none(std::getenv("PATH")));
}

TEST_F(Environment, SeesSetenvUnsetenvAndPutenvAtTheNextRead) {
  ::setenv(name, "1", 1);
  EXPECT_EQ(value_or_none(environment_value(name)), "1");
  ::setenv(name, "2", 1);  // a new value of a variable it read
  EXPECT_EQ(value_or_none(environment_value(name)), "2");
  ::unsetenv(name);
  EXPECT_EQ(environment_value(name), nullptr);
  static char entry[] = "CLPAR_ENVIRONMENT_TEST=put";
  ::putenv(entry);  // a variable that was absent when last read
  EXPECT_EQ(value_or_none(environment_value(name)), "put");
  ::unsetenv(name);
  EXPECT_EQ(environment_value(name), nullptr);
}

TEST_F(Environment, SeesAChangeOfAnotherVariable) {
  ::setenv(name, "1", 1);
  EXPECT_EQ(value_or_none(environment_value(name)), "1");
  // Another variable removed before it: the table's entries move.
  ::setenv("CLPAR_ENVIRONMENT_TEST_OTHER", "x", 1);
  EXPECT_EQ(value_or_none(environment_value(name)), "1");
  ::unsetenv("CLPAR_ENVIRONMENT_TEST_OTHER");
  ::setenv(name, "3", 1);
  EXPECT_EQ(value_or_none(environment_value(name)), "3");
}

TEST_F(Environment, APinTakesTheEnvironmentAsUnchangedUntilItEnds) {
  ::setenv(name, "before", 1);
  {
    const environment_pin pin;
    EXPECT_EQ(value_or_none(environment_value(name)), "before");
    ::setenv(name, "during", 1);
    EXPECT_EQ(value_or_none(environment_value(name)), "before");
    {
      const environment_pin nested;
      EXPECT_EQ(value_or_none(environment_value(name)), "before");
    }
    EXPECT_EQ(value_or_none(environment_value(name)), "before");
  }
  EXPECT_EQ(value_or_none(environment_value(name)), "during");
}

TEST_F(Environment, APinHoldsOnItsOwnThreadOnly) {
  ::setenv(name, "before", 1);
  const environment_pin pin;
  EXPECT_EQ(value_or_none(environment_value(name)), "before");
  ::setenv(name, "after", 1);
  std::string seen;
  std::thread([&] { seen = value_or_none(environment_value(name)); }).join();
  EXPECT_EQ(seen, "after");
}

TEST_F(Environment, TheEpochChangesWithTheTableOnly) {
  ::setenv(name, "1", 1);
  const std::uint64_t first = environment_epoch();
  EXPECT_NE(first, 0u);
  EXPECT_EQ(environment_epoch(), first);
  (void)environment_value("PATH");  // reads change nothing
  EXPECT_EQ(environment_epoch(), first);
  ::setenv(name, "2", 1);
  const std::uint64_t second = environment_epoch();
  EXPECT_NE(second, first);
  {
    const environment_pin pin;  // a pinned table keeps its epoch
    ::unsetenv(name);
    EXPECT_EQ(environment_epoch(), second);
  }
  EXPECT_NE(environment_epoch(), second);
}

TEST_F(Environment, ManyNamesStillAnswer) {
  // More names than the memo keeps: the rest go to getenv.
  static std::string made[40];
  for (int i = 0; i < 40; ++i) {
    made[i] = "CLPAR_ENVIRONMENT_TEST_" + std::to_string(i);
    ::setenv(made[i].c_str(), std::to_string(i).c_str(), 1);
  }
  for (int round = 0; round < 2; ++round)
    for (int i = 0; i < 40; ++i)
      EXPECT_EQ(value_or_none(environment_value(made[i].c_str())), std::to_string(i));
  for (int i = 0; i < 40; ++i) ::unsetenv(made[i].c_str());
}

TEST_F(Environment, SwitchIsOnForAnythingButEmptyOrZero) {
  EXPECT_FALSE(environment_switch(name));
  ::setenv(name, "", 1);
  EXPECT_FALSE(environment_switch(name));
  ::setenv(name, "0", 1);
  EXPECT_FALSE(environment_switch(name));
  ::setenv(name, "1", 1);
  EXPECT_TRUE(environment_switch(name));
  ::setenv(name, "yes", 1);
  EXPECT_TRUE(environment_switch(name));
}

}  // namespace
}  // namespace clpar::rt
