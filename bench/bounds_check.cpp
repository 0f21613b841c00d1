// bench/bounds_check.cpp - what bounds checking costs in kernels (SPEC 1.4, issue 3).
//
// Built twice by bench/CMakeLists.txt: with checks (the default) and with
// --no-bounds-check.  Each workload runs `repeat` times; the program prints, per workload,
// the median kernel time (OpenCL profiling) and the median whole-call time.
// bench/bounds_check.sh runs both builds and prints the ratio.
#include <clpar/clpar.hpp>
#include <clpar/rt/stats.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <random>
#include <vector>

namespace {

bool inside(clpar::view<const int, 2> v, long px, long py) {
  const int n = static_cast<int>(v.extent(0));
  int crossings = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const long x1 = v(i, 0), y1 = v(i, 1), x2 = v(j, 0), y2 = v(j, 1);
    if ((y1 > py) != (y2 > py) &&
        (((px - x1) * (y2 - y1) < (py - y1) * (x2 - x1)) == (y2 > y1)))
      ++crossings;
  }
  return crossings % 2 == 1;
}

void polygon(clpar::view<const int, 2> verts, clpar::view<unsigned char, 2> mask) {
  for (auto y : clpar::prange(mask.extent(0)))
    for (auto x : clpar::prange(mask.extent(1)))
      mask(y, x) = inside(verts, long(x), long(y));
}

void zprojection(clpar::view<const float, 3> stack, clpar::view<float, 2> out) {
  for (auto y : clpar::prange(out.extent(0)))
    for (auto x : clpar::prange(out.extent(1))) {
      float m = stack(0, y, x);
      for (std::size_t z = 1; z < stack.extent(0); ++z) m = std::max(m, stack(z, y, x));
      out(y, x) = m;
    }
}

void gemm(clpar::view<const float, 2> a, clpar::view<const float, 2> b,
          clpar::view<float, 2> c) {
  const std::size_t k = a.extent(1);
  for (auto i : clpar::prange(c.extent(0)))
    for (auto j : clpar::prange(c.extent(1))) {
      float s = 0;
      for (std::size_t l = 0; l < k; ++l) s += a(i, l) * b(l, j);
      c(i, j) = s;
    }
}

void conv3x3(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  for (auto i : clpar::prange(1, in.extent(0) - 1))
    for (auto j : clpar::prange(1, in.extent(1) - 1))
      out(i, j) = 0.2f * in(i - 1, j) + 0.5f * in(i, j) + 0.3f * in(i + 1, j) -
                  0.1f * in(i, j - 1) + 0.7f * in(i, j + 1) - 0.4f * in(i - 1, j - 1);
}

void saxpy(float a, clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(y.size())) y[i] = a * x[i] + y[i];
}

struct times {
  double kernel = 0, call = 0;
};

times measure(int repeat, const std::function<void()>& run) {
  std::vector<double> kernel, call;
  run();  // builds the kernel
  for (int r = 0; r < repeat; ++r) {
    run();
    const clpar::rt::call_stats s = clpar::rt::last_call();
    kernel.push_back(s.kernel_seconds);
    call.push_back(s.seconds);
  }
  std::sort(kernel.begin(), kernel.end());
  std::sort(call.begin(), call.end());
  return {kernel[kernel.size() / 2], call[call.size() / 2]};
}

void report(const char* name, const times& t) {
  std::printf("%-28s %12.1f %12.1f\n", name, t.kernel * 1e6, t.call * 1e6);
}

}  // namespace

int main(int argc, char** argv) {
  // Kernel times (clpar/rt/stats.hpp) are measured only on request.
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 15;
  const int scale = argc > 2 ? std::atoi(argv[2]) : 1;  // 1: full size; larger: smaller
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> u(0, 1);
  std::printf("%-28s %12s %12s\n", "workload", "kernel us", "call us");

  {
    const std::size_t n = 1024 / scale;
    std::uniform_int_distribution<int> coord(0, int(n) - 1);
    std::vector<int> v(48);
    for (int& c : v) c = coord(rng);
    std::vector<unsigned char> m(n * n);
    clpar::view<const int, 2> verts(v.data(), 24, 2);
    clpar::view<unsigned char, 2> mask(m.data(), n, n);
    report("polygon 1024x1024, 24 edges", measure(repeat, [&] { polygon(verts, mask); }));
  }
  {
    const std::size_t nz = 100 / scale, ny = 512 / scale, nx = 512 / scale;
    std::vector<float> s(nz * ny * nx), p(ny * nx);
    for (float& x : s) x = u(rng);
    clpar::view<const float, 3> stack(s.data(), nz, ny, nx);
    clpar::view<float, 2> out(p.data(), ny, nx);
    report("z-projection 100x512x512", measure(repeat, [&] { zprojection(stack, out); }));
  }
  {
    const std::size_t n = 1024 / scale;
    std::vector<float> a(n * n), b(n * n), c(n * n);
    for (float& x : a) x = u(rng);
    for (float& x : b) x = u(rng);
    clpar::view<const float, 2> A(a.data(), n, n), B(b.data(), n, n);
    clpar::view<float, 2> C(c.data(), n, n);
    report("gemm 1024", measure(repeat, [&] { gemm(A, B, C); }));
  }
  {
    const std::size_t n = 4096 / scale;
    std::vector<float> in(n * n), out(n * n);
    for (float& x : in) x = u(rng);
    clpar::view<const float, 2> I(in.data(), n, n);
    clpar::view<float, 2> O(out.data(), n, n);
    report("conv 3x3 4096x4096", measure(repeat, [&] { conv3x3(I, O); }));
  }
  {
    const std::size_t n = (std::size_t(1) << 26) / scale;
    std::vector<float> x(n, 1.0f), y(n, 2.0f);
    report("saxpy 2^26", measure(repeat, [&] { saxpy(2.0f, x, y); }));
  }
  return 0;
}
