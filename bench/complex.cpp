// bench/complex.cpp - std::complex in kernels against the same loops written over floats:
// kernel time of a Mandelbrot set (compute-bound: std::complex's operators and std::norm
// become the kernel program's helper functions) and of an element-wise product of two
// vectors (memory-bound: a view of std::complex<float> read and written as 8-byte structs,
// against the same numbers interleaved in a view of float).
//
//   complex [N] [REPEAT]      run with CLPAR_DEVICE=opencl-gpu (or opencl)
//
// The Mandelbrot set is N/4 x N/4 points of at most 256 steps; the product has N elements.
// The float loops do the same operations in the same order, so both forms' results must
// be equal (checked).
#include <clpar/clpar.hpp>

#include "support/kernel_time.hpp"

#include <complex>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

void mandel_complex(clpar::view<int, 2> out, float x0, float y0, float d) {
  for (auto i : clpar::prange(out.extent(0))) {
    for (auto j : clpar::prange(out.extent(1))) {
      const std::complex<float> c(x0 + d * float(j), y0 + d * float(i));
      std::complex<float> z = c;
      int k = 0;
      while (k < 256 && std::norm(z) <= 4.0f) {
        z = z * z + c;
        ++k;
      }
      out(i, j) = k;
    }
  }
}

void mandel_floats(clpar::view<int, 2> out, float x0, float y0, float d) {
  for (auto i : clpar::prange(out.extent(0))) {
    for (auto j : clpar::prange(out.extent(1))) {
      const float cr = x0 + d * float(j), ci = y0 + d * float(i);
      float zr = cr, zi = ci;
      int k = 0;
      while (k < 256 && zr * zr + zi * zi <= 4.0f) {
        const float r = zr * zr - zi * zi, m = zr * zi + zi * zr;
        zr = r + cr;
        zi = m + ci;
        ++k;
      }
      out(i, j) = k;
    }
  }
}

void product_complex(clpar::view<const std::complex<float>> a,
                     clpar::view<const std::complex<float>> b,
                     clpar::view<std::complex<float>> c) {
  for (auto i : clpar::prange(c.size()))
    c[i] = a[i] * b[i];
}

void product_floats(clpar::view<const float> a, clpar::view<const float> b,
                    clpar::view<float> c) {
  for (auto i : clpar::prange(c.size() / 2)) {
    const float ar = a[2 * i], ai = a[2 * i + 1], br = b[2 * i], bi = b[2 * i + 1];
    c[2 * i] = ar * br - ai * bi;
    c[2 * i + 1] = ar * bi + ai * br;
  }
}

}  // namespace

int main(int argc, char** argv) {
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : std::size_t{1} << 24;
  const int repeat = argc > 2 ? std::atoi(argv[2]) : 9;
  std::size_t w = 1;
  while (w * w < n / 16) w *= 2;  // (N/4)^2 points
  std::vector<int> mc(w * w), mf(w * w);
  const float d = 3.0f / float(w);
  const double t_mc = bench::kernel_seconds(repeat, [&] {
    mandel_complex(clpar::view<int, 2>(mc.data(), w, w), -2.0f, -1.5f, d);
  });
  const double t_mf = bench::kernel_seconds(repeat, [&] {
    mandel_floats(clpar::view<int, 2>(mf.data(), w, w), -2.0f, -1.5f, d);
  });
  std::vector<std::complex<float>> a(n), b(n), c(n);
  for (std::size_t k = 0; k < n; ++k) {
    a[k] = {float(int(k % 7)) - 3.0f, 0.5f * float(int(k % 5))};
    b[k] = {0.25f * float(int(k % 9)), float(int(k % 3)) - 1.0f};
  }
  std::vector<float> af(2 * n), bf(2 * n), cf(2 * n);
  for (std::size_t k = 0; k < n; ++k) {
    af[2 * k] = a[k].real();
    af[2 * k + 1] = a[k].imag();
    bf[2 * k] = b[k].real();
    bf[2 * k + 1] = b[k].imag();
  }
  const double t_pc = bench::kernel_seconds(repeat, [&] {
    product_complex(clpar::view<const std::complex<float>>(a),
                    clpar::view<const std::complex<float>>(b), clpar::view<std::complex<float>>(c));
  });
  const double t_pf = bench::kernel_seconds(repeat, [&] {
    product_floats(clpar::view<const float>(af), clpar::view<const float>(bf),
                   clpar::view<float>(cf));
  });
  std::size_t differ = 0;
  for (std::size_t k = 0; k < w * w; ++k) differ += mc[k] != mf[k];
  bool ok = differ == 0;
  for (std::size_t k = 0; k < n && ok; ++k)
    ok = c[k].real() == cf[2 * k] && c[k].imag() == cf[2 * k + 1];
  std::printf("| loop | std::complex, us | floats, us | complex / floats |\n");
  std::printf("|---|---:|---:|---:|\n");
  std::printf("| Mandelbrot %zux%zu, 256 steps | %.1f | %.1f | %.2fx |\n", w, w, t_mc * 1e6,
              t_mf * 1e6, t_mc / t_mf);
  std::printf("| product of %zu complex numbers | %.1f | %.1f | %.2fx |\n", n, t_pc * 1e6,
              t_pf * 1e6, t_pc / t_pf);
  std::printf("median of %d; results %s (%zu points differ)\n", repeat, ok ? "equal" : "DIFFER",
              differ);
  return ok ? 0 : 1;
}
