#include <clpar/clpar.hpp>

void f(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) v[i] = ;
}
