// Unit tests of runtime/device/fault_injection: CLPAR_FAULT's syntax.  The faults
// themselves are tested end to end (test/e2e/fault_sweep.sh), where real OpenCL calls fail.
#include "device/fault_injection.hpp"

#include <gtest/gtest.h>

namespace clpar::rt {
namespace {

TEST(FaultPlan, EmptyPlansNothing) {
  const fault_plan plan = parse_fault_plan("");
  EXPECT_TRUE(plan.points.empty());
  EXPECT_TRUE(plan.error.empty());
}

TEST(FaultPlan, EveryKind) {
  const fault_plan plan =
      parse_fault_plan("build:1,alloc:2,enqueue:3,read:4,write:5,device-lost:60,group:2");
  ASSERT_TRUE(plan.error.empty()) << plan.error;
  const std::vector<fault_point> expected = {
      {fault_kind::build, 1},        {fault_kind::alloc, 2},  {fault_kind::enqueue, 3},
      {fault_kind::read, 4},         {fault_kind::write, 5},  {fault_kind::device_lost, 60},
      {fault_kind::group, 2}};
  EXPECT_EQ(plan.points, expected);
}

TEST(FaultPlan, AKindMayRepeat) {
  const fault_plan plan = parse_fault_plan("read:1,read:2");
  ASSERT_TRUE(plan.error.empty());
  EXPECT_EQ(plan.points, (std::vector<fault_point>{{fault_kind::read, 1}, {fault_kind::read, 2}}));
}

TEST(FaultPlan, MalformedTextPlansNothingAndSaysWhy) {
  for (const char* text : {"read", "read:", "read:0", "read:-1", "read:1x", "reed:1", "read:1,",
                           ":1", "read:99999999999999999999999"}) {
    const fault_plan plan = parse_fault_plan(text);
    EXPECT_TRUE(plan.points.empty()) << text;
    EXPECT_FALSE(plan.error.empty()) << text;
  }
  EXPECT_NE(parse_fault_plan("reed:1").error.find("unknown kind 'reed'"), std::string::npos);
}

TEST(FaultPlan, KindNamesRoundTrip) {
  for (fault_kind kind : {fault_kind::build, fault_kind::alloc, fault_kind::enqueue,
                          fault_kind::read, fault_kind::write, fault_kind::device_lost,
                          fault_kind::group}) {
    const fault_plan plan = parse_fault_plan(std::string(fault_kind_name(kind)) + ":7");
    ASSERT_EQ(plan.points.size(), 1u);
    EXPECT_EQ(plan.points[0], (fault_point{kind, 7}));
  }
}

// Without CLPAR_FAULT (the test's environment has none) nothing fails and nothing counts.
TEST(FaultFor, NothingPlannedNothingFails) {
  if (faults_planned()) GTEST_SKIP() << "CLPAR_FAULT is set in this environment";
  for (int i = 0; i < 100; ++i) EXPECT_EQ(fault_for(fault_kind::read, nullptr, "clX"), 0);
}

}  // namespace
}  // namespace clpar::rt
