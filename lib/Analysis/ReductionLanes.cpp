//===- Analysis/ReductionLanes.cpp - Reductions' values, several at a time ---===//
#include "Analysis/ReductionLanes.h"

#include "Analysis/CountedLoop.h"

#include <string>

namespace clpar {

using ir::Expr;

namespace {

/// Whether evaluating \p E only reads, and reads nothing an iteration changes: no
/// assignment, increment, reduction variable, local variable or translated function.
bool pureValue(const Expr &E) {
  if (isWrite(E))
    return false;
  switch (E.K) {
  case Expr::Kind::IntLiteral:
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::BoolLiteral:
  case Expr::Kind::LoopIndex:
  case Expr::Kind::Scalar:
  case Expr::Kind::ViewElement:
  case Expr::Kind::ViewExtent:
  case Expr::Kind::ViewSize:
  case Expr::Kind::Conditional:
  case Expr::Kind::Cast:
  case Expr::Kind::Call:
  case Expr::Kind::Unary:
  case Expr::Kind::Binary:
    break;
  default:
    return false;
  }
  for (const auto &Op : E.Operands)
    if (!Op || !pureValue(*Op))
      return false;
  return true;
}

bool isCompoundAssignment(const std::string &Op) {
  static const char *const Ops[] = {"+=", "-=", "*=", "&=", "|=", "^="};
  for (const char *O : Ops)
    if (Op == O)
      return true;
  return false;
}

} // namespace

std::optional<ir::ReductionLanes> findReductionLanes(const ir::Region &R) {
  if (R.Reductions.empty() || !R.KernelBody)
    return std::nullopt;
  std::vector<const ir::Stmt *> Stmts;
  if (R.KernelBody->K == ir::Stmt::Kind::Compound) {
    for (const auto &C : R.KernelBody->Children)
      Stmts.push_back(C.get());
  } else {
    Stmts.push_back(R.KernelBody.get());
  }
  ir::ReductionLanes Lanes;
  for (const ir::Stmt *S : Stmts) {
    if (!S || S->K != ir::Stmt::Kind::Expression || !S->Init)
      return std::nullopt;
    const Expr &E = *S->Init;
    if (E.K != Expr::Kind::Binary || !isCompoundAssignment(E.Text) || E.Operands.size() != 2 ||
        E.Operands[0]->K != Expr::Kind::Reduction || !pureValue(*E.Operands[1]))
      return std::nullopt;
    Lanes.Updates.push_back({E.Operands[0]->Index, E.Text, ir::cloneExpr(*E.Operands[1])});
  }
  if (Lanes.Updates.empty())
    return std::nullopt;
  return Lanes;
}

} // namespace clpar
