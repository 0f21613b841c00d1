//===- Analysis/CountedLoop.cpp - Serial loops with known bounds ---------===//
#include "Analysis/CountedLoop.h"

namespace clpar {

using ir::Expr;
using ir::Stmt;

bool isIntegerType(ir::ScalarType T) {
  return !ir::isFloating(T) && T != ir::ScalarType::Bool;
}

const Expr &withoutCasts(const Expr &E) {
  return E.K == Expr::Kind::Cast ? withoutCasts(*E.Operands[0]) : E;
}

bool isLocal(const Expr &E, const std::string &Name) {
  const Expr &B = withoutCasts(E);
  return B.K == Expr::Kind::Local && B.Text == Name;
}

const Expr &writtenVariable(const Expr &E) {
  const Expr &B = withoutCasts(E);
  if (B.K == Expr::Kind::ArrayElement && B.Operands.size() > 1) // an array field's element
    return writtenVariable(*B.Operands[1]);
  return B.K == Expr::Kind::Member ? writtenVariable(*B.Operands[0]) : B;
}

bool isWrite(const Expr &E) {
  if (E.K == Expr::Kind::Unary)
    return E.Text == "++" || E.Text == "--" || E.Text == "&";
  return E.K == Expr::Kind::Binary && !E.Text.empty() && E.Text.back() == '=' &&
         E.Text != "==" && E.Text != "!=" && E.Text != "<=" && E.Text != ">=";
}

bool writesLocal(const Expr &E, const std::string &Name) {
  if (isWrite(E) && isLocal(writtenVariable(*E.Operands[0]), Name))
    return true;
  for (const auto &Op : E.Operands)
    if (writesLocal(*Op, Name))
      return true;
  return false;
}

bool writesLocal(const Stmt &S, const std::string &Name) {
  for (const ir::ExprPtr *E : {&S.Init, &S.Cond, &S.Inc})
    if (*E && writesLocal(**E, Name))
      return true;
  for (const auto &C : S.Children)
    if (C && writesLocal(*C, Name))
      return true;
  return false;
}

bool containsStmt(const Stmt &S, Stmt::Kind K) {
  if (S.K == K)
    return true;
  for (const auto &C : S.Children)
    if (C && containsStmt(*C, K))
      return true;
  return false;
}

bool regionInvariant(const Expr &E) {
  switch (E.K) {
  case Expr::Kind::IntLiteral:
  case Expr::Kind::ViewExtent:
  case Expr::Kind::ViewSize:
    return true;
  case Expr::Kind::Scalar:
    return isIntegerType(E.Type);
  case Expr::Kind::Cast:
    return isIntegerType(E.Type) && regionInvariant(*E.Operands[0]);
  case Expr::Kind::Unary:
    return E.Text == "-" && regionInvariant(*E.Operands[0]);
  case Expr::Kind::Binary:
    return (E.Text == "+" || E.Text == "-" || E.Text == "*") &&
           regionInvariant(*E.Operands[0]) && regionInvariant(*E.Operands[1]);
  default:
    return false;
  }
}

std::optional<CountedLoop> countedLoop(const Stmt &For) {
  return countedLoop(For, [](const Expr &E) { return regionInvariant(E); });
}

std::optional<CountedLoop>
countedLoop(const Stmt &For, const std::function<bool(const Expr &)> &Invariant) {
  if (For.K != Stmt::Kind::For || For.Children.size() < 2)
    return std::nullopt;
  const Stmt *Init = For.Children[0].get();
  if (!Init || Init->K != Stmt::Kind::Decl || !Init->Init || !isIntegerType(Init->VarType) ||
      !For.Cond || !For.Inc)
    return std::nullopt;
  const std::string &K = Init->VarName;
  const Expr &Cond = *For.Cond;
  if (Cond.K != Expr::Kind::Binary || (Cond.Text != "<" && Cond.Text != "<=") ||
      !isLocal(*Cond.Operands[0], K))
    return std::nullopt;
  const Expr &Inc = *For.Inc;
  const bool StepOne = (Inc.K == Expr::Kind::Unary && Inc.Text == "++" &&
                        isLocal(*Inc.Operands[0], K)) ||
                       (Inc.K == Expr::Kind::Binary && Inc.Text == "+=" &&
                        isLocal(*Inc.Operands[0], K) &&
                        withoutCasts(*Inc.Operands[1]).K == Expr::Kind::IntLiteral &&
                        withoutCasts(*Inc.Operands[1]).Text == "1");
  const Stmt &Body = *For.Children[1];
  if (!StepOne || !Invariant(*Init->Init) || !Invariant(*Cond.Operands[1]) ||
      writesLocal(Body, K) || containsStmt(Body, Stmt::Kind::Break) ||
      containsStmt(Body, Stmt::Kind::EndIteration))
    return std::nullopt;
  CountedLoop L;
  L.Var = K;
  L.VarType = Init->VarType;
  L.First = ir::cloneExpr(*Init->Init);
  L.End = ir::cloneExpr(*Cond.Operands[1]);
  // `k <= End` is `k < End + 1`.
  if (Cond.Text == "<=") {
    auto Plus = std::make_unique<Expr>(Expr::Kind::Binary, L.End->Type);
    Plus->Text = "+";
    Plus->Operands.push_back(ir::cloneExpr(*L.End));
    auto One = std::make_unique<Expr>(Expr::Kind::IntLiteral, L.End->Type);
    One->Text = "1";
    Plus->Operands.push_back(std::move(One));
    L.End = std::move(Plus);
  }
  return L;
}

} // namespace clpar
