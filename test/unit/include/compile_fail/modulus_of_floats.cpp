// Must not compile: integer-only operators on floating-point views.
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
  v[clpar::all] = v % 2.0f;
#else
  v[clpar::all] = clpar::cast<int>(v) % 2;
#endif
  return 0;
}
