// Found by the fuzzer (from test/lit/diagnostics/error-outer-write.cpp): the right-hand side
// of a write to an outer variable is a call of view::operator[] with two arguments, and the
// reduction check asked an operator for its identifier (an assertion in Clang's
// NamedDecl::getName).  Now: the error for the write, no assertion.
#include <clpar/clpar.hpp>

int f(clpar::view<int> v, int outer) {
  for (auto i : clpar::prange(v.size())) outer = v[i];
  return outer;
}
