//===- Emit/SliceStubEmitter.h - Replacement for a slice statement -*- C++ -*-===//
#ifndef CLPAR_EMIT_SLICESTUBEMITTER_H
#define CLPAR_EMIT_SLICESTUBEMITTER_H

#include "Emit/HostStubEmitter.h"
#include "IR/Region.h"

#include <string>

namespace clpar::emit {

/// An immediately invoked lambda that replaces the statement's expression: it evaluates
/// the leaves once, falls back to the statement as written (the header's serial code,
/// which throws shape_error or makes NumPy's temporary) when shapes differ or memory
/// overlaps, and otherwise runs the region stub; a reduction returns its value.
std::string emitSliceStub(const ir::Region &R, const std::string &KernelSource,
                          const HostStubOptions &Opts, unsigned ResumeLine,
                          unsigned ResumeColumn);

} // namespace clpar::emit

#endif // CLPAR_EMIT_SLICESTUBEMITTER_H
