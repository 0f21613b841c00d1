// e2e lambda_library: the header-only library lambda_library.hpp called with lambdas from
// two translation units, compiled separately and linked; this one runs both and calls
// the library's own inline function once more.
#include "lambda_library.hpp"

#include "digest.hpp"

#include <vector>

void run_a();
void run_b();

int main() {
  run_a();
  run_b();
  std::vector<float> v(1000);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(i % 13);
  ll::scale(v, -0.5f);
  show("main scale", v);
}
