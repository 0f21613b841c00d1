// clpar/rt/stats.hpp - what the calling thread's last region call did, for benchmarks.
//
// Not part of SPEC; programs built with clpar++ (which links the runtime) may use it to
// separate kernel time from transfers and launch overhead.
#ifndef CLPAR_RT_STATS_HPP
#define CLPAR_RT_STATS_HPP

namespace clpar::rt {

struct call_stats {
  bool on_device = false;
  /// The whole call, from decision to the stub's last line.  A device call whose results
  /// stay on the device may return before its kernel is done (SPEC 1.5): then this is
  /// only the time to start it.
  double seconds = 0;
  /// The kernel's execution on the device (OpenCL profiling), for the calls auto's cost
  /// model times and, with CLPAR_KERNEL_TIMES=1 (read per call), for every device call;
  /// otherwise 0.
  double kernel_seconds = 0;
};

/// The most recent region call completed by this thread; waits for its kernel when that
/// is still running.
call_stats last_call() noexcept;

/// Region calls the process has made so far, by where they ran.  A benchmark reads it
/// before and after a function it times, without calling anything between the function's
/// regions (a call there may make the translator bring data home, SPEC 1.5).
struct call_counts {
  unsigned long long on_device = 0;
  unsigned long long on_host = 0;
};
call_counts call_totals() noexcept;

/// The kernel time (OpenCL profiling) of every device call the process has made that was
/// timed (see call_stats::kernel_seconds), summed,
/// after waiting for the kernels still running: a loop of regions can compare its whole
/// time with its kernels' without host code between the regions.
double kernel_seconds_total() noexcept;

/// Device calls the process has made that timed a kernel form for a choice among forms
/// (the first calls of a site on a GPU, docs/architecture.md "Forms chosen by timing").  A
/// benchmark repeats a call untimed until this stops growing, so that its timed calls run
/// the form kept.
unsigned long long form_trial_calls() noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RT_STATS_HPP
