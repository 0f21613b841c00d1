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

TEST(FormCandidates, TheOtherIndexWidthWhereThePositionsFit) {
  call_of call;
  kernel_form rule;
  rule.unit_inner = true;
  rule.index32 = true;
  const std::vector<kernel_form> candidates = form_candidates(call.request, rule);
  ASSERT_EQ(candidates.size(), 2u);
  EXPECT_EQ(candidates[0], rule);
  kernel_form wide = rule;
  wide.index32 = false;
  EXPECT_EQ(candidates[1], wide);
  // A split form's rule keeps 64-bit positions; its candidate is the 32-bit one.
  kernel_form split;
  split.split = split_shape{};
  const std::vector<kernel_form> split_candidates = form_candidates(call.request, split);
  ASSERT_EQ(split_candidates.size(), 2u);
  EXPECT_TRUE(split_candidates[1].index32);
  EXPECT_TRUE(split_candidates[1].split.has_value());
}

TEST(FormCandidates, OnlyTheRuleFormWhereNothingElseIsPlausible) {
  call_of call;
  call.view.extent[0] = std::uint64_t(1) << 32;  // positions past 2^31 - 1
  EXPECT_EQ(form_candidates(call.request, kernel_form{}).size(), 1u);
  call_of old;
  old.info.index32 = false;  // a program built before the 32-bit form
  EXPECT_EQ(form_candidates(old.request, kernel_form{}).size(), 1u);
  call_of off;
  ASSERT_EQ(setenv("CLPAR_INDEX32", "0", 1), 0);
  EXPECT_EQ(form_candidates(off.request, kernel_form{}).size(), 1u);
  ASSERT_EQ(unsetenv("CLPAR_INDEX32"), 0);
}

}  // namespace
}  // namespace clpar::rt
