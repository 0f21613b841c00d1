//===- Emit/KernelEmitter.h - OpenCL C kernel for a region -----*- C++ -*-===//
#ifndef CLPAR_EMIT_KERNELEMITTER_H
#define CLPAR_EMIT_KERNELEMITTER_H

#include "IR/Region.h"

#include <string>

namespace clpar::emit {

struct KernelOptions {
  bool BoundsCheck = true; ///< --no-bounds-check clears it (so does .unchecked())
  bool StrictFp = false;   ///< --strict-fp: no contraction into fma
};

/// How a region's kernel spreads its iterations over work-items, which the runtime needs
/// to size the NDRange (region_info::inner_block and grid_stride).
struct KernelShape {
  /// Iterations of the innermost dimension per work-item: 4 for an element-wise slice
  /// assignment, 1 otherwise.
  unsigned InnerBlock = 1;
  /// The kernel has an aligned-rows form (built with CLPAR_ROWS4 defined, when the
  /// runtime finds every view's rows lying alike on four-element boundaries) that takes
  /// the four as four-wide vectors: a slice assignment over one element type with only
  /// arithmetic (region_info::aligned_rows).
  bool Vector = false;
  /// The kernel loops over every dimension in steps of the global size (regions with
  /// reductions: few work-groups, so few partials).
  bool GridStride = false;
  /// That loop's innermost dimension takes CLPAR_GRID_LANES (4 unless the build defines
  /// it) iterations a global size apart per step, their values first and then the
  /// reduction updates in order (ir::ReductionLanes).
  bool GridLanes = false;
  /// The kernel has a split form (built with CLPAR_LANES, CLPAR_ITEMS and
  /// CLPAR_LANES_FIRST defined) in which CLPAR_LANES work-items share each iteration of the
  /// innermost dimension, splitting its inner reduction (ir::InnerReduction) between them
  /// (region_info::inner_split).  Not under --strict-fp where that reorders floating-point
  /// sums or products.
  bool Split = false;
  /// The kernel has a tiled form (built with CLPAR_TILE_R, CLPAR_TILE_C, CLPAR_GROUP_R,
  /// CLPAR_GROUP_C, CLPAR_TILE_K, CLPAR_RUN_R and CLPAR_RUN_C defined) for a product (ir::ProductTiles): a
  /// work-group stages the inner loop's reads in local memory a tile at a time, and each
  /// work-item computes a block of CLPAR_TILE_R x CLPAR_TILE_C iterations
  /// (region_info::product_tiles).  Every iteration keeps its loop's order, so
  /// --strict-fp keeps it.
  bool Tiles = false;
  /// The kernel has a no-alias form (built with CLPAR_NO_ALIAS defined) whose view
  /// parameters are `restrict`, for calls whose written views share no memory with any
  /// other view (region_info::no_alias): it writes a view and has more than one.
  bool NoAlias = false;
};
KernelShape kernelShape(const ir::Region &R, const KernelOptions &Opts);

/// The OpenCL C program of an offloaded region: the functions it calls, then one kernel
/// whose parameters follow the convention of clpar/rt/region.hpp.  Deterministic: the
/// same region gives the same text.
std::string emitKernel(const ir::Region &R, const KernelOptions &Opts);

/// Whether a program emitted by emitKernel checks accesses at run time (and so may stop
/// part-way, recording the failure in its error word).
bool kernelChecksAccesses(const std::string &KernelSource);

} // namespace clpar::emit

#endif // CLPAR_EMIT_KERNELEMITTER_H
