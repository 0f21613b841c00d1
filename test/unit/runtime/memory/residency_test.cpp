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
    EXPECT_EQ(count_resident_call(&region_a, both), 0u);
    EXPECT_EQ(count_resident_call(&region_a, both), 1u);
    EXPECT_EQ(count_resident_call(&region_b, both), 0u);
    EXPECT_EQ(count_resident_call(&region_a, both), 2u);
  }
  // The hold is gone: nothing counts, and a new hold starts again.
  EXPECT_EQ(count_resident_call(&region_a, both), 0u);
  EXPECT_EQ(count_resident_call(&region_a, both), 0u);
  resident_hold again(views, 2, "test:2:1");
  EXPECT_EQ(count_resident_call(&region_a, both), 0u);
  EXPECT_EQ(count_resident_call(&region_a, both), 1u);
}

TEST(ResidentCalls, MemoryTheHoldDoesNotCoverIsNotCounted) {
  std::vector<float> a(1000), other(1000);
  const view_arg views[] = {view_of(a.data(), a.size())};
  resident_hold hold(views, 1, "test:1:1");
  const byte_span mixed[] = {span_of(a.data(), 1000), span_of(other.data(), 1000)};
  const byte_span past_the_end[] = {span_of(a.data() + 500, 1000)};
  EXPECT_EQ(count_resident_call(&region_a, mixed), 0u);
  EXPECT_EQ(count_resident_call(&region_a, mixed), 0u);
  EXPECT_EQ(count_resident_call(&region_a, past_the_end), 0u);
  EXPECT_EQ(count_resident_call(&region_a, past_the_end), 0u);
  EXPECT_EQ(count_resident_call(&region_a, {}), 0u);
  EXPECT_EQ(count_resident_call(&region_a, {}), 0u);
}

TEST(ResidentCalls, TheInnermostHoldThatCoversTheCallCounts) {
  std::vector<float> a(1000), b(1000);
  const view_arg outer_views[] = {view_of(a.data(), a.size())};
  const view_arg inner_views[] = {view_of(b.data(), b.size())};
  const byte_span in_a[] = {span_of(a.data(), 1000)};
  const byte_span in_b[] = {span_of(b.data(), 1000)};
  resident_hold outer(outer_views, 1, "test:1:1");
  EXPECT_EQ(count_resident_call(&region_a, in_a), 0u);
  {
    resident_hold inner(inner_views, 1, "test:2:1");
    EXPECT_EQ(count_resident_call(&region_a, in_a), 1u);  // the outer hold's count goes on
    EXPECT_EQ(count_resident_call(&region_a, in_b), 0u);  // the inner hold counts its own
    EXPECT_EQ(count_resident_call(&region_a, in_b), 1u);
  }
  EXPECT_EQ(count_resident_call(&region_a, in_a), 2u);
  EXPECT_EQ(count_resident_call(&region_a, in_b), 0u);
}

}  // namespace
}  // namespace clpar::rt
