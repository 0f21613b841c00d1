//===- Emit/HostStubEmitter.h - Replacement text for a region --*- C++ -*-===//
#ifndef CLPAR_EMIT_HOSTSTUBEMITTER_H
#define CLPAR_EMIT_HOSTSTUBEMITTER_H

#include "IR/Region.h"

#include <cstdint>
#include <string>
#include <vector>

namespace clpar::emit {

struct HostStubOptions {
  bool OpenCL = true;          ///< false: --no-opencl, OpenMP variant only
  bool CpuDevicesOnly = false; ///< --no-opencl-gpu
  bool BoundsCheck = true;
  bool StrictFp = false;       ///< --strict-fp
  std::string Indent;          ///< the indentation of the replaced loop
  /// The function's clpar::rt::data_scope variable when the region keeps its data on the
  /// device (ResidencyPlanner.h); empty: its results come back at once.
  std::string Scope;
};

/// The C++ that replaces the region's outermost prange loop: the range objects, and for an
/// offloaded region the kernel and a clpar::rt::region_call, then the OpenMP variant (run
/// when the runtime did not run the kernel).  Ends with a #line directive that puts the
/// text after the loop back at \p ResumeLine.
std::string emitHostStub(const ir::Region &R, const std::string &KernelSource,
                         const HostStubOptions &Opts, unsigned ResumeLine,
                         unsigned ResumeColumn);

/// The declaration of a function's data scope, placed after its body's opening brace.
std::string emitScopeDeclaration(const std::string &Scope, const std::string &Site);

/// `Scope.sync(); `, placed before a statement.
std::string emitScopeSync(const std::string &Scope);

/// What replaces `clpar::resident Name(Views...);`: the runtime's hold of the views.
std::string emitResidentHold(const std::string &Name, const std::vector<std::string> &Views,
                             const std::string &Site);

/// What replaces `View.sync_host()`.
std::string emitSyncHost(const std::string &View, const std::string &Site);

/// The region's site as a C++ string literal, "file:line:col", followed by the
/// instantiation for a region of a template ("file:line:col axpy<float>").
std::string siteLiteral(const ir::Region &R);

/// \p S as a C++ string literal (and a #line or #include file name): quotes and
/// backslashes escaped.
std::string quoted(const std::string &S);

/// A statement the translator leaves to the header (\p Statement, an expression), made to
/// say so in the trace when it runs: `(::clpar::rt::trace_header_statement(site, why),
/// statement)`, of the statement's type and value category.
std::string emitHeaderStatement(const std::string &Site, const std::string &Why,
                                const std::string &Statement);

/// The text before and after a lambda expression the translator tags
/// (Analysis/ClosureTags): `::clpar::rt::tag_closure<TAG>(` (with `, CONTEXT` after the
/// tag for a lambda written in a template) and `, a, ::clpar::rt::closure_ref(w))` for
/// \p Captures, each a name and whether it is captured by reference.
std::string emitClosureTagBegin(uint64_t Tag, const std::string &Context);
std::string emitClosureTagEnd(const std::vector<std::pair<std::string, bool>> &Captures);

/// Text placed before the first line of a translated file.  \p AnyTemplate: some
/// replacement chooses among a template's instantiations, or a lambda is tagged
/// (clpar/rt/instantiation.hpp).
std::string emitFilePrologue(const std::string &File, bool AnyRuntimeCall, bool AnyTemplate,
                             const HostStubOptions &Opts);

} // namespace clpar::emit

#endif // CLPAR_EMIT_HOSTSTUBEMITTER_H
