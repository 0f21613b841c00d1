// e2e: arrays the loop declares passed by reference: to functions' non-const reference
// parameters (`std::array<float, 3> &`, `float (&)[80]`, an array of structs, a function
// template over the array's length), on to further functions from there, to a const
// reference parameter too long to pass element by element, and captured by reference by
// lambdas that read them and that change them (a generic lambda too).  Every loop here
// offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace {

void order(std::array<float, 3> &a) {
  if (a[0] > a[1]) std::swap(a[0], a[1]);
  if (a[1] > a[2]) std::swap(a[1], a[2]);
  if (a[0] > a[1]) std::swap(a[0], a[1]);
}

template <std::size_t N>
void scale_all(std::array<float, N> &v, float by) {
  for (float &x : v) x *= by;
}

float median3(std::array<float, 3> &a) {
  order(a);  // passed on: the caller's array
  return a[1];
}

/// Sorts three values in place and scales them through functions that change the array.
void medians(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    std::array<float, 3> a{in[i], 0.25f * float(i % 7), -in[i]};
    const float m = median3(a);
    scale_all(a, 2.0f);
    out[i] = m + a[0] * 100 + a[2] * 10000;
  }
}

void histogram(float (&bins)[80], float x) {
  for (float &b : bins) b = 0;
  for (int k = 0; k < 8; ++k) bins[(static_cast<int>(x * 4) + k * 5) % 80] += 1 + k;
}

float weighted(const float (&bins)[80]) {
  float s = 0;
  for (int k = 0; k < 80; ++k) s += bins[k] * float(k);
  return s;
}

/// An 80-element array filled by one function and read by another (too long to pass
/// element by element: by its address, const).
void histograms(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    float bins[80];
    histogram(bins, in[i] < 0 ? -in[i] : in[i]);
    out[i] = weighted(bins);
  }
}

struct particle {
  float x, v;
};

void step(particle (&ps)[3], float dt) {
  for (auto &p : ps) p.x += p.v * dt;
  ps[2] = ps[0];
}

/// An array of structs changed by a function, and lambdas capturing arrays by reference:
/// one that reads, one that changes, a generic one.
void particles(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    particle ps[3] = {{in[i], 1}, {0, in[i]}, {2, -1}};
    std::array<int, 4> counts{};
    step(ps, 0.5f);
    auto at = [&ps](int k) { return ps[k].x; };
    auto tally = [&](int k) { counts[k & 3] += k; };
    auto sum = [&](auto first) {
      auto s = first;
      for (int c : counts) s += c;
      return s;
    };
    for (int k = 0; k < 6; ++k) tally(k + static_cast<int>(i % 3));
    out[i] = at(0) + 10 * at(1) + 100 * at(2) + sum(0.5f) * 1000 + float(sum(1));
  }
}

}  // namespace

int main() {
  const std::size_t n = 700;
  std::vector<float> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = 0.25f * float(int(i % 45) - 22);
  medians(clpar::view<const float>(in), clpar::view<float>(out));
  show("medians", out);
  histograms(clpar::view<const float>(in), clpar::view<float>(out));
  show("histograms", out);
  particles(clpar::view<const float>(in), clpar::view<float>(out));
  show("particles", out);
  return 0;
}
