// test/unit/include/clpar/rt/args_test.cpp - the region call's arguments: bounds checks
// decided before launch report the access and index that the serial loop fails at first.
#include "clpar/rt/args.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace clpar::rt {
namespace {

struct check_case {
  std::vector<dim_arg> dims;  // region dimensions, then loops around the access
  long long constant;
  std::vector<long long> coef;
  std::uint64_t extent;
};

/// The serial model: walk every iteration in order, each check in call order; the first
/// index outside [0, extent) is the error.  Checks over more loops than the region's run
/// through their extra loops inside the region's iteration.
struct serial_result {
  int failed = -1;
  std::uint64_t index = 0;
};

bool first_failure_at(const check_case& c, std::size_t d, long long sum, std::uint64_t& index) {
  if (d == c.dims.size()) {
    if (sum < 0 || static_cast<std::uint64_t>(sum) >= c.extent) {
      index = static_cast<std::uint64_t>(sum);
      return true;
    }
    return false;
  }
  for (std::uint64_t t = 0; t < c.dims[d].count; ++t) {
    const long long value = c.dims[d].first + static_cast<long long>(t) * c.dims[d].step;
    const long long coef = d < c.coef.size() ? c.coef[d] : 0;
    if (first_failure_at(c, d + 1, sum + coef * value, index)) return true;
  }
  return false;
}

serial_result serial(const std::vector<check_case>& checks, std::size_t region_dims,
                     std::vector<std::uint64_t>& at, std::size_t d) {
  if (d == region_dims) {
    for (std::size_t k = 0; k < checks.size(); ++k) {
      check_case inner = checks[k];
      long long sum = inner.constant;
      for (std::size_t r = 0; r < region_dims; ++r) {
        sum += inner.coef[r] * (inner.dims[r].first +
                                static_cast<long long>(at[r]) * inner.dims[r].step);
        // The region's loops are fixed at this iteration.
        inner.dims[r] = dim_arg{0, 1, 1};
        inner.coef[r] = 0;
      }
      inner.constant = 0;
      std::uint64_t index = 0;
      // The extra loops start from the region's part of the index.
      inner.dims.insert(inner.dims.begin(), dim_arg{sum, 1, 1});
      inner.coef.insert(inner.coef.begin(), 1);
      if (first_failure_at(inner, 0, 0, index)) return {static_cast<int>(k), index};
    }
    return {};
  }
  for (at[d] = 0; at[d] < checks[0].dims[d].count; ++at[d]) {
    serial_result r = serial(checks, region_dims, at, d + 1);
    if (r.failed >= 0) return r;
  }
  return {};
}

first_out_of_range run(const std::vector<check_case>& checks, std::size_t region_dims) {
  first_out_of_range result(region_dims);
  for (const check_case& c : checks) {
    std::initializer_list<long long> coef = {};
    // initializer_list cannot be built from a vector: pass up to four coefficients.
    switch (c.coef.size()) {
      case 1: result.check(c.dims.data(), c.dims.size(), c.constant, {c.coef[0]}, c.extent); break;
      case 2:
        result.check(c.dims.data(), c.dims.size(), c.constant, {c.coef[0], c.coef[1]}, c.extent);
        break;
      case 3:
        result.check(c.dims.data(), c.dims.size(), c.constant, {c.coef[0], c.coef[1], c.coef[2]},
                     c.extent);
        break;
      default:
        result.check(c.dims.data(), c.dims.size(), c.constant, coef, c.extent);
    }
  }
  return result;
}

TEST(FirstOutOfRange, InRangeChecksDoNotFail) {
  const dim_arg dims[] = {{0, 1, 10}};
  first_out_of_range r(1);
  r.check(dims, 1, 0, {1}, 10);
  r.check(dims, 1, 5, {-1}, 6);  // 5 - i for i in [0, 10) goes below 0...
  EXPECT_EQ(r.failed(), 1);
  EXPECT_EQ(r.index(), static_cast<std::uint64_t>(-1));  // ...first at i = 6
}

TEST(FirstOutOfRange, ReportsTheFirstFailingIterationNotTheLargestIndex) {
  // w[i + 3] over i in [0, 10) with 10 elements: i = 7 fails first, at index 10.
  const dim_arg dims[] = {{0, 1, 10}};
  first_out_of_range r(1);
  r.check(dims, 1, 3, {1}, 10);
  EXPECT_EQ(r.failed(), 0);
  EXPECT_EQ(r.index(), 10u);
}

TEST(FirstOutOfRange, TheEarlierIterationWinsOverTheEarlierCheck) {
  const dim_arg dims[] = {{0, 1, 2}, {0, 1, 5}};
  first_out_of_range r(2);
  r.check(dims, 2, 0, {0, 2}, 9);  // 2*j: fails at (0, 5)? no: j < 5 gives 8 at most, in range
  r.check(dims, 2, 0, {1, 1}, 5);  // i + j: first fails at (1, 4), index 5
  r.check(dims, 2, 5, {0, 1}, 9);  // j + 5: first fails at (0, 4), index 9
  EXPECT_EQ(r.failed(), 2);
  EXPECT_EQ(r.index(), 9u);
}

TEST(FirstOutOfRange, TiesGoToTheEarlierCheck) {
  const dim_arg dims[] = {{0, 1, 4}};
  first_out_of_range r(1);
  r.check(dims, 1, 2, {1}, 4);  // fails first at i = 2
  r.check(dims, 1, 3, {1}, 5);  // also at i = 2
  EXPECT_EQ(r.failed(), 0);
  EXPECT_EQ(r.index(), 4u);
}

TEST(FirstOutOfRange, ChecksInTheSameSerialLoopCompareByItsIterations) {
  // for (l = 0; l < 8; ++l) s += a[l + 3] * b[2 * l]; over i in [0, 2), a and b of 8:
  // a fails first at l = 5, b at l = 4, in the same iteration of i.
  const dim_arg dims[] = {{0, 1, 2}, {0, 1, 8}};
  first_out_of_range same(1);
  same.check(dims, 2, 3, {0, 1}, 8, 1);
  same.check(dims, 2, 0, {0, 2}, 8, 1);
  EXPECT_EQ(same.failed(), 1);
  EXPECT_EQ(same.index(), 8u);
  // In two loops one after the other, the first loop's error comes first.
  first_out_of_range apart(1);
  apart.check(dims, 2, 3, {0, 1}, 8, 1);
  apart.check(dims, 2, 0, {0, 2}, 8, 2);
  EXPECT_EQ(apart.failed(), 0);
  EXPECT_EQ(apart.index(), 8u);
}

TEST(FirstOutOfRange, EmptyLoopsNeverFail) {
  const dim_arg dims[] = {{0, 1, 0}, {0, 1, 5}};
  first_out_of_range r(1);
  r.check(dims, 2, 100, {1, 1}, 5);
  EXPECT_EQ(r.failed(), -1);
}

TEST(FirstOutOfRange, AgreesWithTheSerialLoopOnRandomChecks) {
  std::mt19937 rng(1234);
  int failing = 0, several = 0;
  auto pick = [&rng](long long lo, long long hi) {
    return std::uniform_int_distribution<long long>(lo, hi)(rng);
  };
  for (int round = 0; round < 4000; ++round) {
    const std::size_t region_dims = static_cast<std::size_t>(pick(1, 2));
    std::vector<dim_arg> region;
    for (std::size_t d = 0; d < region_dims; ++d)
      region.push_back(dim_arg{pick(-3, 3), pick(-2, 3), static_cast<std::uint64_t>(pick(1, 5))});
    for (dim_arg& d : region)
      if (d.step == 0) d.step = 1;
    std::vector<check_case> checks;
    const int count = static_cast<int>(pick(1, 3));
    for (int k = 0; k < count; ++k) {
      check_case c;
      c.dims = region;
      if (pick(0, 3) == 0)  // a serial loop around the access
        c.dims.push_back(dim_arg{pick(0, 2), 1, static_cast<std::uint64_t>(pick(1, 4))});
      for (std::size_t d = 0; d < c.dims.size(); ++d) c.coef.push_back(pick(-3, 3));
      c.constant = pick(-2, 20);
      c.extent = static_cast<std::uint64_t>(pick(1, 48));
      checks.push_back(c);
    }
    std::vector<std::uint64_t> at(region_dims);
    const serial_result expected = serial(checks, region_dims, at, 0);
    const first_out_of_range got = run(checks, region_dims);
    ASSERT_EQ(got.failed(), expected.failed) << "round " << round;
    if (expected.failed >= 0) {
      ASSERT_EQ(got.index(), expected.index) << "round " << round;
      ++failing;
      several += expected.failed > 0;
    }
  }
  // Both outcomes, and errors of a later check, are common enough to be tested.
  EXPECT_GT(failing, 1000);
  EXPECT_LT(failing, 3000);
  EXPECT_GT(several, 200);
}

}  // namespace
}  // namespace clpar::rt
