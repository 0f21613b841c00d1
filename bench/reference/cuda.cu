// bench/reference/cuda.cu - hand-written CUDA for the workloads bench/reference/opencl.cpp
// covers (all of the suite's: polygon, z-projection, matrix multiply and PolyBench gemm,
// the sigmoid layer and the 2-layer perceptron, atax, bicg, covariance, jacobi-2d,
// fdtd-2d, conv2d, the norm, and the slice statements saxpy and the 5-point stencil), the
// same kernels the same obvious way.  bench/run.sh builds it with nvcc on the GPU machine:
//
//   nvcc -O3 -std=c++17 -arch=native -Xcompiler -fopenmp -I bench bench/reference/cuda.cu \
//        -DCLPAR_BENCH_CUBLAS -lcublas
//
// With CLPAR_BENCH_CUBLAS, matmul, gemm, atax and bicg run a second time through cuBLAS
// (variant "cublas": cublasSgemm, cublasSgemv) on the same data, timed and checked the
// same way; without it (run.sh's fallback where cuBLAS does not link) only the hand
// kernels run.
//
// A call copies the inputs in from pageable memory, runs the kernel(s) and copies the
// outputs back; the kernel time is the sum of each kernel's cudaEvent time (for cuBLAS,
// of the events around its calls).  The CUDA context and the cuBLAS handle are created
// before the first workload; the cold call includes loading the module (cuBLAS's kernels
// too).
#include <cuda_runtime.h>
#ifdef CLPAR_BENCH_CUBLAS
#include <cublas_v2.h>
#endif

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

#ifdef CLPAR_BENCH_CUBLAS
#define CHECK_CUBLAS(call)                                                                \
  do {                                                                                    \
    const cublasStatus_t s_ = (call);                                                     \
    if (s_ != CUBLAS_STATUS_SUCCESS) {                                                    \
      std::fprintf(stderr, "cuda_reference: %s: %s\n", #call, cublasGetStatusString(s_)); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)
#endif

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

// Y = sigmoid(X W + bias), X rows x in, W in x out: gemm's 16x16 tiles, with the bias and
// the sigmoid applied as each element of Y is stored.
__global__ void dense_sigmoid_kernel(int rows, int in, int out, const float* x, const float* w,
                                     const float* bias, float* y) {
  __shared__ float xt[tile][tile], wt[tile][tile];
  const int to = threadIdx.x, tr = threadIdx.y;
  const int o = blockIdx.x * tile + to, r = blockIdx.y * tile + tr;
  float s = 0;
  for (int k0 = 0; k0 < in; k0 += tile) {
    xt[tr][to] = r < rows && k0 + to < in ? x[size_t(r) * in + k0 + to] : 0.0f;
    wt[tr][to] = o < out && k0 + tr < in ? w[size_t(k0 + tr) * out + o] : 0.0f;
    __syncthreads();
    for (int k = 0; k < tile; ++k) s += xt[tr][k] * wt[k][to];
    __syncthreads();
  }
  if (r < rows && o < out) y[size_t(r) * out + o] = 1.0f / (1.0f + expf(-(bias[o] + s)));
}

/// Block shapes: `group` threads for row dots and the norm; `group_cols` x `group_slices`
/// for column dots and means.
constexpr int group = 256, group_cols = 32, group_slices = 32;

/// The sum of every thread's `s` (a block of `group` threads), by a tree in shared memory.
template <class T>
__device__ T block_sum(T* part, T s) {
  const int t = threadIdx.x;
  part[t] = s;
  __syncthreads();
  for (int width = group / 2; width > 0; width /= 2) {
    if (t < width) part[t] += part[t + width];
    __syncthreads();
  }
  return part[0];
}

/// The sum of each column's `s` over the `group_slices` rows of threads of a (group_cols,
/// group_slices) block, by a tree in shared memory.
__device__ float sum_slices(float (*part)[group_cols], float s) {
  const int tj = threadIdx.x, ti = threadIdx.y;
  part[ti][tj] = s;
  __syncthreads();
  for (int width = group_slices / 2; width > 0; width /= 2) {
    if (ti < width) part[ti][tj] += part[ti + width][tj];
    __syncthreads();
  }
  return part[0][tj];
}

// Matrix-vector products of a rows x cols matrix A (atax and bicg).  out = A v: one block
// per row strides along it (coalesced), then a tree reduction in shared memory.
__global__ void row_dot_kernel(int rows, int cols, const float* a, const float* v, float* out) {
  __shared__ float part[group];
  const int i = blockIdx.x;
  const float* row = a + size_t(i) * cols;
  float s = 0;
  for (int j = threadIdx.x; j < cols; j += group) s += row[j] * v[j];
  s = block_sum(part, s);
  if (threadIdx.x == 0) out[i] = s;
}

// out = A^T v: a block covers 32 adjacent columns with `group_slices` rows of threads, each
// summing every group_slices-th row of its column (a warp reads 32 adjacent floats of a
// row), then the slices' partial sums are added in shared memory.  32 x 32 threads keep
// enough loads in flight with only cols / 32 blocks: on an H100, 32 x 8 took twice as long.
__global__ void column_dot_kernel(int rows, int cols, const float* a, const float* v, float* out) {
  __shared__ float part[group_slices][group_cols];
  const int j = blockIdx.x * group_cols + threadIdx.x;
  float s = 0;
  if (j < cols)
    for (int i = threadIdx.y; i < rows; i += group_slices) s += a[size_t(i) * cols + j] * v[i];
  s = sum_slices(part, s);
  if (threadIdx.y == 0 && j < cols) out[j] = s;
}

// Covariance of n points with m features: the column means (column_dot's shape), the
// centring (one thread per element), then cov = D^T D / (n - 1) with 16x16 tiles: both
// tiles are 16 rows of D (columns i0.. and j0..), read along the rows.
__global__ void column_mean_kernel(int n, int m, const float* data, float* mean) {
  __shared__ float part[group_slices][group_cols];
  const int j = blockIdx.x * group_cols + threadIdx.x;
  float s = 0;
  if (j < m)
    for (int i = threadIdx.y; i < n; i += group_slices) s += data[size_t(i) * m + j];
  s = sum_slices(part, s);
  if (threadIdx.y == 0 && j < m) mean[j] = s / n;
}

__global__ void centre_kernel(int n, int m, float* data, const float* mean) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i < n && j < m) data[size_t(i) * m + j] -= mean[j];
}

__global__ void covariance_kernel(int n, int m, const float* data, float* cov) {
  __shared__ float it[tile][tile], jt[tile][tile];  // [row of D][column]
  const int tj = threadIdx.x, ti = threadIdx.y;
  const int i0 = blockIdx.y * tile, j = blockIdx.x * tile + tj, i = i0 + ti;
  float s = 0;
  for (int k0 = 0; k0 < n; k0 += tile) {
    const int k = k0 + ti;
    it[ti][tj] = k < n && i0 + tj < m ? data[size_t(k) * m + i0 + tj] : 0.0f;
    jt[ti][tj] = k < n && j < m ? data[size_t(k) * m + j] : 0.0f;
    __syncthreads();
    for (int kk = 0; kk < tile; ++kk) s += it[kk][ti] * jt[kk][tj];
    __syncthreads();
  }
  if (i < m && j < m) cov[size_t(i) * m + j] = s / (n - 1);
}

// One fdtd-2d time step in two kernels: ey and ex both read only hz, so one pass updates
// both (row 0 of ey takes the step's source value); then hz from the new ex and ey.
__global__ void fdtd_e_kernel(int nx, int ny, float source, float* ex, float* ey, const float* hz) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx || j >= ny) return;
  const size_t c = size_t(i) * ny + j;
  const float h = hz[c];
  ey[c] = i == 0 ? source : ey[c] - 0.5f * (h - hz[c - ny]);
  if (j > 0) ex[c] = ex[c] - 0.5f * (h - hz[c - 1]);
}

__global__ void fdtd_h_kernel(int nx, int ny, const float* ex, const float* ey, float* hz) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x, i = blockIdx.y * blockDim.y + threadIdx.y;
  if (i >= nx - 1 || j >= ny - 1) return;
  const size_t c = size_t(i) * ny + j;
  hz[c] = hz[c] - 0.7f * (ex[c + 1] - ex[c] + ey[c + ny] - ey[c]);
}

__global__ void conv2d_kernel(int ni, int nj, const float* a, float* b) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= ni - 1 || j >= nj - 1) return;
  const size_t c = size_t(i) * nj + j;
  const float *up = a + c - nj, *mid = a + c, *down = a + c + nj;
  b[c] = 0.2f * up[-1] + 0.5f * up[0] - 0.8f * up[1] - 0.3f * mid[-1] + 0.6f * mid[0] -
         0.9f * mid[1] + 0.4f * down[-1] + 0.7f * down[0] + 0.1f * down[1];
}

// The sum of squares in double, in two stages: each thread of sum_squares adds every (grid
// size)-th element, a tree reduction in shared memory leaves one partial sum per block;
// one block of finish_norm adds the partial sums and takes the root.
__global__ void sum_squares_kernel(int n, const float* x, double* partial) {
  __shared__ double part[group];
  const int stride = gridDim.x * group;
  double s = 0;
  for (int i = blockIdx.x * group + threadIdx.x; i < n; i += stride) {
    const double v = x[i];
    s += v * v;
  }
  s = block_sum(part, s);
  if (threadIdx.x == 0) partial[blockIdx.x] = s;
}

__global__ void finish_norm_kernel(int groups, const double* partial, double* result) {
  __shared__ double part[group];
  double s = 0;
  for (int g = threadIdx.x; g < groups; g += group) s += partial[g];
  s = block_sum(part, s);
  if (threadIdx.x == 0) result[0] = sqrt(s);
}

__global__ void saxpy_kernel(int n, float a, const float* x, float* y) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

// v(1:r-1, 1:c-1) = 0.25 (the four neighbours of u): one thread per interior element.
__global__ void stencil_kernel(int rows, int cols, const float* u, float* v) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x + 1;
  const int i = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (i >= rows - 1 || j >= cols - 1) return;
  const size_t c = size_t(i) * cols + j;
  v[c] = 0.25f * (u[c - cols] + u[c + cols] + u[c - 1] + u[c + 1]);
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
  /// Zeroes it: an output that a variant leaves unwritten then fails the check, whatever
  /// the memory held before (another variant's result).
  void zero() { CHECK_CUDA(cudaMemset(p, 0, n * sizeof(T))); }
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
#ifdef CLPAR_BENCH_CUBLAS
cublasHandle_t cublas_handle;  ///< created before the first workload, like the context
#endif

void report(const char* workload, const std::string& size, const bench::timing& t,
            const bench::check& c, const bench::work& w, const char* variant = "cuda-hand") {
  bench::print_result(workload, size, variant, device_name, t, c, w);
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

/// C = alpha A B + beta C for row-major A (ni x nk), B (nk x nj) and C (ni x nj) on the
/// device, as one variant launches it.
struct gemm_variant {
  const char* name;
  void (*launch)(int ni, int nj, int nk, float alpha, float beta, const float* a, const float* b,
                 float* c);
};

void hand_gemm(int ni, int nj, int nk, float alpha, float beta, const float* a, const float* b,
               float* c) {
  gemm_kernel<<<dim3(blocks(nj, tile), blocks(ni, tile)), dim3(tile, tile)>>>(ni, nj, nk, alpha,
                                                                              beta, a, b, c);
}

#ifdef CLPAR_BENCH_CUBLAS
// cuBLAS is column-major, and a row-major matrix read column-major is its transpose: C^T
// (nj x ni) = B^T (nj x nk) A^T (nk x ni), so B goes first, nothing is transposed, and
// each leading dimension is a row length of the row-major matrix.
void cublas_gemm(int ni, int nj, int nk, float alpha, float beta, const float* a, const float* b,
                 float* c) {
  CHECK_CUBLAS(cublasSgemm(cublas_handle, CUBLAS_OP_N, CUBLAS_OP_N, nj, ni, nk, &alpha, b, nj, a,
                           nk, &beta, c, nj));
}
#endif

const gemm_variant gemm_variants[] = {
    {"cuda-hand", hand_gemm},
#ifdef CLPAR_BENCH_CUBLAS
    {"cublas", cublas_gemm},
#endif
};

int gemm(const char* workload, const std::string& size, std::size_t ni, std::size_t nj,
         std::size_t nk, float alpha, float beta) {
  ref::gemm_problem p = ref::make_gemm(ni, nj, nk, alpha, beta);
  ref::gemm(p, true);
  const std::vector<float> want = p.c;
  const bench::work cost = {2.0 * double(ni * nj * nk),
                            4.0 * double(ni * nk + nk * nj + (beta != 0 ? 2 : 1) * ni * nj), false};
  int failures = 0;
  for (const gemm_variant& v : gemm_variants) {
    device_array<float> a(p.a), b(p.b), c(p.c);
    c.zero();
    kernel_timer k;
    const auto call = [&] {
      a.write(p.a);
      b.write(p.b);
      if (beta != 0) c.write(p.c);
      cudaEventRecord(k.start);
      v.launch(int(ni), int(nj), int(nk), alpha, beta, a.p, b.p, c.p);
      cudaEventRecord(k.end);
      c.read(p.c);
      CHECK_CUDA(cudaGetLastError());
      return k.seconds();
    };
    bench::check ok;
    const auto t = bench::measure([&] { p.c = p.c0; }, call,
                                  [&] { ok = bench::compare(p.c, want, 1e-4); }, policy);
    report(workload, size, t, ok, cost, v.name);
    failures += !ok.ok;
  }
  return failures;
}

/// The kernels' execution time, summed.
double seconds(const std::vector<kernel_timer>& kernels) {
  double s = 0;
  for (const kernel_timer& t : kernels) s += t.seconds();
  return s;
}

/// Zeroes an output that the serial reference has filled, so that the check sees what the
/// device wrote.
template <class T>
void clear(std::vector<T>& v) {
  std::fill(v.begin(), v.end(), T(0));
}

/// The sigmoid layer (Y = sigmoid(X W1 + b1), batch = n) or the 2-layer perceptron
/// (H = sigmoid(X W1 + b1), Y = sigmoid(H W2 + b2)); H and Y are both outputs.
int neural(const char* workload, std::size_t batch, std::size_t n, bool two_layers) {
  ref::mlp_problem p = ref::make_mlp(batch, n);
  if (two_layers)
    ref::mlp(p, true);
  else
    ref::sigmoid_layer(p.x, p.w1, p.b1, p.h, batch, n, n, true);
  std::vector<float>& result = two_layers ? p.y : p.h;
  const std::vector<float> want = result;
  clear(p.h);
  clear(p.y);
  device_array<float> x(p.x), w1(p.w1), b1(p.b1), h(p.h), w2(p.w2), b2(p.b2), y(p.y);
  std::vector<kernel_timer> k(two_layers ? 2 : 1);
  const dim3 grid(blocks(n, tile), blocks(batch, tile)), block(tile, tile);
  const auto call = [&] {
    x.write(p.x);
    w1.write(p.w1);
    b1.write(p.b1);
    if (two_layers) {
      w2.write(p.w2);
      b2.write(p.b2);
    }
    cudaEventRecord(k[0].start);
    dense_sigmoid_kernel<<<grid, block>>>(int(batch), int(n), int(n), x.p, w1.p, b1.p, h.p);
    cudaEventRecord(k[0].end);
    if (two_layers) {
      cudaEventRecord(k[1].start);
      dense_sigmoid_kernel<<<grid, block>>>(int(batch), int(n), int(n), h.p, w2.p, b2.p, y.p);
      cudaEventRecord(k[1].end);
    }
    h.read(p.h);
    if (two_layers) y.read(p.y);
    CHECK_CUDA(cudaGetLastError());
    return seconds(k);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare(result, want, 1e-4); }, policy);
  const double layers = two_layers ? 2 : 1, b = double(batch), nn = double(n) * double(n);
  report(workload,
         two_layers ? "batch " + std::to_string(batch) + ", " + std::to_string(n)
                    : std::to_string(n) + "x" + std::to_string(n),
         t, c, {layers * 2 * b * nn, 4 * layers * (2 * b * double(n) + nn), false});
  return !c.ok;
}

/// out = A v for a rows x cols A: one block per row.
void row_dot(kernel_timer& k, std::size_t rows, std::size_t cols, const float* a, const float* v,
             float* out) {
  cudaEventRecord(k.start);
  row_dot_kernel<<<unsigned(rows), group>>>(int(rows), int(cols), a, v, out);
  cudaEventRecord(k.end);
}

/// out = A^T v for a rows x cols A: 32 columns a block.
void column_dot(kernel_timer& k, std::size_t rows, std::size_t cols, const float* a, const float* v,
                float* out) {
  cudaEventRecord(k.start);
  column_dot_kernel<<<blocks(cols, group_cols), dim3(group_cols, group_slices)>>>(
      int(rows), int(cols), a, v, out);
  cudaEventRecord(k.end);
}

#ifdef CLPAR_BENCH_CUBLAS
// A row-major rows x cols A read column-major is A^T, a cols x rows matrix with leading
// dimension cols: A v is cublasSgemv's op T of it, A^T v its op N.
void cublas_gemv(kernel_timer& k, cublasOperation_t op, std::size_t rows, std::size_t cols,
                 const float* a, const float* v, float* out) {
  const float one = 1, zero = 0;
  cudaEventRecord(k.start);
  CHECK_CUBLAS(cublasSgemv(cublas_handle, op, int(cols), int(rows), &one, a, int(cols), v, 1, &zero,
                           out, 1));
  cudaEventRecord(k.end);
}

void cublas_row_dot(kernel_timer& k, std::size_t rows, std::size_t cols, const float* a,
                    const float* v, float* out) {
  cublas_gemv(k, CUBLAS_OP_T, rows, cols, a, v, out);
}

void cublas_column_dot(kernel_timer& k, std::size_t rows, std::size_t cols, const float* a,
                       const float* v, float* out) {
  cublas_gemv(k, CUBLAS_OP_N, rows, cols, a, v, out);
}
#endif

/// The matrix-vector products of atax and bicg as one variant computes them, each between
/// its timer's events.
struct mat_vec_variant {
  using product = void (*)(kernel_timer& k, std::size_t rows, std::size_t cols, const float* a,
                           const float* v, float* out);
  const char* name;
  product row_dot;     ///< out = A v
  product column_dot;  ///< out = A^T v
};

const mat_vec_variant mat_vec_variants[] = {
    {"cuda-hand", row_dot, column_dot},
#ifdef CLPAR_BENCH_CUBLAS
    {"cublas", cublas_row_dot, cublas_column_dot},
#endif
};

int atax(bool quick) {
  const std::size_t m = quick ? 38 : 3800, n = quick ? 42 : 4200;
  ref::atax_problem p = ref::make_atax(m, n);
  ref::atax(p, true);
  const std::vector<float> want = p.y;
  clear(p.tmp);
  clear(p.y);
  int failures = 0;
  for (const mat_vec_variant& v : mat_vec_variants) {
    device_array<float> a(p.a), x(p.x), tmp(p.tmp), y(p.y);
    tmp.zero();
    y.zero();
    std::vector<kernel_timer> k(2);
    const auto call = [&] {
      a.write(p.a);
      x.write(p.x);
      v.row_dot(k[0], m, n, a.p, x.p, tmp.p);
      v.column_dot(k[1], m, n, a.p, tmp.p, y.p);
      tmp.read(p.tmp);
      y.read(p.y);
      CHECK_CUDA(cudaGetLastError());
      return seconds(k);
    };
    bench::check c;
    const auto t =
        bench::measure([] {}, call, [&] { c = bench::compare(p.y, want, 1e-4); }, policy);
    report("atax", std::to_string(m) + "x" + std::to_string(n), t, c,
           {4.0 * double(m * n), 4.0 * double(2 * m * n + 2 * (m + n)), true}, v.name);
    failures += !c.ok;
  }
  return failures;
}

int bicg(bool quick) {
  const std::size_t n = quick ? 42 : 4200, m = quick ? 38 : 3800;
  ref::bicg_problem b = ref::make_bicg(n, m);
  ref::bicg(b, true);
  const std::vector<float> want_s = b.s, want_q = b.q;
  clear(b.s);
  clear(b.q);
  int failures = 0;
  for (const mat_vec_variant& v : mat_vec_variants) {
    device_array<float> a(b.a), r(b.r), p(b.p), s(b.s), q(b.q);
    s.zero();
    q.zero();
    std::vector<kernel_timer> k(2);
    const auto call = [&] {
      a.write(b.a);
      r.write(b.r);
      p.write(b.p);
      v.column_dot(k[0], n, m, a.p, r.p, s.p);
      v.row_dot(k[1], n, m, a.p, p.p, q.p);
      s.read(b.s);
      q.read(b.q);
      CHECK_CUDA(cudaGetLastError());
      return seconds(k);
    };
    bench::check c;
    const auto check_both = [&] {
      c = bench::both(bench::compare(b.s, want_s, 1e-4), bench::compare(b.q, want_q, 1e-4));
    };
    const auto t = bench::measure([] {}, call, check_both, policy);
    report("bicg", std::to_string(n) + "x" + std::to_string(m), t, c,
           {4.0 * double(n * m), 4.0 * double(2 * n * m + 2 * (n + m)), true}, v.name);
    failures += !c.ok;
  }
  return failures;
}

int covariance(bool quick) {
  const std::size_t n = quick ? 50 : 1000, m = quick ? 40 : 800;
  ref::covariance_problem p = ref::make_covariance(n, m);
  ref::covariance(p, true);
  const std::vector<float> want = p.cov;
  clear(p.mean);
  clear(p.cov);
  device_array<float> data(p.data), mean(p.mean), cov(p.cov);
  std::vector<kernel_timer> k(3);
  const auto call = [&] {
    // The data is centred in place: it is an output too.
    data.write(p.data);
    cudaEventRecord(k[0].start);
    column_mean_kernel<<<blocks(m, group_cols), dim3(group_cols, group_slices)>>>(int(n), int(m),
                                                                                  data.p, mean.p);
    cudaEventRecord(k[0].end);
    cudaEventRecord(k[1].start);
    centre_kernel<<<dim3(blocks(m, 32), blocks(n, 8)), dim3(32, 8)>>>(int(n), int(m), data.p,
                                                                      mean.p);
    cudaEventRecord(k[1].end);
    cudaEventRecord(k[2].start);
    covariance_kernel<<<dim3(blocks(m, tile), blocks(m, tile)), dim3(tile, tile)>>>(int(n), int(m),
                                                                                    data.p, cov.p);
    cudaEventRecord(k[2].end);
    data.read(p.data);
    mean.read(p.mean);
    cov.read(p.cov);
    CHECK_CUDA(cudaGetLastError());
    return seconds(k);
  };
  bench::check c;
  const auto t = bench::measure([&] { p.data = p.data0; }, call,
                                [&] { c = bench::compare(p.cov, want, 1e-4); }, policy);
  report("covariance", std::to_string(n) + "x" + std::to_string(m), t, c,
         {2.0 * double(m * m * n), 4.0 * double(2 * n * m + m * m), false});
  return !c.ok;
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

int fdtd(bool quick) {
  const std::size_t nx = quick ? 30 : 2000, ny = quick ? 40 : 2600;
  const int steps = quick ? 3 : 10;
  ref::fdtd_problem p = ref::make_fdtd(nx, ny, steps);
  ref::fdtd(p, true);
  const std::vector<float> want = p.hz;
  device_array<float> ex(p.ex), ey(p.ey), hz(p.hz);
  std::vector<kernel_timer> k(std::size_t(2 * steps));
  const dim3 grid(blocks(ny, 32), blocks(nx, 8)), block(32, 8);
  const auto call = [&] {
    // The fields stay on the device for all steps: copied in once, out once.
    ex.write(p.ex);
    ey.write(p.ey);
    hz.write(p.hz);
    for (int s = 0; s < steps; ++s) {
      cudaEventRecord(k[2 * s].start);
      fdtd_e_kernel<<<grid, block>>>(int(nx), int(ny), p.fict[std::size_t(s)], ex.p, ey.p, hz.p);
      cudaEventRecord(k[2 * s].end);
      cudaEventRecord(k[2 * s + 1].start);
      fdtd_h_kernel<<<grid, block>>>(int(nx), int(ny), ex.p, ey.p, hz.p);
      cudaEventRecord(k[2 * s + 1].end);
    }
    ex.read(p.ex);
    ey.read(p.ey);
    hz.read(p.hz);
    CHECK_CUDA(cudaGetLastError());
    return seconds(k);
  };
  bench::check c;
  const auto t = bench::measure(
      [&] {
        p.ex = p.ex0;
        p.ey = p.ey0;
        p.hz = p.hz0;
      },
      call, [&] { c = bench::compare(p.hz, want, 1e-4); }, policy);
  report("fdtd_2d",
         std::to_string(nx) + "x" + std::to_string(ny) + ", " + std::to_string(steps) + " steps", t,
         c, {11.0 * steps * double(nx * ny), 40.0 * steps * double(nx * ny), true});
  return !c.ok;
}

int conv2d(bool quick) {
  const std::size_t n = quick ? 70 : 4096;
  ref::conv2d_problem p = ref::make_conv2d(n, n);
  ref::conv2d(p, true);
  const std::vector<float> want = p.out;
  clear(p.out);
  device_array<float> in(p.in), out(p.out);
  // The kernel writes the interior only: the border of `out` (zeros) is copied once, here.
  out.write(p.out);
  kernel_timer k;
  const auto call = [&] {
    in.write(p.in);
    cudaEventRecord(k.start);
    conv2d_kernel<<<dim3(blocks(n - 2, 32), blocks(n - 2, 8)), dim3(32, 8)>>>(int(n), int(n), in.p,
                                                                              out.p);
    cudaEventRecord(k.end);
    out.read(p.out);
    CHECK_CUDA(cudaGetLastError());
    return k.seconds();
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare(p.out, want, 1e-4); }, policy);
  report("conv2d", std::to_string(n) + "x" + std::to_string(n), t, c,
         {17.0 * double(n * n), 8.0 * double(n * n), true});
  return !c.ok;
}

int norm(bool quick) {
  const std::size_t n = quick ? 10000 : std::size_t(1) << 24;
  ref::norm_problem p = ref::make_norm(n);
  ref::norm(p, false);
  const double want = p.result;
  // Enough blocks to fill a large GPU; each thread adds n / (groups * 256) squares.
  const unsigned groups = std::min(1024u, blocks(n, group));
  std::vector<double> partial(groups), result(1);
  device_array<float> x(p.x);
  device_array<double> partials(partial), sum(result);
  std::vector<kernel_timer> k(2);
  double got = 0;
  const auto call = [&] {
    x.write(p.x);
    cudaEventRecord(k[0].start);
    sum_squares_kernel<<<groups, group>>>(int(n), x.p, partials.p);
    cudaEventRecord(k[0].end);
    cudaEventRecord(k[1].start);
    finish_norm_kernel<<<1, group>>>(int(groups), partials.p, sum.p);
    cudaEventRecord(k[1].end);
    sum.read(result);
    got = result[0];
    CHECK_CUDA(cudaGetLastError());
    return seconds(k);
  };
  bench::check c;
  const auto t =
      bench::measure([] {}, call, [&] { c = bench::compare(&got, &want, 1, 1e-9); }, policy);
  report("norm", quick ? "10000" : "2^24", t, c, {2.0 * double(n), 4.0 * double(n), true});
  return !c.ok;
}

int saxpy(bool quick) {
  const std::size_t n = quick ? 10000 : std::size_t(1) << 26;
  ref::saxpy_problem p = ref::make_saxpy(n);
  ref::saxpy(p, true);
  const std::vector<float> want = p.y;
  device_array<float> x(p.x), y(p.y);
  kernel_timer k;
  const auto call = [&] {
    x.write(p.x);
    y.write(p.y);
    cudaEventRecord(k.start);
    saxpy_kernel<<<blocks(n, 256), 256>>>(int(n), p.a, x.p, y.p);
    cudaEventRecord(k.end);
    y.read(p.y);
    CHECK_CUDA(cudaGetLastError());
    return k.seconds();
  };
  bench::check c;
  const auto t = bench::measure([&] { p.y = p.y0; }, call,
                                [&] { c = bench::compare(p.y, want, 1e-5); }, policy);
  report("saxpy_slices", quick ? "10000" : "2^26", t, c, {2.0 * double(n), 12.0 * double(n), true});
  return !c.ok;
}

int stencil(bool quick) {
  const std::size_t r = quick ? 40 : 4096, c = quick ? 52 : 4096;
  ref::stencil_problem p = ref::make_stencil(r, c);
  ref::stencil(p, true);
  const std::vector<float> want = p.v;
  clear(p.v);
  device_array<float> u(p.u), v(p.v);
  // The kernel writes the interior only: the border of `v` (zeros) is copied once, here.
  v.write(p.v);
  kernel_timer k;
  const auto call = [&] {
    u.write(p.u);
    cudaEventRecord(k.start);
    stencil_kernel<<<dim3(blocks(c - 2, 32), blocks(r - 2, 8)), dim3(32, 8)>>>(int(r), int(c), u.p,
                                                                               v.p);
    cudaEventRecord(k.end);
    v.read(p.v);
    CHECK_CUDA(cudaGetLastError());
    return k.seconds();
  };
  bench::check ok;
  const auto t = bench::measure([] {}, call, [&] { ok = bench::compare(p.v, want, 1e-5); }, policy);
  const double interior = double(r - 2) * double(c - 2);
  report("stencil_slices", std::to_string(r) + "x" + std::to_string(c), t, ok,
         {4.0 * interior, 8.0 * interior, true});
  return !ok.ok;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  policy.quick = quick;
  cudaDeviceProp prop;
  CHECK_CUDA(cudaGetDeviceProperties(&prop, 0));
  device_name = prop.name;
  CHECK_CUDA(cudaFree(nullptr));  // creates the context
#ifdef CLPAR_BENCH_CUBLAS
  CHECK_CUBLAS(cublasCreate(&cublas_handle));
  // The default math mode, said explicitly: single precision throughout, no TF32 tensor
  // cores, so that cuBLAS computes what the hand kernels compute.
  CHECK_CUBLAS(cublasSetMathMode(cublas_handle, CUBLAS_DEFAULT_MATH));
#endif
  // In the suite's order (bench/workloads/main.cpp), one workload after the other.
  int failures = polygon(quick);
  failures += zprojection(quick);
  if (quick) {
    failures += gemm("matmul", "40", 40, 40, 40, 1, 0);
  } else {
    for (std::size_t n : {128, 256, 512, 1024, 2048})
      failures += gemm("matmul", std::to_string(n), n, n, n, 1, 0);
  }
  failures += neural("sigmoid_layer", quick ? 48 : 1024, quick ? 48 : 1024, false);
  failures += neural("mlp", quick ? 16 : 128, quick ? 40 : 1024, true);
  if (quick)
    failures += gemm("gemm", "40x50x60", 40, 50, 60, 1.5f, 1.2f);
  else
    failures += gemm("gemm", "1000x1100x1200", 1000, 1100, 1200, 1.5f, 1.2f);
  failures += atax(quick);
  failures += bicg(quick);
  failures += covariance(quick);
  failures += jacobi(quick);
  failures += fdtd(quick);
  failures += conv2d(quick);
  failures += norm(quick);
  failures += saxpy(quick);
  failures += stencil(quick);
#ifdef CLPAR_BENCH_CUBLAS
  CHECK_CUBLAS(cublasDestroy(cublas_handle));
#endif
  return failures == 0 ? 0 : 1;
}
