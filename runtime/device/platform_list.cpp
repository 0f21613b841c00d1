// runtime/device/platform_list.cpp - discovering OpenCL platforms and devices.
#include "device/platform_list.hpp"

#include <chrono>
#include <string>

#include "device/cl_error.hpp"
#include "device/opencl_loader.hpp"
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

const platform_list& platform_list::instance() {
  // Leaked on purpose (see the header); the initialisation itself is thread-safe.
  static const platform_list* list = new platform_list;
  return *list;
}

platform_list::platform_list() {
  const auto start = std::chrono::steady_clock::now();
  if (const char* why = opencl_unavailable()) {
    why_none_ = "no OpenCL ICD loader";
    if (trace_enabled()) trace_write(std::string("warning: ") + why + "; calls run on the host");
    return;
  }
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
