// e2e: reductions (OpenMP variant with reduction clauses) next to offloaded loops.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

int main() {
  std::vector<int> v(5000);
  for (auto i : clpar::prange(v.size())) v[i] = int((i * 37) % 1001) - 500;
  long long sum = 0;
  int lo = 1 << 30, hi = -(1 << 30);
  unsigned bits = 0;
  for (auto i : clpar::prange(v.size())) {
    sum += v[i];
    lo = std::min(lo, v[i]);
    hi = std::max(hi, v[i]);
    bits |= unsigned(v[i]) & 0xF0u;
  }
  std::printf("sum=%lld min=%d max=%d bits=%u\n", sum, lo, hi, bits);
}
