// bench/inner_reductions.cpp - iterations that reduce over an inner loop (the kernel's split
// form, runtime/launch/inner_split.hpp): kernel time of matrix-vector products in both
// orientations over several shapes, with the split form (as the runtime chooses it) and
// without (CLPAR_SPLIT_LANES=0: one work-item per iteration), side by side in one process.
//
//   inner_reductions [REPEAT]      run with CLPAR_DEVICE=opencl-gpu (or opencl)
//
// A CLPAR_SPLIT_LANES set when it starts applies to the split column (to compare shapes).
//
// Rows: `y[i] = sum over j of a(i, j) * x[j]` (each iteration reads one row); columns:
// `y[j] = sum over i of a(i, j) * x[i]` (neighbouring iterations read neighbouring
// elements).  GB/s counts the matrix once (what bounds both); every result is checked
// against a serial sum in double.
#include <clpar/clpar.hpp>
#include <clpar/rt/stats.hpp>

#include "support/kernel_time.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

void rows(clpar::view<const float, 2> a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(a.extent(0))) {
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j) * x[j];
    y[i] = t;
  }
}

void columns(clpar::view<const float, 2> a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto j : clpar::prange(a.extent(1))) {
    float t = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) t += a(i, j) * x[i];
    y[j] = t;
  }
}


/// The largest difference from a serial sum in double, relative to the largest magnitude.
double error_of(const std::vector<float>& a, std::size_t m, std::size_t n,
                const std::vector<float>& x, const std::vector<float>& y, bool by_rows) {
  double worst = 0, scale = 0;
  const std::size_t outputs = by_rows ? m : n, length = by_rows ? n : m;
  for (std::size_t o = 0; o < outputs; ++o) {
    double s = 0;
    for (std::size_t k = 0; k < length; ++k)
      s += double(by_rows ? a[o * n + k] : a[k * n + o]) * double(x[k]);
    worst = std::max(worst, std::fabs(s - double(y[o])));
    scale = std::max(scale, std::fabs(s));
  }
  return scale > 0 ? worst / scale : worst;
}

}  // namespace

int main(int argc, char** argv) {
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 9;
  const char* const lanes = std::getenv("CLPAR_SPLIT_LANES");
  const std::string forced = lanes != nullptr ? lanes : "";
  const std::size_t shapes[][2] = {{3800, 4200}, {4200, 3800}, {1024, 1024}, {16384, 256},
                                   {256, 16384}, {100000, 64}, {64, 100000}};
  std::printf("| product | shape | general us | split us | speed-up | split GB/s | error |\n");
  std::printf("|---|---|---:|---:|---:|---:|---:|\n");
  bool ok = true;
  for (const auto& shape : shapes) {
    const std::size_t m = shape[0], n = shape[1];
    std::vector<float> a(m * n);
    for (std::size_t k = 0; k < a.size(); ++k) a[k] = float(int(k * 7 % 19) - 9) / 8.0f;
    const clpar::view<const float, 2> av(a.data(), m, n);
    for (const bool by_rows : {true, false}) {
      std::vector<float> x(by_rows ? n : m), y(by_rows ? m : n);
      for (std::size_t k = 0; k < x.size(); ++k) x[k] = float(k % 5) / 4.0f;
      const auto run = [&] { by_rows ? rows(av, x, y) : columns(av, x, y); };
      ::setenv("CLPAR_SPLIT_LANES", "0", 1);
      const double general = bench::kernel_seconds(repeat, run);
      if (forced.empty())
        ::unsetenv("CLPAR_SPLIT_LANES");
      else
        ::setenv("CLPAR_SPLIT_LANES", forced.c_str(), 1);
      const double split = bench::kernel_seconds(repeat, run);
      const double error = error_of(a, m, n, x, y, by_rows);
      ok &= error < 1e-4;
      std::printf("| %s | %zux%zu | %.1f | %.1f | %.2fx | %.0f | %.1e |\n",
                  by_rows ? "rows" : "columns", m, n, general * 1e6, split * 1e6,
                  split > 0 ? general / split : 0.0, split > 0 ? 4.0 * m * n / split / 1e9 : 0.0,
                  error);
    }
  }
  if (!ok) std::fprintf(stderr, "inner_reductions: a result differs from the serial sum\n");
  return ok ? 0 : 1;
}
