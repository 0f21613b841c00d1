// e2e: maximum z-projection of a small stack (the clesperanto kernel): a 2-D prange over
// (y, x) with an inner serial loop over z using std::max, and the argmax plane.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

void max_z_projection(clpar::view<const float, 3> src, clpar::view<float, 2> dst,
                      clpar::view<int, 2> arg) {
  for (auto y : clpar::prange(dst.extent(0)))
    for (auto x : clpar::prange(dst.extent(1))) {
      float m = src(0, y, x);
      int at = 0;
      for (std::size_t z = 1; z < src.extent(0); ++z) {
        if (src(z, y, x) > m) at = int(z);
        m = std::max(m, src(z, y, x));
      }
      dst(y, x) = m;
      arg(y, x) = at;
    }
}

int main() {
  const std::size_t nz = 12, ny = 40, nx = 36;
  std::vector<float> stack(nz * ny * nx);
  for (std::size_t z = 0; z < nz; ++z)
    for (std::size_t y = 0; y < ny; ++y)
      for (std::size_t x = 0; x < nx; ++x)
        stack[(z * ny + y) * nx + x] =
            float(int((z * 37 + y * 11 + x * 5 + z * x) % 97) - 40) * 0.25f;
  std::vector<float> proj(ny * nx, -1.0f);
  std::vector<int> arg(ny * nx, -1);
  max_z_projection(clpar::view<const float, 3>(stack.data(), nz, ny, nx),
                   clpar::view<float, 2>(proj.data(), ny, nx),
                   clpar::view<int, 2>(arg.data(), ny, nx));
  double sum = 0;
  long long argsum = 0;
  std::size_t wrong = 0;
  for (std::size_t i = 0; i < ny * nx; ++i) {
    float m = stack[i];
    for (std::size_t z = 1; z < nz; ++z) m = std::max(m, stack[z * ny * nx + i]);
    wrong += proj[i] != m || stack[std::size_t(arg[i]) * ny * nx + i] != m;
    sum += proj[i];
    argsum += (long long)(i % 13 + 1) * arg[i];
  }
  std::printf("projection=%.2f argsum=%lld wrong=%zu p[0]=%.2f p[last]=%.2f\n", sum, argsum, wrong,
              proj[0], proj.back());
}
