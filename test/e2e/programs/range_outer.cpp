// e2e: range-based for loops in kernels over vectors and arrays from outside the loop (a
// filter's taps, a std::array of weights, a vector of structs by reference), beside one
// over a local array: each a counted loop to the container's size.  Every loop here
// offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <vector>

namespace {

struct tap {
  int offset;
  float weight;
};

void filter(clpar::view<float> out, const std::vector<float> &in, const std::vector<tap> &taps) {
  for (auto i : clpar::prange(out.size())) {  // region: 2
    float s = 0.0f;
    for (const tap &t : taps) {
      const std::size_t k = (i + std::size_t(t.offset)) % in.size();
      s += t.weight * in[k];
    }
    out[i] = s;
  }
}

void weigh(clpar::view<float> out, const std::vector<float> &scale,
           const std::array<int, 4> &bias) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    float s = out[i];
    for (float c : scale) s = s * 0.5f + c;
    int b = 0;
    for (int x : bias) b += x * int(i % 3);
    float local[3] = {1.0f, 2.0f, 0.25f};
    for (float &l : local) l += float(b);
    for (float l : local) s += l;
    out[i] = s;
  }
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<float> in(n), out(n);
  for (std::size_t k = 0; k < n; ++k) in[k] = float(int(k % 13) - 6) * 0.25f;
  std::vector<tap> taps = {{0, 0.5f}, {1, 0.25f}, {2, -0.25f}, {7, 1.0f}};
  clpar::view<float> o(out.data(), n);
  filter(o, in, taps);
  show("filter", out);
  taps.push_back({n - 1, 2.0f});
  filter(o, in, taps);
  show("filter 5 taps", out);
  const std::vector<float> scale = {1.0f, -0.5f, 0.25f};
  const std::array<int, 4> bias = {1, -2, 3, 0};
  weigh(o, scale, bias);
  show("weigh", out);
  return 0;
}
