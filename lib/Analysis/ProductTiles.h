//===- Analysis/ProductTiles.h - Products the kernel can tile -----*- C++ -*-===//
//
// Finds two-dimensional regions with an inner reduction (Analysis/InnerReduction.h) whose
// loop reads only values that stay the same along one of the two dimensions:
//
//     for (auto i : prange(m))
//       for (auto j : prange(n)) {
//         float s = 0;
//         for (std::size_t k = 0; k < a.extent(1); ++k)
//           s += a(i, k) * b(k, j);            // a(i, k): the same for every j;
//         c(i, j) = s;                         // b(k, j): the same for every i
//       }
//
// One work-item per iteration reads a(i, k) once for every j and b(k, j) once for every
// i.  The kernel's tiled form (ir::ProductTiles) lets a work-group load each read once for
// a block of iterations into local memory, a tile of the loop at a time, and each
// work-item compute several iterations from registers.  Every iteration still runs its
// loop in order, so nothing is reassociated.
//
// The loop's body may hold declarations of its own and the accumulators' updates; every
// view it reads must be one the region does not write, read at indices that use only the
// loop's variable, one of the two dimensions' variables and values the same in every
// iteration.  Declarations before the loop other than the accumulators are not used in it.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_PRODUCTTILES_H
#define CLPAR_ANALYSIS_PRODUCTTILES_H

#include "IR/Region.h"

#include <optional>

namespace clpar {

/// The tiled form's plan for a region with an inner reduction, if its shape allows one.
std::optional<ir::ProductTiles> findProductTiles(const ir::Region &R);

} // namespace clpar

#endif // CLPAR_ANALYSIS_PRODUCTTILES_H
