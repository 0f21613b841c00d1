// e2e: std::vector and std::array used directly in a prange loop, doubles (fp64).
#include <clpar/clpar.hpp>

#include <array>
#include <cmath>
#include <cstdio>
#include <vector>

int main() {
  std::vector<double> v(1000);
  std::array<double, 8> w{1, 4, 9, 16, 25, 36, 49, 64};
  for (auto i : clpar::prange(v.size()))
    v[i] = std::sqrt(w[i % w.size()]) * double(i);
  std::vector<int> out(v.size());
  for (auto i : clpar::prange(out.size()))
    out[i] = int(v[i]) % 13;
  double sum = 0;
  long isum = 0;
  for (std::size_t i = 0; i < v.size(); ++i) {
    sum += v[i];
    isum += out[i];
  }
  std::printf("sum=%.1f isum=%ld\n", sum, isum);
}
