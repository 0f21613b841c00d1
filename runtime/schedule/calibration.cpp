// runtime/schedule/calibration.cpp - measuring launch latency and transfer bandwidth.
#include "schedule/calibration.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <mutex>
#include <optional>
#include <vector>

#include "cache/program_cache.hpp"
#include "device/device_context.hpp"
#include "device/platform_list.hpp"
#include "memory/residency.hpp"
#include "memory/staged_transfer.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

using clock_type = std::chrono::steady_clock;

double seconds_since(clock_type::time_point start) {
  return std::chrono::duration<double>(clock_type::now() - start).count();
}

constexpr const char* empty_kernel_source = "__kernel void clpar_calibrate(void) {}\n";

outcome<double> launch_seconds(device_context& context) {
  cl_int status = CL_SUCCESS;
  cl::Program program(context.context(), std::string(empty_kernel_source), false, &status);
  if (status != CL_SUCCESS) return {0, cl_failure_why("clCreateProgramWithSource", status)};
  status = program.build(std::vector<cl::Device>{context.device().device}, "");
  if (status != CL_SUCCESS) return {0, cl_failure_why("clBuildProgram", status)};
  cl::Kernel kernel(program, "clpar_calibrate", &status);
  if (status != CL_SUCCESS) return {0, cl_failure_why("clCreateKernel", status)};
  std::array<double, calibration_launches + 1> times{};
  for (double& time : times) {
    const auto start = clock_type::now();
    status = context.queue().enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(1),
                                                  cl::NDRange(1));
    if (status == CL_SUCCESS) status = context.queue().finish();
    if (status != CL_SUCCESS) return {0, cl_failure_why("clEnqueueNDRangeKernel", status)};
    time = seconds_since(start);
  }
  // The first launch pays for loading the kernel: not a call's cost.
  std::sort(times.begin() + 1, times.end());
  return {times[1 + calibration_launches / 2], nullptr};
}

static_assert(small_transfer_bytes == staged_transfer::direct_threshold &&
                  calibration_direct_bytes < staged_transfer::direct_threshold,
              "the cost model's small transfers are the engine's direct ones");

// A stored calibration is one line of text in the kernel cache (docs/cache-format.md):
//   <calibration> ::= "clpar-calibration 3 " <launch seconds> " " <to device B/s> " "
//                     <to host B/s> " " <transfer seconds> " " <small transfer seconds> "\n"
// (version 1 lacked the transfer's fixed cost, version 2 the small transfer's: such a
// record is measured again)
constexpr const char* calibration_format = "clpar-calibration 3 %lg %lg %lg %lg %lg\n";

std::string calibration_key(const device_entry& device) {
  return device_cache_key("calibration", device, "", "");
}

bool plausible(const device_costs& costs) {
  return costs.launch_seconds > 0 && costs.launch_seconds < 1 &&
         costs.to_device_bytes_per_second > 1e6 && costs.to_host_bytes_per_second > 1e6 &&
         costs.transfer_seconds >= 0 && costs.transfer_seconds < 1 &&
         costs.small_transfer_seconds >= 0 && costs.small_transfer_seconds < 1;
}

/// The stored calibration in `payload`, when there is a plausible one.
std::optional<device_costs> parse_calibration(
    const std::optional<std::vector<unsigned char>>& payload) {
  if (!payload) return std::nullopt;
  const std::string text(payload->begin(), payload->end());
  device_costs costs;
  if (std::sscanf(text.c_str(), calibration_format, &costs.launch_seconds,
                  &costs.to_device_bytes_per_second, &costs.to_host_bytes_per_second,
                  &costs.transfer_seconds, &costs.small_transfer_seconds) != 5 ||
      !plausible(costs))
    return std::nullopt;
  return costs;
}

void store_calibration(const device_entry& device, const device_costs& costs) {
  char text[128];
  const int length = std::snprintf(text, sizeof text, calibration_format, costs.launch_seconds,
                                   costs.to_device_bytes_per_second,
                                   costs.to_host_bytes_per_second, costs.transfer_seconds,
                                   costs.small_transfer_seconds);
  if (length <= 0 || static_cast<std::size_t>(length) >= sizeof text) return;
  kernel_cache& cache = process_kernel_cache();
  if (cache.usable() == nullptr)
    (void)cache.store(calibration_key(device), std::vector<unsigned char>(text, text + length));
}

struct calibration_slot {
  std::once_flag made;
  calibration result;
};

std::vector<calibration_slot>& calibration_slots() {
  // Leaked on purpose, like the contexts it describes (platform_list.hpp).
  static auto* slots =
      new std::vector<calibration_slot>(platform_list::instance().devices().size());
  return *slots;
}

}  // namespace

outcome<device_costs> measure_device_costs(device_context& context) {
  residency_lock residency;
  std::lock_guard launch(context.launch_mutex());
  device_costs costs;
  const outcome<double> launch_time = launch_seconds(context);
  if (!launch_time) return {costs, launch_time.why};
  costs.launch_seconds = launch_time.value;

  // Two staged sizes: the difference of their times is the bandwidth a large transfer
  // sees, and what the smaller one takes beyond that is the fixed cost of a transfer
  // (staging threads waking, the first chunk's round trip), which one size alone would
  // spread over its bytes.  A third size goes direct: its whole time is a small
  // transfer's fixed cost.
  outcome<buffer_pool::lease> buffer = context.pool().take(calibration_large_bytes);
  if (!buffer) return {costs, buffer.why};
  std::vector<std::byte> host(calibration_large_bytes, std::byte{1});
  double up[3] = {0, 0, 0}, down[3] = {0, 0, 0};
  const std::size_t sizes[3] = {calibration_small_bytes, calibration_large_bytes,
                                calibration_direct_bytes};
  cl_int status = CL_SUCCESS;
  for (unsigned s = 0; s < 3; ++s) {
    for (unsigned i = 0; i < calibration_transfers && status == CL_SUCCESS; ++i) {
      auto start = clock_type::now();
      status = context.transfer().to_device(buffer.value.buffer, 0, host.data(), sizes[s]);
      if (status == CL_SUCCESS) status = context.queue().finish();
      const double to_device = seconds_since(start);
      if (status != CL_SUCCESS) break;
      start = clock_type::now();
      status = context.transfer().to_host(host.data(), buffer.value.buffer, 0, sizes[s]);
      const double to_host = seconds_since(start);
      if (i == 0 || to_device < up[s]) up[s] = to_device;
      if (i == 0 || to_host < down[s]) down[s] = to_host;
    }
  }
  context.pool().give_back(std::move(buffer.value));
  if (status != CL_SUCCESS) return {costs, cl_failure_why("a calibration transfer", status)};
  costs.small_transfer_seconds = (up[2] + down[2]) / 2;
  const double extra = static_cast<double>(calibration_large_bytes - calibration_small_bytes);
  const auto fit = [&](const double (&t)[3], double& bytes_per_second, double& fixed) {
    if (t[1] > t[0]) {
      bytes_per_second = extra / (t[1] - t[0]);
      fixed = std::max(0.0, t[0] - static_cast<double>(calibration_small_bytes) / bytes_per_second);
    } else {  // noise: the large transfer alone
      bytes_per_second = static_cast<double>(calibration_large_bytes) / t[1];
      fixed = 0;
    }
  };
  double up_fixed = 0, down_fixed = 0;
  fit(up, costs.to_device_bytes_per_second, up_fixed);
  fit(down, costs.to_host_bytes_per_second, down_fixed);
  costs.transfer_seconds = (up_fixed + down_fixed) / 2;
  return {costs, nullptr};
}

const calibration& calibration_of(std::size_t index) {
  std::vector<calibration_slot>& slots = calibration_slots();
  static const calibration none{unmeasured_device_costs, false, "no such OpenCL device"};
  if (index >= slots.size()) return none;
  calibration_slot& slot = slots[index];
  std::call_once(slot.made, [&] {
    const auto start = std::chrono::steady_clock::now();
    const device_entry& device = platform_list::instance().devices()[index];
    // Of the processes starting together on one machine (MPI ranks), one measures and the
    // others wait for its result: they would share the device while measuring, too.
    kernel_cache::claimed_load stored = process_kernel_cache().load_or_claim(calibration_key(device));
    if (std::optional<device_costs> costs = parse_calibration(stored.payload)) {
      slot.result.costs = *costs;
      trace_start_step("calibration of '" + device.name + "' read from the cache" +
                           (stored.waited_seconds > 0.001 ? " after another process measured it"
                                                          : ""),
                       start);
      return;
    }
    slot.result.measured = true;
    const outcome<device_context*> context = device_context::of(index);
    const outcome<device_costs> costs =
        context ? measure_device_costs(*context.value) : outcome<device_costs>{{}, context.why};
    if (!costs) {
      slot.result.why = costs.why;
      return;
    }
    slot.result.costs = costs.value;
    store_calibration(device, costs.value);
    trace_start_step("calibration of '" + device.name + "' measured", start);
  });
  return slot.result;
}

outcome<device_costs> recalibrate(std::size_t index) {
  const platform_list& list = platform_list::instance();
  if (index >= list.devices().size()) return {{}, "no such OpenCL device"};
  const outcome<device_context*> context = device_context::of(index);
  if (!context) return {{}, context.why};
  outcome<device_costs> costs = measure_device_costs(*context.value);
  if (costs) store_calibration(list.devices()[index], costs.value);
  return costs;
}

std::string describe(const device_costs& costs) {
  char text[200];
  std::snprintf(text, sizeof text,
                "launch %.1f us, to device %.1f GB/s, to host %.1f GB/s, %.0f us per transfer, "
                "%.0f us per small transfer",
                costs.launch_seconds * 1e6, costs.to_device_bytes_per_second / 1e9,
                costs.to_host_bytes_per_second / 1e9, costs.transfer_seconds * 1e6,
                costs.small_transfer_seconds * 1e6);
  return text;
}

}  // namespace clpar::rt
