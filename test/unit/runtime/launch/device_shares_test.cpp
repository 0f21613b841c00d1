// test/unit/runtime/launch/device_shares_test.cpp - shares of a call, the views' parts, rates.
#include "launch/device_shares.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace clpar::rt {
namespace {

std::uint64_t covered(const std::vector<iteration_share>& shares) {
  std::uint64_t next = 0;
  for (const iteration_share& share : shares) {
    EXPECT_EQ(share.begin, next);
    EXPECT_GT(share.count, 0u);
    next += share.count;
  }
  return next;
}

TEST(ShareIterations, InProportionToSpeed) {
  const std::vector<int> devices{0, 3};
  // Device 3 takes a third of device 0's time per iteration: three times its share.
  const std::vector<double> rates{3e-6, 1e-6};
  const std::vector<iteration_share> shares = share_iterations(devices, rates, 1000, 1);
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].device, 0);
  EXPECT_EQ(shares[1].device, 3);
  EXPECT_EQ(shares[0].count, 250u);
  EXPECT_EQ(shares[1].count, 750u);
  EXPECT_EQ(covered(shares), 1000u);
}

TEST(ShareIterations, WholeGranulesButTheLast) {
  const std::vector<int> devices{0, 1, 2};
  const std::vector<double> rates{1, 1, 1};
  const std::vector<iteration_share> shares = share_iterations(devices, rates, 1001, 4);
  ASSERT_EQ(shares.size(), 3u);
  EXPECT_EQ(shares[0].count % 4, 0u);
  EXPECT_EQ(shares[1].count % 4, 0u);
  EXPECT_EQ(covered(shares), 1001u);
}

TEST(ShareIterations, LeavesOutADeviceTooSlowToMatter) {
  const std::vector<int> devices{0, 1, 2};
  // Device 1 would get 1/101 of the call, under min_share_fraction.
  const std::vector<double> rates{1e-6, 100e-6, 1e-6};
  const std::vector<iteration_share> shares = share_iterations(devices, rates, 1000, 1);
  ASSERT_EQ(shares.size(), 2u);
  EXPECT_EQ(shares[0].device, 0);
  EXPECT_EQ(shares[1].device, 2);
  EXPECT_EQ(covered(shares), 1000u);
  // Unless every device is to be measured again.
  const std::vector<iteration_share> all = share_iterations(devices, rates, 1000, 1, true);
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(covered(all), 1000u);
}

TEST(ShareIterations, FewIterationsMayLeaveOneShare) {
  const std::vector<int> devices{0, 1};
  const std::vector<double> rates{1, 1};
  const std::vector<iteration_share> shares = share_iterations(devices, rates, 3, 4);
  ASSERT_EQ(shares.size(), 1u);
  EXPECT_EQ(shares[0].count, 3u);
  EXPECT_TRUE(share_iterations(devices, rates, 0, 1).empty());
}

TEST(GuessedSpeed, AGpuComputeUnitRunsManyLanes) {
  EXPECT_GT(guessed_speed(true, 132), 50 * guessed_speed(false, 16));
  EXPECT_GT(guessed_speed(false, 0), 0);
}

view_arg matrix(float* data, std::uint64_t rows, std::uint64_t columns) {
  view_arg v{};
  v.data = data;
  v.elem_size = sizeof(float);
  v.rank = 2;
  v.extent[0] = rows;
  v.extent[1] = columns;
  v.stride[0] = static_cast<std::int64_t>(columns);
  v.stride[1] = 1;
  v.written = true;
  return v;
}

TEST(ViewPart, RowsOfTheShare) {
  float data[10 * 4];
  const view_arg v = matrix(data, 10, 4);
  // A stencil reading rows i - 1 to i + 1, for i from 3 to 5.
  const std::optional<view_arg> part = view_part(v, split_access{0, 1, -1, 1}, 3, 5);
  ASSERT_TRUE(part.has_value());
  EXPECT_EQ(part->data, data + 2 * 4);
  EXPECT_EQ(part->extent[0], 5u);
  EXPECT_EQ(part->extent[1], 4u);
  EXPECT_TRUE(part->written);
}

TEST(ViewPart, ClampedToTheViewAndEmptyOutsideIt) {
  float data[10 * 4];
  const view_arg v = matrix(data, 10, 4);
  const std::optional<view_arg> first = view_part(v, split_access{0, 1, -1, 1}, 0, 2);
  ASSERT_TRUE(first.has_value());
  EXPECT_EQ(first->data, data);
  EXPECT_EQ(first->extent[0], 4u);
  const std::optional<view_arg> last = view_part(v, split_access{0, 1, -1, 1}, 8, 9);
  ASSERT_TRUE(last.has_value());
  EXPECT_EQ(last->extent[0], 3u);
  EXPECT_FALSE(view_part(v, split_access{0, 1, 0, 0}, 10, 20).has_value());
  EXPECT_FALSE(view_part(v, split_access{0, 1, 0, 0}, -5, -1).has_value());
}

TEST(ViewPart, ColumnsCoefficientsAndNegativeStrides) {
  float data[10 * 4];
  const view_arg v = matrix(data, 10, 4);
  // c(j, i) written for i from 1 to 2: columns 1 and 2.
  const std::optional<view_arg> columns = view_part(v, split_access{1, 1, 0, 0}, 1, 2);
  ASSERT_TRUE(columns.has_value());
  EXPECT_EQ(columns->data, data + 1);
  EXPECT_EQ(columns->extent[1], 2u);
  EXPECT_EQ(columns->extent[0], 10u);
  // x[2 * i] and x[2 * i + 1] for i from 2 to 3: rows 4 to 7; either order of the values.
  const std::optional<view_arg> pairs = view_part(v, split_access{0, 2, 0, 1}, 3, 2);
  ASSERT_TRUE(pairs.has_value());
  EXPECT_EQ(pairs->data, data + 4 * 4);
  EXPECT_EQ(pairs->extent[0], 4u);
  // A reversed view: element k at data[9 - k].
  view_arg reversed{};
  reversed.data = data + 9;
  reversed.elem_size = sizeof(float);
  reversed.rank = 1;
  reversed.extent[0] = 10;
  reversed.stride[0] = -1;
  const std::optional<view_arg> tail = view_part(reversed, split_access{0, 1, 0, 0}, 7, 9);
  ASSERT_TRUE(tail.has_value());
  EXPECT_EQ(tail->data, data + 2);
  EXPECT_EQ(tail->extent[0], 3u);
  // Any element: the view itself.
  const std::optional<view_arg> whole = view_part(v, split_access{-1, 0, 0, 0}, 1, 2);
  ASSERT_TRUE(whole.has_value());
  EXPECT_EQ(whole->data, data);
  EXPECT_EQ(whole->extent[0], 10u);
}

TEST(WritesApart, WindowsOfNeighbouringIterations) {
  EXPECT_TRUE(writes_apart(split_access{0, 1, 0, 0}, 1));
  EXPECT_FALSE(writes_apart(split_access{0, 1, 0, 1}, 1));  // a[i] and a[i + 1]
  EXPECT_TRUE(writes_apart(split_access{0, 1, 0, 1}, 2));   // ... for every other i
  EXPECT_TRUE(writes_apart(split_access{0, 2, 0, 1}, 1));   // a[2i] and a[2i + 1]
  EXPECT_TRUE(writes_apart(split_access{0, -1, 0, 0}, 1));  // a[n - i]
  EXPECT_TRUE(writes_apart(split_access{-1, 0, 0, 0}, 1));  // not written
}

TEST(ShareRates, FirstTimeThenAverages) {
  share_rates& rates = share_rates::instance();
  static const region_info region{};
  EXPECT_FALSE(rates.seconds_per_iteration(&region, 0).has_value());
  rates.record(&region, 0, 4e-6);
  EXPECT_DOUBLE_EQ(*rates.seconds_per_iteration(&region, 0), 4e-6);
  rates.record(&region, 0, 2e-6);
  EXPECT_DOUBLE_EQ(*rates.seconds_per_iteration(&region, 0), 3e-6);
  rates.record(&region, 0, 0);  // no time: ignored
  EXPECT_DOUBLE_EQ(*rates.seconds_per_iteration(&region, 0), 3e-6);
  EXPECT_FALSE(rates.seconds_per_iteration(&region, 1).has_value());
}

TEST(ShareRates, EveryDeviceAgainInEveryIntervalOfCalls) {
  static const region_info region{};
  std::vector<bool> counted;
  for (std::uint64_t k = 0; k < 2 * remeasure_interval; ++k)
    counted.push_back(share_rates::instance().count_call(&region));
  EXPECT_TRUE(counted[0]);
  EXPECT_FALSE(counted[1]);
  EXPECT_TRUE(counted[remeasure_interval]);
}

}  // namespace
}  // namespace clpar::rt

namespace clpar::rt {
namespace {

TEST(ChooseWay, EachWayTwiceThenTheFasterWithRetries) {
  way_times times;
  EXPECT_EQ(choose_way(times, 0).way, call_way::shared);
  times.shared = 2e-6;
  times.shared_calls = 1;
  EXPECT_EQ(choose_way(times, 1).way, call_way::shared);  // its first call may have built
  times.shared_calls = 2;
  EXPECT_EQ(choose_way(times, 2).way, call_way::one_device);
  times.one_device = 3e-6;
  times.one_device_calls = 2;
  const way_choice faster = choose_way(times, 5);
  EXPECT_EQ(faster.way, call_way::shared);
  EXPECT_STREQ(faster.why, "auto: shared out, faster here than one device");
  EXPECT_EQ(choose_way(times, way_retry_interval).way, call_way::one_device);
  times.one_device = 1e-6;
  const way_choice one = choose_way(times, 5);
  EXPECT_EQ(one.way, call_way::one_device);
  EXPECT_FALSE(one.measures);  // followed, not timed: it may return before its kernel ends
  EXPECT_TRUE(choose_way(times, 2 * way_retry_interval).measures);
  EXPECT_EQ(choose_way(times, 2 * way_retry_interval).way, call_way::shared);
  // Far slower shared out (a stencil trading rows every sweep): never tried again.
  times.shared = 20e-6;
  EXPECT_EQ(choose_way(times, 2 * way_retry_interval).way, call_way::one_device);
}

TEST(ShareRates, WaysKeepTheFastestCall) {
  static const region_info region{};
  share_rates& rates = share_rates::instance();
  EXPECT_EQ(rates.next_way(&region).way, call_way::shared);
  rates.record_way(&region, call_way::shared, 9e-6);  // the first call built kernels
  EXPECT_EQ(rates.next_way(&region).way, call_way::shared);
  rates.record_way(&region, call_way::shared, 2e-6);
  EXPECT_EQ(rates.next_way(&region).way, call_way::one_device);
  rates.record_way(&region, call_way::one_device, 5e-6);
  EXPECT_EQ(rates.next_way(&region).way, call_way::one_device);
  rates.record_way(&region, call_way::one_device, 4e-6);
  // Shared out at 2 us an iteration beats one device at 4.
  EXPECT_EQ(rates.next_way(&region).way, call_way::shared);
}

}  // namespace
}  // namespace clpar::rt
