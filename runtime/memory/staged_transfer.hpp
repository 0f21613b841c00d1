// runtime/memory/staged_transfer.hpp - host <-> device copies of pageable memory through
// pinned staging chunks, pipelined.
//
// A transfer from ordinary (pageable) user memory is slow: the driver copies it through its
// own small staging buffer and waits for each piece (on an H200 with NVIDIA's OpenCL,
// clEnqueueWriteBuffer from pageable memory gave about 8.8 GB/s, from pinned memory about
// 55 GB/s).  This engine keeps its own pinned memory, chunk_count chunks of chunk_bytes
// each: one CL_MEM_ALLOC_HOST_PTR buffer, mapped once (blocking) for a persistent host
// pointer, which is how NVIDIA's OpenCL hands out page-locked memory.  It is made on the
// first transfer of at least direct_threshold bytes; when it cannot be made or mapped, the
// engine falls back for good to direct blocking clEnqueueWriteBuffer / clEnqueueReadBuffer,
// so a missing pinned path never fails a transfer.  Transfers below direct_threshold bytes
// always go direct (blocking): for them the pipeline's extra enqueues cost more than it saves.
//
// A large transfer goes in pieces of at most chunk_bytes (at least min_piece_bytes, and
// smaller than a chunk when the transfer is, so that even a few MiB make a pipeline), piece
// i in chunk (next + i) mod chunk_count:
//   to_device: wait for the last command that used the chunk, memcpy user -> chunk, enqueue
//     a non-blocking write from the chunk and keep its event; the memcpy of piece k+1 runs
//     while the write of piece k is in flight.  Nothing waits for the last writes: the
//     next use of a chunk waits for its event, and later commands on the (in-order) queue
//     see the data.  The user's memory is free again on return.
//   to_host: up to chunk_count non-blocking reads into chunks are in flight; wait for the
//     oldest, memcpy chunk -> user, enqueue the next read into the freed chunk.  Complete
//     on return.
// A CPU device's engine (staging::own_threads) copies on its own helpers only: the
// program's OpenMP threads, after a copy, spin on the cores the device's kernels then run
// on (docs/performance.md, "PoCL against 82d42d0").
//
// The queue must be in order (every queue the runtime makes is).  On any failure the engine
// waits for every command still using its chunks before returning, so no write still reads
// a chunk that gets reused and no read lands after return.  A write that failed after its
// call returned is reported by the next call that reuses its chunk (or by wait()).
//
// The memcpy between user memory and a chunk runs on up to copy_threads() threads: the
// caller and helpers that the engine starts together with its chunks.  One core's memcpy
// (about 11 GB/s on the H200's host), not the DMA, bounds a single-threaded pipeline;
// measured there with 512 MiB: 11.4 GB/s to the device with one copy thread, 53 GB/s with
// eight, 55 GB/s from pinned memory, 10.3 GB/s (to the device) and 19 GB/s (back) for
// direct pageable copies.  Pieces below 2 * min_slice_bytes are copied by the caller alone.
// Helpers spin for 50 us after a slice (the next piece comes within microseconds; waking a
// sleeping thread costs tens of them), then sleep in a futex wait until the next piece.
//
// Not thread-safe: a device's engine is used under its launch mutex, like its buffer pool.
#ifndef CLPAR_RUNTIME_MEMORY_STAGED_TRANSFER_HPP
#define CLPAR_RUNTIME_MEMORY_STAGED_TRANSFER_HPP

#include <array>
#include <cstddef>
#include <memory>

#include "device/opencl.hpp"

namespace clpar::rt {

class staged_transfer {
 public:
  /// Size of one pinned chunk: the largest piece one enqueue moves.
  static constexpr std::size_t chunk_bytes = std::size_t{8} << 20;
  /// Number of chunks: how many pieces can be in flight at once.
  static constexpr std::size_t chunk_count = 4;
  /// Transfers of fewer bytes go direct and blocking.
  static constexpr std::size_t direct_threshold = std::size_t{1} << 20;
  /// The smallest piece a large transfer is cut into (below this, per-enqueue costs win).
  static constexpr std::size_t min_piece_bytes = std::size_t{256} << 10;
  /// The most threads (caller included) that copy one piece; the default where the host
  /// has that many hardware threads.  Eight reach the H200's pinned bandwidth.
  static constexpr unsigned max_copy_threads = 8;
  /// The least each copy thread gets of a piece (waking a helper costs microseconds).
  static constexpr std::size_t min_slice_bytes = std::size_t{512} << 10;

  /// Whose threads copy a large transfer's pieces.
  enum class staging {
    program_team,  ///< the program's OpenMP team where it lends one (memory/program_team.hpp)
    own_threads,   ///< the engine's helpers only: for a CPU device, whose kernels run on the
                   ///< cores the team would spin on afterwards
  };

  staged_transfer();
  /// `copy_threads` 0 takes min(max_copy_threads, std::thread::hardware_concurrency()).
  staged_transfer(const cl::Context& context, const cl::CommandQueue& queue,
                  unsigned copy_threads = 0, staging mode = staging::program_team);
  ~staged_transfer();

  staged_transfer(const staged_transfer&) = delete;
  staged_transfer& operator=(const staged_transfer&) = delete;
  staged_transfer(staged_transfer&& other) noexcept;
  staged_transfer& operator=(staged_transfer&& other) noexcept;

  /// Copies host [src, src + bytes) into `dst` at byte `dst_offset`.  On return the source
  /// memory may be changed by the caller (everything was either already copied to pinned
  /// memory or written); the device-side write may still be in flight on the in-order
  /// queue, so later commands on the queue see the data.  Returns CL_SUCCESS or the first
  /// OpenCL error.
  cl_int to_device(const cl::Buffer& dst, std::size_t dst_offset, const void* src,
                   std::size_t bytes);

  /// Copies `src` at byte `src_offset` into host [dst, dst + bytes); complete on return.
  /// Returns CL_SUCCESS or the first OpenCL error.
  cl_int to_host(void* dst, const cl::Buffer& src, std::size_t src_offset, std::size_t bytes);

  /// Waits until no command uses the pinned chunks any more (the writes of earlier
  /// to_device calls are done); CL_SUCCESS or the first error among them.
  cl_int wait();

  /// Bytes moved through the pinned chunks and directly, over the engine's life (for tests
  /// and benchmarks).
  std::size_t staged_bytes() const noexcept { return staged_bytes_; }
  std::size_t direct_bytes() const noexcept { return direct_bytes_; }
  /// Whether the pinned chunks exist (false before the first large transfer and after a
  /// failure to make them).
  bool pinned() const noexcept { return pinned_host_ != nullptr; }
  /// Threads (caller included) that copy a piece between user memory and a chunk.
  unsigned copy_threads() const noexcept { return copy_threads_; }
  /// Whether the pieces go to the program's OpenMP team where it lends one.
  bool lends_copies() const noexcept { return lend_copies_; }

 private:
  enum class pinning { untried, ready, unavailable };
  class copy_team;  // the helper threads

  /// memcpy of one piece, split over the copy threads.
  void copy(std::byte* dst, const std::byte* src, std::size_t bytes);

  /// Makes and maps the pinned buffer on first use; false when the engine goes direct.
  bool ensure_pinned();
  /// Waits for the last command that used chunk `c` and forgets it.
  cl_int wait_chunk(std::size_t c);
  /// Unmaps and releases the pinned buffer (after wait()).
  void release_pinned() noexcept;
  std::byte* chunk(std::size_t c) const noexcept { return pinned_host_ + c * chunk_bytes; }
  /// The piece size for a transfer of `bytes` (at least direct_threshold).
  static std::size_t piece_bytes(std::size_t bytes) noexcept;

  cl::Context context_;
  cl::CommandQueue queue_;
  pinning state_ = pinning::untried;
  cl::Buffer pinned_buffer_;          ///< chunk_count * chunk_bytes, CL_MEM_ALLOC_HOST_PTR
  std::byte* pinned_host_ = nullptr;  ///< its persistent mapping
  std::array<cl::Event, chunk_count> last_use_{};  ///< per chunk, null when idle
  std::size_t next_chunk_ = 0;                     ///< where the next transfer starts
  std::size_t staged_bytes_ = 0;
  std::size_t direct_bytes_ = 0;
  unsigned copy_threads_ = 1;
  bool lend_copies_ = true;
  std::unique_ptr<copy_team> team_;  ///< made with the chunks when copy_threads_ > 1
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_STAGED_TRANSFER_HPP
