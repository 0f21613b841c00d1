// e2e: PolyBench gemm, C = alpha * A * B + beta * C, as a 2-D prange with an inner k loop
// (integer-valued floats, power-of-two alpha and beta: every sum is exact).
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void gemm(float alpha, float beta, clpar::view<const float, 2> a, clpar::view<const float, 2> b,
          clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      c(i, j) *= beta;
      for (std::size_t k = 0; k < a.extent(1); ++k) c(i, j) += alpha * a(i, k) * b(k, j);
    }
}

int main() {
  const std::size_t ni = 23, nj = 29, nk = 17;
  std::vector<float> a(ni * nk), b(nk * nj), c(ni * nj);
  for (std::size_t i = 0; i < ni; ++i)
    for (std::size_t k = 0; k < nk; ++k) a[i * nk + k] = float(int((i * k + 1) % 9) - 4);
  for (std::size_t k = 0; k < nk; ++k)
    for (std::size_t j = 0; j < nj; ++j) b[k * nj + j] = float(int((k * (j + 1)) % 7) - 3);
  for (std::size_t i = 0; i < ni; ++i)
    for (std::size_t j = 0; j < nj; ++j) c[i * nj + j] = float(int((i * j + 3) % 11) - 5);
  clpar::view<float, 2> C(c.data(), ni, nj);
  for (int rep = 0; rep < 2; ++rep)
    gemm(2.0f, 0.5f, clpar::view<const float, 2>(a.data(), ni, nk),
         clpar::view<const float, 2>(b.data(), nk, nj), C);
  double checksum = 0;
  for (std::size_t i = 0; i < c.size(); ++i) checksum += double(i % 5 + 1) * c[i];
  std::printf("checksum=%.2f c[0][0]=%.2f c[%zu][%zu]=%.2f\n", checksum, C(0, 0), ni - 1, nj - 1,
              C(ni - 1, nj - 1));
}
