// saxpy over a prange; checks its own result (exit status 1 when wrong).
#include "saxpy.h"

#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

int main() {
  const std::size_t n = 1 << 16;
  std::vector<float> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = 1.0f;
  }
  const float a = saxpy_factor;
  for (auto i : clpar::prange(n))
    y[i] = a * x[i] + y[i];
  for (std::size_t i = 0; i < n; ++i) {
    if (y[i] != 2.0f * static_cast<float>(i) + 1.0f) {
      std::printf("saxpy wrong at %zu: %g\n", i, static_cast<double>(y[i]));
      return 1;
    }
  }
  std::printf("saxpy ok\n");
  return 0;
}
