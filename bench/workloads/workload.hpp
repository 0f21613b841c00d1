// bench/workloads/workload.hpp - how a workload of the clpar benchmark suite plugs in.
//
// Each bench/workloads/<name>.cpp holds the workload's prange code, written as a user
// would, and registers one `instance` per problem size.  main.cpp times every instance's
// clpar call (on whatever CLPAR_DEVICE selects: the driver script bench/run.sh starts the
// program once per variant) and, when asked, the serial and hand-written OpenMP
// references from bench/reference/serial.hpp.
#ifndef CLPAR_BENCH_WORKLOADS_WORKLOAD_HPP
#define CLPAR_BENCH_WORKLOADS_WORKLOAD_HPP

#include <clpar/clpar.hpp>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "reference/serial.hpp"
#include "support/measure.hpp"

namespace bench {

struct instance {
  std::string workload;  ///< "gemm"
  std::string size;      ///< "1000x1100x1200"
  work cost;
  std::function<void()> reset;           ///< restores inputs that a call changes (untimed)
  std::function<void()> clpar;           ///< one call of the prange code
  std::function<void(bool)> reference;   ///< serial (false) or hand-written OpenMP (true)
  std::function<void()> keep_reference;  ///< saves the reference's output for `check`
  std::function<bench::check()> check;   ///< the clpar output against the saved reference
};

using factory = std::vector<instance> (*)(bool quick);

/// Registers a workload's instances (a static object in each workload's file).
struct registration {
  registration(const char* name, factory make);
};

}  // namespace bench

#endif  // CLPAR_BENCH_WORKLOADS_WORKLOAD_HPP
