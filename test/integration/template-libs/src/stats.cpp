// The shared library `stats`: kernels.hpp's total for float and int, scale for float (as
// in `filters`) and the inline fill_mod.
#include "stats.hpp"

#include "kernels.hpp"

namespace stats {

float sum(const std::vector<float>& v) { return kernels::total<float>(v); }
int sum(const std::vector<int>& v) { return kernels::total<int>(v); }

void fill(std::vector<float>& v, int m, float factor) {
  std::vector<int> k(v.size());
  kernels::fill_mod(k, m);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(k[i]);
  kernels::scale<float>(v, factor);
}

void fill(std::vector<int>& v, int m) { kernels::fill_mod(v, m); }

}  // namespace stats
