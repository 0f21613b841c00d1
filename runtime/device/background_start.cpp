// runtime/device/background_start.cpp - the worker thread that starts devices and builds.
#include "device/background_start.hpp"

#include <atomic>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>
#include <utility>

#include <unistd.h>

#include "device/device_context.hpp"
#include "device/device_selector.hpp"
#include "device/platform_list.hpp"
#include "schedule/calibration.hpp"
#include "support/environment.hpp"
#include "trace/profile.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

/// A task is running (clpar_rt_background_busy_threads, read without the lock).
std::atomic<bool> busy{false};

struct queued_task {
  std::function<void()> run;
  bool loads_libraries = false;
};

struct worker_state {
  std::mutex mutex;
  std::condition_variable changed;
  std::deque<queued_task> tasks;
  bool thread_made = false;
  bool running = false;  ///< a task is in progress
  bool exiting = false;  ///< the exit handler ran: take no more work
};

worker_state& worker() {
  // Leaked on purpose: the detached thread waits on it until the process ends.
  static auto* state = new worker_state;
  return *state;
}

/// The exit handler: no new task starts, and the one in progress finishes first.
void stop_at_exit() noexcept {
  worker_state& state = worker();
  std::unique_lock lock(state.mutex);
  state.exiting = true;
  state.tasks.clear();
  state.changed.notify_all();
  state.changed.wait(lock, [&] { return !state.running; });
}

/// exit() runs the calling thread's thread_local destructors before any exit handler, and
/// so before those that libraries registered lazily during the worker's task in progress
/// (LLVM's function-local statics in PoCL's compiler, for one): a guard in the main thread
/// stops the worker first.  Exit handlers cover an exit from another thread.
struct exit_guard {
  exit_guard() = default;
  exit_guard(const exit_guard&) = delete;
  exit_guard& operator=(const exit_guard&) = delete;
  ~exit_guard() { stop_at_exit(); }
};

void guard_if_main_thread() {
  if (::gettid() != ::getpid()) return;  // the main thread's id is the process's
  thread_local exit_guard guard;
  (void)guard;
}

void register_exit_handler() noexcept {
  // Fails only when exit has already run its handlers, and then nothing runs any more.
  (void)std::atexit(stop_at_exit);
}

bool exiting() {
  worker_state& state = worker();
  std::lock_guard lock(state.mutex);
  return state.exiting;
}

void work() {
  profile_name_thread("clpar background start");
  worker_state& state = worker();
  std::unique_lock lock(state.mutex);
  for (;;) {
    state.changed.wait(lock, [&] { return state.exiting || !state.tasks.empty(); });
    if (state.exiting) return;
    queued_task task = std::move(state.tasks.front());
    state.tasks.pop_front();
    state.running = true;
    busy.store(true, std::memory_order_relaxed);
    lock.unlock();
    try {
      task.run();
    } catch (...) {
      // Out of memory in a build or a start: the calls that wanted it learn why from the
      // kernel entry or device context, or run on the host.
    }
    if (task.loads_libraries) register_exit_handler();
    lock.lock();
    state.running = false;
    busy.store(false, std::memory_order_relaxed);
    state.changed.notify_all();
  }
}

/// 0: not asked for, 1: queued or running, 2: done.
std::atomic<int> start_phase{0};

/// The worker's first task: the platform list, then each device auto may use, its context
/// and its calibration.
void start_devices(bool cpu_devices) {
  const auto start = std::chrono::steady_clock::now();
  const platform_list& list = platform_list::instance();
  // The vendors' libraries are loaded now: this handler runs before theirs.
  register_exit_handler();
  bool cpu_started = false;
  // With several GPUs, a rank of an MPI or SLURM job uses one (device_selector.hpp).
  const int only_gpu = process_local_rank().rank >= 0 && usable_gpu_count(list.traits()) > 1
                           ? rank_gpu(list.traits(), process_local_rank().rank)
                           : -1;
  for (std::size_t index = 0; index < list.devices().size(); ++index) {
    const device_traits& traits = list.devices()[index].traits;
    if (!traits.usable) continue;
    const bool wanted_gpu = traits.gpu && (only_gpu < 0 || static_cast<int>(index) == only_gpu);
    const bool wanted = wanted_gpu || (cpu_devices && traits.cpu && !cpu_started);
    if (!wanted || exiting()) continue;
    cpu_started = cpu_started || traits.cpu;
    if (device_context::of(index)) (void)calibration_of(index);
  }
  trace_start_step("OpenCL started in the background for auto", start);
}

std::atomic<bool> warned_invalid_start{false};

}  // namespace

bool auto_start_in_background() {
  const char* value = environment_value("CLPAR_AUTO_START");
  if (value == nullptr || *value == '\0' || std::strcmp(value, "background") == 0) return true;
  if (std::strcmp(value, "wait") == 0) return false;
  if (!warned_invalid_start.exchange(true))
    std::fprintf(stderr, "clpar: warning: CLPAR_AUTO_START='%s' is not background or wait; "
                 "using background\n", value);
  return true;
}

bool devices_started(bool cpu_devices) {
  if (start_phase.load(std::memory_order_acquire) == 2) return true;
  int expected = 0;
  if (start_phase.compare_exchange_strong(expected, 1, std::memory_order_acq_rel)) {
    run_in_background(
        [cpu_devices] {
          start_devices(cpu_devices);
          start_phase.store(2, std::memory_order_release);
        },
        true);
  }
  return start_phase.load(std::memory_order_acquire) == 2;
}

bool devices_start_asked() noexcept { return start_phase.load(std::memory_order_acquire) != 0; }

void run_in_background(std::function<void()> task, bool loads_libraries) {
  guard_if_main_thread();
  worker_state& state = worker();
  std::unique_lock lock(state.mutex);
  if (state.exiting) return;
  if (!state.thread_made) {
    // Before the thread loads any library, so that exit waits for it at all.
    register_exit_handler();
    try {
      std::thread(work).detach();
      state.thread_made = true;
    } catch (...) {
      // No thread to be had: the task runs here and now, as under CLPAR_AUTO_START=wait.
      lock.unlock();
      task();
      return;
    }
  }
  state.tasks.push_back({std::move(task), loads_libraries});
  state.changed.notify_all();
}

}  // namespace clpar::rt

extern "C" int clpar_rt_background_busy_threads() noexcept {
  static const bool spare = std::thread::hardware_concurrency() > 2;
  return spare && clpar::rt::busy.load(std::memory_order_relaxed) ? 1 : 0;
}

namespace clpar::rt {

void wait_for_background_work() {
  worker_state& state = worker();
  std::unique_lock lock(state.mutex);
  state.changed.wait(lock, [&] { return state.exiting || (state.tasks.empty() && !state.running); });
}

}  // namespace clpar::rt
