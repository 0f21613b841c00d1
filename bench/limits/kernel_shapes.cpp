// bench/limits/kernel_shapes.cpp - which kernel shape reaches the device's copy bandwidth:
// hand-written OpenCL in the forms the translator could emit for a memory-bound
// element-wise statement and for a reduction, timed side by side (OpenCL profiling,
// median of `repeat` after a warm-up) against clEnqueueCopyBuffer in the same run.
//
//   kernel_shapes [repeat] [log2 elements]     on the first GPU, else the first device
//
// Shapes of y = a * x + y (and of the copy y = x):
//   strided   one element per work-item, 64-bit offset + index * stride per view (the
//             translator's general form)
//   unit      the same with a uniform branch to plain indexing when every stride is 1
//   vec4      four elements per work-item through float4 when strides are 1 and offsets
//             are multiples of 4, scalar tail
//   loop4     four elements per work-item, k = id + j * global size (coalesced), strided
// Shapes of the 5-point stencil through 2-D slices (the destination one element into a row,
// so never all aligned):
//   one       one element per work-item
//   spread4   four per work-item, a global size apart (the translator's unaligned path)
//   vload4    four consecutive per work-item through vload4/vstore4 (element-aligned)
// Shapes of sum(x[::2] * x[::2]):
//   tree      one element per work-item, interleaved local tree, one partial per group
//   stride    a grid-stride loop over few work-groups (8 per compute unit), then a
//             sequential-addressing local tree; the partials summed on the host
// Bandwidth counts the bytes each statement must move (copy 8, saxpy 12 per element, the
// stencil 8 per interior element, the strided sum 8 per selected element: every 32-byte
// sector of x is read).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "support/cl_devices.hpp"
#include "support/measure.hpp"

namespace {

const char* source = R"CLC(
#define VIEW(p) __global float *p, long p##_off, long p##_s
#define CVIEW(p) __global const float *p, long p##_off, long p##_s

__kernel void saxpy_strided(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  if (k >= n) return;
  y[y_off + (long)k * y_s] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
}

__kernel void saxpy_unit(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  if (k >= n) return;
  if (x_s == 1 && y_s == 1) {
    __global const float *xp = x + x_off;
    __global float *yp = y + y_off;
    yp[k] = a * xp[k] + yp[k];
  } else {
    y[y_off + (long)k * y_s] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
  }
}

__kernel void saxpy_vec4(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  ulong first = 4 * k;
  if (first >= n) return;
  if (x_s == 1 && y_s == 1 && (x_off & 3) == 0 && (y_off & 3) == 0 && first + 4 <= n) {
    __global const float4 *xp = (__global const float4 *)(x + x_off);
    __global float4 *yp = (__global float4 *)(y + y_off);
    yp[k] = a * xp[k] + yp[k];
  } else {
    for (ulong e = first; e < first + 4 && e < n; ++e)
      y[y_off + (long)e * y_s] = a * x[x_off + (long)e * x_s] + y[y_off + (long)e * y_s];
  }
}

__kernel void saxpy_loop4(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong g = get_global_size(0);
  for (ulong k = get_global_id(0), j = 0; j < 4 && k < n; ++j, k += g)
    y[y_off + (long)k * y_s] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
}

__kernel void copy_strided(ulong n, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  if (k >= n) return;
  y[y_off + (long)k * y_s] = x[x_off + (long)k * x_s];
}

__kernel void copy_vec4(ulong n, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  ulong first = 4 * k;
  if (first >= n) return;
  if (x_s == 1 && y_s == 1 && (x_off & 3) == 0 && (y_off & 3) == 0 && first + 4 <= n) {
    ((__global float4 *)(y + y_off))[k] = ((__global const float4 *)(x + x_off))[k];
  } else {
    for (ulong e = first; e < first + 4 && e < n; ++e)
      y[y_off + (long)e * y_s] = x[x_off + (long)e * x_s];
  }
}

// 5-point stencil over the interior of an r x c array, as the translator passes 2-D views:
// dst = 0.25 * (up + down + left + right), every view a shifted window of u or v.
#define V2(p) long p##_off, long p##_s0, long p##_s1
#define AT(base, p, i, j) base[p##_off + (long)(i) * p##_s0 + (long)(j) * p##_s1]
#define STENCIL_AT(i, j) \
  AT(v, d, i, j) = 0.25f * (AT(u, n, i, j) + AT(u, s, i, j) + AT(u, w, i, j) + AT(u, e, i, j))
#define STENCIL_ARGS ulong rows, ulong cols, __global float *v, V2(d), \
  __global const float *u, V2(n), V2(s), V2(w), V2(e)

__kernel void stencil_one(STENCIL_ARGS) {
  ulong i = get_global_id(1), j = get_global_id(0);
  if (i >= rows || j >= cols) return;
  STENCIL_AT(i, j);
}

__kernel void stencil_spread4(STENCIL_ARGS) {
  ulong i = get_global_id(1);
  if (i >= rows) return;
  for (uint q = 0; q < 4; ++q) {
    ulong j = get_global_id(0) + q * get_global_size(0);
    if (j >= cols) return;
    STENCIL_AT(i, j);
  }
}

__kernel void stencil_vload4(STENCIL_ARGS) {
  ulong i = get_global_id(1), j = 4 * get_global_id(0);
  if (i >= rows || j >= cols) return;
  if (j + 4 <= cols) {
    float4 r = 0.25f * (vload4(0, u + n_off + (long)i * n_s0 + (long)j) +
                        vload4(0, u + s_off + (long)i * s_s0 + (long)j) +
                        vload4(0, u + w_off + (long)i * w_s0 + (long)j) +
                        vload4(0, u + e_off + (long)i * e_s0 + (long)j));
    vstore4(r, 0, v + d_off + (long)i * d_s0 + (long)j);
  } else {
    for (; j < cols; ++j) STENCIL_AT(i, j);
  }
}

__kernel void sum_tree(ulong n, CVIEW(x), __global float *partials, __local float *scratch) {
  ulong k = get_global_id(0);
  float acc = 0;
  if (k < n) { float v = x[x_off + (long)k * x_s]; acc = v * v; }
  uint lid = get_local_id(0), lsize = get_local_size(0);
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < lsize; s <<= 1) {
    if (lid % (2 * s) == 0 && lid + s < lsize) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partials[get_group_id(0)] = scratch[0];
}

__kernel void sum_stride(ulong n, CVIEW(x), __global float *partials, __local float *scratch) {
  float acc = 0;
  for (ulong k = get_global_id(0); k < n; k += get_global_size(0)) {
    float v = x[x_off + (long)k * x_s];
    acc += v * v;
  }
  uint lid = get_local_id(0), lsize = get_local_size(0);
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint span = 1;
  while (span < lsize) span <<= 1;
  for (span >>= 1; span > 0; span >>= 1) {
    if (lid < span && lid + span < lsize) scratch[lid] += scratch[lid + span];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partials[get_group_id(0)] = scratch[0];
}
)CLC";

/// The first GPU, else the first device.
cl::Device pick_device() {
  std::vector<cl::Device> devices = bench::devices_of(CL_DEVICE_TYPE_GPU);
  if (devices.empty()) devices = bench::devices_of(CL_DEVICE_TYPE_ALL);
  if (devices.empty()) throw cl::Error(CL_DEVICE_NOT_FOUND, "no OpenCL device");
  return devices.front();
}

}  // namespace

int main(int argc, char** argv) try {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
  const int shift = argc > 2 ? std::atoi(argv[2]) : 28;
  const cl_ulong n = cl_ulong(1) << shift;
  const std::size_t bytes = n * sizeof(float);
  const cl::Device device = pick_device();
  cl::Context context(device);
  cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
  cl::Program program(context, source);
  try {
    program.build({device});
  } catch (const cl::Error&) {
    std::fprintf(stderr, "%s\n", program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device).c_str());
    return 1;
  }
  const cl_uint units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  std::printf("device %s, %u compute units, 2^%d floats\n",
              device.getInfo<CL_DEVICE_NAME>().c_str(), units, shift);

  cl::Buffer x(context, CL_MEM_READ_WRITE, bytes), y(context, CL_MEM_READ_WRITE, bytes);
  std::vector<float> ones(n, 1.0f);
  queue.enqueueWriteBuffer(x, CL_TRUE, 0, bytes, ones.data());
  queue.enqueueWriteBuffer(y, CL_TRUE, 0, bytes, ones.data());

  const double copy = bench::median_of(repeat, [&] {
    cl::Event e;
    queue.enqueueCopyBuffer(x, y, 0, 0, bytes, nullptr, &e);
    e.wait();
    return bench::event_seconds(e);
  });
  const double copy_gbs = 8.0 * double(n) / copy * 1e-9;
  std::printf("| shape | ms | GB/s | of device copy |\n|---|---:|---:|---:|\n");
  std::printf("| clEnqueueCopyBuffer | %.3f | %.0f | 100%% |\n", copy * 1e3, copy_gbs);
  const auto row = [&](const char* name, double moved, double s) {
    const double gbs = moved / s * 1e-9;
    std::printf("| %s | %.3f | %.0f | %.0f%% |\n", name, s * 1e3, gbs, 100 * gbs / copy_gbs);
  };

  const cl_long zero = 0, one = 1;
  const auto elementwise = [&](const char* name, bool saxpy, cl_ulong items, double moved) {
    cl::Kernel k(program, name);
    int a = 0;
    k.setArg(a++, n);
    if (saxpy) k.setArg(a++, 0.5f);
    k.setArg(a++, x), k.setArg(a++, zero), k.setArg(a++, one);
    k.setArg(a++, y), k.setArg(a++, zero), k.setArg(a++, one);
    const cl_ulong local = 256, global = (items + local - 1) / local * local;
    row(name, moved, bench::median_of(repeat, [&] {
          cl::Event e;
          queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                                     nullptr, &e);
          e.wait();
          return bench::event_seconds(e);
        }));
  };
  elementwise("copy_strided", false, n, 8.0 * double(n));
  elementwise("copy_vec4", false, n / 4, 8.0 * double(n));
  elementwise("saxpy_strided", true, n, 12.0 * double(n));
  elementwise("saxpy_unit", true, n, 12.0 * double(n));
  elementwise("saxpy_vec4", true, n / 4, 12.0 * double(n));
  elementwise("saxpy_loop4", true, n / 4, 12.0 * double(n));

  // The 5-point stencil through 2-D windows of a side x side array (u is x, v is y).
  const cl_ulong side = cl_ulong(1) << (shift / 2), width = n / side;
  const cl_ulong rows = side - 2, cols = width - 2;
  const auto stencil = [&](const char* name, cl_ulong items_per_row) {
    cl::Kernel k(program, name);
    const cl_long w = cl_long(width);
    const cl_long offsets[5] = {w + 1, 1, 2 * w + 1, w, w + 2};  // d, n, s, w, e
    int a = 0;
    k.setArg(a++, rows), k.setArg(a++, cols), k.setArg(a++, y);
    for (int v = 0; v < 5; ++v) {
      if (v == 1) k.setArg(a++, x);
      k.setArg(a++, offsets[v]), k.setArg(a++, w), k.setArg(a++, one);
    }
    const cl_ulong gx = (items_per_row + 31) / 32 * 32, gy = (rows + 7) / 8 * 8;
    row(name, 8.0 * double(rows) * double(cols), bench::median_of(repeat, [&] {
          cl::Event e;
          queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(gx, gy), cl::NDRange(32, 8),
                                     nullptr, &e);
          e.wait();
          return bench::event_seconds(e);
        }));
  };
  stencil("stencil_one", cols);
  stencil("stencil_spread4", (cols + 3) / 4);
  stencil("stencil_vload4", (cols + 3) / 4);

  // sum(x[::2] * x[::2]): n / 2 elements, stride 2.
  const cl_ulong selected = n / 2;
  const cl_long two = 2;
  const auto reduction = [&](const char* name, cl_ulong groups) {
    const cl_ulong local = 256;
    cl::Kernel k(program, name);
    cl::Buffer partials(context, CL_MEM_READ_WRITE, groups * sizeof(float));
    std::vector<float> host(groups);
    k.setArg(0, selected), k.setArg(1, x), k.setArg(2, zero), k.setArg(3, two);
    k.setArg(4, partials), k.setArg(5, cl::Local(local * sizeof(float)));
    float total = 0;
    const double s = bench::median_of(repeat, [&] {
      cl::Event e;
      queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(groups * local),
                                 cl::NDRange(local), nullptr, &e);
      queue.enqueueReadBuffer(partials, CL_TRUE, 0, groups * sizeof(float), host.data());
      total = 0;
      for (float v : host) total += v;
      return bench::event_seconds(e);
    });
    row(name, 8.0 * double(selected), s);
    if (total != float(selected)) std::fprintf(stderr, "%s: sum %g, want %g\n", name, total, double(selected));
  };
  reduction("sum_tree", (selected + 255) / 256);
  reduction("sum_stride", cl_ulong(units) * 8);
  reduction("sum_stride", cl_ulong(units) * 32);
  return 0;
} catch (const cl::Error& e) {
  std::fprintf(stderr, "kernel_shapes: %s (%d)\n", e.what(), e.err());
  return 1;
}
