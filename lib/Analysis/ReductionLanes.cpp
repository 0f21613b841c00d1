//===- Analysis/ReductionLanes.cpp - Reductions' values, several at a time ---===//
#include "Analysis/ReductionLanes.h"

#include "Analysis/CountedLoop.h"

#include <set>
#include <string>
#include <vector>

namespace clpar {

using ir::Expr;

namespace {

/// Whether evaluating \p E only reads, and reads nothing an iteration changes: no
/// assignment, increment, reduction variable or translated function, and no local variable
/// but, where \p Changing is given, those it does not name.
bool pureValue(const Expr &E, const std::set<std::string> *Changing = nullptr) {
  if (isWrite(E))
    return false;
  if (E.K == Expr::Kind::Local && Changing && !Changing->count(E.Text))
    return E.Operands.empty();
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
    if (!Op || !pureValue(*Op, Changing))
      return false;
  return true;
}

/// The statements of \p Body, a compound statement's children or the statement itself.
std::vector<const ir::Stmt *> statementsOf(const ir::Stmt &Body) {
  std::vector<const ir::Stmt *> Stmts;
  if (Body.K == ir::Stmt::Kind::Compound) {
    for (const auto &C : Body.Children)
      Stmts.push_back(C.get());
  } else {
    Stmts.push_back(&Body);
  }
  return Stmts;
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
  ir::ReductionLanes Lanes;
  for (const ir::Stmt *S : statementsOf(*R.KernelBody)) {
    if (!S || S->K != ir::Stmt::Kind::Expression || !S->Init)
      return std::nullopt;
    const Expr &E = *S->Init;
    if (E.K != Expr::Kind::Binary || !isCompoundAssignment(E.Text) || E.Operands.size() != 2 ||
        E.Operands[0]->K != Expr::Kind::Reduction ||
        R.Reductions[E.Operands[0]->Index].Complex || !pureValue(*E.Operands[1]))
      return std::nullopt;
    Lanes.Updates.push_back({E.Operands[0]->Index, E.Text, ir::cloneExpr(*E.Operands[1])});
  }
  if (Lanes.Updates.empty())
    return std::nullopt;
  return Lanes;
}

std::vector<ir::InnerReduction::Update>
findInnerLanes(const ir::Stmt &LoopBody, const std::set<std::string> &Accumulators) {
  std::vector<ir::InnerReduction::Update> Updates;
  for (const ir::Stmt *S : statementsOf(LoopBody)) {
    if (!S || S->K != ir::Stmt::Kind::Expression || !S->Init)
      return {};
    const Expr &E = *S->Init;
    if (E.K != Expr::Kind::Binary || !isCompoundAssignment(E.Text) || E.Operands.size() != 2 ||
        E.Operands[0]->K != Expr::Kind::Local || !Accumulators.count(E.Operands[0]->Text) ||
        !pureValue(*E.Operands[1], &Accumulators))
      return {};
    Updates.push_back({E.Operands[0]->Text, E.Text, ir::cloneExpr(*E.Operands[1])});
  }
  return Updates;
}

} // namespace clpar
