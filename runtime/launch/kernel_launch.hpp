// runtime/launch/kernel_launch.hpp - running one region call's kernel on one device.
//
// Per call, with the device's launch mutex held:
//   1. one pooled buffer per merged span (buffer_pool.hpp) and one per reduction for its
//      per-work-group partials; the spans' host memory written into theirs and the error
//      word zeroed, all enqueued without waiting;
//   2. arguments set in region.hpp's convention, the NDRange enqueued (work_size.hpp);
//   3. the error word, every span holding a written view and every reduction's partials
//      read back into host staging memory, then one clFinish: a call costs a single wait;
//   4. a nonzero error word means the kernel stopped an out-of-range access: nothing is
//      copied into place, so the OpenMP variant reruns on untouched memory and throws the
//      precise bounds_error.  Otherwise the staged results are copied into host memory and
//      each reduction's partials are combined into its variable (reduction.hpp).
// Staging makes the copy-back all or nothing: a transfer that fails halfway leaves host
// memory, reduction variables included, as it was, which keeps "run the OpenMP variant
// instead" correct after any failure (an extra host memcpy of the written bytes per call,
// until residency replaces this path).
// The whole merged span is copied back, including bytes between a strided view's elements;
// they hold the values copied in, unless another thread wrote them meanwhile (a known gap:
// copying back only the written views' elements needs rectangular reads).
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
// On every path the queue is drained before returning, so no transfer still reads or
// writes the caller's memory afterwards; before the final copy from staging, host memory
// has not been written.
#ifndef CLPAR_RUNTIME_LAUNCH_KERNEL_LAUNCH_HPP
#define CLPAR_RUNTIME_LAUNCH_KERNEL_LAUNCH_HPP

#include <cstddef>

#include "clpar/rt/region.hpp"
#include "device/device_context.hpp"
#include "memory/region_registry.hpp"
#include "memory/span_set.hpp"

namespace clpar::rt {

/// The kernel time of this thread's last successful launch (profiling), for last_call().
extern thread_local double last_kernel_seconds;

/// Kernel arguments the convention gives a request: 3 per dimension, the error word, 2 + 2 *
/// rank per view, one per scalar and 2 per reduction.
std::size_t convention_arg_count(const launch_request& request) noexcept;

/// Runs `request` on `context`'s device.  Null on success (host memory holds the results);
/// otherwise why the call must run on the host (host memory untouched).
const char* launch_on_device(device_context& context, device_id device, kernel_entry& kernel,
                             const launch_request& request, const span_set& spans);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_KERNEL_LAUNCH_HPP
