// clpar/rt/start.hpp - starting auto's devices before a call wants one.
//
// Not part of SPEC (an addition to SPEC 1.6).  Under auto (CLPAR_DEVICE unset or `auto`,
// CLPAR_AUTO_START unset or `background`) OpenCL starts on a background worker when a call
// first could use a device, and calls run their OpenMP variants until it is ready
// (docs/environment.md).  A program that knows it will offload may start the devices
// earlier, so that the start overlaps its own set-up (reading input, say); a benchmark may
// wait for them, so that its timed calls find the device ready.  Programs built with
// clpar++ link the runtime that implements these.
#ifndef CLPAR_RT_START_HPP
#define CLPAR_RT_START_HPP

namespace clpar::rt {

/// Under auto with the background start: queues the start of the devices auto may use
/// (once; later calls do nothing) and returns at once.  Otherwise does nothing: explicit
/// CLPAR_DEVICE values and CLPAR_AUTO_START=wait start a device in the first call that
/// uses it.
void start_auto_devices() noexcept;

/// start_auto_devices(), then waits until the background worker has done everything
/// queued so far: the devices' start and the kernel builds that calls have queued.
/// Returns at once where start_auto_devices does nothing.
void wait_for_auto_devices() noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RT_START_HPP
