// e2e: std::pair in kernels.  Pairs returned by functions (a braced list,
// std::make_pair), structured bindings of them (by value, by const reference to a
// temporary, by reference to a local, whose names then change the pair), assignment from a
// braced list and from std::make_pair, copies, swap(), ==, and a pair from outside the
// loop read as an object.  Every loop here offloads (sites.sh); the outputs must equal the
// serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <cstddef>
#include <utility>
#include <vector>

namespace {

std::pair<float, float> split(float x) {
  const float whole = float(int(x));
  return {whole, x - whole};
}

std::pair<int, float> argmax3(float a, float b, float c) {
  auto best = std::make_pair(0, a);
  if (b > best.second) best = {1, b};
  if (c > best.second) best = std::make_pair(2, c);
  return best;
}

void pairs(clpar::view<float> v, clpar::view<const float> w, clpar::view<int> k,
           std::pair<float, int> shift) {
  for (auto i : clpar::prange(v.size())) {  // region: 1
    auto [whole, part] = split(v[i] + w[i]);
    const auto &[at, top] = argmax3(whole, part * 4.0f, w[i]);
    std::pair<float, int> p{whole, 1};
    auto &[pf, ps] = p;
    pf += 0.5f;
    ps = at;
    std::pair<float, int> q = p;
    q.first -= 1.0f;
    q.swap(p);
    v[i] = part + top + p.first + shift.first;
    k[i] = at + q.second * 4 + shift.second + (p == q ? 100 : 0) + (ps == q.second ? 10 : 0);
  }
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<float> v(n), w(n);
  std::vector<int> k(n);
  for (std::size_t j = 0; j < n; ++j) {
    v[j] = float(int(j % 13)) * 0.25f;
    w[j] = float(int(j % 7)) - 2.0f;
  }
  pairs(clpar::view<float>(v.data(), n), clpar::view<const float>(w.data(), n),
        clpar::view<int>(k.data(), n), std::make_pair(0.75f, 3));
  show("v", v);
  show("k", k);
  return 0;
}
