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
  a.byte_offset = std::is_class_v<T>;
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
  a.byte_offset = std::is_class_v<T>;
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

/// A built-in array of one dimension from outside the loop (`float w[3]`).
template <class T, std::size_t N>
view_arg view_arg_of(T (&v)[N], bool written) noexcept {
  return contiguous_arg(v, N, written);
}

/// The elements of an array of arrays, all dimensions together: built-in arrays
/// (`float[3][3]`) or std::arrays (`std::array<std::array<float, 3>, 3>`) nested.
template <class T>
struct flat_elements {
  using type = T;
  static constexpr std::size_t count = 1;
};

template <class T, std::size_t N>
struct flat_elements<T[N]> {
  using type = typename flat_elements<T>::type;
  static constexpr std::size_t count = N * flat_elements<T>::count;
};

template <class T, std::size_t N>
struct flat_elements<std::array<T, N>> {
  using type = typename flat_elements<T>::type;
  static constexpr std::size_t count = N * flat_elements<T>::count;
};

/// A built-in array of arrays from outside the loop (`float w[3][3]`): one dimension of
/// all its elements, in C++'s order.
template <class T, std::size_t N, std::size_t M>
view_arg view_arg_of(T (&v)[N][M], bool written) noexcept {
  using E = typename flat_elements<T[N][M]>::type;
  return contiguous_arg(reinterpret_cast<E*>(&v), flat_elements<T[N][M]>::count, written);
}

/// Nested std::arrays from outside the loop, alike.  A std::array holds its elements and
/// nothing else in every library clpar supports; the assertion says so where not.
template <class T, std::size_t M, std::size_t N>
view_arg view_arg_of(const std::array<std::array<T, M>, N>& v, bool written) noexcept {
  using Whole = std::array<std::array<T, M>, N>;
  using E = typename flat_elements<Whole>::type;
  static_assert(sizeof(Whole) == flat_elements<Whole>::count * sizeof(E),
                "nested std::arrays with padding cannot be seen as one array");
  return contiguous_arg(reinterpret_cast<const E*>(&v), flat_elements<Whole>::count, written);
}

template <class T>
scalar_arg scalar_arg_of(const T& value) noexcept {
  static_assert(std::is_arithmetic_v<T> || std::is_enum_v<T>,
                "only arithmetic and enumeration scalars are passed to kernels");
  return scalar_arg{&value, static_cast<std::uint32_t>(sizeof(T))};
}

/// Converts a prange of any integer type to the kernel's 64-bit dimension triple.
template <class Range>
dim_arg dim_arg_of(const Range& r) noexcept {
  return dim_arg{static_cast<std::int64_t>(r.first()), static_cast<std::int64_t>(r.step()),
                 static_cast<std::uint64_t>(r.size())};
}

/// The column a bounds_error of v[i] (rank 1) gives in the header build: the `]` under
/// GCC, the index's first character under Clang, where the caller's location rides on the
/// index's conversion to detail::checked_index (view.hpp).  The generated code names both.
#if defined(__clang__)
#define CLPAR_RT_SUBSCRIPT_COLUMN(gnu, clang) (clang)
#else
#define CLPAR_RT_SUBSCRIPT_COLUMN(gnu, clang) (gnu)
#endif

/// Bounds checks hoisted out of a region (SPEC 1.4), decided before launch.  Each check()
/// is one index, constant + sum of coef[d] * (value of loop d), over the loops `dims`: the
/// region's dimensions, then the serial loops of the body around the access.  Of the
/// checks that fail, failed() gives the number (in call order, from 0) of the one whose
/// first failing iteration comes first in the serial order of the region's loops, and
/// index() its index there, as the view would see it (a negative index wraps, as
/// converting it to std::size_t does): the error the serial build throws, where only these
/// accesses fail.  Two checks that first fail in the same iteration of the region are
/// ordered by the iterations of their serial loops where they are in the same loops (the
/// same nonzero `nest`), else by call order (the translator calls in the order the serial
/// program checks).
class first_out_of_range {
 public:
  static constexpr std::size_t max_dims = 32;

  explicit first_out_of_range(std::size_t region_dims) noexcept
      : region_dims_(region_dims < max_dims ? region_dims : max_dims) {}

  void check(const dim_arg* dims, std::size_t dim_count, long long constant,
             std::initializer_list<long long> coef, std::uint64_t extent,
             unsigned nest = 0) noexcept {
    const int number = checks_++;
    if (dim_count > max_dims) dim_count = max_dims;
    // With t[d] the iteration number of loop d, the index is k + sum of a[d] * t[d].
    __int128 a[max_dims] = {};
    std::uint64_t count[max_dims] = {};
    __int128 k = constant;
    std::size_t d = 0;
    for (long long c : coef) {
      if (d == dim_count) break;
      if (dims[d].count == 0) return;  // the access never runs
      count[d] = dims[d].count;
      a[d] = static_cast<__int128>(c) * dims[d].step;
      k += static_cast<__int128>(c) * dims[d].first;
      ++d;
    }
    for (; d < dim_count; ++d) {  // loops the index does not use
      if (dims[d].count == 0) return;
      count[d] = dims[d].count;
    }
    // Too high: sum a[d] t[d] >= extent - k.  Too low: sum -a[d] t[d] >= k + 1.
    std::uint64_t high[max_dims] = {}, low[max_dims] = {};
    __int128 high_sum = 0, low_sum = 0;
    const bool is_high = first_at_least(a, count, dim_count, static_cast<__int128>(extent) - k,
                                        1, high, high_sum);
    const bool is_low = first_at_least(a, count, dim_count, k + 1, -1, low, low_sum);
    if (!is_high && !is_low) return;
    const bool take_low = is_low && (!is_high || before(low, high, dim_count));
    const std::uint64_t* at = take_low ? low : high;
    if (failed_ >= 0) {
      const std::size_t common = nest != 0 && nest == nest_ ? dim_count : region_dims_;
      if (!before(at, first_, common < region_dims_ ? region_dims_ : common)) return;
    }
    failed_ = number;
    nest_ = nest;
    for (std::size_t i = 0; i < dim_count; ++i) first_[i] = at[i];
    index_ = static_cast<std::uint64_t>(take_low ? k - low_sum : k + high_sum);
  }

  /// The number of the check that fails first, or -1 when none fails.
  int failed() const noexcept { return failed_; }
  std::uint64_t index() const noexcept { return index_; }

 private:
  /// The lexicographically smallest t in [0, count) with sum sign*a[d]*t[d] >= target,
  /// with that sum; false when there is none.  Greedy: the smallest t[d] that the largest
  /// sum of the later loops still lets reach the target.
  static bool first_at_least(const __int128* a, const std::uint64_t* count, std::size_t n,
                             __int128 target, int sign, std::uint64_t* t,
                             __int128& sum) noexcept {
    __int128 rest = 0;  // the largest sum of loops d.. n-1
    for (std::size_t d = 0; d < n; ++d)
      if (sign * a[d] > 0) rest += sign * a[d] * static_cast<__int128>(count[d] - 1);
    if (rest < target) return false;
    sum = 0;
    for (std::size_t d = 0; d < n; ++d) {
      const __int128 ad = sign * a[d];
      if (ad > 0) rest -= ad * static_cast<__int128>(count[d] - 1);
      t[d] = 0;
      const __int128 need = target - sum - rest;
      if (ad > 0 && need > 0) t[d] = static_cast<std::uint64_t>((need + ad - 1) / ad);
      sum += ad * static_cast<__int128>(t[d]);
    }
    return true;
  }
  static bool before(const std::uint64_t* x, const std::uint64_t* y, std::size_t n) noexcept {
    for (std::size_t d = 0; d < n; ++d)
      if (x[d] != y[d]) return x[d] < y[d];
    return false;
  }

  std::size_t region_dims_;
  int checks_ = 0;
  int failed_ = -1;
  unsigned nest_ = 0;
  std::uint64_t index_ = 0;
  std::uint64_t first_[max_dims] = {};
};

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
