// bench/reference/cuda.cu - hand-written CUDA for the workloads bench/reference/opencl.cpp
// covers (polygon, z-projection, matrix multiply and PolyBench gemm, jacobi-2d), the same
// kernels the same obvious way.  bench/run.sh builds it with nvcc on the GPU machine:
//
//   nvcc -O3 -std=c++17 -arch=native -Xcompiler -fopenmp -I bench bench/reference/cuda.cu
//
// A call copies the inputs in from pageable memory, runs the kernel(s) and copies the
// outputs back; the kernel time is the sum of each kernel's cudaEvent time.  The CUDA
// context is created before the first workload; the cold call includes loading the module.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "reference/serial.hpp"
#include "support/measure.hpp"

namespace {

#define CHECK_CUDA(call)                                                               \
  do {                                                                                 \
    const cudaError_t e_ = (call);                                                     \
    if (e_ != cudaSuccess) {                                                           \
      std::fprintf(stderr, "cuda_reference: %s: %s\n", #call, cudaGetErrorString(e_)); \
      std::exit(1);                                                                    \
    }                                                                                  \
  } while (0)

__global__ void polygon_kernel(const int* v, int n, int width, int height, unsigned char* mask) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  const long px = x, py = y;
  int crossings = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const long x1 = v[2 * i], y1 = v[2 * i + 1], x2 = v[2 * j], y2 = v[2 * j + 1];
    if ((y1 > py) != (y2 > py) && (((px - x1) * (y2 - y1) < (py - y1) * (x2 - x1)) == (y2 > y1)))
      ++crossings;
  }
  mask[size_t(y) * width + x] = crossings % 2;
}

__global__ void zprojection_kernel(const float* stack, int nz, int ny, int nx, float* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= nx || y >= ny) return;
  const size_t plane = size_t(ny) * nx, at = size_t(y) * nx + x;
  float m = stack[at];
  for (int z = 1; z < nz; ++z) m = fmaxf(m, stack[z * plane + at]);
  out[at] = m;
}

constexpr int tile = 16;

// C = alpha A B + beta C with 16x16 tiles of A and B in shared memory.
__global__ void gemm_kernel(int ni, int nj, int nk, float alpha, float beta, const float* a,
                            const float* b, float* c) {
  __shared__ float at[tile][tile], bt[tile][tile];
  const int tj = threadIdx.x, ti = threadIdx.y;
  const int j = blockIdx.x * tile + tj, i = blockIdx.y * tile + ti;
  float s = 0;
  for (int k0 = 0; k0 < nk; k0 += tile) {
    at[ti][tj] = i < ni && k0 + tj < nk ? a[size_t(i) * nk + k0 + tj] : 0.0f;
    bt[ti][tj] = j < nj && k0 + ti < nk ? b[size_t(k0 + ti) * nj + j] : 0.0f;
    __syncthreads();
    for (int k = 0; k < tile; ++k) s += at[ti][k] * bt[k][tj];
    __syncthreads();
  }
  if (i < ni && j < nj) {
    const size_t at_c = size_t(i) * nj + j;
    c[at_c] = beta == 0 ? s : alpha * s + beta * c[at_c];
  }
}

__global__ void jacobi_kernel(const float* in, float* out, int n) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= n - 1 || j >= n - 1) return;
  const size_t c = size_t(i) * n + j;
  out[c] = 0.2f * (in[c] + in[c - 1] + in[c + 1] + in[c + n] + in[c - n]);
}

template <class T>
struct device_array {
  T* p = nullptr;
  std::size_t n = 0;
  explicit device_array(const std::vector<T>& host) : n(host.size()) {
    CHECK_CUDA(cudaMalloc(&p, n * sizeof(T)));
  }
  ~device_array() { cudaFree(p); }
  void write(const std::vector<T>& host) {
    CHECK_CUDA(cudaMemcpy(p, host.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  }
  void read(std::vector<T>& host) const {
    CHECK_CUDA(cudaMemcpy(host.data(), p, n * sizeof(T), cudaMemcpyDeviceToHost));
  }
};

/// Records a kernel's start and end; seconds() after the stream has finished.
struct kernel_timer {
  cudaEvent_t start, end;
  kernel_timer() {
    cudaEventCreate(&start);
    cudaEventCreate(&end);
  }
  ~kernel_timer() {
    cudaEventDestroy(start);
    cudaEventDestroy(end);
  }
  double seconds() const {
    float ms = 0;
    CHECK_CUDA(cudaEventElapsedTime(&ms, start, end));
    return ms * 1e-3;
  }
};

unsigned blocks(std::size_t n, unsigned per) {
  return unsigned((n + per - 1) / per);
}

bench::repeat_policy policy;
std::string device_name;

void report(const char* workload, const std::string& size, const bench::timing& t,
            const bench::check& c, const bench::work& w) {
  bench::print_result(workload, size, "cuda-hand", device_name, t, c, w);
}

int polygon(bool quick) {
  const std::size_t n = quick ? 96 : 1024;
  ref::polygon_problem p = ref::make_polygon(n, 24);
  ref::polygon(p, true);
  const std::vector<unsigned char> want = p.mask;
  device_array<int> verts(p.verts);
  device_array<unsigned char> mask(p.mask);
  kernel_timer k;
  const auto call = [&] {
    verts.write(p.verts);
    cudaEventRecord(k.start);
    polygon_kernel<<<dim3(blocks(n, 16), blocks(n, 16)), dim3(16, 16)>>>(verts.p, p.edges, int(n),
                                                                         int(n), mask.p);
    cudaEventRecord(k.end);
    mask.read(p.mask);
    CHECK_CUDA(cudaGetLastError());
    return k.seconds();
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare_exact(p.mask, want); }, policy);
  report("polygon", std::to_string(n) + "x" + std::to_string(n) + ", 24 edges", t, c,
         {double(n * n) * 24 * 8, double(n * n + 2 * 24 * 4), false});
  return !c.ok;
}

int zprojection(bool quick) {
  const std::size_t nz = quick ? 10 : 100, ny = quick ? 64 : 512, nx = quick ? 48 : 512;
  ref::zprojection_problem p = ref::make_zprojection(nz, ny, nx);
  ref::zprojection(p, true);
  const std::vector<float> want = p.out;
  device_array<float> stack(p.stack), out(p.out);
  kernel_timer k;
  const auto call = [&] {
    stack.write(p.stack);
    cudaEventRecord(k.start);
    zprojection_kernel<<<dim3(blocks(nx, 32), blocks(ny, 8)), dim3(32, 8)>>>(
        stack.p, int(nz), int(ny), int(nx), out.p);
    cudaEventRecord(k.end);
    out.read(p.out);
    CHECK_CUDA(cudaGetLastError());
    return k.seconds();
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare_exact(p.out, want); }, policy);
  report("zprojection", std::to_string(nz) + "x" + std::to_string(ny) + "x" + std::to_string(nx), t,
         c, {double(nz * ny * nx), 4.0 * double(nz * ny * nx + ny * nx), true});
  return !c.ok;
}

int gemm(const char* workload, const std::string& size, std::size_t ni, std::size_t nj,
         std::size_t nk, float alpha, float beta) {
  ref::gemm_problem p = ref::make_gemm(ni, nj, nk, alpha, beta);
  ref::gemm(p, true);
  const std::vector<float> want = p.c;
  device_array<float> a(p.a), b(p.b), c(p.c);
  kernel_timer k;
  const auto call = [&] {
    a.write(p.a);
    b.write(p.b);
    if (beta != 0) c.write(p.c);
    cudaEventRecord(k.start);
    gemm_kernel<<<dim3(blocks(nj, tile), blocks(ni, tile)), dim3(tile, tile)>>>(
        int(ni), int(nj), int(nk), alpha, beta, a.p, b.p, c.p);
    cudaEventRecord(k.end);
    c.read(p.c);
    CHECK_CUDA(cudaGetLastError());
    return k.seconds();
  };
  bench::check ok;
  const auto t = bench::measure([&] { p.c = p.c0; }, call,
                                [&] { ok = bench::compare(p.c, want, 1e-4); }, policy);
  report(workload, size, t, ok,
         {2.0 * double(ni * nj * nk),
          4.0 * double(ni * nk + nk * nj + (beta != 0 ? 2 : 1) * ni * nj), false});
  return !ok.ok;
}

int jacobi(bool quick) {
  const std::size_t n = quick ? 50 : 2800;
  const int steps = quick ? 3 : 10;
  ref::jacobi_problem p = ref::make_jacobi(n, steps);
  ref::jacobi(p, true);
  const std::vector<float> want = p.a;
  device_array<float> a(p.a), b(p.b);
  std::vector<kernel_timer> k(std::size_t(2 * steps));
  const dim3 grid(blocks(n - 2, 32), blocks(n - 2, 8)), block(32, 8);
  const auto call = [&] {
    // The data stays on the device for all steps: copied in once, out once.
    a.write(p.a);
    b.write(p.b);
    for (int s = 0; s < steps; ++s) {
      cudaEventRecord(k[2 * s].start);
      jacobi_kernel<<<grid, block>>>(a.p, b.p, int(n));
      cudaEventRecord(k[2 * s].end);
      cudaEventRecord(k[2 * s + 1].start);
      jacobi_kernel<<<grid, block>>>(b.p, a.p, int(n));
      cudaEventRecord(k[2 * s + 1].end);
    }
    a.read(p.a);
    b.read(p.b);
    CHECK_CUDA(cudaGetLastError());
    double kernel = 0;
    for (const kernel_timer& t : k) kernel += t.seconds();
    return kernel;
  };
  bench::check c;
  const auto t = bench::measure(
      [&] {
        p.a = p.a0;
        p.b = p.b0;
      },
      call, [&] { c = bench::compare(p.a, want, 1e-4); }, policy);
  report("jacobi_2d",
         std::to_string(n) + "x" + std::to_string(n) + ", " + std::to_string(steps) + " steps", t,
         c, {2.0 * steps * 5 * double(n * n), 2.0 * steps * 8 * double(n * n), true});
  return !c.ok;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  policy.quick = quick;
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  device_name = prop.name;
  CHECK_CUDA(cudaFree(nullptr));  // creates the context
  int failures = polygon(quick) + zprojection(quick);
  if (quick) {
    failures += gemm("matmul", "40", 40, 40, 40, 1, 0);
    failures += gemm("gemm", "40x50x60", 40, 50, 60, 1.5f, 1.2f);
  } else {
    for (std::size_t n : {128, 256, 512, 1024, 2048})
      failures += gemm("matmul", std::to_string(n), n, n, n, 1, 0);
    failures += gemm("gemm", "1000x1100x1200", 1000, 1100, 1200, 1.5f, 1.2f);
  }
  failures += jacobi(quick);
  return failures == 0 ? 0 : 1;
}
