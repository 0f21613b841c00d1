// Unit tests of clpar/view.hpp: construction, shape, element access, slicing, rebinding,
// bounds checks.
#include "clpar/view.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstring>
#include <numeric>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace {

using clpar::all;
using clpar::slice;
using clpar::view;

// --- static properties ---

static_assert(view<float>::rank() == 1);
static_assert(view<float, 3>::rank() == 3);
static_assert(std::is_same_v<view<const float, 2>::element_type, const float>);
static_assert(std::is_same_v<view<const float, 2>::value_type, float>);
static_assert(std::is_trivially_copyable_v<view<float>>);
static_assert(std::is_trivially_copyable_v<view<const double, 4>>);
static_assert(sizeof(view<float>) <= 3 * sizeof(void*));
static_assert(std::is_same_v<decltype(std::declval<view<float>>().data()), float*>);
static_assert(std::is_same_v<decltype(std::declval<view<float>>().extent(0)), std::size_t>);
static_assert(std::is_same_v<decltype(std::declval<view<float>>().stride(0)), std::ptrdiff_t>);

// Every element type SPEC 1.1 names.
template <class... T>
constexpr bool all_instantiate =
    (sizeof(view<T>) + ...) > 0 && (sizeof(view<const T, 4>) + ...) > 0;
static_assert(all_instantiate<bool, char, std::int8_t, std::uint8_t, std::int16_t, std::uint16_t,
                              std::int32_t, std::uint32_t, std::int64_t, std::uint64_t, long long,
                              float, double>);

// Rebinding vs element-wise assignment, by value category (SPEC 1.1).
static_assert(std::is_assignable_v<view<int>&, view<int>>);
static_assert(std::is_assignable_v<view<const int>&, view<int>&>);  // a const view rebinds
static_assert(!std::is_assignable_v<view<int>&, view<const int>>);
static_assert(!std::is_assignable_v<view<int>&, int>);
static_assert(!std::is_assignable_v<view<int>&, std::vector<int>&>);
static_assert(std::is_assignable_v<view<int>&&, int>);
static_assert(std::is_assignable_v<view<int>&&, view<const int>>);
static_assert(!std::is_assignable_v<view<const int>&&, int>);
template <class V>
concept plus_assignable = requires(V&& v) { std::forward<V>(v) += 1; };
static_assert(plus_assignable<view<int>&&>);
static_assert(!plus_assignable<view<int>&>);
static_assert(!plus_assignable<view<const int>&&>);

// Conversions.
static_assert(std::is_convertible_v<view<float>, view<const float>>);
static_assert(!std::is_convertible_v<view<const float>, view<float>>);
static_assert(!std::is_constructible_v<view<float>, const std::vector<float>&>);
static_assert(std::is_constructible_v<view<const float>, const std::vector<float>&>);
static_assert(!std::is_constructible_v<view<const float>, std::vector<float>&&>);
static_assert(!std::is_constructible_v<view<float, 2>, std::vector<float>&>);

// Subscript result types.
static_assert(std::is_same_v<decltype(std::declval<view<float>>()[0]), float&>);
static_assert(std::is_same_v<decltype(std::declval<view<const float>>()[0]), const float&>);
static_assert(std::is_same_v<decltype(std::declval<view<float>>()[all]), view<float>>);
static_assert(std::is_same_v<decltype(std::declval<view<float, 2>>()(1, 2)), float&>);
static_assert(std::is_same_v<decltype(std::declval<view<float, 2>>()(1, all)), view<float, 1>>);
static_assert(std::is_same_v<decltype(std::declval<view<float, 3>>()(all, 1, slice(0, 2))),
                             view<float, 2>>);
static_assert(std::is_same_v<decltype(std::declval<view<float, 4>>()(all, all, all, all)),
                             view<float, 4>>);

template <class V, class... A>
concept callable_with = requires(V v, A... a) { v(a...); };
static_assert(!callable_with<view<float, 2>, int>);  // one argument per dimension
static_assert(!callable_with<view<float, 2>, int, double>);
static_assert(callable_with<view<float, 2>, long, unsigned char>);
template <class V, class A>
concept indexable_with = requires(V v, A a) { v[a]; };
static_assert(!indexable_with<view<float, 2>, int>);  // [] is rank 1 only
static_assert(!indexable_with<view<float>, double>);

std::vector<int> iota(std::size_t n, int first = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

// --- construction and shape ---

TEST(View, FromPointerAndExtent) {
  auto buf = iota(5);
  const view<int> v(buf.data(), 5);
  EXPECT_EQ(v.data(), buf.data());
  EXPECT_EQ(v.size(), 5u);
  EXPECT_EQ(v.extent(0), 5u);
  EXPECT_EQ(v.stride(0), 1);
  EXPECT_TRUE(v.is_contiguous());
  EXPECT_EQ(v[3], 3);
}

TEST(View, COrderRanks2To4) {
  auto buf = iota(2 * 3 * 4 * 5);
  const view<int, 2> m(buf.data(), 6, 20);
  EXPECT_EQ(m.stride(0), 20);
  EXPECT_EQ(m.stride(1), 1);
  EXPECT_EQ(m(4, 7), 87);
  const view<int, 3> t(buf.data(), 2, 3, 20);
  EXPECT_EQ(t.stride(0), 60);
  EXPECT_EQ(t.stride(1), 20);
  EXPECT_EQ(t(1, 2, 3), 60 + 40 + 3);
  const view<int, 4> q(buf.data(), 2, 3, 4, 5);
  EXPECT_EQ(q.size(), 120u);
  EXPECT_EQ(q.stride(0), 60);
  EXPECT_EQ(q.stride(1), 20);
  EXPECT_EQ(q.stride(2), 5);
  EXPECT_EQ(q.stride(3), 1);
  EXPECT_TRUE(q.is_contiguous());
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k)
        for (int l = 0; l < 5; ++l) EXPECT_EQ(q(i, j, k, l), ((i * 3 + j) * 4 + k) * 5 + l);
}

TEST(View, ExplicitExtentsAndStridesOfMixedIntegerTypes) {
  auto buf = iota(12);
  const std::size_t rows = 3;
  const int cols = 4;
  const long s0 = 1;
  // The transpose of a 3x4 C-order matrix: 4x3 with strides {1, 4}.
  const view<int, 2> t(buf.data(), {cols, rows}, {s0, cols});
  EXPECT_EQ(t.extent(0), 4u);
  EXPECT_EQ(t.extent(1), 3u);
  EXPECT_FALSE(t.is_contiguous());
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 3; ++j) EXPECT_EQ(t(i, j), j * 4 + i);
}

TEST(View, NegativeStrides) {
  auto buf = iota(5);
  const view<int> r(buf.data() + 4, {5}, {-1});
  EXPECT_EQ(r[0], 4);
  EXPECT_EQ(r[4], 0);
  EXPECT_FALSE(r.is_contiguous());
  r[1] = 42;
  EXPECT_EQ(buf[3], 42);
}

TEST(View, FromVectorAndArray) {
  std::vector<float> vec(7, 1.5f);
  view<float> v(vec);
  EXPECT_EQ(v.data(), vec.data());
  EXPECT_EQ(v.size(), 7u);
  std::array<double, 3> arr{1, 2, 3};
  view<double> a(arr);
  EXPECT_EQ(a.size(), 3u);
  EXPECT_EQ(a[2], 3.0);
  const std::vector<float>& cvec = vec;
  view<const float> c(cvec);
  EXPECT_EQ(c[6], 1.5f);
  const std::array<double, 3>& carr = arr;
  view<const double> ca(carr);
  EXPECT_EQ(ca[0], 1.0);
  // Class template argument deduction.
  view dv(vec);
  static_assert(std::is_same_v<decltype(dv), view<float>>);
  view dc(cvec);
  static_assert(std::is_same_v<decltype(dc), view<const float>>);
  view da(arr);
  static_assert(std::is_same_v<decltype(da), view<double>>);
  view dm(vec.data(), 2, 3);
  static_assert(std::is_same_v<decltype(dm), view<float, 2>>);
  view dp(cvec.data(), 7);
  static_assert(std::is_same_v<decltype(dp), view<const float>>);
}

TEST(View, VectorConvertsImplicitly) {
  std::vector<int> vec = iota(4);
  const auto first = [](view<const int> v) { return v[0] + v[3]; };
  EXPECT_EQ(first(vec), 3);
}

TEST(View, EmptyView) {
  const view<float> w;
  EXPECT_EQ(w.size(), 0u);
  EXPECT_EQ(w.extent(0), 0u);
  EXPECT_EQ(w.data(), nullptr);
  EXPECT_TRUE(w.empty());
  EXPECT_TRUE(w.is_contiguous());
  const view<float, 3> w3;
  EXPECT_EQ(w3.size(), 0u);
  EXPECT_THROW(w[0], clpar::bounds_error);
  EXPECT_EQ(w[all].size(), 0u);
}

TEST(View, ContiguityIgnoresStridesOfLengthOneDimensions) {
  auto buf = iota(8);
  EXPECT_TRUE((view<int, 2>(buf.data(), {1, 8}, {99, 1}).is_contiguous()));
  EXPECT_TRUE((view<int, 2>(buf.data(), {8, 1}, {1, -7}).is_contiguous()));
  EXPECT_FALSE((view<int, 2>(buf.data(), {2, 2}, {4, 1}).is_contiguous()));
  const view<int, 2> m(buf.data(), 2, 4);
  EXPECT_TRUE(m(slice(0, 1), all).is_contiguous());
  EXPECT_FALSE(m(all, slice(0, 2)).is_contiguous());
  EXPECT_TRUE(m(1, all).is_contiguous());
  EXPECT_FALSE(m(all, 1).is_contiguous());
}

TEST(View, ConstViewsAndShallowConst) {
  auto buf = iota(3);
  const view<int> v(buf);  // a const view still writes: shallow const, like a pointer
  v[1] = 10;
  EXPECT_EQ(buf[1], 10);
  view<const int> c = v;
  EXPECT_EQ(c.data(), buf.data());
  EXPECT_EQ(c[1], 10);
  static_assert(std::is_const_v<std::remove_reference_t<decltype(c[1])>>);
}

// --- rebinding vs copying ---

TEST(View, AssignmentToANamedViewRebinds) {
  auto a = iota(4);
  auto b = iota(4, 100);
  view<int> w(a);
  const view<int> v(b);
  w = v;
  EXPECT_EQ(w.data(), b.data());
  EXPECT_EQ(a, iota(4));  // nothing copied
  view<const int> c;
  c = v;  // a mutable view rebinds a const one
  EXPECT_EQ(c.data(), b.data());
}

TEST(View, NamedSliceRebindsButSliceExpressionCopies) {
  auto a = iota(6);
  auto b = iota(6, 100);
  const view<int> va(a);
  const view<int> vb(b);
  auto s = va[slice(0, 3)];
  s = vb[slice(3, 6)];  // rebinds s
  EXPECT_EQ(s.data(), b.data() + 3);
  EXPECT_EQ(a, iota(6));
  s = va[slice(0, 3)];
  s[all] = vb[slice(3, 6)];  // copies elements
  EXPECT_EQ(a, (std::vector<int>{103, 104, 105, 3, 4, 5}));
}

view<int> first_half(std::vector<int>& v) { return view<int>(v)[slice(0, v.size() / 2)]; }

TEST(View, AssigningToAFunctionResultCopies) {
  auto a = iota(4);
  auto b = iota(2, 50);
  first_half(a) = view<int>(b);
  EXPECT_EQ(a, (std::vector<int>{50, 51, 2, 3}));
}

TEST(View, BracedTemporaryAssignsElements) {
  int buf[4] = {0, 0, 0, 0};
  view<int>{buf, 4}[all] = 7;  // braces: view<int>(buf)[all] would declare an array
  EXPECT_EQ(buf[3], 7);
}

// --- slicing ---

TEST(View, SliceRank1) {
  auto buf = iota(10);
  const view<int> v(buf);
  const auto s = v[slice(1, 8, 3)];  // 1 4 7
  EXPECT_EQ(s.size(), 3u);
  EXPECT_EQ(s.stride(0), 3);
  EXPECT_EQ(s.data(), buf.data() + 1);
  EXPECT_EQ(s[0], 1);
  EXPECT_EQ(s[2], 7);
  const auto r = v[slice(9, -1, -1)];
  EXPECT_EQ(r.stride(0), -1);
  EXPECT_EQ(r.data(), buf.data() + 9);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(r[i], 9 - i);
  const auto rr = r[slice(0, 10, 2)];  // 9 7 5 3 1
  EXPECT_EQ(rr.size(), 5u);
  EXPECT_EQ(rr.stride(0), -2);
  EXPECT_EQ(rr[4], 1);
  EXPECT_EQ(v[all].data(), v.data());
  EXPECT_EQ(v(slice(2, 4))[0], 2);
}

TEST(View, SliceClampsInsteadOfThrowing) {
  auto buf = iota(5);
  const view<int> v(buf);
  EXPECT_EQ(v[slice(-3, 100)].size(), 5u);
  EXPECT_EQ(v[slice(3, 100)].size(), 2u);
  EXPECT_EQ(v[slice(100, -100, -1)].size(), 5u);
  EXPECT_EQ(v[slice(100, -100, -1)][0], 4);
}

TEST(View, EmptySliceKeepsThePointer) {
  auto buf = iota(5);
  const view<int> v(buf);
  const auto e = v[slice(4, 1)];
  EXPECT_EQ(e.size(), 0u);
  EXPECT_EQ(e.data(), v.data());
  const auto e2 = v[slice(-1, -1, -1)];
  EXPECT_EQ(e2.size(), 0u);
  EXPECT_EQ(e2.data(), v.data());
}

TEST(View, IntegersDropDimensionsSlicesKeepThem) {
  auto buf = iota(12);
  const view<int, 2> m(buf.data(), 3, 4);
  const view<int> row = m(1, all);
  EXPECT_EQ(row.size(), 4u);
  EXPECT_EQ(row[0], 4);
  const view<int> col = m(all, 2);
  EXPECT_EQ(col.size(), 3u);
  EXPECT_EQ(col.stride(0), 4);
  EXPECT_EQ(col[2], 10);
  const view<int, 2> sub = m(slice(1, 3), slice(3, 0, -2));  // rows 1-2, cols 3 and 1
  EXPECT_EQ(sub.extent(0), 2u);
  EXPECT_EQ(sub.extent(1), 2u);
  EXPECT_EQ(sub.stride(0), 4);
  EXPECT_EQ(sub.stride(1), -2);
  EXPECT_EQ(sub(0, 0), 7);
  EXPECT_EQ(sub(0, 1), 5);
  EXPECT_EQ(sub(1, 0), 11);
  EXPECT_EQ(sub(1, 1), 9);
}

TEST(View, Rank3And4Slicing) {
  auto buf = iota(2 * 3 * 4 * 5);
  const view<int, 4> q(buf.data(), 2, 3, 4, 5);
  const view<int, 2> plane = q(1, all, 2, all);
  EXPECT_EQ(plane.extent(0), 3u);
  EXPECT_EQ(plane.extent(1), 5u);
  EXPECT_EQ(plane(2, 4), q(1, 2, 2, 4));
  const view<int, 3> t = q(all, slice(2, -1, -1), 0, slice(1, 5, 2));
  EXPECT_EQ(t.extent(0), 2u);
  EXPECT_EQ(t.extent(1), 3u);
  EXPECT_EQ(t.extent(2), 2u);
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      for (std::size_t k = 0; k < 2; ++k) EXPECT_EQ(t(i, j, k), q(i, 2 - j, 0, 1 + 2 * k));
  const int& e = q(1, 2, 3, 4);
  EXPECT_EQ(&e, &buf.back());
}

// --- bounds checks ---

TEST(View, OutOfRangeIndexThrowsWithLocation) {
  std::vector<int> buf(8, 0);
  const view<int> v(buf.data(), 4);  // the first half: index 4 exists in memory
  const std::size_t i = 4;
  unsigned line = 0;
  try {
    line = __LINE__; v[i] = 1;
    FAIL() << "no bounds_error";
  } catch (const clpar::bounds_error& e) {
    EXPECT_EQ(e.index(), 4u);
    EXPECT_EQ(e.extent(), 4u);
    EXPECT_EQ(e.line(), line);
    EXPECT_GT(e.column(), 0u);
    EXPECT_NE(std::string(e.file()).find("view_test.cpp"), std::string::npos) << e.file();
    EXPECT_EQ(e.view_name(), nullptr);
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(e.file(), 0), 0u) << what;
    EXPECT_NE(what.find(":" + std::to_string(line) + ":"), std::string::npos) << what;
    EXPECT_NE(what.find("index 4 out of range for extent 4"), std::string::npos) << what;
  }
  EXPECT_EQ(buf[4], 0);  // never touched memory outside the view
}

TEST(View, EachIndexOfOperatorCallIsChecked) {
  std::vector<int> buf(12, 0);
  const view<int, 2> m(buf.data(), 3, 4);
  unsigned line = 0;
  try {
    line = __LINE__; m(1, 4) = 1;
    FAIL() << "no bounds_error";
  } catch (const clpar::bounds_error& e) {
    EXPECT_EQ(e.index(), 4u);
    EXPECT_EQ(e.extent(), 4u);
    EXPECT_EQ(e.line(), line);
    EXPECT_NE(std::string(e.file()).find("view_test.cpp"), std::string::npos);
  }
  try {
    (void)m(3, 0);
    FAIL() << "no bounds_error";
  } catch (const clpar::bounds_error& e) {
    EXPECT_EQ(e.index(), 3u);
    EXPECT_EQ(e.extent(), 3u);
  }
  EXPECT_EQ(buf, std::vector<int>(12, 0));
}

TEST(View, IntegerIndexBesideASliceIsChecked) {
  auto buf = iota(12);
  const view<int, 2> m(buf.data(), 3, 4);
  EXPECT_THROW(m(all, 4), clpar::bounds_error);
  EXPECT_THROW(m(5, slice(0, 2)), clpar::bounds_error);
  const view<int, 3> t(buf.data(), 2, 2, 3);
  EXPECT_THROW(t(all, 2, all), clpar::bounds_error);
  EXPECT_NO_THROW(t(all, 1, all));
}

TEST(View, NegativeIndexIsOutOfRange) {
  auto buf = iota(4);
  const view<int> v(buf);
  try {
    (void)v[-1];
    FAIL() << "no bounds_error";
  } catch (const std::out_of_range& e) {  // bounds_error is a std::out_of_range
    const auto* b = dynamic_cast<const clpar::bounds_error*>(&e);
    ASSERT_NE(b, nullptr);
    EXPECT_EQ(b->index(), static_cast<std::size_t>(-1));
    EXPECT_EQ(b->extent(), 4u);
  }
}

TEST(View, RangeEndsAreInRange) {
  auto buf = iota(4);
  const view<int> v(buf);
  EXPECT_EQ(v[0], 0);
  EXPECT_EQ(v[3], 3);
  EXPECT_EQ(v(3), 3);
  const view<int> r = v[slice(3, -1, -1)];
  EXPECT_EQ(r[3], 0);
  EXPECT_THROW(r[4], clpar::bounds_error);
}

TEST(View, SyncHostDoesNothingInHeaderOnlyBuilds) {
  auto buf = iota(3);
  const view<int> v(buf);
  v.sync_host();
  EXPECT_EQ(buf, iota(3));
}

}  // namespace
