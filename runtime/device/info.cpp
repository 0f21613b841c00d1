// runtime/device/info.cpp - clpar/rt/info.hpp: the device list and selection, in words.
#include "clpar/rt/info.hpp"

#include <algorithm>
#include <cstdio>

#include "cache/program_cache.hpp"
#include "device/device_selector.hpp"
#include "device/opencl_loader.hpp"
#include "device/platform_list.hpp"
#include "device/vendor_record.hpp"
#include "schedule/calibration.hpp"

namespace clpar::rt {
namespace {

void set_figures(calibration_description& d, const device_costs& costs) {
  d.text = describe(costs);
  d.launch_seconds = costs.launch_seconds;
  d.to_device_bytes_per_second = costs.to_device_bytes_per_second;
  d.to_host_bytes_per_second = costs.to_host_bytes_per_second;
  d.transfer_seconds = costs.transfer_seconds;
  d.small_transfer_seconds = costs.small_transfer_seconds;
}

std::string device_label(const device_entry& entry) {
  return std::to_string(entry.traits.platform) + ":" + std::to_string(entry.traits.device) + " " +
         entry.name;
}

}  // namespace

std::vector<device_description> list_devices() {
  std::vector<device_description> result;
  for (const device_entry& entry : platform_list::instance(platform_scope::every).devices()) {
    device_description d;
    d.platform = entry.traits.platform;
    d.device = entry.traits.device;
    d.platform_name = entry.platform_name;
    d.platform_version = entry.platform_version;
    d.device_name = entry.name;
    d.type = device_kind_name(entry.kind);
    d.version = entry.version;
    d.driver_version = entry.driver_version;
    d.fp64 = entry.traits.fp64;
    d.correctly_rounded_divide_sqrt = entry.traits.correctly_rounded_divide_sqrt;
    d.usable = entry.traits.usable;
    d.why_unusable = entry.why_unusable;
    d.global_memory_bytes = entry.global_memory_bytes;
    d.compute_units = entry.compute_units;
    result.push_back(std::move(d));
  }
  return result;
}

std::string why_no_devices() {
  const platform_list& list = platform_list::instance(platform_scope::every);
  return list.devices().empty() ? list.why_none() : "";
}

std::string selected_device_for(const char* clpar_device_value) {
  parsed_selection parsed = parse_device_selection(clpar_device_value);
  parsed.selection.rank = process_local_rank();
  std::string prefix;
  if (!parsed.warning.empty()) prefix = "invalid value, using auto: ";
  const device_selection& selection = parsed.selection;
  if (selection.policy == device_policy::host) return prefix + "host (CLPAR_DEVICE=host)";

  const platform_list& list = platform_list::instance(platform_scope::every);
  if (list.devices().empty()) return prefix + "host (" + list.why_none() + ")";

  // A call using no double, on any device type.
  call_traits call;
  call.iterations = 1;
  const device_choice choice = choose_device(selection, call, list.traits());
  if (choice.unknown_index) prefix = "no device " + selection_name(selection) + ", using auto: ";
  if (choice.on_host()) return prefix + "host (" + choice.why + ")";
  std::string device = device_label(list.devices()[choice.device]);
  const bool automatic = selection.policy == device_policy::automatic || choice.unknown_index;
  const int gpus = usable_gpu_count(list.traits());
  if (list.traits()[choice.device].gpu &&
      (selection.policy == device_policy::gpu_by_rank ||
       (automatic && gpus > 1 && selection.rank.rank >= 0))) {
    // The rank's GPU is the (rank mod n)-th (device_selector.hpp, rank_gpu).
    const int position = std::max(selection.rank.rank, 0) % gpus;
    device += ", GPU " + std::to_string(position + 1) + " of " + std::to_string(gpus) +
              (selection.rank.rank >= 0
                   ? " for node-local rank " + std::to_string(selection.rank.rank) + " (" +
                         selection.rank.variable + ")"
                   : " (no node-local rank: rank 0)");
  }
  if (automatic) {
    return prefix + device + " for each call the cost model predicts faster there, else host (auto)";
  }
  return prefix + device + " (CLPAR_DEVICE=" + selection_name(selection) + ")";
}

local_rank_description node_local_rank() {
  const local_rank& rank = process_local_rank();
  return {rank.rank, rank.variable != nullptr ? rank.variable : ""};
}

cache_description describe_cache() {
  kernel_cache& cache = process_kernel_cache();
  const kernel_cache_settings& settings = cache.settings();
  cache_description d;
  d.directory = cache.directory();
  d.enabled = settings.enabled;
  d.max_bytes = settings.max_bytes;
  if (const char* why = cache.usable()) d.unusable_why = why;
  const kernel_cache_usage usage = cache.usage();
  d.bytes = usage.bytes;
  d.entries = usage.entries;
  d.writable = cache.writable();
  d.readonly_directory = settings.readonly_directory;
  const kernel_cache_usage shared = cache.readonly_usage();
  d.readonly_bytes = shared.bytes;
  d.readonly_entries = shared.entries;
  return d;
}

std::vector<vendor_record_description> recorded_vendors() {
  std::vector<vendor_record_description> result;
  if (!opencl_vendor_may_open()) return result;
  const icd_setup setup = read_icd_setup(opencl_loader_file(), process_getenv);
  for (const char* kind : {"gpu", "cpu"}) {
    const std::optional<vendor_record> record = load_vendor_record(kind, setup.fingerprint);
    if (!record) continue;
    vendor_record_description d;
    d.kind = kind;
    d.library = record->library;
    d.platform = record->platform_index;
    d.platform_name = record->platform_name;
    d.usable = names_library(setup, record->library) && library_unchanged(*record);
    result.push_back(std::move(d));
  }
  return result;
}

std::string clear_cache() {
  const char* why = process_kernel_cache().clear();
  return why != nullptr ? why : "";
}

std::vector<calibration_description> device_calibrations(bool measure) {
  std::vector<calibration_description> result;
  const platform_list& list = platform_list::instance(platform_scope::every);
  for (std::size_t i = 0; i < list.devices().size(); ++i) {
    const device_entry& entry = list.devices()[i];
    if (!entry.traits.usable) continue;
    calibration_description d;
    d.platform = entry.traits.platform;
    d.device = entry.traits.device;
    if (measure) {
      const outcome<device_costs> costs = recalibrate(i);
      d.measured_now = true;
      if (costs)
        set_figures(d, costs.value);
      else
        d.why_failed = costs.why;
    } else {
      const calibration& known = calibration_of(i);
      d.measured_now = known.measured;
      if (known.why == nullptr)
        set_figures(d, known.costs);
      else
        d.why_failed = known.why;
    }
    result.push_back(std::move(d));
  }
  return result;
}

std::string bytes_text(std::uint64_t bytes) {
  char text[32];
  if (bytes >= (1ULL << 30))
    std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1ULL << 30));
  else if (bytes >= (1ULL << 20))
    std::snprintf(text, sizeof text, "%.1f MiB", static_cast<double>(bytes) / (1ULL << 20));
  else if (bytes >= (1ULL << 10))
    std::snprintf(text, sizeof text, "%.1f KiB", static_cast<double>(bytes) / (1ULL << 10));
  else
    std::snprintf(text, sizeof text, "%llu B", static_cast<unsigned long long>(bytes));
  return text;
}

const char* runtime_version() noexcept {
  return CLPAR_VERSION_STRING;
}

}  // namespace clpar::rt
