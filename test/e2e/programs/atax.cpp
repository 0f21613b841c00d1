// e2e: PolyBench atax, y = A^T (A x), as two 1-D pranges with inner serial loops (the
// second reads the first's result); integer-valued doubles, so every sum is exact.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void atax(clpar::view<const double, 2> a, const std::vector<double>& x, std::vector<double>& tmp,
          std::vector<double>& y) {
  for (auto i : clpar::prange(a.extent(0))) {
    double t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j) * x[j];
    tmp[i] = t;
  }
  for (auto j : clpar::prange(a.extent(1))) {
    double s = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) s += a(i, j) * tmp[i];
    y[j] = s;
  }
}

int main() {
  const std::size_t m = 38, n = 42;
  std::vector<double> a(m * n), x(n), tmp(m), y(n);
  for (std::size_t i = 0; i < m; ++i)
    for (std::size_t j = 0; j < n; ++j) a[i * n + j] = double(int((i + j * 3) % 13) - 6);
  for (std::size_t j = 0; j < n; ++j) x[j] = 1.0 + double(j % 4);
  atax(clpar::view<const double, 2>(a.data(), m, n), x, tmp, y);
  double tsum = 0, ysum = 0;
  for (std::size_t i = 0; i < m; ++i) tsum += double(i + 1) * tmp[i];
  for (std::size_t j = 0; j < n; ++j) ysum += double(j + 1) * y[j];
  std::printf("tmp=%.1f y=%.1f y[0]=%.1f y[last]=%.1f\n", tsum, ysum, y[0], y.back());
}
