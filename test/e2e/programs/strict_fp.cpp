// e2e: with clpar++ --strict-fp, + - * / and sqrt on floats give the host's bits on the
// device (no contraction into fma, correctly rounded division and sqrt).
#include <clpar/clpar.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

void kernel(clpar::view<const float> x, clpar::view<const float> y, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    const float a = x[i], b = y[i];
    out[i] = a * b + a / b - std::sqrt(a) * 0.1f;
  }
}

int main() {
  const std::size_t n = 4099;
  std::vector<float> x(n), y(n), out(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = 1.0f + float(i) * 0.37f;
    y[i] = 3.0f - float(i % 97) * 0.011f;
  }
  kernel(x, y, out);
  std::uint64_t sum = 0, mix = 0;
  for (float v : out) {
    std::uint32_t bits;
    std::memcpy(&bits, &v, sizeof bits);
    sum += bits;
    mix = (mix * 1099511628211ull) ^ bits;
  }
  std::printf("bits sum=%llu mix=%llu\n", (unsigned long long)sum, (unsigned long long)mix);
}
