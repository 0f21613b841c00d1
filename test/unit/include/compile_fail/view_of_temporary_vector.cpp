// Must not compile: a view of a temporary std::vector.
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {

#ifndef CLPAR_COMPILE_FAIL_CONTROL
  clpar::view<const float> v(std::vector<float>(4)); (void)v.size();
#else
  const std::vector<float> a(4); clpar::view<const float> v(a); (void)v.size();
#endif
  return 0;
}
