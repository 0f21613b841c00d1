// e2e: PolyBench jacobi-2d in integer arithmetic (exact in every variant): a time loop of
// two 2-D stencil nests, A -> B then B -> A, in one function whose only accesses to the
// arrays are the regions.  The host initialises the arrays before the call and reads them
// after it, so with data kept on the device (SPEC 1.5) each array should cross to the
// device once and back once (see CLPAR_TRACE's transfer lines).
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#ifndef JACOBI_N
#define JACOBI_N 128
#endif
#ifndef JACOBI_TSTEPS
#define JACOBI_TSTEPS 100
#endif

using mat = clpar::view<std::int32_t, 2>;

// Values stay below 2^24, so the sum of five stays far below 2^31.
static void kernel_jacobi_2d(int tsteps, mat A, mat B) {
  const std::size_t n = A.extent(0);
  for (int t = 0; t < tsteps; ++t) {
    for (auto i : clpar::prange(std::size_t(1), n - 1))
      for (auto j : clpar::prange(std::size_t(1), n - 1))
        B(i, j) = (A(i, j) + A(i, j - 1) + A(i, j + 1) + A(i + 1, j) + A(i - 1, j)) / 5;
    for (auto i : clpar::prange(std::size_t(1), n - 1))
      for (auto j : clpar::prange(std::size_t(1), n - 1))
        A(i, j) = (B(i, j) + B(i, j - 1) + B(i, j + 1) + B(i + 1, j) + B(i - 1, j)) / 5;
  }
}

static void print_array(const char* name, const std::vector<std::int32_t>& v, std::size_t n) {
  long long checksum = 0;
  unsigned long long h = 1469598103934665603ull;
  for (std::size_t k = 0; k < n * n; ++k) {
    checksum += (long long)(k % 13 + 1) * v[k];
    h = (h ^ std::uint32_t(v[k])) * 1099511628211ull;
  }
  std::printf("%s: checksum=%lld h=%016llx", name, checksum, h);
  const std::size_t at[][2] = {{0, 0}, {1, 1}, {1, n - 2}, {n / 2, n / 2}, {n / 3, 2 * n / 3}, {n - 2, 1}, {n - 2, n - 2}};
  for (const auto& p : at) std::printf(" (%zu,%zu)=%d", p[0], p[1], v[p[0] * n + p[1]]);
  std::printf("\n");
}

int main() {
  const std::size_t n = JACOBI_N;
  const int tsteps = JACOBI_TSTEPS;
  std::vector<std::int32_t> a(n * n), b(n * n);
  // PolyBench's init_array, (i * (j + 2) + 2) / n and (i * (j + 3) + 3) / n, scaled by 2^16
  // and taken modulo n so that every element is an exact integer.
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) {
      a[i * n + j] = std::int32_t(((i * (j + 2) + 2) % n) << 16);
      b[i * n + j] = std::int32_t(((i * (j + 3) + 3) % n) << 16);
    }
  kernel_jacobi_2d(tsteps, mat(a.data(), n, n), mat(b.data(), n, n));
  std::printf("jacobi-2d n=%zu tsteps=%d\n", n, tsteps);
  print_array("A", a, n);
  print_array("B", b, n);
}
