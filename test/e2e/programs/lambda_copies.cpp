// e2e: lambdas made before the loop hold copies of what they capture by copy.  The kernel
// reads captured variables by name when the region starts, which is what the lambda holds
// only while the variables stay as they were (a variable never changed, or a const one);
// where one changed after the lambda was made (a scalar, a std::array), and for a lambda
// made in another function (a function template of a "library" given a capturing
// lambda), the host reads the closure's own copies; a loop that also names the changed
// variable itself, and a mutable lambda with its own copy of an array, stay on the
// OpenMP variant.  The outputs must equal the serial build's in every mode.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace {

/// A library's function template: the lambda it is given was made by its caller.
template <class F>
void transform(clpar::view<const float> in, clpar::view<float> out, F f) {
  for (auto i : clpar::prange(in.size())) out[i] = f(in[i]);
}

template <class F>
void transform_ref(clpar::view<const float> in, clpar::view<float> out, const F &f) {
  for (auto i : clpar::prange(in.size())) out[i] = f(in[i]) * 2;
}

void copies(clpar::view<const float> in, clpar::view<float> out, int round) {
  float scale = 0.5f * float(round);
  const float shift = 0.25f;
  std::array<float, 3> taps{1, 2, 3};
  const auto weigh = [scale, shift](float x) { return x * scale + shift; };
  const auto pick = [taps](std::size_t i) { return taps[i % 3]; };
  scale += 1;      // weigh keeps 0.5 * round
  taps[0] = 100;   // pick keeps 1, 2, 3
  for (auto i : clpar::prange(in.size())) out[i] = weigh(in[i]) + pick(i) * 1000;
  std::vector<float> more(in.size());
  const auto kept = [shift](float x) { return x - shift; };  // shift is const: offloads
  for (auto i : clpar::prange(in.size())) more[i] = kept(in[i]) + scale;
  // The loop names scale, which weigh holds a copy of: OpenMP.
  for (auto i : clpar::prange(in.size())) more[i] += weigh(in[i]) - scale;
  for (std::size_t i = 0; i < more.size(); ++i) out[i] += more[i] * 10;
  // A mutable lambda made in each iteration changes its own copy of the array only.
  for (auto i : clpar::prange(in.size())) {
    auto bumped = [taps](std::size_t k) mutable { return taps[k % 3] += 0.5f; };
    more[i] = bumped(i) + bumped(i);
  }
  for (std::size_t i = 0; i < more.size(); ++i) out[i] += more[i] * 100 + taps[i % 3];
}

}  // namespace

int main() {
  const std::size_t n = 500;
  std::vector<float> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = 0.25f * float(int(i % 29) - 14);
  copies(clpar::view<const float>(in), clpar::view<float>(out), 3);
  show("copies", out);
  float factor = 2;
  transform(clpar::view<const float>(in), clpar::view<float>(out),
            [factor](float x) { return x * factor + 1; });
  show("transform", out);
  transform_ref(clpar::view<const float>(in), clpar::view<float>(out),
                [&factor](float x) { return x - factor; });
  show("transform by reference", out);
  return 0;
}
