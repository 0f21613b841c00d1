// test/unit/runtime/launch/index_width_test.cpp - when a call takes its kernel's 32-bit
// form: every view's positions from its first element within 2^31 - 1, the region has the
// form, and CLPAR_INDEX32 does not say 0.
#include "launch/index_width.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <limits>

namespace clpar::rt {
namespace {

constexpr std::int64_t max32 = std::numeric_limits<std::int32_t>::max();

view_arg view_of(std::initializer_list<std::uint64_t> extents,
                 std::initializer_list<std::int64_t> strides) {
  view_arg v{};
  v.elem_size = 4;
  v.rank = static_cast<std::uint32_t>(extents.size());
  std::uint32_t d = 0;
  for (std::uint64_t e : extents) v.extent[d++] = e;
  d = 0;
  for (std::int64_t s : strides) v.stride[d++] = s;
  return v;
}

TEST(PositionsFit32, SmallViewsFit) {
  EXPECT_TRUE(positions_fit_32(view_of({1024}, {1})));
  EXPECT_TRUE(positions_fit_32(view_of({2800, 2800}, {2800, 1})));
  EXPECT_TRUE(positions_fit_32(view_of({24, 2}, {2, 1})));
}

TEST(PositionsFit32, TheLastPositionDecides) {
  // (extent - 1) * stride exactly 2^31 - 1, then one more.
  EXPECT_TRUE(positions_fit_32(view_of({std::uint64_t(max32) + 1}, {1})));
  EXPECT_FALSE(positions_fit_32(view_of({std::uint64_t(max32) + 2}, {1})));
  // Summed over the dimensions: 2 * (2^30 - 1) + (2^30 - 1) reaches past 2^31 - 1.
  EXPECT_TRUE(positions_fit_32(view_of({2, std::uint64_t(1) << 30}, {std::int64_t(1) << 30, 1})));
  EXPECT_FALSE(positions_fit_32(view_of({3, std::uint64_t(1) << 30}, {std::int64_t(1) << 30, 1})));
}

TEST(PositionsFit32, NegativeStridesCountTheirDistance) {
  EXPECT_TRUE(positions_fit_32(view_of({100, 100}, {-100, -1})));
  EXPECT_FALSE(positions_fit_32(view_of({3, 2}, {-max32, 1})));
  EXPECT_FALSE(positions_fit_32(view_of({2}, {std::numeric_limits<std::int64_t>::min()})));
}

TEST(PositionsFit32, AStrideOfZeroStillNeedsItsIndexToFit) {
  EXPECT_TRUE(positions_fit_32(view_of({1000, 8}, {0, 1})));
  EXPECT_FALSE(positions_fit_32(view_of({std::uint64_t(max32) + 2, 8}, {0, 1})));
}

TEST(PositionsFit32, AnEmptyViewIsNeverAccessed) {
  EXPECT_TRUE(positions_fit_32(view_of({0, 8}, {std::numeric_limits<std::int64_t>::max(), 1})));
}

TEST(PositionsFit32, ProductsThatOverflowDoNotFit) {
  EXPECT_FALSE(positions_fit_32(view_of({std::uint64_t(1) << 31, 2},
                                        {std::int64_t(1) << 40, 1})));
}

struct call_of {
  region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", 1, false, false};
  view_arg views[2] = {view_of({1024}, {1}), view_of({1024}, {2})};
  launch_request request{&info, nullptr, views, 2, nullptr, 0, placement_request::automatic};

  call_of() { info.index32 = true; }
};

TEST(Index32Of, EveryViewMustFit) {
  call_of call;
  EXPECT_TRUE(index32_of(call.request));
  call.views[1] = view_of({3, 2}, {max32, 1});
  EXPECT_FALSE(index32_of(call.request));
}

TEST(Index32Of, ARegionWithoutTheFormNeverTakesIt) {
  call_of call;
  call.info.index32 = false;  // a program built before the form existed
  EXPECT_FALSE(index32_of(call.request));
}

TEST(Index32Of, TheSettingTurnsItOff) {
  call_of call;
  ASSERT_EQ(setenv("CLPAR_INDEX32", "0", 1), 0);
  EXPECT_FALSE(index32_of(call.request));
  ASSERT_EQ(setenv("CLPAR_INDEX32", "1", 1), 0);
  EXPECT_TRUE(index32_of(call.request));
  ASSERT_EQ(unsetenv("CLPAR_INDEX32"), 0);
  EXPECT_TRUE(index32_of(call.request));
}

TEST(Index32ByRule, CpuDevicesKeep64BitPositionsUnlessAskedFor) {
  call_of call;
  ASSERT_EQ(unsetenv("CLPAR_INDEX32"), 0);
  EXPECT_TRUE(index32_by_rule(call.request, false));
  EXPECT_FALSE(index32_by_rule(call.request, true));
  ASSERT_EQ(setenv("CLPAR_INDEX32", "1", 1), 0);
  EXPECT_TRUE(index32_by_rule(call.request, true));
  ASSERT_EQ(setenv("CLPAR_INDEX32", "0", 1), 0);
  EXPECT_FALSE(index32_by_rule(call.request, false));
  ASSERT_EQ(unsetenv("CLPAR_INDEX32"), 0);
  call.info.index32 = false;
  EXPECT_FALSE(index32_by_rule(call.request, false));
}

}  // namespace
}  // namespace clpar::rt
