// clpar/rt/openmp.hpp - support for the OpenMP variant of a region.
//
// Header-only (OpenMP variants also exist in --no-opencl builds, which link no runtime).
// An exception may not leave an OpenMP structured block: the variant wraps each
// iteration's body in a try block that hands the exception to a host_errors, and after the
// loop the first one captured is rethrown on the calling thread.  openmp_schedule applies a
// prange's schedule and thread count to a `schedule(runtime)` loop and restores the
// previous schedule afterwards.
#ifndef CLPAR_RT_OPENMP_HPP
#define CLPAR_RT_OPENMP_HPP

#include <atomic>
#include <exception>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace clpar::rt {

class host_errors {
 public:
  /// Call from a catch block.  Keeps the first exception; later ones are dropped.
  void capture() noexcept {
    if (!taken_.exchange(true, std::memory_order_acq_rel)) {
      first_ = std::current_exception();
      ready_.store(true, std::memory_order_release);
    }
  }
  /// After the parallel loop (all threads joined).
  void rethrow_if_any() const {
    if (ready_.load(std::memory_order_acquire)) std::rethrow_exception(first_);
  }

 private:
  std::atomic<bool> taken_{false};
  std::atomic<bool> ready_{false};
  std::exception_ptr first_;
};

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
    if (threads_ <= 0) threads_ = omp_get_max_threads();
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

}  // namespace clpar::rt

#endif  // CLPAR_RT_OPENMP_HPP
