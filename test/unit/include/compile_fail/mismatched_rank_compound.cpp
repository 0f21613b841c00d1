// Must not compile: compound assignment with operands of different ranks.
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {
  std::vector<float> a(6), b(6);
  clpar::view<float, 2> m(a.data(), 2, 3);
  clpar::view<float> v(b);
#ifndef CLPAR_COMPILE_FAIL_CONTROL
  m(clpar::all, clpar::all) += v * 2.0f;
#else
  m(1, clpar::all) += v[clpar::slice(3, 6)] * 2.0f;
#endif
  return 0;
}
