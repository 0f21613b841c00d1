// e2e: an out-of-range index inside an offloaded loop throws clpar::bounds_error with
// the user's file, line and column, the index and the extent, in every variant.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void shift(clpar::view<const int> in, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = in[i + 1];
}

int main() {
  std::vector<int> a(100, 1), b(100, 0);
  try {
    shift(a, b);
    std::printf("no error\n");
  } catch (const clpar::bounds_error& e) {
    std::printf("bounds_error line=%u column=%u index=%zu extent=%zu\n", e.line(), e.column(),
                e.index(), e.extent());
  }
}
