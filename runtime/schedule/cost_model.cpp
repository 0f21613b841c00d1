// runtime/schedule/cost_model.cpp - predictions and the choice they make.
#include "schedule/cost_model.hpp"

#include <algorithm>
#include <bit>
#include <cmath>

namespace clpar::rt {
namespace {

unsigned bucket_of(std::uint64_t iterations) noexcept {
  return iterations == 0 ? 0 : static_cast<unsigned>(std::bit_width(iterations) - 1);
}

double transfer_seconds(std::uint64_t bytes, double bytes_per_second, double fixed) noexcept {
  if (bytes == 0) return 0;
  return fixed + (bytes_per_second > 0 ? static_cast<double>(bytes) / bytes_per_second : 0);
}

/// A transfer's fixed cost on `device`: a small one goes direct.
double fixed_seconds(const device_costs& device, std::uint64_t bytes) noexcept {
  return bytes < small_transfer_bytes ? device.small_transfer_seconds : device.transfer_seconds;
}

}  // namespace

void site_costs::record(variant v, std::uint64_t iterations, double seconds) noexcept {
  if (iterations == 0 || !(seconds >= 0)) return;
  bucket& b = buckets_[static_cast<unsigned>(v)][bucket_of(iterations)];
  const double rate = seconds / static_cast<double>(iterations);
  // Interference (another process on the cores, a page fault, a descheduled OpenMP thread)
  // only ever adds time, so a faster call is believed at once and a slower one moves the
  // estimate an eighth of the way: a spike is forgotten, a lasting slowdown followed.
  if (b.count == 0 || rate < b.seconds_per_iteration)
    b.seconds_per_iteration = rate;
  else
    b.seconds_per_iteration += 0.125 * (rate - b.seconds_per_iteration);
  if (b.count == 0 || rate < b.best_seconds_per_iteration) b.best_seconds_per_iteration = rate;
  if (b.count < UINT32_MAX) ++b.count;
}

std::optional<unsigned> site_costs::nearest_bucket(variant v, std::uint64_t iterations,
                                                   unsigned max_distance) const noexcept {
  const auto& of = buckets_[static_cast<unsigned>(v)];
  const unsigned home = bucket_of(iterations);
  // Between two at the same distance, the larger one: its time is less made of fixed
  // costs, so it scales better.
  for (unsigned distance = 0; distance <= max_distance; ++distance) {
    const unsigned up = home + distance;
    if (up < bucket_count && of[up].count > 0) return up;
    if (distance <= home && of[home - distance].count > 0) return home - distance;
  }
  return std::nullopt;
}

std::optional<double> site_costs::scaled(variant v, std::uint64_t iterations,
                                         double bucket::*rate) const noexcept {
  const std::optional<unsigned> b = nearest_bucket(v, iterations, max_scaled_buckets);
  if (!b) return std::nullopt;
  return buckets_[static_cast<unsigned>(v)][*b].*rate * static_cast<double>(iterations);
}

std::optional<double> site_costs::work_seconds(variant v, std::uint64_t iterations) const noexcept {
  return scaled(v, iterations, &bucket::seconds_per_iteration);
}

std::optional<double> site_costs::best_work_seconds(variant v,
                                                    std::uint64_t iterations) const noexcept {
  return scaled(v, iterations, &bucket::best_seconds_per_iteration);
}

std::optional<double> site_costs::distant_work_seconds(variant v,
                                                       std::uint64_t iterations) const noexcept {
  const std::optional<unsigned> b = nearest_bucket(v, iterations, bucket_count);
  if (!b) return std::nullopt;
  // What a call of the bucket's smallest count took, less what may have been fixed costs
  // or interference, scaled: a time mostly made of those says nothing.
  const double smallest = std::ldexp(1.0, static_cast<int>(*b));
  const double work =
      buckets_[static_cast<unsigned>(v)][*b].seconds_per_iteration * smallest -
      distant_fixed_seconds;
  if (work <= 0) return std::nullopt;
  return work / smallest * static_cast<double>(iterations);
}

site_costs site_costs::without_device(const site_costs& costs) noexcept {
  site_costs host_only = costs;
  host_only.buckets_[static_cast<unsigned>(variant::device)] = {};
  return host_only;
}

std::uint32_t site_costs::measured_calls(variant v, std::uint64_t iterations) const noexcept {
  const std::optional<unsigned> b = nearest_bucket(v, iterations, max_scaled_buckets);
  return b ? buckets_[static_cast<unsigned>(v)][*b].count : 0;
}

bool site_costs::measured_in_bucket(variant v, std::uint64_t iterations) const noexcept {
  return buckets_[static_cast<unsigned>(v)][bucket_of(iterations)].count > 0;
}

cost_table& cost_table::instance() {
  static auto* table = new cost_table;  // leaked: calls may run during static destruction
  return *table;
}

site_costs cost_table::snapshot(const void* region, int& device) {
  std::lock_guard lock(mutex_);
  entry& e = entries_[region];
  e.costs.count_decision();
  device = e.device;
  return e.costs;
}

void cost_table::record_host(const void* region, std::uint64_t iterations, double seconds) {
  std::lock_guard lock(mutex_);
  entries_[region].costs.record(site_costs::variant::host, iterations, seconds);
}

void cost_table::record_device(const void* region, int device, std::uint64_t iterations,
                               double seconds) {
  std::lock_guard lock(mutex_);
  entry& e = entries_[region];
  if (e.device < 0) e.device = device;
  if (e.device == device) e.costs.record(site_costs::variant::device, iterations, seconds);
}

std::optional<cost_choice> choose_without_device(const site_costs& costs,
                                                 std::uint64_t iterations,
                                                 std::uint64_t first_call_iterations) noexcept {
  using variant = site_costs::variant;
  const std::optional<double> host = costs.work_seconds(variant::host, iterations);
  if (host && *host < no_launch_below_seconds)
    return cost_choice{false, "auto: host work shorter than any device launch", true, host, {}};
  if (!host && !costs.work_seconds(variant::device, iterations) &&
      iterations < first_call_iterations)
    return cost_choice{false, "auto: first call, too small for a device", false, {}, {}};
  return std::nullopt;
}

cost_choice choose_by_cost(const site_costs& costs, const device_costs& device,
                           std::uint64_t iterations, const call_bytes& bytes,
                           std::uint64_t first_call_iterations,
                           std::uint64_t upload_shares) noexcept {
  using variant = site_costs::variant;
  const double bring_home = transfer_seconds(bytes.stale_on_host, device.to_host_bytes_per_second,
                                             fixed_seconds(device, bytes.stale_on_host));
  const double device_fixed =
      device.launch_seconds +
      (transfer_seconds(bytes.missing_on_device, device.to_device_bytes_per_second,
                        fixed_seconds(device, bytes.missing_on_device)) +
       transfer_seconds(bytes.written, device.to_host_bytes_per_second, 0)) /
          static_cast<double>(std::max<std::uint64_t>(upload_shares, 1));
  std::optional<double> host = costs.work_seconds(variant::host, iterations);
  std::optional<double> kernel = costs.work_seconds(variant::device, iterations);
  if (host) *host += bring_home;
  if (kernel) *kernel += device_fixed;

  if (host && kernel) {
    const bool device_faster = *kernel < *host;
    const double faster = device_faster ? *kernel : *host;
    const double slower = device_faster ? *host : *kernel;
    const variant loser = device_faster ? variant::host : variant::device;
    if (retry_due(costs.decisions(), costs.measured_calls(loser, iterations)) &&
        (slower < retry_factor * faster || slower - faster < retry_interval * retry_cost_seconds))
      return {!device_faster, "auto: measuring the predicted slower side again", false, host,
              kernel};
    // A loser that has slowed since its fastest call, at which it would win.
    const double loser_fixed = device_faster ? bring_home : device_fixed;
    const std::optional<double> loser_best = costs.best_work_seconds(loser, iterations);
    if (costs.decisions() > 0 && costs.decisions() % slowed_retry_interval == 0 && loser_best &&
        slower - loser_fixed >= slowed_factor * *loser_best && *loser_best + loser_fixed < faster &&
        slower < retry_factor * faster)
      return {!device_faster, "auto: measuring again the slower side, which was faster before",
              false, host, kernel};
    if (device_faster) return {true, "auto: device predicted faster", true, host, kernel};
    return {false, "auto: host predicted faster", true, host, kernel};
  }
  if (host) {
    if (device_fixed >= *host)
      return {false, "auto: device launch and transfers alone exceed the host's time", true, host,
              {}};
    if (auto distant = costs.distant_work_seconds(variant::device, iterations);
        distant && *distant + device_fixed > hopeless_factor * *host)
      return {false, "auto: the device was far slower at other sizes", true, host, {}};
    return {true, "auto: measuring the device", false, host, {}};
  }
  if (kernel) {
    if (bring_home >= *kernel)
      return {true, "auto: bringing the data home alone exceeds the device's time", true, {},
              kernel};
    if (auto distant = costs.distant_work_seconds(variant::host, iterations);
        distant && *distant + bring_home > hopeless_factor * *kernel)
      return {true, "auto: the host was far slower at other sizes", true, {}, kernel};
    return {false, "auto: measuring the host", false, {}, kernel};
  }
  if (iterations >= first_call_iterations)
    return {true, "auto: first call, large enough for a device", false, {}, {}};
  return {false, "auto: first call, too small for a device", false, {}, {}};
}

}  // namespace clpar::rt
