// e2e: 1-D saxpy over views (scalars, a read view, a written view), odd sizes.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void saxpy(float a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(y.size()))
    y[i] = a * x[i] + y[i];
}

int main() {
  for (std::size_t n : {0, 1, 255, 1000, 4099}) {
    std::vector<float> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = float(i % 17);
      y[i] = float(i % 5);
    }
    saxpy(3.0f, x, y);
    double checksum = 0;
    for (float v : y) checksum += v;
    std::printf("n=%zu checksum=%.1f last=%.1f\n", n, checksum, n ? y[n - 1] : 0.0f);
  }
}
