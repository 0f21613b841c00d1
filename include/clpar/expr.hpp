// clpar/expr.hpp - element-wise slice expressions: operators, functions, reductions and
// assignment into views (SPEC 1.2).
//
// `a * x + y` builds an expr node tree that holds its operands by value (views are small,
// and a stored `auto e = a * x;` must not dangle on slice temporaries); nothing is computed
// until the tree is assigned to a view or reduced.  Evaluation walks the destination's shape
// row by row: each leaf becomes a cursor (a pointer to the row and the stride along it), and
// the innermost loop indexes the cursors.  Where every leaf has unit stride along the last
// dimension the loop uses p[i], which the compiler vectorizes; where everything is
// contiguous in C order, all dimensions are walked as one row.
//
// Terminology
//   operand    a view, an expr, or an arithmetic scalar (broadcast to every element)
//   leaf       a view inside an expression tree
//   cursor     a leaf (or scalar, or node) positioned on one row of the iteration space
//   temporary  a buffer the right-hand side is evaluated into first, made only when a
//              leaf's memory overlaps the destination's without being the destination
//              itself element for element (NumPy's assignment semantics)
#ifndef CLPAR_EXPR_HPP
#define CLPAR_EXPR_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <tuple>
#include <type_traits>
#include <utility>

#include "clpar/view.hpp"

namespace clpar {

namespace detail {

/// A scalar operand, as an expression node stores it.
template <class S>
struct scalar {
  S value;
};

template <class S>
struct value_of<scalar<S>> {
  using type = S;
};

template <class T>
using stored_t = std::conditional_t<std::is_arithmetic_v<T>, scalar<T>, T>;

template <class T>
constexpr stored_t<T> store(const T& t) noexcept {
  if constexpr (std::is_arithmetic_v<T>)
    return scalar<T>{t};
  else
    return t;
}

template <class T>
inline constexpr std::size_t rank_of_v = 0;  // scalars
template <array_operand T>
inline constexpr std::size_t rank_of_v<T> = T::rank();

/// The rank of an expression: that of its array operands, which must all agree.
template <class... A>
inline constexpr std::size_t common_rank_v = [] {
  std::size_t r = 0;
  ((r = rank_of_v<A> > r ? rank_of_v<A> : r), ...);
  return r;
}();
template <class... A>
inline constexpr bool same_rank_v =
    ((rank_of_v<A> == 0 || rank_of_v<A> == common_rank_v<A...>) && ...);

template <std::size_t R>
constexpr std::array<std::ptrdiff_t, R> c_order_strides(
    const std::array<std::size_t, R>& extents) noexcept {
  std::array<std::ptrdiff_t, R> strides{};
  std::ptrdiff_t s = 1;
  for (std::size_t d = R; d-- > 0;) {
    strides[d] = s;
    s *= static_cast<std::ptrdiff_t>(extents[d]);
  }
  return strides;
}

template <std::size_t R>
std::string shape_string(const std::array<std::size_t, R>& extents) {
  std::string s = "(";
  for (std::size_t d = 0; d < R; ++d) {
    if (d) s += ", ";
    s += std::to_string(extents[d]);
  }
  return s + ")";
}

template <std::size_t R>
[[noreturn, gnu::cold, gnu::noinline]] void throw_shape_error(const char* what,
                                                              const std::array<std::size_t, R>& a,
                                                              const std::array<std::size_t, R>& b) {
  throw shape_error(std::string("clpar: ") + what + " have different shapes: " + shape_string(a) +
                    " and " + shape_string(b));
}

}  // namespace detail

/// A node of an element-wise expression: Op applied to Operands (views, exprs, and
/// detail::scalar for broadcast scalars), each held by value.  Made by the operators and
/// functions below; all array operands must have the same rank (checked at compile time)
/// and the same extents (shape_error at construction).
template <class Op, class... Operands>
class expr {
  static_assert((detail::array_operand<Operands> || ...),
                "clpar::expr: at least one operand must be a view or an expression");
  static_assert(detail::same_rank_v<Operands...>,
                "clpar: operands of an element-wise expression must have the same rank");
  static constexpr std::size_t rank_ = detail::common_rank_v<Operands...>;

 public:
  using value_type =
      std::remove_cvref_t<decltype(Op::apply(std::declval<detail::value_of_t<Operands>>()...))>;

  static constexpr std::size_t rank() noexcept { return rank_; }

  explicit expr(Operands... operands)
      : operands_(std::move(operands)...), extents_(common_extents()) {}

  const std::array<std::size_t, rank_>& extents() const noexcept { return extents_; }
  std::size_t extent(std::size_t d) const noexcept { return extents_[d]; }
  std::size_t size() const noexcept {
    std::size_t n = 1;
    for (std::size_t e : extents_) n *= e;
    return n;
  }
  const std::tuple<Operands...>& operands() const noexcept { return operands_; }

  // See view's hidden friends: unqualified min(e, e) with `using std::min;` in scope.
  friend expr<detail::ops::min, expr, expr> min(const expr& a, const expr& b) {
    return expr<detail::ops::min, expr, expr>(a, b);
  }
  friend expr<detail::ops::max, expr, expr> max(const expr& a, const expr& b) {
    return expr<detail::ops::max, expr, expr>(a, b);
  }

 private:
  std::array<std::size_t, rank_> common_extents() const {
    std::array<std::size_t, rank_> first{};
    bool seen = false;
    const auto check = [&first, &seen](const auto& operand) {
      if constexpr (detail::array_operand<std::remove_cvref_t<decltype(operand)>>) {
        if (!seen) {
          first = operand.extents();
          seen = true;
        } else if (operand.extents() != first) {
          detail::throw_shape_error("operands", first, operand.extents());
        }
      }
    };
    std::apply([&check](const auto&... operand) { (check(operand), ...); }, operands_);
    return first;
  }

  std::tuple<Operands...> operands_;
  std::array<std::size_t, rank_> extents_;
};

namespace detail {

template <class Op, class... A>
auto make_expr(const A&... a) {
  return expr<Op, stored_t<A>...>(store(a)...);
}

template <class A, class B>
concept binary_operands =
    operand<A> && operand<B> && (array_operand<A> || array_operand<B>);

}  // namespace detail

// --- operators ---

#define CLPAR_DETAIL_BINARY(op, name)                                                      \
  template <class A, class B>                                                              \
    requires detail::binary_operands<A, B> && detail::valid_op<detail::ops::name, A, B>    \
  auto operator op(const A& a, const B& b) {                                               \
    return detail::make_expr<detail::ops::name>(a, b);                                     \
  }

CLPAR_DETAIL_BINARY(+, plus)
CLPAR_DETAIL_BINARY(-, minus)
CLPAR_DETAIL_BINARY(*, multiplies)
CLPAR_DETAIL_BINARY(/, divides)
CLPAR_DETAIL_BINARY(%, modulus)
CLPAR_DETAIL_BINARY(&, bit_and)
CLPAR_DETAIL_BINARY(|, bit_or)
CLPAR_DETAIL_BINARY(^, bit_xor)
CLPAR_DETAIL_BINARY(<<, shift_left)
CLPAR_DETAIL_BINARY(>>, shift_right)
// An explicit != keeps C++20 from rewriting it as !(a == b), which needs a bool.
CLPAR_DETAIL_BINARY(==, equal_to)
CLPAR_DETAIL_BINARY(!=, not_equal_to)
CLPAR_DETAIL_BINARY(<, less)
CLPAR_DETAIL_BINARY(<=, less_equal)
CLPAR_DETAIL_BINARY(>, greater)
CLPAR_DETAIL_BINARY(>=, greater_equal)
// Element-wise, so both sides are always evaluated (no short circuit).
CLPAR_DETAIL_BINARY(&&, logical_and)
CLPAR_DETAIL_BINARY(||, logical_or)
#undef CLPAR_DETAIL_BINARY

#define CLPAR_DETAIL_UNARY(op, name)                                                       \
  template <class A>                                                                       \
    requires detail::array_operand<A> && detail::valid_op<detail::ops::name, A>            \
  auto operator op(const A& a) {                                                           \
    return detail::make_expr<detail::ops::name>(a);                                        \
  }

CLPAR_DETAIL_UNARY(-, negate)
CLPAR_DETAIL_UNARY(+, unary_plus)
CLPAR_DETAIL_UNARY(!, logical_not)
CLPAR_DETAIL_UNARY(~, bit_not)
#undef CLPAR_DETAIL_UNARY

// --- element-wise functions ---
//
// Each takes views and expressions (giving an expression) or only plain scalars (giving a
// scalar, so that `x = clpar::max(x, v[i])` works in a loop).

#define CLPAR_DETAIL_FUNCTION(name, arity)                                                 \
  template <class... A>                                                                    \
    requires(sizeof...(A) == (arity) && (detail::operand<A> && ...) &&                     \
             (detail::array_operand<A> || ...) && detail::valid_op<detail::ops::name, A...>) \
  auto name(const A&... a) {                                                               \
    return detail::make_expr<detail::ops::name>(a...);                                     \
  }                                                                                        \
  template <class... S>                                                                    \
    requires(sizeof...(S) == (arity) && (std::is_arithmetic_v<S> && ...))                  \
  constexpr auto name(S... s) noexcept -> decltype(detail::ops::name::apply(s...)) {       \
    return detail::ops::name::apply(s...);                                                 \
  }

CLPAR_DETAIL_FUNCTION(sqrt, 1)
CLPAR_DETAIL_FUNCTION(rsqrt, 1)
CLPAR_DETAIL_FUNCTION(cbrt, 1)
CLPAR_DETAIL_FUNCTION(exp, 1)
CLPAR_DETAIL_FUNCTION(exp2, 1)
CLPAR_DETAIL_FUNCTION(expm1, 1)
CLPAR_DETAIL_FUNCTION(log, 1)
CLPAR_DETAIL_FUNCTION(log2, 1)
CLPAR_DETAIL_FUNCTION(log10, 1)
CLPAR_DETAIL_FUNCTION(log1p, 1)
CLPAR_DETAIL_FUNCTION(sin, 1)
CLPAR_DETAIL_FUNCTION(cos, 1)
CLPAR_DETAIL_FUNCTION(tan, 1)
CLPAR_DETAIL_FUNCTION(asin, 1)
CLPAR_DETAIL_FUNCTION(acos, 1)
CLPAR_DETAIL_FUNCTION(atan, 1)
CLPAR_DETAIL_FUNCTION(sinh, 1)
CLPAR_DETAIL_FUNCTION(cosh, 1)
CLPAR_DETAIL_FUNCTION(tanh, 1)
CLPAR_DETAIL_FUNCTION(abs, 1)
CLPAR_DETAIL_FUNCTION(fabs, 1)
CLPAR_DETAIL_FUNCTION(floor, 1)
CLPAR_DETAIL_FUNCTION(ceil, 1)
CLPAR_DETAIL_FUNCTION(round, 1)
CLPAR_DETAIL_FUNCTION(trunc, 1)
CLPAR_DETAIL_FUNCTION(atan2, 2)
CLPAR_DETAIL_FUNCTION(pow, 2)
CLPAR_DETAIL_FUNCTION(fmin, 2)
CLPAR_DETAIL_FUNCTION(fmax, 2)
CLPAR_DETAIL_FUNCTION(min, 2)
CLPAR_DETAIL_FUNCTION(max, 2)
CLPAR_DETAIL_FUNCTION(hypot, 2)
CLPAR_DETAIL_FUNCTION(copysign, 2)
CLPAR_DETAIL_FUNCTION(fma, 3)
/// where(cond, a, b): a where cond holds, else b; only the selected operand is evaluated
/// for each element, like ?:.
CLPAR_DETAIL_FUNCTION(where, 3)
#undef CLPAR_DETAIL_FUNCTION

/// Converts each element to T with static_cast.
template <class T, class A>
  requires detail::array_operand<A> && std::is_arithmetic_v<T>
auto cast(const A& a) {
  return detail::make_expr<detail::ops::cast<T>>(a);
}
template <class T, class S>
  requires std::is_arithmetic_v<S> && std::is_arithmetic_v<T>
constexpr T cast(S s) noexcept {
  return static_cast<T>(s);
}

// --- evaluation ---

namespace detail {

/// The indices of the dimensions other than the last: which row.
template <std::size_t R>
using outer_index = std::array<std::size_t, R - 1>;

template <class T>
struct view_cursor {
  T* p;
  std::ptrdiff_t s;
  template <bool Unit>
  T& get(std::size_t i) const noexcept {
    if constexpr (Unit)
      return p[i];
    else
      return p[static_cast<std::ptrdiff_t>(i) * s];
  }
};

template <class S>
struct scalar_cursor {
  S v;
  template <bool Unit>
  S get(std::size_t) const noexcept {
    return v;
  }
};

template <class Op, class... C>
struct expr_cursor {
  std::tuple<C...> c;
  template <bool Unit>
  auto get(std::size_t i) const noexcept {
    return get_<Unit>(i, std::index_sequence_for<C...>{});
  }
  template <bool Unit, std::size_t... I>
  auto get_(std::size_t i, std::index_sequence<I...>) const noexcept {
    return Op::apply(std::get<I>(c).template get<Unit>(i)...);
  }
};

/// where: only the selected operand is evaluated.
template <class C, class X, class Y>
struct expr_cursor<ops::where, C, X, Y> {
  std::tuple<C, X, Y> c;
  template <bool Unit>
  auto get(std::size_t i) const noexcept {
    using R = decltype(ops::where::apply(std::get<0>(c).template get<Unit>(i),
                                         std::get<1>(c).template get<Unit>(i),
                                         std::get<2>(c).template get<Unit>(i)));
    if (std::get<0>(c).template get<Unit>(i))
      return static_cast<R>(std::get<1>(c).template get<Unit>(i));
    return static_cast<R>(std::get<2>(c).template get<Unit>(i));
  }
};

template <std::size_t R, class T>
view_cursor<T> make_cursor(const view<T, R>& v, const outer_index<R>& o) noexcept {
  std::ptrdiff_t offset = 0;
  for (std::size_t d = 0; d + 1 < R; ++d) offset += static_cast<std::ptrdiff_t>(o[d]) * v.stride(d);
  return {v.data() + offset, v.stride(R - 1)};
}

template <std::size_t R, class S>
scalar_cursor<S> make_cursor(const scalar<S>& s, const outer_index<R>&) noexcept {
  return {s.value};
}

template <std::size_t R, class Op, class... A>
auto make_cursor(const expr<Op, A...>& e, const outer_index<R>& o) noexcept {
  return std::apply(
      [&o](const auto&... a) {
        return expr_cursor<Op, decltype(make_cursor<R>(a, o))...>{{make_cursor<R>(a, o)...}};
      },
      e.operands());
}

/// Calls f(view) for every view in a stored operand.
template <class T, std::size_t R, class F>
void for_each_leaf(const view<T, R>& v, F&& f) {
  f(v);
}
template <class S, class F>
void for_each_leaf(const scalar<S>&, F&&) {}
template <class Op, class... A, class F>
void for_each_leaf(const expr<Op, A...>& e, F&& f) {
  std::apply([&f](const auto&... a) { (for_each_leaf(a, f), ...); }, e.operands());
}

/// Every leaf is contiguous in C order (so, with equal shapes, element k of each is its
/// data()[k]).
template <class N>
bool all_contiguous(const N& n) noexcept {
  bool yes = true;
  for_each_leaf(n, [&yes](const auto& v) { yes = yes && v.is_contiguous(); });
  return yes;
}

/// Every leaf has unit stride along the last dimension (or at most one element there).
template <class N>
bool all_unit_inner(const N& n) noexcept {
  bool yes = true;
  for_each_leaf(n, [&yes](const auto& v) {
    constexpr std::size_t last = std::remove_cvref_t<decltype(v)>::rank() - 1;
    yes = yes && (v.extent(last) <= 1 || v.stride(last) == 1);
  });
  return yes;
}

/// Calls f(outer_index) for every row of a non-empty shape, in C order.
template <std::size_t R, class F>
void for_each_row(const std::array<std::size_t, R>& extents, F&& f) {
  outer_index<R> o{};
  if constexpr (R == 1) {
    f(o);
  } else {
    for (;;) {
      f(o);
      std::size_t d = R - 1;
      for (;;) {
        if (d == 0) return;
        --d;
        if (++o[d] < extents[d]) break;
        o[d] = 0;
      }
    }
  }
}

template <bool Unit, class V, class DC, class SC>
void assign_row(DC d, SC s, std::size_t n) noexcept {
  for (std::size_t i = 0; i < n; ++i)
    d.template get<Unit>(i) = static_cast<V>(s.template get<Unit>(i));
}

/// dst = src element by element, in C order, assuming equal shapes, a non-empty
/// destination, and no harmful overlap.
template <class T, std::size_t R, class N>
void assign_elements(const view<T, R>& dst, const N& src) noexcept {
  using V = std::remove_const_t<T>;
  if constexpr (R > 1) {
    if (dst.is_contiguous() && all_contiguous(src)) {
      const outer_index<R> zero{};
      assign_row<true, V>(make_cursor<R>(dst, zero), make_cursor<R>(src, zero), dst.size());
      return;
    }
  }
  const std::size_t n = dst.extent(R - 1);
  if ((dst.extent(R - 1) <= 1 || dst.stride(R - 1) == 1) && all_unit_inner(src)) {
    for_each_row<R>(dst.extents(), [&](const outer_index<R>& o) {
      assign_row<true, V>(make_cursor<R>(dst, o), make_cursor<R>(src, o), n);
    });
  } else {
    for_each_row<R>(dst.extents(), [&](const outer_index<R>& o) {
      assign_row<false, V>(make_cursor<R>(dst, o), make_cursor<R>(src, o), n);
    });
  }
}

/// Calls f(element) for every element of a non-empty view or expression, in C order.
template <class N, class F>
void for_each_value(const N& e, F&& f) {
  constexpr std::size_t R = N::rank();
  if constexpr (R > 1) {
    if (all_contiguous(e)) {
      const auto c = make_cursor<R>(e, outer_index<R>{});
      for (std::size_t i = 0, n = e.size(); i < n; ++i) f(c.template get<true>(i));
      return;
    }
  }
  const std::size_t n = e.extents()[R - 1];
  if (all_unit_inner(e)) {
    for_each_row<R>(e.extents(), [&](const outer_index<R>& o) {
      const auto c = make_cursor<R>(e, o);
      for (std::size_t i = 0; i < n; ++i) f(c.template get<true>(i));
    });
  } else {
    for_each_row<R>(e.extents(), [&](const outer_index<R>& o) {
      const auto c = make_cursor<R>(e, o);
      for (std::size_t i = 0; i < n; ++i) f(c.template get<false>(i));
    });
  }
}

/// The bytes [lo, hi) a view's elements lie in; lo == hi for an empty view.
struct address_range {
  std::uintptr_t lo;
  std::uintptr_t hi;
};

template <class T, std::size_t R>
address_range address_range_of(const view<T, R>& v) noexcept {
  if (v.size() == 0) return {0, 0};
  std::ptrdiff_t lo = 0;
  std::ptrdiff_t hi = 0;
  for (std::size_t d = 0; d < R; ++d) {
    const std::ptrdiff_t span = static_cast<std::ptrdiff_t>(v.extent(d) - 1) * v.stride(d);
    (span < 0 ? lo : hi) += span;
  }
  const auto base = reinterpret_cast<std::uintptr_t>(v.data());
  const auto size = static_cast<std::ptrdiff_t>(sizeof(T));
  return {base + static_cast<std::uintptr_t>(lo * size),
          base + static_cast<std::uintptr_t>((hi + 1) * size)};
}

/// The leaf is the destination element for element: element k of one lies exactly where
/// element k of the other does.  (Shapes are known to be equal.)
template <class T, std::size_t R, class U>
bool same_elements(const view<T, R>& dst, const view<U, R>& leaf) noexcept {
  if (sizeof(T) != sizeof(U) ||
      reinterpret_cast<std::uintptr_t>(dst.data()) != reinterpret_cast<std::uintptr_t>(leaf.data()))
    return false;
  for (std::size_t d = 0; d < R; ++d)
    if (dst.extent(d) > 1 && dst.stride(d) != leaf.stride(d)) return false;
  return true;
}

/// Whether assigning src to dst must go through a temporary: some leaf's memory overlaps
/// the destination's and the leaf is not the destination itself element for element.
template <class T, std::size_t R, class N>
bool needs_temporary(const view<T, R>& dst, const N& src) noexcept {
  const address_range d = address_range_of(dst);
  bool needed = false;
  for_each_leaf(src, [&](const auto& leaf) {
    if constexpr (std::remove_cvref_t<decltype(leaf)>::rank() == R) {
      const address_range l = address_range_of(leaf);
      if (l.lo < d.hi && d.lo < l.hi && !same_elements(dst, leaf)) needed = true;
    }
  });
  return needed;
}

template <class T, std::size_t R, class Source>
void assign(const view<T, R>& dst, const Source& source) {
  static_assert(!std::is_const_v<T>, "clpar: cannot assign through a view of const elements");
  if constexpr (std::is_arithmetic_v<Source>) {
    if (dst.size() != 0) assign_elements(dst, scalar<Source>{source});
  } else if constexpr (Source::rank() != R) {
    static_assert(Source::rank() == R,
                  "clpar: the destination and the expression must have the same rank");
  } else {
    if (dst.extents() != source.extents())
      throw_shape_error("destination and expression", dst.extents(), source.extents());
    if (dst.size() == 0) return;
    if (needs_temporary(dst, source)) {
      // NumPy semantics: the right-hand side is evaluated completely before any element
      // is written.  The temporary holds the converted values, exactly what is written.
      using V = std::remove_const_t<T>;
      const std::unique_ptr<V[]> buffer(new V[dst.size()]);
      const view<V, R> temporary(buffer.get(), dst.extents(), c_order_strides(dst.extents()));
      assign_elements(temporary, source);
      assign_elements(dst, temporary);
    } else {
      assign_elements(dst, source);
    }
  }
}

template <class Op, class T, std::size_t R, class Source>
void compound_assign(const view<T, R>& dst, const Source& source) {
  // dst op= e is dst = dst op e; dst is then a leaf that is the destination itself.
  assign(dst, make_expr<Op>(dst, source));
}

}  // namespace detail

// --- reductions ---

/// The sum of all elements, in the type V + V has (a sum of uint8_t is an int); 0 when
/// empty.
template <class E>
  requires detail::array_operand<E>
auto sum(const E& e) {
  using V = typename E::value_type;
  using S = decltype(std::declval<V>() + std::declval<V>());
  S acc = S(0);
  if (e.size() != 0) detail::for_each_value(e, [&acc](V v) { acc = static_cast<S>(acc + v); });
  return acc;
}

/// The product of all elements, in the type V * V has; 1 when empty.
template <class E>
  requires detail::array_operand<E>
auto prod(const E& e) {
  using V = typename E::value_type;
  using P = decltype(std::declval<V>() * std::declval<V>());
  P acc = P(1);
  if (e.size() != 0) detail::for_each_value(e, [&acc](V v) { acc = static_cast<P>(acc * v); });
  return acc;
}

/// The smallest element (the first of equal ones, as std::min).  Throws
/// std::invalid_argument when empty.
template <class E>
  requires detail::array_operand<E>
typename E::value_type min(const E& e) {
  using V = typename E::value_type;
  if (e.size() == 0) throw std::invalid_argument("clpar::min: empty expression");
  constexpr std::size_t R = E::rank();
  V best = detail::make_cursor<R>(e, detail::outer_index<R>{}).template get<false>(0);
  detail::for_each_value(e, [&best](V v) {
    if (v < best) best = v;
  });
  return best;
}

/// The largest element.  Throws std::invalid_argument when empty.
template <class E>
  requires detail::array_operand<E>
typename E::value_type max(const E& e) {
  using V = typename E::value_type;
  if (e.size() == 0) throw std::invalid_argument("clpar::max: empty expression");
  constexpr std::size_t R = E::rank();
  V best = detail::make_cursor<R>(e, detail::outer_index<R>{}).template get<false>(0);
  detail::for_each_value(e, [&best](V v) {
    if (best < v) best = v;
  });
  return best;
}

/// sum(a * b), any rank.
template <class A, class B>
  requires detail::binary_operands<A, B> && detail::valid_op<detail::ops::multiplies, A, B>
auto dot(const A& a, const B& b) {
  return sum(a * b);
}

}  // namespace clpar

#endif  // CLPAR_EXPR_HPP
