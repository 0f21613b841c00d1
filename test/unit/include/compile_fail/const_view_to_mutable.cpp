// Must not compile: converting a view of const elements to a mutable view.
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
  clpar::view<float> m = c; (void)m;
#else
  clpar::view<const float> m = v; (void)m;
#endif
  return 0;
}
