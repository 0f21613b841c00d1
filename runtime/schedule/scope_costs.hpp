// runtime/schedule/scope_costs.hpp - auto's second level: one choice for a whole data scope.
//
// The per-call choice (schedule/cost_model.hpp) is myopic.  In a function whose first
// region reads an array that its second region also reads, the first region alone is
// faster on the host (the device would have to upload the array), so it stays there, and
// the second region pays the upload anyway; the function would have been fastest with
// both on the device.  Predicted transfer times can also be wrong when the host is busy:
// OpenMP threads still spinning after a host region slow the copies that follow it.
//
// So a data scope (one execution of a translated function, SPEC 1.5) is also measured as a
// whole, from its first region decided under auto to its end (copy-back included), per
// scope site and per mode:
//   per_region   each call as the cost model predicts (the default)
//   all_device   every region of the scope on the device
//   all_host     every region on the host
// A scope whose regions the predictions split between host and device (not while the
// per-call model is still trying variants) tries all_device once and all_host once; from
// then on each execution takes the mode with the smallest measured time (the fastest
// execution's, drifting up slowly when executions stay slower, as in site_costs).  Scopes
// whose predictions agree never try anything: their per-call choices are already one mode.
//
// Pure data, no clock, no OpenCL: unit tested with made-up times.
#ifndef CLPAR_RUNTIME_SCHEDULE_SCOPE_COSTS_HPP
#define CLPAR_RUNTIME_SCHEDULE_SCOPE_COSTS_HPP

#include <array>
#include <cstdint>
#include <mutex>
#include <unordered_map>

#include "schedule/region_counts.hpp"

namespace clpar::rt {

enum class scope_mode : std::uint8_t { per_region, all_device, all_host };

/// "per region", "all on the device", "all on the host".
const char* scope_mode_name(scope_mode mode) noexcept;

/// One execution of a scope: its mode and what its per-region calls did.
struct scope_execution {
  scope_mode mode = scope_mode::per_region;
  bool predicted_host = false;    ///< some call went to the host on the predictions
  bool predicted_device = false;  ///< some call went to the device on the predictions
  double seconds = 0;
};

class scope_costs {
 public:
  /// The mode of the scope's next execution.
  scope_mode next_mode() const noexcept;
  void record(const scope_execution& execution) noexcept;

  /// Whether the predictions ever split an execution between host and device.
  bool split_seen() const noexcept { return split_seen_; }
  /// The measured time of `mode`; negative when it never ran.
  double seconds(scope_mode mode) const noexcept;

 private:
  struct arm {
    double seconds = 0;
    std::uint32_t count = 0;
  };
  std::array<arm, 3> arms_{};
  bool split_seen_ = false;
};

/// The process's scope_costs, one per scope site (its site string's address), and the
/// calls of each region in the site's last execution: a scope runs its time loop as long
/// the next time, so that auto spreads an upload over the whole loop from its first call.
/// Thread-safe.
class scope_table {
 public:
  static scope_table& instance();
  scope_mode next_mode(const void* site);
  /// The calls of the site's last recorded execution (none before the first).
  region_counts last_calls(const void* site);
  void record(const void* site, const scope_execution& execution, const region_counts& calls);

 private:
  struct entry {
    scope_costs costs;
    region_counts last_calls;
  };
  std::mutex mutex_;
  std::unordered_map<const void*, entry> entries_;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_SCHEDULE_SCOPE_COSTS_HPP
