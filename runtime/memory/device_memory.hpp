// runtime/memory/device_memory.hpp - the residency registry's transfer backend over OpenCL.
//
// Device ids are indices into platform_list::instance().devices(); each device's
// device_context provides the queue and the buffer pool.  Buffers come from the pool and
// go back to it when the last record using them lets go.  Transfers from and to user memory
// go through the context's staged_transfer (pinned, pipelined).  Used under the residency
// lock (residency.hpp), which also covers the contexts' pools and queues.
//
// Written rows (element_rows.hpp) come home without touching a host byte between them:
// rows of at least rect_row_bytes, nested, by clEnqueueReadBufferRect (one per two levels,
// at most max_rect_reads of them); any other rows by mapping their hull for reading in
// pieces of at most scatter_piece_bytes and copying each row out of the mapping, so rows
// of a few bytes cost a few maps rather than one command each (on a CPU device a map
// copies nothing).
//
// Under CLPAR_PROFILE each transfer that succeeds is an activity (trace/profile.hpp), from
// its first enqueue to its return: a write may still be in flight then (staged_transfer.hpp).
#ifndef CLPAR_RUNTIME_MEMORY_DEVICE_MEMORY_HPP
#define CLPAR_RUNTIME_MEMORY_DEVICE_MEMORY_HPP

#include <cstddef>
#include <cstdint>
#include <memory>

#include "device/device_context.hpp"
#include "memory/buffer_pool.hpp"
#include "memory/region_registry.hpp"

namespace clpar::rt {

/// How often to_host tries a read that fails before it reports the bytes lost.
inline constexpr int read_attempts = 3;

/// A pooled OpenCL buffer mirroring host bytes.
class cl_device_buffer : public device_buffer {
 public:
  cl_device_buffer(device_context& context, buffer_pool::lease lease, byte_range mirrored)
      : device_buffer(mirrored.low, mirrored.size()), context_(context), lease_(std::move(lease)) {}
  ~cl_device_buffer() override { context_.pool().give_back(std::move(lease_)); }

  const cl::Buffer& buffer() const noexcept { return lease_.buffer; }

 private:
  device_context& context_;
  buffer_pool::lease lease_;
};

class device_memory : public transfer_backend {
 public:
  std::shared_ptr<device_buffer> allocate(device_id device, byte_range range,
                                          const char*& why) override;
  const char* to_device(device_id device, device_buffer& buffer, byte_range range) override;
  const char* to_host(device_id device, const device_buffer& buffer, byte_range range) override;
  const char* to_host_rows(device_id device, const device_buffer& buffer,
                           const element_rows& rows) override;

  /// Rows at least this long come home by rectangle reads.
  static constexpr std::uint64_t rect_row_bytes = 512;
  /// The most rectangle reads one to_host_rows makes; more go through scratch memory.
  static constexpr std::uint64_t max_rect_reads = 64;
  /// The largest piece of a hull mapped at once.
  static constexpr std::size_t scatter_piece_bytes = std::size_t{8} << 20;
  const char* copy(device_id device, device_buffer& to, const device_buffer& from,
                   byte_range range) override;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_DEVICE_MEMORY_HPP
