// A static library with an offloadable loop: the programs that link it need the runtime.
#include <clpar/clpar.hpp>

#include <vector>

void scale(std::vector<float> &v, float factor) {
  for (auto i : clpar::prange(v.size()))
    v[i] *= factor;
}
