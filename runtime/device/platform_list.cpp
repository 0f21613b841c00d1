// runtime/device/platform_list.cpp - discovering OpenCL platforms and devices.
#include "device/platform_list.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>

#include "cache/kernel_cache.hpp"
#include "device/cl_error.hpp"
#include "device/opencl_loader.hpp"
#include "support/environment.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

/// A string query; empty when the query fails (CLHPP strips the trailing NUL).
template <class Object>
std::string string_info(const Object& object, cl_uint name) {
  std::string value;
  if (object.getInfo(name, &value) != CL_SUCCESS) return {};
  while (!value.empty() && (value.back() == '\0' || value.back() == ' ')) value.pop_back();
  return value;
}

device_entry describe(const cl::Platform& platform, const cl::Device& device, int p, int d) {
  device_entry entry;
  entry.platform = platform;
  entry.device = device;
  entry.platform_name = string_info(platform, CL_PLATFORM_NAME);
  entry.platform_version = string_info(platform, CL_PLATFORM_VERSION);
  entry.name = string_info(device, CL_DEVICE_NAME);
  entry.version = string_info(device, CL_DEVICE_VERSION);
  entry.driver_version = string_info(device, CL_DRIVER_VERSION);

  cl_device_type type = 0;
  device.getInfo(CL_DEVICE_TYPE, &type);
  entry.kind = device_kind_of(type);

  const std::string extensions = string_info(device, CL_DEVICE_EXTENSIONS);
  cl_device_fp_config double_config = 0;
  device.getInfo(CL_DEVICE_DOUBLE_FP_CONFIG, &double_config);
  cl_device_fp_config single_config = 0;
  device.getInfo(CL_DEVICE_SINGLE_FP_CONFIG, &single_config);
  cl_bool available = CL_FALSE;
  cl_bool compiler = CL_FALSE;
  device.getInfo(CL_DEVICE_AVAILABLE, &available);
  device.getInfo(CL_DEVICE_COMPILER_AVAILABLE, &compiler);

  cl_ulong memory = 0;
  cl_ulong local_memory = 0;
  cl_uint units = 0;
  std::size_t group = 1;
  device.getInfo(CL_DEVICE_GLOBAL_MEM_SIZE, &memory);
  device.getInfo(CL_DEVICE_LOCAL_MEM_SIZE, &local_memory);
  device.getInfo(CL_DEVICE_MAX_COMPUTE_UNITS, &units);
  device.getInfo(CL_DEVICE_MAX_WORK_GROUP_SIZE, &group);
  entry.global_memory_bytes = memory;
  entry.local_memory_bytes = local_memory;
  entry.compute_units = units;
  entry.max_work_group_size = group > 0 ? group : 1;
  std::vector<std::size_t> item_sizes;
  if (device.getInfo(CL_DEVICE_MAX_WORK_ITEM_SIZES, &item_sizes) == CL_SUCCESS) {
    for (std::size_t i = 0; i < 3 && i < item_sizes.size(); ++i)
      entry.max_work_item_sizes[i] = item_sizes[i] > 0 ? item_sizes[i] : 1;
  }

  entry.traits.platform = p;
  entry.traits.device = d;
  entry.traits.gpu = (type & CL_DEVICE_TYPE_GPU) != 0;
  entry.traits.cpu = (type & CL_DEVICE_TYPE_CPU) != 0;
  entry.traits.fp64 = extensions.find("cl_khr_fp64") != std::string::npos || double_config != 0;
  entry.traits.correctly_rounded_divide_sqrt =
      (single_config & CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT) != 0;
  entry.traits.usable = available == CL_TRUE && compiler == CL_TRUE;
  if (available != CL_TRUE)
    entry.why_unusable = compiler == CL_TRUE ? "not available" : "not available, no compiler";
  else if (compiler != CL_TRUE)
    entry.why_unusable = "no compiler";
  return entry;
}

}  // namespace

device_kind device_kind_of(std::uint64_t type) noexcept {
  if (type & CL_DEVICE_TYPE_GPU) return device_kind::gpu;
  if (type & CL_DEVICE_TYPE_CPU) return device_kind::cpu;
  if (type & CL_DEVICE_TYPE_ACCELERATOR) return device_kind::accelerator;
  if (type & CL_DEVICE_TYPE_CUSTOM) return device_kind::custom;
  return device_kind::other;
}

const char* device_kind_name(device_kind kind) noexcept {
  switch (kind) {
    case device_kind::gpu:
      return "gpu";
    case device_kind::cpu:
      return "cpu";
    case device_kind::accelerator:
      return "accelerator";
    case device_kind::custom:
      return "custom";
    case device_kind::other:
      break;
  }
  return "other";
}

const char* wanted_device_kind(device_policy policy, bool auto_cpu_devices) noexcept {
  switch (policy) {
    case device_policy::automatic:
      return auto_cpu_devices ? nullptr : "gpu";
    case device_policy::opencl_gpu:
    case device_policy::gpu_by_rank:
      return "gpu";
    case device_policy::opencl_cpu:
      return "cpu";
    default:
      return nullptr;
  }
}

const platform_list& platform_list::instance(platform_scope scope) {
  // Leaked on purpose (see the header); the initialisation itself is thread-safe.
  static const platform_list* list = new platform_list(scope);
  return *list;
}

namespace {

/// The kind of device the run's CLPAR_DEVICE wants, when one kind is all it can use and
/// CLPAR_PLATFORMS does not ask for every platform.
const char* run_device_kind() {
  const char* platforms = environment_value("CLPAR_PLATFORMS");
  if (platforms != nullptr && std::strcmp(platforms, "all") == 0) return nullptr;
  if (platforms != nullptr && *platforms != '\0' && std::strcmp(platforms, "needed") != 0)
    std::fprintf(stderr,
                 "clpar: warning: CLPAR_PLATFORMS='%s' is not needed or all; using needed\n",
                 platforms);
  const char* auto_devices = environment_value("CLPAR_AUTO_DEVICES");
  const device_policy policy =
      parse_device_selection(environment_value("CLPAR_DEVICE")).selection.policy;
  const bool auto_cpu_devices = auto_devices != nullptr && std::strcmp(auto_devices, "all") == 0;
  return wanted_device_kind(policy, auto_cpu_devices);
}

bool of_kind(const device_traits& traits, std::string_view kind) {
  return kind == "gpu" ? traits.gpu : traits.cpu;
}

}  // namespace

platform_list::platform_list(platform_scope scope) {
  const auto start = std::chrono::steady_clock::now();
  if (const char* why = opencl_unavailable()) {
    why_none_ = "no OpenCL ICD loader";
    if (trace_enabled()) trace_write(std::string("warning: ") + why + "; calls run on the host");
    return;
  }
  const char* kind = scope == platform_scope::as_wanted ? run_device_kind() : nullptr;
  std::optional<icd_setup> setup;
  std::optional<vendor_record> stored;
  if (kind != nullptr && opencl_vendor_may_open()) {
    setup = read_icd_setup(opencl_loader_file(), process_getenv);
    stored = load_vendor_record(kind, setup->fingerprint);
    if (stored && list_recorded_platform(*stored, *setup, kind, start)) return;
  }
  list_every_platform(start);
  if (setup) record_vendor(kind, *setup, stored);
}

bool platform_list::list_recorded_platform(const vendor_record& record, const icd_setup& setup,
                                           const char* kind,
                                           std::chrono::steady_clock::time_point start) {
  const auto fail = [&](const std::string& why) {
    if (trace_enabled())
      trace_write("start: the recorded " + std::string(kind) + " platform's library " +
                  record.library + " " + why + "; listing every platform");
    opencl_close_vendor();
    devices_.clear();
    traits_.clear();
    return false;
  };
  if (!names_library(setup, record.library))
    return fail("is not one the ICD loader's vendor files name");
  if (!library_unchanged(record)) return fail("changed since it was recorded");
  if (const char* why = opencl_open_vendor(record.library))
    return fail(std::string("failed: ") + why);
  std::vector<cl::Platform> platforms;
  if (cl::Platform::get(&platforms) != CL_SUCCESS) return fail("listed no platform");
  const auto found = std::find_if(platforms.begin(), platforms.end(), [&](const cl::Platform& p) {
    return string_info(p, CL_PLATFORM_NAME) == record.platform_name &&
           string_info(p, CL_PLATFORM_VERSION) == record.platform_version;
  });
  if (found == platforms.end())
    return fail("no longer has platform '" + record.platform_name + "'");
  std::vector<cl::Device> devices;
  if (found->getDevices(CL_DEVICE_TYPE_ALL, &devices) != CL_SUCCESS) devices.clear();
  for (std::size_t d = 0; d < devices.size(); ++d) {
    devices_.push_back(describe(*found, devices[d], record.platform_index, static_cast<int>(d)));
    traits_.push_back(devices_.back().traits);
  }
  if (std::none_of(traits_.begin(), traits_.end(),
                   [&](const device_traits& t) { return of_kind(t, kind); }))
    return fail(std::string("has no ") + kind + " device now");
  limited_to_ = kind;
  vendor_library_ = record.library;
  const std::size_t count = devices_.size();
  trace_start_step("OpenCL platform " + std::to_string(record.platform_index) + " '" +
                       record.platform_name + "' alone (" + std::to_string(count) +
                       (count == 1 ? " device" : " devices") + "), from " + record.library +
                       ", which held every " + kind +
                       " device of an earlier run (CLPAR_PLATFORMS=all lists every platform)",
                   start);
  return true;
}

void platform_list::record_vendor(const char* kind, const icd_setup& setup,
                                  const std::optional<vendor_record>& stored) const {
  int platform = -1;
  const device_entry* first = nullptr;
  for (const device_entry& entry : devices_) {
    if (!of_kind(entry.traits, kind)) continue;
    if (platform >= 0 && entry.traits.platform != platform) return;  // two platforms hold them
    platform = entry.traits.platform;
    if (first == nullptr) first = &entry;
  }
  if (first == nullptr) return;
  vendor_record record;
  record.library = opencl_vendor_library_of(first->platform());
  record.platform_index = platform;
  record.platform_name = first->platform_name;
  record.platform_version = first->platform_version;
  if (record.library.empty() || record.library.front() != '/' ||
      !names_library(setup, record.library))
    return;
  const std::optional<vendor_record> described = with_library_file(std::move(record));
  if (!described || (stored && *stored == *described)) return;
  store_vendor_record(kind, setup.fingerprint, *described);
  if (trace_enabled())
    trace_write("start: recorded " + described->library + " as the library of every " + kind +
                " device, for the next run to open alone");
}

void platform_list::list_every_platform(std::chrono::steady_clock::time_point start) {
  std::vector<cl::Platform> platforms;
  const cl_int status = cl::Platform::get(&platforms);
  trace_start_step("OpenCL platforms (" + std::to_string(platforms.size()) + ", the ICD loader "
                   "loading every vendor's library)", start);
  // Without any ICD installed the loader answers CL_PLATFORM_NOT_FOUND_KHR; that is the
  // ordinary "no OpenCL here" case, not a failure.
  if (status == CL_PLATFORM_NOT_FOUND_KHR || (status == CL_SUCCESS && platforms.empty())) {
    why_none_ = "no OpenCL platform";
    if (trace_enabled()) trace_write("warning: no OpenCL platform; calls run on the host");
    return;
  }
  if (status != CL_SUCCESS) {
    why_none_ = cl_failure_why("clGetPlatformIDs", status);
    return;
  }
  for (std::size_t p = 0; p < platforms.size(); ++p) {
    const auto listed = std::chrono::steady_clock::now();
    std::vector<cl::Device> devices;
    // A platform without devices answers CL_DEVICE_NOT_FOUND; it keeps its index P.
    if (platforms[p].getDevices(CL_DEVICE_TYPE_ALL, &devices) != CL_SUCCESS) continue;
    for (std::size_t d = 0; d < devices.size(); ++d) {
      devices_.push_back(
          describe(platforms[p], devices[d], static_cast<int>(p), static_cast<int>(d)));
      traits_.push_back(devices_.back().traits);
    }
    trace_start_step("devices of platform " + std::to_string(p) + " '" +
                         string_info(platforms[p], CL_PLATFORM_NAME) + "' (" +
                         std::to_string(devices.size()) + ")",
                     listed);
  }
  if (devices_.empty()) {
    why_none_ = "no OpenCL device";
    if (trace_enabled()) trace_write("warning: no OpenCL device; calls run on the host");
  }
}

}  // namespace clpar::rt
