// e2e: lambdas in kernels that change what they capture by reference, and lambdas passed
// around.  A `[&]` lambda accumulating into locals of the loop, one changing a struct of
// the loop, one calling another it captures, a lambda without captures passed to a
// function template and to a generic lambda, and a function template given a lambda
// (or a functor) that makes the lambda its loop calls.  Every loop offloads (sites.sh) and the
// outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <cstddef>
#include <vector>

namespace {

struct tally {
  float sum;
  int count;
};

void accumulate(clpar::view<const float> in, clpar::view<float> out, float k) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    float s = 0, last = 0;
    auto add = [&](float v) {
      s += v * k;
      last = v;
    };
    for (int j = 0; j < 3; ++j) add(in[i] + float(j));
    out[i] = s - last;
  }
}

void record(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    tally t{0, 0};
    auto take = [&t](float v) {
      t.sum += v;
      t.count += 1;
    };
    take(in[i]);
    if (in[i] > 1.0f) take(1.0f);
    out[i] = t.sum * float(t.count);
  }
}

void nested(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    float lo = in[i], hi = in[i];
    auto widen = [&lo, &hi](float v) {
      lo = v < lo ? v : lo;
      hi = v > hi ? v : hi;
    };
    auto around = [&](float v, int steps) {
      for (int k = 1; k <= steps; ++k) widen(v + float(k) * 0.5f - 1.0f);
    };
    around(in[i], 3);
    out[i] = hi - lo * 2.0f;
  }
}

template <class F>
float twice(F f, float x) {
  return f(f(x));
}

void passed(clpar::view<const float> in, clpar::view<float> out) {
  auto square = [](float x) { return x * x; };
  auto apply_plus = [](auto f, auto x) { return f(x) + 1; };
  for (auto i : clpar::prange(in.size()))  // region: 1
    out[i] = twice(square, in[i]) - apply_plus(square, in[i]);
}

struct square_maker {
  auto operator()() const {
    return [](int x) { return x * x; };
  }
};

template <class T, class Make>
void generic(clpar::view<const T> in, clpar::view<T> out, Make make) {
  for (auto i : clpar::prange(in.size())) {  // region: 2
    T best = in[i];
    auto keep_larger = [&best](T v) {
      if (v > best) best = v;
    };
    auto f = make();
    keep_larger(f(in[i]));
    keep_larger(f(best) - T(3));
    out[i] = best;
  }
}

}  // namespace

int main() {
  const std::size_t n = 777;
  std::vector<float> in(n), out(n, 0.0f);
  for (std::size_t k = 0; k < n; ++k) in[k] = 0.25f * float(int(k % 11) - 5);
  const clpar::view<const float> vin(in);
  const clpar::view<float> vout(out);

  accumulate(vin, vout, 2.0f);
  show("accumulate", out);
  record(vin, vout);
  show("record", out);
  nested(vin, vout);
  show("nested", out);
  passed(vin, vout);
  show("passed", out);
  generic(vin, vout, [] { return [](float x) { return x * 2.0f; }; });
  show("generic float", out);
  std::vector<int> iin(n), iout(n);
  for (std::size_t k = 0; k < n; ++k) iin[k] = int(k % 13) - 6;
  generic(clpar::view<const int>(iin.data(), n), clpar::view<int>(iout.data(), n),
          square_maker{});
  show("generic int", iout);
  return 0;
}
