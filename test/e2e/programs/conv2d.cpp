// e2e: PolyBench 2DConvolution: a 3x3 stencil over the interior of an image (borders
// excluded and left untouched), dyadic coefficients from a std::array, exact floats.
#include <clpar/clpar.hpp>

#include <array>
#include <cstdio>
#include <vector>

void conv2d(clpar::view<const float, 2> a, clpar::view<float, 2> b, const std::array<float, 9>& k) {
  for (auto i : clpar::prange(std::size_t(1), a.extent(0) - 1))
    for (auto j : clpar::prange(std::size_t(1), a.extent(1) - 1)) {
      float s = 0.0f;
      for (std::size_t di = 0; di < 3; ++di)
        for (std::size_t dj = 0; dj < 3; ++dj) s += k[di * 3 + dj] * a(i + di - 1, j + dj - 1);
      b(i, j) = s;
    }
}

int main() {
  const std::size_t ni = 34, nj = 47;
  std::vector<float> a(ni * nj), b(ni * nj, -1.0f);
  for (std::size_t i = 0; i < ni; ++i)
    for (std::size_t j = 0; j < nj; ++j) a[i * nj + j] = float((i * 3 + j * j) % 16);
  const std::array<float, 9> k{0.25f, -0.5f, 0.125f, 0.5f, 1.0f, -0.75f, -0.125f, 0.5f, 0.25f};
  conv2d(clpar::view<const float, 2>(a.data(), ni, nj), clpar::view<float, 2>(b.data(), ni, nj), k);
  long long checksum = 0, border = 0;
  for (std::size_t i = 0; i < ni; ++i)
    for (std::size_t j = 0; j < nj; ++j) {
      const float v = b[i * nj + j];
      if (i == 0 || j == 0 || i == ni - 1 || j == nj - 1)
        border += v == -1.0f;
      else
        checksum += (long long)((i + 2 * j) % 9 + 1) * (long long)(v * 8.0f);
    }
  std::printf("checksum=%lld untouched_border=%lld b[1][1]=%.3f\n", checksum, border, b[nj + 1]);
}
