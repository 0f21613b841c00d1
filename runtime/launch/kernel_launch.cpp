// runtime/launch/kernel_launch.cpp - buffers, arguments, NDRange and copy-back of one call.
#include "launch/kernel_launch.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "device/pending_kernels.hpp"
#include "launch/reduction.hpp"
#include "launch/work_size.hpp"
#include "memory/device_memory.hpp"
#include "memory/element_rows.hpp"
#include "memory/residency.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {

thread_local double last_kernel_seconds = 0;
namespace {
thread_local cl_event kept_kernel_event = nullptr;
}  // namespace

cl::Event last_kernel_event() {
  return kept_kernel_event != nullptr ? cl::Event(kept_kernel_event, true) : cl::Event();
}

void keep_kernel_event(cl_event event) noexcept {
  if (event != nullptr) clRetainEvent(event);
  if (kept_kernel_event != nullptr) clReleaseEvent(kept_kernel_event);
  kept_kernel_event = event;
}

namespace {

/// Sets kernel arguments in order, remembering the first failure.
class arg_writer {
 public:
  explicit arg_writer(cl::Kernel& kernel) : kernel_(kernel) {}

  void raw(std::size_t size, const void* value) {
    if (status_ == CL_SUCCESS) status_ = kernel_.setArg(index_, size, value);
    ++index_;
  }
  template <class T>
  void value(const T& v) {
    raw(sizeof(T), &v);
  }
  void buffer(const cl::Buffer* buffer) {
    const cl_mem handle = buffer != nullptr ? (*buffer)() : nullptr;
    raw(sizeof(cl_mem), &handle);
  }

  cl_int status() const noexcept { return status_; }

 private:
  cl::Kernel& kernel_;
  cl_uint index_ = 0;
  cl_int status_ = CL_SUCCESS;
};

/// For the length of one call: drains the queue on every way out but one (no transfer
/// into the call's staging may outlive the call), gives the buffers back to the pool and
/// trims the staging memory.  The way out without a wait is an asynchronous launch, which
/// uses neither staging nor pooled buffers of its own.
class call_resources {
 public:
  explicit call_resources(device_context& context) : context_(context) {}
  call_resources(const call_resources&) = delete;
  call_resources& operator=(const call_resources&) = delete;
  ~call_resources() {
    if (!drained_) context_.queue().finish();
    for (buffer_pool::lease& lease : buffers_) context_.pool().give_back(std::move(lease));
    context_.trim_staging();
  }

  std::vector<buffer_pool::lease>& buffers() noexcept { return buffers_; }

  /// clFinish; the queue counts as drained even when it fails.
  cl_int drain() {
    drained_ = true;
    return context_.queue().finish();
  }

  /// The call returns with its kernel still running (pending_kernels.hpp).
  void leave_running() noexcept { drained_ = true; }

 private:
  device_context& context_;
  std::vector<buffer_pool::lease> buffers_;
  bool drained_ = false;
};

/// Work-groups per compute unit for a kernel that steps by the global size: enough to keep
/// every unit busy and hide memory latency, few enough that the partials of a reduction are
/// a small read (bench/limits/kernel_shapes.cpp: 93% of the copy bandwidth on an H200 with
/// 8, the same with 32).
constexpr std::uint32_t groups_per_compute_unit = 8;

/// Rounds `offset` up to a multiple of 8, the largest scalar a reduction holds.
std::size_t align8(std::size_t offset) {
  return (offset + 7) & ~std::size_t{7};
}

/// The reductions' share of a call: scratch bytes per work-item, and the cap it puts on the
/// work-group size (0: not even one work-item fits).
struct reduction_needs {
  std::size_t bytes_per_item = 0;
  std::size_t max_group = static_cast<std::size_t>(-1);
};

reduction_needs needs_of(const launch_request& request, const device_entry& device,
                         const kernel_entry& kernel) {
  reduction_needs needs;
  for (std::size_t r = 0; r < request.reduction_count; ++r)
    needs.bytes_per_item += scalar_size(request.reductions[r].kind);
  // A device that reports no local memory size is left to fail at the enqueue, if at all.
  if (needs.bytes_per_item == 0 || device.local_memory_bytes == 0) return needs;
  const std::uint64_t free_bytes = device.local_memory_bytes > kernel.local_memory_bytes
                                       ? device.local_memory_bytes - kernel.local_memory_bytes
                                       : 0;
  needs.max_group = static_cast<std::size_t>(
      std::min<std::uint64_t>(free_bytes / needs.bytes_per_item, needs.max_group));
  return needs;
}

/// A merged span of the call and the device buffer that mirrors it.
struct range_on_device {
  byte_range range;
  const cl_device_buffer* buffer;
  bool written;
};

/// After the kernel: the elements of every view it may write are valid only on `device`;
/// bytes between a strided view's elements, and views it only reads, stay valid on the
/// host (memory/element_rows.hpp).
void mark_written(region_registry& registry, device_id device, const launch_request& request) {
  for (std::size_t i = 0; i < request.view_count; ++i) {
    if (!request.views[i].written) continue;
    // span_set placed every view, so none overflows; an empty one wrote nothing.
    const std::optional<element_rows> rows = element_rows::of(request.views[i]);
    if (!rows) continue;
    if (const char* lost = registry.mark_device_written(device, *rows)) residency_data_lost(lost);
  }
}

cl::NDRange nd_range(unsigned dims, const std::size_t (&sizes)[3]) {
  if (dims == 1) return cl::NDRange(sizes[0]);
  if (dims == 2) return cl::NDRange(sizes[0], sizes[1]);
  return cl::NDRange(sizes[0], sizes[1], sizes[2]);
}

}  // namespace

std::size_t convention_arg_count(const launch_request& request) noexcept {
  std::size_t count =
      3 * std::size_t{request.info->dims} + 1 + request.scalar_count + 2 * request.reduction_count;
  for (std::size_t i = 0; i < request.view_count; ++i) count += 2 + 2 * request.views[i].rank;
  return count;
}

bool kernel_times_requested() noexcept {
  const char* value = std::getenv("CLPAR_KERNEL_TIMES");
  return value != nullptr && *value != '\0' && std::strcmp(value, "0") != 0;
}

const char* launch_on_device(device_context& context, device_id device, kernel_entry& kernel,
                             const launch_request& request, const span_set& spans,
                             bool wait_for_kernel, bool timed, const row_layout* rows,
                             const split_shape* split) {
  const region_info& info = *request.info;
  const std::size_t expected = convention_arg_count(request);
  if (kernel.arg_count != expected) {
    return keep_text("kernel '" + std::string(info.kernel_name) + "' takes " +
                     std::to_string(kernel.arg_count) + " arguments, the call passes " +
                     std::to_string(expected));
  }

  if (request.reduction_count > 0 && request.reductions == nullptr)
    return "reduction count without reductions";
  for (std::size_t r = 0; r < request.reduction_count; ++r)
    if (const char* why = reduction_problem(request.reductions[r])) return why;

  const device_entry& entry = context.device();
  const reduction_needs needs = needs_of(request, entry, kernel);
  if (needs.max_group == 0) return "reduction scratch does not fit in the device's local memory";
  // Work-items per dimension: a kernel taking blocks of the innermost dimension needs
  // one per block.
  std::uint64_t counts[3] = {};
  for (unsigned d = 0; d < info.dims; ++d) counts[d] = request.dims[d].count;
  const std::uint64_t block = std::max(info.inner_block, 1u);
  counts[info.dims - 1] = rows != nullptr ? rows->items(counts[info.dims - 1])
                                          : counts[info.dims - 1] / block +
                                                (counts[info.dims - 1] % block != 0);
  std::optional<work_size> size =
      split != nullptr
          ? split_work_size(*split, std::span(counts, info.dims),
                            std::span<const std::size_t, 3>(entry.max_work_item_sizes))
          : choose_work_size(
                std::span(counts, info.dims),
                std::min({kernel.work_group_size, entry.max_work_group_size, needs.max_group}),
                std::span<const std::size_t, 3>(entry.max_work_item_sizes));
  if (!size) return "iteration space too large for one NDRange";
  if (info.grid_stride)
    cap_work_groups(*size, std::uint64_t{groups_per_compute_unit} *
                               std::max<std::uint32_t>(entry.compute_units, 1));

  // The work-groups of the NDRange: one partial value each per reduction.
  std::size_t group_items = 1;
  std::uint64_t groups = 1;
  bool groups_overflow = false;
  for (unsigned k = 0; k < size->dims; ++k) {
    group_items *= size->local[k];  // at most max_group
    groups_overflow |= __builtin_mul_overflow(groups, size->global[k] / size->local[k], &groups);
  }
  if (groups_overflow && request.reduction_count > 0)
    return "too many work-groups for the reduction partials";

  // Each reduction's partials go to staging, at multiples of 8.
  std::size_t staged_bytes = 0;
  std::vector<std::size_t> partials_at(request.reduction_count);
  std::vector<std::size_t> partials_bytes(request.reduction_count);
  for (std::size_t r = 0; r < request.reduction_count; ++r) {
    const std::size_t bytes = scalar_size(request.reductions[r].kind);
    staged_bytes = align8(staged_bytes);
    if (groups > (static_cast<std::size_t>(-1) - staged_bytes) / bytes)
      return "too many work-groups for the reduction partials";
    partials_at[r] = staged_bytes;
    partials_bytes[r] = static_cast<std::size_t>(groups) * bytes;
    staged_bytes += partials_bytes[r];
  }

  // Destroyed in reverse: the queue drains, then a call without a scope lets its memory
  // go (results come home), charged to the region's site, all under the residency lock.
  residency_lock residency;
  region_registry& registry = residency_registry();
  charge_to charge(info.site);
  handle_list call_holds;
  handle_list& holds = request.scope != nullptr ? holds_of(*request.scope) : call_holds;
  struct release_call_holds {
    handle_list& list;
    const char* site;
    // Throws clpar::device_error where results that only the device has cannot come home.
    ~release_call_holds() noexcept(false) { list.release_all(site); }
  } release_at_end{call_holds, info.site};
  std::lock_guard lock(context.launch_mutex());
  cl::CommandQueue& queue = context.queue();
  call_resources resources(context);
  std::vector<buffer_pool::lease>& buffers = resources.buffers();
  std::byte* staging = context.staging(staged_bytes);

  // 1. Device copies of every span: only bytes the device lacks move.  A kernel that may
  // stop part-way needs the host's copy of what it writes current, to rerun from there.
  std::vector<range_on_device> placed;
  placed.reserve(spans.spans().size());
  for (const byte_span& span : spans.spans()) {
    const byte_range range{span.low, span.high};
    holds.hold(range);
    if (info.checks_in_kernel && span.written)
      if (const char* lost = registry.make_host_valid(range, false))
        residency_data_lost(lost, &range, info.site);
    const char* why = nullptr;
    const device_buffer* buffer = registry.make_device_valid(device, range, why);
    if (buffer == nullptr) return why;
    placed.push_back({range, static_cast<const cl_device_buffer*>(buffer), span.written});
  }
  // A kernel that checks accesses itself reports through the error word: zeros before it
  // runs, written only when the last read did not find them (one command less per call).
  cl_int status = CL_SUCCESS;
  static constexpr cl_int zeros[4] = {0, 0, 0, 0};
  if (info.checks_in_kernel) {
    if (!context.error_word_clear()) {
      status = queue.enqueueWriteBuffer(context.error_word(), CL_FALSE, 0, sizeof zeros, zeros);
      if (status != CL_SUCCESS) return cl_failure_why("clEnqueueWriteBuffer", status);
    }
    context.error_word_clear() = false;  // until read back as zeros
  }
  // Partials need no copy-in: every work-group writes its own.
  buffers.reserve(request.reduction_count);
  for (std::size_t r = 0; r < request.reduction_count; ++r) {
    outcome<buffer_pool::lease> lease = context.pool().take(partials_bytes[r]);
    if (!lease) return lease.why;
    buffers.push_back(std::move(lease.value));
  }

  // 2. Arguments and launch.
  arg_writer args(kernel.kernel);
  for (unsigned d = 0; d < info.dims; ++d) {
    args.value(cl_long{request.dims[d].first});
    args.value(cl_long{request.dims[d].step});
    args.value(cl_ulong{request.dims[d].count});
  }
  args.buffer(&context.error_word());
  for (std::size_t i = 0; i < request.view_count; ++i) {
    const view_arg& view = request.views[i];
    const view_placement& placement = spans.placements()[i];
    // An empty view touches nothing: it gets a null pointer, which every kernel access
    // is bounds-checked against its zero extent before using.
    const bool empty = placement.span == view_placement::no_span;
    std::int64_t offset = placement.offset;
    if (!empty) {
      // The buffer starts at or below the span, at a multiple of buffer_alignment.
      const range_on_device& at = placed[placement.span];
      const std::uintptr_t below = at.range.low - at.buffer->base();
      if (below % view.elem_size != 0)
        return "a view's elements do not fall on whole elements of its device buffer";
      offset += static_cast<std::int64_t>(below / view.elem_size);
    }
    if (rows != nullptr && (empty || !rows->places(i, offset)))
      return "a view's device offset disagrees with the aligned-rows kernel built for it";
    args.buffer(empty ? nullptr : &placed[placement.span].buffer->buffer());
    args.value(cl_long{offset});
    for (std::uint32_t d = 0; d < view.rank; ++d) args.value(cl_ulong{view.extent[d]});
    for (std::uint32_t d = 0; d < view.rank; ++d) args.value(cl_long{view.stride[d]});
  }
  for (std::size_t i = 0; i < request.scalar_count; ++i)
    args.raw(request.scalars[i].size, request.scalars[i].value);
  for (std::size_t r = 0; r < request.reduction_count; ++r) {
    args.buffer(&buffers[r].buffer);
    // __local scratch: a size and no value.  Sized for size->local, enqueued below.
    args.raw(group_items * scalar_size(request.reductions[r].kind), nullptr);
  }
  if (args.status() != CL_SUCCESS) return cl_failure_why("clSetKernelArg", args.status());

  // 3a below returns without waiting; it keeps the kernel's event when timed and for one
  // kernel in untimed_tracking_interval otherwise.
  const bool asynchronous = request.scope != nullptr && !info.checks_in_kernel &&
                            request.reduction_count == 0 && !wait_for_kernel &&
                            !sync_launches_requested();
  const bool tracked =
      timed || (asynchronous && context.count_untimed_launch() % untimed_tracking_interval == 0);
  // Always an explicit local size, never cl::NullRange: the reduction scratch was sized
  // for this local size and the partials for its number of work-groups.
  cl::Event kernel_done;
  status = queue.enqueueNDRangeKernel(kernel.kernel, cl::NullRange,
                                      nd_range(size->dims, size->global),
                                      nd_range(size->dims, size->local), nullptr,
                                      tracked ? &kernel_done : nullptr);
  if (status != CL_SUCCESS) return cl_failure_why("clEnqueueNDRangeKernel", status);

  // From here on the kernel may have written: a failure brings what the device has home
  // and drops its copy.  A kernel launched earlier without a wait that failed leaves
  // nothing current to bring home.
  auto failed_after_launch = [&](const char* why) {
    (void)resources.drain();
    if (const char* earlier = context.pending().settle(true)) residency_data_lost(earlier);
    for (const range_on_device& at : placed)
      if (at.written)
        if (const char* lost = registry.make_host_valid(at.range, true))
          residency_data_lost(lost, &at.range, info.site);
    return why;
  };

  // 3a. Nothing to read back and the results stay on the device: return without waiting.
  if (asynchronous) {
    status = queue.flush();
    if (status != CL_SUCCESS) return failed_after_launch(cl_failure_why("clFlush", status));
    mark_written(registry, device, request);
    resources.leave_running();
    // Known once the kernel is done (region_call's last_call), if timed.
    last_kernel_seconds = timed ? kernel_time_pending : kernel_time_unmeasured;
    keep_kernel_event(timed ? kernel_done() : nullptr);
    if (tracked)
      if (const char* earlier = context.pending().add(std::move(kernel_done), info.site, timed))
        residency_data_lost(earlier);
    return nullptr;
  }

  // 3b. Error word and partials into staging, then the call's one wait.
  cl_int error_word[4] = {0, 0, 0, 0};
  if (info.checks_in_kernel) {
    status =
        queue.enqueueReadBuffer(context.error_word(), CL_FALSE, 0, sizeof error_word, error_word);
    if (status != CL_SUCCESS)
      return failed_after_launch(cl_failure_why("clEnqueueReadBuffer", status));
  }
  for (std::size_t r = 0; r < request.reduction_count; ++r) {
    status = queue.enqueueReadBuffer(buffers[r].buffer, CL_FALSE, 0, partials_bytes[r],
                                     staging + partials_at[r]);
    if (status != CL_SUCCESS)
      return failed_after_launch(cl_failure_why("clEnqueueReadBuffer", status));
  }
  status = resources.drain();
  if (status != CL_SUCCESS) return failed_after_launch(cl_failure_why("clFinish", status));
  // Every kernel before this one on the queue is done too.
  if (const char* earlier = context.pending().settle(false)) residency_data_lost(earlier);
  last_kernel_seconds = timed ? profiled_seconds(kernel_done) : kernel_time_unmeasured;
  if (timed) pending_kernels::add_completed_seconds(last_kernel_seconds);

  // 4. Out-of-range access: the host copy of everything written is the one from before
  // the call, so forgetting the device's copy undoes the kernel.  Otherwise the device's
  // copy of what it wrote is now the only current one.
  const bool error_found =
      error_word[0] != 0 || error_word[1] != 0 || error_word[2] != 0 || error_word[3] != 0;
  if (info.checks_in_kernel && !error_found) context.error_word_clear() = true;
  if (error_found) {
    for (const range_on_device& at : placed)
      if (at.written) registry.discard_device(device, at.range);
    return "kernel stopped an out-of-range access";
  }
  mark_written(registry, device, request);
  for (std::size_t r = 0; r < request.reduction_count; ++r)
    combine_partials(request.reductions[r], staging + partials_at[r], groups);
  return nullptr;
}

}  // namespace clpar::rt
