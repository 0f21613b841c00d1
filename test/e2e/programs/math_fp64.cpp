// e2e: std:: math functions on float and double whose results are exact (sqrt of squares,
// floor/ceil/round/trunc of halves, fabs/fmin/fmax/copysign/abs, small integer powers) and
// a function template helper, on the device in fp64 and fp32.
#include <clpar/clpar.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

template <class T>
T clamp01(T x) {
  return x < T(0) ? T(0) : (x > T(1) ? T(1) : x);
}

int main() {
  const std::size_t n = 203;
  std::vector<double> x(n), dout(n * 8);
  std::vector<float> xf(n), fout(n * 6);
  std::vector<int> iout(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = double(int(i) - 101) * 0.5;  // halves and integers in [-50.5, 50.5]
    xf[i] = float(x[i]) * 0.0625f;      // sixteenths in about [-3.2, 3.2]
  }
  const std::array<double, 4> powers{0.0, 1.0, 2.0, 3.0};
  for (auto i : clpar::prange(n)) {
    const double v = x[i];
    dout[i * 8 + 0] = std::sqrt(double(i * i));  // exact for perfect squares
    dout[i * 8 + 1] = std::floor(v) + 100.0 * std::ceil(v);
    dout[i * 8 + 2] = std::round(v) + 1000.0 * std::trunc(v);
    dout[i * 8 + 3] = std::fabs(v) + std::fmin(v, 3.5) - std::fmax(v, -2.0);
    dout[i * 8 + 4] = std::copysign(double(i % 5), v);
    dout[i * 8 + 5] = std::round(std::pow(double(i % 7) - 3.0, powers[i % 4]));
    dout[i * 8 + 6] = clamp01(v * 0.125);
    dout[i * 8 + 7] = std::abs(v) * 2.0;
    iout[i] = std::abs(int(i) - 100) + std::abs(-int(i % 9));
  }
  for (auto i : clpar::prange(n)) {
    const float v = xf[i];
    fout[i * 6 + 0] = std::sqrt(float((i % 41) * (i % 41)));
    fout[i * 6 + 1] = std::floor(v * 2.0f) - std::ceil(v * 2.0f) + std::round(v * 4.0f);
    fout[i * 6 + 2] = std::trunc(v * 8.0f) + std::fabs(v);
    fout[i * 6 + 3] = std::fmin(v, 0.5f) * std::fmax(v, -1.0f) + std::copysign(1.0f, v);
    fout[i * 6 + 4] = std::round(std::pow(v * 4.0f, 2.0f));
    fout[i * 6 + 5] = clamp01(v) + clamp01(v * 0.5f + 0.5f);
  }
  // Every result is a multiple of 1/2^12, far from overflowing: scaled sums are exact.
  long long ds = 0, fs = 0, is = 0;
  for (std::size_t i = 0; i < dout.size(); ++i)
    ds += (long long)(i % 13 + 1) * std::llround(dout[i] * 4096.0);
  for (std::size_t i = 0; i < fout.size(); ++i)
    fs += (long long)(i % 13 + 1) * std::llround(fout[i] * 4096.0f);
  for (std::size_t i = 0; i < n; ++i) is += (long long)(i + 1) * iout[i];
  std::printf("double=%lld float=%lld int=%lld\n", ds, fs, is);
  std::printf("sqrt=%.1f pow=%.1f clamp=%.4f fclamp=%.4f\n", dout[8 * 57], dout[8 * 47 + 5],
              dout[8 * 110 + 6], double(fout[6 * 160 + 5]));
}
