// runtime/schedule/scope_costs.cpp - trying a scope's modes and keeping the fastest.
#include "schedule/scope_costs.hpp"

namespace clpar::rt {

const char* scope_mode_name(scope_mode mode) noexcept {
  switch (mode) {
    case scope_mode::per_region: return "per region";
    case scope_mode::all_device: return "all on the device";
    case scope_mode::all_host: return "all on the host";
  }
  return "per region";
}

scope_mode scope_costs::next_mode() const noexcept {
  if (!split_seen_) return scope_mode::per_region;
  for (scope_mode trial : {scope_mode::all_device, scope_mode::all_host})
    if (arms_[static_cast<unsigned>(trial)].count == 0) return trial;
  scope_mode best = scope_mode::per_region;
  for (scope_mode mode : {scope_mode::all_device, scope_mode::all_host})
    if (seconds(mode) < seconds(best)) best = mode;
  return best;
}

void scope_costs::record(const scope_execution& execution) noexcept {
  if (!(execution.seconds >= 0)) return;
  if (execution.mode == scope_mode::per_region && execution.predicted_host &&
      execution.predicted_device)
    split_seen_ = true;
  arm& a = arms_[static_cast<unsigned>(execution.mode)];
  // As site_costs::record: a faster execution at once, a slower one by an eighth.
  if (a.count == 0 || execution.seconds < a.seconds)
    a.seconds = execution.seconds;
  else
    a.seconds += 0.125 * (execution.seconds - a.seconds);
  if (a.count < UINT32_MAX) ++a.count;
}

double scope_costs::seconds(scope_mode mode) const noexcept {
  const arm& a = arms_[static_cast<unsigned>(mode)];
  return a.count > 0 ? a.seconds : -1;
}

scope_table& scope_table::instance() {
  static auto* table = new scope_table;  // leaked: scopes may end during static destruction
  return *table;
}

scope_mode scope_table::next_mode(const void* site) {
  std::lock_guard lock(mutex_);
  return entries_[site].costs.next_mode();
}

region_counts scope_table::last_calls(const void* site) {
  std::lock_guard lock(mutex_);
  const auto found = entries_.find(site);
  return found == entries_.end() ? region_counts{} : found->second.last_calls;
}

void scope_table::record(const void* site, const scope_execution& execution,
                         const region_counts& calls) {
  std::lock_guard lock(mutex_);
  entry& e = entries_[site];
  e.costs.record(execution);
  e.last_calls = calls;
}

}  // namespace clpar::rt
