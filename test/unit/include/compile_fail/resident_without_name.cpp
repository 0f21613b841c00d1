// Must not compile: clpar::resident(v); which would declare a resident named v.
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {
  std::vector<float> a(4);
  clpar::view<float> v(a);
#ifndef CLPAR_COMPILE_FAIL_CONTROL
  clpar::resident(v);
#else
  clpar::resident keep(v);
#endif
  return 0;
}
