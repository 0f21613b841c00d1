// runtime/schedule/calibration.hpp - a device's fixed costs, measured on this machine.
//
// The cost model (schedule/cost_model.hpp) needs, per device, what every call pays whatever
// its kernel: the launch latency and the transfer bandwidths.  They are measured the way
// calls pay them:
//   launch latency   an empty kernel of one work-item enqueued and waited for (clFinish),
//                    the median of calibration_launches after one untimed launch
//   bandwidths       pageable host memory through the device's staged_transfer
//                    (memory/staged_transfer.hpp) each way, the best of
//                    calibration_transfers, at two sizes: the bandwidth from the difference
//                    of their times, a transfer's fixed cost from what the smaller takes
//                    beyond it; and a transfer of calibration_direct_bytes, which goes
//                    direct, each way, the best of calibration_transfers: its whole time is
//                    a small transfer's fixed cost
// A measurement takes a few milliseconds; it happens the first time auto weighs a device in
// a process, and the result is kept in the kernel cache's directory (cache/kernel_cache.hpp)
// per device and driver, so later processes read it instead.  clpar-info prints it and
// `clpar-info --calibrate` measures again.
#ifndef CLPAR_RUNTIME_SCHEDULE_CALIBRATION_HPP
#define CLPAR_RUNTIME_SCHEDULE_CALIBRATION_HPP

#include <cstddef>
#include <string>

#include "device/cl_error.hpp"
#include "schedule/cost_model.hpp"

namespace clpar::rt {

class device_context;

inline constexpr unsigned calibration_launches = 9;
inline constexpr unsigned calibration_transfers = 3;
inline constexpr std::size_t calibration_small_bytes = std::size_t{4} << 20;
inline constexpr std::size_t calibration_large_bytes = std::size_t{64} << 20;
inline constexpr std::size_t calibration_direct_bytes = std::size_t{64} << 10;

/// Used when a measurement fails (the device then fails calls too, which run on the host):
/// costs high enough that auto prefers the host.
inline constexpr device_costs unmeasured_device_costs{1e-3, 1e9, 1e9, 1e-3, 1e-3};

/// Measures `context`'s device now (under the residency lock and its launch mutex).
outcome<device_costs> measure_device_costs(device_context& context);

struct calibration {
  device_costs costs = unmeasured_device_costs;
  bool measured = false;      ///< measured by this process (false: read from the cache)
  const char* why = nullptr;  ///< why measuring failed (costs are then the unmeasured ones)
};

/// The calibration of device `index` of platform_list::instance(): read from the cache
/// directory or measured, once per process.
const calibration& calibration_of(std::size_t index);

/// Measures device `index` again and stores the result (clpar-info --calibrate); the
/// process's own calibration_of keeps its first value.
outcome<device_costs> recalibrate(std::size_t index);

/// "launch 12.3 us, to device 41.2 GB/s, to host 48.0 GB/s, 250 us per transfer, 30 us per
/// small transfer".
std::string describe(const device_costs& costs);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_SCHEDULE_CALIBRATION_HPP
