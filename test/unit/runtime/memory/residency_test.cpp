// test/unit/runtime/memory/residency_test.cpp - counting a region's calls while a
// clpar::resident (resident_hold) keeps its memory: what auto spreads an upload over.
// No region runs here, so nothing reaches a device.
#include "memory/residency.hpp"

#include "clpar/rt/args.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace clpar::rt {
namespace {

view_arg view_of(float* data, std::uint64_t n) { return contiguous_arg(data, n, true); }

byte_span span_of(const float* data, std::uint64_t n) {
  const auto low = reinterpret_cast<std::uintptr_t>(data);
  return {low, low + n * sizeof(float), true};
}

int region_a, region_b;  // stand-ins for two regions' region_info


TEST(ResidentCalls, CountEachRegionsCallsWhileTheHoldLives) {
  std::vector<float> a(1000), b(1000);
  const view_arg views[] = {view_of(a.data(), a.size()), view_of(b.data(), b.size())};
  const byte_span both[] = {span_of(a.data(), 1000), span_of(b.data() + 10, 500)};
  {
    resident_hold hold(views, 2, "test:1:1");
    EXPECT_EQ(count_resident_call(&region_a, both).earlier, 0u);
    EXPECT_EQ(count_resident_call(&region_a, both).earlier, 1u);
    EXPECT_EQ(count_resident_call(&region_b, both).earlier, 0u);
    EXPECT_EQ(count_resident_call(&region_a, both).earlier, 2u);
  }
  // The hold is gone: nothing counts, and a new hold starts again.
  EXPECT_EQ(count_resident_call(&region_a, both).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, both).earlier, 0u);
  resident_hold again(views, 2, "test:2:1");
  EXPECT_EQ(count_resident_call(&region_a, both).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, both).earlier, 1u);
}

TEST(ResidentCalls, AHoldKnowsHowManyCallsTheLastHoldOfItsSiteMade) {
  std::vector<float> a(1000);
  const view_arg views[] = {view_of(a.data(), a.size())};
  const byte_span in_a[] = {span_of(a.data(), 1000)};
  static const char site[] = "history-test:7:3";
  static const char other_site[] = "history-test:9:3";
  const auto loop = [&](const char* at, int calls_of_a, int calls_of_b) {
    std::vector<resident_call_count> seen;
    resident_hold hold(views, 1, at);
    for (int i = 0; i < calls_of_a; ++i) seen.push_back(count_resident_call(&region_a, in_a));
    for (int i = 0; i < calls_of_b; ++i) seen.push_back(count_resident_call(&region_b, in_a));
    return seen;
  };
  // The first hold of the site knows nothing beforehand.
  for (const resident_call_count& count : loop(site, 20, 2)) EXPECT_EQ(count.last_time, 0u);
  // The next one of the same site knows each region's calls from its first call on.
  const std::vector<resident_call_count> second = loop(site, 5, 1);
  ASSERT_EQ(second.size(), 6u);
  EXPECT_EQ(second[0].earlier, 0u);
  EXPECT_EQ(second[0].last_time, 20u);
  EXPECT_EQ(second[4].earlier, 4u);
  EXPECT_EQ(second[4].last_time, 20u);
  EXPECT_EQ(second[5].last_time, 2u);
  // A shorter loop is what the third one expects; another site knows nothing.
  EXPECT_EQ(loop(site, 1, 0)[0].last_time, 5u);
  EXPECT_EQ(loop(other_site, 1, 0)[0].last_time, 0u);
  // Outside any hold, nothing.
  EXPECT_EQ(count_resident_call(&region_a, in_a).last_time, 0u);
}

TEST(ResidentCalls, MemoryTheHoldDoesNotCoverIsNotCounted) {
  std::vector<float> a(1000), other(1000);
  const view_arg views[] = {view_of(a.data(), a.size())};
  resident_hold hold(views, 1, "test:1:1");
  const byte_span mixed[] = {span_of(a.data(), 1000), span_of(other.data(), 1000)};
  const byte_span past_the_end[] = {span_of(a.data() + 500, 1000)};
  EXPECT_EQ(count_resident_call(&region_a, mixed).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, mixed).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, past_the_end).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, past_the_end).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, {}).earlier, 0u);
  EXPECT_EQ(count_resident_call(&region_a, {}).earlier, 0u);
}

TEST(ResidentCalls, TheInnermostHoldThatCoversTheCallCounts) {
  std::vector<float> a(1000), b(1000);
  const view_arg outer_views[] = {view_of(a.data(), a.size())};
  const view_arg inner_views[] = {view_of(b.data(), b.size())};
  const byte_span in_a[] = {span_of(a.data(), 1000)};
  const byte_span in_b[] = {span_of(b.data(), 1000)};
  resident_hold outer(outer_views, 1, "test:1:1");
  EXPECT_EQ(count_resident_call(&region_a, in_a).earlier, 0u);
  {
    resident_hold inner(inner_views, 1, "test:2:1");
    EXPECT_EQ(count_resident_call(&region_a, in_a).earlier, 1u);  // the outer hold's count goes on
    EXPECT_EQ(count_resident_call(&region_a, in_b).earlier, 0u);  // the inner hold counts its own
    EXPECT_EQ(count_resident_call(&region_a, in_b).earlier, 1u);
  }
  EXPECT_EQ(count_resident_call(&region_a, in_a).earlier, 2u);
  EXPECT_EQ(count_resident_call(&region_a, in_b).earlier, 0u);
}

}  // namespace
}  // namespace clpar::rt
