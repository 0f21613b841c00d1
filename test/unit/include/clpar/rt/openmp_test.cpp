// test/unit/include/clpar/rt/openmp_test.cpp - the OpenMP variant's support: how a nest's
// innermost dimension is cut into blocks; views read without per-access checks; which
// exception of a parallel loop reaches the caller.
#include "clpar/rt/openmp.hpp"

#include <clpar/clpar.hpp>
#include <gtest/gtest.h>

#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace clpar::rt {
namespace {

/// Every iteration of `inner` falls in exactly one block, and there are `blocks` of them.
void expect_cover(std::uint64_t inner, std::uint64_t size, std::uint64_t blocks) {
  ASSERT_GE(size, 1u);
  EXPECT_EQ((inner + size - 1) / size, blocks);
}

TEST(InnerBlockSize, ManyRowsTakeWholeRows) {
  EXPECT_EQ(inner_block_size(4096, 4096, 16), 4096u);
  EXPECT_EQ(inner_block_size(64, 10, 16), 10u);  // exactly 4 rows per thread
}

TEST(InnerBlockSize, FewRowsAreCutIntoParts) {
  // 2 rows, 16 threads: 32 rows per row wanted for 64 blocks in all.
  const std::uint64_t size = inner_block_size(2, 1 << 20, 16);
  EXPECT_EQ(size, (std::uint64_t{1} << 20) / 32);
  expect_cover(1 << 20, size, 32);
}

TEST(InnerBlockSize, BlocksKeepAtLeast64IterationsWhereTheRowHasThem) {
  EXPECT_EQ(inner_block_size(1, 1000, 64), 64u);
  EXPECT_EQ(inner_block_size(1, 10, 64), 10u);
}

TEST(InnerBlockSize, EmptyAndUnknownThreads) {
  EXPECT_EQ(inner_block_size(0, 100, 4), 1u);
  EXPECT_EQ(inner_block_size(5, 0, 4), 1u);
  EXPECT_EQ(inner_block_size(2, 1000, 0), 500u);  // 0 threads counts as 1: 4 blocks wanted
}

TEST(UncheckedView, ReadsAndWritesTheViewsElements) {
  std::vector<float> data(6 * 8);
  std::iota(data.begin(), data.end(), 0.0f);
  // Every other row, columns reversed: strides of 16 and -1 elements.
  const view<float, 2> m =
      view<float, 2>(data.data(), 6, 8)(slice(0, 6, 2), slice(7, -1, -1));
  const unchecked_view<float, 2> u = unchecked(m);
  for (std::size_t i = 0; i < m.extent(0); ++i)
    for (std::size_t j = 0; j < m.extent(1); ++j) EXPECT_EQ(&u(i, j), &m(i, j));
  u(2, 1) = -1.0f;
  EXPECT_EQ(data[4 * 8 + 6], -1.0f);
  EXPECT_EQ(u.extents(), m.extents());  // the rest is the view's own
  EXPECT_EQ(u.data(), m.data());
}

TEST(UncheckedView, RankOneSubscriptAndConstElements) {
  const std::vector<int> data{1, 2, 3, 4, 5};
  const view<const int> v = view<const int>(data.data(), 5)[slice(1, 5, 2)];
  const auto u = unchecked(v);
  EXPECT_EQ(u[0], 2);
  EXPECT_EQ(u[1], 4);
  EXPECT_EQ(u(1), 4);
  EXPECT_EQ(&u[short{1}], &data[3]);
}

TEST(HostErrors, KeepsTheExceptionOfTheEarliestIteration) {
  host_errors errors;
  std::vector<std::thread> threads;
  // Iterations 1000 down to 10 fail, from four threads at once, in no particular order.
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&errors, t] {
      for (std::uint64_t i = 1000 - static_cast<std::uint64_t>(t); i >= 10; i -= 4) {
        try {
          throw std::runtime_error(std::to_string(i));
        } catch (...) {
          errors.capture(i);
        }
      }
    });
  for (std::thread& t : threads) t.join();
  try {
    errors.rethrow_if_any();
    FAIL() << "nothing was rethrown";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "10");
  }
}

TEST(HostErrors, NamesTheViewOfABoundsErrorFromItsSite) {
  host_errors errors;
  try {
    throw bounds_error("f.cpp", 3, 9, 12, 10);
  } catch (...) {
    errors.capture(0);
  }
  static constexpr access_site sites[] = {{3, 5, 20, "outer"}, {3, 8, 11, "w"}};
  try {
    errors.rethrow_if_any(sites);
    FAIL() << "nothing was rethrown";
  } catch (const bounds_error& e) {
    ASSERT_NE(e.view_name(), nullptr);
    EXPECT_STREQ(e.view_name(), "w");
  }
}

}  // namespace
}  // namespace clpar::rt
