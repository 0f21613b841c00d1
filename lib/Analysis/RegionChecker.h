//===- Analysis/RegionChecker.h - The rules SPEC 1.3 sets on a loop body -*- C++ -*-===//
//
// Before anything is generated, a region's body is checked for what clpar refuses in
// any variant: break, return, goto, throw and coroutine statements that would leave the
// loop, and writes to variables declared outside it that are not reductions.  It also
// infers the reductions (a scalar only updated by one of x += e, x -= e, x *= e, x &= e,
// x |= e, x ^= e, x = min(x, e), x = max(x, e)).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_REGIONCHECKER_H
#define CLPAR_ANALYSIS_REGIONCHECKER_H

#include "IR/Region.h"
#include "Support/Diagnoser.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"

namespace clang {
class ASTContext;
class Stmt;
class VarDecl;
} // namespace clang

namespace clpar {

struct CheckedBody {
  /// Reduction variables in the order of first appearance, with their operation.
  llvm::MapVector<const clang::VarDecl *, ir::ReductionOp> Reductions;
  /// Variables declared inside the body (including nested scopes).
  llvm::DenseSet<const clang::VarDecl *> Locals;
};

/// Reports every violation through \p Diags; returns nothing when there was one.  The
/// statements of \p Prefix (an imperfect nest's declarations before its inner loops) run
/// before \p Body in each iteration: their variables are locals too.
std::optional<CheckedBody> checkRegionBody(llvm::ArrayRef<const clang::Stmt *> Prefix,
                                           const clang::Stmt *Body,
                                           llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                                           clang::ASTContext &Ctx, Diagnoser &Diags);

} // namespace clpar

#endif // CLPAR_ANALYSIS_REGIONCHECKER_H
