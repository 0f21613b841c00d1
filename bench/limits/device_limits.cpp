// bench/limits/device_limits.cpp - the limits the suite's results are measured against,
// taken in the same run: on the first OpenCL GPU (else the first device), the
// device-to-device copy bandwidth (clEnqueueCopyBuffer), host-to-device and
// device-to-host bandwidth from pinned and from pageable memory, from pageable memory
// through the runtime's staged engine (runtime/memory/staged_transfer.hpp: pipelined
// through pinned chunks; also as a fraction of the pinned bandwidth), and the latency of an
// empty kernel (enqueue to clFinish); on the host, the OpenMP copy bandwidth.
//
//   device_limits [--quick]        records as bench/support/measure.hpp describes
//   device_limits --has gpu|cpu    exit status 0 when such an OpenCL device exists
//
// Bandwidths count bytes read plus bytes written for copies within one memory (device to
// device, host to host) and bytes moved for transfers, in GB/s (10^9 bytes per second).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "memory/staged_transfer.hpp"  // after CLHPP: exceptions stay on here
#include "support/cl_devices.hpp"
#include "support/measure.hpp"

namespace {

using bench::devices_of;
using bench::event_seconds;

using bench::median_of;

void device_limits(const cl::Device& dev, std::size_t bytes, int repeat) {
  const std::string name = dev.getInfo<CL_DEVICE_NAME>();
  cl::Context context(dev);
  cl::CommandQueue queue(context, dev, CL_QUEUE_PROFILING_ENABLE);
  cl::Buffer a(context, CL_MEM_READ_WRITE, bytes), b(context, CL_MEM_READ_WRITE, bytes);
  std::vector<char> pageable(bytes, 1);
  queue.enqueueWriteBuffer(a, CL_TRUE, 0, bytes, pageable.data());
  queue.enqueueWriteBuffer(b, CL_TRUE, 0, bytes, pageable.data());

  const double copy = median_of(repeat, [&] {
    cl::Event e;
    queue.enqueueCopyBuffer(a, b, 0, 0, bytes, nullptr, &e);
    e.wait();
    return event_seconds(e);
  });
  bench::print_limit("device copy bandwidth", 2.0 * double(bytes) / copy * 1e-9, "GB/s", name);

  // Pinned host memory: a host-allocated buffer, mapped once.
  cl::Buffer host(context, CL_MEM_ALLOC_HOST_PTR | CL_MEM_READ_WRITE, bytes);
  void* pinned = queue.enqueueMapBuffer(host, CL_TRUE, CL_MAP_READ | CL_MAP_WRITE, 0, bytes);
  std::memset(pinned, 1, bytes);
  const auto transfer = [&](bool to_device, void* memory) {
    return median_of(repeat, [&] {
      const double start = bench::now();
      if (to_device)
        queue.enqueueWriteBuffer(a, CL_TRUE, 0, bytes, memory);
      else
        queue.enqueueReadBuffer(a, CL_TRUE, 0, bytes, memory);
      return bench::now() - start;
    });
  };
  const double gb = double(bytes) * 1e-9;
  const double pinned_in = gb / transfer(true, pinned), pinned_out = gb / transfer(false, pinned);
  bench::print_limit("host to device, pinned", pinned_in, "GB/s", name);
  bench::print_limit("device to host, pinned", pinned_out, "GB/s", name);
  bench::print_limit("host to device, pageable", gb / transfer(true, pageable.data()), "GB/s",
                     name);
  bench::print_limit("device to host, pageable", gb / transfer(false, pageable.data()), "GB/s",
                     name);

  // Pageable memory through the staged engine.  A write returns with its last pieces in
  // flight, so the time runs to clFinish, as a blocking write's does.
  clpar::rt::staged_transfer engine(context, queue);
  const auto staged = [&](bool to_device) {
    return median_of(repeat, [&] {
      const double start = bench::now();
      const cl_int status = to_device ? engine.to_device(a, 0, pageable.data(), bytes)
                                      : engine.to_host(pageable.data(), a, 0, bytes);
      if (status != CL_SUCCESS)
        throw cl::Error(status,
                        to_device ? "staged_transfer::to_device" : "staged_transfer::to_host");
      queue.finish();
      return bench::now() - start;
    });
  };
  const double staged_in = gb / staged(true), staged_out = gb / staged(false);
  bench::print_limit("host to device, pageable staged", staged_in, "GB/s", name);
  bench::print_limit("device to host, pageable staged", staged_out, "GB/s", name);
  bench::print_limit("host to device, staged / pinned", staged_in / pinned_in, "fraction", name);
  bench::print_limit("device to host, staged / pinned", staged_out / pinned_out, "fraction", name);
  queue.enqueueUnmapMemObject(host, pinned);
  queue.finish();

  cl::Program program(context, "__kernel void empty(__global int* x) {}");
  program.build({dev});
  cl::Kernel empty(program, "empty");
  empty.setArg(0, a);
  const double launch = median_of(10 * repeat, [&] {
    const double start = bench::now();
    queue.enqueueNDRangeKernel(empty, cl::NullRange, cl::NDRange(1), cl::NullRange);
    queue.finish();
    return bench::now() - start;
  });
  bench::print_limit("empty kernel, enqueue to finish", launch * 1e6, "us", name);
}

void host_copy(std::size_t bytes, int repeat) {
  const std::size_t n = bytes / sizeof(float);
  std::vector<float> a(n, 1.0f), b(n, 0.0f);
  float* dst = b.data();
  const float* src = a.data();
  const double copy = median_of(repeat, [&] {
    const double start = bench::now();
#pragma omp parallel for schedule(static)
    for (long i = 0; i < long(n); ++i) dst[i] = src[i];
    return bench::now() - start;
  });
  bench::print_limit("host copy bandwidth (OpenMP)", 2.0 * double(bytes) / copy * 1e-9, "GB/s",
                     "host");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "--has") == 0) {
    const bool gpu = std::strcmp(argv[2], "gpu") == 0;
    return devices_of(gpu ? CL_DEVICE_TYPE_GPU : CL_DEVICE_TYPE_CPU).empty() ? 1 : 0;
  }
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const std::size_t bytes = quick ? std::size_t(16) << 20 : std::size_t(512) << 20;
  const int repeat = quick ? 3 : 10;
  host_copy(bytes, repeat);
  std::vector<cl::Device> devices = devices_of(CL_DEVICE_TYPE_GPU);
  if (devices.empty()) devices = devices_of(CL_DEVICE_TYPE_ALL);
  if (devices.empty()) {
    std::fprintf(stderr, "device_limits: no OpenCL device\n");
    return 0;
  }
  try {
    device_limits(devices.front(), bytes, repeat);
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "device_limits: %s failed: %d\n", e.what(), e.err());
    return 1;
  }
  return 0;
}
