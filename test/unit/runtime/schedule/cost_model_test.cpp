// test/unit/runtime/schedule/cost_model_test.cpp - predictions and auto's choice.
#include "schedule/cost_model.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

namespace clpar::rt {
namespace {

using variant = site_costs::variant;

// An H200-like device: 20 us launches, 40 GB/s up, 50 GB/s down.
constexpr device_costs gpu{20e-6, 40e9, 50e9};

TEST(SiteCosts, NothingMeasuredPredictsNothing) {
  const site_costs costs;
  EXPECT_FALSE(costs.work_seconds(variant::host, 1000).has_value());
  EXPECT_FALSE(costs.work_seconds(variant::device, 1000).has_value());
  EXPECT_FALSE(costs.measured_in_bucket(variant::host, 1000));
}

TEST(SiteCosts, PredictsFromTheSameBucketByRate) {
  site_costs costs;
  costs.record(variant::host, 1000, 1e-3);  // 1 us per iteration, bucket 9 (512..1023)
  ASSERT_TRUE(costs.work_seconds(variant::host, 1000).has_value());
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::host, 1000), 1e-3);
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::host, 600), 0.6e-3);
  EXPECT_TRUE(costs.measured_in_bucket(variant::host, 512));
  EXPECT_FALSE(costs.measured_in_bucket(variant::host, 1024));
  EXPECT_FALSE(costs.work_seconds(variant::device, 1000).has_value());
}

TEST(SiteCosts, ScalesTheNearestBucketAndPrefersTheLargerOnATie) {
  site_costs costs;
  costs.record(variant::device, 1 << 10, (1 << 10) * 4e-9);  // bucket 10: 4 ns each
  costs.record(variant::device, 1 << 14, (1 << 14) * 1e-9);  // bucket 14: 1 ns each
  // Bucket 12 is 2 from both: the larger bucket's rate.
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::device, 1 << 12), (1 << 12) * 1e-9);
  // Bucket 11 is nearer to 10.
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::device, 1 << 11), (1 << 11) * 4e-9);
  // Up to max_scaled_buckets beyond the last measurement, and no further.
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::device, 1 << 16), (1 << 16) * 1e-9);
  EXPECT_FALSE(costs.work_seconds(variant::device, 1 << 17).has_value());
  EXPECT_FALSE(costs.work_seconds(variant::device, 1 << 7).has_value());
}

TEST(SiteCosts, ASlowCallMovesTheEstimateLittleAFastOneAtOnce) {
  site_costs costs;
  costs.record(variant::host, 100, 100e-6);
  costs.record(variant::host, 100, 5000e-6);  // descheduled once
  EXPECT_NEAR(*costs.work_seconds(variant::host, 100), 100e-6 + 4900e-6 / 8, 1e-12);
  costs.record(variant::host, 100, 50e-6);
  EXPECT_NEAR(*costs.work_seconds(variant::host, 100), 50e-6, 1e-12);
}

TEST(SiteCosts, FollowsALastingSlowdown) {
  site_costs costs;
  for (int i = 0; i < 4; ++i) costs.record(variant::host, 100, 100e-6);
  for (int i = 0; i < 16; ++i) costs.record(variant::host, 100, 300e-6);
  const double now = *costs.work_seconds(variant::host, 100);
  EXPECT_GT(now, 270e-6);
  EXPECT_LE(now, 300e-6);
}

TEST(SiteCosts, IgnoresEmptyCallsAndNonsense) {
  site_costs costs;
  costs.record(variant::host, 0, 1.0);
  costs.record(variant::host, 10, -1.0);
  EXPECT_FALSE(costs.work_seconds(variant::host, 10).has_value());
}

TEST(SiteCosts, WithoutDeviceKeepsTheHost) {
  site_costs costs;
  costs.record(variant::host, 10, 1e-6);
  costs.record(variant::device, 10, 1e-6);
  const site_costs host_only = site_costs::without_device(costs);
  EXPECT_TRUE(host_only.work_seconds(variant::host, 10).has_value());
  EXPECT_FALSE(host_only.work_seconds(variant::device, 10).has_value());
}

TEST(ChooseWithoutDevice, SmallFirstCallsStayHomeLargeOnesAskTheDevices) {
  const site_costs costs;
  const auto small = choose_without_device(costs, first_call_device_iterations - 1);
  ASSERT_TRUE(small.has_value());
  EXPECT_FALSE(small->device);
  EXPECT_FALSE(choose_without_device(costs, first_call_device_iterations).has_value());
}

TEST(ChooseWithoutDevice, HostWorkShorterThanAnyLaunchNeverStartsOpenCl) {
  site_costs costs;
  costs.record(variant::host, 1 << 20, 2e-6);
  const auto short_work = choose_without_device(costs, 1 << 20);
  ASSERT_TRUE(short_work.has_value());
  EXPECT_FALSE(short_work->device);
  EXPECT_STREQ(short_work->why, "auto: host work shorter than any device launch");
  // A heavy body measured at a few iterations: the devices are asked even at small n.
  site_costs heavy;
  heavy.record(variant::host, 128, 40e-3);
  EXPECT_FALSE(choose_without_device(heavy, 128).has_value());
}

TEST(ChooseByCost, FirstCallFollowsTheSizeGuess) {
  const site_costs costs;
  EXPECT_TRUE(choose_by_cost(costs, gpu, first_call_device_iterations, {}).device);
  EXPECT_FALSE(choose_by_cost(costs, gpu, first_call_device_iterations - 1, {}).device);
  // Iterations that each run a loop: a smaller count already goes to the device.
  const std::uint64_t with_loops = first_call_threshold(true);
  EXPECT_LT(with_loops, first_call_device_iterations);
  EXPECT_TRUE(choose_by_cost(costs, gpu, with_loops, {}, with_loops).device);
  EXPECT_FALSE(choose_by_cost(costs, gpu, with_loops - 1, {}, with_loops).device);
  EXPECT_FALSE(choose_without_device(costs, with_loops, with_loops).has_value());
  EXPECT_TRUE(choose_without_device(costs, with_loops - 1, with_loops).has_value());
}

TEST(ChooseByCost, BothMeasuredTakesTheFasterPrediction) {
  site_costs costs;
  costs.record(variant::host, 1 << 20, 2e-3);
  costs.record(variant::device, 1 << 20, 0.1e-3);
  const cost_choice fast_device = choose_by_cost(costs, gpu, 1 << 20, {});
  EXPECT_TRUE(fast_device.device);
  ASSERT_TRUE(fast_device.host_seconds && fast_device.device_seconds);
  EXPECT_DOUBLE_EQ(*fast_device.host_seconds, 2e-3);
  EXPECT_DOUBLE_EQ(*fast_device.device_seconds, 0.1e-3 + gpu.launch_seconds);
  // 400 MB to upload (10 ms) turns it around; the same bytes already there do not.
  EXPECT_FALSE(choose_by_cost(costs, gpu, 1 << 20, {400'000'000, 0}).device);
  // Data only the device has: bringing 400 MB home (8 ms) keeps the call on the device.
  EXPECT_TRUE(choose_by_cost(costs, gpu, 1 << 20, {0, 400'000'000}).device);
}

TEST(ChooseByCost, ATransfersFixedCostCountsOnceWhateverItsSize) {
  site_costs costs;
  costs.record(variant::host, 4096, 100e-6);
  costs.record(variant::device, 4096, 10e-6);
  // 4 KB to upload: 0.1 us of bandwidth, but 200 us of fixed cost (a small transfer's).
  const device_costs slow_start{20e-6, 40e9, 50e9, 1e-3, 200e-6};
  const cost_choice choice = choose_by_cost(costs, slow_start, 4096, {4096, 0});
  EXPECT_FALSE(choice.device);
  ASSERT_TRUE(choice.device_seconds.has_value());
  EXPECT_NEAR(*choice.device_seconds, 10e-6 + 20e-6 + 200e-6 + 4096 / 40e9, 1e-12);
  // Nothing to move: no transfer cost at all.
  EXPECT_TRUE(choose_by_cost(costs, slow_start, 4096, {}).device);
}

TEST(ChooseByCost, ATimeLoopSpreadsTheUploadOverItsCalls) {
  // call_overhead on the H200: host 183 us, kernel 8 us, a 4 MB upload about 320 us.
  site_costs costs;
  costs.record(variant::host, 1 << 20, 183e-6);
  costs.record(variant::device, 1 << 20, 8e-6);
  const device_costs h200{9e-6, 33.8e9, 61e9, 197e-6};
  const call_bytes upload{4u << 20, 0};
  const std::uint64_t n = 1 << 20;
  // Alone, the upload loses; the second call of the region in one scope spreads it over
  // two calls, and the device wins; the data then stays there.
  EXPECT_FALSE(choose_by_cost(costs, h200, n, upload, first_call_device_iterations, 1).device);
  EXPECT_TRUE(choose_by_cost(costs, h200, n, upload, first_call_device_iterations, 2).device);
  EXPECT_TRUE(choose_by_cost(costs, h200, n, {}, first_call_device_iterations, 1).device);
  // 0 counts as 1: the call itself always bears its share.
  EXPECT_FALSE(choose_by_cost(costs, h200, n, upload, first_call_device_iterations, 0).device);
}

TEST(ChooseByCost, ACloseLoserIsMeasuredAgainNowAndThen) {
  site_costs costs;
  costs.record(variant::host, 1024, 20e-6);  // measured while OpenMP was waking up
  costs.record(variant::device, 1024, 5e-6);
  const device_costs gpu_like{9e-6, 33.8e9, 61e9, 197e-6};
  int retries = 0;
  for (std::uint64_t i = 1; i <= 4 * retry_interval; ++i) {
    costs.count_decision();
    const cost_choice choice = choose_by_cost(costs, gpu_like, 1024, {});
    if (!choice.device) {
      ++retries;
      EXPECT_STREQ(choice.why, "auto: measuring the predicted slower side again");
      EXPECT_FALSE(choice.predicted);
      costs.record(variant::host, 1024, 20e-6);  // slower again
    }
  }
  // The first choice (the host measured by one call), then the 64th, 128th, 192nd, 256th.
  EXPECT_EQ(retries, 5);
  // A loser more than retry_factor slower, by more than retry_cost_seconds a call spread
  // over retry_interval calls, is left alone; a tiny one is retried.
  // (Each measured twice, so only the interval's retries.)
  site_costs tiny;
  tiny.record(variant::host, 1024, 60e-6);
  tiny.record(variant::host, 1024, 60e-6);
  tiny.record(variant::device, 1024, 5e-6);
  int tiny_retries = 0;
  for (std::uint64_t i = 1; i <= retry_interval; ++i) {
    tiny.count_decision();
    tiny_retries += !choose_by_cost(tiny, gpu_like, 1024, {}).device;
  }
  EXPECT_EQ(tiny_retries, 1);
  site_costs far;
  far.record(variant::host, 1024, 500e-6);
  far.record(variant::device, 1024, 5e-6);
  for (std::uint64_t i = 1; i <= retry_interval; ++i) {
    far.count_decision();
    EXPECT_TRUE(choose_by_cost(far, gpu_like, 1024, {}).device);
  }
}

TEST(RetryDue, AtOnceForOneCallThenEveryInterval) {
  std::vector<std::uint64_t> due;
  for (std::uint64_t d = 0; d <= 3 * retry_interval; ++d)
    if (retry_due(d, 2)) due.push_back(d);
  EXPECT_EQ(due, (std::vector<std::uint64_t>{retry_interval, 2 * retry_interval,
                                              3 * retry_interval}));
  EXPECT_TRUE(retry_due(1, 1));
  EXPECT_TRUE(retry_due(5, 1));
  EXPECT_FALSE(retry_due(0, 1));
  EXPECT_FALSE(retry_due(5, 0));
}

TEST(ChooseByCost, ALoserMeasuredOnceIsMeasuredAgainAtOnce) {
  // The host's first run was cold (5 ms, where it takes 0.7); the device measured 4 ms.
  site_costs costs;
  const std::uint64_t n = 1 << 24;
  costs.record(variant::host, n, 5e-3);
  costs.record(variant::device, n, 4e-3);
  costs.record(variant::device, n, 4e-3);
  const device_costs gpu_like{10e-6, 40e9, 40e9, 50e-6};
  costs.count_decision();
  const cost_choice retry = choose_by_cost(costs, gpu_like, n, {});
  EXPECT_FALSE(retry.device);
  EXPECT_STREQ(retry.why, "auto: measuring the predicted slower side again");
  costs.record(variant::host, n, 0.7e-3);
  costs.count_decision();
  const cost_choice then = choose_by_cost(costs, gpu_like, n, {});
  EXPECT_FALSE(then.device);
  EXPECT_STREQ(then.why, "auto: host predicted faster");
}

TEST(SiteCosts, KeepsTheFastestCallBesideTheDriftingEstimate) {
  site_costs costs;
  const std::uint64_t n = 1 << 20;
  costs.record(variant::host, n, 1e-3);
  for (int i = 0; i < 10; ++i) costs.record(variant::host, n, 6e-3);
  ASSERT_TRUE(costs.best_work_seconds(variant::host, n).has_value());
  EXPECT_DOUBLE_EQ(*costs.best_work_seconds(variant::host, n), 1e-3);
  EXPECT_GT(*costs.work_seconds(variant::host, n), 3e-3);  // drifted toward 6 ms
  costs.record(variant::host, n, 0.5e-3);  // faster: believed at once, both
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::host, n), 0.5e-3);
  EXPECT_DOUBLE_EQ(*costs.best_work_seconds(variant::host, n), 0.5e-3);
  EXPECT_FALSE(costs.best_work_seconds(variant::device, n).has_value());
}

// The slice stencil after the suite's saxpy: the host's first call 0.7 ms, then ten calls of
// 5 to 9 ms (the host slowed after a workload of gigabytes), which drift its estimate past
// the device's 4 ms; the host is back at 0.7 ms by then.
// A site of n iterations whose host ran twice at `best`, then `slow_calls` times at `slow`,
// and whose device ran twice at `device`.
site_costs slowed_host(std::uint64_t n, double best, double slow, int slow_calls,
                       double device) {
  site_costs costs;
  for (int i = 0; i < 2; ++i) costs.record(variant::host, n, best);
  for (int i = 0; i < slow_calls; ++i) costs.record(variant::host, n, slow);
  for (int i = 0; i < 2; ++i) costs.record(variant::device, n, device);
  return costs;
}

TEST(ChooseByCost, ALoserThatSlowedSinceItWasFasterIsMeasuredAgainSooner) {
  const std::uint64_t n = 1 << 24;
  const device_costs gpu_like{10e-6, 40e9, 40e9, 50e-6};
  site_costs costs = slowed_host(n, 0.7e-3, 7e-3, 12, 4e-3);
  ASSERT_GT(*costs.work_seconds(variant::host, n), 4e-3);
  std::vector<std::uint64_t> retried;
  for (std::uint64_t d = 1; d <= 3 * slowed_retry_interval; ++d) {
    costs.count_decision();
    const cost_choice choice = choose_by_cost(costs, gpu_like, n, {});
    if (!choice.device) {
      EXPECT_STREQ(choice.why, "auto: measuring again the slower side, which was faster before");
      EXPECT_FALSE(choice.predicted);
      retried.push_back(d);
      break;
    }
    EXPECT_STREQ(choice.why, "auto: device predicted faster");
  }
  EXPECT_EQ(retried, (std::vector<std::uint64_t>{slowed_retry_interval}));
  // The retry finds the host fast again: believed at once, the host wins from then on.
  costs.record(variant::host, n, 0.7e-3);
  costs.count_decision();
  EXPECT_STREQ(choose_by_cost(costs, gpu_like, n, {}).why, "auto: host predicted faster");
}

TEST(ChooseByCost, ALoserNeverFasterOrNotSlowedWaitsForTheUsualInterval) {
  const std::uint64_t n = 1 << 24;
  const device_costs gpu_like{10e-6, 40e9, 40e9, 50e-6};
  // Slowed to twice its best, but even its best (5 ms) loses to the device's 4 ms.
  site_costs never_faster = slowed_host(n, 5e-3, 12e-3, 12, 4e-3);
  // Faster than the device at its best, but not slowed to twice that (6 ms against 3.5).
  site_costs steady = slowed_host(n, 3.5e-3, 6e-3, 30, 4e-3);
  ASSERT_LT(*steady.work_seconds(variant::host, n), 2 * 3.5e-3);
  for (std::uint64_t d = 1; d < retry_interval; ++d) {
    never_faster.count_decision();
    steady.count_decision();
    EXPECT_TRUE(choose_by_cost(never_faster, gpu_like, n, {}).device) << d;
    EXPECT_TRUE(choose_by_cost(steady, gpu_like, n, {}).device) << d;
  }
}

TEST(ChooseByCost, WhatADeviceCallWritesComesHomeSpreadOverATimeLoop) {
  // A stencil alone in its scope: 64 MiB read, 64 MiB written; the kernel is fast, the
  // host not much slower than the upload.
  site_costs costs;
  const std::uint64_t n = 1 << 24;
  costs.record(variant::host, n, 3e-3);
  costs.record(variant::device, n, 60e-6);
  const device_costs gpu_like{10e-6, 40e9, 40e9, 50e-6};
  const call_bytes upload_only{64u << 20, 0, 0};
  const call_bytes with_copy_back{64u << 20, 0, 64u << 20};
  // The upload alone (1.7 ms) would send it to the device; with the copy-back (another
  // 1.7 ms) too, the host (3 ms) is faster.
  const cost_choice without = choose_by_cost(costs, gpu_like, n, upload_only);
  EXPECT_TRUE(without.device);
  const cost_choice with = choose_by_cost(costs, gpu_like, n, with_copy_back);
  EXPECT_FALSE(with.device);
  ASSERT_TRUE(with.device_seconds);
  EXPECT_NEAR(*with.device_seconds, *without.device_seconds + (64 << 20) / 40e9, 1e-9);
  // Called again in the same execution of its scope, both transfers are spread.
  EXPECT_TRUE(choose_by_cost(costs, gpu_like, n, with_copy_back, first_call_device_iterations, 2)
                  .device);
}

TEST(ChooseByCost, ASmallTransferPaysTheSmallFixedCost) {
  // matmul 128: two 64 KiB inputs go direct; the staged pipeline's fixed cost (200 us)
  // would keep the call on the host (270 us) where the device takes 150.
  site_costs costs;
  const std::uint64_t n = 128 * 128;
  costs.record(variant::host, n, 270e-6);
  costs.record(variant::device, n, 8e-6);
  const device_costs gpu_like{12e-6, 40e9, 40e9, 200e-6, 25e-6};
  const call_bytes small{128u << 10, 0, 64u << 10};
  const cost_choice choice = choose_by_cost(costs, gpu_like, n, small);
  EXPECT_TRUE(choice.device);
  ASSERT_TRUE(choice.device_seconds);
  EXPECT_NEAR(*choice.device_seconds, 8e-6 + 12e-6 + 25e-6 + (192u << 10) / 40e9, 1e-9);
  // From small_transfer_bytes up, the pipeline's.
  const call_bytes large{small_transfer_bytes, 0, 0};
  const cost_choice big = choose_by_cost(costs, gpu_like, n, large);
  ASSERT_TRUE(big.device_seconds);
  EXPECT_NEAR(*big.device_seconds, 8e-6 + 12e-6 + 200e-6 + small_transfer_bytes / 40e9, 1e-9);
}

TEST(ChooseByCost, LaunchLatencyDecidesSmallCalls) {
  site_costs costs;
  costs.record(variant::host, 4096, 15e-6);
  costs.record(variant::device, 4096, 2e-6);
  EXPECT_FALSE(choose_by_cost(costs, gpu, 4096, {}).device);  // 15 us < 2 + 20 us
  const device_costs quick{1e-6, 40e9, 50e9};
  EXPECT_TRUE(choose_by_cost(costs, quick, 4096, {}).device);
}

TEST(ChooseByCost, TriesTheDeviceOnceOnlyWhereItCouldWin) {
  site_costs costs;
  costs.record(variant::host, 1 << 20, 5e-3);
  const cost_choice explore = choose_by_cost(costs, gpu, 1 << 20, {});
  EXPECT_TRUE(explore.device);
  EXPECT_STREQ(explore.why, "auto: measuring the device");
  // Uploading 1 GB (25 ms) alone exceeds the host's 5 ms: no point trying.
  const cost_choice hopeless = choose_by_cost(costs, gpu, 1 << 20, {1'000'000'000, 0});
  EXPECT_FALSE(hopeless.device);
  EXPECT_STREQ(hopeless.why, "auto: device launch and transfers alone exceed the host's time");
}

TEST(ChooseByCost, TriesTheHostOnceUnlessBringingDataHomeCannotPay) {
  site_costs costs;
  costs.record(variant::device, 1 << 20, 1e-3);
  const cost_choice explore = choose_by_cost(costs, gpu, 1 << 20, {});
  EXPECT_FALSE(explore.device);
  EXPECT_STREQ(explore.why, "auto: measuring the host");
  // 500 MB only on the device (10 ms home) against 1 ms of device time: stay.
  EXPECT_TRUE(choose_by_cost(costs, gpu, 1 << 20, {0, 500'000'000}).device);
}

TEST(ChooseByCost, AfterMeasuringBothItFollowsThePredictionsAtOtherSizes) {
  // Measured at 2^20 only; a call at 2^22 scales both and needs no new trial.
  site_costs costs;
  costs.record(variant::host, 1 << 20, 1e-3);
  costs.record(variant::device, 1 << 20, 4e-3);
  const cost_choice choice = choose_by_cost(costs, gpu, 1 << 22, {});
  EXPECT_FALSE(choice.device);
  EXPECT_STREQ(choice.why, "auto: host predicted faster");
}

TEST(ChooseByCost, AVariantMeasuredOnlyFarAwayIsTriedAgain) {
  // Host measured at 1000 iterations, where its time is mostly fixed costs: at a million the
  // scaled rate would say nothing, so the host is tried there once the device has run.
  site_costs costs;
  costs.record(variant::host, 1000, 500e-6);
  costs.record(variant::device, 1 << 20, 1e-3);
  const cost_choice choice = choose_by_cost(costs, gpu, 1 << 20, {});
  EXPECT_FALSE(choice.device);
  EXPECT_STREQ(choice.why, "auto: measuring the host");
}

TEST(ChooseByCost, AVariantFarSlowerAtOtherSizesIsNotTried) {
  // matmul on the H200: the host took 23 ms at 2^18 iterations, the device 1 ms at 2^20;
  // at 2^22 the host, 16 times the bucket away, is not worth a 4-second trial.
  site_costs costs;
  costs.record(variant::host, 1 << 18, 23e-3);
  costs.record(variant::device, 1 << 22, 9e-3);
  const cost_choice choice = choose_by_cost(costs, gpu, 1 << 22, {});
  EXPECT_TRUE(choice.device);
  EXPECT_STREQ(choice.why, "auto: the host was far slower at other sizes");
  EXPECT_TRUE(choice.predicted);
  // The other way round: a device far slower elsewhere is not tried either.
  site_costs slow_device;
  slow_device.record(variant::device, 1 << 10, 50e-3);
  slow_device.record(variant::host, 1 << 20, 1e-3);
  EXPECT_STREQ(choose_by_cost(slow_device, gpu, 1 << 20, {}).why,
               "auto: the device was far slower at other sizes");
  // Within the factor: tried.
  site_costs close;
  close.record(variant::host, 1 << 16, 6e-3);  // 1 ms of work beyond the fixed allowance
  close.record(variant::device, 1 << 20, 2e-3);
  EXPECT_STREQ(choose_by_cost(close, gpu, 1 << 20, {}).why, "auto: measuring the host");
}

TEST(CostTable, KeepsDeviceMeasurementsOfTheFirstDeviceOnly) {
  cost_table table;
  int region = 0;
  int device = 7;
  (void)table.snapshot(&region, device);
  EXPECT_EQ(device, -1);
  table.record_host(&region, 100, 1e-3);
  table.record_device(&region, 1, 100, 1e-4);
  table.record_device(&region, 2, 100, 9.0);  // another device: ignored
  const site_costs costs = table.snapshot(&region, device);
  EXPECT_EQ(device, 1);
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::device, 100), 1e-4);
  EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::host, 100), 1e-3);
}

TEST(CostTable, ManyThreadsRecordAtOnce) {
  cost_table table;
  int regions[4] = {};
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (int i = 0; i < 1000; ++i) {
        table.record_host(&regions[t % 4], 1000, 1e-3);
        table.record_device(&regions[(t + 1) % 4], 0, 1000, 1e-4);
        int device = -1;
        (void)table.snapshot(&regions[(t + 2) % 4], device);
      }
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (int& region : regions) {
    int device = -1;
    const site_costs costs = table.snapshot(&region, device);
    EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::host, 1000), 1e-3);
    EXPECT_DOUBLE_EQ(*costs.work_seconds(variant::device, 1000), 1e-4);
    EXPECT_EQ(device, 0);
  }
}

}  // namespace
}  // namespace clpar::rt
