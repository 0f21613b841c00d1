// clpar/rt/instantiation.hpp - what a translated loop in a template chooses by.
//
// A loop written in a template becomes an `if constexpr` chain with one branch per
// instantiation the translator saw, each with its own kernel; the conditions compare
// template parameters with their arguments.  Parameter packs are compared as lists.
//
// A lambda's closure type has no name a template could compare with, and its captures
// no names the host could read.  The translator therefore wraps a lambda whose closure
// reaches a translated loop as a template argument or an object the loop calls:
//
//   transform(v, [a, &w](float x) { ... })
//   transform(v, ::clpar::rt::tag_closure<0x...ULL>([a, &w](float x) { ... },
//                                                   a, ::clpar::rt::closure_ref(w)))
//
// The result is the closure itself (a class derived from it, called the same way) with
// a tag the chain compares (closure_key_v) and a copy of what the lambda captured, made
// from the same variables at the same time, which the stub reads (closure_capture).  A
// lambda written in a template also carries the template's arguments
// (`tag_closure<0x...ULL, ::clpar::rt::type_list<T>>`, closure_context_t): one text
// makes a closure type per instantiation.
#ifndef CLPAR_RT_INSTANTIATION_HPP
#define CLPAR_RT_INSTANTIATION_HPP

#include <cstddef>
#include <type_traits>

namespace clpar::rt {

template <class...>
struct type_list {};

template <auto...>
struct value_list {};

/// A capture by reference, kept as the variable's address.
template <class T>
struct closure_ref {
  T *address;
  constexpr explicit closure_ref(T &v) noexcept : address(&v) {}
};

template <class T>
struct is_closure_ref : std::false_type {};

template <class T>
struct is_closure_ref<closure_ref<T>> : std::true_type {};

/// The values a tagged closure captured, in the order the lambda lists its captures:
/// trivially copyable values, clpar::views and std::vectors, each copied once.
template <class... C>
struct closure_captures {};

template <class H, class... T>
struct closure_captures<H, T...> {
  H head;
  closure_captures<T...> tail;
  constexpr explicit closure_captures(const H &h, const T &...t) : head(h), tail(t...) {}
};

/// The closure \p L tagged \p Tag; \p Context: for a lambda written in a template, the
/// template's arguments (a type_list), which tell its instantiations' closures apart.
template <unsigned long long Tag, class Context, class L, class... C>
struct tagged_closure : L {
  closure_captures<C...> clpar_captures_;
  constexpr tagged_closure(L l, const C &...c)
      : L(static_cast<L &&>(l)), clpar_captures_(c...) {}
};

/// The lambda \p l with the tag \p Tag and copies of its captures \p c.
template <unsigned long long Tag, class Context = void, class L, class... C>
constexpr tagged_closure<Tag, Context, L, C...> tag_closure(L l, const C &...c) {
  return tagged_closure<Tag, Context, L, C...>(static_cast<L &&>(l), c...);
}

template <class T>
struct closure_tag : std::integral_constant<unsigned long long, 0> {
  using context = void;
};

template <unsigned long long Tag, class Context, class L, class... C>
struct closure_tag<tagged_closure<Tag, Context, L, C...>>
    : std::integral_constant<unsigned long long, Tag> {
  using context = Context;
};

/// The template arguments of \p T's closure's lambda (void where it is not written in a
/// template, or \p T is no tagged closure).
template <class T>
using closure_context_t =
    typename closure_tag<std::remove_cv_t<std::remove_reference_t<T>>>::context;

/// The tag of \p T's closure (0 for any other type) and its qualifiers: const (1), an
/// lvalue reference (2), an rvalue reference (4).
template <class T>
inline constexpr unsigned long long closure_key_v =
    closure_tag<std::remove_cv_t<std::remove_reference_t<T>>>::value << 3 |
    (std::is_const_v<std::remove_reference_t<T>> ? 1ULL : 0ULL) |
    (std::is_lvalue_reference_v<T> ? 2ULL : 0ULL) |
    (std::is_rvalue_reference_v<T> ? 4ULL : 0ULL);

namespace detail {
template <std::size_t I, class... C>
constexpr const auto &capture_at(const closure_captures<C...> &c) noexcept {
  if constexpr (I == 0)
    return c.head;
  else
    return capture_at<I - 1>(c.tail);
}
} // namespace detail

/// What the closure \p f captured as its capture \p I: its copy, or the variable it
/// refers to.
template <std::size_t I, class F>
constexpr decltype(auto) closure_capture(const F &f) noexcept {
  const auto &c = detail::capture_at<I>(f.clpar_captures_);
  if constexpr (is_closure_ref<std::remove_cv_t<std::remove_reference_t<decltype(c)>>>::value)
    return *c.address;
  else
    return c;
}

} // namespace clpar::rt

#endif // CLPAR_RT_INSTANTIATION_HPP
