// runtime/launch/device_shares.hpp - sharing one call's iterations out over several devices.
//
// A call shared out (.on(clpar::all_devices), CLPAR_DEVICE=all; launch/shared_call.hpp)
// gives each device a contiguous share of dimension 0's iterations, in proportion to the
// device's speed on that region: the seconds per iteration its last shares took (kernel
// time, from profiling events), smoothed over calls.  Before a device has run a share of a
// region, its speed is guessed from its compute units (a GPU's count many lanes each), scaled
// to a device of the same call that was measured, if any; the first call's times correct
// it.  A device whose share would be under min_share_fraction of the call gets none: its
// launch would cost more than its work saves.
//
// The translator says which elements a share touches and writes (region_info::split_views):
// view_part cuts a view down to them, so each device is sent only what its share reads and
// holds afterwards the only current copy of exactly what its share wrote.
//
// Pure functions and one table: no OpenCL, so every rule is unit tested.
#ifndef CLPAR_RUNTIME_LAUNCH_DEVICE_SHARES_HPP
#define CLPAR_RUNTIME_LAUNCH_DEVICE_SHARES_HPP

#include <cstdint>
#include <map>
#include <mutex>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

/// A device whose share would be under this fraction of a call's iterations gets none...
inline constexpr double min_share_fraction = 1.0 / 64;
/// ...except in every remeasure_interval-th call of a region (the first included), where
/// every device gets a share and so a new time: one slow measurement (a small share's
/// fixed costs, a busy machine) would otherwise leave a device out for good.
inline constexpr std::uint64_t remeasure_interval = 64;

/// One device's share: iterations [begin, begin + count) of dimension 0 (counted from 0).
struct iteration_share {
  int device = -1;
  std::uint64_t begin = 0;
  std::uint64_t count = 0;
};

/// Shares `iterations` out over `devices` in proportion to their speeds (1 / seconds per
/// iteration, all > 0), each share but the last a multiple of `granule` (>= 1); unless
/// `keep_all`, devices under min_share_fraction get nothing and are left out.  Shares are
/// in the devices' order, not empty, and cover [0, iterations) exactly.
std::vector<iteration_share> share_iterations(std::span<const int> devices,
                                              std::span<const double> seconds_per_iteration,
                                              std::uint64_t iterations, std::uint64_t granule,
                                              bool keep_all = false);

/// A device's speed guessed from what OpenCL says of it: compute units times lanes.
double guessed_speed(bool gpu, std::uint32_t compute_units) noexcept;

/// The part of `view` whose elements the iterations with dimension 0's values `first` to
/// `last` (either order) touch as `access` says: the view itself when access.axis < 0,
/// nullopt when they touch none of its elements.
std::optional<view_arg> view_part(const view_arg& view, const split_access& access,
                                  std::int64_t first, std::int64_t last) noexcept;

/// Whether no element can be written by two iterations' windows when dimension 0 steps by
/// `step`, so that shares write apart (the runtime checks this before sharing).
bool writes_apart(const split_access& written, std::int64_t step) noexcept;

/// Under auto, an .on(clpar::all_devices) call is shared out or run on one device by the
/// wall time each way's calls of the region took (transfers included: a stencil whose
/// devices trade edge rows every sweep may lose by sharing).
enum class call_way : std::uint8_t { shared, one_device };

/// Each way's fastest call of a region so far, in seconds per iteration, and how many
/// calls went each way.
struct way_times {
  std::optional<double> shared;
  std::optional<double> one_device;
  std::uint64_t shared_calls = 0;
  std::uint64_t one_device_calls = 0;
};

/// Each way runs this many calls before the faster is chosen: a way's first call may build
/// its kernels.
inline constexpr std::uint64_t way_trials = 2;

struct way_choice {
  call_way way = call_way::shared;
  const char* why = "";  ///< a string literal, for the trace
  /// The call measures its way (it is timed whole: a one-device call waits for its
  /// kernel); the others follow the measurements without being timed.
  bool measures = true;
};

/// Every way_retry_interval-th call of a region, the slower way runs once more, where it
/// took at most way_retry_factor times the faster's time: a way far slower (a stencil
/// whose devices would trade rows every sweep) is not worth trying again.
inline constexpr std::uint64_t way_retry_interval = 32;
inline constexpr double way_retry_factor = 2;

/// The way call number `call` (from 0) of a region goes: way_trials calls each way to
/// measure it (shared first), then the faster, and every way_retry_interval-th call the
/// other where it is within way_retry_factor.
way_choice choose_way(const way_times& times, std::uint64_t call) noexcept;

/// Per region and device, the smoothed seconds per iteration of its shares.
class share_rates {
 public:
  static share_rates& instance();

  /// A share's time: the first at once, later ones averaged with what was kept.
  void record(const region_info* region, int device, double seconds_per_iteration);
  std::optional<double> seconds_per_iteration(const region_info* region, int device) const;
  /// Counts a shared call of `region`; true for every remeasure_interval-th, from the first.
  bool count_call(const region_info* region);

  /// The way the next .on(clpar::all_devices) call of `region` goes under auto.
  way_choice next_way(const region_info* region);
  /// A call of `region` that went `way` took `seconds_per_iteration` from its decision to
  /// its end.
  void record_way(const region_info* region, call_way way, double seconds_per_iteration);

 private:
  mutable std::mutex mutex_;
  std::map<std::pair<const region_info*, int>, double> rates_;
  std::map<const region_info*, std::uint64_t> calls_;
  struct way_state {
    way_times times;
    std::uint64_t calls = 0;
  };
  std::map<const region_info*, way_state> ways_;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_DEVICE_SHARES_HPP
