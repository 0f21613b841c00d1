// runtime/launch/kernel_launch.hpp - running one region call's kernel on one device.
//
// Per call, under the residency lock (memory/residency.hpp) and the device's launch mutex:
//   1. each merged span held (by the call's data scope, else by the call alone) and made
//      valid on the device by the region registry, which moves only the bytes the device
//      lacks (a call repeating one whose placement the registry has not changed since
//      takes that placement: placement_memo); a kernel that checks accesses itself first
//      gets the host's copy of what it writes made current; the error word zeroed and one
//      pooled buffer per reduction for its per-work-group partials;
//   2. arguments set in region.hpp's convention (a view's offset counted from its record's
//      buffer; a value other than a buffer only where it changed since the kernel's last
//      launch), the NDRange enqueued (work_size.hpp);
//   3. when the call needs nothing back from the kernel (no checks in it, no reduction) and
//      its results stay on the device (a data scope), it returns once the kernel is
//      enqueued and flushed (not flushed while the queue's last tracked launch showed its
//      command submitted at enqueue, device_context.hpp's launch_submission): the
//      device's pending_kernels keeps the event
//      (device/pending_kernels.hpp), the written spans become valid only on the device,
//      and later commands on the in-order queue see them.  Otherwise the error word (of a
//      kernel that checks accesses) and every reduction's partials are read back, then
//      one clFinish;
//   4. a nonzero error word means the kernel stopped an out-of-range access: the device's
//      copy of what it wrote is discarded, so the OpenMP variant reruns on the host's
//      pre-call copy and throws the precise bounds_error.  Otherwise the written spans
//      become valid only on the device, and each reduction's partials are combined into
//      its variable (reduction.hpp).
// A call without a data scope lets its spans go at the end, which brings written data
// home.  A failure after the launch brings home what the device has and drops its copy.
// A span goes to the device whole (its views' hull, bytes between a strided view's
// elements included), but only the elements of the views the kernel may write become
// stale on the host (memory/element_rows.hpp): exactly those come home, so what another
// host thread writes between them during the call stays.  Per view, not per access: a
// view written in only some elements comes home whole.
//
// The NDRange (work_size.hpp) has one work-item per iteration, except that a kernel taking
// blocks of the innermost dimension (region_info::inner_block) gets one per block (its
// aligned-rows form one per aligned four of the destination, aligned_rows.hpp), and a
// kernel that steps by the global size (region_info::grid_stride, the translator's
// reduction kernels) at most groups_per_compute_unit work-groups per compute unit.
//
// Reductions: the NDRange always has an explicit local size (the kernel's tree reduction
// needs the work-group it was given scratch for), and the scratch arguments are sized from
// that same local size.  The work-group is first capped so that all scratch arguments fit
// in the device's local memory beside the kernel's own __local variables.
//
// Failures (DESIGN-QUESTIONS 12), each answered "host" with the call and its CL error:
//   clCreateContext, clCreateCommandQueue      remembered: the device is not used again
//   clCreateProgramWithSource, clBuildProgram,
//   clCreateKernel, kernel queries             remembered per kernel (device_context.hpp)
//   clCreateBuffer, clEnqueueWriteBuffer,
//   clSetKernelArg, clEnqueueNDRangeKernel,
//   clEnqueueReadBuffer, clFinish              this call only; the next call tries again
//   a malformed reduction (reduction.hpp),
//   scratch beyond the device's local memory   this call only, before any OpenCL call
// On every path but the asynchronous launch the queue is drained before returning; no
// transfer reads or writes the caller's memory after any return (transfers of user memory
// are complete when the registry's call returns, staged_transfer.hpp).  A kernel that
// fails after its call returned, found by a later call or wait, stops the program
// (residency_data_lost): what it wrote was on the device only.
#ifndef CLPAR_RUNTIME_LAUNCH_KERNEL_LAUNCH_HPP
#define CLPAR_RUNTIME_LAUNCH_KERNEL_LAUNCH_HPP

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "clpar/rt/region.hpp"
#include "device/device_context.hpp"
#include "launch/kernel_form.hpp"
#include "memory/region_registry.hpp"
#include "memory/span_set.hpp"

namespace clpar::rt {

/// The kernel time of this thread's last successful launch (profiling), for last_call();
/// kernel_time_pending after an asynchronous launch, whose event is then
/// last_kernel_event() (until the thread's next region call or last_call() times it);
/// kernel_time_unmeasured after an untimed one.
extern thread_local double last_kernel_seconds;
inline constexpr double kernel_time_pending = -1;
inline constexpr double kernel_time_unmeasured = -2;

/// Whether CLPAR_KERNEL_TIMES asks for every kernel's profiled time (read per call): the
/// numbers of clpar/rt/stats.hpp, for benchmarks.  Without it only calls decided by auto
/// are timed, and of those only the ones its cost model learns from: on NVIDIA's OpenCL an
/// event per kernel costs about 8 us, more than the rest of a call with its data on the
/// device.
bool kernel_times_requested() noexcept;

/// An untimed asynchronous launch keeps an event for one kernel in this many, so that a
/// kernel failing after its call returned is still found (pending_kernels.hpp), at the
/// latest by a later tracked one on the same in-order queue.
inline constexpr unsigned untimed_tracking_interval = 16;

/// The event of this thread's last asynchronous launch; null when none is kept.
cl::Event last_kernel_event();
/// Keeps `event` (null: none) in place of the one kept before.  Held as a plain handle, so
/// nothing releases it at exit, when the OpenCL implementation may already be gone
/// (a thread_local cl::Event released then corrupted oclgrind's heap).
void keep_kernel_event(cl_event event) noexcept;

/// Kernel arguments the convention gives a request: 3 per dimension, the error word, 2 + 2 *
/// rank per view, one per scalar and 2 per reduction.
std::size_t convention_arg_count(const launch_request& request) noexcept;

/// Where a call's spans were placed, kept for the same call made again
/// (launch/repeat_call.hpp).  While the region registry reads the change count it read right
/// after that call (region_registry::changes), every span is still valid on the device in
/// the buffer it had, and what the kernel writes is already marked written there (marking
/// the same write again changes nothing): the call holds its spans and launches, and
/// neither places them nor marks what it wrote.  A kernel that checks accesses itself
/// gets the host's copy of what it writes made current each time, so it always places.
struct placement_memo {
  /// 0: nothing kept (a count read after a placement is never 0: holding the spans made
  /// their record).
  std::uint64_t registry_changes = 0;
  std::vector<const device_buffer*> buffers;  ///< per merged span
};

/// Runs `request` on `context`'s device (platform_list index `device`).  Null on success
/// (the results are where the registry says: on the device within a data scope);
/// otherwise why the call must run on the host, whose copy is then current.
/// `wait_for_kernel` makes the call wait even where it could return at once (step 3), so
/// that last_kernel_seconds has the kernel's time for the cost model.  `timed`: the kernel
/// gets a profiling event and its time is kept (auto's calls, kernel_times_requested()).
/// `form`: the form `kernel` was built as (kernel_form.hpp; null: the general form).  An
/// aligned-rows form's work-items take its layout's blocks of the innermost dimension, and
/// the call runs on the host if a view's device offset disagrees with the layout
/// (aligned_rows.hpp); a tiled form is launched with tile_work_size (product_tiles.hpp), a
/// split form with split_work_size (inner_split.hpp).  `placed`: the placement this same
/// call left last time, if kept (used when still current, then kept anew; emptied when the
/// call fails).
const char* launch_on_device(device_context& context, device_id device, kernel_entry& kernel,
                             const launch_request& request, const span_set& spans,
                             bool wait_for_kernel, bool timed,
                             const kernel_form* form = nullptr,
                             placement_memo* placed = nullptr);

/// One device's share of a call shared out over several devices (launch/shared_call.hpp).
struct device_share {
  device_context* context = nullptr;
  device_id device = 0;
  kernel_entry* kernel = nullptr;
  const kernel_form* form = nullptr;  ///< the form `kernel` was built as; null: general
  /// The call with dimension 0 cut down to the share: its dims are `dims`.
  launch_request request{};
  dim_arg dims[3] = {};
  /// Per span of the call: the bytes the share reads or writes (nullopt: none of them).
  std::vector<std::optional<byte_range>> needed;
  /// Per view: the elements the share may write (nullopt: none).
  std::vector<std::optional<view_arg>> written;
  double kernel_seconds = 0;  ///< the share's kernel time, once run
};

/// Runs every share, in ascending device order, as launch_on_device runs one device's
/// call, except that each device gets only the bytes its share needs, every kernel is
/// enqueued (and timed) before any is waited for, and afterwards each device holds the only
/// current copy of the elements its share wrote.  Every share waits: nothing is left
/// running.  An out-of-range access in any share undoes them all.  Null on success
/// (last_kernel_seconds: the longest share's time); otherwise why the call must run on the
/// host, whose copy is then current.
const char* launch_shared(std::span<device_share> shares, const span_set& spans);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_KERNEL_LAUNCH_HPP
