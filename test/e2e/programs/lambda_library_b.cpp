// e2e lambda_library: generic lambdas, a record captured by copy, a lambda returned by a
// function, a closure kept in a class template, a function object and a generic lambda
// called through std::invoke, and the library's own lambdas written in function
// templates.
#include "lambda_library.hpp"

#include "digest.hpp"

#include <cstdio>
#include <vector>

namespace {

struct affine {
  float scale, shift;
};

/// A function object, which ll::generate calls through std::invoke as it does a lambda.
struct ramp {
  float step;
  float operator()(std::size_t i) const { return step * float(i % 11); }
};

/// A lambda made by a function: the closure holds the function's parameters.
auto clamp_to(float lo, float hi) {
  return [lo, hi](float x) { return x < lo ? lo : (x > hi ? hi : x); };
}

} // namespace

void run_b() {
  std::vector<float> v(2500);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = float(int(i * 7 % 41) - 20) * 0.5f;
  const int k = 3;
  ll::transform(clpar::view<float>(v), [k](auto x) { return x * k - 1; });
  ll::transform(clpar::view<float>(v), clamp_to(-12.0f, 20.0f));
  ll::shift(clpar::view<float>(v), 0.5f);
  show("b transform", v);
  std::vector<float> p(900);
  for (std::size_t i = 0; i < p.size(); ++i) p[i] = float(int(i % 9) - 4) * 0.5f;
  ll::power<2>(p);
  ll::power<3>(p);
  show("b power", p);
  std::vector<double> d(1200);
  for (std::size_t i = 0; i < d.size(); ++i) d[i] = double(int(i % 17) - 8) * 0.25;
  ll::shift(clpar::view<double>(d), -1.5);
  show("b shift", d);
  std::vector<float> r(700);
  ll::generate(clpar::view<float>(r), ramp{0.75f});
  show("b generate ramp", r);
  ll::generate(clpar::view<float>(r), [](auto i) { return float(i % 13) * 0.25f - 1; });
  show("b generate generic", r);

  const affine t{0.5f, 2.0f};
  const double sum = ll::transform_sum(clpar::view<const float>(v),
                                       [t](float x) { return t.scale * x + t.shift; });
  const double squares =
      ll::transform_sum(clpar::view<const float>(v), [](float x) { return x * x; });
  std::printf("b sums: %.3f %.3f\n", sum, squares);

  std::vector<float> g(64 * 48, 1.0f);
  clpar::view<float, 2> grid(g.data(), 64, 48);
  const float step = 0.25f;
  ll::grid_map m([step](std::size_t i, std::size_t j, float x) {
    return x + step * float(i) - float(j % 5);
  });
  m(grid);
  m(grid);
  show("b grid", g);
}
