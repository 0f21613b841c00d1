// bench/limits/launch_costs.cpp - what each OpenCL call a region call may make costs on
// its own, in a plain OpenCL loop of a small kernel (eight arguments, like a 1-D clpar
// kernel of one view): enqueue only, with the arguments set, with a profiling event, with
// clFlush, with events kept and polled as pending_kernels does, with clFinish per launch
// (on the profiling queue and on a plain one, with the arguments and without, and with the
// error word's buffer argument null, as for a kernel without in-kernel checks),
// with the event's profiling times read, and with a 16-byte write before and read after
// (the error word), and with host work (a busy wait of 1 to 4 us) before the enqueue or
// between the enqueue and clFinish: whether the device runs the kernel while the host
// still works, so that work done there costs nothing; then enqueue + clFlush per launch,
// and whether a kernel runs with no flush at all (its event's status right after the
// enqueue, and after 1 ms of host work with no OpenCL call; 2 = CL_SUBMITTED,
// 0 = CL_COMPLETE), which decides whether asynchronous launches need the flush
// (launch_submission in runtime/device/device_context.hpp).  On the first GPU, else the
// first device.  Microseconds per launch.
//
//   launch_costs [n]      (n work-items, 1024 by default)
#define CL_TARGET_OPENCL_VERSION 300
#include <CL/cl.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <deque>
static double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}
static const char* src =
    "__kernel void k(long f, long s, ulong c, __global int* e, __global float* v, long off, ulong "
    "ext, long st) {"
    " ulong k = get_global_id(0); if (k >= c) return; long i = f + (long)k * s; v[off + i * st] += "
    "1.0f; }";
int main(int argc, char** argv) {
  cl_platform_id ps[8];
  cl_uint np = 0;
  if (clGetPlatformIDs(8, ps, &np) != CL_SUCCESS || np == 0) {
    std::fprintf(stderr, "launch_costs: no OpenCL platform\n");
    return 1;
  }
  cl_device_id dev = nullptr;
  for (cl_uint p = 0; p < np && !dev; ++p) {
    cl_uint nd;
    if (clGetDeviceIDs(ps[p], CL_DEVICE_TYPE_GPU, 1, &dev, &nd) != CL_SUCCESS) dev = nullptr;
  }
  if (!dev) {
    cl_uint nd;
    if (clGetDeviceIDs(ps[0], CL_DEVICE_TYPE_ALL, 1, &dev, &nd) != CL_SUCCESS) {
      std::fprintf(stderr, "launch_costs: no OpenCL device\n");
      return 1;
    }
  }
  cl_int st;
  cl_context ctx = clCreateContext(nullptr, 1, &dev, nullptr, nullptr, &st);
  cl_queue_properties props[] = {CL_QUEUE_PROPERTIES, CL_QUEUE_PROFILING_ENABLE, 0};
  cl_command_queue q = clCreateCommandQueueWithProperties(ctx, dev, props, &st);
  cl_command_queue q0 = clCreateCommandQueueWithProperties(ctx, dev, nullptr, &st);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &src, nullptr, &st);
  clBuildProgram(prog, 1, &dev, "", nullptr, nullptr);
  cl_kernel k = clCreateKernel(prog, "k", &st);
  const size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 1024;
  cl_mem v = clCreateBuffer(ctx, CL_MEM_READ_WRITE, n * 4, nullptr, &st);
  cl_mem e = clCreateBuffer(ctx, CL_MEM_READ_WRITE, 16, nullptr, &st);
  cl_long f = 0, s = 1, off = 0, stv = 1;
  cl_ulong c = n, ext = n;
  auto args = [&] {
    clSetKernelArg(k, 0, 8, &f);
    clSetKernelArg(k, 1, 8, &s);
    clSetKernelArg(k, 2, 8, &c);
    clSetKernelArg(k, 3, sizeof e, &e);
    clSetKernelArg(k, 4, sizeof v, &v);
    clSetKernelArg(k, 5, 8, &off);
    clSetKernelArg(k, 6, 8, &ext);
    clSetKernelArg(k, 7, 8, &stv);
  };
  args();
  size_t g = (n + 255) / 256 * 256, l = 256;
  const int N = 3000;
  auto run = [&](const char* label, auto body, cl_command_queue qq) {
    for (int i = 0; i < 200; ++i) body(qq);
    clFinish(qq);
    double t0 = now();
    for (int i = 0; i < N; ++i) body(qq);
    clFinish(qq);
    std::printf("%-58s %7.2f us/call\n", label, (now() - t0) * 1e6 / N);
  };
  run(
      "A enqueue only (profiling queue)",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
      },
      q);
  run(
      "A0 enqueue only (plain queue)",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
      },
      q0);
  run(
      "B 8 setArg + enqueue",
      [&](cl_command_queue qq) {
        args();
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
      },
      q);
  run(
      "C B + event + release",
      [&](cl_command_queue qq) {
        args();
        cl_event ev;
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, &ev);
        clReleaseEvent(ev);
      },
      q);
  run(
      "D C + clFlush",
      [&](cl_command_queue qq) {
        args();
        cl_event ev;
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, &ev);
        clFlush(qq);
        clReleaseEvent(ev);
      },
      q);
  std::deque<cl_event> pend;
  run(
      "E D + keep 16 events, poll status of oldest",
      [&](cl_command_queue qq) {
        args();
        cl_event ev;
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, &ev);
        clFlush(qq);
        pend.push_back(ev);
        cl_int s2;
        clGetEventInfo(pend.front(), CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof s2, &s2, nullptr);
        if (s2 == CL_COMPLETE || pend.size() > 16) {
          if (s2 != CL_COMPLETE) clWaitForEvents(1, &pend.front());
          cl_ulong a, b;
          clGetEventProfilingInfo(pend.front(), CL_PROFILING_COMMAND_START, 8, &a, nullptr);
          clGetEventProfilingInfo(pend.front(), CL_PROFILING_COMMAND_END, 8, &b, nullptr);
          clReleaseEvent(pend.front());
          pend.pop_front();
        }
      },
      q);
  while (!pend.empty()) {
    clReleaseEvent(pend.front());
    pend.pop_front();
  }
  run(
      "F sync: setArg + enqueue + finish",
      [&](cl_command_queue qq) {
        args();
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q);
  run(
      "F0 sync, plain queue, no args",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q0);
  run(
      "F1 sync, plain queue, 8 setArg",
      [&](cl_command_queue qq) {
        args();
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q0);
  run(
      "F2 sync, profiling queue, no args",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q);
  run(
      "G sync + event + profiling info",
      [&](cl_command_queue qq) {
        args();
        cl_event ev;
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, &ev);
        clFinish(qq);
        cl_ulong a, b;
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_START, 8, &a, nullptr);
        clGetEventProfilingInfo(ev, CL_PROFILING_COMMAND_END, 8, &b, nullptr);
        clReleaseEvent(ev);
      },
      q);
  run(
      "H sync with error word write+read",
      [&](cl_command_queue qq) {
        int z[4] = {0, 0, 0, 0};
        clEnqueueWriteBuffer(qq, e, CL_FALSE, 0, 16, z, 0, nullptr, nullptr);
        args();
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clEnqueueReadBuffer(qq, e, CL_FALSE, 0, 16, z, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q);
  // The error word's argument null (a kernel without in-kernel checks never reads it): one
  // buffer fewer for the driver to make resident per launch.
  const cl_mem no_buffer = nullptr;
  clSetKernelArg(k, 3, sizeof no_buffer, &no_buffer);
  run(
      "A1 enqueue only, error word argument null",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
      },
      q);
  run(
      "F3 sync, error word argument null (no setArg)",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q);
  args();
  run(
      "F4 sync, both buffers (no setArg)",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFinish(qq);
      },
      q);
  run(
      "I clFlush alone", [&](cl_command_queue qq) { clFlush(qq); }, q);
  run(
      "J clFinish alone (nothing queued)", [&](cl_command_queue qq) { clFinish(qq); }, q);
  run(
      "K 8 setArg alone", [&](cl_command_queue) { args(); }, q);
  auto busy = [](double us) {
    const double until = now() + us * 1e-6;
    while (now() < until) {
    }
  };
  // Where the host's work goes: before the enqueue, between it and clFinish, or there
  // after a clFlush.
  enum class work_at { before, between, after_flush };
  const struct {
    work_at at;
    const char* label;
  } placements[] = {{work_at::before, "L F + %.0f us of host work before the enqueue"},
                    {work_at::between, "M F + %.0f us of host work before clFinish"},
                    {work_at::after_flush, "N F + %.0f us before clFinish, clFlush first"}};
  for (double us : {1.0, 2.0, 4.0}) {
    for (const auto& p : placements) {
      char label[80];
      std::snprintf(label, sizeof label, p.label, us);
      run(
          label,
          [&](cl_command_queue qq) {
            if (p.at == work_at::before) busy(us);
            args();
            clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
            if (p.at == work_at::after_flush) clFlush(qq);
            if (p.at != work_at::before) busy(us);
            clFinish(qq);
          },
          q);
    }
  }
  run(
      "P enqueue + clFlush",
      [&](cl_command_queue qq) {
        clEnqueueNDRangeKernel(qq, k, 1, nullptr, &g, &l, 0, nullptr, nullptr);
        clFlush(qq);
      },
      q0);
  for (int trial = 0; trial < 3; ++trial) {
    clFinish(q0);
    cl_event ev;
    clEnqueueNDRangeKernel(q0, k, 1, nullptr, &g, &l, 0, nullptr, &ev);
    cl_int at_once = -99, later = -99;
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof at_once, &at_once, nullptr);
    busy(1000);
    clGetEventInfo(ev, CL_EVENT_COMMAND_EXECUTION_STATUS, sizeof later, &later, nullptr);
    std::printf("Q no flush: status %d right after the enqueue, %d after 1 ms of host work\n",
                at_once, later);
    clFinish(q0);
    clReleaseEvent(ev);
  }
}
