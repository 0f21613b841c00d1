// bench/call_overhead.cpp - what one region call costs when its data is already on the
// device and its kernel built (DESIGN-QUESTIONS 14), against the device's own floor.
// A tiny kernel (n floats, one add each) is called `calls` times two ways:
//   in one function      the calls share a data scope: nothing moves, launches do not wait
//   across functions     a call of a one-region function each time, the array held by
//                        clpar::resident: each call opens and closes a scope
// Prints the time per call of each and the kernels' own time per call.  The floor to
// compare with is device_limits' "empty kernel, enqueue to finish"; CLPAR_SYNC_LAUNCHES=1
// makes every call wait for its kernel, as a call that reads something back does.
//
//   CLPAR_DEVICE=opencl-gpu call_overhead [n] [calls]
#include <clpar/clpar.hpp>
#include <clpar/rt/stats.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static void steps(clpar::view<float> v, int count) {
  for (int s = 0; s < count; ++s)
    for (auto i : clpar::prange(v.size()))
      v[i] += 1.0f;
}

static void bump(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] += 1.0f;
}

int main(int argc, char** argv) {
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 1024;
  const int calls = argc > 2 ? std::atoi(argv[2]) : 2000;
  std::vector<float> data(n, 0.0f);
  const clpar::view<float> v(data.data(), n);
  using clock = std::chrono::steady_clock;
  const auto per_call_us = [&](clock::time_point start) {
    return std::chrono::duration<double>(clock::now() - start).count() * 1e6 / calls;
  };

  steps(v, 10);  // builds the kernels, starts the device
  bump(v);
  float expected = 11.0f;

  double kernels = clpar::rt::kernel_seconds_total();
  clpar::rt::call_counts before = clpar::rt::call_totals();
  auto start = clock::now();
  steps(v, calls);
  const double in_function = per_call_us(start);
  const double in_function_kernels = (clpar::rt::kernel_seconds_total() - kernels) * 1e6 / calls;
  const auto device_calls = clpar::rt::call_totals().on_device - before.on_device;
  expected += static_cast<float>(calls);

  double across_functions = 0, across_kernels = 0;
  {
    clpar::resident keep(v);
    bump(v);  // the first call of the hold uploads
    kernels = clpar::rt::kernel_seconds_total();
    start = clock::now();
    for (int c = 0; c < calls; ++c) bump(v);
    across_functions = per_call_us(start);
    across_kernels = (clpar::rt::kernel_seconds_total() - kernels) * 1e6 / calls;
  }
  expected += static_cast<float>(calls + 1);

  bool ok = true;
  for (float x : data) ok = ok && x == expected;
  std::printf("call_overhead n=%zu calls=%d on_device=%llu/%d\n", n, calls,
              static_cast<unsigned long long>(device_calls), calls);
  std::printf("  in one function:     %8.2f us per call (kernels %6.2f us)\n", in_function,
              in_function_kernels);
  std::printf("  across functions:    %8.2f us per call (kernels %6.2f us)\n", across_functions,
              across_kernels);
  std::printf("  results: %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}
