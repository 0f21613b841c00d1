// bench/reference/opencl.cpp - hand-written OpenCL (C++ bindings) for every workload of
// the suite, written the obvious good way: polygon, z-projection, matrix multiply and
// PolyBench gemm (one tiled kernel), the sigmoid layer and the 2-layer perceptron (one
// tiled kernel with the bias and sigmoid fused), atax and bicg (row dots with a tree
// reduction per row, column dots with a local-memory reduction of row slices),
// covariance (column means, centring, a tiled D^T D), jacobi-2d, fdtd-2d (two kernels a
// step), conv2d, the norm (a two-stage tree reduction in double), and the slice
// statements saxpy and the 5-point stencil.
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

#include "reference/polygon_kernel.hpp"
#include "reference/serial.hpp"
#include "support/measure.hpp"

namespace {

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

// Y = sigmoid(X W + bias), X rows x in, W in x out: gemm's 16x16 tiles, with the bias and
// the sigmoid applied as each element of Y is stored.
const char* const dense_sigmoid_source = R"CLC(
#define TILE 16
__kernel void dense_sigmoid(int rows, int in, int out, __global const float* x,
                            __global const float* w, __global const float* bias,
                            __global float* y) {
  __local float xt[TILE][TILE], wt[TILE][TILE];
  const int o = get_global_id(0), r = get_global_id(1);
  const int to = get_local_id(0), tr = get_local_id(1);
  float s = 0;
  for (int k0 = 0; k0 < in; k0 += TILE) {
    xt[tr][to] = r < rows && k0 + to < in ? x[(size_t)r * in + k0 + to] : 0;
    wt[tr][to] = o < out && k0 + tr < in ? w[(size_t)(k0 + tr) * out + o] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) s += xt[tr][k] * wt[k][to];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (r < rows && o < out) y[(size_t)r * out + o] = 1.0f / (1.0f + exp(-(bias[o] + s)));
}
)CLC";

// Matrix-vector products of a rows x cols matrix A (atax and bicg).  row_dot, out = A v:
// one work-group per row strides along it (coalesced), then a tree reduction in local
// memory.  column_dot, out = A^T v: a work-group covers 32 adjacent columns with SLICES
// rows of work-items, each summing every SLICES-th row of its column (a warp reads 32
// adjacent floats of a row), then the slices' partial sums are added in local memory.
// 32 x 32 work-items (what NVIDIA GPUs allow at most) keep enough loads in flight with
// only cols / 32 work-groups: on an H100, 32 x 8 took twice as long.
const char* const matvec_source = R"CLC(
#define GROUP 256
#define COLS 32
#define SLICES 32
__kernel void row_dot(int rows, int cols, __global const float* a, __global const float* v,
                      __global float* out) {
  __local float part[GROUP];
  const int i = get_group_id(0), t = get_local_id(0);
  __global const float* row = a + (size_t)i * cols;
  float s = 0;
  for (int j = t; j < cols; j += GROUP) s += row[j] * v[j];
  part[t] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int width = GROUP / 2; width > 0; width /= 2) {
    if (t < width) part[t] += part[t + width];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (t == 0) out[i] = part[0];
}

__kernel void column_dot(int rows, int cols, __global const float* a, __global const float* v,
                         __global float* out) {
  __local float part[SLICES][COLS];
  const int j = get_global_id(0), tj = get_local_id(0), ti = get_local_id(1);
  float s = 0;
  if (j < cols)
    for (int i = ti; i < rows; i += SLICES) s += a[(size_t)i * cols + j] * v[i];
  part[ti][tj] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int width = SLICES / 2; width > 0; width /= 2) {
    if (ti < width) part[ti][tj] += part[ti + width][tj];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (ti == 0 && j < cols) out[j] = part[0][tj];
}
)CLC";

// Covariance of n points with m features: the column means (column_dot's shape), the
// centring (one work-item per element), then cov = D^T D / (n - 1) with 16x16 tiles: both
// tiles are 16 rows of D (columns i0.. and j0..), read along the rows.
const char* const covariance_source = R"CLC(
#define COLS 32
#define SLICES 32
#define TILE 16
__kernel void column_mean(int n, int m, __global const float* data, __global float* mean) {
  __local float part[SLICES][COLS];
  const int j = get_global_id(0), tj = get_local_id(0), ti = get_local_id(1);
  float s = 0;
  if (j < m)
    for (int i = ti; i < n; i += SLICES) s += data[(size_t)i * m + j];
  part[ti][tj] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int width = SLICES / 2; width > 0; width /= 2) {
    if (ti < width) part[ti][tj] += part[ti + width][tj];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (ti == 0 && j < m) mean[j] = part[0][tj] / n;
}

__kernel void centre(int n, int m, __global float* data, __global const float* mean) {
  const int j = get_global_id(0), i = get_global_id(1);
  if (i < n && j < m) data[(size_t)i * m + j] -= mean[j];
}

__kernel void covariance(int n, int m, __global const float* data, __global float* cov) {
  __local float it[TILE][TILE], jt[TILE][TILE];  // [row of D][column]
  const int j = get_global_id(0), i = get_global_id(1);
  const int tj = get_local_id(0), ti = get_local_id(1);
  const int i0 = get_group_id(1) * TILE;
  float s = 0;
  for (int k0 = 0; k0 < n; k0 += TILE) {
    const int k = k0 + ti;
    it[ti][tj] = k < n && i0 + tj < m ? data[(size_t)k * m + i0 + tj] : 0;
    jt[ti][tj] = k < n && j < m ? data[(size_t)k * m + j] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int kk = 0; kk < TILE; ++kk) s += it[kk][ti] * jt[kk][tj];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < m && j < m) cov[(size_t)i * m + j] = s / (n - 1);
}
)CLC";

// One fdtd-2d time step in two kernels: ey and ex both read only hz, so one pass updates
// both (row 0 of ey takes the step's source value); then hz from the new ex and ey.
const char* const fdtd_source = R"CLC(
__kernel void fdtd_e(int nx, int ny, float source, __global float* ex, __global float* ey,
                     __global const float* hz) {
  const int j = get_global_id(0), i = get_global_id(1);
  if (i >= nx || j >= ny) return;
  const size_t c = (size_t)i * ny + j;
  const float h = hz[c];
  ey[c] = i == 0 ? source : ey[c] - 0.5f * (h - hz[c - ny]);
  if (j > 0) ex[c] = ex[c] - 0.5f * (h - hz[c - 1]);
}

__kernel void fdtd_h(int nx, int ny, __global const float* ex, __global const float* ey,
                     __global float* hz) {
  const int j = get_global_id(0), i = get_global_id(1);
  if (i >= nx - 1 || j >= ny - 1) return;
  const size_t c = (size_t)i * ny + j;
  hz[c] = hz[c] - 0.7f * (ex[c + 1] - ex[c] + ey[c + ny] - ey[c]);
}
)CLC";

const char* const conv2d_source = R"CLC(
__kernel void conv2d(int ni, int nj, __global const float* a, __global float* b) {
  const int j = get_global_id(0) + 1, i = get_global_id(1) + 1;
  if (i >= ni - 1 || j >= nj - 1) return;
  const size_t c = (size_t)i * nj + j;
  __global const float *up = a + c - nj, *mid = a + c, *down = a + c + nj;
  b[c] = 0.2f * up[-1] + 0.5f * up[0] - 0.8f * up[1] - 0.3f * mid[-1] + 0.6f * mid[0] -
         0.9f * mid[1] + 0.4f * down[-1] + 0.7f * down[0] + 0.1f * down[1];
}
)CLC";

// The sum of squares in double, in two stages: each work-item of sum_squares adds every
// (global size)-th element, a tree reduction in local memory leaves one partial sum per
// work-group; one work-group of finish_norm adds the partial sums and takes the root.
const char* const norm_source = R"CLC(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define GROUP 256
double group_sum(__local double* part, double s) {
  const int t = get_local_id(0);
  part[t] = s;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int width = GROUP / 2; width > 0; width /= 2) {
    if (t < width) part[t] += part[t + width];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  return part[0];
}

__kernel void sum_squares(int n, __global const float* x, __global double* partial) {
  __local double part[GROUP];
  const int stride = get_global_size(0);
  double s = 0;
  for (int i = get_global_id(0); i < n; i += stride) {
    const double v = x[i];
    s += v * v;
  }
  s = group_sum(part, s);
  if (get_local_id(0) == 0) partial[get_group_id(0)] = s;
}

__kernel void finish_norm(int groups, __global const double* partial, __global double* result) {
  __local double part[GROUP];
  double s = 0;
  for (int g = get_local_id(0); g < groups; g += GROUP) s += partial[g];
  s = group_sum(part, s);
  if (get_local_id(0) == 0) result[0] = sqrt(s);
}
)CLC";

const char* const saxpy_source = R"CLC(
__kernel void saxpy(int n, float a, __global const float* x, __global float* y) {
  const int i = get_global_id(0);
  if (i < n) y[i] = a * x[i] + y[i];
}
)CLC";

// v(1:r-1, 1:c-1) = 0.25 (the four neighbours of u): one work-item per interior element.
const char* const stencil_source = R"CLC(
__kernel void stencil(int rows, int cols, __global const float* u, __global float* v) {
  const int j = get_global_id(0) + 1, i = get_global_id(1) + 1;
  if (i >= rows - 1 || j >= cols - 1) return;
  const size_t c = (size_t)i * cols + j;
  v[c] = 0.25f * (u[c - cols] + u[c + cols] + u[c - 1] + u[c + 1]);
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
      k = d.build(ref::polygon_source, "polygon");
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

/// The work-group shapes the kernel sources assume: GROUP (row_dot, the norm) and
/// COLS x SLICES (column_dot, column_mean).
const std::size_t group = 256, group_cols = 32, group_slices = 32;

/// Sets a kernel's arguments in order.
template <class... Args>
void set_args(cl::Kernel& k, const Args&... args) {
  cl_uint i = 0;
  (k.setArg(i++, args), ...);
}

/// The kernels' execution time, summed.
double seconds(const std::vector<cl::Event>& kernels) {
  double s = 0;
  for (const cl::Event& e : kernels) s += seconds(e);
  return s;
}

/// Zeroes an output that the serial reference has filled, so that the check sees what the
/// device wrote.
template <class T>
void clear(std::vector<T>& v) {
  std::fill(v.begin(), v.end(), T(0));
}

/// row_dot over `rows` rows: one work-group each.
cl::Event launch_rows(const device& d, const cl::Kernel& k, std::size_t rows) {
  return d.launch(k, cl::NDRange(rows * group), cl::NDRange(group));
}

/// column_dot or column_mean over `cols` columns: 32 to a work-group.
cl::Event launch_columns(const device& d, const cl::Kernel& k, std::size_t cols) {
  return d.launch(k, cl::NDRange(round_up(cols, group_cols), group_slices),
                  cl::NDRange(group_cols, group_slices));
}

/// The sigmoid layer (Y = sigmoid(X W1 + b1), batch = n) or the 2-layer perceptron
/// (H = sigmoid(X W1 + b1), Y = sigmoid(H W2 + b2)); H and Y are both outputs.
int neural(const device& d, const char* workload, std::size_t batch, std::size_t n,
           bool two_layers) {
  ref::mlp_problem p = ref::make_mlp(batch, n);
  if (two_layers)
    ref::mlp(p, true);
  else
    ref::sigmoid_layer(p.x, p.w1, p.b1, p.h, batch, n, n, true);
  std::vector<float>& result = two_layers ? p.y : p.h;
  const std::vector<float> want = result;
  clear(p.h);
  clear(p.y);
  cl::Buffer x = d.buffer(p.x), w1 = d.buffer(p.w1), b1 = d.buffer(p.b1), h = d.buffer(p.h);
  cl::Buffer w2, b2, y;
  if (two_layers) {
    w2 = d.buffer(p.w2);
    b2 = d.buffer(p.b2);
    y = d.buffer(p.y);
  }
  cl::Kernel first, second;
  const cl::NDRange global(round_up(n, 16), round_up(batch, 16)), local(16, 16);
  const auto call = [&] {
    if (first() == nullptr) {
      first = d.build(dense_sigmoid_source, "dense_sigmoid");
      set_args(first, int(batch), int(n), int(n), x, w1, b1, h);
      if (two_layers) {
        second = cl::Kernel(first.getInfo<CL_KERNEL_PROGRAM>(), "dense_sigmoid");
        set_args(second, int(batch), int(n), int(n), h, w2, b2, y);
      }
    }
    d.write(x, p.x);
    d.write(w1, p.w1);
    d.write(b1, p.b1);
    if (two_layers) {
      d.write(w2, p.w2);
      d.write(b2, p.b2);
    }
    std::vector<cl::Event> kernels = {d.launch(first, global, local)};
    if (two_layers) kernels.push_back(d.launch(second, global, local));
    d.read(h, p.h);
    if (two_layers) d.read(y, p.y);
    return seconds(kernels);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare(result, want, 1e-4); }, policy);
  const double layers = two_layers ? 2 : 1, b = double(batch), nn = double(n) * double(n);
  report(d, workload,
         two_layers ? "batch " + std::to_string(batch) + ", " + std::to_string(n)
                    : std::to_string(n) + "x" + std::to_string(n),
         t, c, {layers * 2 * b * nn, 4 * layers * (2 * b * double(n) + nn), false});
  return !c.ok;
}

int atax(const device& d, bool quick) {
  const std::size_t m = quick ? 38 : 3800, n = quick ? 42 : 4200;
  ref::atax_problem p = ref::make_atax(m, n);
  ref::atax(p, true);
  const std::vector<float> want = p.y;
  clear(p.tmp);
  clear(p.y);
  cl::Buffer a = d.buffer(p.a), x = d.buffer(p.x), tmp = d.buffer(p.tmp), y = d.buffer(p.y);
  cl::Kernel ax, aty;
  const auto call = [&] {
    if (ax() == nullptr) {
      ax = d.build(matvec_source, "row_dot");
      aty = cl::Kernel(ax.getInfo<CL_KERNEL_PROGRAM>(), "column_dot");
      set_args(ax, int(m), int(n), a, x, tmp);
      set_args(aty, int(m), int(n), a, tmp, y);
    }
    d.write(a, p.a);
    d.write(x, p.x);
    const std::vector<cl::Event> kernels = {launch_rows(d, ax, m), launch_columns(d, aty, n)};
    d.read(tmp, p.tmp);
    d.read(y, p.y);
    return seconds(kernels);
  };
  bench::check c;
  const auto t = bench::measure([] {}, call, [&] { c = bench::compare(p.y, want, 1e-4); }, policy);
  report(d, "atax", std::to_string(m) + "x" + std::to_string(n), t, c,
         {4.0 * double(m * n), 4.0 * double(2 * m * n + 2 * (m + n)), true});
  return !c.ok;
}

int bicg(const device& d, bool quick) {
  const std::size_t n = quick ? 42 : 4200, m = quick ? 38 : 3800;
  ref::bicg_problem b = ref::make_bicg(n, m);
  ref::bicg(b, true);
  const std::vector<float> want_s = b.s, want_q = b.q;
  clear(b.s);
  clear(b.q);
  cl::Buffer a = d.buffer(b.a), r = d.buffer(b.r), p = d.buffer(b.p), s = d.buffer(b.s),
             q = d.buffer(b.q);
  cl::Kernel atr, ap;
  const auto call = [&] {
    if (atr() == nullptr) {
      atr = d.build(matvec_source, "column_dot");
      ap = cl::Kernel(atr.getInfo<CL_KERNEL_PROGRAM>(), "row_dot");
      set_args(atr, int(n), int(m), a, r, s);
      set_args(ap, int(n), int(m), a, p, q);
    }
    d.write(a, b.a);
    d.write(r, b.r);
    d.write(p, b.p);
    const std::vector<cl::Event> kernels = {launch_columns(d, atr, m), launch_rows(d, ap, n)};
    d.read(s, b.s);
    d.read(q, b.q);
    return seconds(kernels);
  };
  bench::check c;
  const auto check_both = [&] {
    c = bench::both(bench::compare(b.s, want_s, 1e-4), bench::compare(b.q, want_q, 1e-4));
  };
  const auto t = bench::measure([] {}, call, check_both, policy);
  report(d, "bicg", std::to_string(n) + "x" + std::to_string(m), t, c,
         {4.0 * double(n * m), 4.0 * double(2 * n * m + 2 * (n + m)), true});
  return !c.ok;
}

int covariance(const device& d, bool quick) {
  const std::size_t n = quick ? 50 : 1000, m = quick ? 40 : 800;
  ref::covariance_problem p = ref::make_covariance(n, m);
  ref::covariance(p, true);
  const std::vector<float> want = p.cov;
  clear(p.mean);
  clear(p.cov);
  cl::Buffer data = d.buffer(p.data), mean = d.buffer(p.mean), cov = d.buffer(p.cov);
  cl::Kernel means, centre, products;
  const auto call = [&] {
    if (means() == nullptr) {
      means = d.build(covariance_source, "column_mean");
      const cl::Program program = means.getInfo<CL_KERNEL_PROGRAM>();
      centre = cl::Kernel(program, "centre");
      products = cl::Kernel(program, "covariance");
      set_args(means, int(n), int(m), data, mean);
      set_args(centre, int(n), int(m), data, mean);
      set_args(products, int(n), int(m), data, cov);
    }
    // The data is centred in place: it is an output too.
    d.write(data, p.data);
    const std::vector<cl::Event> kernels = {
        launch_columns(d, means, m),
        d.launch(centre, cl::NDRange(round_up(m, 32), round_up(n, 8)), cl::NDRange(32, 8)),
        d.launch(products, cl::NDRange(round_up(m, 16), round_up(m, 16)), cl::NDRange(16, 16))};
    d.read(data, p.data);
    d.read(mean, p.mean);
    d.read(cov, p.cov);
    return seconds(kernels);
  };
  bench::check c;
  const auto t = bench::measure([&] { p.data = p.data0; }, call,
                                [&] { c = bench::compare(p.cov, want, 1e-4); }, policy);
  report(d, "covariance", std::to_string(n) + "x" + std::to_string(m), t, c,
         {2.0 * double(m * m * n), 4.0 * double(2 * n * m + m * m), false});
  return !c.ok;
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

int fdtd(const device& d, bool quick) {
  const std::size_t nx = quick ? 30 : 2000, ny = quick ? 40 : 2600;
  const int steps = quick ? 3 : 10;
  ref::fdtd_problem p = ref::make_fdtd(nx, ny, steps);
  ref::fdtd(p, true);
  const std::vector<float> want = p.hz;
  cl::Buffer ex = d.buffer(p.ex), ey = d.buffer(p.ey), hz = d.buffer(p.hz);
  cl::Kernel e, h;
  const cl::NDRange global(round_up(ny, 32), round_up(nx, 8)), local(32, 8);
  const auto call = [&] {
    if (e() == nullptr) {
      e = d.build(fdtd_source, "fdtd_e");
      h = cl::Kernel(e.getInfo<CL_KERNEL_PROGRAM>(), "fdtd_h");
      set_args(e, int(nx), int(ny), 0.0f, ex, ey, hz);
      set_args(h, int(nx), int(ny), ex, ey, hz);
    }
    // The fields stay on the device for all steps: copied in once, out once.
    d.write(ex, p.ex);
    d.write(ey, p.ey);
    d.write(hz, p.hz);
    std::vector<cl::Event> kernels;
    for (int s = 0; s < steps; ++s) {
      e.setArg(2, p.fict[std::size_t(s)]);  // taken when the kernel is enqueued
      kernels.push_back(d.launch(e, global, local));
      kernels.push_back(d.launch(h, global, local));
    }
    d.read(ex, p.ex);
    d.read(ey, p.ey);
    d.read(hz, p.hz);
    return seconds(kernels);
  };
  bench::check c;
  const auto t = bench::measure(
      [&] {
        p.ex = p.ex0;
        p.ey = p.ey0;
        p.hz = p.hz0;
      },
      call, [&] { c = bench::compare(p.hz, want, 1e-4); }, policy);
  report(d, "fdtd_2d",
         std::to_string(nx) + "x" + std::to_string(ny) + ", " + std::to_string(steps) + " steps", t,
         c, {11.0 * steps * double(nx * ny), 40.0 * steps * double(nx * ny), true});
  return !c.ok;
}

int conv2d(const device& d, bool quick) {
  const std::size_t n = quick ? 70 : 4096;
  ref::conv2d_problem p = ref::make_conv2d(n, n);
  ref::conv2d(p, true);
  const std::vector<float> want = p.out;
  clear(p.out);
  cl::Buffer in = d.buffer(p.in), out = d.buffer(p.out);
  // The kernel writes the interior only: the border of `out` (zeros) is copied once, here.
  d.write(out, p.out);
  d.queue.finish();
  cl::Kernel k;
  const auto call = [&] {
    if (k() == nullptr) {
      k = d.build(conv2d_source, "conv2d");
      set_args(k, int(n), int(n), in, out);
    }
    d.write(in, p.in);
    const cl::Event e =
        d.launch(k, cl::NDRange(round_up(n - 2, 32), round_up(n - 2, 8)), cl::NDRange(32, 8));
    d.read(out, p.out);
    return seconds(e);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare(p.out, want, 1e-4); }, policy);
  report(d, "conv2d", std::to_string(n) + "x" + std::to_string(n), t, c,
         {17.0 * double(n * n), 8.0 * double(n * n), true});
  return !c.ok;
}

int norm(const device& d, bool quick) {
  const std::size_t n = quick ? 10000 : std::size_t(1) << 24;
  ref::norm_problem p = ref::make_norm(n);
  ref::norm(p, false);
  const double want = p.result;
  // Enough work-groups to fill a large GPU; each work-item adds n / (groups * 256) squares.
  const std::size_t groups = std::min<std::size_t>(1024, (n + group - 1) / group);
  std::vector<double> partial(groups), result(1);
  cl::Buffer x = d.buffer(p.x), partials = d.buffer(partial), sum = d.buffer(result);
  cl::Kernel squares, finish;
  double got = 0;
  const auto call = [&] {
    if (squares() == nullptr) {
      squares = d.build(norm_source, "sum_squares");
      finish = cl::Kernel(squares.getInfo<CL_KERNEL_PROGRAM>(), "finish_norm");
      set_args(squares, int(n), x, partials);
      set_args(finish, int(groups), partials, sum);
    }
    d.write(x, p.x);
    const std::vector<cl::Event> kernels = {
        d.launch(squares, cl::NDRange(groups * group), cl::NDRange(group)),
        d.launch(finish, cl::NDRange(group), cl::NDRange(group))};
    d.read(sum, result);
    got = result[0];
    return seconds(kernels);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare(&got, &want, 1, 1e-9); }, policy);
  report(d, "norm", quick ? "10000" : "2^24", t, c, {2.0 * double(n), 4.0 * double(n), true});
  return !c.ok;
}

int saxpy(const device& d, bool quick) {
  const std::size_t n = quick ? 10000 : std::size_t(1) << 26;
  ref::saxpy_problem p = ref::make_saxpy(n);
  ref::saxpy(p, true);
  const std::vector<float> want = p.y;
  cl::Buffer x = d.buffer(p.x), y = d.buffer(p.y);
  cl::Kernel k;
  const auto call = [&] {
    if (k() == nullptr) {
      k = d.build(saxpy_source, "saxpy");
      set_args(k, int(n), p.a, x, y);
    }
    d.write(x, p.x);
    d.write(y, p.y);
    const cl::Event e = d.launch(k, cl::NDRange(round_up(n, 256)), cl::NDRange(256));
    d.read(y, p.y);
    return seconds(e);
  };
  bench::check c;
  const auto t = bench::measure([&] { p.y = p.y0; }, call,
                                [&] { c = bench::compare(p.y, want, 1e-5); }, policy);
  report(d, "saxpy_slices", quick ? "10000" : "2^26", t, c,
         {2.0 * double(n), 12.0 * double(n), true});
  return !c.ok;
}

int stencil(const device& d, bool quick) {
  const std::size_t r = quick ? 40 : 4096, c = quick ? 52 : 4096;
  ref::stencil_problem p = ref::make_stencil(r, c);
  ref::stencil(p, true);
  const std::vector<float> want = p.v;
  clear(p.v);
  cl::Buffer u = d.buffer(p.u), v = d.buffer(p.v);
  // The kernel writes the interior only: the border of `v` (zeros) is copied once, here.
  d.write(v, p.v);
  d.queue.finish();
  cl::Kernel k;
  const auto call = [&] {
    if (k() == nullptr) {
      k = d.build(stencil_source, "stencil");
      set_args(k, int(r), int(c), u, v);
    }
    d.write(u, p.u);
    const cl::Event e =
        d.launch(k, cl::NDRange(round_up(c - 2, 32), round_up(r - 2, 8)), cl::NDRange(32, 8));
    d.read(v, p.v);
    return seconds(e);
  };
  bench::check ok;
  const auto t = bench::measure([] {}, call, [&] { ok = bench::compare(p.v, want, 1e-5); }, policy);
  const double interior = double(r - 2) * double(c - 2);
  report(d, "stencil_slices", std::to_string(r) + "x" + std::to_string(c), t, ok,
         {4.0 * interior, 8.0 * interior, true});
  return !ok.ok;
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
    // In the suite's order (bench/workloads/main.cpp), one workload after the other.
    int failures = polygon(d, quick);
    failures += zprojection(d, quick);
    if (quick) {
      failures += gemm(d, "matmul", "40", 40, 40, 40, 1, 0);
    } else {
      for (std::size_t n : {128, 256, 512, 1024, 2048})
        failures += gemm(d, "matmul", std::to_string(n), n, n, n, 1, 0);
    }
    failures += neural(d, "sigmoid_layer", quick ? 48 : 1024, quick ? 48 : 1024, false);
    failures += neural(d, "mlp", quick ? 16 : 128, quick ? 40 : 1024, true);
    if (quick)
      failures += gemm(d, "gemm", "40x50x60", 40, 50, 60, 1.5f, 1.2f);
    else
      failures += gemm(d, "gemm", "1000x1100x1200", 1000, 1100, 1200, 1.5f, 1.2f);
    failures += atax(d, quick);
    failures += bicg(d, quick);
    failures += covariance(d, quick);
    failures += jacobi(d, quick);
    failures += fdtd(d, quick);
    failures += conv2d(d, quick);
    failures += norm(d, quick);
    failures += saxpy(d, quick);
    failures += stencil(d, quick);
    return failures == 0 ? 0 : 1;
  } catch (const cl::Error& e) {
    std::fprintf(stderr, "opencl_reference: %s failed: %d\n", e.what(), e.err());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "opencl_reference: %s\n", e.what());
  }
  return 1;
}
