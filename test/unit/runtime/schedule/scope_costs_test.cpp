// test/unit/runtime/schedule/scope_costs_test.cpp - choosing a whole scope's mode.
#include "schedule/scope_costs.hpp"

#include <gtest/gtest.h>

namespace clpar::rt {
namespace {

scope_execution execution(scope_mode mode, double seconds, bool host = false,
                          bool device = false) {
  scope_execution e;
  e.mode = mode;
  e.seconds = seconds;
  e.predicted_host = host;
  e.predicted_device = device;
  return e;
}

TEST(ScopeCosts, AgreeingPredictionsNeverTryAnything) {
  scope_costs costs;
  EXPECT_EQ(costs.next_mode(), scope_mode::per_region);
  for (int i = 0; i < 5; ++i) {
    costs.record(execution(scope_mode::per_region, 1e-3, false, true));
    costs.record(execution(scope_mode::per_region, 1e-3, true, false));
  }
  EXPECT_FALSE(costs.split_seen());
  EXPECT_EQ(costs.next_mode(), scope_mode::per_region);
}

TEST(ScopeCosts, ASplitTriesBothWholeModesThenKeepsTheFastest) {
  scope_costs costs;
  costs.record(execution(scope_mode::per_region, 10e-3, true, true));
  EXPECT_TRUE(costs.split_seen());
  EXPECT_EQ(costs.next_mode(), scope_mode::all_device);
  costs.record(execution(scope_mode::all_device, 3e-3));
  EXPECT_EQ(costs.next_mode(), scope_mode::all_host);
  costs.record(execution(scope_mode::all_host, 7e-3));
  EXPECT_EQ(costs.next_mode(), scope_mode::all_device);
  EXPECT_DOUBLE_EQ(costs.seconds(scope_mode::all_device), 3e-3);
  EXPECT_DOUBLE_EQ(costs.seconds(scope_mode::per_region), 10e-3);
}

TEST(ScopeCosts, PerRegionStaysWhenItIsFastest) {
  scope_costs costs;
  costs.record(execution(scope_mode::per_region, 2e-3, true, true));
  costs.record(execution(scope_mode::all_device, 3e-3));
  costs.record(execution(scope_mode::all_host, 7e-3));
  EXPECT_EQ(costs.next_mode(), scope_mode::per_region);
}

TEST(ScopeCosts, TrialsAndWholeModesDoNotCountAsASplit) {
  scope_costs costs;
  // A whole mode's execution says nothing about the per-call predictions.
  costs.record(execution(scope_mode::all_device, 1e-3, true, true));
  EXPECT_FALSE(costs.split_seen());
  // Calls still trying variants are not predictions: the record has neither flag.
  costs.record(execution(scope_mode::per_region, 5e-3));
  EXPECT_FALSE(costs.split_seen());
}

TEST(ScopeCosts, AChosenModeThatSlowsDownGivesWayToTheNextBest) {
  scope_costs costs;
  costs.record(execution(scope_mode::per_region, 5e-3, true, true));
  costs.record(execution(scope_mode::all_device, 2e-3));
  costs.record(execution(scope_mode::all_host, 9e-3));
  ASSERT_EQ(costs.next_mode(), scope_mode::all_device);
  int executions = 0;
  while (costs.next_mode() == scope_mode::all_device && executions < 100) {
    costs.record(execution(scope_mode::all_device, 20e-3));  // the device got busy
    ++executions;
  }
  EXPECT_EQ(costs.next_mode(), scope_mode::per_region);
  EXPECT_LT(executions, 20);
}

TEST(ScopeTable, KeepsOneRecordPerSite) {
  scope_table table;
  const char* a = "a.cpp:1:1 f";
  const char* b = "b.cpp:1:1 g";
  table.record(a, execution(scope_mode::per_region, 1e-3, true, true), {});
  EXPECT_EQ(table.next_mode(a), scope_mode::all_device);
  EXPECT_EQ(table.next_mode(b), scope_mode::per_region);
}

TEST(ScopeTable, KeepsTheCallsOfEachSitesLastExecution) {
  scope_table table;
  const char* a = "a.cpp:1:1 f";
  const char* b = "b.cpp:1:1 g";
  const int region = 0, other = 0;
  EXPECT_EQ(table.last_calls(a).calls(&region), 0u);
  region_counts calls;
  for (int i = 0; i < 20; ++i) calls.count(&region);
  calls.count(&other);
  table.record(a, execution(scope_mode::per_region, 1e-3, false, true), calls);
  EXPECT_EQ(table.last_calls(a).calls(&region), 20u);
  EXPECT_EQ(table.last_calls(a).calls(&other), 1u);
  EXPECT_EQ(table.last_calls(b).calls(&region), 0u);
  // The last execution's, not a sum or a maximum.
  region_counts fewer;
  fewer.count(&region);
  table.record(a, execution(scope_mode::per_region, 1e-3, false, true), fewer);
  EXPECT_EQ(table.last_calls(a).calls(&region), 1u);
  EXPECT_EQ(table.last_calls(a).calls(&other), 0u);
}

}  // namespace
}  // namespace clpar::rt
