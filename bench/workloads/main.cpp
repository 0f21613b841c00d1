// bench/workloads/main.cpp - the clpar benchmark suite's program: times each registered
// workload's clpar call and checks it against the serial reference.
//
//   bench_suite --variant LABEL [--references] [--quick] [--workload NAME]...
//
// The clpar call runs wherever CLPAR_DEVICE sends it; LABEL only names the variant in the
// records (bench/run.sh starts this program once per CLPAR_DEVICE value, since the
// runtime settles its device choice once per process).  --references also times the
// serial reference and the hand-written OpenMP loop (variants "serial" and "openmp-hand");
// otherwise, and for instances above 5 GFLOP, the reference is computed by the OpenMP
// loop, whose results are bit-identical (bench/reference/serial.hpp).  --quick: small sizes, one
// call each, correctness only.  Output: records as bench/support/measure.hpp describes.
#include <algorithm>
#include <cstdlib>
#include <clpar/rt/start.hpp>
#include <clpar/rt/stats.hpp>
#include <cstdio>
#include <cstring>
#include <map>
#include <set>

#include "workload.hpp"

namespace bench {
namespace {

std::map<std::string, factory>& registry() {
  static std::map<std::string, factory> workloads;
  return workloads;
}


// A region before any workload, large enough for `auto` to offload it, so that starting
// OpenCL (platforms, context, queue) is not charged to the first workload's cold call.
// Under auto the start runs on a background worker while calls run on the host
// (clpar/rt/start.hpp): main waits for it after this call, so that the runtime-start row is
// the time to a ready device, as for the other variants, and the workloads' calls are
// those of a process whose device is up.
void start_runtime(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) v[i] = 1;
}

}  // namespace

registration::registration(const char* name, factory make) {
  registry()[name] = make;
}

namespace {

struct options {
  std::string variant = "clpar";
  bool references = false;
  std::set<std::string> only;
  repeat_policy policy;
};

const double serial_flops_limit = 5e9;

/// Untimed calls at most while the runtime still times kernel forms: a workload's sites,
/// each with up to four candidates of three samples.
const int max_trial_calls = 48;

int run_instance(instance& w, const options& opt) {
  int failures = 0;
  const auto reference_call = [&](bool parallel) {
    return [&w, parallel] {
      w.reference(parallel);
      return -1.0;
    };
  };
  // Beyond this much work the serial loop only costs time (matmul 2048 is over a minute):
  // it is not timed, and the OpenMP loop's bit-identical result is the reference.
  const bool time_serial = opt.references && w.cost.flops <= serial_flops_limit;
  if (time_serial) {
    const timing serial = measure(w.reset, reference_call(false), w.keep_reference, opt.policy);
    print_result(w.workload, w.size, "serial", "host", serial, {true, 0}, w.cost);
  } else {
    w.reset();
    w.reference(true);
    w.keep_reference();
  }
  if (opt.references) {
    check omp_check;
    // The hand-written OpenMP loop writes the same outputs: check them like clpar's.
    const timing omp = measure(
        w.reset, reference_call(true), [&] { omp_check = w.check(); }, opt.policy);
    print_result(w.workload, w.size, "openmp-hand", "host", omp, omp_check, w.cost);
    failures += !omp_check.ok;
  }

  std::set<std::string> places;
  // Where the call's regions ran and their kernel time, read around the call: nothing
  // runs between its regions that the user's code would not run.
  const auto clpar_call = [&] {
    const clpar::rt::call_counts before = clpar::rt::call_totals();
    const double kernels_before = clpar::rt::kernel_seconds_total();
    w.clpar();
    const clpar::rt::call_counts after = clpar::rt::call_totals();
    const double kernels = clpar::rt::kernel_seconds_total() - kernels_before;
    const bool device = after.on_device > before.on_device;
    const bool host = after.on_host > before.on_host;
    places.insert(!host ? "device" : !device ? "host" : "mixed");
    return device ? kernels : -1.0;
  };
  check result;
  // Under auto the cold call queues its kernels' builds on the background worker and runs
  // on the host meanwhile; the warm calls are timed once they are built, as the other
  // variants' are (their cold call builds).  The cold call's time shows the start.  So too
  // for the runtime's choice among kernel forms: the first calls of a site on a GPU time
  // its candidate forms, and the warm calls are timed once it has kept one (calls that
  // timed a trial repeat, untimed, up to a bound).
  const timing t = measure(
      w.reset, clpar_call,
      [&] {
        result = w.check();
        clpar::rt::wait_for_auto_devices();
        for (int settle = 0; settle < max_trial_calls && !opt.policy.quick; ++settle) {
          const unsigned long long before = clpar::rt::form_trial_calls();
          w.reset();
          (void)clpar_call();
          clpar::rt::wait_for_auto_devices();
          if (clpar::rt::form_trial_calls() == before) break;
        }
      },
      opt.policy);
  const std::string where = places.size() == 1 ? *places.begin() : "mixed";
  print_result(w.workload, w.size, opt.variant, where, t, result, w.cost);
  if (!result.ok)
    std::fprintf(stderr, "bench_suite: %s %s (%s): result differs from the reference (%g)\n",
                 w.workload.c_str(), w.size.c_str(), opt.variant.c_str(), result.error);
  return failures + !result.ok;
}

}  // namespace
}  // namespace bench

int main(int argc, char** argv) {
  // Kernel times (clpar/rt/stats.hpp) are measured only on request.
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  bench::options opt;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--variant" && i + 1 < argc) {
      opt.variant = argv[++i];
    } else if (arg == "--references") {
      opt.references = true;
    } else if (arg == "--quick") {
      opt.policy.quick = true;
    } else if (arg == "--workload" && i + 1 < argc) {
      opt.only.insert(argv[++i]);
    } else if (arg == "--list") {
      for (const auto& [name, make] : bench::registry()) std::printf("%s\n", name.c_str());
      return 0;
    } else {
      std::fprintf(stderr,
                   "usage: %s --variant LABEL [--references] [--quick] [--workload NAME]... "
                   "| --list\n",
                   argv[0]);
      return 2;
    }
  }
  for (const std::string& name : opt.only)
    if (bench::registry().count(name) == 0) {
      std::fprintf(stderr, "bench_suite: no workload '%s' (see --list)\n", name.c_str());
      return 2;
    }

  std::vector<int> ones(1 << 17);
  double start = bench::now();
  bench::start_runtime(clpar::view<int>(ones));
  clpar::rt::wait_for_auto_devices();
  bench::print_limit("runtime start (" + opt.variant + ")", bench::now() - start, "s", "host");

  // The order first, then any other workload by name.
  std::vector<std::string> order = {
      "polygon", "zprojection", "matmul",    "sigmoid_layer", "mlp",    "gemm", "atax",
      "bicg",    "covariance",  "jacobi_2d", "fdtd_2d",       "conv2d", "norm"};
  for (const auto& [name, make] : bench::registry())
    if (std::find(order.begin(), order.end(), name) == order.end()) order.push_back(name);
  int failures = 0;
  for (const std::string& name : order) {
    const auto found = bench::registry().find(name);
    if (found == bench::registry().end()) continue;
    if (!opt.only.empty() && opt.only.count(name) == 0) continue;
    for (bench::instance& w : found->second(opt.policy.quick))
      failures += bench::run_instance(w, opt);
  }
  return failures == 0 ? 0 : 1;
}
