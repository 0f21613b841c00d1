// The static library `filters`: kernels.hpp's smooth3 and scale for float and double.
#include "filters.hpp"

#include "kernels.hpp"

namespace filters {
namespace {

template <class T>
void smooth_passes(std::vector<T>& v, int passes) {
  std::vector<T> w = v;
  for (int p = 0; p < passes; ++p) {
    kernels::smooth3<T>(v, w);
    kernels::scale<T>(clpar::view<T>(w)[clpar::slice(1, std::ptrdiff_t(w.size()) - 1)], T(0.25));
    v.swap(w);
  }
}

}  // namespace

void smooth(std::vector<float>& v, int passes) { smooth_passes(v, passes); }
void smooth(std::vector<double>& v, int passes) { smooth_passes(v, passes); }

}  // namespace filters
