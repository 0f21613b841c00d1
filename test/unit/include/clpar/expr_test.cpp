// Unit tests of clpar/expr.hpp: element-wise expressions, functions, reductions, and
// assignment semantics (shapes, overlap, compound assignment).
#include "clpar/expr.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <stdexcept>
#include <type_traits>
#include <vector>

namespace {

using clpar::all;
using clpar::slice;
using clpar::view;

std::vector<int> iota(std::size_t n, int first = 0) {
  std::vector<int> v(n);
  std::iota(v.begin(), v.end(), first);
  return v;
}

template <class E>
using value_t = typename E::value_type;

// --- types ---

static_assert(std::is_same_v<value_t<decltype(0.5 * std::declval<view<float>>())>, double>);
static_assert(std::is_same_v<value_t<decltype(0.5f * std::declval<view<float>>())>, float>);
static_assert(std::is_same_v<value_t<decltype(std::declval<view<std::uint8_t>>() +
                                              std::declval<view<std::uint8_t>>())>,
                             int>);
static_assert(std::is_same_v<value_t<decltype(std::declval<view<float>>() < 1.0f)>, bool>);
static_assert(
    std::is_same_v<value_t<decltype(clpar::cast<int>(std::declval<view<float>>()))>, int>);
static_assert(decltype(std::declval<view<float, 3>>() * 2)::rank() == 3);

// Expressions never convert to bool, so `if (a == b)` does not compile.
static_assert(!std::is_constructible_v<bool, decltype(std::declval<view<int>>() ==
                                                      std::declval<view<int>>())>);
static_assert(!std::is_constructible_v<bool, view<int>>);

// Integer-only operators.
template <class A, class B>
concept has_modulus = requires(A a, B b) { a % b; };
template <class A, class B>
concept has_shift = requires(A a, B b) { a << b; };
template <class A>
concept has_bit_not = requires(A a) { ~a; };
static_assert(has_modulus<view<int>, view<int>>);
static_assert(has_modulus<view<int>, int>);
static_assert(!has_modulus<view<float>, view<float>>);
static_assert(!has_modulus<view<int>, float>);
static_assert(has_shift<view<unsigned>, int>);
static_assert(!has_shift<view<double>, int>);
static_assert(has_bit_not<view<int>>);
static_assert(!has_bit_not<view<float>>);
static_assert(!has_modulus<int, int*>);  // the operators are only for views and expressions

// Scalar overloads give scalars.
static_assert(std::is_same_v<decltype(clpar::sqrt(2.0f)), float>);
static_assert(std::is_same_v<decltype(clpar::sqrt(2)), double>);
static_assert(std::is_same_v<decltype(clpar::max(1, 2u)), unsigned>);
static_assert(std::is_same_v<decltype(clpar::min(3, 2L)), long>);
static_assert(std::is_same_v<decltype(clpar::abs(3u)), unsigned>);
static_assert(std::is_same_v<decltype(clpar::where(true, 1, 2.0)), double>);
static_assert(std::is_same_v<decltype(clpar::cast<float>(3)), float>);
static_assert(clpar::max(-1, 2u) == std::numeric_limits<unsigned>::max());  // common type
static_assert(clpar::min(3, 2L) == 2L);
static_assert(clpar::abs(7u) == 7u);

// Reduction result types follow C++ promotions.
static_assert(std::is_same_v<decltype(clpar::sum(std::declval<view<std::uint8_t>>())), int>);
static_assert(std::is_same_v<decltype(clpar::sum(std::declval<view<float>>())), float>);
static_assert(std::is_same_v<decltype(clpar::prod(std::declval<view<short>>())), int>);
static_assert(std::is_same_v<decltype(clpar::sum(std::declval<view<bool>>() == true)), int>);
static_assert(
    std::is_same_v<decltype(clpar::min(std::declval<view<std::uint8_t>>())), std::uint8_t>);
static_assert(std::is_same_v<decltype(clpar::dot(std::declval<view<std::uint8_t, 2>>(),
                                                 std::declval<view<std::uint8_t, 2>>())),
                             int>);

// --- evaluation ---

TEST(Expr, Saxpy) {
  std::vector<float> x{1, 2, 3, 4};
  std::vector<float> y{10, 20, 30, 40};
  const float a = 2;
  view<float> vx(x), vy(y);
  vy[all] = a * vx + vy;
  EXPECT_EQ(y, (std::vector<float>{12, 24, 36, 48}));
}

TEST(Expr, ArithmeticOperators) {
  auto a = iota(6, 1);  // 1..6
  std::vector<int> b{7, 5, 3, 2, 9, 4};
  std::vector<int> r(6);
  view<int> va(a), vb(b), vr(r);
  const auto check = [&](auto&& e, auto&& f) {
    vr[all] = e;
    for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(r[i], f(a[i], b[i])) << "at " << i;
  };
  check(va + vb, [](int x, int y) { return x + y; });
  check(va - vb, [](int x, int y) { return x - y; });
  check(va * vb, [](int x, int y) { return x * y; });
  check(vb / va, [](int x, int y) { return y / x; });
  check(vb % va, [](int x, int y) { return y % x; });
  check(va & vb, [](int x, int y) { return x & y; });
  check(va | vb, [](int x, int y) { return x | y; });
  check(va ^ vb, [](int x, int y) { return x ^ y; });
  check(va << vb, [](int x, int y) { return x << y; });
  check(vb >> va, [](int x, int y) { return y >> x; });
  check(-va, [](int x, int) { return -x; });
  check(+va, [](int x, int) { return x; });
  check(~va, [](int x, int) { return ~x; });
  check(!(va - 3), [](int x, int) { return int{!(x - 3)}; });
  check(va == vb - 4, [](int x, int y) { return int{x == y - 4}; });
  check(va != vb - 4, [](int x, int y) { return int{x != y - 4}; });
  check(va < vb, [](int x, int y) { return int{x < y}; });
  check(va <= vb - 1, [](int x, int y) { return int{x <= y - 1}; });
  check(va > vb, [](int x, int y) { return int{x > y}; });
  check(va >= vb, [](int x, int y) { return int{x >= y}; });
  check((va > 2) && (vb > 3), [](int x, int y) { return int{x > 2 && y > 3}; });
  check((va > 4) || (vb < 4), [](int x, int y) { return int{x > 4 || y < 4}; });
}

TEST(Expr, ScalarsBroadcastOnEitherSide) {
  auto a = iota(4);
  std::vector<int> r(4);
  view<int> va(a), vr(r);
  vr[all] = 10 - va;
  EXPECT_EQ(r, (std::vector<int>{10, 9, 8, 7}));
  vr[all] = va - 10;
  EXPECT_EQ(r, (std::vector<int>{-10, -9, -8, -7}));
  vr[all] = 100 / (va + 1) % 7;
  EXPECT_EQ(r, (std::vector<int>{2, 1, 5, 4}));
  vr[all] = 5;
  EXPECT_EQ(r, std::vector<int>(4, 5));
}

TEST(Expr, ConversionsFollowCxx) {
  std::vector<float> f{1.9f, -1.9f, 2.5f};
  std::vector<int> i(3);
  view<float> vf(f);
  view<int> vi(i);
  vi[all] = vf;  // truncation, as int x = 1.9f
  EXPECT_EQ(i, (std::vector<int>{1, -1, 2}));
  std::vector<std::uint8_t> u{200, 100, 255};
  std::vector<int> s(3);
  view<int>{s}[all] = view<std::uint8_t>{u} + view<std::uint8_t>{u};  // int arithmetic
  EXPECT_EQ(s, (std::vector<int>{400, 200, 510}));
  view<std::uint8_t>{u}[all] = view<std::uint8_t>{u} + 100;  // wraps on the store
  EXPECT_EQ(u, (std::vector<std::uint8_t>{44, 200, 99}));
}

TEST(Expr, WorksThroughConstViews) {
  const std::vector<double> x{1, 4, 9};
  std::vector<double> r(3);
  view<const double> cx(x);
  view<double>{r}[all] = clpar::sqrt(cx) + cx;
  EXPECT_EQ(r, (std::vector<double>{2, 6, 12}));
}

TEST(Expr, ElementWiseMathMatchesStd) {
  const std::vector<double> x{0.25, 0.5, 0.75, 0.9};
  const std::vector<double> y{1.5, -0.5, 2.0, -3.25};
  const std::vector<double> z{0.1, 0.2, 0.3, 0.4};
  std::vector<double> r(4);
  view<const double> vx(x), vy(y), vz(z);
  view<double> vr(r);
#define CHECK1(fn, std_fn)                                                   \
  vr[all] = clpar::fn(vx);                                                   \
  for (std::size_t i = 0; i < 4; ++i) {                                      \
    EXPECT_DOUBLE_EQ(r[i], std_fn(x[i])) << #fn << " at " << i;              \
    EXPECT_DOUBLE_EQ(clpar::fn(x[i]), std_fn(x[i])) << #fn << " scalar";     \
  }
#define CHECK2(fn, std_fn)                                                   \
  vr[all] = clpar::fn(vx, vy);                                               \
  for (std::size_t i = 0; i < 4; ++i) {                                      \
    EXPECT_DOUBLE_EQ(r[i], std_fn(x[i], y[i])) << #fn << " at " << i;        \
    EXPECT_DOUBLE_EQ(clpar::fn(x[i], y[i]), std_fn(x[i], y[i])) << #fn;      \
  }
  CHECK1(sqrt, std::sqrt)
  CHECK1(rsqrt, [](double v) { return 1.0 / std::sqrt(v); })
  CHECK1(cbrt, std::cbrt)
  CHECK1(exp, std::exp)
  CHECK1(exp2, std::exp2)
  CHECK1(expm1, std::expm1)
  CHECK1(log, std::log)
  CHECK1(log2, std::log2)
  CHECK1(log10, std::log10)
  CHECK1(log1p, std::log1p)
  CHECK1(sin, std::sin)
  CHECK1(cos, std::cos)
  CHECK1(tan, std::tan)
  CHECK1(asin, std::asin)
  CHECK1(acos, std::acos)
  CHECK1(atan, std::atan)
  CHECK1(sinh, std::sinh)
  CHECK1(cosh, std::cosh)
  CHECK1(tanh, std::tanh)
  CHECK1(fabs, std::fabs)
  CHECK1(floor, std::floor)
  CHECK1(ceil, std::ceil)
  CHECK1(round, std::round)
  CHECK1(trunc, std::trunc)
  CHECK2(atan2, std::atan2)
  CHECK2(pow, std::pow)
  CHECK2(fmin, std::fmin)
  CHECK2(fmax, std::fmax)
  CHECK2(min, std::min)
  CHECK2(max, std::max)
  CHECK2(hypot, std::hypot)
  CHECK2(copysign, std::copysign)
#undef CHECK1
#undef CHECK2
  vr[all] = clpar::abs(vy);
  EXPECT_EQ(r, (std::vector<double>{1.5, 0.5, 2.0, 3.25}));
  vr[all] = clpar::fma(vx, vy, vz);
  for (std::size_t i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(r[i], std::fma(x[i], y[i], z[i]));
  vr[all] = clpar::fma(2.0, vx, 1.0);  // scalars mix in any position
  for (std::size_t i = 0; i < 4; ++i) EXPECT_DOUBLE_EQ(r[i], 2.0 * x[i] + 1.0);
  EXPECT_DOUBLE_EQ(clpar::fma(2.0, 3.0, 1.0), 7.0);
}

TEST(Expr, FloatFunctionsStayFloat) {
  std::vector<float> x{4.0f, 9.0f};
  view<float> vx(x);
  static_assert(std::is_same_v<value_t<decltype(clpar::sqrt(vx))>, float>);
  static_assert(std::is_same_v<value_t<decltype(clpar::rsqrt(vx))>, float>);
  static_assert(std::is_same_v<value_t<decltype(clpar::min(vx, 1.0f))>, float>);
  vx[all] = clpar::rsqrt(vx);
  EXPECT_FLOAT_EQ(x[0], 0.5f);
  EXPECT_FLOAT_EQ(x[1], 1.0f / 3.0f);
}

TEST(Expr, IntegerAbsAndMinMax) {
  std::vector<int> s{-3, 4, -5};
  std::vector<unsigned> u{3u, 4000000000u, 0u};
  std::vector<int> r(3);
  std::vector<unsigned> ru(3);
  view<int> vs(s), vr(r);
  view<unsigned> vu(u), vru(ru);
  vr[all] = clpar::abs(vs);
  EXPECT_EQ(r, (std::vector<int>{3, 4, 5}));
  vru[all] = clpar::abs(vu);  // abs of an unsigned value is the value
  EXPECT_EQ(ru, u);
  vr[all] = clpar::min(vs, 0);
  EXPECT_EQ(r, (std::vector<int>{-3, 0, -5}));
  vr[all] = clpar::max(0, vs);
  EXPECT_EQ(r, (std::vector<int>{0, 4, 0}));
  EXPECT_EQ(clpar::abs(-7), 7);
  EXPECT_EQ(clpar::max(3, 8), 8);
}

TEST(Expr, UnqualifiedMinMaxWithUsingStd) {
  std::vector<int> a{1, 5, 3};
  std::vector<int> b{4, 2, 3};
  std::vector<int> r(3);
  view<int> va(a), vb(b), vr(r);
  using std::max;
  using std::min;
  vr[all] = min(va, vb);  // two views of one type: not std::min
  EXPECT_EQ(r, (std::vector<int>{1, 2, 3}));
  vr[all] = max(va, vb);
  EXPECT_EQ(r, (std::vector<int>{4, 5, 3}));
  vr[all] = max(va + 0, vb + 0);  // two expressions of one type
  EXPECT_EQ(r, (std::vector<int>{4, 5, 3}));
  vr[all] = min(va, vb + 1);
  EXPECT_EQ(r, (std::vector<int>{1, 3, 3}));
  EXPECT_EQ(min(2, 3), 2);  // scalars still get std::min
}

TEST(Expr, WhereEvaluatesOnlyTheSelectedOperand) {
  std::vector<int> a{10, 20, 30, 40};
  std::vector<int> b{2, 0, 5, 0};
  std::vector<int> r(4);
  view<int> va(a), vb(b), vr(r);
  // Integer division by zero traps: evaluating a / b where b == 0 would crash.
  vr[all] = clpar::where(vb != 0, va / vb, -1);
  EXPECT_EQ(r, (std::vector<int>{5, -1, 6, -1}));
  vr[all] = clpar::where(vb == 0, -2, va % vb);
  EXPECT_EQ(r, (std::vector<int>{0, -2, 0, -2}));
}

TEST(Expr, WhereLeavesTheOtherOperandUnevaluated) {
  if (!(math_errhandling & MATH_ERRNO)) GTEST_SKIP() << "math functions do not set errno";
  std::vector<double> x{4.0, -1.0, 9.0, -4.0};
  std::vector<double> r(4);
  view<double> vx(x), vr(r);
  // sqrt of a negative number sets errno, which no optimizer may drop: an eager where
  // would leave EDOM behind.
  errno = 0;
  vr[all] = clpar::where(vx >= 0.0, clpar::sqrt(vx), -1.0);
  EXPECT_EQ(errno, 0);
  EXPECT_EQ(r, (std::vector<double>{2.0, -1.0, 3.0, -1.0}));
  errno = 0;
  EXPECT_EQ(clpar::sum(clpar::where(vx < 0.0, 0.0, clpar::sqrt(vx))), 5.0);
  EXPECT_EQ(errno, 0);
}

TEST(Expr, WhereSpecExample) {
  std::vector<float> x{4.0f, -2.0f, 0.0f, 9.0f};
  std::vector<float> d(4);
  view<float> vx(x), vd(d);
  vd[all] = clpar::where(vx > 0.0f, clpar::sqrt(vx), -vx);
  EXPECT_EQ(d, (std::vector<float>{2.0f, 2.0f, 0.0f, 3.0f}));
  EXPECT_EQ(clpar::where(false, 1, 2), 2);
  static_assert(std::is_same_v<value_t<decltype(clpar::where(vx > 0.0f, 1, 2.0))>, double>);
}

TEST(Expr, Cast) {
  std::vector<double> x{1.7, -2.2, 3.5};
  std::vector<double> r(3);
  view<double> vx(x), vr(r);
  vr[all] = clpar::cast<int>(vx) * 2;
  EXPECT_EQ(r, (std::vector<double>{2, -4, 6}));
  EXPECT_EQ(clpar::cast<int>(2.9), 2);
}

TEST(Expr, StoredExpressionsHoldOperandsByValueAndEvaluateLazily) {
  auto a = iota(6);
  view<int> va(a);
  const auto e = va[slice(0, 3)] * 2 + va[slice(3, 6)];  // the slice views are temporaries
  a[0] = 100;                                            // seen: evaluation is lazy
  std::vector<int> r(3);
  view<int>{r}[all] = e;
  EXPECT_EQ(r, (std::vector<int>{203, 6, 9}));
  EXPECT_EQ(clpar::sum(e), 218);
  EXPECT_EQ(e.size(), 3u);
  EXPECT_EQ(e.extent(0), 3u);
}

// --- shapes ---

TEST(Expr, MismatchedOperandsThrowShapeError) {
  auto a = iota(4);
  auto b = iota(5);
  view<int> va(a), vb(b);
  EXPECT_THROW((void)(va + vb), clpar::shape_error);
  EXPECT_THROW((void)(va + vb), std::invalid_argument);
  std::vector<int> m(12);
  view<int, 2> vm(m.data(), 3, 4);
  EXPECT_THROW((void)(vm(all, all) + vm(slice(0, 2), all)), clpar::shape_error);
  EXPECT_NO_THROW((void)(vm(slice(1, 3), all) + vm(slice(0, 2), all)));
}

TEST(Expr, ShapeErrorBeforeAnythingIsWritten) {
  auto a = iota(4);
  auto b = iota(5, 10);
  view<int> va(a), vb(b);
  EXPECT_THROW(va[all] = vb, clpar::shape_error);
  EXPECT_THROW(va[all] = vb * 2, clpar::shape_error);
  EXPECT_THROW(va[all] += vb, clpar::shape_error);
  EXPECT_THROW(va[slice(0, 3)] = vb[slice(0, 4)], clpar::shape_error);
  EXPECT_EQ(a, iota(4));
  std::vector<int> m(12, 1);
  view<int, 2> vm(m.data(), 3, 4);
  EXPECT_THROW(vm(all, all) = vm(all, slice(0, 3)) + 1, clpar::shape_error);
  EXPECT_THROW(vm(all, all) = vm(slice(2, -1, -1), slice(0, 3)), clpar::shape_error);
  EXPECT_EQ(m, std::vector<int>(12, 1));
  try {
    va[all] = vb;
  } catch (const clpar::shape_error& e) {
    EXPECT_NE(std::string(e.what()).find("(4) and (5)"), std::string::npos) << e.what();
  }
}

TEST(Expr, EmptyDestinations) {
  std::vector<int> a(3, 1);
  view<int> va(a);
  va[slice(2, 2)] = 5;
  va[slice(2, 2)] = va[slice(0, 0)] * 3;
  EXPECT_EQ(a, std::vector<int>(3, 1));
  view<int> w;
  w[all] = 7;
  EXPECT_THROW(w[all] = va, clpar::shape_error);
}

// --- overlap: NumPy semantics ---

TEST(Expr, OverlappingShiftRight) {
  auto a = iota(8);
  view<int> v(a);
  v[slice(1, 8)] = v[slice(0, 7)];
  EXPECT_EQ(a, (std::vector<int>{0, 0, 1, 2, 3, 4, 5, 6}));
}

TEST(Expr, OverlappingShiftLeft) {
  auto a = iota(8);
  view<int> v(a);
  v[slice(0, 7)] = v[slice(1, 8)];
  EXPECT_EQ(a, (std::vector<int>{1, 2, 3, 4, 5, 6, 7, 7}));
}

TEST(Expr, OverlappingShiftInsideAnExpression) {
  auto a = iota(6);
  view<int> v(a);
  v[slice(1, 6)] = v[slice(0, 5)] + v[slice(1, 6)];  // every right side uses old values
  EXPECT_EQ(a, (std::vector<int>{0, 1, 3, 5, 7, 9}));
}

TEST(Expr, ReverseInPlace) {
  auto a = iota(7);
  view<int> v(a);
  v[all] = v[slice(6, -1, -1)];
  EXPECT_EQ(a, (std::vector<int>{6, 5, 4, 3, 2, 1, 0}));
  v[slice(6, -1, -1)] = v * 10;
  EXPECT_EQ(a, (std::vector<int>{0, 10, 20, 30, 40, 50, 60}));
}

TEST(Expr, InterleavedHalves) {
  auto a = iota(8);
  view<int> v(a);
  v[slice(0, 8, 2)] = v[slice(1, 8, 2)];
  EXPECT_EQ(a, (std::vector<int>{1, 1, 3, 3, 5, 5, 7, 7}));
}

TEST(Expr, TransposeInPlace) {
  auto a = iota(9);
  view<int, 2> m(a.data(), 3, 3);
  const view<int, 2> t(a.data(), {3, 3}, {1, 3});
  m(all, all) = t;
  EXPECT_EQ(a, (std::vector<int>{0, 3, 6, 1, 4, 7, 2, 5, 8}));
}

TEST(Expr, StencilSpecExample) {
  const std::size_t rows = 3, n = 6;
  std::vector<float> a(rows * n);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = static_cast<float>(i * i % 7);
  std::vector<float> expect = a;
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 1; j + 1 < n; ++j)
      expect[i * n + j] = 0.5f * (a[i * n + j - 1] + a[i * n + j + 1]);
  view<float, 2> m(a.data(), rows, n);
  m(all, slice(1, n - 1)) = 0.5f * (m(all, slice(0, n - 2)) + m(all, slice(2, n)));
  EXPECT_EQ(a, expect);
}

TEST(Expr, TwoDimensionalRowShift) {
  auto a = iota(12);
  view<int, 2> m(a.data(), 4, 3);
  m(slice(1, 4), all) = m(slice(0, 3), all) + 100;
  EXPECT_EQ(a, (std::vector<int>{0, 1, 2, 100, 101, 102, 103, 104, 105, 106, 107, 108}));
}

TEST(Expr, TemporaryOnlyWhenNeeded) {
  using clpar::detail::needs_temporary;
  std::vector<float> x(8), y(8);
  view<float> vx(x), vy(y);
  EXPECT_FALSE(needs_temporary(vy, 2.0f * vx + vy));          // y itself, element for element
  EXPECT_FALSE(needs_temporary(vy[slice(0, 4)], vy[slice(4, 8)]));  // disjoint halves
  EXPECT_FALSE(needs_temporary(vy[slice(0, 4)], vy[slice(0, 4)] * vx[slice(4, 8)]));
  EXPECT_TRUE(needs_temporary(vy[slice(1, 8)], vy[slice(0, 7)]));
  EXPECT_TRUE(needs_temporary(vy, vy[slice(7, -1, -1)]));  // same memory, other order
  EXPECT_TRUE(needs_temporary(vy, vx + vy[slice(7, -1, -1)]));
  std::vector<float> m(16);
  view<float, 2> vm(m.data(), 4, 4);
  EXPECT_FALSE(needs_temporary(vm(all, slice(0, 2)), vm(all, slice(0, 2)) + 1.0f));
  EXPECT_TRUE(needs_temporary(vm(all, slice(0, 2)), vm(all, slice(1, 3))));
  // A view of another element type over the same bytes is not "the same elements".
  const view<std::int32_t> as_int(reinterpret_cast<std::int32_t*>(y.data()), 8);
  const view<std::int16_t> as_short(reinterpret_cast<std::int16_t*>(y.data()), 8);
  EXPECT_FALSE(needs_temporary(vy, clpar::cast<float>(as_int)));
  EXPECT_TRUE(needs_temporary(vy, clpar::cast<float>(as_short)));
}

// --- compound assignment ---

TEST(Expr, CompoundAssignmentThroughSlices) {
  auto a = iota(6);
  view<int> v(a);
  v[slice(0, 6, 2)] += 10;
  EXPECT_EQ(a, (std::vector<int>{10, 1, 12, 3, 14, 5}));
  v[all] -= 1;
  v[slice(1, 6, 2)] *= v[slice(0, 6, 2)];
  EXPECT_EQ(a, (std::vector<int>{9, 0, 11, 22, 13, 52}));
  v[all] /= 2;
  EXPECT_EQ(a, (std::vector<int>{4, 0, 5, 11, 6, 26}));
  v[all] %= 4;
  v[all] |= 8;
  v[all] &= 13;
  v[all] ^= 1;
  v[all] <<= 2;
  v[all] >>= 1;
  EXPECT_EQ(a, (std::vector<int>{18, 18, 16, 16, 18, 18}));
}

TEST(Expr, CompoundAssignmentSeesOldValuesWhenOverlapping) {
  auto a = iota(6, 1);  // 1..6
  view<int> v(a);
  v[slice(1, 6)] += v[slice(0, 5)];  // NumPy: a[1:] += a[:-1]
  EXPECT_EQ(a, (std::vector<int>{1, 3, 5, 7, 9, 11}));
}

TEST(Expr, CompoundAssignmentOnMatrices) {
  std::vector<double> a(6, 1.0);
  view<double, 2> m(a.data(), 2, 3);
  m(all, all) += 1.5;
  m(all, 0) *= 2.0;
  m(1, all) /= 5.0;
  EXPECT_EQ(a, (std::vector<double>{5.0, 2.5, 2.5, 1.0, 0.5, 0.5}));
  std::vector<std::uint8_t> u{250, 5};
  view<std::uint8_t>{u}[all] += 10;  // computed as int, stored as uint8_t
  EXPECT_EQ(u, (std::vector<std::uint8_t>{4, 15}));
}

// --- ranks 2 to 4, every traversal path ---

TEST(Expr, Rank3NonContiguous) {
  const std::size_t I = 3, J = 4, K = 5;
  std::vector<int> a(I * J * K), b(I * J * K, 0);
  std::iota(a.begin(), a.end(), 0);
  view<int, 3> va(a.data(), I, J, K), vb(b.data(), I, J, K);
  // The destination has unit inner stride, the source reversed columns: strided path.
  vb(all, slice(0, 2), all) = va(all, slice(2, 4), slice(4, -1, -1)) * 2;
  for (std::size_t i = 0; i < I; ++i)
    for (std::size_t j = 0; j < J; ++j)
      for (std::size_t k = 0; k < K; ++k)
        EXPECT_EQ(vb(i, j, k), j < 2 ? 2 * va(i, j + 2, K - 1 - k) : 0);
  // Unit inner stride everywhere but not contiguous: row path.
  vb(all, all, slice(0, 3)) = va(all, all, slice(2, 5)) + 1;
  for (std::size_t i = 0; i < I; ++i)
    for (std::size_t j = 0; j < J; ++j)
      for (std::size_t k = 0; k < 3; ++k) EXPECT_EQ(vb(i, j, k), va(i, j, k + 2) + 1);
  // Everything contiguous: one flat row.
  vb(all, all, all) = va - 1;
  for (std::size_t n = 0; n < b.size(); ++n) EXPECT_EQ(b[n], a[n] - 1);
}

TEST(Expr, Rank4) {
  std::vector<int> a(2 * 3 * 2 * 4);
  std::iota(a.begin(), a.end(), 0);
  std::vector<int> r(a.size(), 0);
  view<int, 4> va(a.data(), 2, 3, 2, 4), vr(r.data(), 2, 3, 2, 4);
  vr(all, all, all, slice(0, 4, 2)) = va(slice(1, -1, -1), all, all, slice(1, 4, 2));
  for (std::size_t i = 0; i < 2; ++i)
    for (std::size_t j = 0; j < 3; ++j)
      for (std::size_t k = 0; k < 2; ++k)
        for (std::size_t l = 0; l < 4; ++l)
          EXPECT_EQ(vr(i, j, k, l), l % 2 == 0 ? va(1 - i, j, k, l + 1) : 0);
  EXPECT_EQ(clpar::sum(va), 1128);
  EXPECT_EQ(clpar::max(va(all, 2, all, all)), 47);
}

TEST(Expr, FillStridedAndColumns) {
  std::vector<float> a(12, 0.0f);
  view<float, 2> m(a.data(), 3, 4);
  m(all, 1) = 2.5f;
  m(slice(0, 3, 2), slice(3, -1, -3)) = 1;
  EXPECT_EQ(a, (std::vector<float>{1, 2.5f, 0, 1, 0, 2.5f, 0, 0, 1, 2.5f, 0, 1}));
}

// --- reductions ---

TEST(Reduction, SumProdMinMax) {
  std::vector<int> a{3, -1, 4, 1, -5, 9};
  view<int> v(a);
  EXPECT_EQ(clpar::sum(v), 11);
  EXPECT_EQ(clpar::prod(v), 540);
  EXPECT_EQ(clpar::min(v), -5);
  EXPECT_EQ(clpar::max(v), 9);
  EXPECT_EQ(clpar::sum(v[slice(5, -1, -2)]), 9 + 1 - 1);
  EXPECT_EQ(clpar::max(v * v), 81);
  EXPECT_EQ(clpar::min(v[slice(0, 2)]), -1);
}

TEST(Reduction, Rank2StridedAndReversed) {
  std::vector<double> a(12);
  std::iota(a.begin(), a.end(), 1.0);
  view<double, 2> m(a.data(), 3, 4);
  EXPECT_EQ(clpar::sum(m), 78.0);
  EXPECT_EQ(clpar::sum(m(all, slice(3, -1, -2))), 4.0 + 2 + 8 + 6 + 12 + 10);
  EXPECT_EQ(clpar::max(m(all, 0)), 9.0);
  EXPECT_EQ(clpar::min(m(slice(2, -1, -1), slice(1, 4))), 2.0);
  EXPECT_EQ(clpar::prod(m(0, all)), 24.0);
}

TEST(Reduction, EmptyRanges) {
  std::vector<int> a{1, 2};
  view<int> v(a);
  const auto e = v[slice(1, 1)];
  EXPECT_EQ(clpar::sum(e), 0);
  EXPECT_EQ(clpar::prod(e), 1);
  EXPECT_THROW(clpar::min(e), std::invalid_argument);
  EXPECT_THROW(clpar::max(e * 2), std::invalid_argument);
  EXPECT_THROW(clpar::min(view<float, 3>()), std::invalid_argument);
}

TEST(Reduction, SumOfUint8IsAnInt) {
  std::vector<std::uint8_t> a(1000, 200);
  view<std::uint8_t> v(a);
  const auto s = clpar::sum(v);
  static_assert(std::is_same_v<decltype(s), const int>);
  EXPECT_EQ(s, 200000);
  EXPECT_EQ(clpar::sum(v > 100), 1000);  // counting with bools
}

TEST(Reduction, Dot) {
  std::vector<float> a{1, 2, 3}, b{4, 5, 6};
  EXPECT_EQ(clpar::dot(view<float>(a), view<float>(b)), 32.0f);
  std::vector<int> m(6);
  std::iota(m.begin(), m.end(), 1);
  view<int, 2> vm(m.data(), 2, 3);
  EXPECT_EQ(clpar::dot(vm, vm), 91);
  EXPECT_EQ(clpar::dot(vm(all, slice(2, -1, -1)), vm),
            3 * 1 + 2 * 2 + 1 * 3 + 6 * 4 + 5 * 5 + 4 * 6);
  EXPECT_EQ(clpar::dot(vm, 2), 42);
}

TEST(Reduction, Cep525SumOfSquaresOfEveryOther) {
  std::vector<float> a(10);
  std::iota(a.begin(), a.end(), 0.0f);
  view<float> v(a);
  const std::size_t n = a.size();
  const float s = clpar::sum(v[slice(0, n, 2)] * v[slice(0, n, 2)]);
  EXPECT_EQ(s, 0.0f + 4 + 16 + 36 + 64);
}

TEST(Reduction, MinMaxFirstOfEqualAndNaN) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> a{2.0f, nan, 1.0f};
  view<float> v(a);
  EXPECT_EQ(clpar::min(v), 1.0f);  // as std::min folded from the left
  EXPECT_EQ(clpar::max(v), 2.0f);
  EXPECT_TRUE(std::isnan(clpar::max(v[slice(1, 3)])));
}

TEST(Reduction, ScalarMaxInALoop) {
  std::vector<int> a{3, 8, 1};
  view<int> v(a);
  int m = std::numeric_limits<int>::min();
  for (std::size_t i = 0; i < v.size(); ++i) m = clpar::max(m, v[i]);
  EXPECT_EQ(m, 8);
}

}  // namespace
