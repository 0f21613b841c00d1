// e2e: loop bodies as C++ code is often written: references to elements (`auto &x =
// a(i, j)`, a const reference bound to a temporary, a reference to a local accumulator),
// parameters read from a struct (`p.dt`, a nested member, a global's member) and
// enumerations (a scoped one in a struct, a local of its type, a switch over it).  Every
// loop here offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <vector>

namespace {

struct limits {
  float low, high;
};
enum class rule : unsigned char { keep, halve, negate };
struct params {
  float dt;
  int steps;
  limits clamp;
  rule odd_rows;
};
params defaults{0.25f, 2, {-8.0f, 8.0f}, rule::keep};

void relax(clpar::view<float, 2> u, clpar::view<const float, 2> f, const params &p) {
  for (auto i : clpar::prange(u.extent(0)))  // region: 1
    for (auto j : clpar::prange(u.extent(1))) {
      auto &x = u(i, j);
      const auto &g = f(i, j);
      x += p.dt * g * float(p.steps);
      if (x > p.clamp.high) x = p.clamp.high;
      if (x < defaults.clamp.low) x = defaults.clamp.low;
      const rule r = (i % 2 == 1) ? p.odd_rows : rule::keep;
      switch (r) {
        case rule::halve: x *= 0.5f; break;
        case rule::negate: x = -x; break;
        default: break;
      }
    }
}

void row_sums(clpar::view<float, 2> u, clpar::view<float> out) {
  for (auto i : clpar::prange(u.extent(0))) {  // region: 1
    const float &first = u(i, 0) * 0.5f;
    float sum = 0;
    float &total = sum;
    for (std::size_t k = 0; k < u.extent(1); ++k) {
      float &e = u(i, k);
      e = e - first;
      total += e;
    }
    out[i] = sum;
  }
}

}  // namespace

int main() {
  const std::size_t n = 96, m = 130;
  std::vector<float> u(n * m), f(n * m), out(n);
  for (std::size_t k = 0; k < u.size(); ++k) {
    u[k] = float(int(k % 29) - 14) * 0.5f;
    f[k] = float(int(k % 11) - 5) * 0.25f;
  }
  params p{0.5f, 3, {-6.0f, 6.0f}, rule::negate};
  relax(clpar::view<float, 2>(u.data(), n, m), clpar::view<const float, 2>(f.data(), n, m), p);
  show("relaxed", u);
  row_sums(clpar::view<float, 2>(u.data(), n, m), clpar::view<float>(out.data(), n));
  show("shifted", u);
  show("sums", out);
}
