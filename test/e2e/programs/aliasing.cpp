// e2e: several views of one buffer in one region: the same memory, a contained view and
// disjoint halves; the written and read parts must come back exactly.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

using clpar::slice;

void copy_scaled(clpar::view<const int> from, clpar::view<int> to, int k) {
  for (auto i : clpar::prange(to.size()))
    to[i] = from[i] * k;
}

void in_place(clpar::view<int> a, clpar::view<const int> same) {
  for (auto i : clpar::prange(a.size()))
    a[i] = same[i] + 1;
}

int main() {
  const std::ptrdiff_t n = 1001;
  std::vector<int> buf(2 * n);
  for (std::ptrdiff_t i = 0; i < 2 * n; ++i) buf[i] = int(i);
  clpar::view<int> all(buf);
  // Read the first half, write the second half of the same vector.
  copy_scaled(all[slice(0, n)], all[slice(n, 2 * n)], 2);
  // The same memory through two views.
  in_place(all, all);
  // A view inside another: the even elements of the first half, read and written.
  auto evens = all[slice(0, n, 2)];
  in_place(evens, evens);
  long long checksum = 0;
  for (std::ptrdiff_t i = 0; i < 2 * n; ++i) checksum += (i % 9 + 1) * (long long)buf[i];
  std::printf("checksum=%lld first=%d last=%d\n", checksum, buf[0], buf.back());
}
