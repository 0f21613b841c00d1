// e2e: stateless function objects in kernels.  A user's functor and the standard
// library's (std::plus<>, std::multiplies<float>, std::greater<>, std::negate<>, whose
// templated call operators forward their arguments) and one composed of two functors
// passed by value to function templates, a reduction through one, functors made in the loop (a local, a temporary),
// a lambda that captures one, a function template that takes one by value, a CRTP base
// over an empty derived class, and a loop in a member function of a stateless class that
// calls its other member functions.  None of these objects holds data, so the kernel
// holds nothing for them; every loop here offloads (sites.sh) and the outputs must equal
// the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <cstddef>
#include <functional>
#include <utility>
#include <vector>

namespace {

struct square {
  float operator()(float x) const { return x * x; }
};

struct offset_by {
  static constexpr float amount = 0.25f;
  static float shift(float x) { return x + amount; }
  float operator()(float x) const { return shift(x) * 2.0f; }
};

template <class D>
struct shaped {
  float twice(float x) const { return 2.0f * static_cast<const D &>(*this).apply(x); }
};

struct cube : shaped<cube> {
  float apply(float x) const { return x * x * x; }
};

template <class F, class G>
struct composed {
  F outer;
  G inner;
  float operator()(float x) const { return outer(inner(x)); }
};

template <class F>
float call_with(F f, float x) {
  return f(x) - 1.0f;
}

template <class F>
void transform(clpar::view<const float> in, clpar::view<float> out, F f) {
  for (auto i : clpar::prange(in.size()))  // region: 4
    out[i] = f(in[i]);
}

template <class Op>
float fold(clpar::view<const float> in, Op op, float init) {
  float acc = init;
  for (auto i : clpar::prange(in.size()))  // region: 2
    acc += op(in[i], 0.5f);
  return acc;
}

void made_in_loop(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    square s;
    auto t = std::greater<>{}(in[i], 1.0f) ? std::negate<>{}(in[i]) : in[i];
    out[i] = s(t) + square{}(0.5f) + call_with(offset_by{}, in[i]) + cube{}.twice(t);
  }
}

void captured(clpar::view<const float> in, clpar::view<float> out) {
  square s;
  auto through = [=](float x) { return s(x) - x; };
  for (auto i : clpar::prange(in.size()))  // region: 1
    out[i] = through(in[i]);
}

struct smoother {
  float weight(std::size_t k) const { return k % 2 ? 0.5f : 0.25f; }
  float at(clpar::view<const float> v, std::size_t k) const { return v[k] * weight(k); }
  void run(clpar::view<const float> in, clpar::view<float> out) const {
    for (auto i : clpar::prange(in.size()))  // region: 1
      out[i] = at(in, i) + this->weight(i + 1);
  }
};

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<float> in(n), out(n);
  for (std::size_t k = 0; k < n; ++k) in[k] = float(int(k % 9)) * 0.25f;
  clpar::view<const float> vin(in.data(), n);
  clpar::view<float> vout(out.data(), n);

  transform(vin, vout, square{});
  show("square", out);
  transform(vin, vout, offset_by{});
  show("offset_by", out);
  transform(vin, vout, std::negate<float>{});
  show("negate", out);
  transform(vin, vout, composed<square, offset_by>{});
  show("composed", out);

  std::vector<float> sums = {fold(vin, std::plus<>{}, 0.0f),
                             fold(vin, std::multiplies<float>{}, 1.0f)};
  show("folds", sums);

  made_in_loop(vin, vout);
  show("made_in_loop", out);
  captured(vin, vout);
  show("captured", out);
  smoother{}.run(vin, vout);
  show("smoother", out);
  return 0;
}
