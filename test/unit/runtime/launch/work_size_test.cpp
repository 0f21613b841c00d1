// test/unit/runtime/launch/work_size_test.cpp - NDRange sizes and the dimension mapping.
#include "launch/work_size.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <vector>

namespace clpar::rt {
namespace {

constexpr std::array<std::size_t, 3> roomy{4096, 4096, 4096};

TEST(WorkSize, OneDimensionRoundsUpTo256) {
  const std::vector<std::uint64_t> counts{1000};
  const auto size = choose_work_size(counts, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->dims, 1u);
  EXPECT_EQ(size->local[0], 256u);
  EXPECT_EQ(size->global[0], 1024u);
}

TEST(WorkSize, InnermostLoopIsDimensionZero) {
  const std::vector<std::uint64_t> counts{100, 1000};  // rows (outer), columns (inner)
  const auto size = choose_work_size(counts, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->local[0], 32u);
  EXPECT_EQ(size->local[1], 8u);
  EXPECT_EQ(size->global[0], 1024u);  // columns
  EXPECT_EQ(size->global[1], 104u);   // rows
}

TEST(WorkSize, ThreeDimensions) {
  const std::vector<std::uint64_t> counts{7, 50, 33};
  const auto size = choose_work_size(counts, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->local[0], 32u);
  EXPECT_EQ(size->local[1], 4u);
  EXPECT_EQ(size->local[2], 2u);
  EXPECT_EQ(size->global[0], 64u);
  EXPECT_EQ(size->global[1], 52u);
  EXPECT_EQ(size->global[2], 8u);
}

TEST(WorkSize, ShrinksToTheKernelLimitKeepingDimensionZeroWide) {
  const std::vector<std::uint64_t> counts{1000, 1000};
  const auto size = choose_work_size(counts, 64, roomy);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->local[0], 32u);
  EXPECT_EQ(size->local[1], 2u);
  const auto tiny = choose_work_size(counts, 1, roomy);
  ASSERT_TRUE(tiny.has_value());
  EXPECT_EQ(tiny->local[0] * tiny->local[1], 1u);
  EXPECT_EQ(tiny->global[0], 1000u);
}

TEST(WorkSize, ShrinksToSmallCountsAndItemLimits) {
  const std::vector<std::uint64_t> small{5};
  auto size = choose_work_size(small, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->local[0], 8u);
  EXPECT_EQ(size->global[0], 8u);
  const std::array<std::size_t, 3> narrow{16, 1, 1};
  const std::vector<std::uint64_t> counts{10, 100};
  size = choose_work_size(counts, 1024, narrow);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->local[0], 16u);
  EXPECT_EQ(size->local[1], 1u);
  EXPECT_EQ(size->global[1], 10u);
}

TEST(WorkSize, TooLargeIsRefused) {
  const std::vector<std::uint64_t> counts{~std::uint64_t{0} - 3};
  EXPECT_FALSE(choose_work_size(counts, 256, roomy).has_value());
}

}  // namespace
}  // namespace clpar::rt
