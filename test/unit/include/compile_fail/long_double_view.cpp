// Must not compile: a view of long double (not an OpenCL type).
// Built twice by test/unit/include/CMakeLists.txt: as is (must fail) and with
// CLPAR_COMPILE_FAIL_CONTROL (the valid counterpart, must compile), so that the failure
// is the statement under test and not a typo.
#include <clpar/clpar.hpp>

#include <vector>

int main() {

#ifndef CLPAR_COMPILE_FAIL_CONTROL
  long double x[2] = {}; clpar::view<long double> v(x, 2); (void)v;
#else
  double x[2] = {}; clpar::view<double> v(x, 2); (void)v;
#endif
  return 0;
}
