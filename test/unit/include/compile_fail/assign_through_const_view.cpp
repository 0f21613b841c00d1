// Must not compile: element-wise assignment through a view of const elements.
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {
  std::vector<float> a(4);
  clpar::view<float> v(a);
  clpar::view<const float> c(a);
#ifndef CLPAR_COMPILE_FAIL_CONTROL
  c[clpar::all] = 1.0f;
#else
  v[clpar::all] = c;
#endif
  return 0;
}
