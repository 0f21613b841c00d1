// test/unit/include/clpar/rt/openmp_test.cpp - the OpenMP variant's support: how a nest's
// innermost dimension is cut into blocks.
#include "clpar/rt/openmp.hpp"

#include <gtest/gtest.h>

#include <cstdint>

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

}  // namespace
}  // namespace clpar::rt
