// e2e: PolyBench bicg, s = A^T r and q = A p, as two 1-D pranges over different
// dimensions of one matrix (integer-valued floats, exact sums).
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void bicg(clpar::view<const float, 2> a, clpar::view<const float> r, clpar::view<const float> p,
          clpar::view<float> s, clpar::view<float> q) {
  for (auto j : clpar::prange(a.extent(1))) {
    s[j] = 0;
    for (std::size_t i = 0; i < a.extent(0); ++i) s[j] += r[i] * a(i, j);
  }
  for (auto i : clpar::prange(a.extent(0))) {
    float t = 0;
    for (std::size_t j = 0; j < a.extent(1); ++j) t += a(i, j) * p[j];
    q[i] = t;
  }
}

int main() {
  const std::size_t n = 37, m = 43;  // a is n x m
  std::vector<float> a(n * m), r(n), p(m), s(m, -1.0f), q(n, -1.0f);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j) a[i * m + j] = float(int((i * (j + 1)) % 9) - 4);
  for (std::size_t i = 0; i < n; ++i) r[i] = float(int(i % 5) - 2);
  for (std::size_t j = 0; j < m; ++j) p[j] = float(int(j % 7) - 3);
  bicg(clpar::view<const float, 2>(a.data(), n, m), clpar::view<const float>(r),
       clpar::view<const float>(p), clpar::view<float>(s), clpar::view<float>(q));
  long long ssum = 0, qsum = 0;
  for (std::size_t j = 0; j < m; ++j) ssum += (long long)(j + 1) * (long long)s[j];
  for (std::size_t i = 0; i < n; ++i) qsum += (long long)(i + 1) * (long long)q[i];
  std::printf("s=%lld q=%lld s[0]=%.1f q[last]=%.1f\n", ssum, qsum, double(s[0]), double(q.back()));
}
