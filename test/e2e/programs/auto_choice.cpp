// e2e: auto's cost model (SPEC 1.6).  Two loops, a light one and a heavy one, each called
// repeatedly at growing sizes, some calls inside one function (data stays on the device
// between them) and some alone; results must be those of the serial build wherever auto
// sends each call.  Integer arithmetic, so every variant gives the same bits.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

#include "digest.hpp"

void light(clpar::view<const int> x, clpar::view<int> y) {
  for (auto i : clpar::prange(y.size()))
    y[i] = y[i] + 3 * x[i];
}

void heavy(clpar::view<const int> x, clpar::view<int> y) {
  for (auto i : clpar::prange(y.size())) {
    unsigned acc = unsigned(y[i]);  // unsigned: the product wraps (an int's would overflow)
    for (int k = 0; k < 200; ++k)
      acc = acc * 7u + unsigned(x[i] ^ k);
    y[i] = int(acc);
  }
}

void steps(clpar::view<const int> x, clpar::view<int> y, int count) {
  for (int s = 0; s < count; ++s)
    for (auto i : clpar::prange(y.size()))
      y[i] = (y[i] ^ x[i]) + s;
}

int main() {
  for (std::size_t n : {1000u, 70000u, 70000u, 300000u, 300000u, 1000u}) {
    std::vector<int> x(n), y(n);
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = int(i % 101);
      y[i] = int(i % 7);
    }
    for (int repeat = 0; repeat < 3; ++repeat) {
      light(x, y);
      heavy(x, y);
    }
    steps(x, y, 6);
    show("y", y);
  }
}
