//===- Analysis/LoopEntryChecks.h - Checks made when a loop starts -*- C++ -*-===//
//
// A bounds check per access costs a compare and a branch in every iteration of every
// work-item (polygon's vertex loop runs twice as fast without them).  Where an access runs
// in every iteration of a counted loop and its index moves monotonically with the loop's
// variable, checking the index at the loop's first and last values decides every
// iteration, so the kernel checks it once, when the loop starts (ir::LoopEntryChecks), and
// the access goes unchecked.  Unlike the checks made before launch
// (Analysis/BoundsHoisting.h) these run in the kernel, so the loop's bounds and the
// index's other terms may be anything the loop does not change: locals, parameters of a
// called function, the region's loop variables.  A failing check records the error as a
// per-access check would, and the loop does not run: the runtime discards the call's
// results and reruns it on the host, which reports the error (SPEC 1.4).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_LOOPENTRYCHECKS_H
#define CLPAR_ANALYSIS_LOOPENTRYCHECKS_H

#include "IR/Region.h"

namespace clpar {

/// Sets Stmt::EntryChecks on the counted loops of R's kernel body and of the functions it
/// calls, and the EntryCheckedMask of the indices they check.  Nothing when R is unchecked.
void addLoopEntryChecks(ir::Region &R);

} // namespace clpar

#endif // CLPAR_ANALYSIS_LOOPENTRYCHECKS_H
