// test/unit/runtime/launch/reduction_test.cpp - combining reduction partials on the host.
#include "launch/reduction.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <vector>

namespace clpar::rt {
namespace {

/// Combines `partials` into `initial` as the runtime does after a device run.
template <class T>
T combined(scalar_kind kind, reduction_op op, T initial, const std::vector<T>& partials) {
  T target = initial;
  const reduction_arg reduction{&target, kind, op};
  EXPECT_EQ(reduction_problem(reduction), nullptr);
  combine_partials(reduction, reinterpret_cast<const std::byte*>(partials.data()), partials.size());
  return target;
}

TEST(ScalarSize, MatchesTheOpenclTypes) {
  EXPECT_EQ(scalar_size(scalar_kind::i8), 1u);
  EXPECT_EQ(scalar_size(scalar_kind::u8), 1u);
  EXPECT_EQ(scalar_size(scalar_kind::i16), 2u);
  EXPECT_EQ(scalar_size(scalar_kind::u16), 2u);
  EXPECT_EQ(scalar_size(scalar_kind::i32), 4u);
  EXPECT_EQ(scalar_size(scalar_kind::u32), 4u);
  EXPECT_EQ(scalar_size(scalar_kind::i64), 8u);
  EXPECT_EQ(scalar_size(scalar_kind::u64), 8u);
  EXPECT_EQ(scalar_size(scalar_kind::f32), 4u);
  EXPECT_EQ(scalar_size(scalar_kind::f64), 8u);
  EXPECT_EQ(scalar_size(static_cast<scalar_kind>(200)), 0u);
}

TEST(ReductionProblem, RejectsWhatCannotBeCombined) {
  float f = 0;
  int i = 0;
  EXPECT_STREQ(reduction_problem({nullptr, scalar_kind::i32, reduction_op::add}),
               "reduction without a target variable");
  EXPECT_STREQ(reduction_problem({&f, scalar_kind::f32, reduction_op::bit_xor}),
               "bitwise reduction of a floating-point variable");
  EXPECT_STREQ(reduction_problem({&f, scalar_kind::f64, reduction_op::bit_and}),
               "bitwise reduction of a floating-point variable");
  EXPECT_STREQ(reduction_problem({&i, static_cast<scalar_kind>(10), reduction_op::add}),
               "reduction of an unknown scalar kind");
  EXPECT_STREQ(reduction_problem({&i, scalar_kind::i32, static_cast<reduction_op>(7)}),
               "reduction with an unknown operation");
  for (reduction_op op :
       {reduction_op::add, reduction_op::mul, reduction_op::min, reduction_op::max})
    EXPECT_EQ(reduction_problem({&f, scalar_kind::f32, op}), nullptr);
  for (reduction_op op : {reduction_op::bit_and, reduction_op::bit_or, reduction_op::bit_xor})
    EXPECT_EQ(reduction_problem({&i, scalar_kind::i32, op}), nullptr);
}

TEST(CombinePartials, StartsFromTheTarget) {
  EXPECT_EQ(combined<std::int32_t>(scalar_kind::i32, reduction_op::add, 100, {1, 2, 3}), 106);
  EXPECT_EQ(combined<std::int32_t>(scalar_kind::i32, reduction_op::add, 100, {}), 100);
  EXPECT_EQ(combined<double>(scalar_kind::f64, reduction_op::mul, 0.5, {4.0, 3.0}), 6.0);
}

TEST(CombinePartials, InGroupOrder) {
  // ((0 + 1e20) + 1) - 1e20 is 0 in float; any other order of the last two gives 1.
  EXPECT_EQ(combined<float>(scalar_kind::f32, reduction_op::add, 0.0f, {1e20f, 1.0f, -1e20f}),
            0.0f);
}

TEST(CombinePartials, IntegersWrap) {
  EXPECT_EQ(combined<std::int8_t>(scalar_kind::i8, reduction_op::add, 127, {1}), -128);
  EXPECT_EQ(combined<std::uint8_t>(scalar_kind::u8, reduction_op::add, 200, {100}), 44);
  // 65535 * 65535 overflows int, to which uint16_t operands promote: must still wrap.
  EXPECT_EQ(combined<std::uint16_t>(scalar_kind::u16, reduction_op::mul, 65535, {65535}), 1);
  EXPECT_EQ(combined<std::int16_t>(scalar_kind::i16, reduction_op::mul, -32768, {-1}), -32768);
  constexpr std::int32_t int_min = std::numeric_limits<std::int32_t>::min();
  EXPECT_EQ(combined<std::int32_t>(scalar_kind::i32, reduction_op::mul, int_min, {-1}), int_min);
  EXPECT_EQ(combined<std::uint32_t>(scalar_kind::u32, reduction_op::add, 0xffffffffu, {2}), 1u);
  constexpr std::int64_t max64 = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(combined<std::int64_t>(scalar_kind::i64, reduction_op::add, max64, {1}),
            std::numeric_limits<std::int64_t>::min());
  EXPECT_EQ(combined<std::uint64_t>(scalar_kind::u64, reduction_op::mul, 1ULL << 63, {2}), 0u);
}

TEST(CombinePartials, Bitwise) {
  EXPECT_EQ(combined<std::uint32_t>(scalar_kind::u32, reduction_op::bit_and, 0xff00ff00u,
                                    {0xf0f0f0f0u, 0xfffffff0u}),
            0xf000f000u);
  EXPECT_EQ(combined<std::int8_t>(scalar_kind::i8, reduction_op::bit_or, 1, {-128, 2}), -125);
  EXPECT_EQ(combined<std::uint64_t>(scalar_kind::u64, reduction_op::bit_xor, 0, {5, 3, 5}), 3u);
  EXPECT_EQ(combined<std::int16_t>(scalar_kind::i16, reduction_op::bit_xor, -1, {0x00ff}),
            static_cast<std::int16_t>(0xff00));
}

TEST(CombinePartials, MinAndMax) {
  EXPECT_EQ(combined<std::int8_t>(scalar_kind::i8, reduction_op::min, 5, {-3, 7, -100}), -100);
  EXPECT_EQ(combined<std::uint8_t>(scalar_kind::u8, reduction_op::max, 5, {250, 7}), 250);
  EXPECT_EQ(combined<std::int64_t>(scalar_kind::i64, reduction_op::max, -5, {-7, -6}), -5);
  EXPECT_EQ(combined<std::uint64_t>(scalar_kind::u64, reduction_op::min, ~0ULL, {1ULL << 40}),
            1ULL << 40);
  EXPECT_EQ(combined<float>(scalar_kind::f32, reduction_op::min, 0.5f, {2.0f, -1.5f, 0.0f}), -1.5f);
  EXPECT_EQ(combined<double>(scalar_kind::f64, reduction_op::max, 0.5, {-2.0, 0.25}), 0.5);
}

TEST(CombinePartials, NanFollowsTheComparisonExpressions) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  // min is `b < a ? b : a`: a NaN accumulator stays, a NaN partial is skipped.
  EXPECT_TRUE(std::isnan(combined<float>(scalar_kind::f32, reduction_op::min, nan, {1.0f})));
  EXPECT_EQ(combined<float>(scalar_kind::f32, reduction_op::min, 1.0f, {nan, 0.5f}), 0.5f);
  // max is `a < b ? b : a`: the same.
  EXPECT_TRUE(std::isnan(combined<float>(scalar_kind::f32, reduction_op::max, nan, {1.0f})));
  EXPECT_EQ(combined<float>(scalar_kind::f32, reduction_op::max, 1.0f, {nan, 2.0f}), 2.0f);
}

TEST(CombinePartials, PartialsNeedNoAlignment) {
  // Staging packs partials at any byte offset.
  std::vector<std::byte> bytes(1 + 3 * sizeof(double));
  const double values[3] = {1.5, 2.5, 3.0};
  std::memcpy(bytes.data() + 1, values, sizeof values);
  double target = 1.0;
  combine_partials({&target, scalar_kind::f64, reduction_op::add}, bytes.data() + 1, 3);
  EXPECT_EQ(target, 8.0);
}

}  // namespace
}  // namespace clpar::rt
