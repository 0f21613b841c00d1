// e2e: loops shared out over several devices (.on(clpar::all_devices)): a product by rows,
// a stencil's time loop in a function (each device keeps its rows and fetches its
// neighbours' edge rows), reductions, a transpose (each device writes columns), a loop
// with a step, and two loops that cannot be shared (one device runs them).  Run over two
// PoCL devices, shared_devices.sh checks each site's trace line against its "shared:"
// comment: "yes", or "no" with the reason's text.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

#include "digest.hpp"

namespace {

void product(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
             clpar::view<float, 2> c) {
  for (auto i : clpar::prange(c.extent(0)).on(clpar::all_devices))  // shared: yes
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t k = 0; k < a.extent(1); ++k) s += a(i, k) * b(k, j);
      c(i, j) = s;
    }
}

/// Jacobi sweeps: the data stays on the devices between the calls of the time loop.
void sweeps(clpar::view<double, 2> u, clpar::view<double, 2> v, int steps) {
  const std::size_t n = u.extent(0);
  for (int t = 0; t < steps; ++t) {
    for (auto i : clpar::prange(std::size_t{1}, n - 1).on(clpar::all_devices))  // shared: yes
      for (auto j : clpar::prange(std::size_t{1}, n - 1))
        v(i, j) = 0.25 * (u(i - 1, j) + u(i + 1, j) + u(i, j - 1) + u(i, j + 1));
    for (auto i : clpar::prange(std::size_t{1}, n - 1).on(clpar::all_devices))  // shared: yes
      for (auto j : clpar::prange(std::size_t{1}, n - 1))
        u(i, j) = 0.25 * (v(i - 1, j) + v(i + 1, j) + v(i, j - 1) + v(i, j + 1));
  }
}

}  // namespace

int main() {
  const std::size_t n = 96, m = 80;
  std::vector<float> a(n * m), b(m * n), c(n * n);
  for (std::size_t k = 0; k < a.size(); ++k) a[k] = float(int(k * 37 % 19) - 9) * 0.125f;
  for (std::size_t k = 0; k < b.size(); ++k) b[k] = float(int(k * 53 % 23) - 11) * 0.25f;
  product(clpar::view<const float, 2>(a.data(), n, m), clpar::view<const float, 2>(b.data(), m, n),
          clpar::view<float, 2>(c.data(), n, n));
  show("product", c);

  const std::size_t g = 64;
  std::vector<double> u(g * g, 0.0), v(g * g, 0.0);
  for (std::size_t j = 0; j < g; ++j) u[j] = v[j] = 100.0;  // a hot edge
  sweeps(clpar::view<double, 2>(u.data(), g, g), clpar::view<double, 2>(v.data(), g, g), 12);
  show("sweeps", u);

  std::vector<int> x(5000);
  for (std::size_t k = 0; k < x.size(); ++k) x[k] = int(k * 7919 % 1013) - 500;
  long long sum = 0;
  int largest = -1000000;
  for (auto i : clpar::prange(x.size()).on(clpar::all_devices)) {  // shared: yes
    sum += x[i];
    largest = std::max(largest, x[i]);
    x[i] = x[i] * 2 + 1;
  }
  std::printf("sum %lld largest %d\n", sum, largest);
  show("doubled", x);

  std::vector<float> t(n * n);
  clpar::view<float, 2> cv(c.data(), n, n), tv(t.data(), n, n);
  for (auto i : clpar::prange(n).on(clpar::all_devices))  // shared: yes
    for (auto j : clpar::prange(n)) tv(j, i) = cv(i, j) + 1.0f;
  show("transposed", t);

  // Every third i writes i and i + 1: the shares' windows stay apart.
  for (auto i : clpar::prange(std::size_t{0}, x.size() - 1, std::size_t{3}).on(clpar::all_devices)) {  // shared: yes
    x[i] = -x[i];
    x[i + 1] += 5;
  }
  show("stepped", x);

  // Even i write i and i + 1: at step 1 the windows of neighbours overlap.
  for (auto i : clpar::prange(x.size() - 1).on(clpar::all_devices)) {  // shared: no: neighbouring iterations may write the same elements
    if (i % 2 == 0) {
      x[i] = 7;
      x[i + 1] = 9;
    }
  }
  show("pairs", x);

  // Reversed through a variable: no share can tell which elements it writes.
  const std::size_t last = x.size() - 1;
  for (auto i : clpar::prange(x.size()).on(clpar::all_devices))  // shared: no: the region writes a view where its outermost loop's variable alone does not decide
    x[last - i] = int(i);
  show("reversed", x);
}
