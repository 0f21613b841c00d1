// clpar/rt/openmp.hpp - support for the OpenMP variant of a region.
//
// Header-only (OpenMP variants also exist in --no-opencl builds, which link no runtime).
// An exception may not leave an OpenMP structured block: the variant wraps each
// iteration's body in a try block that hands the exception to a host_errors, and after the
// loop the one of the earliest iteration (the serial build's) is rethrown on the calling
// thread.  openmp_schedule applies a prange's schedule and thread count to a
// `schedule(runtime)` loop and restores the previous schedule afterwards.
#ifndef CLPAR_RT_OPENMP_HPP
#define CLPAR_RT_OPENMP_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <exception>
#include <mutex>
#include <type_traits>

#ifdef _OPENMP
#include <omp.h>
#endif

/// Host threads the runtime's background worker (auto's start of OpenCL and its kernel
/// builds, runtime/device/background_start.hpp) keeps busy right now: 1 while it works on
/// a machine of more than two hardware threads, else 0.  An OpenMP variant run without
/// num_threads uses that many threads fewer, so that the worker does not slow its slowest
/// thread down.  Weak: a --no-opencl build links no runtime, and then no worker exists.
extern "C" int clpar_rt_background_busy_threads() noexcept __attribute__((weak));

/// The runtime's large transfers copy user memory on several threads; on the program's own
/// OpenMP threads where it lends them, since threads of the runtime's own would compete
/// with them while they spin after a parallel region (runtime/memory/program_team.hpp).
/// Weak, like the above.
extern "C" void clpar_rt_set_program_team(int (*run)(void (*slice)(void*, unsigned), void*,
                                                     unsigned)) noexcept __attribute__((weak));

namespace clpar {
class bounds_error;
template <class T, std::size_t Rank>
class view;
}  // namespace clpar

namespace clpar::rt {

namespace detail {
// Named through a template so that clpar::bounds_error need only be complete where the
// generated code instantiates these (after the user's #include <clpar/clpar.hpp>).
template <class>
struct bounds_error_of {
  using type = ::clpar::bounds_error;
};
}  // namespace detail

/// An array access of a region body, for naming the view in a bounds_error raised by the
/// header (which knows the location but not the name).  Columns span the whole access.
struct access_site {
  unsigned line;
  unsigned first_column;
  unsigned last_column;
  const char* name;
};

/// v[i] of a std::vector or std::array in the OpenMP variant, checked as SPEC 1.4 asks of
/// clpar++ builds.
template <class Container, class Index>
decltype(auto) checked_subscript(Container& c, Index i, const char* file, unsigned line,
                                 unsigned column, const char* name) {
  const auto index = static_cast<std::size_t>(i);
  if (index >= c.size())
    throw typename detail::bounds_error_of<Container>::type(file, line, column, index,
                                                             c.size(), name);
  return c[index];
}

/// w[i] of a built-in array of one dimension from outside the loop, checked the same way.
template <class T, std::size_t N, class Index>
T& checked_subscript(T (&a)[N], Index i, const char* file, unsigned line, unsigned column,
                     const char* name) {
  const auto index = static_cast<std::size_t>(i);
  if (index >= N)
    throw typename detail::bounds_error_of<T>::type(file, line, column, index, N, name);
  return a[index];
}

/// A clpar::view whose element accesses are not checked: the OpenMP variant of a region
/// reads a view through one where the translator checked every index of every access of
/// it before the region ran (SPEC 1.4 holds: an out-of-range index throws then, before
/// anything is written).  Per-access checks keep the compiler from vectorizing the loop.
/// Element access only; everything else is the view's.
template <class T, std::size_t Rank>
class unchecked_view : public view<T, Rank> {
 public:
  explicit unchecked_view(const view<T, Rank>& v) noexcept : view<T, Rank>(v) {}

  template <class... I>
    requires(sizeof...(I) == Rank && (std::is_convertible_v<I, std::ptrdiff_t> && ...))
  T& operator()(I... i) const noexcept {
    std::ptrdiff_t at = 0;
    std::size_t d = 0;
    ((at += static_cast<std::ptrdiff_t>(i) * this->stride(d++)), ...);
    return this->data()[at];
  }
  template <class I>
    requires(Rank == 1 && std::is_convertible_v<I, std::ptrdiff_t>)
  T& operator[](I i) const noexcept {
    return this->data()[static_cast<std::ptrdiff_t>(i) * this->stride(0)];
  }
};

template <class T, std::size_t Rank>
unchecked_view<T, Rank> unchecked(const view<T, Rank>& v) noexcept {
  return unchecked_view<T, Rank>(v);
}

class host_errors {
 public:
  /// Call from a catch block, with the iteration's number in the serial order of the loop.
  /// Keeps the exception of the earliest iteration: the one the serial build throws, since
  /// every iteration runs to its end or its exception.
  void capture(std::uint64_t iteration) noexcept {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!first_ || iteration < iteration_) {
      first_ = std::current_exception();
      iteration_ = iteration;
      ready_.store(true, std::memory_order_release);
    }
  }
  /// After the parallel loop (all threads joined).
  void rethrow_if_any() const {
    if (ready_.load(std::memory_order_acquire)) std::rethrow_exception(first_);
  }

  /// The same, giving a bounds_error without a view name the name of the access at its
  /// location (the innermost one when accesses nest).
  template <std::size_t N>
  void rethrow_if_any(const access_site (&sites)[N]) const {
    using error = typename detail::bounds_error_of<access_site[N]>::type;
    if (!ready_.load(std::memory_order_acquire)) return;
    try {
      std::rethrow_exception(first_);
    } catch (const error& e) {
      if (e.view_name() != nullptr) throw;
      const access_site* best = nullptr;
      for (const access_site& s : sites)
        if (s.line == e.line() && s.first_column <= e.column() && e.column() <= s.last_column &&
            (!best || s.last_column - s.first_column < best->last_column - best->first_column))
          best = &s;
      if (!best) throw;
      throw error(e.file(), e.line(), e.column(), e.index(), e.extent(), best->name);
    }
  }

 private:
  std::mutex mutex_;
  std::atomic<bool> ready_{false};
  std::exception_ptr first_;
  std::uint64_t iteration_ = 0;
};

/// The OpenMP variant of a nest of two or more dimensions runs one parallel loop over its
/// outer iterations times blocks of the innermost dimension, each block a plain inner loop
/// the compiler can vectorize (`collapse` would index every iteration through a division
/// and keep it scalar).  A block is a whole row when the outer iterations give every
/// thread several, else an equal part of a row, at least 64 iterations where the row has
/// them.
inline std::uint64_t inner_block_size(std::uint64_t outer, std::uint64_t inner,
                                      int threads) noexcept {
  if (inner == 0 || outer == 0) return 1;
  const std::uint64_t wanted = 4 * static_cast<std::uint64_t>(threads > 0 ? threads : 1);
  if (outer >= wanted) return inner;
  const std::uint64_t per_row = (wanted + outer - 1) / outer;
  const std::uint64_t size = (inner + per_row - 1) / per_row;
  const std::uint64_t least = inner < 64 ? inner : 64;
  return size > least ? size : least;
}

/// Scoped: sets the OpenMP run-time schedule from the outermost prange of a nest.
template <class Range>
class openmp_schedule {
 public:
  explicit openmp_schedule(const Range& r) noexcept : threads_(r.get_num_threads()) {
#ifdef _OPENMP
    omp_get_schedule(&saved_kind_, &saved_chunk_);
    omp_sched_t kind = omp_sched_static;
    switch (r.get_schedule()) {
      case decltype(r.get_schedule())::static_: kind = omp_sched_static; break;
      case decltype(r.get_schedule())::dynamic: kind = omp_sched_dynamic; break;
      case decltype(r.get_schedule())::guided: kind = omp_sched_guided; break;
    }
    omp_set_schedule(kind, static_cast<int>(r.get_chunk()));
    if (threads_ <= 0) {
      threads_ = omp_get_max_threads();
      if (clpar_rt_background_busy_threads != nullptr && threads_ > 1)
        threads_ -= clpar_rt_background_busy_threads();
    }
#else
    threads_ = 1;
#endif
  }
  openmp_schedule(const openmp_schedule&) = delete;
  openmp_schedule& operator=(const openmp_schedule&) = delete;
  ~openmp_schedule() {
#ifdef _OPENMP
    omp_set_schedule(saved_kind_, saved_chunk_);
#endif
  }
  int threads() const noexcept { return threads_; }

 private:
  int threads_;
#ifdef _OPENMP
  omp_sched_t saved_kind_{};
  int saved_chunk_ = 0;
#endif
};

#ifdef _OPENMP
namespace detail {

/// Runs slice(context, i) for i in [0, count) as a parallel loop of `count` threads and
/// returns 1; inside a parallel region (where a nested one would get one thread) returns 0
/// and runs nothing.
inline int run_on_openmp_team(void (*slice)(void*, unsigned), void* context,
                              unsigned count) noexcept {
  if (omp_in_parallel()) return 0;
#pragma omp parallel for num_threads(count) schedule(static, 1)
  for (int i = 0; i < static_cast<int>(count); ++i) slice(context, static_cast<unsigned>(i));
  return 1;
}

/// Lends the program's OpenMP team to the runtime once, at static initialisation.
struct program_team_registration {
  program_team_registration() noexcept {
    if (clpar_rt_set_program_team != nullptr) clpar_rt_set_program_team(&run_on_openmp_team);
  }
};
inline const program_team_registration register_program_team;

}  // namespace detail
#endif

}  // namespace clpar::rt

#endif  // CLPAR_RT_OPENMP_HPP
