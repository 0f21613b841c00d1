//===- Analysis/AffineIndex.h - Indices affine in loop variables -*- C++ -*-===//
//
// An index expression as Constant + sum of Coef[d] * (variable d), where the variables are
// the region's loop variables (0 to Dims - 1) and then named inner loop variables.  Used
// where the extreme values of an index over a range of iterations are needed: bounds
// checks made before launch (BoundsHoisting.h) and the elements a share of dimension 0
// touches (DeviceSplit.h).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_AFFINEINDEX_H
#define CLPAR_ANALYSIS_AFFINEINDEX_H

#include "IR/Region.h"

#include <optional>
#include <string>
#include <vector>

namespace clpar {

struct Affine {
  long long Constant = 0;
  std::vector<long long> Coef; ///< Dims + inner variables entries
};

/// \p E as an affine function of the region's \p Dims loop variables and the inner loop
/// variables \p Inner (kernel names; variable Dims + position); nullopt when it is not one
/// (another variable, a call, a conversion that could truncate, a product of variables).
std::optional<Affine> affineIndex(const ir::Expr &E, unsigned Dims,
                                  const std::vector<std::string> &Inner = {});

} // namespace clpar

#endif // CLPAR_ANALYSIS_AFFINEINDEX_H
