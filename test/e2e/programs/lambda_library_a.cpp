// e2e lambda_library: lambdas by copy (a std::vector too) and by reference given to the
// library, and lambdas made in a generic lambda.
#include "lambda_library.hpp"

#include "digest.hpp"

#include <array>
#include <vector>

void run_a() {
  std::vector<float> v(3000);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(int(i % 37) - 18) * 0.25f;
  const float a = 2.0f;
  float b = 0.5f;
  ll::transform(clpar::view<float>(v), [a](float x) { return a * x; });
  ll::transform(clpar::view<float>(v), [a, b](float x) { return a * x + b; });
  b = -1.0f; // the lambda above copied 0.5
  ll::transform(clpar::view<float>(v), [=](float x) { return x > 0 ? x + b : x - b; });
  ll::scale(v, 0.25f);
  show("a transform", v);

  // By reference: a vector, a view and a std::array, written and read.
  std::vector<float> out(2000);
  std::array<float, 3> w{1.0f, -2.0f, 0.5f};
  clpar::view<const float> in(v);
  ll::for_index(out.size(), [&](std::size_t i) { out[i] = in[i] * w[i % 3]; });
  // A lambda kept in a variable and given twice, as an lvalue and as a const one.
  const auto twice = [&out](std::size_t i) { out[i] = 2.0f * out[i]; };
  ll::for_index(out.size() / 2, twice);
  ll::for_index(out.size() / 4, std::as_const(twice));
  // A std::vector captured by copy: the closure's copy, which later writes of the
  // vector do not change.
  std::vector<float> taps{0.5f, -1.0f, 2.0f, 0.25f};
  const auto add_taps = [taps, &out](std::size_t i) { out[i] += taps[i % 4]; };
  taps.assign(4, 100.0f);
  ll::for_index(out.size(), add_taps);
  show("a for_index", out);

  std::vector<int> ids(700);
  const int base = 5;
  ll::generate(clpar::view<int>(ids), [base, &w](std::size_t i) {
    return base * int(i % 11) + int(w[i % 3] * 2.0f);
  });
  show("a generate", ids);

  // Lambdas made in a generic lambda: a closure type per specialization, told apart by
  // the types of its `auto` parameters.
  const auto offset_all = [](auto view, auto by) {
    ll::transform(view, [by](auto x) { return x + decltype(x)(by); });
  };
  offset_all(clpar::view<float>(v), 1.5f);
  offset_all(clpar::view<int>(ids), 3);
  show("a offset_all", v);
  show("a offset_all", ids);
}
