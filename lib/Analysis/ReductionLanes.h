//===- Analysis/ReductionLanes.h - Reductions' values, several at a time -*- C++ -*-===//
//
// Finds reducing regions whose iteration is nothing but updates of the reduction
// variables, each a compound assignment of a value that depends on the iteration alone:
//
//     for (auto i : prange(x.size())) s += double(x[i]) * double(x[i]);
//
// The value may read views, scalars, the loop variables and literals through any operator
// but assignments and increments, casts, `?:` and the built-ins; not a reduction variable,
// a local variable or a translated function (which might write).  The region then writes
// no view, and evaluating an iteration's value changes nothing.
//
// The kernel steps through the innermost dimension by the global size, as every reducing
// kernel does; with this form it takes CLPAR_GRID_LANES (4) of its iterations, a global
// size apart, per step: first every value (at the last iteration again for those past
// the end, which are then not added), then the updates in the original order.  Each
// accumulator sees the same operations in the same order as one iteration at a time, so
// the result is the same to the bit; only the loads, no longer waiting for the update
// before them, are in flight together.
//
// The split form's lanes (each a share of an inner loop, ir::InnerReduction) take the same
// form over their steps where the loop's body is only updates of its accumulators.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_REDUCTIONLANES_H
#define CLPAR_ANALYSIS_REDUCTIONLANES_H

#include "IR/Region.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clpar {

/// The region's reduction updates with their values, if its iteration is only those.
std::optional<ir::ReductionLanes> findReductionLanes(const ir::Region &R);

/// The same for an inner reduction's loop (ir::InnerReduction): \p LoopBody's updates of
/// the \p Accumulators (kernel names) with their values, if the body is only those and
/// each value reads no accumulator (the loop variable and variables declared before the
/// loop, which the body then does not change, are read as they are).  Empty otherwise.
std::vector<ir::InnerReduction::Update>
findInnerLanes(const ir::Stmt &LoopBody, const std::set<std::string> &Accumulators);

} // namespace clpar

#endif // CLPAR_ANALYSIS_REDUCTIONLANES_H
