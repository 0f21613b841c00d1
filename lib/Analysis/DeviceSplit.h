//===- Analysis/DeviceSplit.h - Sharing a region out over devices -*- C++ -*-===//
//
// A call of a region may be shared out over several devices (.on(clpar::all_devices),
// CLPAR_DEVICE=all): each takes a contiguous share of dimension 0's iterations.  Each
// device then needs the elements its share reads current, and afterwards holds the only
// current copy of the elements its share wrote; the runtime must know both per share.
//
// For every view this finds an axis whose index, in every access of the view, is
// Coef * v + c for dimension 0's loop variable v and constants c (the same Coef in all):
// then a share of v touches only the elements whose index on that axis lies between the
// extreme values.  The region can be split when every written view has such an axis for
// its writes; a view only read, or read at other indices too, is needed whole by every
// device.  A view passed to a function (ViewRef) counts as touched anywhere, and as
// written anywhere when the region writes it.
//
// The runtime checks at each call that the shares' write windows cannot overlap (they
// do not when |Coef| * step exceeds High - Low), so no element is claimed by two devices.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_DEVICESPLIT_H
#define CLPAR_ANALYSIS_DEVICESPLIT_H

#include "IR/Region.h"

namespace clpar {

/// Fills R.Split, or R.NotSplitReason when the region cannot be split.
void planDeviceSplit(ir::Region &R);

} // namespace clpar

#endif // CLPAR_ANALYSIS_DEVICESPLIT_H
