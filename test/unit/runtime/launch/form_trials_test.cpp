// test/unit/runtime/launch/form_trials_test.cpp - which forms a call may take, and how a
// trial among them is timed and decided.
#include "launch/form_trials.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace clpar::rt {
namespace {

TEST(FormTrial, TimesTheRuleFormFirstThenTheOthersInTurn) {
  form_trial trial(3);
  EXPECT_FALSE(trial.decided());
  for (unsigned k = 0; k < form_trial::samples_per_form; ++k) {
    EXPECT_EQ(trial.next(), 0u);
    trial.record(0, 10e-6);
  }
  for (unsigned k = 0; k < form_trial::samples_per_form; ++k) {
    EXPECT_EQ(trial.next(), 1u);
    trial.record(1, 8e-6);
    EXPECT_EQ(trial.next(), 2u);
    EXPECT_FALSE(trial.decided());
    trial.record(2, 9e-6);
  }
  ASSERT_TRUE(trial.decided());
  EXPECT_EQ(trial.winner(), 1u);
  EXPECT_DOUBLE_EQ(trial.best(1), 8e-6);
}

TEST(FormTrial, TheBestSampleCounts) {
  form_trial trial(2);
  const double rule[] = {30e-6, 10e-6, 12e-6}, other[] = {9.8e-6, 11e-6, 20e-6};
  for (unsigned k = 0; k < form_trial::samples_per_form; ++k) {
    trial.record(0, rule[k]);
    trial.record(1, other[k]);
  }
  ASSERT_TRUE(trial.decided());
  EXPECT_DOUBLE_EQ(trial.best(0), 10e-6);
  EXPECT_EQ(trial.winner(), 0u);  // 9.8 is not below 10 * margin
}

TEST(FormTrial, AnotherFormMustBeatTheRuleFormByTheMargin) {
  for (const auto& [other, winner] : {std::pair{9.8e-6, 0u}, std::pair{9.6e-6, 1u}}) {
    form_trial trial(2);
    for (unsigned k = 0; k < form_trial::samples_per_form; ++k) {
      trial.record(0, 10e-6);
      trial.record(1, other);
    }
    ASSERT_TRUE(trial.decided());
    EXPECT_EQ(trial.winner(), winner) << other;
  }
}

TEST(FormTrial, ThreeCandidatesTheFastestWins) {
  form_trial trial(3);
  for (unsigned k = 0; k < form_trial::samples_per_form; ++k) {
    trial.record(0, 10e-6);
    trial.record(1, 7e-6);
    trial.record(2, 8e-6);
  }
  ASSERT_TRUE(trial.decided());
  EXPECT_EQ(trial.winner(), 1u);
}

TEST(FormTrial, ExtraSamplesAndBadTimesAreIgnored) {
  form_trial trial(2);
  for (unsigned k = 0; k < 5; ++k) trial.record(0, 10e-6);
  trial.record(1, -1);
  EXPECT_FALSE(trial.wants(0));
  EXPECT_TRUE(trial.wants(1));
  EXPECT_EQ(trial.next(), 1u);
  EXPECT_FALSE(trial.decided());
}

TEST(FormTrial, ADroppedCandidateNeverWins) {
  form_trial trial(2);
  trial.record(1, 1e-6);
  trial.drop(1);
  EXPECT_FALSE(trial.wants(1));
  for (unsigned k = 0; k < form_trial::samples_per_form; ++k) trial.record(0, 10e-6);
  ASSERT_TRUE(trial.decided());
  EXPECT_EQ(trial.winner(), 0u);
}

TEST(FormTrial, WithTheRuleFormDroppedTheOthersDecide) {
  form_trial trial(3);
  trial.drop(0);
  EXPECT_NE(trial.next(), 0u);
  for (unsigned k = 0; k < form_trial::samples_per_form; ++k) {
    trial.record(1, 12e-6);
    trial.record(2, 11e-6);
  }
  ASSERT_TRUE(trial.decided());
  EXPECT_EQ(trial.winner(), 2u);
}

TEST(FormTrial, EveryCandidateDroppedDecidesForTheRuleFormWithoutTimes) {
  form_trial trial(2);
  trial.drop(1);
  trial.drop(0);
  ASSERT_TRUE(trial.decided());
  EXPECT_EQ(trial.winner(), 0u);
  EXPECT_LT(trial.best(0), 0);
}

TEST(FormTrial, OneCandidateIsDecidedAtOnceAndAStoredChoiceDecides) {
  EXPECT_TRUE(form_trial(1).decided());
  form_trial trial(2);
  trial.decide(1);
  EXPECT_TRUE(trial.decided());
  EXPECT_EQ(trial.winner(), 1u);
  EXPECT_FALSE(trial.wants(0));
  form_trial out_of_range(2);
  out_of_range.decide(7);
  EXPECT_EQ(out_of_range.winner(), 0u);
}

struct call_of {
  region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", 1, false, false};
  view_arg view{};
  launch_request request{&info, nullptr, &view, 1, nullptr, 0, placement_request::automatic};

  call_of() {
    info.index32 = true;
    view.elem_size = 4;
    view.rank = 1;
    view.extent[0] = 1024;
    view.stride[0] = 1;
  }
};

/// An H100's limits as the runtime lists them.
device_entry gpu() {
  device_entry device;
  device.kind = device_kind::gpu;
  device.compute_units = 132;
  device.max_work_group_size = 1024;
  device.max_work_item_sizes[0] = device.max_work_item_sizes[1] = 1024;
  device.max_work_item_sizes[2] = 64;
  return device;
}

/// A 512 x 512 product with a loop of 512 steps, its region built with the tiled form.
struct product_call {
  region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", 2, false, false};
  view_arg view{};
  dim_arg dims[2] = {};
  launch_request request{&info, dims, &view, 1, nullptr, 0, placement_request::automatic};

  product_call() {
    info.index32 = true;
    info.product_tiles = true;
    view.elem_size = 4;
    view.rank = 2;
    view.extent[0] = view.extent[1] = 512;
    view.stride[0] = 512;
    view.stride[1] = 1;
    dims[0].count = dims[1].count = 512;
    request.inner_trips = 512;
  }
};

TEST(FormCandidates, OtherTileShapesOfAProductOnAGpu) {
  product_call call;
  kernel_form rule;  // as form_for makes it
  rule.tiles = tile_shape_of(call.request, gpu());
  rule.index32 = true;
  ASSERT_TRUE(rule.tiles.has_value());
  const std::vector<kernel_form> candidates = form_candidates(call.request, gpu(), rule);
  // The rule, its other index width, its block 32 steps deep, one iteration per work-item.
  ASSERT_EQ(candidates.size(), 4u);
  EXPECT_EQ(candidates[0], rule);
  EXPECT_EQ(candidates[1].tiles, rule.tiles);
  EXPECT_NE(candidates[1].index32, rule.index32);
  for (std::size_t c = 2; c < candidates.size(); ++c) {
    ASSERT_TRUE(candidates[c].tiles.has_value());
    EXPECT_NE(*candidates[c].tiles, *rule.tiles);
    EXPECT_EQ(candidates[c].index32, rule.index32);
    EXPECT_FALSE(candidates[c].split.has_value());
  }
  // A forced shape is timed against nothing but the other index width.
  ASSERT_EQ(setenv("CLPAR_PRODUCT_TILES", "2x2", 1), 0);
  EXPECT_EQ(form_candidates(call.request, gpu(), rule).size(), 2u);
  ASSERT_EQ(unsetenv("CLPAR_PRODUCT_TILES"), 0);
  // A CPU device gets no tiles from the rules, and no other shapes.
  device_entry cpu = gpu();
  cpu.kind = device_kind::cpu;
  EXPECT_EQ(form_candidates(call.request, cpu, kernel_form{}).size(), 2u);
}

TEST(FormCandidates, TheOtherIndexWidthWhereThePositionsFit) {
  call_of call;
  kernel_form rule;
  rule.unit_inner = true;
  rule.index32 = true;
  const std::vector<kernel_form> candidates = form_candidates(call.request, gpu(), rule);
  ASSERT_EQ(candidates.size(), 2u);
  EXPECT_EQ(candidates[0], rule);
  kernel_form wide = rule;
  wide.index32 = false;
  EXPECT_EQ(candidates[1], wide);
  // A split form's rule keeps 64-bit positions; its candidate is the 32-bit one.
  kernel_form split;
  split.split = split_shape{};
  const std::vector<kernel_form> split_candidates = form_candidates(call.request, gpu(), split);
  ASSERT_EQ(split_candidates.size(), 2u);
  EXPECT_TRUE(split_candidates[1].index32);
  EXPECT_TRUE(split_candidates[1].split.has_value());
}

TEST(FormCandidates, OnlyTheRuleFormWhereNothingElseIsPlausible) {
  call_of call;
  call.view.extent[0] = std::uint64_t(1) << 32;  // positions past 2^31 - 1
  EXPECT_EQ(form_candidates(call.request, gpu(), kernel_form{}).size(), 1u);
  call_of old;
  old.info.index32 = false;  // a program built before the 32-bit form
  EXPECT_EQ(form_candidates(old.request, gpu(), kernel_form{}).size(), 1u);
  call_of off;
  ASSERT_EQ(setenv("CLPAR_INDEX32", "0", 1), 0);
  EXPECT_EQ(form_candidates(off.request, gpu(), kernel_form{}).size(), 1u);
  ASSERT_EQ(unsetenv("CLPAR_INDEX32"), 0);
}

}  // namespace
}  // namespace clpar::rt
