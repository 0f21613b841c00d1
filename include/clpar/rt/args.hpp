// clpar/rt/args.hpp - turning the user's arrays and scalars into launch arguments.
//
// Generated host stubs call view_arg_of() for every array a region uses and scalar_arg_of()
// for every scalar it reads.  Arrays are clpar::view (any rank), std::vector and std::array
// (rank 1, contiguous).
#ifndef CLPAR_RT_ARGS_HPP
#define CLPAR_RT_ARGS_HPP

#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <type_traits>
#include <vector>

#include "clpar/rt/region.hpp"

namespace clpar {
// Declared here so that translated files can include this header before the user's own
// #include <clpar/clpar.hpp> (which may depend on macros the user defines first).
template <class T, std::size_t Rank>
class view;
}  // namespace clpar

namespace clpar::rt {

template <class T, std::size_t Rank>
view_arg view_arg_of(const view<T, Rank>& v, bool written) noexcept {
  view_arg a{};
  a.data = const_cast<std::remove_const_t<T>*>(v.data());
  a.elem_size = sizeof(T);
  a.rank = static_cast<std::uint32_t>(Rank);
  for (std::size_t d = 0; d < Rank; ++d) {
    a.extent[d] = v.extent(d);
    a.stride[d] = v.stride(d);
  }
  a.written = written;
  return a;
}

template <class T>
view_arg contiguous_arg(T* data, std::size_t n, bool written) noexcept {
  view_arg a{};
  a.data = const_cast<std::remove_const_t<T>*>(data);
  a.elem_size = sizeof(T);
  a.rank = 1;
  a.extent[0] = n;
  a.stride[0] = 1;
  a.written = written;
  return a;
}

template <class T, class A>
view_arg view_arg_of(const std::vector<T, A>& v, bool written) noexcept {
  static_assert(!std::is_same_v<T, bool>, "std::vector<bool> has no element storage to offload");
  return contiguous_arg(v.data(), v.size(), written);
}

template <class T, std::size_t N>
view_arg view_arg_of(const std::array<T, N>& v, bool written) noexcept {
  return contiguous_arg(v.data(), N, written);
}

template <class T>
scalar_arg scalar_arg_of(const T& value) noexcept {
  static_assert(std::is_arithmetic_v<T>, "only arithmetic scalars are passed to kernels");
  return scalar_arg{&value, static_cast<std::uint32_t>(sizeof(T))};
}

/// Converts a prange of any integer type to the kernel's 64-bit dimension triple.
template <class Range>
dim_arg dim_arg_of(const Range& r) noexcept {
  return dim_arg{static_cast<std::int64_t>(r.first()), static_cast<std::int64_t>(r.step()),
                 static_cast<std::uint64_t>(r.size())};
}

/// A bounds check hoisted out of a kernel (SPEC 1.4): true when the index
/// constant + sum of coef[d] * (value of loop d) leaves [0, extent) in some iteration of
/// `dims` (never for an empty iteration space).  `index` receives the offending value as
/// the view would see it (a negative index wraps, as converting it to std::size_t does).
inline bool affine_out_of_range(const dim_arg* dims, std::size_t dim_count,
                                long long constant, std::initializer_list<long long> coef,
                                std::uint64_t extent, std::uint64_t& index) noexcept {
  __int128 lo = constant, hi = constant;
  std::size_t d = 0;
  for (long long c : coef) {
    if (d == dim_count) break;
    const dim_arg& dim = dims[d++];
    if (dim.count == 0) return false;
    const __int128 first = dim.first;
    const __int128 last = first + static_cast<__int128>(dim.count - 1) * dim.step;
    const __int128 a = c * first, b = c * last;
    lo += a < b ? a : b;
    hi += a < b ? b : a;
  }
  if (lo < 0) {
    index = static_cast<std::uint64_t>(static_cast<long long>(lo));
    return true;
  }
  if (hi >= static_cast<__int128>(extent)) {
    index = static_cast<std::uint64_t>(hi);
    return true;
  }
  return false;
}

/// Slice statements: true when every view has the first one's extents.
template <class First, class... Rest>
bool same_extents(const First& first, const Rest&... rest) noexcept {
  const auto same = [&first](const auto& v) {
    for (std::size_t d = 0; d < first.rank(); ++d)
      if (v.extent(d) != first.extent(d)) return false;
    return true;
  };
  (void)same;  // unused when there is one view
  return (same(rest) && ...);
}

namespace detail {
/// The bytes a view's elements occupy, [lo, hi); empty for an empty view.
template <class V>
void byte_range(const V& v, std::uintptr_t& lo, std::uintptr_t& hi) noexcept {
  lo = hi = reinterpret_cast<std::uintptr_t>(v.data());
  for (std::size_t d = 0; d < v.rank(); ++d) {
    if (v.extent(d) == 0) {
      hi = lo;
      return;
    }
    const std::ptrdiff_t reach =
        static_cast<std::ptrdiff_t>(v.extent(d) - 1) * v.stride(d) *
        static_cast<std::ptrdiff_t>(sizeof(*v.data()));
    if (reach < 0) lo -= static_cast<std::uintptr_t>(-reach);
    else hi += static_cast<std::uintptr_t>(reach);
  }
  hi += sizeof(*v.data());
}
}  // namespace detail

/// Slice statements: true when a source shares memory with the destination without being
/// it element for element, so that NumPy semantics need a temporary (SPEC 1.2).
template <class Dst, class... Src>
bool needs_temporary(const Dst& dst, const Src&... src) noexcept {
  std::uintptr_t dlo, dhi;
  detail::byte_range(dst, dlo, dhi);
  const auto conflicts = [&](const auto& v) {
    std::uintptr_t lo, hi;
    detail::byte_range(v, lo, hi);
    if (lo >= dhi || dlo >= hi) return false;
    if (static_cast<const void*>(v.data()) != static_cast<const void*>(dst.data()) ||
        sizeof(*v.data()) != sizeof(*dst.data()))
      return true;
    for (std::size_t d = 0; d < dst.rank(); ++d)
      if (v.stride(d) != dst.stride(d)) return true;
    return false;
  };
  return (conflicts(src) || ...);
}

}  // namespace clpar::rt

#endif  // CLPAR_RT_ARGS_HPP
