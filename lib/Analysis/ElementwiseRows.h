//===- Analysis/ElementwiseRows.h - Element-wise rows, four at a time -*- C++ -*-===//
//
// Finds regions whose iteration is one element-wise assignment to a view element at the
// loop variables:
//
//     for (auto i : prange(1, n - 1))
//       for (auto j : prange(1, n - 1))
//         out(i, j) = 0.2f * (in(i, j) + in(i, j - 1) + in(i, j + 1) +
//                             in(i - 1, j) + in(i + 1, j));
//
// and slice statements, which are such a region over the destination's extents.  The
// right-hand side may use only arithmetic (`+ - * /`, unary `-`), the floating-point
// built-ins that read the same on vectors, selections by comparisons (`where`), scalars,
// literals and view elements, all of the destination's element type.  A view element's
// indices are the loop variables plus constants: along the innermost dimension exactly
// that dimension's variable plus a constant; along the others any sum of the outer
// dimensions' variables and constants.  The destination is the only view written, and
// read only at the element assigned.
//
// The kernel then takes four consecutive iterations of the innermost dimension per
// work-item.  Where every view's rows lie alike on four-element boundaries (the runtime's
// launch/aligned_rows.hpp), it loads each read as the aligned vectors around its four
// elements, shifted into place by a build-time constant: the view's position against the
// destination plus the read's innermost offset (ir::ElementwiseRows::InnerOffset).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_ELEMENTWISEROWS_H
#define CLPAR_ANALYSIS_ELEMENTWISEROWS_H

#include "IR/Region.h"

#include <optional>

namespace clpar {

/// The region's element-wise assignment with each read's innermost offset, if its
/// iteration is one.
std::optional<ir::ElementwiseRows> findElementwiseRows(const ir::Region &R);

} // namespace clpar

#endif // CLPAR_ANALYSIS_ELEMENTWISEROWS_H
