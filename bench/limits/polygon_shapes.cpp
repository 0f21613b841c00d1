// bench/limits/polygon_shapes.cpp - which form of the polygon workload's kernel (seed 003:
// one work-item per pixel, every work-item reading all of a small vertex view) runs
// fastest: hand-written OpenCL in the forms the translator could emit, timed side by side
// (OpenCL profiling, median of `repeat` after a warm-up), every mask checked against the
// host's.
//
//   polygon_shapes [repeat] [n] [edges]      on the first GPU, else the first device
//
// Shapes (32x8 work-groups, the runtime's choice for a 2-D nest):
//   translated   the translator's kernel as emitted today: 64-bit offset + index * stride
//                per vertex access, the loop's accesses checked once before it
//   i32          the same with 32-bit index arithmetic for the vertex accesses
//   constant     the vertex view a __constant pointer
//   constant_i32 both
//   local        the work-group copies the vertex view into __local memory first
//   hand         the suite's hand-written kernel (bench/reference/polygon_kernel.hpp)
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "reference/polygon_kernel.hpp"
#include "reference/serial.hpp"
#include "support/cl_devices.hpp"

namespace {

// The body shared by the translated shapes; V is the vertex pointer's address space and
// type, IDX the index type of the vertex accesses.
const char* const shapes_source = R"CLC(
bool clpar_in_range(__global int *err, int access, long i, ulong n) {
  if ((ulong)i < n) return true;
  err[0] = 1; err[1] = access; err[2] = (int)i; err[3] = (int)(i >> 32);
  return false;
}
#define CLPAR_INNER(stride) 1

#define INSIDE(NAME, V, IDX)                                                              \
bool NAME(__global int *clpar_err, V v, long v_off, ulong v_e0, ulong v_e1, long v_s0,    \
          long v_s1, long px, long py) {                                                  \
  const int n = (int)v_e0;                                                                \
  int crossings = 0;                                                                      \
  bool ok = true;                                                                         \
  if (0 < n)                                                                              \
    ok = clpar_in_range(clpar_err, 1, 0, v_e0) && clpar_in_range(clpar_err, 1, 0, v_e1) &&\
         clpar_in_range(clpar_err, 2, 1, v_e1) &&                                         \
         clpar_in_range(clpar_err, 3, (long)(n - 1), v_e0);                               \
  if (ok)                                                                                 \
    for (int i = 0; i < n; ++i) {                                                         \
      const int j = (i + 1) % n;                                                          \
      const long x1 = (long)v[(IDX)v_off + (IDX)i * (IDX)v_s0 + (IDX)0 * CLPAR_INNER(v_s1)]; \
      const long y1 = (long)v[(IDX)v_off + (IDX)i * (IDX)v_s0 + (IDX)1 * CLPAR_INNER(v_s1)]; \
      const long x2 = (long)v[(IDX)v_off + (IDX)j * (IDX)v_s0 + (IDX)0 * CLPAR_INNER(v_s1)]; \
      const long y2 = (long)v[(IDX)v_off + (IDX)j * (IDX)v_s0 + (IDX)1 * CLPAR_INNER(v_s1)]; \
      if ((((int)(y1 > py)) != ((int)(y2 > py))) &&                                       \
          (((int)(((px - x1) * (y2 - y1)) < ((py - y1) * (x2 - x1)))) == ((int)(y2 > y1))))\
        ++crossings;                                                                      \
    }                                                                                     \
  return (crossings % 2) == 1;                                                            \
}

#define KERNEL(NAME, FN, V)                                                               \
__kernel void NAME(long first0, long step0, ulong count0, long first1, long step1,        \
                   ulong count1, __global int *clpar_err, __global uchar *mask,           \
                   long mask_off, ulong mask_e0, ulong mask_e1, long mask_s0,             \
                   long mask_s1, V verts, long verts_off, ulong verts_e0, ulong verts_e1, \
                   long verts_s0, long verts_s1) {                                        \
  const ulong k0 = get_global_id(1);                                                      \
  const ulong k1 = get_global_id(0);                                                      \
  if (k0 >= count0 || k1 >= count1) return;                                               \
  ulong y = (ulong)(first0 + (long)k0 * step0);                                           \
  ulong x = (ulong)(first1 + (long)k1 * step1);                                           \
  mask[mask_off + (long)y * mask_s0 + (long)x * CLPAR_INNER(mask_s1)] =                   \
      (uchar)FN(clpar_err, verts, verts_off, verts_e0, verts_e1, verts_s0, verts_s1,      \
                (long)x, (long)y);                                                        \
}

INSIDE(inside_translated, __global const int *, long)
INSIDE(inside_i32, __global const int *, int)
INSIDE(inside_constant, __constant int *, long)
INSIDE(inside_constant_i32, __constant int *, int)
INSIDE(inside_local, __local const int *, int)
KERNEL(shape_translated, inside_translated, __global const int *)
KERNEL(shape_i32, inside_i32, __global const int *)
KERNEL(shape_constant, inside_constant, __constant int *)
KERNEL(shape_constant_i32, inside_constant_i32, __constant int *)

// The vertex view copied into local memory (at most 256 ints here) by the work-group.
__kernel void local_copy(long first0, long step0, ulong count0, long first1, long step1,
                         ulong count1, __global int *clpar_err, __global uchar *mask,
                         long mask_off, ulong mask_e0, ulong mask_e1, long mask_s0,
                         long mask_s1, __global const int *verts, long verts_off,
                         ulong verts_e0, ulong verts_e1, long verts_s0, long verts_s1) {
  __local int lv[256];
  const int total = (int)(verts_e0 * verts_e1);
  const int lid = get_local_id(1) * get_local_size(0) + get_local_id(0);
  const int lsize = get_local_size(0) * get_local_size(1);
  for (int e = lid; e < total; e += lsize)
    lv[e] = verts[verts_off + (long)(e / (int)verts_e1) * verts_s0 + (e % (int)verts_e1) * verts_s1];
  barrier(CLK_LOCAL_MEM_FENCE);
  const ulong k0 = get_global_id(1);
  const ulong k1 = get_global_id(0);
  if (k0 >= count0 || k1 >= count1) return;
  ulong y = (ulong)(first0 + (long)k0 * step0);
  ulong x = (ulong)(first1 + (long)k1 * step1);
  mask[mask_off + (long)y * mask_s0 + (long)x] =
      (uchar)inside_local(clpar_err, lv, 0, verts_e0, verts_e1, (long)verts_e1, 1, (long)x,
                          (long)y);
}
)CLC";

cl::Device first_device() {
  std::vector<cl::Device> gpus = bench::devices_of(CL_DEVICE_TYPE_GPU);
  if (!gpus.empty()) return gpus.front();
  std::vector<cl::Device> all = bench::devices_of(CL_DEVICE_TYPE_ALL);
  if (all.empty()) throw std::runtime_error("no OpenCL device");
  return all.front();
}

}  // namespace

int main(int argc, char** argv) try {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 20;
  const std::size_t n = argc > 2 ? std::strtoul(argv[2], nullptr, 10) : 1024;
  const int edges = argc > 3 ? std::atoi(argv[3]) : 24;
  if (repeat < 1 || n < 1 || edges < 1 || edges > 128) {
    std::fprintf(stderr, "usage: polygon_shapes [repeat >= 1] [n >= 1] [edges 1..128]\n");
    return 2;
  }
  const cl::Device device = first_device();
  const cl::Context context(device);
  const cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
  cl::Program program(context, std::string(shapes_source) + ref::polygon_source);
  try {
    program.build({device});
  } catch (const cl::Error&) {
    std::fprintf(stderr, "%s\n", program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device).c_str());
    return 1;
  }

  ref::polygon_problem p = ref::make_polygon(n, edges);
  ref::polygon(p, true);
  const std::vector<unsigned char> want = p.mask;
  cl::Buffer verts(context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, p.verts.size() * sizeof(int),
                   p.verts.data());
  cl::Buffer mask(context, CL_MEM_READ_WRITE, n * n);
  cl::Buffer err(context, CL_MEM_READ_WRITE, 16);
  std::vector<unsigned char> got(n * n);
  const cl::NDRange local(32, 8);
  const cl::NDRange global((n + 31) / 32 * 32, (n + 7) / 8 * 8);

  std::printf("%-14s %10s  (n=%zu, %d edges, %s)\n", "shape", "us", n, edges,
              device.getInfo<CL_DEVICE_NAME>().c_str());
  int failures = 0;
  const char* const shapes[][2] = {{"translated", "shape_translated"},
                                   {"i32", "shape_i32"},
                                   {"constant", "shape_constant"},
                                   {"constant_i32", "shape_constant_i32"},
                                   {"local", "local_copy"},
                                   {"hand", "polygon"}};
  for (const auto& [name, kernel_name] : shapes) {
    cl::Kernel k(program, kernel_name);
    if (std::string(name) == "hand") {
      k.setArg(0, verts);
      k.setArg(1, edges);
      k.setArg(2, int(n));
      k.setArg(3, int(n));
      k.setArg(4, mask);
    } else {
      const cl_long zero = 0, one = 1, rows = cl_long(n);
      const cl_ulong count = n, e0 = cl_ulong(edges), e1 = 2;
      int a = 0;
      for (int d = 0; d < 2; ++d) {
        k.setArg(a++, zero);
        k.setArg(a++, one);
        k.setArg(a++, count);
      }
      k.setArg(a++, err);
      k.setArg(a++, mask);
      k.setArg(a++, zero);
      k.setArg(a++, count);
      k.setArg(a++, count);
      k.setArg(a++, rows);
      k.setArg(a++, one);
      k.setArg(a++, verts);
      k.setArg(a++, zero);
      k.setArg(a++, e0);
      k.setArg(a++, e1);
      k.setArg(a++, cl_long(2));
      k.setArg(a++, one);
    }
    std::vector<double> t;
    for (int r = 0; r <= repeat; ++r) {
      queue.enqueueFillBuffer(mask, cl_uchar(7), 0, n * n);
      cl::Event done;
      queue.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &done);
      done.wait();
      if (r > 0) t.push_back(bench::event_seconds(done));
    }
    queue.enqueueReadBuffer(mask, CL_TRUE, 0, n * n, got.data());
    const bool ok = got == want;
    failures += !ok;
    std::sort(t.begin(), t.end());
    std::printf("%-14s %10.2f  %s\n", name, t[t.size() / 2] * 1e6, ok ? "ok" : "WRONG");
  }
  return failures == 0 ? 0 : 1;
} catch (const std::exception& e) {
  std::fprintf(stderr, "polygon_shapes: %s\n", e.what());
  return 1;
}
