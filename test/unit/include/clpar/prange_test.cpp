// Unit tests of clpar/prange.hpp: serial iteration, counts, types, and options.
#include "clpar/prange.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <iterator>
#include <limits>
#include <ranges>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace {

using clpar::prange;
using clpar::prange_t;

template <class R>
std::vector<typename R::value_type> values(const R& r) {
  std::vector<typename R::value_type> out;
  for (auto i : r) out.push_back(i);
  return out;
}

// --- types ---

static_assert(std::is_same_v<decltype(prange(5)), prange_t<int>>);
static_assert(std::is_same_v<decltype(prange(std::size_t{5})), prange_t<std::size_t>>);
static_assert(std::is_same_v<decltype(prange(0, 5L)), prange_t<long>>);
static_assert(std::is_same_v<decltype(prange(0, 5u)), prange_t<unsigned>>);
static_assert(std::is_same_v<decltype(prange(-1, std::size_t{5})), prange_t<std::size_t>>);
static_assert(std::is_same_v<decltype(prange(short{0}, short{5})), prange_t<short>>);
static_assert(std::is_same_v<decltype(prange(0, 10, std::int64_t{2})), prange_t<std::int64_t>>);
static_assert(std::is_same_v<prange_t<long>::value_type, long>);
static_assert(std::forward_iterator<prange_t<int>::iterator>);
static_assert(std::ranges::forward_range<prange_t<int>>);
static_assert(std::is_same_v<std::iter_value_t<prange_t<unsigned>::iterator>, unsigned>);
template <class... A>
concept prange_callable = requires(A... a) { prange(a...); };
static_assert(!prange_callable<double>);
static_assert(!prange_callable<bool>);
static_assert(!prange_callable<int, float>);

static_assert(clpar::static_ == clpar::schedule_kind::static_);
static_assert(clpar::dynamic == clpar::schedule_kind::dynamic);
static_assert(clpar::guided == clpar::schedule_kind::guided);
static_assert(clpar::automatic == clpar::placement::automatic);
static_assert(clpar::host == clpar::placement::host);
static_assert(clpar::device == clpar::placement::device);

// Usable in constant expressions.
static_assert(prange(2, 11, 3).size() == 3);
static_assert(prange(2, 11, 3).at(2) == 8);

// --- iteration ---

TEST(Prange, CountsFromZero) {
  EXPECT_EQ(values(prange(5)), (std::vector<int>{0, 1, 2, 3, 4}));
  EXPECT_EQ(prange(5).size(), 5u);
  EXPECT_EQ(prange(5).first(), 0);
  EXPECT_EQ(prange(5).step(), 1);
}

TEST(Prange, LowHighAndStep) {
  EXPECT_EQ(values(prange(2, 6)), (std::vector<int>{2, 3, 4, 5}));
  EXPECT_EQ(values(prange(-3, 2)), (std::vector<int>{-3, -2, -1, 0, 1}));
  EXPECT_EQ(values(prange(0, 10, 3)), (std::vector<int>{0, 3, 6, 9}));
  EXPECT_EQ(values(prange(0, 9, 3)), (std::vector<int>{0, 3, 6}));
  EXPECT_EQ(values(prange(-7, -1, 2)), (std::vector<int>{-7, -5, -3}));
  const auto r = prange(1, 20, 4);
  EXPECT_EQ(r.size(), 5u);
  for (std::uint64_t k = 0; k < r.size(); ++k) EXPECT_EQ(r.at(k), 1 + 4 * static_cast<int>(k));
}

TEST(Prange, EmptyRangesRunNothing) {
  EXPECT_EQ(prange(0).size(), 0u);
  EXPECT_EQ(prange(-5).size(), 0u);
  EXPECT_EQ(prange(5, 5).size(), 0u);
  EXPECT_EQ(prange(7, 3).size(), 0u);
  EXPECT_EQ(prange(7, 3, 2).size(), 0u);
  EXPECT_TRUE(prange(3, 3).empty());
  const std::size_t n = 10;
  EXPECT_EQ(prange(-1, n).size(), 0u);  // -1 becomes SIZE_MAX
  int runs = 0;
  for (auto i : prange(4, 2)) runs += i;
  EXPECT_EQ(runs, 0);
  EXPECT_EQ(prange(0).begin(), prange(0).end());
}

TEST(Prange, NonPositiveStepThrows) {
  EXPECT_THROW(prange(0, 10, 0), std::invalid_argument);
  EXPECT_THROW(prange(0, 10, -1), std::invalid_argument);
  EXPECT_THROW(prange(0u, 10u, -1), std::invalid_argument);  // not a huge unsigned step
  EXPECT_THROW(prange(10, 0, -2), std::invalid_argument);
  EXPECT_THROW(prange(std::size_t{0}, std::size_t{4}, std::size_t{0}), std::invalid_argument);
  EXPECT_NO_THROW(prange(0, 10, 1));
}

TEST(Prange, LargeUnsignedRanges) {
  constexpr auto u64max = std::numeric_limits<std::uint64_t>::max();
  EXPECT_EQ(prange(std::uint64_t{0}, u64max).size(), u64max);
  EXPECT_EQ(prange(std::uint64_t{1}, u64max, u64max).size(), 1u);
  EXPECT_EQ(values(prange(u64max - 3, u64max)),
            (std::vector<std::uint64_t>{u64max - 3, u64max - 2, u64max - 1}));
  EXPECT_EQ(prange(std::uint64_t{0}, u64max, std::uint64_t{1} << 63).size(), 2u);
  constexpr auto u32max = std::numeric_limits<std::uint32_t>::max();
  EXPECT_EQ(prange(std::uint32_t{0}, u32max).size(), std::uint64_t{u32max});
}

TEST(Prange, SignedExtremesDoNotOverflow) {
  constexpr int imin = std::numeric_limits<int>::min();
  constexpr int imax = std::numeric_limits<int>::max();
  EXPECT_EQ(prange(imin, imax).size(), std::uint64_t{0xFFFFFFFF});
  EXPECT_EQ(prange(imin, imax, imax).size(), 3u);  // imin, -1, imax - 1
  EXPECT_EQ(values(prange(imin, imax, imax)), (std::vector<int>{imin, -1, imax - 1}));
  EXPECT_EQ(values(prange(imax - 4, imax, 2)), (std::vector<int>{imax - 4, imax - 2}));
  constexpr auto lmin = std::numeric_limits<std::int64_t>::min();
  constexpr auto lmax = std::numeric_limits<std::int64_t>::max();
  EXPECT_EQ(prange(lmin, lmax).size(), std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(prange(lmin, lmax, lmax).size(), 3u);
  EXPECT_EQ(values(prange(std::int8_t{-128}, std::int8_t{127}, std::int8_t{100})),
            (std::vector<std::int8_t>{-128, -28, 72}));
}

TEST(Prange, SmallIntegerTypes) {
  EXPECT_EQ(values(prange(short{3})), (std::vector<short>{0, 1, 2}));
  EXPECT_EQ(values(prange(std::uint8_t{250}, std::uint8_t{255}, std::uint8_t{2})),
            (std::vector<std::uint8_t>{250, 252, 254}));
  EXPECT_EQ(prange(std::uint8_t{0}, std::uint8_t{255}).size(), 255u);
}

TEST(Prange, NestedRangesVisitEveryPair) {
  int count = 0;
  long sum = 0;
  for (auto i : prange(3))
    for (auto j : prange(4)) {
      ++count;
      sum += i * 10 + j;
    }
  EXPECT_EQ(count, 12);
  EXPECT_EQ(sum, 4 * (0 + 10 + 20) + 3 * (0 + 1 + 2 + 3));
}

// --- options ---

TEST(Prange, DefaultOptions) {
  const auto r = prange(10);
  EXPECT_EQ(r.get_schedule(), clpar::static_);
  EXPECT_EQ(r.get_chunk(), 0u);
  EXPECT_EQ(r.get_num_threads(), 0);
  EXPECT_EQ(r.get_placement(), clpar::automatic);
  EXPECT_TRUE(r.is_checked());
}

TEST(Prange, OptionsReturnNewRangesByValue) {
  const auto r = prange(2, 20, 3);
  const auto o = r.schedule(clpar::dynamic, 16).num_threads(4).on(clpar::device).unchecked();
  static_assert(std::is_same_v<decltype(r.schedule(clpar::guided)), prange_t<int>>);
  EXPECT_EQ(o.get_schedule(), clpar::dynamic);
  EXPECT_EQ(o.get_chunk(), 16u);
  EXPECT_EQ(o.get_num_threads(), 4);
  EXPECT_EQ(o.get_placement(), clpar::device);
  EXPECT_FALSE(o.is_checked());
  EXPECT_EQ(values(o), values(r));
  // The original is unchanged.
  EXPECT_EQ(r.get_schedule(), clpar::static_);
  EXPECT_EQ(r.get_num_threads(), 0);
  EXPECT_EQ(r.get_placement(), clpar::automatic);
  EXPECT_TRUE(r.is_checked());
  EXPECT_EQ(r.schedule(clpar::guided).get_chunk(), 0u);
  EXPECT_EQ(r.on(clpar::host).get_placement(), clpar::host);
}

TEST(Prange, ChainedOptionsInARangeForDoNotDangle) {
  std::vector<int> seen;
  for (auto i : prange(0, 8, 2).schedule(clpar::guided, 2).num_threads(3).on(clpar::host))
    seen.push_back(i);
  EXPECT_EQ(seen, (std::vector<int>{0, 2, 4, 6}));
}

TEST(Prange, NegativeThreadCountThrows) {
  EXPECT_THROW(prange(4).num_threads(-1), std::invalid_argument);
  EXPECT_EQ(prange(4).num_threads(0).get_num_threads(), 0);
}

}  // namespace
