// Unit tests of clpar/slice.hpp: slice, all, and how bounds are clamped.
#include "clpar/slice.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>

namespace {

using clpar::slice;
using clpar::detail::resolve;

constexpr std::ptrdiff_t pmax = std::numeric_limits<std::ptrdiff_t>::max();
constexpr std::ptrdiff_t pmin = std::numeric_limits<std::ptrdiff_t>::min();

struct selected {
  std::ptrdiff_t first;
  std::size_t count;
  std::ptrdiff_t step;
};

selected pick(const slice& s, std::size_t n) {
  const auto r = resolve(s, n);
  return {r.first, r.count, r.step};
}

#define EXPECT_SELECTS(s, n, first_, count_, step_)   \
  do {                                                \
    const selected r_ = pick(s, n);                   \
    EXPECT_EQ(r_.count, std::size_t{count_});        \
    if (r_.count != 0) {                              \
      EXPECT_EQ(r_.first, first_);                    \
    }                                                 \
    EXPECT_EQ(r_.step, step_);                        \
  } while (0)

TEST(Slice, DefaultIsTheWholeDimension) {
  constexpr slice s;
  static_assert(s.begin() == 0 && s.end() == pmax && s.step() == 1);
  EXPECT_SELECTS(s, 7, 0, 7, 1);
  EXPECT_SELECTS(clpar::all, 7, 0, 7, 1);
  EXPECT_SELECTS(clpar::all, 0, 0, 0, 1);
}

TEST(Slice, ForwardBounds) {
  EXPECT_SELECTS(slice(1, 4), 10, 1, 3, 1);
  EXPECT_SELECTS(slice(0, 10, 3), 10, 0, 4, 3);  // 0 3 6 9
  EXPECT_SELECTS(slice(0, 9, 3), 10, 0, 3, 3);   // 0 3 6
  EXPECT_SELECTS(slice(2, 3), 10, 2, 1, 1);
}

TEST(Slice, ForwardBoundsClampToZeroAndN) {
  EXPECT_SELECTS(slice(-5, 100), 5, 0, 5, 1);  // never counted from the end
  EXPECT_SELECTS(slice(-5, 2), 5, 0, 2, 1);
  EXPECT_SELECTS(slice(3, 100, 2), 5, 3, 1, 2);
  EXPECT_SELECTS(slice(7, 9), 5, 0, 0, 1);  // entirely past the end
  EXPECT_SELECTS(slice(3, 1), 5, 0, 0, 1);  // end before begin
  EXPECT_SELECTS(slice(2, 2), 5, 0, 0, 1);
  EXPECT_SELECTS(slice(-3, -1), 5, 0, 0, 1);  // -1 is not "the last"
}

TEST(Slice, BackwardBoundsClampToMinusOneAndNMinusOne) {
  EXPECT_SELECTS(slice(4, -1, -1), 5, 4, 5, -1);      // reverses
  EXPECT_SELECTS(slice(100, -100, -2), 5, 4, 3, -2);  // 4 2 0
  EXPECT_SELECTS(slice(3, 0, -1), 5, 3, 3, -1);       // 3 2 1
  EXPECT_SELECTS(slice(2, 2, -1), 5, 0, 0, -1);
  EXPECT_SELECTS(slice(1, 3, -1), 5, 0, 0, -1);
  EXPECT_SELECTS(slice(-1, -5, -1), 5, 0, 0, -1);
  EXPECT_SELECTS(slice(0, -1, -1), 5, 0, 1, -1);
  EXPECT_SELECTS(slice(10, -10, -1), 0, 0, 0, -1);  // empty dimension
}

TEST(Slice, ExtremeSteps) {
  EXPECT_SELECTS(slice(0, 5, pmax), 5, 0, 1, pmax);
  EXPECT_SELECTS(slice(4, -1, pmin), 5, 4, 1, pmin);
  EXPECT_SELECTS(slice(pmin, pmax), 3, 0, 3, 1);
}

TEST(Slice, ZeroStepThrows) {
  EXPECT_THROW(slice(0, 4, 0), std::invalid_argument);
  EXPECT_THROW(slice(0, 4, 0u), std::invalid_argument);
}

TEST(Slice, AcceptsAnyIntegerTypes) {
  const std::size_t n = 6;
  const unsigned char b = 1;
  const long long s = 2;
  EXPECT_SELECTS(slice(b, n, s), 6, 1, 3, 2);
  EXPECT_SELECTS(slice(n - 1, -1, -1), 6, 5, 6, -1);
  const std::int16_t e = 4;
  EXPECT_SELECTS(slice(0u, e), 6, 0, 4, 1);
}

TEST(Slice, HugeUnsignedBoundsSaturate) {
  const std::size_t huge = std::numeric_limits<std::size_t>::max();
  EXPECT_EQ(slice(0, huge).end(), pmax);
  EXPECT_SELECTS(slice(0, huge), 4, 0, 4, 1);
  EXPECT_SELECTS(slice(huge, 0), 4, 0, 0, 1);
}

TEST(Slice, IsConstexpr) {
  constexpr slice s(1, 5, 2);
  static_assert(s.begin() == 1 && s.end() == 5 && s.step() == 2);
  constexpr auto r = resolve(s, 10);
  static_assert(r.first == 1 && r.count == 2 && r.step == 2);
}

}  // namespace
