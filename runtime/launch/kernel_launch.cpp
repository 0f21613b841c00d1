// runtime/launch/kernel_launch.cpp - buffers, arguments, NDRange and copy-back of one call.
#include "launch/kernel_launch.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "device/pending_kernels.hpp"
#include "launch/reduction.hpp"
#include "launch/work_size.hpp"
#include "memory/device_memory.hpp"
#include "memory/element_rows.hpp"
#include "memory/residency.hpp"
#include "support/environment.hpp"
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

/// Sets kernel arguments in order, remembering the first failure.  A value that is not a
/// buffer is set only when it differs from the one the kernel last had (kernel_entry::
/// arg_values): a time loop's calls repeat theirs, and clSetKernelArg copies each value
/// (allocating on PoCL).
class arg_writer {
 public:
  explicit arg_writer(kernel_entry& kernel) : kernel_(kernel) {
    if (kernel_.arg_values.size() != kernel_.arg_count)
      kernel_.arg_values.assign(kernel_.arg_count, {});
  }

  void raw(std::size_t size, const void* value) {
    if (status_ == CL_SUCCESS) {
      kernel_arg_value* known =
          index_ < kernel_.arg_values.size() ? &kernel_.arg_values[index_] : nullptr;
      if (known == nullptr || !same(*known, size, value)) {
        if (known != nullptr) known->size = 0;  // unknown until set
        status_ = kernel_.kernel.setArg(index_, size, value);
        if (status_ == CL_SUCCESS && known != nullptr && size <= kernel_arg_value::max_size &&
            size > 0) {
          known->size = static_cast<std::uint32_t>(size);
          known->local = value == nullptr;
          if (value != nullptr) std::memcpy(known->bytes, value, size);
        }
      }
    }
    ++index_;
  }
  template <class T>
  void value(const T& v) {
    raw(sizeof(T), &v);
  }
  void buffer(const cl::Buffer* buffer) {
    const cl_mem handle = buffer != nullptr ? (*buffer)() : nullptr;
    if (index_ < kernel_.arg_values.size()) kernel_.arg_values[index_].size = 0;
    if (status_ == CL_SUCCESS) status_ = kernel_.kernel.setArg(index_, sizeof handle, &handle);
    ++index_;
  }

  cl_int status() const noexcept { return status_; }

 private:
  static bool same(const kernel_arg_value& known, std::size_t size, const void* value) noexcept {
    if (known.size == 0 || known.size != size || known.local != (value == nullptr)) return false;
    return value == nullptr || std::memcmp(known.bytes, value, size) == 0;
  }

  kernel_entry& kernel_;
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
  return environment_switch("CLPAR_KERNEL_TIMES");
}

namespace {

/// For the length of a call, under the residency lock: where its spans are held (its data
/// scope, else the call itself, which lets them go at the end: results come home), with
/// the transfers charged to the region's site.
class call_holding {
 public:
  explicit call_holding(const launch_request& request)
      : charge_(request.info->site),
        site_(request.info->site),
        holds_(request.scope != nullptr ? &holds_of(*request.scope) : &own_) {}
  call_holding(const call_holding&) = delete;
  call_holding& operator=(const call_holding&) = delete;
  /// Throws clpar::device_error where results that only a device has cannot come home.
  ~call_holding() noexcept(false) { own_.release_all(site_); }

  handle_list& holds() noexcept { return *holds_; }

 private:
  residency_lock lock_;  // first made, last gone
  charge_to charge_;
  const char* site_;
  handle_list own_;
  handle_list* holds_;
};

/// One device's launch of a call's kernel, in the steps that launch_on_device takes in a
/// row and launch_shared takes for several devices at once (every device's kernel enqueued
/// before any is waited for).  Made under the residency lock, in ascending device order
/// when there are several: it holds the device's launch mutex until destroyed.
class launch_part {
 public:
  launch_part(device_context& context, device_id device, kernel_entry& kernel,
              const launch_request& request, const span_set& spans, const kernel_form* form)
      : context_(context),
        device_(device),
        kernel_(kernel),
        request_(request),
        spans_(spans),
        rows_(form != nullptr && form->rows ? &*form->rows : nullptr),
        tiles_(form != nullptr && form->tiles ? &*form->tiles : nullptr),
        split_(form != nullptr && form->split ? &*form->split : nullptr),
        lock_(context.launch_mutex()),
        resources_(context) {}

  /// Checks the call against the kernel and sizes the NDRange and the reductions' partials.
  const char* plan();
  /// Holds every span in `holds`.
  void hold(handle_list& holds);
  /// Makes valid on the device, per held span, `needed` of it (null: all of it).  A kernel
  /// that may stop part-way gets the host's copy of what it writes made current first, to
  /// rerun from there.
  const char* place(const std::vector<std::optional<byte_range>>* needed);
  /// Takes the placement `kept` as it stands (launch_on_device checked it is current).
  void place_as(const placement_memo& kept);
  /// Keeps this call's placement in `kept`, current as the registry now stands.
  void keep(placement_memo& kept) const;
  /// Arguments and the NDRange; then, unless `asynchronous`, the reads of the error word and
  /// the partials, and with `flush` a clFlush (a shared call's devices start at once).
  /// `timed`: the kernel gets a profiling event.
  const char* enqueue(bool timed, bool asynchronous, bool flush = false);
  /// After a failure once the kernel may have run: what the device has comes home and its
  /// copy of the written spans is dropped.
  const char* failed_after_launch(const char* why);
  /// The asynchronous way out (3a): flushed, results valid on the device only (`mark`:
  /// marked so; false where they are already).
  const char* leave_running(bool timed, bool mark = true);
  /// The call's one wait (3b); the kernel's time is then known.
  const char* wait(bool timed);
  bool error_found() const noexcept;
  /// Forgets the device's copy of what the kernel wrote (4, out-of-range access).
  void discard_written();
  /// The written views' elements, or the `parts` of them given (a shared call's), are
  /// valid only on the device (`mark`: marked so; false where they are already); each
  /// reduction's partials are combined into its variable.
  void complete(const std::vector<std::optional<view_arg>>* written_parts, bool mark = true);

  double kernel_seconds() const noexcept { return kernel_seconds_; }

 private:
  device_context& context_;
  device_id device_;
  kernel_entry& kernel_;
  const launch_request& request_;
  const span_set& spans_;
  const row_layout* rows_;
  const tile_shape* tiles_;
  const split_shape* split_;
  std::lock_guard<std::mutex> lock_;
  call_resources resources_;

  std::optional<work_size> size_;
  std::size_t group_items_ = 1;
  std::uint64_t groups_ = 1;
  std::size_t staged_bytes_ = 0;
  std::vector<std::size_t> partials_at_, partials_bytes_;
  std::byte* staging_ = nullptr;
  std::vector<range_on_device> placed_;
  cl::Event kernel_done_;
  cl_int error_word_[4] = {0, 0, 0, 0};
  double kernel_seconds_ = kernel_time_unmeasured;
};

const char* launch_part::plan() {
  const region_info& info = *request_.info;
  const std::size_t expected = convention_arg_count(request_);
  if (kernel_.arg_count != expected) {
    return keep_text("kernel '" + std::string(info.kernel_name) + "' takes " +
                     std::to_string(kernel_.arg_count) + " arguments, the call passes " +
                     std::to_string(expected));
  }

  if (request_.reduction_count > 0 && request_.reductions == nullptr)
    return "reduction count without reductions";
  for (std::size_t r = 0; r < request_.reduction_count; ++r)
    if (const char* why = reduction_problem(request_.reductions[r])) return why;

  const device_entry& entry = context_.device();
  const reduction_needs needs = needs_of(request_, entry, kernel_);
  if (needs.max_group == 0) return "reduction scratch does not fit in the device's local memory";
  // Work-items per dimension: a kernel taking blocks of the innermost dimension needs
  // one per block.
  std::uint64_t counts[3] = {};
  for (unsigned d = 0; d < info.dims; ++d) counts[d] = request_.dims[d].count;
  const std::uint64_t block = std::max(info.inner_block, 1u);
  counts[info.dims - 1] = rows_ != nullptr ? rows_->items(counts[info.dims - 1])
                                           : counts[info.dims - 1] / block +
                                                 (counts[info.dims - 1] % block != 0);
  const std::span<const std::size_t, 3> max_items(entry.max_work_item_sizes);
  size_ = tiles_ != nullptr   ? tile_work_size(*tiles_, std::span(counts, info.dims), max_items)
          : split_ != nullptr ? split_work_size(*split_, std::span(counts, info.dims), max_items)
                              : choose_work_size(std::span(counts, info.dims),
                                                 std::min({kernel_.work_group_size,
                                                           entry.max_work_group_size,
                                                           needs.max_group}),
                                                 max_items);
  if (!size_) return "iteration space too large for one NDRange";
  if (info.grid_stride)
    cap_work_groups(*size_, std::uint64_t{groups_per_compute_unit} *
                                std::max<std::uint32_t>(entry.compute_units, 1));

  // The work-groups of the NDRange: one partial value each per reduction.
  bool groups_overflow = false;
  for (unsigned k = 0; k < size_->dims; ++k) {
    group_items_ *= size_->local[k];  // at most max_group
    groups_overflow |=
        __builtin_mul_overflow(groups_, size_->global[k] / size_->local[k], &groups_);
  }
  if (groups_overflow && request_.reduction_count > 0)
    return "too many work-groups for the reduction partials";

  // Each reduction's partials go to staging, at multiples of 8.
  partials_at_.resize(request_.reduction_count);
  partials_bytes_.resize(request_.reduction_count);
  for (std::size_t r = 0; r < request_.reduction_count; ++r) {
    const std::size_t bytes = scalar_size(request_.reductions[r].kind);
    staged_bytes_ = align8(staged_bytes_);
    if (groups_ > (static_cast<std::size_t>(-1) - staged_bytes_) / bytes)
      return "too many work-groups for the reduction partials";
    partials_at_[r] = staged_bytes_;
    partials_bytes_[r] = static_cast<std::size_t>(groups_) * bytes;
    staged_bytes_ += partials_bytes_[r];
  }
  return nullptr;
}

void launch_part::hold(handle_list& holds) {
  // Every span held before any buffer is taken: holding one that overlaps a record
  // without lying in it merges the records into one with a new buffer, which would leave
  // an earlier span's buffer freed under it.
  for (const byte_span& span : spans_.spans()) holds.hold(byte_range{span.low, span.high});
}

const char* launch_part::place(const std::vector<std::optional<byte_range>>* needed) {
  const region_info& info = *request_.info;
  region_registry& registry = residency_registry();
  staging_ = context_.staging(staged_bytes_);
  placed_.reserve(spans_.spans().size());
  for (std::size_t k = 0; k < spans_.spans().size(); ++k) {
    const byte_span& span = spans_.spans()[k];
    const byte_range range{span.low, span.high};
    if (info.checks_in_kernel && span.written)
      if (const char* lost = registry.make_host_valid(range, false))
        residency_data_lost(lost, &range, info.site);
    const char* why = nullptr;
    const std::optional<byte_range> wanted =
        needed != nullptr ? (*needed)[k] : std::optional<byte_range>(range);
    // A span the share does not touch still needs its buffer, for the kernel's arguments.
    const byte_range valid = wanted ? *wanted : byte_range{range.low, range.low};
    const device_buffer* buffer = registry.make_device_valid(device_, valid, why);
    if (buffer == nullptr) return why;
    placed_.push_back({range, static_cast<const cl_device_buffer*>(buffer), span.written});
  }
  return nullptr;
}

void launch_part::place_as(const placement_memo& kept) {
  staging_ = context_.staging(staged_bytes_);
  placed_.reserve(spans_.spans().size());
  for (std::size_t k = 0; k < spans_.spans().size(); ++k) {
    const byte_span& span = spans_.spans()[k];
    placed_.push_back({byte_range{span.low, span.high},
                       static_cast<const cl_device_buffer*>(kept.buffers[k]), span.written});
  }
}

void launch_part::keep(placement_memo& kept) const {
  kept.buffers.resize(placed_.size());
  for (std::size_t k = 0; k < placed_.size(); ++k) kept.buffers[k] = placed_[k].buffer;
  kept.registry_changes = residency_registry().changes();
}

const char* launch_part::enqueue(bool timed, bool asynchronous, bool flush) {
  const region_info& info = *request_.info;
  cl::CommandQueue& queue = context_.queue();
  std::vector<buffer_pool::lease>& buffers = resources_.buffers();
  // A kernel that checks accesses itself reports through the error word: zeros before it
  // runs, written only when the last read did not find them (one command less per call).
  cl_int status = CL_SUCCESS;
  static constexpr cl_int zeros[4] = {0, 0, 0, 0};
  if (info.checks_in_kernel) {
    if (!context_.error_word_clear()) {
      status = queue.enqueueWriteBuffer(context_.error_word(), CL_FALSE, 0, sizeof zeros, zeros);
      if (status != CL_SUCCESS) return cl_failure_why("clEnqueueWriteBuffer", status);
    }
    context_.error_word_clear() = false;  // until read back as zeros
  }
  // Partials need no copy-in: every work-group writes its own.
  buffers.reserve(request_.reduction_count);
  for (std::size_t r = 0; r < request_.reduction_count; ++r) {
    outcome<buffer_pool::lease> lease = context_.pool().take(partials_bytes_[r]);
    if (!lease) return lease.why;
    buffers.push_back(std::move(lease.value));
  }

  // 2. Arguments and launch.
  arg_writer args(kernel_);
  for (unsigned d = 0; d < info.dims; ++d) {
    args.value(cl_long{request_.dims[d].first});
    args.value(cl_long{request_.dims[d].step});
    args.value(cl_ulong{request_.dims[d].count});
  }
  args.buffer(&context_.error_word());
  for (std::size_t i = 0; i < request_.view_count; ++i) {
    const view_arg& view = request_.views[i];
    const view_placement& placement = spans_.placements()[i];
    // An empty view touches nothing: it gets a null pointer, which every kernel access
    // is bounds-checked against its zero extent before using.
    const bool empty = placement.span == view_placement::no_span;
    std::int64_t offset = placement.offset;
    if (!empty) {
      // The buffer starts at or below the span, at a multiple of buffer_alignment.
      const range_on_device& at = placed_[placement.span];
      const std::uintptr_t below = at.range.low - at.buffer->base();
      const std::uint32_t unit = view.byte_offset ? 1 : view.elem_size;
      if (below % unit != 0)
        return "a view's elements do not fall on whole elements of its device buffer";
      offset += static_cast<std::int64_t>(below / unit);
    }
    if (rows_ != nullptr && (empty || !rows_->places(i, offset)))
      return "a view's device offset disagrees with the aligned-rows kernel built for it";
    args.buffer(empty ? nullptr : &placed_[placement.span].buffer->buffer());
    args.value(cl_long{offset});
    for (std::uint32_t d = 0; d < view.rank; ++d) args.value(cl_ulong{view.extent[d]});
    for (std::uint32_t d = 0; d < view.rank; ++d) args.value(cl_long{view.stride[d]});
  }
  for (std::size_t i = 0; i < request_.scalar_count; ++i)
    args.raw(request_.scalars[i].size, request_.scalars[i].value);
  for (std::size_t r = 0; r < request_.reduction_count; ++r) {
    args.buffer(&buffers[r].buffer);
    // __local scratch: a size and no value.  Sized for size_->local, enqueued below.
    args.raw(group_items_ * scalar_size(request_.reductions[r].kind), nullptr);
  }
  if (args.status() != CL_SUCCESS) return cl_failure_why("clSetKernelArg", args.status());

  // 3a keeps the kernel's event when timed and for one kernel in
  // untimed_tracking_interval otherwise.
  const bool tracked =
      timed || (asynchronous && context_.count_untimed_launch() % untimed_tracking_interval == 0);
  // Always an explicit local size, never cl::NullRange: the reduction scratch was sized
  // for this local size and the partials for its number of work-groups.
  status = queue.enqueueNDRangeKernel(kernel_.kernel, cl::NullRange,
                                      nd_range(size_->dims, size_->global),
                                      nd_range(size_->dims, size_->local), nullptr,
                                      tracked ? &kernel_done_ : nullptr);
  if (status == CL_INVALID_WORK_GROUP_SIZE && kernel_.compile_group != 0 &&
      group_items_ == kernel_.compile_group) {
    // The group the kernel declares (a tiled or split form's), which this device does not
    // run after all (NVIDIA's OpenCL reports 256 work-items for every kernel and runs
    // declared groups beyond it: launch/kernel_form.hpp): later calls take the general form.
    kernel_.group_refused.store(true, std::memory_order_relaxed);
  }
  if (status != CL_SUCCESS) return cl_failure_why("clEnqueueNDRangeKernel", status);
  if (asynchronous) return nullptr;

  // 3b. Error word and partials into staging, waited for by wait().
  if (info.checks_in_kernel) {
    status = queue.enqueueReadBuffer(context_.error_word(), CL_FALSE, 0, sizeof error_word_,
                                     error_word_);
    if (status != CL_SUCCESS)
      return failed_after_launch(cl_failure_why("clEnqueueReadBuffer", status));
  }
  for (std::size_t r = 0; r < request_.reduction_count; ++r) {
    status = queue.enqueueReadBuffer(buffers[r].buffer, CL_FALSE, 0, partials_bytes_[r],
                                     staging_ + partials_at_[r]);
    if (status != CL_SUCCESS)
      return failed_after_launch(cl_failure_why("clEnqueueReadBuffer", status));
  }
  if (flush) {
    status = queue.flush();
    if (status != CL_SUCCESS) return failed_after_launch(cl_failure_why("clFlush", status));
  }
  return nullptr;
}

const char* launch_part::failed_after_launch(const char* why) {
  const region_info& info = *request_.info;
  region_registry& registry = residency_registry();
  (void)resources_.drain();
  if (const char* earlier = context_.pending().settle(true)) residency_data_lost(earlier);
  for (const range_on_device& at : placed_)
    if (at.written)
      if (const char* lost = registry.make_host_valid(at.range, true))
        residency_data_lost(lost, &at.range, info.site);
  return why;
}

const char* launch_part::leave_running(bool timed, bool mark) {
  // A tracked launch's event tells whether the queue issued the kernel without a flush
  // (CL_SUBMITTED or later right after the enqueue); until a later tracked one reads
  // queued, launches leave the flush out (about 1.3 us a launch on an H100,
  // docs/performance.md).
  launch_submission& submission = context_.submission();
  if (kernel_done_() != nullptr) {
    cl_int execution = CL_QUEUED;
    if (clGetEventInfo(kernel_done_(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof execution,
                       &execution, nullptr) != CL_SUCCESS)
      execution = CL_QUEUED;
    submission = after_launch_status(submission, execution);
  }
  if (submission == launch_submission::on_flush) {
    const cl_int status = context_.queue().flush();
    if (status != CL_SUCCESS) return failed_after_launch(cl_failure_why("clFlush", status));
  }
  if (mark) mark_written(residency_registry(), device_, request_);
  resources_.leave_running();
  // Known once the kernel is done (region_call's last_call), if timed.
  last_kernel_seconds = timed ? kernel_time_pending : kernel_time_unmeasured;
  keep_kernel_event(timed ? kernel_done_() : nullptr);
  if (kernel_done_() != nullptr)
    if (const char* earlier =
            context_.pending().add(std::move(kernel_done_), request_.info->site, timed))
      residency_data_lost(earlier);
  return nullptr;
}

const char* launch_part::wait(bool timed) {
  const cl_int status = resources_.drain();
  if (status != CL_SUCCESS) return failed_after_launch(cl_failure_why("clFinish", status));
  // Every kernel before this one on the queue is done too.
  if (const char* earlier = context_.pending().settle(false)) residency_data_lost(earlier);
  kernel_seconds_ = timed ? profiled_seconds(kernel_done_) : kernel_time_unmeasured;
  if (timed) pending_kernels::add_completed_seconds(kernel_seconds_);
  const bool found = error_found();
  if (request_.info->checks_in_kernel && !found) context_.error_word_clear() = true;
  return nullptr;
}

bool launch_part::error_found() const noexcept {
  return error_word_[0] != 0 || error_word_[1] != 0 || error_word_[2] != 0 ||
         error_word_[3] != 0;
}

void launch_part::discard_written() {
  for (const range_on_device& at : placed_)
    if (at.written) residency_registry().discard_device(device_, at.range);
}

void launch_part::complete(const std::vector<std::optional<view_arg>>* written_parts,
                           bool mark) {
  region_registry& registry = residency_registry();
  if (mark && written_parts == nullptr) {
    mark_written(registry, device_, request_);
  } else if (mark) {
    for (const std::optional<view_arg>& part : *written_parts) {
      if (!part || !part->written) continue;
      const std::optional<element_rows> rows = element_rows::of(*part);
      if (!rows) continue;
      if (const char* lost = registry.mark_device_written(device_, *rows)) residency_data_lost(lost);
    }
  }
  for (std::size_t r = 0; r < request_.reduction_count; ++r)
    combine_partials(request_.reductions[r], staging_ + partials_at_[r], groups_);
}

}  // namespace

const char* launch_on_device(device_context& context, device_id device, kernel_entry& kernel,
                             const launch_request& request, const span_set& spans,
                             bool wait_for_kernel, bool timed, const kernel_form* form,
                             placement_memo* placed) {
  const region_info& info = *request.info;
  // Destroyed in reverse: the queue drains, then the holding ends.
  call_holding holding(request);
  launch_part part(context, device, kernel, request, spans, form);
  if (const char* why = part.plan()) return why;
  // 1. Device copies of every span: only bytes the device lacks move.  The placement this
  // call left last time, where the registry has not changed since, is as good.
  std::uint64_t kept_at = 0;
  if (placed != nullptr) {
    if (!info.checks_in_kernel && placed->buffers.size() == spans.spans().size())
      kept_at = placed->registry_changes;
    placed->registry_changes = 0;  // kept again once this call succeeds
  }
  const bool unchanged = kept_at != 0 && residency_registry().changes() == kept_at;
  if (unchanged) {
    part.place_as(*placed);  // held once the kernel is enqueued
  } else {
    part.hold(holding.holds());
    if (const char* why = part.place(nullptr)) return why;
  }

  // 3a below returns without waiting.
  const bool asynchronous = request.scope != nullptr && !info.checks_in_kernel &&
                            request.reduction_count == 0 && !wait_for_kernel &&
                            !sync_launches_requested();
  if (const char* why = part.enqueue(timed, asynchronous)) return why;
  // While the kernel runs: the spans lie in the records they lay in last time, so holding
  // them changes nothing (a hold inside a record; one the scope has is not taken again).
  if (unchanged) part.hold(holding.holds());
  // 3a. Nothing to read back and the results stay on the device: return without waiting.
  if (asynchronous) {
    if (const char* why = part.leave_running(timed, !unchanged)) return why;
    if (placed != nullptr) part.keep(*placed);
    return nullptr;
  }
  // 3b. The call's one wait.
  if (const char* why = part.wait(timed)) return why;
  last_kernel_seconds = part.kernel_seconds();

  // 4. Out-of-range access: the host copy of everything written is the one from before
  // the call, so forgetting the device's copy undoes the kernel.  Otherwise the device's
  // copy of what it wrote is now the only current one.
  if (part.error_found()) {
    part.discard_written();
    return "kernel stopped an out-of-range access";
  }
  part.complete(nullptr, !unchanged);
  if (placed != nullptr) part.keep(*placed);
  return nullptr;
}

const char* launch_shared(std::span<device_share> shares, const span_set& spans) {
  call_holding holding(shares.front().request);
  // Each part holds its device's launch mutex: taken in the shares' (ascending) order.
  std::vector<std::unique_ptr<launch_part>> parts;
  parts.reserve(shares.size());
  for (device_share& share : shares) {
    share.request.dims = share.dims;
    parts.push_back(std::make_unique<launch_part>(*share.context, share.device, *share.kernel,
                                                  share.request, spans, share.form));
    if (const char* why = parts.back()->plan()) return why;
  }
  // Every device gets what its share touches before any kernel runs: a failure here
  // leaves every byte as it was.
  for (std::size_t k = 0; k < parts.size(); ++k)
    parts[k]->hold(holding.holds());
  for (std::size_t k = 0; k < parts.size(); ++k)
    if (const char* why = parts[k]->place(&shares[k].needed)) return why;
  // Then every kernel is enqueued and started, and only then waited for.
  for (std::size_t k = 0; k < parts.size(); ++k)
    if (const char* why = parts[k]->enqueue(true, false, true)) {
      for (std::size_t j = 0; j < k; ++j) (void)parts[j]->failed_after_launch(why);
      return why;
    }
  const char* failed = nullptr;
  std::vector<bool> waited(parts.size());
  for (std::size_t k = 0; k < parts.size(); ++k) {
    const char* why = parts[k]->wait(true);
    waited[k] = why == nullptr;
    if (why != nullptr && failed == nullptr) failed = why;
  }
  if (failed != nullptr) {
    for (std::size_t k = 0; k < parts.size(); ++k)
      if (waited[k]) (void)parts[k]->failed_after_launch(failed);
    return failed;
  }
  // An out-of-range access in any share: every device's copy of what it wrote is
  // forgotten, and the host reruns the whole call from its copy.
  bool error_found = false;
  for (const std::unique_ptr<launch_part>& part : parts) error_found |= part->error_found();
  if (error_found) {
    for (const std::unique_ptr<launch_part>& part : parts) part->discard_written();
    return "kernel stopped an out-of-range access";
  }
  double longest = 0;
  for (std::size_t k = 0; k < parts.size(); ++k) {
    parts[k]->complete(&shares[k].written);
    shares[k].kernel_seconds = parts[k]->kernel_seconds();
    longest = std::max(longest, shares[k].kernel_seconds);
  }
  last_kernel_seconds = longest;
  return nullptr;
}

}  // namespace clpar::rt
