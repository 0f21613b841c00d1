// e2e: every reduction form of SPEC 1.3 (+= -= *= &= |= ^=, std::min/max and clpar::min/max
// as x = f(x, e)), float and double sums of exact values, several reductions in one loop,
// 2-D and 3-D nests, an empty range and sizes that are not multiples of 256.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <vector>

int main() {
  const std::size_t n = 1001;
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = int((i * 37) % 1009) - 500;
  long long sum = 0, diff = 1000000;
  std::uint32_t prod = 1, ands = 0xFFFFFFFFu, ors = 0, xors = 0;
  int sign = 1, lo = 1 << 30, hi = -(1 << 30), clo = 1 << 30, chi = -(1 << 30);
  for (auto i : clpar::prange(n)) {
    const std::uint32_t u = std::uint32_t(v[i] + 600);
    sum += v[i];
    diff -= v[i] * 2;
    prod *= 2 * u + 1;  // wraps modulo 2^32, which is associative
    sign *= v[i] % 7 == 0 ? -1 : 1;
    ands &= u | 0x400u;
    ors |= u;
    xors ^= u * 2654435761u;
    lo = std::min(lo, v[i]);
    hi = std::max(hi, v[i]);
    clo = clpar::min(clo, v[i] * 3);
    chi = clpar::max(chi, v[i] - 7);
  }
  std::printf("sum=%lld diff=%lld prod=%u sign=%d and=%u or=%u xor=%u\n", sum, diff, prod, sign,
              ands, ors, xors);
  std::printf("min=%d max=%d cmin=%d cmax=%d\n", lo, hi, clo, chi);

  // Floating point: quarters in float, halves in double; min and max of both.
  std::vector<float> f(257);
  std::array<double, 300> d{};
  for (std::size_t i = 0; i < f.size(); ++i) f[i] = float(int(i % 29) - 14) * 0.25f;
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = double(int(i * 7 % 61) - 30) * 0.5;
  float fsum = 0.0f, fmax = -1e30f;
  double dsum = 0.0, dmin = 1e300;
  for (auto i : clpar::prange(f.size())) {
    fsum += f[i];
    fmax = std::max(fmax, f[i] * 2.0f);
  }
  for (auto i : clpar::prange(d.size())) {
    dsum += d[i] * d[i];
    dmin = clpar::min(dmin, d[i]);
  }
  std::printf("fsum=%.2f fmax=%.2f dsum=%.2f dmin=%.2f\n", fsum, fmax, dsum, dmin);

  // A 2-D and a 3-D nest with reductions.
  const std::size_t ni = 13, nj = 29, nk = 7;
  std::vector<int> g(ni * nj * nk);
  for (std::size_t i = 0; i < g.size(); ++i) g[i] = int(i % 19) - 9;
  clpar::view<const int, 2> g2(g.data(), ni * nk, nj);
  clpar::view<const int, 3> g3(g.data(), ni, nj, nk);
  long long s2 = 0, s3 = 0;
  int m3 = -100;
  for (auto i : clpar::prange(g2.extent(0)))
    for (auto j : clpar::prange(g2.extent(1))) s2 += (long long)g2(i, j) * (long long)(i + j);
  for (auto i : clpar::prange(ni))
    for (auto j : clpar::prange(nj))
      for (auto k : clpar::prange(nk)) {
        s3 += g3(i, j, k) * int(k + 1);
        m3 = std::max(m3, g3(i, j, k) * int(i % 3));
      }
  std::printf("s2=%lld s3=%lld m3=%d\n", s2, s3, m3);

  // An empty range keeps the initial values.
  long long es = 42;
  int emin = 17;
  for (auto i : clpar::prange(std::size_t(5), std::size_t(5))) {
    es += v[i];
    emin = std::min(emin, v[i]);
  }
  std::printf("empty: sum=%lld min=%d\n", es, emin);
}
