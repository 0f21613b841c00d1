// bench/support/measure.hpp - timing, result checks and the record format that every
// benchmark program shares (the clpar suite, the hand-written OpenCL and CUDA references,
// the device limits).  Plain C++17 with no clpar or OpenCL dependency, so nvcc's host
// compiler reads it too.
//
// Every program prints its results on stdout, one tab-separated record per line; anything
// else goes to stderr.  bench/support/report.cpp turns the records of a run into tables.
//
//   <line>    ::= <result> | <limit>
//   <result>  ::= "result" workload size variant where cold_s cold_kernel_s median_s
//                 median_kernel_s repeats check error flops bytes bound
//   <limit>   ::= "limit" name value unit where
//
// Times are seconds; a kernel time of -1 means the variant has no separate kernel time
// (serial, OpenMP).  `where` is the device that ran it, "host" (the OpenMP variant ran) or
// "mixed" (some region calls of one workload call ran on each).  `check` is "ok" or
// "FAIL"; `error` is the largest difference from the reference divided by the reference's
// largest magnitude.  `bytes` is the least memory traffic one call needs (every input
// read once, every output written once), `bound` is "memory" or "compute".
#ifndef CLPAR_BENCH_SUPPORT_MEASURE_HPP
#define CLPAR_BENCH_SUPPORT_MEASURE_HPP

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace bench {

inline double now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

inline double median(std::vector<double> v) {
  if (v.empty()) return -1;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/// Median over `repeat` runs (after one warm-up) of what `once` returns.
template <class F>
double median_of(int repeat, F once) {
  once();
  std::vector<double> t;
  for (int r = 0; r < repeat; ++r) t.push_back(once());
  return median(t);
}

/// How often to repeat a call: at least `min_repeats` warm calls (only one when the cold
/// call alone took longer than `slow_s`), then more while under `budget_s` and
/// `max_repeats`.
/// Quick mode makes the cold call only.
struct repeat_policy {
  int min_repeats = 3;
  int max_repeats = 15;
  double budget_s = 0.6;
  double slow_s = 1.0;
  bool quick = false;
};

struct timing {
  double cold = -1, cold_kernel = -1;      ///< the first call
  double median = -1, median_kernel = -1;  ///< over the warm calls
  int repeats = 0;
};

/// Times `run` (which returns its kernel seconds, or -1): one cold call, then warm calls.
/// `reset` (untimed) runs before every call; `after_cold` (untimed) right after the first,
/// so that the first call's output is what gets checked.
inline timing measure(const std::function<void()>& reset, const std::function<double()>& run,
                      const std::function<void()>& after_cold, const repeat_policy& policy) {
  timing t;
  reset();
  double start = now();
  t.cold_kernel = run();
  t.cold = now() - start;
  after_cold();
  if (policy.quick) return t;
  const int min_repeats = t.cold > policy.slow_s ? 1 : policy.min_repeats;
  std::vector<double> wall, kernel;
  double spent = 0;
  while (int(wall.size()) < policy.max_repeats &&
         (int(wall.size()) < min_repeats || spent < policy.budget_s)) {
    reset();
    start = now();
    const double k = run();
    const double w = now() - start;
    wall.push_back(w);
    kernel.push_back(k);
    spent += w;
  }
  t.median = median(wall);
  t.median_kernel = kernel.empty() || kernel.front() < 0 ? -1 : median(kernel);
  t.repeats = int(wall.size());
  return t;
}

struct check {
  bool ok = false;
  double error = 0;
};

/// Relative comparison: max |got - want| / max |want| must not exceed `tolerance`.
template <class T>
check compare(const T* got, const T* want, std::size_t n, double tolerance) {
  double diff = 0, scale = 0;
  bool finite = true;
  for (std::size_t i = 0; i < n; ++i) {
    const double g = double(got[i]), w = double(want[i]);
    if (!std::isfinite(g) && std::isfinite(w)) finite = false;
    diff = std::max(diff, std::fabs(g - w));
    scale = std::max(scale, std::fabs(w));
  }
  const double error = scale > 0 ? diff / scale : diff;
  return {finite && error <= tolerance, error};
}

template <class T>
check compare(const std::vector<T>& got, const std::vector<T>& want, double tolerance) {
  if (got.size() != want.size()) return {false, 1};
  return compare(got.data(), want.data(), got.size(), tolerance);
}

/// Bit-exact comparison (integer results, max-projections).
template <class T>
check compare_exact(const std::vector<T>& got, const std::vector<T>& want) {
  std::size_t wrong = got.size() == want.size() ? 0 : 1;
  for (std::size_t i = 0; wrong == 0 && i < got.size(); ++i) wrong += got[i] != want[i];
  return {wrong == 0, wrong == 0 ? 0.0 : 1.0};
}

/// The checks of a call's two outputs as one: ok when both are, with the larger error.
inline check both(const check& a, const check& b) {
  return {a.ok && b.ok, std::max(a.error, b.error)};
}

/// What a workload call costs, for rates and fractions of the device's limits.
struct work {
  double flops = 0;
  double bytes = 0;
  bool memory_bound = false;
};

inline void print_result(const std::string& workload, const std::string& size,
                         const std::string& variant, const std::string& where, const timing& t,
                         const check& c, const work& w) {
  std::printf("result\t%s\t%s\t%s\t%s\t%.9g\t%.9g\t%.9g\t%.9g\t%d\t%s\t%.3g\t%.6g\t%.6g\t%s\n",
              workload.c_str(), size.c_str(), variant.c_str(), where.c_str(), t.cold, t.cold_kernel,
              t.median, t.median_kernel, t.repeats, c.ok ? "ok" : "FAIL", c.error, w.flops, w.bytes,
              w.memory_bound ? "memory" : "compute");
  std::fflush(stdout);
}

inline void print_limit(const std::string& name, double value, const std::string& unit,
                        const std::string& where) {
  std::printf("limit\t%s\t%.6g\t%s\t%s\n", name.c_str(), value, unit.c_str(), where.c_str());
  std::fflush(stdout);
}

/// Deterministic inputs, the same in every program: values in [lo, hi) from a hash of
/// the index and a seed.
inline float hashed(std::uint64_t i, std::uint32_t seed) {
  std::uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ (std::uint64_t(seed) << 32 | seed);
  h ^= h >> 29;
  h *= 0xBF58476D1CE4E5B9ull;
  h ^= h >> 32;
  return float(h >> 40) / float(1 << 24);
}

inline void fill(std::vector<float>& v, std::uint32_t seed, float lo = 0, float hi = 1) {
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = lo + (hi - lo) * hashed(i, seed);
}

}  // namespace bench

#endif  // CLPAR_BENCH_SUPPORT_MEASURE_HPP
