// bench/slices.cpp - slice expressions at memory speed (issue 4): kernel bandwidth of
// fused slice statements at 2^28 elements, against a plain copy through the same path.
//
// Bytes counted per element are those a kernel must move: copy and where 8 (read +
// write), saxpy 12 (x, y read, y written; also one element off alignment), the 5-point
// stencil 8 (the four reads of each element come from neighbouring rows the caches
// share; one read and one write reach memory), the strided sum of squares 4 (one float
// read per selected element, half of v).
#include <clpar/clpar.hpp>
#include <clpar/rt/stats.hpp>

#include "support/kernel_time.hpp"

#include <cstdio>
#include <cstdlib>
#include <vector>

using clpar::all;
using clpar::slice;

int main(int argc, char** argv) {
  // Kernel times (clpar/rt/stats.hpp) are measured only on request.
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
  const int shift = argc > 2 ? std::atoi(argv[2]) : 28;  // 2^shift elements
  const std::ptrdiff_t n = std::ptrdiff_t(1) << shift;
  std::vector<float> xs(n, 1.0f), ys(n, 2.0f);
  clpar::view<float> x(xs), y(ys);
  const float a = 0.5f;
  float sink = 0;

  const double copy = bench::kernel_seconds(repeat, [&] { y[all] = x; });
  const double saxpy = bench::kernel_seconds(repeat, [&] { y[all] = a * x + y; });
  // The same one element off: the destination and its source one element into y.
  const double shifted = bench::kernel_seconds(repeat, [&] {
    y[slice(1, n)] = a * x[slice(0, n - 1)] + y[slice(1, n)];
  });
  // Not a vector statement (a comparison): four per work-item, one by one.
  const double clamp =
      bench::kernel_seconds(repeat, [&] { y[all] = clpar::where(x > 0.0f, x, 0.0f); });
  const std::ptrdiff_t side = std::ptrdiff_t(1) << (shift / 2);
  clpar::view<float, 2> u(xs.data(), side, n / side), v(ys.data(), side, n / side);
  const std::ptrdiff_t r = u.extent(0), c = u.extent(1);
  const double stencil = bench::kernel_seconds(repeat, [&] {
    v(slice(1, r - 1), slice(1, c - 1)) =
        0.25f * (u(slice(0, r - 2), slice(1, c - 1)) + u(slice(2, r), slice(1, c - 1)) +
                 u(slice(1, r - 1), slice(0, c - 2)) + u(slice(1, r - 1), slice(2, c)));
  });
  const double sum = bench::kernel_seconds(repeat, [&] {
    sink += clpar::sum(x[slice(0, n, 2)] * x[slice(0, n, 2)]);
  });

  const auto gbs = [&](double bytes, double s) { return bytes / s * 1e-9; };
  const double copy_bw = gbs(8.0 * n, copy);
  std::printf("| statement (2^%d floats) | kernel ms | GB/s | of copy kernel |\n", shift);
  std::printf("|---|---:|---:|---:|\n");
  const auto row = [&](const char* name, double bytes, double s) {
    std::printf("| %s | %.3f | %.0f | %.0f%% |\n", name, s * 1e3, gbs(bytes, s),
                100 * gbs(bytes, s) / copy_bw);
  };
  row("`y[all] = x` (copy)", 8.0 * n, copy);
  row("`y[all] = a * x + y`", 12.0 * n, saxpy);
  row("`y[1:] = a * x[:-1] + y[1:]` (unaligned)", 12.0 * double(n - 1), shifted);
  row("`y[all] = where(x > 0, x, 0)`", 8.0 * n, clamp);
  row("5-point stencil through 2-D slices", 8.0 * double(r - 2) * double(c - 2), stencil);
  row("`sum(x[::2] * x[::2])`", 4.0 * double(n / 2), sum);
  std::fprintf(stderr, "checksum %g\n", double(sink));
  return 0;
}
