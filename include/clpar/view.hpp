// clpar/view.hpp - clpar::view<T, Rank>, a non-owning strided view of host memory.
//
// A view is a pointer to element (0, ..., 0) plus an extent and a stride (in elements, may
// be negative) per dimension, like a Cython typed memoryview.  It is a small trivially
// copyable value, shallow-const like a pointer: a const view still writes its elements.
//
// Assignment, by value category of the left-hand side:
//   w = v;              named view (lvalue): rebinds w to v's memory; anything but a view on
//                       the right, and compound assignment, do not compile
//   v[all] = e;         view prvalue (a slice, a function's result): element-wise, as NumPy
//   v[all] += e;        element-wise compound assignment, through a prvalue only
// So `auto s = v[slice(a, b)]; s = w;` rebinds s, while `s[all] = w;` copies elements.
// Beware the most vexing parse: `clpar::view<int>(buf)[all] = e;` declares an array named
// buf; write `clpar::view<int>{buf}[all] = e;`.
//
// Element access is bounds checked unless CLPAR_NO_BOUNDS_CHECK is defined (SPEC 1.4).
#ifndef CLPAR_VIEW_HPP
#define CLPAR_VIEW_HPP

#include <array>
#include <concepts>
#include <cstddef>
#include <type_traits>
#include <utility>
#include <vector>
#if !defined(__clang__)
#include <source_location>
#endif

#include "clpar/errors.hpp"
#include "clpar/ops.hpp"
#include "clpar/slice.hpp"

namespace clpar {

template <class T, std::size_t Rank = 1>
class view;

template <class Op, class... Operands>
class expr;

namespace detail {

/// Arithmetic types other than long double (SPEC 1.1) and, an addition, trivially
/// copyable structs, with base classes or not (arrays of structures; clpar++ offloads
/// those whose layout OpenCL C shares, docs/user-guide.md).
template <class T>
inline constexpr bool is_element_type_v =
    !std::is_volatile_v<T> &&
    ((std::is_arithmetic_v<T> && !std::is_same_v<std::remove_const_t<T>, long double>) ||
     (std::is_class_v<T> && std::is_trivially_copyable_v<T>));

template <class T>
struct is_view : std::false_type {};
template <class T, std::size_t Rank>
struct is_view<view<T, Rank>> : std::true_type {};
template <class T>
inline constexpr bool is_view_v = is_view<T>::value;

/// Where an element access was written: file, line and column of the caller.
struct call_site {
  const char* file;
  unsigned line;
  unsigned column;
#if !defined(__clang__)
  constexpr call_site(const std::source_location& s) noexcept  // NOLINT: implicit on purpose
      : file(s.file_name()), line(s.line()), column(s.column()) {}
#else
  constexpr call_site(const char* f, unsigned l, unsigned c) noexcept
      : file(f), line(l), column(c) {}
#endif
};

// A default argument that evaluates to the caller's location.  Clang: the builtins (clang 15
// reports the header's line for source_location::current() in a default argument, clang 14
// with libstdc++ 12 has no <source_location>).  GCC 12 has no __builtin_COLUMN.
#if defined(__clang__)
#define CLPAR_DETAIL_CALL_SITE \
  ::clpar::detail::call_site { __builtin_FILE(), __builtin_LINE(), __builtin_COLUMN() }
#else
#define CLPAR_DETAIL_CALL_SITE \
  ::clpar::detail::call_site { std::source_location::current() }
#endif

template <class I>
concept index_integer = std::integral<I> && !std::same_as<std::remove_cv_t<I>, bool>;

/// The index of v[i].  operator[] takes exactly one argument, so the caller's location
/// rides on the converting constructor's default argument.
struct checked_index {
  std::size_t value;
  call_site site;

  template <index_integer I>
  constexpr checked_index(I i, call_site s = CLPAR_DETAIL_CALL_SITE) noexcept  // NOLINT
      : value(static_cast<std::size_t>(i)), site(s) {}
};

/// A braced list of integers of any types, as in view<float, 2>(p, {rows, cols}, {s0, s1}).
template <class V, std::size_t N>
struct index_list {
  std::array<V, N> values;

  template <index_integer... I>
    requires(sizeof...(I) == N)
  constexpr index_list(I... i) noexcept  // NOLINT: implicit on purpose
      : values{static_cast<V>(i)...} {}
  constexpr index_list(const std::array<V, N>& a) noexcept : values(a) {}  // NOLINT
};

[[noreturn, gnu::cold, gnu::noinline]] inline void throw_bounds_error(const call_site& site,
                                                                      std::size_t index,
                                                                      std::size_t extent) {
  throw bounds_error(site.file, site.line, site.column, index, extent);
}

/// Checks one index against one extent (unless CLPAR_NO_BOUNDS_CHECK).  A negative index
/// converted to size_t is huge, so one unsigned comparison covers both ends.
constexpr void check_index([[maybe_unused]] std::size_t index, [[maybe_unused]] std::size_t extent,
                           [[maybe_unused]] const call_site& site) {
#if !defined(CLPAR_NO_BOUNDS_CHECK)
  if (index >= extent) [[unlikely]]
    throw_bounds_error(site, index, extent);
#endif
}

template <class A>
inline constexpr bool is_slice_v = std::is_same_v<A, slice>;

/// One argument of m(...): an integer index (drops the dimension) or a slice (keeps it).
template <class A>
concept subscript = index_integer<A> || is_slice_v<A>;

template <class... A>
inline constexpr std::size_t slice_count_v = (std::size_t{0} + ... + std::size_t{is_slice_v<A>});

template <class T, class... A>
using subscript_result_t =
    std::conditional_t<(slice_count_v<A...> == 0), T&,
                       view<T, (slice_count_v<A...> == 0 ? 1 : slice_count_v<A...>)>>;

template <class T, std::size_t Rank, class... A>
constexpr subscript_result_t<T, A...> apply_subscripts(const view<T, Rank>& v,
                                                       const call_site& site, A... a);

// Defined in expr.hpp: element-wise assignment into a view (SPEC 1.2).
template <class T, std::size_t Rank, class Source>
void assign(const view<T, Rank>& destination, const Source& source);
template <class Op, class T, std::size_t Rank, class Source>
void compound_assign(const view<T, Rank>& destination, const Source& source);

template <class T>
struct is_expr : std::false_type {};
template <class Op, class... Operands>
struct is_expr<expr<Op, Operands...>> : std::true_type {};
template <class T>
inline constexpr bool is_expr_v = is_expr<T>::value;

/// A view or an expression node: something with a shape and elements.
template <class T>
concept array_operand = is_view_v<T> || is_expr_v<T>;
/// What element-wise operators and functions accept: arrays and arithmetic scalars.
template <class T>
concept operand = array_operand<T> || std::is_arithmetic_v<T>;

template <class T>
struct value_of {
  using type = T;  // a scalar
};
template <array_operand T>
struct value_of<T> {
  using type = typename T::value_type;
};
template <class T>
using value_of_t = typename value_of<T>::type;

/// Op applies to elements of these operands (float % float does not).
template <class Op, class... A>
concept valid_op = requires(value_of_t<A>... v) { Op::apply(v...); };

}  // namespace detail

template <class T, std::size_t Rank>
class view {
  static_assert(detail::is_element_type_v<T>,
                "clpar::view: T must be an arithmetic type other than long double, or a "
                "trivially copyable struct, optionally const");
  static_assert(Rank >= 1 && Rank <= 4, "clpar::view: Rank must be 1 to 4");

 public:
  using element_type = T;
  using value_type = std::remove_cv_t<T>;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using pointer = T*;
  using reference = T&;

  static constexpr std::size_t rank() noexcept { return Rank; }

  /// An empty view (size 0), to assign to later.
  constexpr view() noexcept { set_c_order_strides(); }

  /// A C-order (row-major) view of extents e0, ..., e(Rank-1) starting at data.
  template <detail::index_integer... E>
    requires(sizeof...(E) == Rank)
  constexpr view(T* data, E... extents) noexcept
      : data_(data), extent_{static_cast<std::size_t>(extents)...} {
    set_c_order_strides();
  }

  /// Explicit extents and strides (in elements): view<float, 2>(p, {rows, cols}, {s0, s1}).
  constexpr view(T* data, detail::index_list<std::size_t, Rank> extents,
                 detail::index_list<std::ptrdiff_t, Rank> strides) noexcept
      : data_(data), extent_(extents.values), stride_(strides.values) {}

  /// The elements of a std::vector or std::array (rank 1).  Not of a temporary.
  template <class A>
    requires(Rank == 1 && !std::is_same_v<value_type, bool>)
  view(std::vector<value_type, A>& v) noexcept  // NOLINT: implicit like std::span's
      : view(v.data(), v.size()) {}
  template <class A>
    requires(Rank == 1 && !std::is_same_v<value_type, bool> && std::is_const_v<T>)
  view(const std::vector<value_type, A>& v) noexcept  // NOLINT
      : view(v.data(), v.size()) {}
  template <class A>
  view(const std::vector<value_type, A>&&) = delete;
  template <std::size_t N>
    requires(Rank == 1)
  constexpr view(std::array<value_type, N>& a) noexcept  // NOLINT
      : view(a.data(), N) {}
  template <std::size_t N>
    requires(Rank == 1 && std::is_const_v<T>)
  constexpr view(const std::array<value_type, N>& a) noexcept  // NOLINT
      : view(a.data(), N) {}
  template <std::size_t N>
  view(const std::array<value_type, N>&&) = delete;

  /// view<float> converts to view<const float>.
  template <class U>
    requires(std::is_same_v<const U, T> && !std::is_same_v<U, T>)
  constexpr view(const view<U, Rank>& other) noexcept  // NOLINT
      : data_(other.data()), extent_(other.extents()), stride_(other.strides()) {}

  constexpr view(const view&) noexcept = default;

  // --- assignment (see the file comment) ---

  /// Rebinds a named view.
  constexpr view& operator=(const view&) & noexcept = default;

  /// A named view is rebound only to a view; to write its elements use w[all] = e.
  template <class E>
    requires(!detail::is_view_v<std::remove_cvref_t<E>>)
  void operator=(E&&) & = delete;

  /// Element-wise assignment through a view prvalue (v[all] = e, m(all, all) = 0).
  template <class E>
    requires(!std::is_const_v<T> && detail::operand<std::remove_cvref_t<E>>)
  void operator=(E&& e) && {
    detail::assign(*this, static_cast<const std::remove_cvref_t<E>&>(e));
  }

#define CLPAR_DETAIL_COMPOUND(op, name)                                                  \
  template <class E>                                                                     \
    requires(!std::is_const_v<T> && detail::operand<std::remove_cvref_t<E>> &&           \
             detail::valid_op<detail::ops::name, value_type, std::remove_cvref_t<E>>)    \
  void operator op(E&& e) && {                                                           \
    detail::compound_assign<detail::ops::name>(*this,                                    \
                                               static_cast<const std::remove_cvref_t<E>&>(e)); \
  }                                                                                      \
  /* On a named view: write v[all] op e. */                                              \
  template <class E>                                                                     \
  void operator op(E&&) & = delete;

  CLPAR_DETAIL_COMPOUND(+=, plus)
  CLPAR_DETAIL_COMPOUND(-=, minus)
  CLPAR_DETAIL_COMPOUND(*=, multiplies)
  CLPAR_DETAIL_COMPOUND(/=, divides)
  CLPAR_DETAIL_COMPOUND(%=, modulus)
  CLPAR_DETAIL_COMPOUND(&=, bit_and)
  CLPAR_DETAIL_COMPOUND(|=, bit_or)
  CLPAR_DETAIL_COMPOUND(^=, bit_xor)
  CLPAR_DETAIL_COMPOUND(<<=, shift_left)
  CLPAR_DETAIL_COMPOUND(>>=, shift_right)
#undef CLPAR_DETAIL_COMPOUND

  // --- shape ---

  /// Points at element (0, ..., 0).
  constexpr T* data() const noexcept { return data_; }
  constexpr std::size_t extent(std::size_t d) const noexcept { return extent_[d]; }
  constexpr std::ptrdiff_t stride(std::size_t d) const noexcept { return stride_[d]; }
  constexpr const std::array<std::size_t, Rank>& extents() const noexcept { return extent_; }
  constexpr const std::array<std::ptrdiff_t, Rank>& strides() const noexcept { return stride_; }
  constexpr std::size_t size() const noexcept {
    std::size_t n = 1;
    for (std::size_t e : extent_) n *= e;
    return n;
  }
  constexpr bool empty() const noexcept { return size() == 0; }

  /// C order: the elements are data()[0], ..., data()[size() - 1], row-major.  Strides of
  /// dimensions of extent 1 do not matter; an empty view is contiguous.
  constexpr bool is_contiguous() const noexcept {
    if (size() == 0) return true;
    std::ptrdiff_t expected = 1;
    for (std::size_t d = Rank; d-- > 0;) {
      if (extent_[d] != 1 && stride_[d] != expected) return false;
      expected *= static_cast<std::ptrdiff_t>(extent_[d]);
    }
    return true;
  }

  /// Brings the host copy of this view's memory up to date (SPEC 1.5).  Memory is always
  /// on the host in header-only builds, so this does nothing there.
  void sync_host() const {}

  // --- element access and slicing ---

  /// v[i] (rank 1): the element, bounds checked.
  constexpr T& operator[](detail::checked_index i) const
    requires(Rank == 1)
  {
    detail::check_index(i.value, extent_[0], i.site);
    return data_[static_cast<std::ptrdiff_t>(i.value) * stride_[0]];
  }
  /// v[slice(b, e, s)] (rank 1): a sub-view.
  constexpr view operator[](const slice& s) const
    requires(Rank == 1)
  {
    return detail::apply_subscripts(*this, CLPAR_DETAIL_CALL_SITE, s);
  }

  /// m(i, j), m(all, j), m(slice(b, e), slice(b2, e2, s)): one argument per dimension.
  /// Integers select an element of their dimension (bounds checked) and drop it; slices
  /// keep it.  All integers give the element (a reference), otherwise a view of the rank
  /// that the number of slices gives.
  template <detail::subscript A0>
    requires(Rank == 1)
  constexpr detail::subscript_result_t<T, A0> operator()(
      A0 a0, detail::call_site site = CLPAR_DETAIL_CALL_SITE) const {
    return detail::apply_subscripts(*this, site, a0);
  }
  template <detail::subscript A0, detail::subscript A1>
    requires(Rank == 2)
  constexpr detail::subscript_result_t<T, A0, A1> operator()(
      A0 a0, A1 a1, detail::call_site site = CLPAR_DETAIL_CALL_SITE) const {
    return detail::apply_subscripts(*this, site, a0, a1);
  }
  template <detail::subscript A0, detail::subscript A1, detail::subscript A2>
    requires(Rank == 3)
  constexpr detail::subscript_result_t<T, A0, A1, A2> operator()(
      A0 a0, A1 a1, A2 a2, detail::call_site site = CLPAR_DETAIL_CALL_SITE) const {
    return detail::apply_subscripts(*this, site, a0, a1, a2);
  }
  template <detail::subscript A0, detail::subscript A1, detail::subscript A2,
            detail::subscript A3>
    requires(Rank == 4)
  constexpr detail::subscript_result_t<T, A0, A1, A2, A3> operator()(
      A0 a0, A1 a1, A2 a2, A3 a3, detail::call_site site = CLPAR_DETAIL_CALL_SITE) const {
    return detail::apply_subscripts(*this, site, a0, a1, a2, a3);
  }

  // With `using std::min;` in scope, an unqualified min(v, w) of two views of one type
  // would pick std::min<view> (more specialised than a two-type template) and fail inside
  // it.  These non-template hidden friends win that tie.
  friend expr<detail::ops::min, view, view> min(const view& a, const view& b) {
    return expr<detail::ops::min, view, view>(a, b);
  }
  friend expr<detail::ops::max, view, view> max(const view& a, const view& b) {
    return expr<detail::ops::max, view, view>(a, b);
  }

 private:
  constexpr void set_c_order_strides() noexcept {
    std::ptrdiff_t s = 1;
    for (std::size_t d = Rank; d-- > 0;) {
      stride_[d] = s;
      s *= static_cast<std::ptrdiff_t>(extent_[d]);
    }
  }

  T* data_ = nullptr;
  std::array<std::size_t, Rank> extent_{};
  std::array<std::ptrdiff_t, Rank> stride_{};
};

template <class T, detail::index_integer... E>
view(T*, E...) -> view<T, sizeof...(E)>;
template <class T, class A>
view(std::vector<T, A>&) -> view<T, 1>;
template <class T, class A>
view(const std::vector<T, A>&) -> view<const T, 1>;
template <class T, std::size_t N>
view(std::array<T, N>&) -> view<T, 1>;
template <class T, std::size_t N>
view(const std::array<T, N>&) -> view<const T, 1>;

namespace detail {

template <class T, std::size_t Rank, class... A>
constexpr subscript_result_t<T, A...> apply_subscripts(const view<T, Rank>& v,
                                                       const call_site& site, A... a) {
  static_assert(sizeof...(A) == Rank);
  constexpr std::size_t kept = slice_count_v<A...>;
  std::ptrdiff_t offset = 0;
  if constexpr (kept == 0) {
    std::size_t d = 0;
    const auto index = [&](auto i) {
      const auto u = static_cast<std::size_t>(i);
      check_index(u, v.extent(d), site);
      offset += static_cast<std::ptrdiff_t>(u) * v.stride(d);
      ++d;
    };
    (index(a), ...);
    return v.data()[offset];
  } else {
    std::array<std::size_t, kept> extents{};
    std::array<std::ptrdiff_t, kept> strides{};
    std::size_t d = 0;
    std::size_t k = 0;
    bool empty = false;
    const auto one = [&](auto x) {
      if constexpr (is_slice_v<decltype(x)>) {
        const slice_range r = resolve(x, v.extent(d));
        offset += r.first * v.stride(d);
        extents[k] = r.count;
        // A dimension of one element keeps its stride; this also avoids overflow for
        // huge steps.
        strides[k] = r.count > 1 ? v.stride(d) * r.step : v.stride(d);
        empty = empty || r.count == 0;
        ++k;
      } else {
        const auto u = static_cast<std::size_t>(x);
        check_index(u, v.extent(d), site);
        offset += static_cast<std::ptrdiff_t>(u) * v.stride(d);
      }
      ++d;
    };
    (one(a), ...);
    // An empty result keeps the original pointer: its offset may lie outside the memory.
    return view<T, kept>(empty ? v.data() : v.data() + offset, extents, strides);
  }
}

}  // namespace detail

}  // namespace clpar

#undef CLPAR_DETAIL_CALL_SITE

// The element-wise machinery that view's assignments use; included here so that view.hpp
// alone is complete.  expr.hpp includes view.hpp first, so either order works.
#include "clpar/expr.hpp"

#endif  // CLPAR_VIEW_HPP
