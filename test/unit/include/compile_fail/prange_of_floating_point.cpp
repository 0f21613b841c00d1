// Must not compile: a prange with a floating-point bound.
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {

#ifndef CLPAR_COMPILE_FAIL_CONTROL
  for (auto i : clpar::prange(4.0)) (void)i;
#else
  for (auto i : clpar::prange(4)) (void)i;
#endif
  return 0;
}
