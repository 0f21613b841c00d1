// bench/support/kernel_time.hpp - the median kernel time of a clpar region call, for the
// single-program benchmarks built with clpar++ (slices, inner_reductions).  The program
// sets CLPAR_KERNEL_TIMES=1 first: kernel times are measured only on request.
#ifndef CLPAR_BENCH_SUPPORT_KERNEL_TIME_HPP
#define CLPAR_BENCH_SUPPORT_KERNEL_TIME_HPP

#include <clpar/rt/stats.hpp>

#include <algorithm>
#include <functional>
#include <vector>

namespace bench {

/// Runs `run` once (kernel build, buffers), then `repeat` times: the median kernel time of
/// its last region call, in seconds.
inline double kernel_seconds(int repeat, const std::function<void()>& run) {
  run();
  std::vector<double> t;
  for (int r = 0; r < repeat; ++r) {
    run();
    t.push_back(clpar::rt::last_call().kernel_seconds);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

}  // namespace bench

#endif  // CLPAR_BENCH_SUPPORT_KERNEL_TIME_HPP
