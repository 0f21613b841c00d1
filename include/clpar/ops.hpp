// clpar/ops.hpp - the scalar operation behind each element-wise operator and function.
//
// Each operation is a stateless type with a static apply() on plain values.  Its return
// type is written as decltype of the C++ expression it stands for, so result types follow
// C++ promotions and an operation the element types do not support (float % float) is a
// substitution failure that removes the operator, not a hard error.  expr.hpp builds
// expression nodes over these; the scalar overloads of clpar::sqrt & co. call them directly.
#ifndef CLPAR_OPS_HPP
#define CLPAR_OPS_HPP

#include <cmath>
#include <cstdlib>
#include <type_traits>

namespace clpar::detail::ops {

#define CLPAR_DETAIL_BINARY_OPERATOR(name, op)                                \
  struct name {                                                               \
    template <class X, class Y>                                               \
    static constexpr auto apply(X x, Y y) noexcept -> decltype(x op y) {      \
      return x op y;                                                          \
    }                                                                         \
  };

CLPAR_DETAIL_BINARY_OPERATOR(plus, +)
CLPAR_DETAIL_BINARY_OPERATOR(minus, -)
CLPAR_DETAIL_BINARY_OPERATOR(multiplies, *)
CLPAR_DETAIL_BINARY_OPERATOR(divides, /)
CLPAR_DETAIL_BINARY_OPERATOR(modulus, %)
CLPAR_DETAIL_BINARY_OPERATOR(bit_and, &)
CLPAR_DETAIL_BINARY_OPERATOR(bit_or, |)
CLPAR_DETAIL_BINARY_OPERATOR(bit_xor, ^)
CLPAR_DETAIL_BINARY_OPERATOR(shift_left, <<)
CLPAR_DETAIL_BINARY_OPERATOR(shift_right, >>)
CLPAR_DETAIL_BINARY_OPERATOR(equal_to, ==)
CLPAR_DETAIL_BINARY_OPERATOR(not_equal_to, !=)
CLPAR_DETAIL_BINARY_OPERATOR(less, <)
CLPAR_DETAIL_BINARY_OPERATOR(less_equal, <=)
CLPAR_DETAIL_BINARY_OPERATOR(greater, >)
CLPAR_DETAIL_BINARY_OPERATOR(greater_equal, >=)
CLPAR_DETAIL_BINARY_OPERATOR(logical_and, &&)
CLPAR_DETAIL_BINARY_OPERATOR(logical_or, ||)
#undef CLPAR_DETAIL_BINARY_OPERATOR

#define CLPAR_DETAIL_UNARY_OPERATOR(name, op)                                          \
  struct name {                                                                        \
    template <class X>                                                                 \
    static constexpr auto apply(X x) noexcept -> decltype(op x) { return op x; }       \
  };

CLPAR_DETAIL_UNARY_OPERATOR(negate, -)
CLPAR_DETAIL_UNARY_OPERATOR(unary_plus, +)
CLPAR_DETAIL_UNARY_OPERATOR(logical_not, !)
CLPAR_DETAIL_UNARY_OPERATOR(bit_not, ~)
#undef CLPAR_DETAIL_UNARY_OPERATOR

// Math functions map to the <cmath> overload C++ picks: sqrt(int) is a double, sqrt(float)
// a float.  Only arithmetic arguments: the std templates are otherwise too greedy.
#define CLPAR_DETAIL_MATH1(name)                                                    \
  struct name {                                                                     \
    template <class X>                                                              \
      requires std::is_arithmetic_v<X>                                              \
    static auto apply(X x) noexcept -> decltype(std::name(x)) { return std::name(x); } \
  };
#define CLPAR_DETAIL_MATH2(name)                                                    \
  struct name {                                                                     \
    template <class X, class Y>                                                     \
      requires std::is_arithmetic_v<X> && std::is_arithmetic_v<Y>                   \
    static auto apply(X x, Y y) noexcept -> decltype(std::name(x, y)) {             \
      return std::name(x, y);                                                       \
    }                                                                               \
  };

CLPAR_DETAIL_MATH1(sqrt)
CLPAR_DETAIL_MATH1(cbrt)
CLPAR_DETAIL_MATH1(exp)
CLPAR_DETAIL_MATH1(exp2)
CLPAR_DETAIL_MATH1(expm1)
CLPAR_DETAIL_MATH1(log)
CLPAR_DETAIL_MATH1(log2)
CLPAR_DETAIL_MATH1(log10)
CLPAR_DETAIL_MATH1(log1p)
CLPAR_DETAIL_MATH1(sin)
CLPAR_DETAIL_MATH1(cos)
CLPAR_DETAIL_MATH1(tan)
CLPAR_DETAIL_MATH1(asin)
CLPAR_DETAIL_MATH1(acos)
CLPAR_DETAIL_MATH1(atan)
CLPAR_DETAIL_MATH1(sinh)
CLPAR_DETAIL_MATH1(cosh)
CLPAR_DETAIL_MATH1(tanh)
CLPAR_DETAIL_MATH1(fabs)
CLPAR_DETAIL_MATH1(floor)
CLPAR_DETAIL_MATH1(ceil)
CLPAR_DETAIL_MATH1(round)
CLPAR_DETAIL_MATH1(trunc)
CLPAR_DETAIL_MATH2(atan2)
CLPAR_DETAIL_MATH2(pow)
CLPAR_DETAIL_MATH2(fmin)
CLPAR_DETAIL_MATH2(fmax)
CLPAR_DETAIL_MATH2(hypot)
CLPAR_DETAIL_MATH2(copysign)
#undef CLPAR_DETAIL_MATH1
#undef CLPAR_DETAIL_MATH2

/// 1 / sqrt(x), in the type sqrt(x) has.
struct rsqrt {
  template <class X>
    requires std::is_arithmetic_v<X>
  static auto apply(X x) noexcept -> decltype(std::sqrt(x)) {
    using R = decltype(std::sqrt(x));
    return R(1) / std::sqrt(x);
  }
};

/// abs of an unsigned value is the value (std::abs(unsigned) is ambiguous).
struct abs {
  template <class X>
    requires std::is_arithmetic_v<X> && std::is_unsigned_v<X>
  static constexpr X apply(X x) noexcept {
    return x;
  }
  template <class X>
    requires std::is_arithmetic_v<X> && std::is_signed_v<X>
  static auto apply(X x) noexcept -> decltype(std::abs(x)) {
    return std::abs(x);
  }
};

struct fma {
  template <class X, class Y, class Z>
    requires std::is_arithmetic_v<X> && std::is_arithmetic_v<Y> && std::is_arithmetic_v<Z>
  static auto apply(X x, Y y, Z z) noexcept -> decltype(std::fma(x, y, z)) {
    return std::fma(x, y, z);
  }
};

/// min and max in the common type of their operands, with std::min/std::max's choice on
/// ties and NaN (the first operand unless the second is strictly smaller/larger).
struct min {
  template <class X, class Y>
    requires std::is_arithmetic_v<X> && std::is_arithmetic_v<Y>
  static constexpr auto apply(X x, Y y) noexcept -> std::common_type_t<X, Y> {
    using C = std::common_type_t<X, Y>;
    return static_cast<C>(y) < static_cast<C>(x) ? static_cast<C>(y) : static_cast<C>(x);
  }
};
struct max {
  template <class X, class Y>
    requires std::is_arithmetic_v<X> && std::is_arithmetic_v<Y>
  static constexpr auto apply(X x, Y y) noexcept -> std::common_type_t<X, Y> {
    using C = std::common_type_t<X, Y>;
    return static_cast<C>(x) < static_cast<C>(y) ? static_cast<C>(y) : static_cast<C>(x);
  }
};

template <class T>
struct cast {
  template <class X>
    requires std::is_arithmetic_v<X>
  static constexpr T apply(X x) noexcept {
    return static_cast<T>(x);
  }
};

/// cond ? x : y.  Expression nodes of where evaluate only the selected operand (see
/// expr.hpp); apply() serves the result type and the all-scalar overload.
struct where {
  template <class C, class X, class Y>
  static constexpr auto apply(C c, X x, Y y) noexcept
      -> std::remove_cvref_t<decltype(c ? x : y)> {
    return c ? x : y;
  }
};

}  // namespace clpar::detail::ops

#endif  // CLPAR_OPS_HPP
