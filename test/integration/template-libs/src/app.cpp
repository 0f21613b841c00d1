// app: links `filters` and `stats` and uses kernels.hpp itself (scale<float> is then
// compiled in all three); checks every result against plain loops and exits with status 1
// if any differs.  Values are small integers and quarters: exact in every variant.
#include "filters.hpp"
#include "kernels.hpp"
#include "stats.hpp"

#include <cstdio>
#include <vector>

namespace {

int failures = 0;

template <class T>
void expect(const char* what, const std::vector<T>& got, const std::vector<T>& want) {
  for (std::size_t i = 0; i < want.size(); ++i) {
    if (got[i] != want[i]) {
      std::printf("%s wrong at %zu: %g, expected %g\n", what, i, double(got[i]), double(want[i]));
      ++failures;
      return;
    }
  }
  std::printf("%s ok\n", what);
}

template <class T>
void expect(const char* what, T got, T want) {
  if (got != want) {
    std::printf("%s wrong: %g, expected %g\n", what, double(got), double(want));
    ++failures;
    return;
  }
  std::printf("%s ok\n", what);
}

template <class T>
std::vector<T> numbers(std::size_t n, int period) {
  std::vector<T> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = T(int(i % period) - period / 2);
  return v;
}

template <class T>
std::vector<T> smoothed(std::vector<T> v, int passes) {
  for (int p = 0; p < passes; ++p) {
    std::vector<T> w = v;
    for (std::size_t i = 1; i + 1 < v.size(); ++i) {
      const T s = v[i - 1] + T(2) * v[i] + v[i + 1];
      w[i] = s * T(0.25);
    }
    v = w;
  }
  return v;
}

}  // namespace

int main() {
  // The static library: float and double.
  std::vector<float> f = numbers<float>(1000, 16);
  std::vector<double> d = numbers<double>(777, 11);
  const std::vector<float> f_want = smoothed(f, 2);
  const std::vector<double> d_want = smoothed(d, 2);
  filters::smooth(f, 2);
  filters::smooth(d, 2);
  expect("filters::smooth float", f, f_want);
  expect("filters::smooth double", d, d_want);

  // The shared library: float and int.
  std::vector<float> g(1500);
  std::vector<int> k(2001);
  stats::fill(g, 7, 0.5f);
  stats::fill(k, 13);
  std::vector<float> g_want(g.size());
  std::vector<int> k_want(k.size());
  float g_sum = 0.0f;
  int k_sum = 0;
  for (std::size_t i = 0; i < g.size(); ++i) g_sum += g_want[i] = float(int(i % 7)) * 0.5f;
  for (std::size_t i = 0; i < k.size(); ++i) k_sum += k_want[i] = int(i % 13);
  expect("stats::fill float", g, g_want);
  expect("stats::fill int", k, k_want);
  expect("stats::sum float", stats::sum(g), g_sum);
  expect("stats::sum int", stats::sum(k), k_sum);

  // The program's own instantiations.
  std::vector<float> x = numbers<float>(1234, 9), y = numbers<float>(1234, 5);
  std::vector<float> x_want = x, y_want = y;
  for (std::size_t i = 0; i < x.size(); ++i) {
    x_want[i] *= -2.0f;
    y_want[i] = 0.5f * x_want[i] + y_want[i];
  }
  kernels::scale<float>(x, -2.0f);
  kernels::axpy<float>(0.5f, x, y);
  expect("kernels::scale float", x, x_want);
  expect("kernels::axpy float", y, y_want);
  std::vector<double> u = numbers<double>(999, 4), w = numbers<double>(999, 6);
  std::vector<double> w_want = w;
  double u_sum = 0.0;
  for (std::size_t i = 0; i < u.size(); ++i) {
    w_want[i] = 0.25 * u[i] + w[i];
    u_sum += u[i];
  }
  kernels::axpy<double>(0.25, u, w);
  expect("kernels::axpy double", w, w_want);
  expect("kernels::total double", kernels::total<double>(u), u_sum);

  if (failures) {
    std::printf("%d results wrong\n", failures);
    return 1;
  }
  std::printf("template-libs ok\n");
  return 0;
}
