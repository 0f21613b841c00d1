//===- Analysis/KernelBodyBuilder.h - Loop body to kernel IR ---*- C++ -*-===//
//
// Converts the body of a region from Clang's AST into the kernel IR, collecting the
// views and scalars it uses into the Region.  Anything OpenCL C cannot express the same
// way stops the conversion with a reason and a location; the region then keeps its
// OpenMP variant only and a remark says why.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_KERNELBODYBUILDER_H
#define CLPAR_ANALYSIS_KERNELBODYBUILDER_H

#include "Analysis/KernelNames.h"
#include "Analysis/RegionChecker.h"
#include "IR/Region.h"

#include "clang/Basic/SourceLocation.h"

#include <string>

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace clpar {

class ClosureTags;

struct KernelBodyResult {
  ir::StmtPtr Body;                 ///< null when not convertible
  std::string Reason;               ///< why not, for the remark
  clang::SourceLocation ReasonLoc;
  /// The views (indexes into the region's) whose elements the prefix reads.
  std::vector<unsigned> PrefixViews;
};

/// The kernel body of \p Body (the innermost loop's), run after \p Prefix: the
/// declarations an imperfect nest makes before its inner loops, which every work-item
/// makes again.  A lambda the loop calls whose captures it cannot name is read through
/// the tag \p Tags gives it, where it can.
KernelBodyResult buildKernelBody(llvm::ArrayRef<const clang::Stmt *> Prefix,
                                 const clang::Stmt *Body,
                                 llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                                 const CheckedBody &Checked, clang::ASTContext &Ctx,
                                 KernelNames &Names, ir::Region &R,
                                 ClosureTags *Tags = nullptr);

} // namespace clpar

#endif // CLPAR_ANALYSIS_KERNELBODYBUILDER_H
