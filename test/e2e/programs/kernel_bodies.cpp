// e2e: what a kernel body may hold besides arithmetic, views and plain loops: switch
// (an init-statement, fallthrough, [[fallthrough]], GNU case ranges, default), std::clamp,
// std::min and std::max (two arguments and an initializer list) on floats with NaN
// operands, <cmath> on int (computed in double, as C++'s overloads do), constexpr tables
// and constexpr calls, private std::array accumulators, and a function template called
// for float and for int.
//
// Every result is exact in every variant: floats are small multiples of powers of two,
// the NaNs all have the same bits and are only passed through (or added to), and on int
// the math functions used are correctly rounded in double (sqrt, floor, fmod, division)
// or rounded to integers far from any tie (lround of cbrt, of k / 3.0).  Values above
// 2^24 tell double from float.  A line that starts a region ends in "region: N", the
// number of times the program calls it (sites.sh).
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <type_traits>
#include <vector>

namespace {

/// The number of bits set in each value of a nibble: a __constant table in the kernel.
constexpr std::array<int, 16> nibble_bits = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/// A binomial filter's weights, in sixteenths: another table, a built-in array of float.
constexpr float binomial[5] = {1.0f / 16, 4.0f / 16, 6.0f / 16, 4.0f / 16, 1.0f / 16};

/// Called with constant arguments in the loops: the kernels hold the value.
constexpr int cube(int x) { return x * x * x; }

/// 1 where C++ evaluates the call as a constant expression, 0 where it runs.
constexpr int in_constant_evaluation() { return std::is_constant_evaluated() ? 1 : 0; }

/// a moved toward b by step quarters of the way; integers round toward zero.  Translated
/// once for float and once for int, each with its own branch of the if constexpr.
template <class T>
T blend(T a, T b, int step) {
  if constexpr (std::is_floating_point_v<T>)
    return a + (b - a) * (T(step) * T(0.25));
  else
    return a + (b - a) * step / 4;
}

/// Sorts each value into a bucket of tenths of its clamped value, through a switch with
/// an init-statement, case ranges, fallthroughs and a default; clamps f by float bounds.
void classify(clpar::view<const int> k, clpar::view<int> code, clpar::view<float> f) {
  for (auto i : clpar::prange(code.size())) {  // region: 2
    const int c = std::clamp(k[i], -50, 50);
    int r = 0;
    switch (int bucket = c / 10; bucket) {
    case -5 ... -1:
      r = -1 - (c & 1);
      break;
    case 0:
      r = 100;
      [[fallthrough]];
    case 1:
    case 2:
      r += bucket * 3;
      break;
    case 3 ... 4:
      if (c % 2 == 0) {
        r = 7;
        break;
      }
      r = 9;
      // falls through
    case 6:  // never reached by a jump: c is at most 50
      r *= 2;
      break;
    default:
      r = 1000 + bucket;
    }
    code[i] = r;
    f[i] = std::clamp(f[i], -2.5f, 2.5f) + float(r % 4);
  }
}

/// std::min, std::max and std::clamp as C++ defines them, where NaN operands and ties
/// decide which argument comes back; which tells which results are NaN.
void order(clpar::view<const float> a, clpar::view<const float> b, clpar::view<float> lo,
           clpar::view<float> hi, clpar::view<float> mid, clpar::view<int> which) {
  for (auto i : clpar::prange(a.size())) {  // region: 1
    lo[i] = std::min(a[i], b[i]);
    hi[i] = std::max(a[i], b[i]);
    mid[i] = std::clamp(a[i], -1.0f, 1.0f) + std::min({b[i], a[i], 0.5f}) +
             std::max({a[i], -0.5f, b[i]});
    which[i] = std::isnan(lo[i]) + 2 * std::isnan(hi[i]) + 4 * std::isnan(mid[i]) +
               8 * std::signbit(lo[i]) + 16 * std::signbit(hi[i]);
  }
}

/// <cmath> on int: each call converts its argument to double, as C++'s overloads for
/// integer types do.
void integer_math(clpar::view<const int> k, clpar::view<double> root, clpar::view<double> sum,
                  clpar::view<int> rounded, clpar::view<int> flags) {
  for (auto i : clpar::prange(k.size())) {  // region: 1
    root[i] = std::sqrt(std::abs(k[i]));
    // Functions whose results OpenCL requires exact (pow may be 16 ulp off on a device).
    sum[i] = std::ldexp(k[i] % 1000, 2) + std::floor(k[i]) + std::fmod(k[i], 7) +
             std::fabs(k[i]);
    rounded[i] = int(std::lround(k[i] / 3.0)) + int(std::lround(std::cbrt(k[i])));
    flags[i] = std::signbit(k[i]) + 2 * std::isfinite(k[i]) + 4 * std::isnan(k[i]) +
               8 * std::isgreater(k[i], 16777216);
  }
}

/// Counts the bits of each value through the nibble table; constexpr values and calls.
void count_bits(clpar::view<const int> k, clpar::view<int> bits) {
  constexpr int nibbles = 32 / 4;
  for (auto i : clpar::prange(bits.size())) {  // region: 1
    const unsigned x = unsigned(k[i]);
    int c = 0;
    for (int s = 0; s < nibbles; ++s)
      c += nibble_bits[(x >> (4 * s)) & 15u];
    const int constant = in_constant_evaluation();  // a constant expression: 1
    int running = in_constant_evaluation();         // evaluated as the program runs: 0
    bits[i] = c + cube(3) * 100 + constant * 10000 + running * 100000 +
              int(nibble_bits.size()) * 1000000;
  }
}

/// A 5-tap filter whose products are gathered in a private std::array, with a private
/// histogram of the input's signs beside it.
void smooth(clpar::view<const float> in, clpar::view<float> out, clpar::view<int> signs) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    std::array<float, 5> taps{};
    std::array<int, 3> hist = {1};  // the rest are zero
    for (std::size_t t = 0; t < taps.size(); ++t) {
      const float x = in[(i + t) % in.size()];
      taps[t] = x * binomial[t];
      hist[x < 0.0f ? 0 : (x == 0.0f ? 1 : 2)] += 1;
    }
    float s = 0.0f;
    for (std::size_t t = 0; t < taps.size(); ++t)
      s += taps[t];
    out[i] = s + taps.front() - taps.back();
    signs[i] = hist[0] * 100 + hist[1] * 10 + hist.back();
  }
}

/// blend<float> and blend<int> in one kernel.
void blends(clpar::view<float> f, clpar::view<const float> g, clpar::view<int> k,
            clpar::view<const int> m) {
  for (auto i : clpar::prange(f.size())) {  // region: 1
    f[i] = blend(f[i], g[i], int(i % 5));
    k[i] = blend(k[i], m[i], int(i % 5));
  }
}

/// Integers in [-period/2, period/2) spread by a prime step.
std::vector<int> integers(std::size_t n, int period, int start = 0) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = int((i * 37 + 11) % period) - period / 2 + start;
  return v;
}

/// Quarters in [-4, 4) spread by the prime step mul, with a NaN at every step-th element
/// from first.
std::vector<float> quarters(std::size_t n, std::size_t step, std::size_t first,
                            std::size_t mul = 13) {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i)
    v[i] = i % step == first ? nan : float(int((i * mul + 5) % 32) - 16) * 0.25f;
  return v;
}

}  // namespace

int main() {
  const std::size_t n = 1021;

  for (std::size_t size : {n, std::size_t(97)}) {
    const std::vector<int> k = integers(size, 130);
    std::vector<int> code(size);
    std::vector<float> f = quarters(size, 1000, 999);
    classify(k, code, f);
    show("classify code", code);
    show("classify f", f);
  }

  {
    const std::vector<float> a = quarters(n, 5, 2), b = quarters(n, 7, 3, 7);
    std::vector<float> lo(n), hi(n), mid(n);
    std::vector<int> which(n);
    order(a, b, lo, hi, mid, which);
    show("order lo", lo);
    show("order hi", hi);
    show("order mid", mid);
    show("order which", which);
  }

  {
    std::vector<int> k = integers(n, 2000000);
    for (std::size_t i = 0; i < n; i += 3) k[i] = 16777217 + int(i) * 1001;  // above 2^24
    k[5] = std::numeric_limits<int>::max();
    k[7] = std::numeric_limits<int>::min() + 1;
    std::vector<double> root(n), sum(n);
    std::vector<int> rounded(n), flags(n);
    integer_math(k, root, sum, rounded, flags);
    show("integer_math root", root);
    show("integer_math sum", sum);
    show("integer_math rounded", rounded);
    show("integer_math flags", flags);
  }

  {
    std::vector<int> k = integers(n, 1 << 30, 12345);
    k[0] = -1;
    k[1] = std::numeric_limits<int>::min();
    std::vector<int> bits(n);
    count_bits(k, bits);
    show("count_bits", bits);
  }

  {
    std::vector<float> in = quarters(n, n + 1, n);  // no NaN
    for (std::size_t i = 0; i < n; i += 11) in[i] = 0.0f;
    std::vector<float> out(n);
    std::vector<int> signs(n);
    smooth(in, out, signs);
    show("smooth out", out);
    show("smooth signs", signs);
  }

  {
    std::vector<float> f = quarters(n, n + 1, n), g = quarters(n, n + 1, n, 29);
    std::vector<int> k = integers(n, 4000), m = integers(n, 1000, 77);
    blends(f, g, k, m);
    show("blends f", f);
    show("blends k", k);
  }
}
