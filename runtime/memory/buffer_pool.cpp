// runtime/memory/buffer_pool.cpp - reusing device buffers between calls.
#include "memory/buffer_pool.hpp"

namespace clpar::rt {

outcome<buffer_pool::lease> buffer_pool::take(std::size_t size) {
  if (auto found = free_.lower_bound(size); found != free_.end() && found->first / 2 <= size) {
    lease reused{std::move(found->second), found->first};
    pooled_bytes_ -= found->first;
    free_.erase(found);
    return {std::move(reused), nullptr};
  }
  cl_int status = CL_SUCCESS;
  cl::Buffer buffer(context_, CL_MEM_READ_WRITE, size, nullptr, &status);
  if (status != CL_SUCCESS) {
    // The pool may hold the memory the device lacks: free it and try once more.
    if (!free_.empty()) {
      free_.clear();
      pooled_bytes_ = 0;
      buffer = cl::Buffer(context_, CL_MEM_READ_WRITE, size, nullptr, &status);
    }
    if (status != CL_SUCCESS) return {{}, cl_failure_why("clCreateBuffer", status)};
  }
  return {{std::move(buffer), size}, nullptr};
}

void buffer_pool::give_back(lease buffer) {
  if (buffer.size > capacity_ || buffer.buffer() == nullptr) return;  // released here
  free_.emplace(buffer.size, std::move(buffer.buffer));
  pooled_bytes_ += buffer.size;
  while (pooled_bytes_ > capacity_) {
    auto largest = std::prev(free_.end());
    pooled_bytes_ -= largest->first;
    free_.erase(largest);
  }
}

}  // namespace clpar::rt
