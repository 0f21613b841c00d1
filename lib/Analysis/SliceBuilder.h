//===- Analysis/SliceBuilder.h - Slice statements into Regions -*- C++ -*-===//
//
// SPEC 1.2: an element-wise assignment through a view prvalue (`y[all] = a * x + y`,
// `m(all, all) += e`) or a reduction call (`clpar::sum(e)`, prod, min, max, dot) becomes
// a Region over the destination's (or the expression's) index space: one fused kernel and
// one OpenMP loop, with no temporaries.  The leaves of the expression (views and scalars)
// are evaluated once on the host into locals the region reads.
//
// Terminology
//   slice statement  the assignment or reduction call being translated
//   leaf             an operand that is not itself an element-wise node: a view
//                    (named, sliced or returned by a call) or a scalar
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_SLICEBUILDER_H
#define CLPAR_ANALYSIS_SLICEBUILDER_H

#include "IR/Region.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
} // namespace clang

namespace clpar {

struct SliceStatement {
  ir::Region Region; ///< Region.Slice is set; Views[0] is an assignment's destination
  clang::SourceLocation Begin, End;
};

/// Nothing when \p E is not a slice statement clpar translates (Reason says why, when it
/// is one but cannot be translated).
std::optional<SliceStatement> buildSliceStatement(const clang::Expr *E,
                                                  const std::string &FileName,
                                                  clang::ASTContext &Ctx,
                                                  std::string &Reason);

/// True for expressions that are slice statements: an assignment or compound assignment
/// whose left side is a clpar::view prvalue, or a call of clpar::sum/prod/min/max/dot on
/// element-wise operands.
bool isSliceStatement(const clang::Expr *E);

} // namespace clpar

#endif // CLPAR_ANALYSIS_SLICEBUILDER_H
