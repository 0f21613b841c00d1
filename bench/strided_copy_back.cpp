// bench/strided_copy_back.cpp - bringing home what a kernel wrote through a strided view
// (issue 17): only the view's elements come back, never the bytes between them.  Per
// shape, a kernel writes the view inside a clpar::resident, then sync_host() brings it
// home; prints the bytes and the best time of that sync over the repetitions, and the
// bytes the view's hull would be.
//
//   CLPAR_DEVICE=opencl strided_copy_back [n] [repetitions]     (n: a side, default 8192)
#include <clpar/clpar.hpp>
#include <clpar/rt/residency.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using clpar::all;
using clpar::slice;

static void fill(clpar::view<int, 2> w, int k) {
  for (auto i : clpar::prange(w.extent(0)))
    for (auto j : clpar::prange(w.extent(1))) w(i, j) = int(i + j) + k;
}

int main(int argc, char** argv) {
  const long n = argc > 1 ? std::atol(argv[1]) : 8192;
  const int repetitions = argc > 2 ? std::atoi(argv[2]) : 5;
  std::vector<int> a(std::size_t(n) * std::size_t(n));
  clpar::view<int, 2> m(a.data(), std::size_t(n), std::size_t(n));
  struct shape {
    const char* name;
    clpar::view<int, 2> v;
  };
  const shape shapes[] = {
      {"whole matrix (contiguous)", m},
      {"every other row", m(slice(0, n, 2), all)},
      {"every other element of every row", m(all, slice(0, n, 2))},
      {"one column in 16", m(all, slice(0, n, 16))},
      {"a 512-column block", m(all, slice(n / 2 - 256, n / 2 + 256))},
  };
  std::printf("%-34s %14s %14s %12s\n", "view", "hull bytes", "bytes home", "sync ms");
  for (const shape& s : shapes) {
    double best = 1e30;
    unsigned long long home = 0;
    for (int r = 0; r < repetitions; ++r) {
      clpar::resident keep(s.v);
      fill(s.v, r);
      const unsigned long long before = clpar::rt::transfer_total().to_host_bytes;
      const auto t0 = std::chrono::steady_clock::now();
      s.v.sync_host();
      const auto t1 = std::chrono::steady_clock::now();
      home = clpar::rt::transfer_total().to_host_bytes - before;
      best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    const std::size_t hull =
        std::size_t((s.v.extent(0) - 1) * s.v.stride(0) + (s.v.extent(1) - 1) * s.v.stride(1) + 1) *
        sizeof(int);
    std::printf("%-34s %14zu %14llu %12.2f\n", s.name, hull, home, best);
  }
  long long check = 0;
  for (std::size_t i = 0; i < a.size(); i += 4099) check += a[i];
  std::printf("check %lld\n", check);
}
