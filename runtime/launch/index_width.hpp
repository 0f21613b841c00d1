// runtime/launch/index_width.hpp - whether a call's kernel may compute its accesses'
// positions in 32 bits.
//
// The translator writes a view access as v[v_off + (i0 * s0 + i1 * s1 ...)] with the sum in
// `clpar_idx`, a long unless the program is built with CLPAR_INDEX32 defined, which makes
// it an int (region_info::index32).  The offset is still added in 64 bits, so only the
// position from the view's own first element must fit: for every view, the sum over its
// dimensions of (extent - 1) * |stride| at most 2^31 - 1, which bounds every partial sum
// of an in-range access, and every extent at most 2^31 (an index, cast alone, fits).  A
// view with an empty dimension is never accessed.  An access outside its view is caught
// by the kernel's checks before its position is computed (or by the host's, or the loop's
// entry checks), so in-range indices are all the kernel computes with; without bounds
// checks such an access is undefined in either width.
//
// On an H100, 32-bit positions took 24% off matmul 2048's tiled kernel, 15% off the
// sigmoid layer's, 7-10% off gemm, matmul 1024 and polygon, and left the memory-bound
// kernels within 5%; the split form of an inner reduction ran slower (matmul 256: 23 us
// against 15), so it keeps 64-bit positions (launch/kernel_form.cpp; docs/performance.md,
// "32-bit positions").  On a CPU device (PoCL on 16 cores) gemm's kernel took 1.5 to 2
// times as long in 32 bits, so CPU devices keep 64-bit positions unless CLPAR_INDEX32=1
// (docs/performance.md, "PoCL against 82d42d0").
#ifndef CLPAR_RUNTIME_LAUNCH_INDEX_WIDTH_HPP
#define CLPAR_RUNTIME_LAUNCH_INDEX_WIDTH_HPP

#include "clpar/rt/region.hpp"

namespace clpar::rt {

/// Whether every position within `view` from its first element fits in 32 bits.
bool positions_fit_32(const view_arg& view) noexcept;

/// Whether `request`'s call may take its kernel's 32-bit form: the region has one, every
/// view's positions fit, and CLPAR_INDEX32 is not `0` (read per call).
bool index32_of(const launch_request& request);

/// Whether the rules give the call its 32-bit form: index32_of, on a device other than a
/// CPU (`cpu_device`) or anywhere under CLPAR_INDEX32=1.
bool index32_by_rule(const launch_request& request, bool cpu_device);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_INDEX_WIDTH_HPP
