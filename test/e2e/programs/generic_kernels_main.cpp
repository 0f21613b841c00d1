// e2e generic_kernels: the header-only library generic_kernels.hpp used from three
// translation units, compiled separately and linked.  This one runs the other two and
// then makes a third copy of axpy<float> and of the inline clamp.
#include "generic_kernels.hpp"

#include "digest.hpp"

#include <cstdio>
#include <vector>

void run_a();
void run_b();

int main() {
  run_a();
  run_b();

  std::vector<float> x(2048), y(2048, 1.0f);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = float(int(i % 23) - 11);
  for (float a : {0.25f, -1.0f, 2.0f}) gk::axpy<float>(a, x, y);
  show("main axpy", y);

  std::vector<int> v(1500);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = int(i * 53 % 401) - 200;
  gk::clamp(clpar::view<int>(v)[clpar::slice(1499, -1, -2)], -75, 75);
  gk::clamp(v, -150, 100);
  show("main clamp", v);
}
