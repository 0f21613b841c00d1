// Must not compile: assigning a scalar to a named view.
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {
  std::vector<float> a(4), b(4);
  clpar::view<float> x(a);
  clpar::view<float> w(b);
#ifndef CLPAR_COMPILE_FAIL_CONTROL
  w = 0;
#else
  w[clpar::all] = 0;
#endif
  return 0;
}
