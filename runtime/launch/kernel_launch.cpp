// runtime/launch/kernel_launch.cpp - buffers, arguments, NDRange and copy-back of one call.
#include "launch/kernel_launch.hpp"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "launch/work_size.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
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

/// For the length of one call: drains the queue on every way out (no transfer may outlive
/// the call), gives the buffers back to the pool and trims the staging memory.
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

 private:
  device_context& context_;
  std::vector<buffer_pool::lease> buffers_;
  bool drained_ = false;
};

cl::NDRange nd_range(unsigned dims, const std::size_t (&sizes)[3]) {
  if (dims == 1) return cl::NDRange(sizes[0]);
  if (dims == 2) return cl::NDRange(sizes[0], sizes[1]);
  return cl::NDRange(sizes[0], sizes[1], sizes[2]);
}

}  // namespace

std::size_t convention_arg_count(const launch_request& request) noexcept {
  std::size_t count = 3 * std::size_t{request.info->dims} + 1 + request.scalar_count;
  for (std::size_t i = 0; i < request.view_count; ++i) count += 2 + 2 * request.views[i].rank;
  return count;
}

const char* launch_on_device(device_context& context, kernel_entry& kernel,
                             const launch_request& request, const span_set& spans) {
  const region_info& info = *request.info;
  const std::size_t expected = convention_arg_count(request);
  if (kernel.arg_count != expected) {
    return keep_text("kernel '" + std::string(info.kernel_name) + "' takes " +
                     std::to_string(kernel.arg_count) + " arguments, the call passes " +
                     std::to_string(expected));
  }

  const device_entry& device = context.device();
  std::uint64_t counts[3] = {};
  for (unsigned d = 0; d < info.dims; ++d) counts[d] = request.dims[d].count;
  const std::optional<work_size> size = choose_work_size(
      std::span(counts, info.dims), std::min(kernel.work_group_size, device.max_work_group_size),
      std::span<const std::size_t, 3>(device.max_work_item_sizes));
  if (!size) return "iteration space too large for one NDRange";

  std::size_t staged_bytes = 0;
  for (const byte_span& span : spans.spans())
    if (span.written) staged_bytes += span.size();

  std::lock_guard lock(context.launch_mutex());
  cl::CommandQueue& queue = context.queue();
  call_resources resources(context);
  std::vector<buffer_pool::lease>& buffers = resources.buffers();
  std::byte* staging = context.staging(staged_bytes);

  // 1. Buffers and copy-in.  Nothing waits: the host memory stays put until the call ends.
  static constexpr cl_int zeros[4] = {0, 0, 0, 0};
  cl_int status = queue.enqueueWriteBuffer(context.error_word(), CL_FALSE, 0, sizeof zeros, zeros);
  if (status != CL_SUCCESS) return cl_failure_why("clEnqueueWriteBuffer", status);
  buffers.reserve(spans.spans().size());
  for (const byte_span& span : spans.spans()) {
    outcome<buffer_pool::lease> lease = context.pool().take(span.size());
    if (!lease) return lease.why;
    buffers.push_back(std::move(lease.value));
    status = queue.enqueueWriteBuffer(buffers.back().buffer, CL_FALSE, 0, span.size(), span.data());
    if (status != CL_SUCCESS) return cl_failure_why("clEnqueueWriteBuffer", status);
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
    args.buffer(empty ? nullptr : &buffers[placement.span].buffer);
    args.value(cl_long{placement.offset});
    for (std::uint32_t d = 0; d < view.rank; ++d) args.value(cl_ulong{view.extent[d]});
    for (std::uint32_t d = 0; d < view.rank; ++d) args.value(cl_long{view.stride[d]});
  }
  for (std::size_t i = 0; i < request.scalar_count; ++i)
    args.raw(request.scalars[i].size, request.scalars[i].value);
  if (args.status() != CL_SUCCESS) return cl_failure_why("clSetKernelArg", args.status());

  status =
      queue.enqueueNDRangeKernel(kernel.kernel, cl::NullRange, nd_range(size->dims, size->global),
                                 nd_range(size->dims, size->local));
  if (status != CL_SUCCESS) return cl_failure_why("clEnqueueNDRangeKernel", status);

  // 3. Error word and results into staging, then the call's one wait.
  cl_int error_word[4] = {0, 0, 0, 0};
  status =
      queue.enqueueReadBuffer(context.error_word(), CL_FALSE, 0, sizeof error_word, error_word);
  if (status != CL_SUCCESS) return cl_failure_why("clEnqueueReadBuffer", status);
  std::size_t staged = 0;
  for (std::size_t s = 0; s < spans.spans().size(); ++s) {
    const byte_span& span = spans.spans()[s];
    if (!span.written) continue;
    status = queue.enqueueReadBuffer(buffers[s].buffer, CL_FALSE, 0, span.size(), staging + staged);
    if (status != CL_SUCCESS) return cl_failure_why("clEnqueueReadBuffer", status);
    staged += span.size();
  }
  status = resources.drain();
  if (status != CL_SUCCESS) return cl_failure_why("clFinish", status);

  // 4. Out-of-range access: discard.  Otherwise the results go into place.
  if (error_word[0] != 0 || error_word[1] != 0 || error_word[2] != 0 || error_word[3] != 0)
    return "kernel stopped an out-of-range access";
  staged = 0;
  for (const byte_span& span : spans.spans()) {
    if (!span.written) continue;
    std::memcpy(span.data(), staging + staged, span.size());
    staged += span.size();
  }
  return nullptr;
}

}  // namespace clpar::rt
