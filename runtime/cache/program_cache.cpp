// runtime/cache/program_cache.cpp - programs from stored binaries, binaries from new builds.
#include "cache/program_cache.hpp"

#include <atomic>
#include <chrono>
#include <cstdio>
#include <optional>
#include <vector>

#include "device/device_selector.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

std::atomic<bool> warned_store_failure{false};

/// Cache warnings go to stderr once per process, and in a job of several processes per
/// node (MPI ranks) from node-local rank 0 only: the others' would say the same.
void warn(const std::string& text) {
  if (process_local_rank().rank > 0) {
    if (trace_enabled()) trace_write(text);
    return;
  }
  std::fprintf(stderr, "%s\n", text.c_str());
}

kernel_cache* make_process_cache() {
  kernel_cache_settings settings = kernel_cache_settings_from_env();
  for (const std::string& warning : settings.warnings) warn(warning);
  const bool enabled = settings.enabled;
  const bool shared = !settings.readonly_directory.empty();
  auto* cache = new kernel_cache(std::move(settings));
  if (enabled) {
    if (const char* why = cache->usable()) {
      // With a read-only cache in front, a missing writable one only means rebuilding
      // what that one lacks.
      if (!shared) warn(std::string("clpar: warning: kernel cache not used: ") + why);
      else if (trace_enabled()) trace_write(std::string("kernel cache: ") + why);
    } else if (!cache->writable() && trace_enabled()) {
      trace_write("kernel cache: '" + cache->directory() +
                  "' is read-only: entries are read, new ones are not stored");
    }
  }
  return cache;
}

/// The binary of a program built for one device; empty when the driver gives none.
std::vector<unsigned char> binary_of(const cl::Program& program) {
  std::vector<std::vector<unsigned char>> binaries;
  if (program.getInfo(CL_PROGRAM_BINARIES, &binaries) != CL_SUCCESS || binaries.size() != 1)
    return {};
  return std::move(binaries.front());
}

/// The program made from a stored binary; a null program when the driver refuses it.
cl::Program from_binary(const cl::Context& context, const device_entry& device,
                        std::vector<unsigned char> binary, const std::string& options) {
  const std::vector<cl::Device> devices{device.device};
  std::vector<cl_int> binary_status;
  cl_int status = CL_SUCCESS;
  cl::Program program(context, devices, cl::Program::Binaries{std::move(binary)},
                      &binary_status, &status);
  if (status != CL_SUCCESS || binary_status.empty() || binary_status.front() != CL_SUCCESS)
    return cl::Program();
  if (program.build(devices, options.c_str()) != CL_SUCCESS) return cl::Program();
  return program;
}

}  // namespace

kernel_cache& process_kernel_cache() {
  static kernel_cache* cache = make_process_cache();  // leaked, like the contexts
  return *cache;
}

std::string device_cache_key(std::string_view kind, const device_entry& device,
                             std::string_view source, std::string_view options) {
  return kernel_cache::key_of({kind, source, options, device.platform_name,
                               device.platform_version, device.name, device.version,
                               device.driver_version, CLPAR_VERSION_STRING});
}

outcome<built_program> build_program(const cl::Context& context, const device_entry& device,
                                     const std::string& source, const std::string& options) {
  outcome<built_program> result;
  using clock_type = std::chrono::steady_clock;
  auto cache_start = clock_type::now();
  const auto charge_cache = [&] {
    result.value.cache_seconds +=
        std::chrono::duration<double>(clock_type::now() - cache_start).count();
  };
  kernel_cache& cache = process_kernel_cache();
  const std::string key = device_cache_key("program", device, source, options);
  // Of processes building the same program together (MPI ranks on one node), one builds
  // and the others wait for its entry.
  kernel_cache::claimed_load found = cache.load_or_claim(key);
  std::optional<std::vector<unsigned char>>& binary = found.payload;
  charge_cache();
  result.value.waited_seconds = found.waited_seconds;
  if (binary) {
    result.value.program = from_binary(context, device, std::move(*binary), options);
    if (result.value.program() != nullptr) {
      result.value.from_cache = true;
      return result;
    }
    if (trace_enabled()) trace_write("kernel cache: a stored binary was refused; rebuilding");
  }

  cl_int status = CL_SUCCESS;
  result.value.program = cl::Program(context, source, false, &status);
  if (status != CL_SUCCESS) {
    result.why = cl_failure_why("clCreateProgramWithSource", status);
    return result;
  }
  status = result.value.program.build(std::vector<cl::Device>{device.device}, options.c_str());
  if (status != CL_SUCCESS) {
    std::string& log = result.value.build_log;
    result.value.program.getBuildInfo(device.device, CL_PROGRAM_BUILD_LOG, &log);
    while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
    result.why = cl_failure_why("clBuildProgram", status);
    return result;
  }
  if (cache.writable()) {
    const std::vector<unsigned char> built = binary_of(result.value.program);
    cache_start = clock_type::now();
    if (!built.empty())
      if (const char* why = cache.store(key, built))
        if (!warned_store_failure.exchange(true))
          warn(std::string("clpar: warning: kernel cache: ") + why + "; kernels are rebuilt");
    charge_cache();
  }
  return result;
}

}  // namespace clpar::rt
