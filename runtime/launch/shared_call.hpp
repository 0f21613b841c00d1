// runtime/launch/shared_call.hpp - one call shared out over several devices.
//
// `.on(clpar::all_devices)` under CLPAR_DEVICE=auto, and any call under CLPAR_DEVICE=all,
// is shared out over every device that can run it (device_selector.hpp) when the region
// allows it:
//   - the translator found, for every view the region writes, an axis on which dimension
//     0's value alone decides the written elements (region_info::split_views), and the
//     windows of neighbouring iterations' writes cannot overlap at this call's step;
//   - at least two devices can run it, and their shares (launch/device_shares.hpp) leave
//     at least two with iterations.
// Each device takes a contiguous share of dimension 0 in proportion to its measured speed
// on the region, is sent only the bytes its share touches (what it lacks of them), runs
// the kernel's form its views allow, and afterwards holds the only current copy of what
// its share wrote: a later call, or the host, fetches exactly that from it (the region
// registry keeps validity per device).  Reductions combine every device's partials.  All
// kernels are enqueued before any is waited for, so the devices run at once; the call
// always waits for them (no asynchronous launch).  Any failure runs the whole call on the
// host, as a one-device call does.
#ifndef CLPAR_RUNTIME_LAUNCH_SHARED_CALL_HPP
#define CLPAR_RUNTIME_LAUNCH_SHARED_CALL_HPP

#include <span>
#include <string>

#include "clpar/rt/region.hpp"
#include "memory/span_set.hpp"

namespace clpar::rt {

/// Why `request` cannot be shared out, whatever the devices; null when it can.
const char* why_not_shared(const launch_request& request) noexcept;

/// What a shared call did.
struct shared_outcome {
  const char* why = nullptr;  ///< null: it ran; else why it did not (run it on the host)
  bool ran_one = false;       ///< fewer than two devices had work: use one device instead
  std::string where;          ///< "0:0 NVIDIA H200 61%, 0:1 NVIDIA H200 39%" when it ran
  int first_device = -1;      ///< the device of the first share
};

/// Runs `request` shared out over `devices` (platform_list indices, ascending, each able
/// to run it), whose `spans` are the call's.
shared_outcome run_shared(const launch_request& request, std::span<const int> devices,
                          const span_set& spans);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_SHARED_CALL_HPP
