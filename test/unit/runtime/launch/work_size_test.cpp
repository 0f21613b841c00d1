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

std::uint64_t group_count(const work_size& size) {
  std::uint64_t groups = 1;
  for (unsigned k = 0; k < size.dims; ++k) {
    EXPECT_EQ(size.global[k] % size.local[k], 0u) << k;
    groups *= size.global[k] / size.local[k];
  }
  return groups;
}

TEST(CapWorkGroups, OneDimensionKeepsItsLocalSize) {
  const std::vector<std::uint64_t> counts{std::uint64_t{1} << 27};
  auto size = choose_work_size(counts, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  cap_work_groups(*size, 1056);
  EXPECT_EQ(size->local[0], 256u);
  EXPECT_EQ(size->global[0], 1056u * 256u);
}

TEST(CapWorkGroups, FewerGroupsThanTheCapStayAsTheyAre) {
  const std::vector<std::uint64_t> counts{1000};
  auto size = choose_work_size(counts, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  cap_work_groups(*size, 1056);
  EXPECT_EQ(size->global[0], 1024u);
}

TEST(CapWorkGroups, OuterDimensionsGiveWayFirst) {
  const std::vector<std::uint64_t> counts{4000, 4000};  // 500 x 125 groups of 8 x 32
  auto size = choose_work_size(counts, 1024, roomy);
  ASSERT_TRUE(size.has_value());
  cap_work_groups(*size, 1000);
  EXPECT_EQ(size->global[0], 4000u);  // dimension 0 keeps its 125 groups
  EXPECT_EQ(size->global[1] / size->local[1], 8u);
  EXPECT_LE(group_count(*size), 1000u);

  cap_work_groups(*size, 100);  // fewer than dimension 0 alone has
  EXPECT_EQ(size->global[1] / size->local[1], 1u);
  EXPECT_EQ(size->global[0] / size->local[0], 100u);
}

TEST(CapWorkGroups, ThreeDimensionsAndAtLeastOneGroup) {
  const std::vector<std::uint64_t> counts{64, 512, 1 << 20};
  auto size = choose_work_size(counts, 256, roomy);
  ASSERT_TRUE(size.has_value());
  cap_work_groups(*size, 64);
  EXPECT_LE(group_count(*size), 64u);
  EXPECT_GE(group_count(*size), 1u);
  cap_work_groups(*size, 0);
  EXPECT_EQ(group_count(*size), 1u);
}

}  // namespace
}  // namespace clpar::rt
