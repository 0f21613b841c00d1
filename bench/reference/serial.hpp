// bench/reference/serial.hpp - each benchmark problem: its inputs, its serial reference
// and its hand-written OpenMP loop.
//
// A problem's inputs are generated the same way in every benchmark program (clpar suite,
// hand-written OpenCL, hand-written CUDA), so each program checks its results against the
// serial reference in its own process.  Each reference is the same loop nest as the
// prange code in bench/workloads/, written as plain C++; with `parallel` true the same
// loops get `#pragma omp parallel for`: that is the hand-written OpenMP variant clpar's
// OpenMP variant is compared with.  Every output element is computed by one thread in the
// serial order, so the parallel run's results are bit-identical to the serial ones (the
// norm's reduction excepted), and the programs use it as the reference when the serial
// run would only cost time.
//
// Plain C++17 and OpenMP: no clpar, no OpenCL (nvcc's host compiler includes it).
#ifndef CLPAR_BENCH_REFERENCE_SERIAL_HPP
#define CLPAR_BENCH_REFERENCE_SERIAL_HPP

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

#include "support/measure.hpp"

namespace ref {

using std::size_t;

// ---- inside-polygon mask: one pixel inside a polygon or not, by counting crossings ----

struct polygon_problem {
  size_t n = 0;  ///< n x n pixels
  int edges = 0;
  std::vector<int> verts;  ///< edges x 2: x, y
  std::vector<unsigned char> mask;
};

inline polygon_problem make_polygon(size_t n, int edges) {
  polygon_problem p;
  p.n = n;
  p.edges = edges;
  p.verts.resize(size_t(edges) * 2);
  for (size_t i = 0; i < p.verts.size(); ++i) p.verts[i] = int(bench::hashed(i, 11) * float(n));
  p.mask.assign(n * n, 0);
  return p;
}

inline bool inside(const int* v, int n, long px, long py) {
  int crossings = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const long x1 = v[2 * i], y1 = v[2 * i + 1], x2 = v[2 * j], y2 = v[2 * j + 1];
    if ((y1 > py) != (y2 > py) && (((px - x1) * (y2 - y1) < (py - y1) * (x2 - x1)) == (y2 > y1)))
      ++crossings;
  }
  return crossings % 2 == 1;
}

inline void polygon(polygon_problem& p, bool parallel) {
  const long n = long(p.n);
#pragma omp parallel for collapse(2) if (parallel)
  for (long y = 0; y < n; ++y)
    for (long x = 0; x < n; ++x) p.mask[size_t(y * n + x)] = inside(p.verts.data(), p.edges, x, y);
}

// ---- maximum z-projection of an image stack ----

struct zprojection_problem {
  size_t nz = 0, ny = 0, nx = 0;
  std::vector<float> stack;  ///< nz x ny x nx
  std::vector<float> out;    ///< ny x nx
};

inline zprojection_problem make_zprojection(size_t nz, size_t ny, size_t nx) {
  zprojection_problem p{nz, ny, nx, std::vector<float>(nz * ny * nx), std::vector<float>(ny * nx)};
  bench::fill(p.stack, 21);
  return p;
}

inline void zprojection(zprojection_problem& p, bool parallel) {
  const long ny = long(p.ny), nx = long(p.nx);
  const size_t plane = p.ny * p.nx;
#pragma omp parallel for collapse(2) if (parallel)
  for (long y = 0; y < ny; ++y)
    for (long x = 0; x < nx; ++x) {
      const size_t at = size_t(y * nx + x);
      float m = p.stack[at];
      for (size_t z = 1; z < p.nz; ++z) m = std::max(m, p.stack[z * plane + at]);
      p.out[at] = m;
    }
}

// ---- gemm (PolyBench): C = alpha * A B + beta * C; matrix multiply is alpha 1, beta 0 ----

struct gemm_problem {
  size_t ni = 0, nj = 0, nk = 0;
  float alpha = 1, beta = 0;
  std::vector<float> a, b;  ///< ni x nk, nk x nj
  std::vector<float> c0;    ///< C before the call (reset restores it)
  std::vector<float> c;     ///< ni x nj
};

inline gemm_problem make_gemm(size_t ni, size_t nj, size_t nk, float alpha, float beta) {
  gemm_problem p;
  p.ni = ni;
  p.nj = nj;
  p.nk = nk;
  p.alpha = alpha;
  p.beta = beta;
  p.a.resize(ni * nk);
  p.b.resize(nk * nj);
  p.c0.resize(ni * nj);
  bench::fill(p.a, 31, -1, 1);
  bench::fill(p.b, 32, -1, 1);
  if (beta != 0) bench::fill(p.c0, 33, -1, 1);
  p.c = p.c0;
  return p;
}

inline void gemm(gemm_problem& p, bool parallel) {
  const long ni = long(p.ni), nj = long(p.nj);
  const size_t nk = p.nk;
#pragma omp parallel for collapse(2) if (parallel)
  for (long i = 0; i < ni; ++i)
    for (long j = 0; j < nj; ++j) {
      float s = 0;
      for (size_t k = 0; k < nk; ++k) s += p.a[size_t(i) * nk + k] * p.b[k * p.nj + size_t(j)];
      float& c = p.c[size_t(i) * p.nj + size_t(j)];
      c = p.beta == 0 ? s : p.alpha * s + p.beta * c;
    }
}

// ---- dense layer with a sigmoid: Y = sigmoid(X W + bias) ----

inline float sigmoid(float z) {
  return 1.0f / (1.0f + std::exp(-z));
}

inline void sigmoid_layer(const std::vector<float>& x, const std::vector<float>& w,
                          const std::vector<float>& bias, std::vector<float>& y, size_t rows,
                          size_t in, size_t out, bool parallel) {
#pragma omp parallel for collapse(2) if (parallel)
  for (long r = 0; r < long(rows); ++r)
    for (long o = 0; o < long(out); ++o) {
      float z = bias[size_t(o)];
      for (size_t k = 0; k < in; ++k) z += x[size_t(r) * in + k] * w[k * out + size_t(o)];
      y[size_t(r) * out + size_t(o)] = sigmoid(z);
    }
}

/// One layer (batch = n) or a 2-layer perceptron (x: batch x n, both weights n x n).
struct mlp_problem {
  size_t batch = 0, n = 0;
  std::vector<float> x, w1, b1, h, w2, b2, y;
};

inline mlp_problem make_mlp(size_t batch, size_t n) {
  const float s = 2.0f / std::sqrt(float(n));
  mlp_problem p;
  p.batch = batch;
  p.n = n;
  for (std::vector<float>* v : {&p.x, &p.h, &p.y}) v->resize(batch * n);
  for (std::vector<float>* v : {&p.w1, &p.w2}) v->resize(n * n);
  for (std::vector<float>* v : {&p.b1, &p.b2}) v->resize(n);
  bench::fill(p.x, 41, -1, 1);
  bench::fill(p.w1, 42, -s, s);
  bench::fill(p.b1, 43, -0.5f, 0.5f);
  bench::fill(p.w2, 44, -s, s);
  bench::fill(p.b2, 45, -0.5f, 0.5f);
  return p;
}

inline void mlp(mlp_problem& p, bool parallel) {
  sigmoid_layer(p.x, p.w1, p.b1, p.h, p.batch, p.n, p.n, parallel);
  sigmoid_layer(p.h, p.w2, p.b2, p.y, p.batch, p.n, p.n, parallel);
}

// ---- atax (PolyBench): y = A^T (A x) ----

struct atax_problem {
  size_t m = 0, n = 0;
  std::vector<float> a, x, tmp, y;  ///< a: m x n
};

inline atax_problem make_atax(size_t m, size_t n) {
  atax_problem p;
  p.m = m;
  p.n = n;
  p.a.resize(m * n);
  p.x.resize(n);
  p.tmp.resize(m);
  p.y.resize(n);
  bench::fill(p.a, 51, -1, 1);
  bench::fill(p.x, 52, -1, 1);
  return p;
}

inline void atax(atax_problem& p, bool parallel) {
#pragma omp parallel for if (parallel)
  for (long i = 0; i < long(p.m); ++i) {
    float t = 0;
    for (size_t j = 0; j < p.n; ++j) t += p.a[size_t(i) * p.n + j] * p.x[j];
    p.tmp[size_t(i)] = t;
  }
#pragma omp parallel for if (parallel)
  for (long j = 0; j < long(p.n); ++j) {
    float s = 0;
    for (size_t i = 0; i < p.m; ++i) s += p.a[i * p.n + size_t(j)] * p.tmp[i];
    p.y[size_t(j)] = s;
  }
}

// ---- bicg (PolyBench): s = A^T r, q = A p ----

struct bicg_problem {
  size_t n = 0, m = 0;
  std::vector<float> a, r, p, s, q;  ///< a: n x m
};

inline bicg_problem make_bicg(size_t n, size_t m) {
  bicg_problem b;
  b.n = n;
  b.m = m;
  b.a.resize(n * m);
  b.r.resize(n);
  b.p.resize(m);
  b.s.resize(m);
  b.q.resize(n);
  bench::fill(b.a, 61, -1, 1);
  bench::fill(b.r, 62, -1, 1);
  bench::fill(b.p, 63, -1, 1);
  return b;
}

inline void bicg(bicg_problem& b, bool parallel) {
#pragma omp parallel for if (parallel)
  for (long j = 0; j < long(b.m); ++j) {
    float s = 0;
    for (size_t i = 0; i < b.n; ++i) s += b.r[i] * b.a[i * b.m + size_t(j)];
    b.s[size_t(j)] = s;
  }
#pragma omp parallel for if (parallel)
  for (long i = 0; i < long(b.n); ++i) {
    float q = 0;
    for (size_t j = 0; j < b.m; ++j) q += b.a[size_t(i) * b.m + j] * b.p[j];
    b.q[size_t(i)] = q;
  }
}

// ---- covariance (PolyBench), the full m x m matrix ----

struct covariance_problem {
  size_t n = 0, m = 0;             ///< n data points of m features
  std::vector<float> data0, data;  ///< n x m; the call centres `data` in place
  std::vector<float> mean, cov;    ///< m, m x m
};

inline covariance_problem make_covariance(size_t n, size_t m) {
  covariance_problem p;
  p.n = n;
  p.m = m;
  p.data0.resize(n * m);
  p.mean.resize(m);
  p.cov.resize(m * m);
  bench::fill(p.data0, 71);
  p.data = p.data0;
  return p;
}

inline void covariance(covariance_problem& p, bool parallel) {
  const size_t n = p.n, m = p.m;
#pragma omp parallel for if (parallel)
  for (long j = 0; j < long(m); ++j) {
    float s = 0;
    for (size_t i = 0; i < n; ++i) s += p.data[i * m + size_t(j)];
    p.mean[size_t(j)] = s / float(n);
  }
#pragma omp parallel for collapse(2) if (parallel)
  for (long i = 0; i < long(n); ++i)
    for (long j = 0; j < long(m); ++j) p.data[size_t(i) * m + size_t(j)] -= p.mean[size_t(j)];
#pragma omp parallel for collapse(2) if (parallel)
  for (long i = 0; i < long(m); ++i)
    for (long j = 0; j < long(m); ++j) {
      float s = 0;
      for (size_t k = 0; k < n; ++k) s += p.data[k * m + size_t(i)] * p.data[k * m + size_t(j)];
      p.cov[size_t(i) * m + size_t(j)] = s / float(n - 1);
    }
}

// ---- jacobi-2d (PolyBench): `steps` time steps of a 5-point average, A -> B -> A ----

struct jacobi_problem {
  size_t n = 0;
  int steps = 0;
  std::vector<float> a0, b0, a, b;
};

inline jacobi_problem make_jacobi(size_t n, int steps) {
  jacobi_problem p{n, steps, std::vector<float>(n * n), std::vector<float>(n * n), {}, {}};
  bench::fill(p.a0, 81);
  bench::fill(p.b0, 82);
  p.a = p.a0;
  p.b = p.b0;
  return p;
}

inline void jacobi_step(const std::vector<float>& in, std::vector<float>& out, size_t n,
                        bool parallel) {
#pragma omp parallel for collapse(2) if (parallel)
  for (long i = 1; i < long(n) - 1; ++i)
    for (long j = 1; j < long(n) - 1; ++j) {
      const size_t c = size_t(i) * n + size_t(j);
      out[c] = 0.2f * (in[c] + in[c - 1] + in[c + 1] + in[c + n] + in[c - n]);
    }
}

inline void jacobi(jacobi_problem& p, bool parallel) {
  for (int t = 0; t < p.steps; ++t) {
    jacobi_step(p.a, p.b, p.n, parallel);
    jacobi_step(p.b, p.a, p.n, parallel);
  }
}

// ---- fdtd-2d (PolyBench): `steps` time steps of a 2-D electromagnetic field update ----

struct fdtd_problem {
  size_t nx = 0, ny = 0;
  int steps = 0;
  std::vector<float> ex0, ey0, hz0, ex, ey, hz, fict;
};

inline fdtd_problem make_fdtd(size_t nx, size_t ny, int steps) {
  fdtd_problem p;
  p.nx = nx;
  p.ny = ny;
  p.steps = steps;
  p.ex0.resize(nx * ny);
  p.ey0.resize(nx * ny);
  p.hz0.resize(nx * ny);
  bench::fill(p.ex0, 91);
  bench::fill(p.ey0, 92);
  bench::fill(p.hz0, 93);
  p.fict.resize(size_t(steps));
  for (int t = 0; t < steps; ++t) p.fict[size_t(t)] = float(t);
  p.ex = p.ex0;
  p.ey = p.ey0;
  p.hz = p.hz0;
  return p;
}

inline void fdtd(fdtd_problem& p, bool parallel) {
  const long nx = long(p.nx), ny = long(p.ny);
  float* ex = p.ex.data();
  float* ey = p.ey.data();
  float* hz = p.hz.data();
  for (int t = 0; t < p.steps; ++t) {
#pragma omp parallel for if (parallel)
    for (long j = 0; j < ny; ++j) ey[j] = p.fict[size_t(t)];
#pragma omp parallel for collapse(2) if (parallel)
    for (long i = 1; i < nx; ++i)
      for (long j = 0; j < ny; ++j)
        ey[i * ny + j] = ey[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[(i - 1) * ny + j]);
#pragma omp parallel for collapse(2) if (parallel)
    for (long i = 0; i < nx; ++i)
      for (long j = 1; j < ny; ++j)
        ex[i * ny + j] = ex[i * ny + j] - 0.5f * (hz[i * ny + j] - hz[i * ny + j - 1]);
#pragma omp parallel for collapse(2) if (parallel)
    for (long i = 0; i < nx - 1; ++i)
      for (long j = 0; j < ny - 1; ++j)
        hz[i * ny + j] = hz[i * ny + j] - 0.7f * (ex[i * ny + j + 1] - ex[i * ny + j] +
                                                  ey[(i + 1) * ny + j] - ey[i * ny + j]);
  }
}

// ---- 2-D 3x3 convolution (PolyBench/GPU 2DCONV) ----

struct conv2d_problem {
  size_t ni = 0, nj = 0;
  std::vector<float> in, out;
};

inline conv2d_problem make_conv2d(size_t ni, size_t nj) {
  conv2d_problem p{ni, nj, std::vector<float>(ni * nj), std::vector<float>(ni * nj)};
  bench::fill(p.in, 101);
  return p;
}

inline void conv2d(conv2d_problem& p, bool parallel) {
  const long ni = long(p.ni), nj = long(p.nj);
  const float* a = p.in.data();
  float* b = p.out.data();
#pragma omp parallel for collapse(2) if (parallel)
  for (long i = 1; i < ni - 1; ++i)
    for (long j = 1; j < nj - 1; ++j)
      b[i * nj + j] = 0.2f * a[(i - 1) * nj + j - 1] + 0.5f * a[(i - 1) * nj + j] -
                      0.8f * a[(i - 1) * nj + j + 1] - 0.3f * a[i * nj + j - 1] +
                      0.6f * a[i * nj + j] - 0.9f * a[i * nj + j + 1] +
                      0.4f * a[(i + 1) * nj + j - 1] + 0.7f * a[(i + 1) * nj + j] +
                      0.1f * a[(i + 1) * nj + j + 1];
}

// ---- Euclidean norm: a sum reduction ----

struct norm_problem {
  std::vector<float> x;
  double result = 0;
};

inline norm_problem make_norm(size_t n) {
  norm_problem p{std::vector<float>(n), 0};
  bench::fill(p.x, 111, -1, 1);
  return p;
}

inline void norm(norm_problem& p, bool parallel) {
  double s = 0;
  const long n = long(p.x.size());
#pragma omp parallel for reduction(+ : s) if (parallel)
  for (long i = 0; i < n; ++i) s += double(p.x[size_t(i)]) * double(p.x[size_t(i)]);
  p.result = std::sqrt(s);
}

// ---- Slice statements: saxpy, and a 5-point stencil through 2-D slices ----

struct saxpy_problem {
  float a = 0.5f;
  std::vector<float> x, y, y0;
};

inline saxpy_problem make_saxpy(size_t n) {
  saxpy_problem p{0.5f, std::vector<float>(n), std::vector<float>(n), {}};
  bench::fill(p.x, 121, -1, 1);
  bench::fill(p.y, 122, -1, 1);
  p.y0 = p.y;
  return p;
}

inline void saxpy(saxpy_problem& p, bool parallel) {
  const long n = long(p.x.size());
#pragma omp parallel for if (parallel)
  for (long i = 0; i < n; ++i) p.y[size_t(i)] = p.a * p.x[size_t(i)] + p.y[size_t(i)];
}

struct stencil_problem {
  size_t rows = 0, cols = 0;
  std::vector<float> u, v;
};

inline stencil_problem make_stencil(size_t rows, size_t cols) {
  stencil_problem p{rows, cols, std::vector<float>(rows * cols), std::vector<float>(rows * cols)};
  bench::fill(p.u, 131, 0, 1);
  return p;
}

/// v(1:r-1, 1:c-1) = 0.25 * (u(i-1, j) + u(i+1, j) + u(i, j-1) + u(i, j+1)).
inline void stencil(stencil_problem& p, bool parallel) {
  const long r = long(p.rows), c = long(p.cols);
#pragma omp parallel for if (parallel)
  for (long i = 1; i < r - 1; ++i)
    for (long j = 1; j < c - 1; ++j)
      p.v[size_t(i * c + j)] = 0.25f * (p.u[size_t((i - 1) * c + j)] + p.u[size_t((i + 1) * c + j)] +
                                        p.u[size_t(i * c + j - 1)] + p.u[size_t(i * c + j + 1)]);
}

}  // namespace ref

#endif  // CLPAR_BENCH_REFERENCE_SERIAL_HPP
