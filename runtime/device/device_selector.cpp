// runtime/device/device_selector.cpp - parsing CLPAR_DEVICE and choosing a call's device.
#include "device/device_selector.hpp"

#include <charconv>
#include <cstdlib>

namespace clpar::rt {
namespace {

std::string_view trim(std::string_view text) {
  constexpr std::string_view blanks = " \t\r\n";
  const auto first = text.find_first_not_of(blanks);
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(blanks);
  return text.substr(first, last - first + 1);
}

/// Parses a whole decimal index (no sign, no blanks) below 2^31.
std::optional<int> parse_index(std::string_view text) {
  if (text.empty()) return std::nullopt;
  int value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value < 0) return std::nullopt;
  return value;
}

enum class device_kind : std::uint8_t { gpu, cpu, any };

bool is_kind(const device_traits& device, device_kind kind) {
  switch (kind) {
    case device_kind::gpu: return device.gpu;
    case device_kind::cpu: return device.cpu;
    case device_kind::any: return true;
  }
  return false;
}

/// Why `device` cannot run `call`, or null when it can.
const char* unfit_reason(const device_traits& device, const call_traits& call) {
  if (!device.usable) return "device is not usable";
  if (call.cpu_devices_only && device.gpu) return "built with --no-opencl-gpu";
  if (call.needs_fp64 && !device.fp64) return "device lacks cl_khr_fp64";
  if (call.strict_fp && !device.correctly_rounded_divide_sqrt)
    return "device cannot round float division and sqrt correctly (--strict-fp)";
  return nullptr;
}

/// The first device of `kind` that can run `call`; when none can, the reason the first
/// device of that kind could not (or null when there is no device of that kind at all).
struct first_fit {
  int device = -1;
  const char* reason = nullptr;
};

first_fit find_first(std::span<const device_traits> devices, const call_traits& call,
                     device_kind kind) {
  first_fit result;
  for (std::size_t i = 0; i < devices.size(); ++i) {
    if (!is_kind(devices[i], kind)) continue;
    const char* reason = unfit_reason(devices[i], call);
    if (reason == nullptr) return {static_cast<int>(i), nullptr};
    if (result.reason == nullptr) result.reason = reason;
  }
  return result;
}

/// opencl: the first GPU, else the first CPU, else the first other device.
device_choice choose_any(std::span<const device_traits> devices, const call_traits& call,
                         const char* why) {
  const first_fit gpu = find_first(devices, call, device_kind::gpu);
  if (gpu.device >= 0) return {gpu.device, why};
  const first_fit cpu = find_first(devices, call, device_kind::cpu);
  if (cpu.device >= 0) return {cpu.device, why};
  const first_fit any = find_first(devices, call, device_kind::any);
  if (any.device >= 0) return {any.device, why};
  return {-1, any.reason != nullptr ? any.reason : "no OpenCL device"};
}

device_choice choose_kind(std::span<const device_traits> devices, const call_traits& call,
                          device_kind kind, const char* why, const char* none) {
  const first_fit fit = find_first(devices, call, kind);
  if (fit.device >= 0) return {fit.device, why};
  return {-1, fit.reason != nullptr ? fit.reason : none};
}

/// The rank's GPU (rank_gpu) for `call`, or the host with the reason it cannot run there.
device_choice choose_rank_gpu(std::span<const device_traits> devices, const call_traits& call,
                              int rank, const char* why) {
  const int gpu = rank_gpu(devices, rank);
  if (gpu < 0) return {-1, "no usable GPU device"};
  if (const char* reason = unfit_reason(devices[gpu], call)) return {-1, reason};
  return {gpu, why};
}

device_choice choose_auto(std::span<const device_traits> devices, const call_traits& call,
                          const local_rank& rank) {
  if (call.placement == placement_request::device)
    return choose_any(devices, call, ".on(clpar::device)");
  if (call.placement == placement_request::all_devices)
    return choose_any(devices, call, ".on(clpar::all_devices) on one device");
  if (rank.rank >= 0 && usable_gpu_count(devices) > 1)
    return choose_rank_gpu(devices, call, rank.rank, "auto: the GPU of the node-local rank");
  const first_fit gpu = find_first(devices, call, device_kind::gpu);
  if (gpu.device >= 0) return {gpu.device, "auto: the first GPU"};
  if (call.auto_cpu_devices) {
    const first_fit cpu = find_first(devices, call, device_kind::cpu);
    if (cpu.device >= 0) return {cpu.device, "auto: the first CPU device (CLPAR_AUTO_DEVICES=all)"};
  }
  if (gpu.reason != nullptr) return {-1, gpu.reason};
  return {-1, "auto: no GPU device"};
}

}  // namespace

parsed_selection parse_device_selection(const char* value) {
  parsed_selection parsed;
  if (value == nullptr) return parsed;
  const std::string_view text = trim(value);
  device_selection& selection = parsed.selection;
  if (text.empty() || text == "auto") {
    selection.policy = device_policy::automatic;
  } else if (text == "host") {
    selection.policy = device_policy::host;
  } else if (text == "opencl") {
    selection.policy = device_policy::opencl;
  } else if (text == "opencl-cpu") {
    selection.policy = device_policy::opencl_cpu;
  } else if (text == "opencl-gpu") {
    selection.policy = device_policy::opencl_gpu;
  } else if (text == "gpu-by-rank") {
    selection.policy = device_policy::gpu_by_rank;
  } else if (text == "all") {
    selection.policy = device_policy::all_devices;
  } else if (const auto colon = text.find(':'); colon != std::string_view::npos) {
    const auto platform = parse_index(text.substr(0, colon));
    const auto device = parse_index(text.substr(colon + 1));
    if (platform && device) {
      selection.policy = device_policy::index;
      selection.platform = *platform;
      selection.device = *device;
    }
  }
  const bool valid = selection.policy != device_policy::automatic || text.empty() || text == "auto";
  if (!valid) {
    parsed.warning = "clpar: warning: CLPAR_DEVICE='" + std::string(value) +
                     "' is not auto, host, opencl, opencl-cpu, opencl-gpu, gpu-by-rank, all or P:D; "
                     "using auto";
  }
  return parsed;
}

std::optional<device_choice> choose_without_devices(const device_selection& selection,
                                                    const call_traits& call) {
  if (call.iterations == 0) return device_choice{-1, "nothing to do"};
  if (call.placement == placement_request::host) return device_choice{-1, ".on(clpar::host)"};
  if (selection.policy == device_policy::host) return device_choice{-1, "CLPAR_DEVICE=host"};
  if (selection.policy == device_policy::automatic &&
      call.placement == placement_request::automatic) {
    if (call.cpu_devices_only && !call.auto_cpu_devices)
      return device_choice{-1, "auto: built with --no-opencl-gpu, and auto offloads to GPUs only"};
  }
  return std::nullopt;
}

device_choice choose_device(const device_selection& selection, const call_traits& call,
                            std::span<const device_traits> devices) {
  if (auto early = choose_without_devices(selection, call)) return *early;
  switch (selection.policy) {
    case device_policy::host:
    case device_policy::automatic: return choose_auto(devices, call, selection.rank);
    case device_policy::opencl: return choose_any(devices, call, "CLPAR_DEVICE=opencl");
    case device_policy::all_devices:
      return choose_any(devices, call, "CLPAR_DEVICE=all on one device");
    case device_policy::opencl_cpu:
      return choose_kind(devices, call, device_kind::cpu, "CLPAR_DEVICE=opencl-cpu",
                         "CLPAR_DEVICE=opencl-cpu but no CPU device");
    case device_policy::opencl_gpu:
      return choose_kind(devices, call, device_kind::gpu, "CLPAR_DEVICE=opencl-gpu",
                         "CLPAR_DEVICE=opencl-gpu but no GPU device");
    case device_policy::gpu_by_rank:
      return choose_rank_gpu(devices, call, selection.rank.rank,
                             "CLPAR_DEVICE=gpu-by-rank");
    case device_policy::index:
      for (std::size_t i = 0; i < devices.size(); ++i) {
        if (devices[i].platform != selection.platform || devices[i].device != selection.device)
          continue;
        if (const char* reason = unfit_reason(devices[i], call)) return {-1, reason};
        return {static_cast<int>(i), "CLPAR_DEVICE names it"};
      }
      device_choice fallback = choose_device(device_selection{}, call, devices);
      fallback.unknown_index = true;
      return fallback;
  }
  return {-1, "no OpenCL device"};
}

local_rank local_rank_from_env(const char* (*getenv)(const char*)) {
  for (const char* variable : {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
    if (const char* value = getenv(variable))
      if (const std::optional<int> rank = parse_index(trim(value))) return {*rank, variable};
  return {};
}

const local_rank& process_local_rank() {
  static const local_rank rank =
      local_rank_from_env([](const char* name) -> const char* { return std::getenv(name); });
  return rank;
}

bool shares_out(const device_selection& selection, placement_request placement) {
  if (placement == placement_request::host || selection.policy == device_policy::host)
    return false;
  return selection.policy == device_policy::all_devices ||
         (placement == placement_request::all_devices &&
          selection.policy == device_policy::automatic);
}

std::vector<int> sharing_devices(const call_traits& call,
                                 std::span<const device_traits> devices) {
  std::vector<int> fit;
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (unfit_reason(devices[i], call) == nullptr) fit.push_back(static_cast<int>(i));
  return fit;
}

int usable_gpu_count(std::span<const device_traits> devices) {
  int count = 0;
  for (const device_traits& device : devices) count += device.gpu && device.usable ? 1 : 0;
  return count;
}

int rank_gpu(std::span<const device_traits> devices, int rank) {
  const int count = usable_gpu_count(devices);
  if (count == 0) return -1;
  int wanted = (rank < 0 ? 0 : rank) % count;
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i].gpu && devices[i].usable && wanted-- == 0) return static_cast<int>(i);
  return -1;
}

std::string selection_name(const device_selection& selection) {
  switch (selection.policy) {
    case device_policy::automatic: return "auto";
    case device_policy::host: return "host";
    case device_policy::opencl: return "opencl";
    case device_policy::opencl_cpu: return "opencl-cpu";
    case device_policy::opencl_gpu: return "opencl-gpu";
    case device_policy::gpu_by_rank: return "gpu-by-rank";
    case device_policy::all_devices: return "all";
    case device_policy::index:
      return std::to_string(selection.platform) + ":" + std::to_string(selection.device);
  }
  return "auto";
}

}  // namespace clpar::rt
