//===- Analysis/InnerReduction.h - Iterations that reduce over a loop -*- C++ -*-===//
//
// Finds regions whose iteration reduces over a serial inner loop (ir::InnerReduction):
//
//     for (auto i : prange(m)) {
//       float t = 0;                                        // declarations
//       for (std::size_t j = 0; j < a.extent(1); ++j)       // a counted loop
//         t += a(i, j) * x[j];                              // accumulations and reads
//       y[i] = t;                                           // anything
//     }
//
// One work-item per iteration makes each run the whole loop alone: few work-items where
// the region has few iterations, and, where each iteration reads its own row, neighbouring
// work-items reading a row apart.  The kernel's split form shares an iteration among
// several work-items instead.  That is sound when the loop's iterations may run in any
// order and in parallel: its body writes nothing but variables declared inside it and the
// accumulators, each accumulator only through one combining operation whose operands read
// no accumulator, and the declarations before it have no side effects (every work-item of
// the iteration makes them).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_INNERREDUCTION_H
#define CLPAR_ANALYSIS_INNERREDUCTION_H

#include "IR/Region.h"

#include <optional>

namespace clpar {

/// The inner reduction of an offloaded region's kernel body, if it has one.  Regions with
/// reductions of their own (SPEC 1.3) and slice statements have none.
std::optional<ir::InnerReduction> findInnerReduction(const ir::Region &R);

} // namespace clpar

#endif // CLPAR_ANALYSIS_INNERREDUCTION_H
