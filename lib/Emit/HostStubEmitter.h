//===- Emit/HostStubEmitter.h - Replacement text for a region --*- C++ -*-===//
#ifndef CLPAR_EMIT_HOSTSTUBEMITTER_H
#define CLPAR_EMIT_HOSTSTUBEMITTER_H

#include "IR/Region.h"

#include <string>

namespace clpar::emit {

struct HostStubOptions {
  bool OpenCL = true;          ///< false: --no-opencl, OpenMP variant only
  bool CpuDevicesOnly = false; ///< --no-opencl-gpu
  bool BoundsCheck = true;
  bool StrictFp = false;       ///< --strict-fp
  std::string Indent;          ///< the indentation of the replaced loop
};

/// The C++ that replaces the region's outermost prange loop: the range objects, and for an
/// offloaded region the kernel and a clpar::rt::region_call, then the OpenMP variant (run
/// when the runtime did not run the kernel).  Ends with a #line directive that puts the
/// text after the loop back at \p ResumeLine.
std::string emitHostStub(const ir::Region &R, const std::string &KernelSource,
                         const HostStubOptions &Opts, unsigned ResumeLine,
                         unsigned ResumeColumn);

/// Text placed before the first line of a translated file.
std::string emitFilePrologue(const std::string &File, bool AnyRuntimeCall,
                             const HostStubOptions &Opts);

} // namespace clpar::emit

#endif // CLPAR_EMIT_HOSTSTUBEMITTER_H
