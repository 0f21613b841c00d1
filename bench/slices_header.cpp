// bench/slices_header.cpp - the header's serial slice expressions against hand-written
// loops, both built with the plain compiler at -O2 (issue 4: not slower than the loop).
// Prints the median time of each and the ratio, side by side in one run.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

using clpar::all;
using clpar::slice;

namespace {

double median_seconds(int repeat, const std::function<void()>& run) {
  std::vector<double> t;
  for (int r = 0; r < repeat; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    run();
    t.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

void row(const char* name, double header, double loop) {
  std::printf("| %s | %.3f | %.3f | %.2f |\n", name, header * 1e3, loop * 1e3, header / loop);
}

}  // namespace

int main(int argc, char** argv) {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 11;
  const std::size_t n = std::size_t(1) << (argc > 2 ? std::atoi(argv[2]) : 24);
  std::vector<float> xs(n, 1.0f), ys(n, 2.0f);
  clpar::view<float> x(xs), y(ys);
  const float a = 0.5f;
  std::printf("| statement | header ms | loop ms | header / loop |\n|---|---:|---:|---:|\n");
  row("`y[all] = a * x + y`", median_seconds(repeat, [&] { y[all] = a * x + y; }),
      median_seconds(repeat, [&] {
        float* py = ys.data();
        const float* px = xs.data();
        for (std::size_t i = 0; i < n; ++i) py[i] = a * px[i] + py[i];
      }));
  const std::size_t side = std::size_t(1) << 12, cols = n / side;
  clpar::view<const float, 2> u(xs.data(), side, cols);
  clpar::view<float, 2> v(ys.data(), side, cols);
  row("5-point stencil through 2-D slices", median_seconds(repeat, [&] {
        v(slice(1, side - 1), slice(1, cols - 1)) =
            0.25f * (u(slice(0, side - 2), slice(1, cols - 1)) + u(slice(2, side), slice(1, cols - 1)) +
                     u(slice(1, side - 1), slice(0, cols - 2)) + u(slice(1, side - 1), slice(2, cols)));
      }),
      median_seconds(repeat, [&] {
        const float* pu = xs.data();
        float* pv = ys.data();
        for (std::size_t i = 1; i + 1 < side; ++i)
          for (std::size_t j = 1; j + 1 < cols; ++j)
            pv[i * cols + j] = 0.25f * (pu[(i - 1) * cols + j] + pu[(i + 1) * cols + j] +
                                        pu[i * cols + j - 1] + pu[i * cols + j + 1]);
      }));
  float s1 = 0, s2 = 0;
  row("`sum(x[::2] * x[::2])`",
      median_seconds(repeat, [&] { s1 += clpar::sum(x[slice(0, n, 2)] * x[slice(0, n, 2)]); }),
      median_seconds(repeat, [&] {
        float s = 0;
        for (std::size_t i = 0; i < n; i += 2) s += xs[i] * xs[i];
        s2 += s;
      }));
  std::fprintf(stderr, "checksums %g %g\n", double(s1), double(s2));
}
