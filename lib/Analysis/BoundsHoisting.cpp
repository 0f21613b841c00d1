//===- Analysis/BoundsHoisting.cpp - Bounds checks made before launch ----===//
#include "Analysis/BoundsHoisting.h"

#include <optional>

namespace clpar {

namespace {

using ir::Expr;
using ir::Stmt;

struct Affine {
  long long Constant = 0;
  std::vector<long long> Coef;
};

bool isInteger(ir::ScalarType T) { return !ir::isFloating(T) && T != ir::ScalarType::Bool; }

/// 64-bit integer types: conversions to them never truncate a loop index.
bool isWide(ir::ScalarType T) {
  return T == ir::ScalarType::Long || T == ir::ScalarType::ULong;
}

std::optional<Affine> affine(const Expr &E, unsigned Dims) {
  switch (E.K) {
  case Expr::Kind::IntLiteral: {
    Affine A;
    A.Coef.assign(Dims, 0);
    A.Constant = std::stoll(E.Text);
    return A;
  }
  case Expr::Kind::LoopIndex: {
    Affine A;
    A.Coef.assign(Dims, 0);
    A.Coef[E.Index] = 1;
    return A;
  }
  case Expr::Kind::Cast:
    // Only conversions that cannot truncate: to a 64-bit integer, or between integer
    // types of which the operand is the loop variable's own.
    if (!isInteger(E.Type) || !isInteger(E.Operands[0]->Type) || !isWide(E.Type))
      return std::nullopt;
    return affine(*E.Operands[0], Dims);
  case Expr::Kind::Unary:
    if (E.Text == "-") {
      std::optional<Affine> A = affine(*E.Operands[0], Dims);
      if (!A)
        return std::nullopt;
      A->Constant = -A->Constant;
      for (long long &C : A->Coef)
        C = -C;
      return A;
    }
    if (E.Text == "+")
      return affine(*E.Operands[0], Dims);
    return std::nullopt;
  case Expr::Kind::Binary: {
    if (E.Text != "+" && E.Text != "-" && E.Text != "*")
      return std::nullopt;
    std::optional<Affine> L = affine(*E.Operands[0], Dims);
    std::optional<Affine> R = affine(*E.Operands[1], Dims);
    if (!L || !R)
      return std::nullopt;
    auto IsConstant = [](const Affine &A) {
      for (long long C : A.Coef)
        if (C)
          return false;
      return true;
    };
    if (E.Text == "*") {
      if (!IsConstant(*L) && !IsConstant(*R))
        return std::nullopt;
      const Affine &K = IsConstant(*L) ? *L : *R;
      Affine A = IsConstant(*L) ? *R : *L;
      A.Constant *= K.Constant;
      for (long long &C : A.Coef)
        C *= K.Constant;
      return A;
    }
    long long Sign = E.Text == "+" ? 1 : -1;
    L->Constant += Sign * R->Constant;
    for (unsigned D = 0; D < Dims; ++D)
      L->Coef[D] += Sign * R->Coef[D];
    return L;
  }
  default:
    return std::nullopt;
  }
}

class Hoister {
public:
  explicit Hoister(ir::Region &R) : R(R) {}

  void run() {
    Stmt &Body = *R.KernelBody;
    if (Body.K != Stmt::Kind::Compound) {
      statement(Body);
      return;
    }
    // After a statement that may end the iteration early, later accesses are
    // conditional.
    for (auto &S : Body.Children) {
      statement(*S);
      if (mayEndIteration(*S))
        return;
    }
  }

private:
  static bool mayEndIteration(const Stmt &S) {
    if (S.K == Stmt::Kind::EndIteration)
      return true;
    for (const auto &C : S.Children)
      if (C && mayEndIteration(*C))
        return true;
    return false;
  }

  void statement(Stmt &S) {
    if (S.K == Stmt::Kind::Expression || S.K == Stmt::Kind::Decl) {
      if (S.Init)
        expr(*S.Init);
    }
    // Accesses under if, loops and nested blocks run conditionally or repeatedly with
    // other indices: they keep their per-access checks.
  }

  void expr(Expr &E) {
    if (E.K == Expr::Kind::ViewElement)
      access(E);
    if (E.K == Expr::Kind::Conditional) {
      expr(*E.Operands[0]);
      return;
    }
    if (E.K == Expr::Kind::Binary && (E.Text == "&&" || E.Text == "||")) {
      expr(*E.Operands[0]);
      return;
    }
    for (auto &Op : E.Operands)
      expr(*Op);
  }

  void access(Expr &E) {
    for (unsigned D = 0; D < E.Operands.size() && D < 32; ++D) {
      const Expr &Index = *E.Operands[D];
      std::optional<Affine> A = affine(Index, R.Dims.size());
      if (!A)
        continue;
      ir::HoistedCheck C;
      C.View = E.Index;
      C.Dim = D;
      C.At = R.AccessSites[E.AccessId];
      C.Constant = A->Constant;
      C.LoopCoef = A->Coef;
      C.UnsignedIndex = !ir::isSignedInteger(Index.Type);
      R.HoistedChecks.push_back(C);
      E.HoistedMask |= 1u << D;
    }
  }

  ir::Region &R;
};

} // namespace

void hoistBoundsChecks(ir::Region &R) {
  if (R.KernelBody && R.BoundsCheck)
    Hoister(R).run();
}

} // namespace clpar
