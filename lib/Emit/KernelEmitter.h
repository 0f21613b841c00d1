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

/// The OpenCL C program of an offloaded region: the functions it calls, then one kernel
/// whose parameters follow the convention of clpar/rt/region.hpp.  Deterministic: the
/// same region gives the same text.
std::string emitKernel(const ir::Region &R, const KernelOptions &Opts);

/// Whether a program emitted by emitKernel checks accesses at run time (and so may stop
/// part-way, recording the failure in its error word).
bool kernelChecksAccesses(const std::string &KernelSource);

} // namespace clpar::emit

#endif // CLPAR_EMIT_KERNELEMITTER_H
