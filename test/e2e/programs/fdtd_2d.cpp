// e2e: PolyBench fdtd-2d: several time steps, each with four loop nests (a 1-D boundary
// loop and three 2-D stencils on shifted ranges); dyadic coefficients keep doubles exact.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

using mat = clpar::view<double, 2>;

void fdtd_2d(int tmax, mat ex, mat ey, mat hz, const std::vector<double>& fict) {
  const std::size_t nx = ex.extent(0), ny = ex.extent(1);
  for (int t = 0; t < tmax; ++t) {
    for (auto j : clpar::prange(ny)) ey(0, j) = fict[std::size_t(t)];
    for (auto i : clpar::prange(std::size_t(1), nx))
      for (auto j : clpar::prange(ny)) ey(i, j) = ey(i, j) - 0.5 * (hz(i, j) - hz(i - 1, j));
    for (auto i : clpar::prange(nx))
      for (auto j : clpar::prange(std::size_t(1), ny))
        ex(i, j) = ex(i, j) - 0.5 * (hz(i, j) - hz(i, j - 1));
    for (auto i : clpar::prange(nx - 1))
      for (auto j : clpar::prange(ny - 1))
        hz(i, j) = hz(i, j) - 0.25 * (ex(i, j + 1) - ex(i, j) + ey(i + 1, j) - ey(i, j));
  }
}

int main() {
  const std::size_t nx = 21, ny = 27;
  const int tmax = 5;
  std::vector<double> ex(nx * ny), ey(nx * ny), hz(nx * ny), fict(tmax);
  for (std::size_t i = 0; i < nx; ++i)
    for (std::size_t j = 0; j < ny; ++j) {
      ex[i * ny + j] = double(int((i * (j + 1)) % 7) - 3);
      ey[i * ny + j] = double(int((i * (j + 2)) % 5) - 2);
      hz[i * ny + j] = double(int((i * (j + 3)) % 9) - 4);
    }
  for (int t = 0; t < tmax; ++t) fict[std::size_t(t)] = double(t);
  fdtd_2d(tmax, mat(ex.data(), nx, ny), mat(ey.data(), nx, ny), mat(hz.data(), nx, ny), fict);
  // Every value is a multiple of 2^-20 far below 2^30: the scaled sums are exact integers.
  long long s[3] = {0, 0, 0};
  const std::vector<double>* f[3] = {&ex, &ey, &hz};
  for (int k = 0; k < 3; ++k)
    for (std::size_t i = 0; i < nx * ny; ++i)
      s[k] += (long long)(i % 5 + 1) * (long long)((*f[k])[i] * 1048576.0);
  std::printf("ex=%lld ey=%lld hz=%lld hz[0]=%.6f\n", s[0], s[1], s[2], hz[0]);
}
