// runtime/device/background_start.hpp - auto starts OpenCL and builds kernels off the
// calling thread.
//
// Starting OpenCL costs a program hundreds of milliseconds before its first kernel runs
// (docs/performance.md, "Start-up"): the ICD loader loading every vendor's library, the
// GPU's context, the calibration of a device not measured before, each kernel's build or
// load.  Under auto none of that is something the user asked to wait for, so the first call
// that may want a device asks this worker to do it and runs its OpenMP variant; so do later
// calls until the worker is done.  Kernels are built the same way: a call whose kernel is
// not built yet queues the build and runs on the host.  A program is then never slower than
// its OpenMP build because of the device's start, and one that finishes before the device
// is ready never waits for it (beyond the step in progress at exit, below).  The first
// such call asks for the start only once its own OpenMP run is over (region_call.cpp):
// loading the drivers' libraries beside it slowed that run by up to 1.6x on an H100
// (docs/performance.md, "Start-up"), and the first result is the one a user waits for.
// A call whose host run is predicted long (region_call.cpp's wait_for_device_host_seconds)
// waits for the device instead, as under CLPAR_AUTO_START=wait.
//
// CLPAR_AUTO_START=wait (docs/environment.md) makes the call that needs them start OpenCL
// and build its kernel itself, as explicit CLPAR_DEVICE values always do: the first call
// that may use a device then uses it.
//
// The worker is one thread, made on first use and kept for the life of the process.  At
// exit it must not be inside a driver whose libraries are being finalised: an exit handler
// stops it taking more work and waits for the step in progress (one context, calibration or
// build).  The handler is registered before the worker starts and again after each step
// that may load libraries (the platforms, a device's first build), so that it runs before
// the exit handlers those libraries register (exit runs handlers last-registered first).
#ifndef CLPAR_RUNTIME_DEVICE_BACKGROUND_START_HPP
#define CLPAR_RUNTIME_DEVICE_BACKGROUND_START_HPP

#include <functional>

namespace clpar::rt {

/// CLPAR_AUTO_START: true for `background` (also unset or empty), false for `wait`.  An
/// invalid value warns once and means background.  Read per call.
bool auto_start_in_background();

/// Whether OpenCL's devices that auto may use are started (or failed to start: the calls
/// then learn why from platform_list and device_context as before).  When not, the first
/// call queues their start (platform list, contexts and calibrations of the usable GPUs and,
/// with `cpu_devices`, of the first usable CPU device) and every call answers false until
/// it is done.  Thread-safe.
bool devices_started(bool cpu_devices);

/// Whether the devices' start was asked for (queued, running or done), without asking.
bool devices_start_asked() noexcept;

/// Runs `task` on the worker after the tasks queued before it.  `loads_libraries`: the task
/// may load shared libraries (a device's first build), so the exit handler is registered
/// again after it.  Dropped when the process is exiting.
void run_in_background(std::function<void()> task, bool loads_libraries);

/// Waits until the worker has nothing queued or running (for tests).
void wait_for_background_work();

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_BACKGROUND_START_HPP
