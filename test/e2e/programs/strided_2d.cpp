// e2e: a 2-D nest over strided and reversed sub-views of one matrix, with a range that
// starts inside the matrix and a step.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

using clpar::slice;

void shift_add(clpar::view<const int, 2> in, clpar::view<int, 2> out, int k) {
  for (auto i : clpar::prange(out.extent(0)))
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = in(i, j) * k + int(i) - int(j);
}

void every_third(clpar::view<int> v) {
  for (long i : clpar::prange(-4L, long(v.size()) - 4, 3L))
    v[std::size_t(i + 4)] = int(i);
}

int main() {
  const std::size_t rows = 37, cols = 53;
  std::vector<int> a(rows * cols), b(rows * cols, -1);
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = int(i % 101);
  clpar::view<const int, 2> A(a.data(), rows, cols);
  clpar::view<int, 2> B(b.data(), rows, cols);
  // Every other row of A, columns reversed, into the top-left block of B.
  auto src = A(slice(0, rows, 2), slice(cols - 1, -1, -1));
  auto dst = B(slice(0, src.extent(0)), slice(0, cols));
  shift_add(src, dst, 3);
  // A transposed-stride view: column 5 of B read as a 1-D view, written every third.
  every_third(B(clpar::all, 5));
  long long checksum = 0;
  for (std::size_t i = 0; i < b.size(); ++i) checksum += (long long)(i % 7 + 1) * b[i];
  std::printf("checksum=%lld b[0]=%d b[last]=%d\n", checksum, b[0], b.back());
}
