// test/unit/runtime/memory/span_set_test.cpp - byte spans of views and their merging.
#include "memory/span_set.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace clpar::rt {
namespace {

template <class T>
view_arg view_1d(T* data, std::uint64_t n, std::int64_t stride = 1, bool written = false) {
  view_arg v{};
  v.data = data;
  v.elem_size = sizeof(T);
  v.rank = 1;
  v.extent[0] = n;
  v.stride[0] = stride;
  v.written = written;
  return v;
}

template <class T>
view_arg view_2d(T* data, std::uint64_t rows, std::uint64_t cols, std::int64_t row_stride,
                 std::int64_t col_stride, bool written = false) {
  view_arg v = view_1d(data, rows, row_stride, written);
  v.rank = 2;
  v.extent[1] = cols;
  v.stride[1] = col_stride;
  return v;
}

std::uintptr_t address(const void* p) {
  return reinterpret_cast<std::uintptr_t>(p);
}

TEST(ViewSpan, ContiguousAndStrided) {
  float a[100];
  bool overflow = false;
  auto span = view_span(view_1d(a, 100), overflow);
  ASSERT_TRUE(span.has_value());
  EXPECT_EQ(span->low, address(a));
  EXPECT_EQ(span->high, address(a + 100));
  span = view_span(view_1d(a + 1, 10, 3), overflow);  // a[1], a[4], ..., a[28]
  ASSERT_TRUE(span.has_value());
  EXPECT_EQ(span->low, address(a + 1));
  EXPECT_EQ(span->high, address(a + 29));
}

TEST(ViewSpan, NegativeStrides) {
  double a[60];
  bool overflow = false;
  // Reversed: element 0 is a[59], element 59 is a[0].
  auto span = view_span(view_1d(a + 59, 60, -1), overflow);
  ASSERT_TRUE(span.has_value());
  EXPECT_EQ(span->low, address(a));
  EXPECT_EQ(span->high, address(a + 60));
  // 2-D, rows reversed, columns forward: 6 rows of 10, starting at row 5.
  span = view_span(view_2d(a + 50, 6, 10, -10, 1), overflow);
  ASSERT_TRUE(span.has_value());
  EXPECT_EQ(span->low, address(a));
  EXPECT_EQ(span->high, address(a + 60));
  // Transposed and column-reversed: rows step 1, columns step -6.
  span = view_span(view_2d(a + 54, 6, 10, 1, -6), overflow);
  ASSERT_TRUE(span.has_value());
  EXPECT_EQ(span->low, address(a));
  EXPECT_EQ(span->high, address(a + 60));
  EXPECT_FALSE(overflow);
}

TEST(ViewSpan, EmptyViewsHaveNone) {
  int a[4];
  bool overflow = false;
  EXPECT_FALSE(view_span(view_1d(a, 0), overflow).has_value());
  EXPECT_FALSE(view_span(view_2d(a, 3, 0, 1, 1), overflow).has_value());
  EXPECT_FALSE(view_span(view_1d<int>(nullptr, 0), overflow).has_value());
  EXPECT_FALSE(overflow);
}

TEST(ViewSpan, OverflowIsReported) {
  int a[1];
  bool overflow = false;
  EXPECT_FALSE(view_span(view_1d(a, std::uint64_t{1} << 62, 1 << 20), overflow).has_value());
  EXPECT_TRUE(overflow);
}

TEST(SpanSet, SameMemorySharesOneBuffer) {
  std::vector<float> v(1000);
  const std::vector<view_arg> views{view_1d(v.data(), 1000), view_1d(v.data(), 1000, 1, true)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_TRUE(set.spans()[0].written);
  EXPECT_EQ(set.placements()[0].span, 0u);
  EXPECT_EQ(set.placements()[1].span, 0u);
  EXPECT_EQ(set.placements()[0].offset, 0);
  EXPECT_EQ(set.placements()[1].offset, 0);
}

TEST(SpanSet, ContainedViewIsAnOffsetIntoItsParent) {
  std::vector<float> v(1000);
  const std::vector<view_arg> views{view_1d(v.data() + 100, 50, 2), view_1d(v.data(), 1000)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_EQ(set.spans()[0].low, address(v.data()));
  EXPECT_EQ(set.spans()[0].high, address(v.data() + 1000));
  EXPECT_FALSE(set.spans()[0].written);
  EXPECT_EQ(set.placements()[0].offset, 100);
  EXPECT_EQ(set.placements()[1].offset, 0);
}

TEST(SpanSet, PartialOverlapsCascade) {
  std::vector<int> v(100);
  // [0,30) overlaps [20,60) which overlaps [50,90); [95,100) stands apart.
  const std::vector<view_arg> views{view_1d(v.data() + 50, 40), view_1d(v.data() + 95, 5),
                                    view_1d(v.data(), 30, 1, true), view_1d(v.data() + 20, 40)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 2u);
  EXPECT_EQ(set.spans()[0].low, address(v.data()));
  EXPECT_EQ(set.spans()[0].high, address(v.data() + 90));
  EXPECT_TRUE(set.spans()[0].written);
  EXPECT_EQ(set.spans()[1].low, address(v.data() + 95));
  EXPECT_FALSE(set.spans()[1].written);
  EXPECT_EQ(set.placements()[0].span, 0u);
  EXPECT_EQ(set.placements()[0].offset, 50);
  EXPECT_EQ(set.placements()[1].span, 1u);
  EXPECT_EQ(set.placements()[1].offset, 0);
  EXPECT_EQ(set.placements()[2].offset, 0);
  EXPECT_EQ(set.placements()[3].offset, 20);
}

TEST(SpanSet, DisjointAndTouchingViewsStayApart) {
  std::vector<double> v(100);
  std::vector<double> w(10);
  const std::vector<view_arg> views{view_1d(w.data(), 10), view_1d(v.data(), 50),
                                    view_1d(v.data() + 50, 50, 1, true)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 3u);
  for (std::size_t i = 0; i < views.size(); ++i) EXPECT_EQ(set.placements()[i].offset, 0);
  EXPECT_NE(set.placements()[1].span, set.placements()[2].span);
  EXPECT_TRUE(set.spans()[set.placements()[2].span].written);
  EXPECT_FALSE(set.spans()[set.placements()[1].span].written);
}

TEST(SpanSet, ManyViewsInDescendingOrder) {
  // More views than span_set keeps on the stack, given from the highest address down.
  std::vector<float> v(400);
  std::vector<view_arg> views;
  for (int k = 39; k >= 0; --k) views.push_back(view_1d(v.data() + 10 * k, k % 2 == 0 ? 12 : 10));
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  // Each even view reaches into the next odd one, which only touches the even one after
  // it: pairs (2j, 2j+1) merge, 20 spans.
  ASSERT_EQ(set.spans().size(), 20u);
  for (std::size_t i = 0; i < views.size(); ++i) {
    const int k = 39 - static_cast<int>(i);
    const view_placement& at = set.placements()[i];
    EXPECT_EQ(at.span, static_cast<std::size_t>(k / 2)) << k;
    EXPECT_EQ(at.offset, k % 2 == 0 ? 0 : 10) << k;
  }
}

TEST(SpanSet, InterleavedStridedViewsMerge) {
  std::vector<float> v(100);
  // Even and odd elements: disjoint elements, overlapping byte spans.
  const std::vector<view_arg> views{view_1d(v.data(), 50, 2, true), view_1d(v.data() + 1, 50, 2)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_EQ(set.placements()[1].offset, 1);
}

TEST(SpanSet, NegativeStrideOffsetsCountFromTheLowestElement) {
  std::vector<float> v(100);
  const std::vector<view_arg> views{view_1d(v.data() + 99, 100, -1), view_1d(v.data(), 100)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_EQ(set.placements()[0].offset, 99);
  EXPECT_EQ(set.placements()[1].offset, 0);
}

TEST(SpanSet, EmptyViewsGetNoSpan) {
  std::vector<float> v(10);
  const std::vector<view_arg> views{view_1d<float>(nullptr, 0), view_1d(v.data(), 10),
                                    view_2d(v.data(), 0, 5, 5, 1, true)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_EQ(set.placements()[0].span, view_placement::no_span);
  EXPECT_EQ(set.placements()[2].span, view_placement::no_span);
  EXPECT_FALSE(set.spans()[0].written);  // the written view is empty
}

TEST(SpanSet, MisalignedElementOffsetFallsBackToTheHost) {
  alignas(8) unsigned char bytes[64] = {};
  // Two float views two bytes apart: same buffer, but the second is not a whole number of
  // floats from the first.
  const std::vector<view_arg> views{view_1d(reinterpret_cast<float*>(bytes), 8),
                                    view_1d(reinterpret_cast<float*>(bytes + 2), 8)};
  const span_set set(views);
  EXPECT_NE(set.why(), nullptr);
}

TEST(SpanSet, MixedElementSizesInOneBuffer) {
  alignas(8) unsigned char bytes[64] = {};
  // A double view and a float view of its second half: 8 bytes in, 2 floats.
  const std::vector<view_arg> views{view_1d(reinterpret_cast<double*>(bytes), 8),
                                    view_1d(reinterpret_cast<float*>(bytes + 8), 4)};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_EQ(set.placements()[1].offset, 2);
}

TEST(SpanSet, StructViewsTakeByteOffsets) {
  struct point {
    float x, y, z;
  };
  point pts[10] = {};
  // A view from element 3 inside a float view of the same memory one float in: 4 floats
  // from the span's start is no whole number of 12-byte elements, but a byte offset.
  view_arg inner = view_1d(pts + 3, 5);
  inner.byte_offset = true;
  view_arg outer = view_1d(&pts[0].y, 20);
  const std::vector<view_arg> views{outer, inner};
  const span_set set(views);
  ASSERT_EQ(set.why(), nullptr);
  ASSERT_EQ(set.spans().size(), 1u);
  EXPECT_EQ(set.placements()[0].offset, 0);
  EXPECT_EQ(set.placements()[1].offset, 3 * 12 - 4);
}

TEST(SpanSet, MalformedViewFallsBackToTheHost) {
  float a[4];
  view_arg bad = view_1d(a, 4);
  bad.rank = 5;
  const std::vector<view_arg> views{bad};
  EXPECT_NE(span_set(views).why(), nullptr);
}

}  // namespace
}  // namespace clpar::rt
