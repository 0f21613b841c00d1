// runtime/memory/staged_transfer.cpp - pipelined copies through pinned staging chunks.
//
// Every call that can fail is the OpenCL C API's, never a CLHPP constructor or method:
// this unit is also compiled into bench/limits/device_limits, which enables CLHPP
// exceptions, and the CLHPP inline functions the two share must not decide whether a
// failure throws here.  CLHPP objects only hold (and release) the handles.
#include "memory/staged_transfer.hpp"

#include "memory/program_team.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <utility>
#include <vector>

namespace clpar::rt {
namespace {

/// How long a copy thread spins for the next piece (helpers) or for the other slices of
/// this one (the caller) before it sleeps in a futex wait: the next piece of a transfer
/// comes within microseconds, and waking a sleeping thread takes tens of them (on the
/// H200's host, transfers of 4 to 16 MiB ran 1.2 to 2 times faster with the spin).
constexpr std::chrono::microseconds spin_time{50};

void cpu_relax() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#endif
}

/// Spins until `done()` or spin_time has passed; returns done().
template <class F>
bool spin_until(F done) {
  const auto end = std::chrono::steady_clock::now() + spin_time;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (done()) return true;
      cpu_relax();
    }
    if (std::chrono::steady_clock::now() >= end) return done();
  }
}

/// One piece's memcpy cut into `parts` slices, each starting on a page multiple of the
/// piece, for the engine's copy team or the program's (memory/program_team.hpp).
struct sliced_copy {
  std::byte* dst = nullptr;
  const std::byte* src = nullptr;
  std::size_t bytes = 0, slice = 0;

  sliced_copy() = default;
  sliced_copy(std::byte* dst, const std::byte* src, std::size_t bytes, unsigned parts) noexcept
      : dst(dst), src(src), bytes(bytes) {
    constexpr std::size_t page = 4096;
    slice = ((bytes + parts - 1) / parts + page - 1) / page * page;
  }

  /// Copies slice `index`: nothing when the piece has fewer slices.
  static void run(void* context, unsigned index) noexcept {
    const auto& c = *static_cast<const sliced_copy*>(context);
    const std::size_t begin = std::size_t{index} * c.slice;
    if (begin < c.bytes)
      std::memcpy(c.dst + begin, c.src + begin, std::min(c.slice, c.bytes - begin));
  }
};

}  // namespace

/// Helper threads that copy slices of one piece alongside the calling thread.  A round:
/// the caller publishes the piece and bumps `round_` (release); each helper (spinning for
/// a while after its last slice, then parked in round_.wait) copies its slice and counts
/// `remaining_` down; the caller copies slice 0 and waits for `remaining_` to reach 0
/// (acquire) before the piece is used.  A new round starts only after every helper
/// finished the last, so none is missed.
class staged_transfer::copy_team {
 public:
  /// Starts up to `helpers` threads (fewer where the system refuses more).
  explicit copy_team(unsigned helpers) {
    threads_.reserve(helpers);
    for (unsigned i = 0; i < helpers; ++i) {
      try {
        threads_.emplace_back([this, i] { run(i + 1); });
      } catch (...) {
        break;
      }
    }
  }

  ~copy_team() {
    stop_.store(true, std::memory_order_relaxed);
    round_.fetch_add(1, std::memory_order_release);
    round_.notify_all();
    for (std::thread& t : threads_) t.join();
  }

  copy_team(const copy_team&) = delete;
  copy_team& operator=(const copy_team&) = delete;

  /// Threads that can copy, the caller included.
  unsigned size() const noexcept { return unsigned(threads_.size()) + 1; }

  /// Copies `piece`, cut into at most size() slices.
  void copy(const sliced_copy& piece) {
    piece_ = piece;
    remaining_.store(int(threads_.size()), std::memory_order_relaxed);
    round_.fetch_add(1, std::memory_order_release);
    round_.notify_all();
    sliced_copy::run(&piece_, 0);
    spin_until([&] { return remaining_.load(std::memory_order_acquire) == 0; });
    for (int left; (left = remaining_.load(std::memory_order_acquire)) != 0;)
      remaining_.wait(left, std::memory_order_acquire);
  }

 private:
  void run(unsigned index) {
    unsigned seen = 0;
    for (;;) {
      if (!spin_until([&] { return round_.load(std::memory_order_acquire) != seen; }))
        round_.wait(seen, std::memory_order_acquire);
      seen = round_.load(std::memory_order_acquire);
      if (stop_.load(std::memory_order_relaxed)) return;
      sliced_copy::run(&piece_, index);
      if (remaining_.fetch_sub(1, std::memory_order_acq_rel) == 1) remaining_.notify_one();
    }
  }

  std::vector<std::thread> threads_;
  std::atomic<unsigned> round_{0};
  std::atomic<int> remaining_{0};
  std::atomic<bool> stop_{false};
  // The current piece: written by the caller before a round, read by the helpers in it.
  sliced_copy piece_;
};

staged_transfer::staged_transfer() = default;

staged_transfer::staged_transfer(const cl::Context& context, const cl::CommandQueue& queue,
                                 unsigned copy_threads, staging mode)
    : context_(context), queue_(queue), lend_copies_(mode == staging::program_team) {
  if (copy_threads == 0)
    copy_threads = std::clamp(std::thread::hardware_concurrency(), 1u, max_copy_threads);
  copy_threads_ = copy_threads;
}

staged_transfer::~staged_transfer() {
  wait();
  release_pinned();
}

staged_transfer::staged_transfer(staged_transfer&& other) noexcept
    : context_(std::move(other.context_)),
      queue_(std::move(other.queue_)),
      state_(std::exchange(other.state_, pinning::untried)),
      pinned_buffer_(std::move(other.pinned_buffer_)),
      pinned_host_(std::exchange(other.pinned_host_, nullptr)),
      last_use_(std::move(other.last_use_)),
      next_chunk_(std::exchange(other.next_chunk_, 0)),
      staged_bytes_(std::exchange(other.staged_bytes_, 0)),
      direct_bytes_(std::exchange(other.direct_bytes_, 0)),
      copy_threads_(std::exchange(other.copy_threads_, 1)),
      lend_copies_(other.lend_copies_),
      team_(std::move(other.team_)) {}

staged_transfer& staged_transfer::operator=(staged_transfer&& other) noexcept {
  if (this != &other) {
    wait();
    release_pinned();
    context_ = std::move(other.context_);
    queue_ = std::move(other.queue_);
    state_ = std::exchange(other.state_, pinning::untried);
    pinned_buffer_ = std::move(other.pinned_buffer_);
    pinned_host_ = std::exchange(other.pinned_host_, nullptr);
    last_use_ = std::move(other.last_use_);
    next_chunk_ = std::exchange(other.next_chunk_, 0);
    staged_bytes_ = std::exchange(other.staged_bytes_, 0);
    direct_bytes_ = std::exchange(other.direct_bytes_, 0);
    copy_threads_ = std::exchange(other.copy_threads_, 1);
    lend_copies_ = other.lend_copies_;
    team_ = std::move(other.team_);
  }
  return *this;
}

std::size_t staged_transfer::piece_bytes(std::size_t bytes) noexcept {
  // A quarter of the transfer when that is less than a chunk, so that a transfer of a few
  // MiB still overlaps copies with DMA; never so small that enqueue costs dominate.
  return std::clamp((bytes + chunk_count - 1) / chunk_count, min_piece_bytes, chunk_bytes);
}

bool staged_transfer::ensure_pinned() {
  if (state_ != pinning::untried) return state_ == pinning::ready;
  state_ = pinning::unavailable;  // until both steps succeed
  constexpr std::size_t size = chunk_count * chunk_bytes;
  cl_int status = CL_SUCCESS;
  const cl_mem memory =
      clCreateBuffer(context_(), CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, size, nullptr, &status);
  if (status != CL_SUCCESS || memory == nullptr) return false;
  cl::Buffer buffer(memory);  // owns it from here on
  void* host = clEnqueueMapBuffer(queue_(), memory, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, size, 0,
                                  nullptr, nullptr, &status);
  if (status != CL_SUCCESS || host == nullptr) return false;  // the buffer is released
  pinned_buffer_ = std::move(buffer);
  pinned_host_ = static_cast<std::byte*>(host);
  state_ = pinning::ready;
  if (copy_threads_ > 1) {
    team_ = std::make_unique<copy_team>(copy_threads_ - 1);
    copy_threads_ = team_->size();
  }
  return true;
}

void staged_transfer::copy(std::byte* dst, const std::byte* src, std::size_t bytes) {
  const unsigned parts =
      team_ ? unsigned(std::min<std::size_t>(bytes / min_slice_bytes, team_->size())) : 1;
  if (parts < 2) {
    std::memcpy(dst, src, bytes);
    return;
  }
  // The program's OpenMP threads where it lends them: they would otherwise spin beside the
  // engine's own helpers and slow them down.
  sliced_copy piece(dst, src, bytes, parts);
  if (!lend_copies_ || !run_on_program_team(&sliced_copy::run, &piece, parts))
    team_->copy(piece);
}

void staged_transfer::release_pinned() noexcept {
  if (pinned_host_ != nullptr) {
    cl_event unmapped = nullptr;
    if (clEnqueueUnmapMemObject(queue_(), pinned_buffer_(), pinned_host_, 0, nullptr, &unmapped) ==
        CL_SUCCESS) {
      clWaitForEvents(1, &unmapped);
      clReleaseEvent(unmapped);
    }
    pinned_host_ = nullptr;
  }
  pinned_buffer_ = cl::Buffer();
}

cl_int staged_transfer::wait_chunk(std::size_t c) {
  cl_event event = last_use_[c]();
  if (event == nullptr) return CL_SUCCESS;
  cl_int status = clWaitForEvents(1, &event);
  if (status == CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST) {
    // The command failed: report its own status where the platform gives one.
    cl_int execution = CL_SUCCESS;
    if (clGetEventInfo(event, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof execution, &execution,
                       nullptr) == CL_SUCCESS &&
        execution < 0)
      status = execution;
  } else if (status != CL_SUCCESS) {
    clFinish(queue_());  // could not wait for the event: wait for everything instead
  }
  last_use_[c] = cl::Event();
  return status;
}

cl_int staged_transfer::wait() {
  cl_int first = CL_SUCCESS;
  for (std::size_t c = 0; c < chunk_count; ++c) {
    const cl_int status = wait_chunk(c);
    if (first == CL_SUCCESS) first = status;
  }
  return first;
}

cl_int staged_transfer::to_device(const cl::Buffer& dst, std::size_t dst_offset, const void* src,
                                  std::size_t bytes) {
  if (bytes == 0) return CL_SUCCESS;
  if (bytes < direct_threshold || !ensure_pinned()) {
    const cl_int status =
        clEnqueueWriteBuffer(queue_(), dst(), CL_TRUE, dst_offset, bytes, src, 0, nullptr, nullptr);
    if (status == CL_SUCCESS) direct_bytes_ += bytes;
    return status;
  }
  const auto* from = static_cast<const std::byte*>(src);
  const std::size_t piece = piece_bytes(bytes);
  for (std::size_t done = 0; done < bytes; done += piece) {
    const std::size_t c = next_chunk_, n = std::min(piece, bytes - done);
    next_chunk_ = (next_chunk_ + 1) % chunk_count;
    cl_int status = wait_chunk(c);  // the chunk's last write has read it
    if (status == CL_SUCCESS) {
      copy(chunk(c), from + done, n);
      cl_event written = nullptr;
      status = clEnqueueWriteBuffer(queue_(), dst(), CL_FALSE, dst_offset + done, n, chunk(c), 0,
                                    nullptr, &written);
      if (status == CL_SUCCESS) {
        last_use_[c] = cl::Event(written);
        status = clFlush(queue_());  // start it while the next piece is copied
      }
    }
    if (status != CL_SUCCESS) {
      wait();
      return status;
    }
    staged_bytes_ += n;
  }
  return CL_SUCCESS;
}

cl_int staged_transfer::to_host(void* dst, const cl::Buffer& src, std::size_t src_offset,
                                std::size_t bytes) {
  if (bytes == 0) return CL_SUCCESS;
  if (bytes < direct_threshold || !ensure_pinned()) {
    const cl_int status =
        clEnqueueReadBuffer(queue_(), src(), CL_TRUE, src_offset, bytes, dst, 0, nullptr, nullptr);
    if (status == CL_SUCCESS) direct_bytes_ += bytes;
    return status;
  }
  auto* to = static_cast<std::byte*>(dst);
  const std::size_t piece = piece_bytes(bytes);
  const std::size_t pieces = (bytes + piece - 1) / piece;
  const std::size_t first = next_chunk_;
  const auto chunk_of = [&](std::size_t k) { return (first + k) % chunk_count; };
  const auto size_of = [&](std::size_t k) { return std::min(piece, bytes - k * piece); };
  next_chunk_ = chunk_of(pieces);

  cl_int status = CL_SUCCESS;
  std::size_t issued = 0;
  for (std::size_t done = 0; done < pieces && status == CL_SUCCESS; ++done) {
    // Keep chunk_count reads in flight: the chunks freed so far get the next pieces.
    const std::size_t before = issued;
    while (status == CL_SUCCESS && issued < pieces && issued < done + chunk_count) {
      const std::size_t c = chunk_of(issued);
      status = wait_chunk(c);
      cl_event read = nullptr;
      if (status == CL_SUCCESS)
        status = clEnqueueReadBuffer(queue_(), src(), CL_FALSE, src_offset + issued * piece,
                                     size_of(issued), chunk(c), 0, nullptr, &read);
      if (status == CL_SUCCESS) {
        last_use_[c] = cl::Event(read);
        ++issued;
      }
    }
    if (status == CL_SUCCESS && issued != before) status = clFlush(queue_());
    if (status == CL_SUCCESS) status = wait_chunk(chunk_of(done));
    if (status == CL_SUCCESS) {
      copy(to + done * piece, chunk(chunk_of(done)), size_of(done));
      staged_bytes_ += size_of(done);
    }
  }
  if (status != CL_SUCCESS) wait();  // no read may land after return
  return status;
}

}  // namespace clpar::rt
