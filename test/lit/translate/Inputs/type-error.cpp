#include <clpar/clpar.hpp>

void f(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    v[i] = 1;
#ifndef CLPAR_TRANSLATING
    v[i] = 3 + nothing_here;
#endif
  }
}
