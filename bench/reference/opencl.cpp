// bench/reference/opencl.cpp - hand-written OpenCL (C++ bindings) for four workloads of
// the suite, written the obvious good way: polygon, z-projection, matrix multiply and
// PolyBench gemm (one tiled kernel), jacobi-2d.
//
//   opencl_reference [--quick] [--device gpu|cpu]
//
// Each workload builds its own program on its first (cold) call, as clpar does.  A call is
// what a user's function would do: copy the inputs in (from ordinary pageable memory),
// run the kernel(s), copy the outputs back; buffers are allocated once, up front.  The
// kernel time is the sum of the kernels' OpenCL profiling times.  Results are checked
// against bench/reference/serial.hpp; records as bench/support/measure.hpp describes.
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <cstdio>
#include <cstring>
#include <string>

#include "reference/serial.hpp"
#include "support/measure.hpp"

namespace {

const char* const polygon_source = R"CLC(
__kernel void polygon(__global const int* v, int n, int width, int height,
                      __global uchar* mask) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= width || y >= height) return;
  const long px = x, py = y;
  int crossings = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const long x1 = v[2 * i], y1 = v[2 * i + 1], x2 = v[2 * j], y2 = v[2 * j + 1];
    if ((y1 > py) != (y2 > py) && (((px - x1) * (y2 - y1) < (py - y1) * (x2 - x1)) == (y2 > y1)))
      ++crossings;
  }
  mask[(size_t)y * width + x] = crossings % 2;
}
)CLC";

const char* const zprojection_source = R"CLC(
__kernel void zprojection(__global const float* stack, int nz, int ny, int nx,
                          __global float* out) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= nx || y >= ny) return;
  const size_t plane = (size_t)ny * nx, at = (size_t)y * nx + x;
  float m = stack[at];
  for (int z = 1; z < nz; ++z) m = fmax(m, stack[z * plane + at]);
  out[at] = m;
}
)CLC";

// C = alpha A B + beta C with 16x16 tiles of A and B in local memory.
const char* const gemm_source = R"CLC(
#define TILE 16
__kernel void gemm(int ni, int nj, int nk, float alpha, float beta, __global const float* a,
                   __global const float* b, __global float* c) {
  __local float at[TILE][TILE], bt[TILE][TILE];
  const int j = get_global_id(0), i = get_global_id(1);
  const int tj = get_local_id(0), ti = get_local_id(1);
  float s = 0;
  for (int k0 = 0; k0 < nk; k0 += TILE) {
    at[ti][tj] = i < ni && k0 + tj < nk ? a[(size_t)i * nk + k0 + tj] : 0;
    bt[ti][tj] = j < nj && k0 + ti < nk ? b[(size_t)(k0 + ti) * nj + j] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) s += at[ti][k] * bt[k][tj];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < ni && j < nj) {
    const size_t at_c = (size_t)i * nj + j;
    c[at_c] = beta == 0 ? s : alpha * s + beta * c[at_c];
  }
}
)CLC";

const char* const jacobi_source = R"CLC(
__kernel void jacobi_step(__global const float* in, __global float* out, int n) {
  const int j = get_global_id(0) + 1, i = get_global_id(1) + 1;
  if (i >= n - 1 || j >= n - 1) return;
  const size_t c = (size_t)i * n + j;
  out[c] = 0.2f * (in[c] + in[c - 1] + in[c + 1] + in[c + n] + in[c - n]);
}
)CLC";

/// The device, context and profiling queue shared by every workload of the run.
struct device {
  cl::Device dev;
  cl::Context context;
  cl::CommandQueue queue;
  std::string name;

  cl::Kernel build(const char* source, const char* kernel) const {
    cl::Program program(context, source);
    try {
      program.build({dev}, "-cl-std=CL1.2");
    } catch (const cl::Error&) {
      std::fprintf(stderr, "%s\n", program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(dev).c_str());
      throw;
    }
    return cl::Kernel(program, kernel);
  }

  cl::Event launch(const cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local) const {
    cl::Event done;
    queue.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &done);
    return done;
  }

  template <class T>
  cl::Buffer buffer(const std::vector<T>& host) const {
    return cl::Buffer(context, CL_MEM_READ_WRITE, host.size() * sizeof(T));
  }
  template <class T>
  void write(const cl::Buffer& b, const std::vector<T>& host) const {
    queue.enqueueWriteBuffer(b, CL_FALSE, 0, host.size() * sizeof(T), host.data());
  }
  template <class T>
  void read(const cl::Buffer& b, std::vector<T>& host) const {
    queue.enqueueReadBuffer(b, CL_TRUE, 0, host.size() * sizeof(T), host.data());
  }
};

/// A finished kernel's execution time (profiling).
double seconds(const cl::Event& e) {
  return double(e.getProfilingInfo<CL_PROFILING_COMMAND_END>() -
                e.getProfilingInfo<CL_PROFILING_COMMAND_START>()) *
         1e-9;
}

std::size_t round_up(std::size_t n, std::size_t m) {
  return (n + m - 1) / m * m;
}

bench::repeat_policy policy;

void report(const device& d, const char* workload, const std::string& size, const bench::timing& t,
            const bench::check& c, const bench::work& w) {
  bench::print_result(workload, size, "opencl-hand", d.name, t, c, w);
}

int polygon(const device& d, bool quick) {
  const std::size_t n = quick ? 96 : 1024;
  ref::polygon_problem p = ref::make_polygon(n, 24);
  ref::polygon(p, true);
  const std::vector<unsigned char> want = p.mask;
  cl::Buffer verts = d.buffer(p.verts), mask = d.buffer(p.mask);
  cl::Kernel k;
  const auto call = [&] {
    if (k() == nullptr) {
      k = d.build(polygon_source, "polygon");
      k.setArg(0, verts);
      k.setArg(1, p.edges);
      k.setArg(2, int(n));
      k.setArg(3, int(n));
      k.setArg(4, mask);
    }
    d.write(verts, p.verts);
    const cl::Event e =
        d.launch(k, cl::NDRange(round_up(n, 16), round_up(n, 16)), cl::NDRange(16, 16));
    d.read(mask, p.mask);
    return seconds(e);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare_exact(p.mask, want); }, policy);
  report(d, "polygon", std::to_string(n) + "x" + std::to_string(n) + ", 24 edges", t, c,
         {double(n * n) * 24 * 8, double(n * n + 2 * 24 * 4), false});
  return !c.ok;
}

int zprojection(const device& d, bool quick) {
  const std::size_t nz = quick ? 10 : 100, ny = quick ? 64 : 512, nx = quick ? 48 : 512;
  ref::zprojection_problem p = ref::make_zprojection(nz, ny, nx);
  ref::zprojection(p, true);
  const std::vector<float> want = p.out;
  cl::Buffer stack = d.buffer(p.stack), out = d.buffer(p.out);
  cl::Kernel k;
  const auto call = [&] {
    if (k() == nullptr) {
      k = d.build(zprojection_source, "zprojection");
      k.setArg(0, stack);
      k.setArg(1, int(nz));
      k.setArg(2, int(ny));
      k.setArg(3, int(nx));
      k.setArg(4, out);
    }
    d.write(stack, p.stack);
    const cl::Event e =
        d.launch(k, cl::NDRange(round_up(nx, 32), round_up(ny, 8)), cl::NDRange(32, 8));
    d.read(out, p.out);
    return seconds(e);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare_exact(p.out, want); }, policy);
  report(d, "zprojection", std::to_string(nz) + "x" + std::to_string(ny) + "x" + std::to_string(nx),
         t, c, {double(nz * ny * nx), 4.0 * double(nz * ny * nx + ny * nx), true});
  return !c.ok;
}

int gemm(const device& d, const char* workload, const std::string& size, std::size_t ni,
         std::size_t nj, std::size_t nk, float alpha, float beta) {
  ref::gemm_problem p = ref::make_gemm(ni, nj, nk, alpha, beta);
  ref::gemm(p, true);
  const std::vector<float> want = p.c;
  cl::Buffer a = d.buffer(p.a), b = d.buffer(p.b), c = d.buffer(p.c);
  cl::Kernel k;
  const auto call = [&] {
    if (k() == nullptr) {
      k = d.build(gemm_source, "gemm");
      k.setArg(0, int(ni));
      k.setArg(1, int(nj));
      k.setArg(2, int(nk));
      k.setArg(3, alpha);
      k.setArg(4, beta);
      k.setArg(5, a);
      k.setArg(6, b);
      k.setArg(7, c);
    }
    d.write(a, p.a);
    d.write(b, p.b);
    if (beta != 0) d.write(c, p.c);
    const cl::Event e =
        d.launch(k, cl::NDRange(round_up(nj, 16), round_up(ni, 16)), cl::NDRange(16, 16));
    d.read(c, p.c);
    return seconds(e);
  };
  bench::check ok;
  const auto t = bench::measure([&] { p.c = p.c0; }, call,
                                [&] { ok = bench::compare(p.c, want, 1e-4); }, policy);
  report(d, workload, size, t, ok,
         {2.0 * double(ni * nj * nk),
          4.0 * double(ni * nk + nk * nj + (beta != 0 ? 2 : 1) * ni * nj), false});
  return !ok.ok;
}

int jacobi(const device& d, bool quick) {
  const std::size_t n = quick ? 50 : 2800;
  const int steps = quick ? 3 : 10;
  ref::jacobi_problem p = ref::make_jacobi(n, steps);
  ref::jacobi(p, true);
  const std::vector<float> want = p.a;
  cl::Buffer a = d.buffer(p.a), b = d.buffer(p.b);
  cl::Kernel ab, ba;
  const cl::NDRange global(round_up(n - 2, 32), round_up(n - 2, 8)), local(32, 8);
  const auto call = [&] {
    if (ab() == nullptr) {
      ab = d.build(jacobi_source, "jacobi_step");
      ba = cl::Kernel(ab.getInfo<CL_KERNEL_PROGRAM>(), "jacobi_step");
      ab.setArg(0, a);
      ab.setArg(1, b);
      ab.setArg(2, int(n));
      ba.setArg(0, b);
      ba.setArg(1, a);
      ba.setArg(2, int(n));
    }
    // The data stays on the device for all steps: copied in once, out once.
    d.write(a, p.a);
    d.write(b, p.b);
    std::vector<cl::Event> kernels;
    for (int s = 0; s < steps; ++s) {
      kernels.push_back(d.launch(ab, global, local));
      kernels.push_back(d.launch(ba, global, local));
    }
    d.read(a, p.a);
    d.read(b, p.b);
    double kernel = 0;
    for (const cl::Event& e : kernels) kernel += seconds(e);
    return kernel;
  };
  bench::check c;
  const auto t = bench::measure(
      [&] {
        p.a = p.a0;
        p.b = p.b0;
      },
      call, [&] { c = bench::compare(p.a, want, 1e-4); }, policy);
  report(d, "jacobi_2d",
         std::to_string(n) + "x" + std::to_string(n) + ", " + std::to_string(steps) + " steps", t,
         c, {2.0 * steps * 5 * double(n * n), 2.0 * steps * 8 * double(n * n), true});
  return !c.ok;
}

/// The first GPU (or, with `cpu`, the first CPU device); else the first device at all.
device open_device(bool cpu) {
  std::vector<cl::Platform> platforms;
  cl::Platform::get(&platforms);
  std::vector<cl::Device> all;
  for (const cl::Platform& p : platforms) {
    std::vector<cl::Device> devices;
    try {
      p.getDevices(CL_DEVICE_TYPE_ALL, &devices);
    } catch (const cl::Error&) {
      continue;
    }
    all.insert(all.end(), devices.begin(), devices.end());
  }
  if (all.empty()) throw std::runtime_error("no OpenCL device");
  cl::Device chosen = all.front();
  const cl_device_type wanted = cpu ? CL_DEVICE_TYPE_CPU : CL_DEVICE_TYPE_GPU;
  for (const cl::Device& dev : all)
    if (dev.getInfo<CL_DEVICE_TYPE>() & wanted) {
      chosen = dev;
      break;
    }
  device d;
  d.dev = chosen;
  d.context = cl::Context(chosen);
  d.queue = cl::CommandQueue(d.context, chosen, CL_QUEUE_PROFILING_ENABLE);
  d.name = chosen.getInfo<CL_DEVICE_NAME>();
  return d;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false, cpu = false;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) {
      quick = true;
    } else if (std::strcmp(argv[i], "--device") == 0 && i + 1 < argc) {
      cpu = std::strcmp(argv[++i], "cpu") == 0;
    } else {
      std::fprintf(stderr, "usage: %s [--quick] [--device gpu|cpu]\n", argv[0]);
      return 2;
    }
  }
  policy.quick = quick;
  try {
    const device d = open_device(cpu);
    int failures = polygon(d, quick) + zprojection(d, quick);
    if (quick) {
      failures += gemm(d, "matmul", "40", 40, 40, 40, 1, 0);
      failures += gemm(d, "gemm", "40x50x60", 40, 50, 60, 1.5f, 1.2f);
    } else {
      for (std::size_t n : {128, 256, 512, 1024, 2048})
        failures += gemm(d, "matmul", std::to_string(n), n, n, n, 1, 0);
      failures += gemm(d, "gemm", "1000x1100x1200", 1000, 1100, 1200, 1.5f, 1.2f);
    }
    failures += jacobi(d, quick);
    return failures == 0 ? 0 : 1;
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "opencl_reference: %s failed: %d\n", e.what(), e.err());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "opencl_reference: %s\n", e.what());
  }
  return 1;
}
