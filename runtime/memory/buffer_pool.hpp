// runtime/memory/buffer_pool.hpp - device buffers kept between region calls for reuse.
//
// Creating and releasing an OpenCL buffer per call is slow on GPU drivers (on an H200 with
// NVIDIA's OpenCL, a release alone took about 185 us), so a call takes its buffers from the
// pool of its device and gives them back when it is over.  Buffers hold no data between
// calls (keeping data on the device is the residency work, SPEC 1.5); all are
// CL_MEM_READ_WRITE so that any call can reuse any buffer.
//
// A request of `size` bytes takes the smallest pooled buffer of at least `size` and at most
// twice `size`, else a new one of exactly `size`.  The pool keeps at most `capacity` bytes;
// giving back more evicts the largest buffers first.  Not thread-safe: a device's pool is
// used under its launch mutex.
#ifndef CLPAR_RUNTIME_MEMORY_BUFFER_POOL_HPP
#define CLPAR_RUNTIME_MEMORY_BUFFER_POOL_HPP

#include <cstddef>
#include <map>

#include "device/cl_error.hpp"
#include "device/opencl.hpp"

namespace clpar::rt {

class buffer_pool {
 public:
  buffer_pool() = default;
  buffer_pool(const cl::Context& context, std::size_t capacity)
      : context_(context), capacity_(capacity) {}

  struct lease {
    cl::Buffer buffer;
    std::size_t size = 0;  ///< the buffer's real size, at least the size asked for
  };

  /// A buffer of at least `size` bytes, pooled or new (clCreateBuffer's failure otherwise).
  outcome<lease> take(std::size_t size);

  /// Returns a buffer to the pool (or releases it when the pool is full).
  void give_back(lease buffer);

  std::size_t pooled_bytes() const noexcept { return pooled_bytes_; }
  std::size_t pooled_count() const noexcept { return free_.size(); }

 private:
  cl::Context context_;
  std::size_t capacity_ = 0;
  std::size_t pooled_bytes_ = 0;
  std::multimap<std::size_t, cl::Buffer> free_;  ///< by size
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_BUFFER_POOL_HPP
