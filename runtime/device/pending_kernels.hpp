// runtime/device/pending_kernels.hpp - kernels launched without waiting for them.
//
// A device call whose kernel checks nothing itself (no error word to read) and has no
// reduction (no partials to read) inside a data scope (its results stay on the device)
// returns as soon as the kernel is enqueued: the next region's host work then overlaps the
// kernel, and a time loop of short kernels is bound by the device, not by one wait per
// call (about 60 us on NVIDIA's OpenCL).  Nothing else has to wait for it: every command
// the runtime makes on a device goes to that device's one in-order queue, so a later
// transfer or kernel sees its results, and a blocking read of its results waits for it.
//
// Each device keeps such kernels here until they are seen complete, for two reasons:
//   - their profiling times, summed into kernel_seconds_total() (clpar/rt/stats.hpp);
//   - their failures.  A kernel failing after its call returned cannot fall back to the
//     host (the stub has moved on); what it wrote existed only on the device, so the
//     runtime stops with the region's site (residency_data_lost).  CLPAR_SYNC_LAUNCHES=1
//     makes every call wait for its kernel instead (docs/environment.md).
// At most max_pending kernels are kept: the oldest is waited for when one more comes, which
// also bounds how far the host runs ahead of the device.
//
// Thread-safe: one mutex per device's list.
#ifndef CLPAR_RUNTIME_DEVICE_PENDING_KERNELS_HPP
#define CLPAR_RUNTIME_DEVICE_PENDING_KERNELS_HPP

#include <cstddef>
#include <deque>
#include <mutex>

#include "device/opencl.hpp"

namespace clpar::rt {

/// The kernel's execution time from OpenCL profiling, in seconds; 0 when the event has
/// none (a user event, a queue without profiling).  Does not wait.
double profiled_seconds(const cl::Event& event);

/// Whether CLPAR_SYNC_LAUNCHES asks every device call to wait for its kernel (read once).
bool sync_launches_requested() noexcept;

class pending_kernels {
 public:
  static constexpr std::size_t max_pending = 256;

  /// Keeps `done` (the kernel's event) of the region at `site` (a literal) until seen
  /// complete; `timed`: its time then counts in completed_seconds().  Returns null, or why
  /// an earlier kernel failed.
  const char* add(cl::Event done, const char* site, bool timed = true);

  /// Forgets the kernels already complete (adding their times); with `wait`, waits for all
  /// of them first.  Returns null, or why the first failed kernel failed (it and the kernels
  /// after it are forgotten).
  const char* settle(bool wait);

  std::size_t size() const;

  /// The profiled time of every kernel seen complete, on any device, since the start.
  static double completed_seconds() noexcept;
  /// Adds the time of a kernel that its call waited for itself.
  static void add_completed_seconds(double seconds) noexcept;

 private:
  struct entry {
    cl::Event done;
    const char* site;
    bool timed;
  };
  const char* settle_locked(bool wait);

  mutable std::mutex mutex_;
  std::deque<entry> entries_;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_PENDING_KERNELS_HPP
