// runtime/memory/device_memory.cpp - OpenCL buffers and transfers for the registry.
#include "memory/device_memory.hpp"

#include <algorithm>
#include <cstring>
#include <string>

#include "trace/profile.hpp"
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

// The only copy may be on the device: a read that fails is tried again, read_attempts times
// in all, before the bytes count as lost.  `read(call)` makes one attempt and returns its
// status, naming the failing call in `call`.  Not after a kernel launched without a wait
// failed: that says more than the read that found it, and reading again would only read
// what it failed to write.
template <class Read>
const char* read_with_retries(device_context& context, std::uint64_t bytes, Read read) {
  for (int attempt = 1;; ++attempt) {
    const char* call = "clEnqueueReadBuffer";
    const cl_int status = read(call);
    if (status == CL_SUCCESS) return nullptr;
    if (const char* failed = context.pending().settle(true)) return failed;
    const char* reason = cl_failure_why(call, status);
    if (trace_enabled())
      trace_write("reading " + std::to_string(bytes) + " bytes back failed (" + reason + ")" +
                  (attempt < read_attempts ? ", trying again" : ""));
    if (attempt == read_attempts) return reason;
  }
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
  const auto begin = profile_now();
  const cl_int status = context->transfer().to_device(
      cl_buffer(buffer), range.low - buffer.base(), reinterpret_cast<const void*>(range.low),
      range.size());
  if (status != CL_SUCCESS) return cl_failure_why("clEnqueueWriteBuffer", status);
  profile_transfer(true, range.size(), begin);
  return nullptr;
}

const char* device_memory::to_host(device_id device, const device_buffer& buffer,
                                   byte_range range) {
  const char* why = nullptr;
  device_context* context = context_of(device, why);
  if (context == nullptr) return why;
  const auto begin = profile_now();
  why = read_with_retries(*context, range.size(), [&](const char*& call) {
    call = "clEnqueueReadBuffer";
    return context->transfer().to_host(reinterpret_cast<void*>(range.low), cl_buffer(buffer),
                                       range.low - buffer.base(), range.size());
  });
  if (why == nullptr) profile_transfer(false, range.size(), begin);
  return why;
}

namespace {

/// The rectangle reads of nested `rows`: region (row_bytes, count[0], count[1]) where the
/// second level's pitch is a whole number of first-level pitches (OpenCL's slice pitch),
/// else region (row_bytes, count[0], 1); the levels above are looped over.
struct rect_plan {
  std::size_t region[3];
  std::size_t row_pitch;
  std::size_t slice_pitch;
  std::uint32_t looped_from;  ///< the first level looped over

  explicit rect_plan(const element_rows& rows) {
    region[0] = rows.row_bytes;
    region[1] = rows.count[0];
    region[2] = 1;
    row_pitch = rows.pitch[0];
    slice_pitch = 0;
    looped_from = 1;
    if (rows.levels >= 2 && rows.pitch[1] % rows.pitch[0] == 0 &&
        rows.pitch[1] >= rows.count[0] * rows.pitch[0]) {
      region[2] = rows.count[1];
      slice_pitch = rows.pitch[1];
      looped_from = 2;
    }
  }

  /// Whether every read's rectangle, counted with whole pitches (NVIDIA's OpenCL answers
  /// CL_INVALID_VALUE when region[1] * row_pitch, or region[2] * slice_pitch, from the
  /// origin passes the buffer's end, even where the last row ends inside it), lies in
  /// `buffer`.  The last read starts furthest in.
  bool fits(const element_rows& rows, const device_buffer& buffer) const noexcept {
    std::uintptr_t last = rows.low;
    for (std::uint32_t k = looped_from; k < rows.levels; ++k)
      last += (rows.count[k] - 1) * rows.pitch[k];
    const std::uint64_t extent = region[2] > 1 ? region[2] * slice_pitch : region[1] * row_pitch;
    return last - buffer.base() + extent <= buffer.size();
  }

  std::uint64_t reads(const element_rows& rows) const noexcept {
    std::uint64_t n = 1;
    for (std::uint32_t k = looped_from; k < rows.levels; ++k) n *= rows.count[k];
    return n;
  }
};

/// `count` rows of `row_bytes`, `pitch` bytes apart, from `from` to `to`; rows of one
/// element copied as that type, so the loop has no call in it.
template <class T>
void copy_typed(std::byte* to, const std::byte* from, std::uint64_t count, std::uint64_t pitch) {
  for (std::uint64_t i = 0; i < count; ++i) std::memcpy(to + i * pitch, from + i * pitch, sizeof(T));
}

void copy_rows(std::byte* to, const std::byte* from, std::uint64_t count, std::uint64_t row_bytes,
               std::uint64_t pitch) {
  switch (row_bytes) {
    case 1: return copy_typed<std::uint8_t>(to, from, count, pitch);
    case 2: return copy_typed<std::uint16_t>(to, from, count, pitch);
    case 4: return copy_typed<std::uint32_t>(to, from, count, pitch);
    case 8: return copy_typed<std::uint64_t>(to, from, count, pitch);
    default:
      for (std::uint64_t i = 0; i < count; ++i)
        std::memcpy(to + i * pitch, from + i * pitch, row_bytes);
  }
}

}  // namespace

const char* device_memory::to_host_rows(device_id device, const device_buffer& buffer,
                                        const element_rows& rows) {
  if (rows.dense()) return to_host(device, buffer, rows.hull());
  const char* why = nullptr;
  device_context* context = context_of(device, why);
  if (context == nullptr) return why;
  // One attempt; on failure, the call that failed and its status.
  const char* failed_call = nullptr;
  cl_int failed_status = CL_SUCCESS;
  auto failed = [&](const char* call, cl_int status) {
    failed_call = call;
    failed_status = status;
    return call;
  };
  auto read_once = [&]() -> const char* {
    why = nullptr;
    const rect_plan plan(rows);
    if (rows.nested() && rows.row_bytes >= rect_row_bytes && plan.reads(rows) <= max_rect_reads &&
        plan.fits(rows, buffer)) {
      const std::uint64_t reads = plan.reads(rows);
      std::uint64_t index[element_rows::max_levels] = {};
      for (std::uint64_t n = 0; n < reads; ++n) {
        std::uintptr_t at = rows.low;
        for (std::uint32_t k = plan.looped_from; k < rows.levels; ++k) at += index[k] * rows.pitch[k];
        const std::size_t offset = at - buffer.base();
        const std::size_t buffer_origin[3] = {offset % plan.row_pitch, offset / plan.row_pitch, 0};
        const std::size_t host_origin[3] = {0, 0, 0};
        // Blocking on the last: the in-order queue finishes the others before it.
        const cl_int status = clEnqueueReadBufferRect(
            context->queue()(), cl_buffer(buffer)(), n + 1 == reads ? CL_TRUE : CL_FALSE,
            buffer_origin, host_origin, plan.region, plan.row_pitch, plan.slice_pitch,
            plan.row_pitch, plan.slice_pitch, reinterpret_cast<void*>(at), 0, nullptr, nullptr);
        if (status != CL_SUCCESS) {
          (void)context->queue().finish();
          return failed("clEnqueueReadBufferRect", status);
        }
        for (std::uint32_t k = plan.looped_from; k < rows.levels && ++index[k] == rows.count[k];
             ++k)
          index[k] = 0;
      }
      return nullptr;
    }

    // Through a mapping of the hull, a piece at a time: a piece starts at the first row
    // byte not yet copied, so gaps larger than a piece are never read.
    const byte_range hull = rows.hull();
    const cl_mem memory = cl_buffer(buffer)();
    cl_command_queue queue = context->queue()();
    byte_range piece{};
    const std::byte* mapped = nullptr;
    auto unmap = [&]() -> const char* {
      if (mapped == nullptr) return nullptr;
      const cl_int status = clEnqueueUnmapMemObject(queue, memory, const_cast<std::byte*>(mapped),
                                                    0, nullptr, nullptr);
      mapped = nullptr;
      return status == CL_SUCCESS ? nullptr : failed("clEnqueueUnmapMemObject", status);
    };
    // Maps the piece that starts at `at` unless the current one holds it; false on failure.
    auto map_at = [&](std::uintptr_t at) {
      if (mapped != nullptr && piece.low <= at && at < piece.high) return true;
      if ((why = unmap()) != nullptr) return false;
      piece = {at, at + std::min<std::uint64_t>(hull.high - at, scatter_piece_bytes)};
      cl_int status = CL_SUCCESS;
      mapped = static_cast<const std::byte*>(clEnqueueMapBuffer(queue, memory, CL_TRUE, CL_MAP_READ,
                                                                piece.low - buffer.base(),
                                                                piece.size(), 0, nullptr, nullptr,
                                                                &status));
      if (status == CL_SUCCESS && mapped != nullptr) return true;
      mapped = nullptr;
      why = failed("clEnqueueMapBuffer", status != CL_SUCCESS ? status : CL_INVALID_VALUE);
      return false;
    };
    const std::uint64_t row_bytes = rows.row_bytes;
    const std::uint64_t pitch = rows.levels > 0 ? rows.pitch[0] : row_bytes;
    rows.for_each_run([&](std::uintptr_t first, std::uint64_t count) {
      for (std::uint64_t i = 0; why == nullptr && i < count;) {
        const std::uintptr_t at = first + i * pitch;
        if (!map_at(at)) return;
        // The rows from i on that lie wholly in the piece, copied in one loop.
        const std::uint64_t fit =
            piece.high - at >= row_bytes
                ? std::min<std::uint64_t>(count - i, (piece.high - at - row_bytes) / pitch + 1)
                : 0;
        if (fit > 0) {
          copy_rows(reinterpret_cast<std::byte*>(at), mapped + (at - piece.low), fit, row_bytes,
                    pitch);
          i += fit;
          continue;
        }
        // A row that runs past the piece: what is in it, then the rest from the next ones.
        for (std::uintptr_t b = at; why == nullptr && b < at + row_bytes;) {
          if (!map_at(b)) return;
          const std::uintptr_t end = std::min<std::uintptr_t>(at + row_bytes, piece.high);
          std::memcpy(reinterpret_cast<std::byte*>(b), mapped + (b - piece.low), end - b);
          b = end;
        }
        ++i;
      }
    });
    if (const char* unmapped = unmap(); why == nullptr) why = unmapped;
    if (why == nullptr) {
      const cl_int status = clFinish(queue);
      if (status != CL_SUCCESS) why = failed("clFinish", status);
    }
    return why;
  };

  const auto begin = profile_now();
  const char* lost = read_with_retries(*context, rows.bytes(), [&](const char*& call) {
    if (read_once() == nullptr) return CL_SUCCESS;
    call = failed_call;
    return failed_status;
  });
  if (lost == nullptr) profile_transfer(false, rows.bytes(), begin);
  return lost;
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
