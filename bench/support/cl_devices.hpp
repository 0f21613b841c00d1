// bench/support/cl_devices.hpp - OpenCL helpers shared by the limit benchmarks: devices of
// a type over every platform, and a command's profiled time.  Include after <CL/opencl.hpp>
// with CL_HPP_ENABLE_EXCEPTIONS.
#ifndef CLPAR_BENCH_SUPPORT_CL_DEVICES_HPP
#define CLPAR_BENCH_SUPPORT_CL_DEVICES_HPP

#include <vector>

namespace bench {

/// Every device of `type` on every platform; platforms that fail are skipped.
inline std::vector<cl::Device> devices_of(cl_device_type type) {
  std::vector<cl::Device> found;
  std::vector<cl::Platform> platforms;
  try {
    cl::Platform::get(&platforms);
  } catch (const cl::Error&) {
    return found;
  }
  for (const cl::Platform& p : platforms) {
    std::vector<cl::Device> devices;
    try {
      p.getDevices(type, &devices);
    } catch (const cl::Error&) {
      continue;
    }
    found.insert(found.end(), devices.begin(), devices.end());
  }
  return found;
}

/// A completed command's execution time from OpenCL profiling, in seconds.
inline double event_seconds(const cl::Event& e) {
  return double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) *
         1e-9;
}

}  // namespace bench

#endif  // CLPAR_BENCH_SUPPORT_CL_DEVICES_HPP
