//===- Analysis/BoundsHoisting.h - Bounds checks made before launch -*- C++ -*-===//
//
// SPEC 1.4: checks whose outcome is known before a region starts are made once, before
// launch.  An index qualifies when it is affine in the region's loop variables with
// constant coefficients and its access runs in every iteration (not under an if, a loop,
// ?:, && or ||, and not after a `continue` could have ended the iteration).  Then the
// extreme values over the iteration space decide every access, the host stub checks them
// before anything runs, and the kernel skips that check.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_BOUNDSHOISTING_H
#define CLPAR_ANALYSIS_BOUNDSHOISTING_H

#include "IR/Region.h"

namespace clpar {

/// Fills R.HoistedChecks and marks the hoisted indices in R.KernelBody.
void hoistBoundsChecks(ir::Region &R);

} // namespace clpar

#endif // CLPAR_ANALYSIS_BOUNDSHOISTING_H
