// e2e: loop options and body forms: schedule(dynamic, 16), guided, num_threads(2),
// on(host), on(automatic), prange(lo, hi, step) with a negative lo, continue, and
// variables declared in the body.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

int main() {
  const std::size_t n = 777;
  std::vector<int> a(n, 0), b(n, 0), c(n, -1), d(n, 0);
  for (auto i : clpar::prange(n).schedule(clpar::dynamic, 16)) a[i] = int(i * i % 101);
  for (auto i : clpar::prange(n).schedule(clpar::guided, 4).num_threads(2)) b[i] = a[i] + int(i);
  for (auto i : clpar::prange(n).on(clpar::host)) {
    const int t = a[i] * 2;
    int u = t - b[i];
    u += 3;
    d[i] = u;
  }
  for (auto i : clpar::prange(n).schedule(clpar::static_, 5).on(clpar::automatic)) {
    if (i % 3 == 1) continue;
    int acc = 0;
    for (int k = 0; k < 4; ++k) acc += a[i] >> k;
    c[i] = acc;
  }
  // Negative lower bound and a step: indices -13, -8, ..., shifted into the vector.
  std::vector<long> e(60, 0);
  for (long i : clpar::prange(-13L, 45L, 5L)) e[std::size_t(i + 13)] = i * i - 2 * i;
  // The loop variable takes the common type of mixed bounds (int and long here).
  long total = 0;
  for (auto i : clpar::prange(-20, 20L)) total += i * 3 + 1;
  long long checksum = 0;
  for (std::size_t i = 0; i < n; ++i)
    checksum += (long long)(i % 11 + 1) * (a[i] + 3LL * b[i] + 5LL * c[i] + 7LL * d[i]);
  long long es = 0;
  for (std::size_t i = 0; i < e.size(); ++i) es += (long long)(i + 1) * e[i];
  std::printf("checksum=%lld e=%lld total=%ld c[1]=%d c[2]=%d\n", checksum, es, total, c[1], c[2]);
}
