// runtime/launch/device_shares.cpp - sharing one call's iterations out over several devices.
#include "launch/device_shares.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace clpar::rt {

std::vector<iteration_share> share_iterations(std::span<const int> devices,
                                              std::span<const double> seconds_per_iteration,
                                              std::uint64_t iterations, std::uint64_t granule,
                                              bool keep_all) {
  granule = std::max<std::uint64_t>(granule, 1);
  std::vector<double> speed(devices.size());
  for (std::size_t d = 0; d < devices.size(); ++d) speed[d] = 1.0 / seconds_per_iteration[d];
  // Leave out the slowest device while its share stays under the minimum.
  std::vector<bool> kept(devices.size(), true);
  while (!keep_all) {
    double total = 0;
    for (std::size_t d = 0; d < devices.size(); ++d) total += kept[d] ? speed[d] : 0;
    std::size_t slowest = devices.size();
    for (std::size_t d = 0; d < devices.size(); ++d)
      if (kept[d] && speed[d] < total * min_share_fraction &&
          (slowest == devices.size() || speed[d] < speed[slowest]))
        slowest = d;
    if (slowest == devices.size()) break;
    kept[slowest] = false;
  }
  double total = 0;
  std::size_t last = devices.size();
  for (std::size_t d = 0; d < devices.size(); ++d)
    if (kept[d]) {
      total += speed[d];
      last = d;
    }
  std::vector<iteration_share> shares;
  std::uint64_t begin = 0;
  double before = 0;  // the speed of the kept devices before this one
  for (std::size_t d = 0; d < devices.size() && begin < iterations; ++d) {
    if (!kept[d]) continue;
    before += speed[d];
    std::uint64_t end = iterations;
    if (d != last) {
      // The share's end rounded to the granule, from the cumulative fraction, so that
      // rounding errors do not add up.
      const double exact = static_cast<double>(iterations) * (before / total);
      end = static_cast<std::uint64_t>(std::llround(exact / static_cast<double>(granule))) * granule;
      end = std::clamp(end, begin, iterations);
    }
    if (end > begin) shares.push_back({devices[d], begin, end - begin});
    begin = end;
  }
  return shares;
}

double guessed_speed(bool gpu, std::uint32_t compute_units) noexcept {
  // A GPU's compute unit runs dozens of lanes (NVIDIA: 128 per SM, AMD: 64 per CU); a CPU
  // device's is a core with a few SIMD lanes in use.
  return std::max<std::uint32_t>(compute_units, 1) * (gpu ? 64.0 : 4.0);
}

std::optional<view_arg> view_part(const view_arg& view, const split_access& access,
                                  std::int64_t first, std::int64_t last) noexcept {
  if (access.axis < 0 || static_cast<std::uint32_t>(access.axis) >= view.rank) return view;
  const auto axis = static_cast<std::uint32_t>(access.axis);
  std::int64_t a = 0, b = 0, low = 0, high = 0;
  if (__builtin_mul_overflow(access.coef, first, &a) ||
      __builtin_mul_overflow(access.coef, last, &b) ||
      __builtin_add_overflow(std::min(a, b), access.low, &low) ||
      __builtin_add_overflow(std::max(a, b), access.high, &high))
    return view;
  const std::uint64_t extent = view.extent[axis];
  if (extent == 0 || high < 0 || low > high) return std::nullopt;
  const std::uint64_t from = low < 0 ? 0 : static_cast<std::uint64_t>(low);
  if (from >= extent) return std::nullopt;
  const std::uint64_t to = std::min<std::uint64_t>(static_cast<std::uint64_t>(high), extent - 1);
  view_arg part = view;
  part.data = static_cast<char*>(view.data) +
              static_cast<std::int64_t>(from) * view.stride[axis] *
                  static_cast<std::int64_t>(view.elem_size);
  part.extent[axis] = to - from + 1;
  return part;
}

bool writes_apart(const split_access& written, std::int64_t step) noexcept {
  if (written.axis < 0) return true;
  std::int64_t distance = 0;
  if (__builtin_mul_overflow(written.coef < 0 ? -written.coef : written.coef, step, &distance))
    return true;
  return distance > written.high - written.low;
}

way_choice choose_way(const way_times& times, std::uint64_t call) noexcept {
  if (times.shared_calls < way_trials || !times.shared)
    return {call_way::shared, "auto: shared out, to measure it"};
  if (times.one_device_calls < way_trials || !times.one_device)
    return {call_way::one_device, "auto: on one device, to weigh it against sharing out"};
  const bool shared_faster = *times.shared <= *times.one_device;
  const double ratio = shared_faster ? *times.one_device / *times.shared
                                     : *times.shared / *times.one_device;
  if (call % way_retry_interval == 0 && ratio <= way_retry_factor)
    return shared_faster ? way_choice{call_way::one_device, "auto: on one device again, to "
                                                            "weigh it against sharing out"}
                         : way_choice{call_way::shared, "auto: shared out again, to weigh it "
                                                        "against one device"};
  // A shared call waits for its devices anyway: timing it costs nothing.
  return shared_faster
             ? way_choice{call_way::shared, "auto: shared out, faster here than one device"}
             : way_choice{call_way::one_device, "auto: one device, faster here than sharing out",
                          false};
}

share_rates& share_rates::instance() {
  static share_rates* rates = new share_rates;  // never destroyed: used until exit
  return *rates;
}

void share_rates::record(const region_info* region, int device, double seconds_per_iteration) {
  if (!(seconds_per_iteration > 0)) return;
  std::lock_guard lock(mutex_);
  const auto [at, inserted] = rates_.try_emplace({region, device}, seconds_per_iteration);
  if (!inserted) at->second = 0.5 * (at->second + seconds_per_iteration);
}

bool share_rates::count_call(const region_info* region) {
  std::lock_guard lock(mutex_);
  return calls_[region]++ % remeasure_interval == 0;
}

way_choice share_rates::next_way(const region_info* region) {
  std::lock_guard lock(mutex_);
  way_state& state = ways_[region];
  return choose_way(state.times, state.calls++);
}

void share_rates::record_way(const region_info* region, call_way way,
                             double seconds_per_iteration) {
  std::lock_guard lock(mutex_);
  way_times& times = ways_[region].times;
  ++(way == call_way::shared ? times.shared_calls : times.one_device_calls);
  std::optional<double>& best = way == call_way::shared ? times.shared : times.one_device;
  if (seconds_per_iteration > 0)
    best = best ? std::min(*best, seconds_per_iteration) : seconds_per_iteration;
}

std::optional<double> share_rates::seconds_per_iteration(const region_info* region,
                                                         int device) const {
  std::lock_guard lock(mutex_);
  const auto at = rates_.find({region, device});
  if (at == rates_.end()) return std::nullopt;
  return at->second;
}

}  // namespace clpar::rt
