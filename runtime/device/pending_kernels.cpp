// runtime/device/pending_kernels.cpp - kernels launched without waiting for them.
#include "device/pending_kernels.hpp"

#include <atomic>
#include <cstdint>
#include <string>

#include "device/cl_error.hpp"
#include "support/environment.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

std::atomic<std::uint64_t> completed_nanoseconds{0};

}  // namespace

double profiled_seconds(const cl::Event& event) {
  cl_ulong started = 0, ended = 0;
  if (event.getProfilingInfo(CL_PROFILING_COMMAND_START, &started) != CL_SUCCESS ||
      event.getProfilingInfo(CL_PROFILING_COMMAND_END, &ended) != CL_SUCCESS || ended < started)
    return 0;
  return static_cast<double>(ended - started) * 1e-9;
}

bool sync_launches_requested() noexcept {
  static const bool requested = environment_switch("CLPAR_SYNC_LAUNCHES");
  return requested;
}

double pending_kernels::completed_seconds() noexcept {
  return static_cast<double>(completed_nanoseconds.load(std::memory_order_relaxed)) * 1e-9;
}

void pending_kernels::add_completed_seconds(double seconds) noexcept {
  if (seconds > 0)
    completed_nanoseconds.fetch_add(static_cast<std::uint64_t>(seconds * 1e9 + 0.5),
                                    std::memory_order_relaxed);
}

const char* pending_kernels::add(cl::Event done, const char* site, bool timed) {
  std::lock_guard lock(mutex_);
  const char* why = settle_locked(false);
  if (entries_.size() >= max_pending) {
    const cl_int status = entries_.front().done.wait();
    const char* oldest = settle_locked(false);
    if (why == nullptr) why = oldest;
    if (why == nullptr && status != CL_SUCCESS) why = cl_failure_why("clWaitForEvents", status);
  }
  entries_.push_back({std::move(done), site, timed});
  return why;
}

const char* pending_kernels::settle(bool wait) {
  std::lock_guard lock(mutex_);
  return settle_locked(wait);
}

std::size_t pending_kernels::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

const char* pending_kernels::settle_locked(bool wait) {
  while (!entries_.empty()) {
    entry& oldest = entries_.front();
    cl_int state = CL_QUEUED;
    if (wait) (void)oldest.done.wait();  // the state below tells whether it ran
    const cl_int query = oldest.done.getInfo(CL_EVENT_COMMAND_EXECUTION_STATUS, &state);
    if (query != CL_SUCCESS) state = query;
    if (state == CL_COMPLETE) {
      if (oldest.timed) add_completed_seconds(profiled_seconds(oldest.done));
      entries_.pop_front();
      continue;
    }
    if (state > 0) return nullptr;  // queued, submitted or running: later ones are too
    // A negative state is the kernel's error.  Those after it ran on what it left.
    const std::string why = "the kernel of " + std::string(oldest.site) +
                            " failed on the device after its call returned: " +
                            cl_error_name(state);
    entries_.clear();
    return keep_text(why);
  }
  return nullptr;
}

}  // namespace clpar::rt
