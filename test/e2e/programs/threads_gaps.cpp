// e2e: threads writing interleaved elements of one vector, one thread's calls on the device
// and its neighbour's on the host (.on(clpar::host)).  Each thread writes only its own
// elements (i % 4 == t), so the results must equal the serial build's.  Before copy-back
// brought home only the elements a kernel may write, they did not under
// CLPAR_DEVICE=opencl (two runs in three differed on the 2-core development machine): a
// device call copied back its view's whole hull, gaps included, over what the host thread
// wrote into the gaps meanwhile.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <thread>
#include <vector>

#include "digest.hpp"

using clpar::slice;

static void bump(clpar::view<int> y, int k) {
  for (auto i : clpar::prange(y.size())) y[i] = y[i] * 3 % 10007 + k;
}

static void bump_on_host(clpar::view<int> y, int k) {
  for (auto i : clpar::prange(y.size()).on(clpar::host)) y[i] = y[i] * 3 % 10007 + k;
}

int main() {
  const int threads = 4, calls = 500;
  const std::ptrdiff_t n = 4000;
  std::vector<int> ys(n, 1);
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&ys, t, n] {
      clpar::view<int> mine = clpar::view<int>(ys)[slice(t, n, threads)];
      for (int c = 0; c < calls; ++c) (t % 2 ? bump_on_host : bump)(mine, t * 100 + c);
    });
  for (std::thread& thread : pool) thread.join();
  show("interleaved", ys);
}
