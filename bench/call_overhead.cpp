// bench/call_overhead.cpp - what one region call costs when its data is already on the
// device and its kernel built (DESIGN-QUESTIONS 14), against the device's own floor.
// A tiny kernel (n floats, one add each) is called `calls` times two ways:
//   in one function      the calls share a data scope: nothing moves, launches do not wait
//   across functions     a call of a one-region function each time, the array held by
//                        clpar::resident: each call opens and closes a scope
// and, untimed, the first form with four views instead of one, where the call's work per
// view shows.  Each of the first two is timed twice: untimed (no profiling event per
// kernel, the default outside auto) and with CLPAR_KERNEL_TIMES=1, which also gives the
// kernels' own time per call.  The same one-view kernel then runs from a plain OpenCL
// loop on the same kind of device, side by side: enqueue only (one clFinish at the end)
// and enqueue + clFinish per call, the floors the two clpar forms compare with, on a queue
// as a plain program makes it and on one with profiling enabled, as clpar's is.
// CLPAR_SYNC_LAUNCHES=1 makes every clpar call wait for its kernel, as a call that reads
// something back does.  The clpar forms stay out of line, so that a profiler can be
// started and stopped at each (valgrind --toggle-collect, docs/performance.md).
//
//   CLPAR_DEVICE=opencl-gpu call_overhead [n] [calls]
#include <clpar/clpar.hpp>
#include <clpar/rt/stats.hpp>

#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

static void steps(clpar::view<float> v, int count) {
  for (int s = 0; s < count; ++s)
    for (auto i : clpar::prange(v.size()))
      v[i] += 1.0f;
}

[[gnu::noinline]] static void steps4(clpar::view<float> a, clpar::view<const float> b,
                                     clpar::view<const float> c, clpar::view<const float> d,
                                     int count) {
  for (int s = 0; s < count; ++s)
    for (auto i : clpar::prange(a.size()))
      a[i] += b[i] + c[i] + d[i];
}

static void bump(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] += 1.0f;
}

namespace {

using clock_type = std::chrono::steady_clock;

double microseconds_per_call(clock_type::time_point start, int calls) {
  return std::chrono::duration<double>(clock_type::now() - start).count() * 1e6 / calls;
}

struct clpar_times {
  double in_function = 0, in_function_kernels = 0, across = 0, across_kernels = 0;
  unsigned long long device_calls = 0;
};

/// Both forms, `calls` calls each; adds 2 * calls + 1 to every element.
clpar_times time_clpar(clpar::view<float> v, int calls) {
  clpar_times t;
  double kernels = clpar::rt::kernel_seconds_total();
  const clpar::rt::call_counts before = clpar::rt::call_totals();
  auto start = clock_type::now();
  steps(v, calls);
  t.in_function = microseconds_per_call(start, calls);
  t.in_function_kernels = (clpar::rt::kernel_seconds_total() - kernels) * 1e6 / calls;
  t.device_calls = clpar::rt::call_totals().on_device - before.on_device;
  {
    clpar::resident keep(v);
    bump(v);  // the first call of the hold uploads
    kernels = clpar::rt::kernel_seconds_total();
    start = clock_type::now();
    for (int c = 0; c < calls; ++c) bump(v);
    t.across = microseconds_per_call(start, calls);
    t.across_kernels = (clpar::rt::kernel_seconds_total() - kernels) * 1e6 / calls;
  }
  return t;
}

/// The same kernel from a plain OpenCL program on the device kind CLPAR_DEVICE names (the
/// first GPU for auto and opencl-gpu, the first CPU device for opencl-cpu): per call,
/// enqueue only and enqueue + clFinish, on a queue with `properties` (clpar's queue has
/// CL_QUEUE_PROFILING_ENABLE, for the kernels it times).  False when there is no such device.
bool time_plain_opencl(std::size_t n, int calls, cl_command_queue_properties properties,
                       double& enqueue_only, double& with_finish) {
  const char* selection = std::getenv("CLPAR_DEVICE");
  const cl_device_type type =
      selection != nullptr && std::strcmp(selection, "opencl-cpu") == 0 ? CL_DEVICE_TYPE_CPU
                                                                         : CL_DEVICE_TYPE_GPU;
  cl_platform_id platforms[16];
  cl_uint platform_count = 0;
  if (clGetPlatformIDs(16, platforms, &platform_count) != CL_SUCCESS) return false;
  cl_device_id device = nullptr;
  for (cl_uint p = 0; p < platform_count && device == nullptr; ++p) {
    cl_uint found = 0;
    if (clGetDeviceIDs(platforms[p], type, 1, &device, &found) != CL_SUCCESS) device = nullptr;
  }
  if (device == nullptr) return false;
  cl_int status = CL_SUCCESS;
  cl_context context = clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status);
  const cl_queue_properties queue_properties[] = {CL_QUEUE_PROPERTIES, properties, 0};
  cl_command_queue queue =
      clCreateCommandQueueWithProperties(context, device, queue_properties, &status);
  const char* source =
      "__kernel void bump(__global float* v, ulong n) {"
      "  ulong i = get_global_id(0); if (i < n) v[i] += 1.0f; }";
  cl_program program = clCreateProgramWithSource(context, 1, &source, nullptr, &status);
  if (clBuildProgram(program, 1, &device, "", nullptr, nullptr) != CL_SUCCESS) return false;
  cl_kernel kernel = clCreateKernel(program, "bump", &status);
  cl_mem buffer = clCreateBuffer(context, CL_MEM_READ_WRITE, n * sizeof(float), nullptr, &status);
  const cl_ulong count = n;
  const std::size_t local = 256, global = (n + local - 1) / local * local;
  const auto launch = [&] {
    // The arguments set every time, as a program calling a function with a view would.
    clSetKernelArg(kernel, 0, sizeof buffer, &buffer);
    clSetKernelArg(kernel, 1, sizeof count, &count);
    return clEnqueueNDRangeKernel(queue, kernel, 1, nullptr, &global, &local, 0, nullptr,
                                  nullptr);
  };
  for (int c = 0; c < 100; ++c) launch();
  clFinish(queue);
  auto start = clock_type::now();
  for (int c = 0; c < calls; ++c) launch();
  clFinish(queue);
  enqueue_only = microseconds_per_call(start, calls);
  start = clock_type::now();
  for (int c = 0; c < calls; ++c) {
    launch();
    clFinish(queue);
  }
  with_finish = microseconds_per_call(start, calls);
  clReleaseMemObject(buffer);
  clReleaseKernel(kernel);
  clReleaseProgram(program);
  clReleaseCommandQueue(queue);
  clReleaseContext(context);
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  const int calls = argc > 2 ? std::atoi(argv[2]) : 2000;
  std::vector<float> data(n, 0.0f);
  const clpar::view<float> v(data.data(), n);

  steps(v, 10);  // builds the kernels, starts the device
  bump(v);
  float expected = 11.0f;

  // A round untimed first: the GPU's clocks and the driver's queues settle before any
  // number is kept (the first round measured 1.5x slower on an H100 in sync mode).
  ::unsetenv("CLPAR_KERNEL_TIMES");
  (void)time_clpar(v, calls);
  const clpar_times untimed = time_clpar(v, calls);
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const clpar_times timed = time_clpar(v, calls);
  ::unsetenv("CLPAR_KERNEL_TIMES");
  expected += 3.0f * static_cast<float>(2 * calls + 1);

  // Four views: a += 0.25 + 0.25 + 0.5 each call, exact in float.
  std::vector<float> a(n, 0.0f), b(n, 0.25f), c(n, 0.25f), d(n, 0.5f);
  const clpar::view<float> av(a.data(), n);
  const clpar::view<const float> bv(b.data(), n), cv(c.data(), n), dv(d.data(), n);
  steps4(av, bv, cv, dv, 10);
  auto start4 = clock_type::now();
  steps4(av, bv, cv, dv, calls);
  const double four_views = microseconds_per_call(start4, calls);

  bool ok = true;
  for (float x : data) ok = ok && x == expected;
  for (float x : a) ok = ok && x == static_cast<float>(10 + calls);
  std::printf("call_overhead n=%zu calls=%d on_device=%llu/%d\n", n, calls,
              static_cast<unsigned long long>(untimed.device_calls + timed.device_calls),
              2 * calls);  // the kept rounds
  std::printf("  in one function:     %8.2f us per call untimed, %8.2f timed (kernels %6.2f us)\n",
              untimed.in_function, timed.in_function, timed.in_function_kernels);
  std::printf("  across functions:    %8.2f us per call untimed, %8.2f timed (kernels %6.2f us)\n",
              untimed.across, timed.across, timed.across_kernels);
  std::printf("  four views, one function: %8.2f us per call untimed\n", four_views);
  double enqueue_only = 0, with_finish = 0;
  if (time_plain_opencl(n, calls, 0, enqueue_only, with_finish))
    std::printf("  plain OpenCL:        %8.2f us per call enqueue only, %8.2f with clFinish\n",
                enqueue_only, with_finish);
  if (time_plain_opencl(n, calls, CL_QUEUE_PROFILING_ENABLE, enqueue_only, with_finish))
    std::printf("  plain, profiling:    %8.2f us per call enqueue only, %8.2f with clFinish\n",
                enqueue_only, with_finish);
  std::printf("  results: %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
