// bench/limits/device_limits.cpp - the limits the suite's results are measured against,
// taken in the same run: on the first OpenCL GPU (else the first device), the
// device-to-device copy bandwidth (clEnqueueCopyBuffer of 512 MiB; also of 16 and 64 MiB),
// host-to-device and device-to-host bandwidth from pinned and from pageable memory, from
// pageable memory through the runtime's staged engine (runtime/memory/staged_transfer.hpp:
// pipelined through pinned chunks; also as a fraction of the pinned bandwidth), the
// latency of an empty kernel (enqueue to clFinish) and the peak FP32 rate (independent
// chains of fma() filling every compute unit; the best of a few runs, by OpenCL
// profiling); on the host, the OpenMP copy bandwidth.
//
//   device_limits [--quick]        records as bench/support/measure.hpp describes
//   device_limits --has gpu|cpu    exit status 0 when such an OpenCL device exists
//
// Bandwidths count bytes read plus bytes written for copies within one memory (device to
// device, host to host) and bytes moved for transfers, in GB/s (10^9 bytes per second).
// The FP32 rate counts an FMA as two operations, in GFLOP/s (10^9 per second).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <algorithm>
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

// Each work-item runs 16 independent chains a = a * x + y, enough to hide the FMA latency,
// `trips` times 4 steps of all 16; x and y are arguments, so nothing folds, and x < 1 keeps
// the chains near y / (1 - x) (no overflow, no denormals).  The sum is stored, so that no
// chain is dropped.
const char* const fma_chains_source = R"(
#define FMA(a) a = fma(a, x, y)
#define FMA16                                                                         \
  FMA(a0); FMA(a1); FMA(a2); FMA(a3); FMA(a4); FMA(a5); FMA(a6); FMA(a7); FMA(a8);    \
  FMA(a9); FMA(a10); FMA(a11); FMA(a12); FMA(a13); FMA(a14); FMA(a15)
__kernel void fma_chains(__global float* out, int trips, float x, float y) {
  const float s = (float)get_global_id(0) * 1e-6f;
  float a0 = s, a1 = s + 1, a2 = s + 2, a3 = s + 3, a4 = s + 4, a5 = s + 5, a6 = s + 6,
        a7 = s + 7, a8 = s + 8, a9 = s + 9, a10 = s + 10, a11 = s + 11, a12 = s + 12,
        a13 = s + 13, a14 = s + 14, a15 = s + 15;
  for (int i = 0; i < trips; ++i) {
    FMA16; FMA16; FMA16; FMA16;
  }
  out[get_global_id(0)] = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 +
                          a13 + a14 + a15;
}
)";
const int fma_per_trip = 4 * 16;

/// The peak FP32 rate in GFLOP/s: fma_chains on 8192 work-items per compute unit (four
/// times what an NVIDIA SM holds at once), the best of `runs` after a first run.
double peak_fp32(const cl::Context& context, cl::CommandQueue& queue, const cl::Device& dev,
                 int trips, int runs) {
  cl::Program program(context, fma_chains_source);
  program.build({dev});
  cl::Kernel kernel(program, "fma_chains");
  const std::size_t items = std::size_t(dev.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>()) * 8192;
  cl::Buffer out(context, CL_MEM_WRITE_ONLY, items * sizeof(float));
  kernel.setArg(0, out);
  kernel.setArg(1, cl_int(trips));
  kernel.setArg(2, 0.999f);
  kernel.setArg(3, 0.001f);
  const bool groups_of_256 = kernel.getWorkGroupInfo<CL_KERNEL_WORK_GROUP_SIZE>(dev) >= 256;
  const auto seconds = [&] {
    cl::Event e;
    queue.enqueueNDRangeKernel(kernel, cl::NullRange, cl::NDRange(items),
                               groups_of_256 ? cl::NDRange(256) : cl::NullRange, nullptr, &e);
    e.wait();
    return event_seconds(e);
  };
  seconds();
  double best = seconds();
  for (int r = 1; r < runs; ++r) best = std::min(best, seconds());
  return 2.0 * fma_per_trip * double(trips) * double(items) / best * 1e-9;
}

void device_limits(const cl::Device& dev, std::size_t bytes, int repeat, int fma_trips) {
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
  // The same copy of less: where a kernel's traffic is tens of MB, as in most of the suite's
  // memory-bound kernels, its start and its end take a larger share of its time.
  for (const std::size_t part : {std::size_t(16) << 20, std::size_t(64) << 20}) {
    if (part >= bytes) continue;
    const double seconds = median_of(repeat, [&] {
      cl::Event e;
      queue.enqueueCopyBuffer(a, b, 0, 0, part, nullptr, &e);
      e.wait();
      return event_seconds(e);
    });
    bench::print_limit("device copy bandwidth, " + std::to_string(part >> 20) + " MiB",
                       2.0 * double(part) / seconds * 1e-9, "GB/s", name);
  }

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

  bench::print_limit("peak FP32 (FMA)", peak_fp32(context, queue, dev, fma_trips, 5), "GFLOP/s",
                     name);
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
  // Full: about 0.6 TFLOP a run on an H100's 132 compute units, some 10 ms.
  const int fma_trips = quick ? 16 : 4096;
  host_copy(bytes, repeat);
  std::vector<cl::Device> devices = devices_of(CL_DEVICE_TYPE_GPU);
  if (devices.empty()) devices = devices_of(CL_DEVICE_TYPE_ALL);
  if (devices.empty()) {
    std::fprintf(stderr, "device_limits: no OpenCL device\n");
    return 0;
  }
  try {
    device_limits(devices.front(), bytes, repeat, fma_trips);
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "device_limits: %s failed: %d\n", e.what(), e.err());
    return 1;
  }
  return 0;
}
