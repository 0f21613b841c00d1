// test/unit/runtime/memory/element_rows_test.cpp - a view's element bytes as rows at
// pitches: the forms of common views, and a randomized check against the elements.
#include "memory/element_rows.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <set>
#include <vector>

namespace clpar::rt {
namespace {

view_arg view_of(void* data, std::uint32_t elem_size, std::vector<std::uint64_t> extents,
                 std::vector<std::int64_t> strides) {
  view_arg v{};
  v.data = data;
  v.elem_size = elem_size;
  v.rank = static_cast<std::uint32_t>(extents.size());
  for (std::uint32_t d = 0; d < v.rank; ++d) {
    v.extent[d] = extents[d];
    v.stride[d] = strides[d];
  }
  v.written = true;
  return v;
}

std::uintptr_t address(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

TEST(ElementRows, ContiguousViewsAreOneRow) {
  float a[60];
  const auto line = element_rows::of(view_of(a, 4, {60}, {1}));
  ASSERT_TRUE(line);
  EXPECT_TRUE(line->dense());
  EXPECT_EQ(line->hull(), (byte_range{address(a), address(a + 60)}));
  // C order, and C order reversed in both dimensions: the same bytes.
  const auto matrix = element_rows::of(view_of(a, 4, {6, 10}, {10, 1}));
  const auto reversed = element_rows::of(view_of(a + 59, 4, {6, 10}, {-10, -1}));
  ASSERT_TRUE(matrix && reversed);
  EXPECT_EQ(*matrix, *line);
  EXPECT_EQ(*reversed, *line);
}

TEST(ElementRows, EveryOtherElementIsRowsOfOneElement) {
  double a[100];
  const auto rows = element_rows::of(view_of(a, 8, {50}, {2}));
  ASSERT_TRUE(rows);
  EXPECT_EQ(rows->row_bytes, 8u);
  ASSERT_EQ(rows->levels, 1u);
  EXPECT_EQ(rows->count[0], 50u);
  EXPECT_EQ(rows->pitch[0], 16u);
  EXPECT_TRUE(rows->nested());
  EXPECT_EQ(rows->bytes(), 400u);
  EXPECT_EQ(rows->hull(), (byte_range{address(a), address(a + 99)}));
  EXPECT_TRUE(rows->contains(address(a + 98)));
  EXPECT_FALSE(rows->contains(address(a + 97)));
  EXPECT_FALSE(rows->contains(address(a + 99)));
  // Reversed, from the last element down: the same bytes.
  const auto down = element_rows::of(view_of(a + 98, 8, {50}, {-2}));
  ASSERT_TRUE(down);
  EXPECT_EQ(*down, *rows);
}

TEST(ElementRows, BlocksAndColumnsOfARowMajorMatrix) {
  float m[8 * 10];
  // m(slice(1, 5), slice(2, 6)): four rows of four elements, 40 bytes apart.
  const auto block = element_rows::of(view_of(m + 12, 4, {4, 4}, {10, 1}));
  ASSERT_TRUE(block);
  EXPECT_EQ(block->row_bytes, 16u);
  ASSERT_EQ(block->levels, 1u);
  EXPECT_EQ(block->count[0], 4u);
  EXPECT_EQ(block->pitch[0], 40u);
  // m(all, 3): one element per row.
  const auto column = element_rows::of(view_of(m + 3, 4, {8}, {10}));
  ASSERT_TRUE(column);
  EXPECT_EQ(column->row_bytes, 4u);
  EXPECT_EQ(column->count[0], 8u);
  EXPECT_EQ(column->pitch[0], 40u);
  // m(slice(0, 8, 2), slice(0, 10, 2)): two levels.
  const auto both = element_rows::of(view_of(m, 4, {4, 5}, {20, 2}));
  ASSERT_TRUE(both);
  EXPECT_EQ(both->row_bytes, 4u);
  ASSERT_EQ(both->levels, 2u);
  EXPECT_EQ(both->pitch[0], 8u);
  EXPECT_EQ(both->count[1], 4u);
  EXPECT_EQ(both->pitch[1], 80u);
  EXPECT_EQ(both->row_count(), 20u);
}

TEST(ElementRows, RepeatedAndSingleDimensionsAddNothing) {
  int a[16];
  const auto rows = element_rows::of(view_of(a, 4, {3, 1, 4}, {0, 7, 1}));
  ASSERT_TRUE(rows);
  EXPECT_TRUE(rows->dense());
  EXPECT_EQ(rows->row_bytes, 16u);
}

TEST(ElementRows, EmptyAndOverflowingViewsHaveNoRows) {
  int a[4];
  EXPECT_FALSE(element_rows::of(view_of(a, 4, {0}, {1})));
  EXPECT_FALSE(element_rows::of(view_of(a, 4, {std::uint64_t{1} << 62}, {8})));
}

TEST(ElementRows, RowsAreExactlyTheElementBytes) {
  std::mt19937 random(7);
  auto pick = [&](int low, int high) { return std::uniform_int_distribution<int>(low, high)(random); };
  std::vector<std::uint8_t> arena(1 << 16);
  const std::uintptr_t middle = address(arena.data()) + arena.size() / 2;
  for (int trial = 0; trial < 3000; ++trial) {
    const std::uint32_t elem = 1u << pick(0, 3);
    const auto rank = static_cast<std::uint32_t>(pick(1, 4));
    std::vector<std::uint64_t> extents(rank);
    std::vector<std::int64_t> strides(rank);
    for (std::uint32_t d = 0; d < rank; ++d) {
      extents[d] = static_cast<std::uint64_t>(pick(1, 5));
      strides[d] = pick(-12, 12);
    }
    // Half the views in C order or close to it, where rows join.
    if (pick(0, 1) == 0) {
      std::int64_t s = pick(1, 2);
      for (std::uint32_t d = rank; d-- > 0;) {
        strides[d] = s * (pick(0, 5) == 0 ? -1 : 1);
        s *= static_cast<std::int64_t>(extents[d]) + pick(0, 1);
      }
    }
    const view_arg view =
        view_of(reinterpret_cast<void*>(middle - middle % elem), elem, extents, strides);
    std::set<std::uintptr_t> expected;
    std::uint64_t index[4] = {};
    for (;;) {
      std::int64_t offset = 0;
      for (std::uint32_t d = 0; d < rank; ++d) offset += std::int64_t(index[d]) * strides[d];
      const std::uintptr_t at = address(view.data) + offset * std::int64_t(elem);
      for (std::uint32_t b = 0; b < elem; ++b) expected.insert(at + b);
      std::uint32_t d = 0;
      while (d < rank && ++index[d] == extents[d]) index[d++] = 0;
      if (d == rank) break;
    }
    const auto rows = element_rows::of(view);
    ASSERT_TRUE(rows);
    std::set<std::uintptr_t> got;
    std::uintptr_t previous = 0;
    rows->for_each_row([&](byte_range row) {
      if (rows->nested()) EXPECT_GE(row.low, previous) << "nested rows ascend";
      previous = row.high;
      for (std::uintptr_t b = row.low; b < row.high; ++b) got.insert(b);
    });
    ASSERT_EQ(got, expected) << "trial " << trial;
    EXPECT_EQ(rows->hull(), (byte_range{*expected.begin(), *expected.rbegin() + 1}));
    // Dense means no bytes between; overlapping rows may also leave none.
    if (rows->dense()) EXPECT_EQ(expected.size(), rows->hull().size());
    for (std::uintptr_t b = rows->hull().low - 2; b < rows->hull().high + 2; ++b)
      ASSERT_EQ(rows->contains(b), expected.count(b) != 0) << "trial " << trial;
  }
}

}  // namespace
}  // namespace clpar::rt
