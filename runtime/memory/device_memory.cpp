// runtime/memory/device_memory.cpp - OpenCL buffers and transfers for the registry.
#include "memory/device_memory.hpp"

#include <string>

#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

device_context* context_of(device_id device, const char*& why) {
  const outcome<device_context*> context = device_context::of(device);
  why = context ? nullptr : context.why;
  return context ? context.value : nullptr;
}

const cl::Buffer& cl_buffer(const device_buffer& buffer) {
  return static_cast<const cl_device_buffer&>(buffer).buffer();
}

}  // namespace

std::shared_ptr<device_buffer> device_memory::allocate(device_id device, byte_range range,
                                                       const char*& why) {
  device_context* context = context_of(device, why);
  if (context == nullptr) return nullptr;
  outcome<buffer_pool::lease> lease = context->pool().take(range.size());
  if (!lease) {
    why = lease.why;
    return nullptr;
  }
  return std::make_shared<cl_device_buffer>(*context, std::move(lease.value), range);
}

const char* device_memory::to_device(device_id device, device_buffer& buffer, byte_range range) {
  const char* why = nullptr;
  device_context* context = context_of(device, why);
  if (context == nullptr) return why;
  const cl_int status = context->transfer().to_device(
      cl_buffer(buffer), range.low - buffer.base(), reinterpret_cast<const void*>(range.low),
      range.size());
  return status == CL_SUCCESS ? nullptr : cl_failure_why("clEnqueueWriteBuffer", status);
}

const char* device_memory::to_host(device_id device, const device_buffer& buffer,
                                   byte_range range) {
  const char* why = nullptr;
  device_context* context = context_of(device, why);
  if (context == nullptr) return why;
  // The only copy may be this one: a failed read is tried again (read_attempts in all)
  // before the bytes count as lost.
  cl_int status = CL_SUCCESS;
  for (int attempt = 1; attempt <= read_attempts; ++attempt) {
    status = context->transfer().to_host(reinterpret_cast<void*>(range.low), cl_buffer(buffer),
                                         range.low - buffer.base(), range.size());
    if (status == CL_SUCCESS) return nullptr;
    // A kernel launched without a wait that failed says more than the read that found it,
    // and reading again would only read what it failed to write.
    if (const char* failed = context->pending().settle(true)) return failed;
    if (trace_enabled())
      trace_write("reading " + std::to_string(range.size()) + " bytes back failed (" +
                  describe_cl_failure("clEnqueueReadBuffer", status) + ")" +
                  (attempt < read_attempts ? ", trying again" : ""));
  }
  return cl_failure_why("clEnqueueReadBuffer", status);
}

const char* device_memory::copy(device_id device, device_buffer& to, const device_buffer& from,
                                byte_range range) {
  const char* why = nullptr;
  device_context* context = context_of(device, why);
  if (context == nullptr) return why;
  const cl_int status = context->queue().enqueueCopyBuffer(
      cl_buffer(from), cl_buffer(to), range.low - from.base(), range.low - to.base(),
      range.size());
  return status == CL_SUCCESS ? nullptr : cl_failure_why("clEnqueueCopyBuffer", status);
}

}  // namespace clpar::rt
