// bench/shared_devices.cpp - loops shared out over several devices (.on(clpar::all_devices),
// runtime/launch/shared_call.hpp) against one device, as CLPAR_DEVICE chooses:
//
//   CLPAR_DEVICE=0:0 shared_devices [REPEAT]   one device: every loop runs there alone
//   CLPAR_DEVICE=all shared_devices [REPEAT]   shared out over every usable device
//
// bench/shared_devices.sh runs them and prints the ratios.  Each workload's loops are
// in a function of their own (a data scope: the arrays stay on the devices between its
// calls; no host code in it, which would bring them home): first run for warm_calls calls
// (kernel builds, each device's first shares, auto's weighing), then timed for REPEAT
// calls, the uploads at the start and the results' way home at the end included; results
// are checked after.
//   nbody     n bodies, each summing the pull of all n (compute-bound, little data)
//   matmul    an n x n product by rows (compute-bound; each device needs all of b)
//   jacobi    a 2-D five-point sweep in a time loop (memory-bound: the devices trade their
//             edge rows through the host every sweep)
#include <clpar/clpar.hpp>

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

using clock_type = std::chrono::steady_clock;

constexpr int warm_calls = 4;  // under auto: two calls shared out, two on one device

void nbody(clpar::view<const float> x, clpar::view<const float> y, clpar::view<const float> z,
           clpar::view<float> ax, clpar::view<float> ay, clpar::view<float> az, int calls) {
  const std::size_t n = x.size();
  for (int r = 0; r < calls; ++r) {
    for (auto i : clpar::prange(n).on(clpar::all_devices)) {
      float sx = 0, sy = 0, sz = 0;
      for (std::size_t j = 0; j < n; ++j) {
        const float dx = x[j] - x[i], dy = y[j] - y[i], dz = z[j] - z[i];
        const float d2 = dx * dx + dy * dy + dz * dz + 1e-3f;
        const float inv = 1.0f / (d2 * std::sqrt(d2));
        sx += dx * inv;
        sy += dy * inv;
        sz += dz * inv;
      }
      ax[i] = sx;
      ay[i] = sy;
      az[i] = sz;
    }
  }
}

void matmul(clpar::view<const float, 2> a, clpar::view<const float, 2> b, clpar::view<float, 2> c,
            int calls) {
  for (int r = 0; r < calls; ++r) {
    for (auto i : clpar::prange(c.extent(0)).on(clpar::all_devices))
      for (auto j : clpar::prange(c.extent(1))) {
        float s = 0;
        for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * b(k, j);
        c(i, j) = s;
      }
  }
}

void jacobi(clpar::view<float, 2> u, clpar::view<float, 2> v, int calls) {
  const std::size_t n = u.extent(0);
  for (int r = 0; r < calls; ++r) {
    for (auto i : clpar::prange(std::size_t{1}, n - 1).on(clpar::all_devices))
      for (auto j : clpar::prange(std::size_t{1}, n - 1))
        v(i, j) = 0.2f * (u(i, j) + u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1));
    for (auto i : clpar::prange(std::size_t{1}, n - 1).on(clpar::all_devices))
      for (auto j : clpar::prange(std::size_t{1}, n - 1))
        u(i, j) = 0.2f * (v(i, j) + v(i - 1, j) + v(i + 1, j) + v(i, j - 1) + v(i, j + 1));
  }
}

/// Seconds per call of `run(calls)` after `run(warm_calls)`.
template <class F>
double per_call(F run, int repeat) {
  run(warm_calls);
  const clock_type::time_point start = clock_type::now();
  run(repeat);
  return std::chrono::duration<double>(clock_type::now() - start).count() / repeat;
}

void report(const char* name, std::size_t n, double seconds, double check) {
  std::printf("%-8s n=%-6zu %10.3f ms/call  check %.6g\n", name, n, seconds * 1e3, check);
}

}  // namespace

int main(int argc, char** argv) {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 10;
  if (repeat < 1) {
    std::fprintf(stderr, "usage: shared_devices [REPEAT >= 1]\n");
    return 2;
  }
  {
    const std::size_t n = 65536;
    std::vector<float> x(n), y(n), z(n), ax(n), ay(n), az(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = std::sin(0.001f * float(i));
      y[i] = std::cos(0.0007f * float(i));
      z[i] = float(i % 97) * 0.01f;
    }
    const double seconds =
        per_call([&](int calls) { nbody(x, y, z, ax, ay, az, calls); }, repeat);
    double check = 0;
    for (std::size_t i = 0; i < n; i += 97) check += ax[i] + ay[i] + az[i];
    report("nbody", n, seconds, check);
  }
  {
    const std::size_t n = 4096;
    std::vector<float> a(n * n), b(n * n), c(n * n);
    for (std::size_t k = 0; k < n * n; ++k) {
      a[k] = float(int(k % 13) - 6) * 0.125f;
      b[k] = float(int(k % 7) - 3) * 0.25f;
    }
    const double seconds = per_call(
        [&](int calls) {
          matmul(clpar::view<const float, 2>(a.data(), n, n),
                 clpar::view<const float, 2>(b.data(), n, n), clpar::view<float, 2>(c.data(), n, n),
                 calls);
        },
        repeat);
    // Spot checks against a serial sum.
    double worst = 0;
    for (std::size_t i = 0; i < n; i += 511)
      for (std::size_t j = 0; j < n; j += 509) {
        double s = 0;
        for (std::size_t k = 0; k < n; ++k) s += double(a[i * n + k]) * double(b[k * n + j]);
        worst = std::max(worst, std::fabs(s - double(c[i * n + j])));
      }
    report("matmul", n, seconds, worst);
    if (worst > 1e-2) {
      std::fprintf(stderr, "matmul: a result is off by %g\n", worst);
      return 1;
    }
  }
  {
    const std::size_t n = 4096;
    std::vector<float> u(n * n, 0.0f), v(n * n, 0.0f);
    for (std::size_t j = 0; j < n; ++j) u[j] = v[j] = 1.0f;
    const double seconds = per_call(
        [&](int calls) {
          jacobi(clpar::view<float, 2>(u.data(), n, n), clpar::view<float, 2>(v.data(), n, n), calls);
        },
        repeat);
    double check = 0;
    for (std::size_t i = 0; i < n; i += 7) check += u[i * n + n / 2];
    report("jacobi", n, seconds, check);
  }
}
