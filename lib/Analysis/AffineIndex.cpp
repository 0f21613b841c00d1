//===- Analysis/AffineIndex.cpp - Indices affine in loop variables -------===//
#include "Analysis/AffineIndex.h"

#include "Analysis/CountedLoop.h"

namespace clpar {

namespace {

using ir::Expr;
using InnerNames = std::vector<std::string>;

/// 64-bit integer types: conversions to them never truncate a loop index.
bool isWide(ir::ScalarType T) {
  return T == ir::ScalarType::Long || T == ir::ScalarType::ULong;
}

} // namespace

std::optional<Affine> affineIndex(const Expr &E, unsigned Dims, const InnerNames &Inner) {
  switch (E.K) {
  case Expr::Kind::Local:
    for (unsigned I = 0; I < Inner.size(); ++I)
      if (Inner[I] == E.Text) {
        Affine A;
        A.Coef.assign(Dims + Inner.size(), 0);
        A.Coef[Dims + I] = 1;
        return A;
      }
    return std::nullopt;
  case Expr::Kind::IntLiteral: {
    Affine A;
    A.Coef.assign(Dims + Inner.size(), 0);
    A.Constant = std::stoll(E.Text);
    return A;
  }
  case Expr::Kind::LoopIndex: {
    Affine A;
    A.Coef.assign(Dims + Inner.size(), 0);
    A.Coef[E.Index] = 1;
    return A;
  }
  case Expr::Kind::Cast:
    // Only conversions that cannot truncate: to a 64-bit integer, or between integer
    // types of which the operand is the loop variable's own.
    if (!isIntegerType(E.Type) || !isIntegerType(E.Operands[0]->Type) || !isWide(E.Type))
      return std::nullopt;
    return affineIndex(*E.Operands[0], Dims, Inner);
  case Expr::Kind::Unary:
    if (E.Text == "-") {
      std::optional<Affine> A = affineIndex(*E.Operands[0], Dims, Inner);
      if (!A)
        return std::nullopt;
      A->Constant = -A->Constant;
      for (long long &C : A->Coef)
        C = -C;
      return A;
    }
    if (E.Text == "+")
      return affineIndex(*E.Operands[0], Dims, Inner);
    return std::nullopt;
  case Expr::Kind::Binary: {
    if (E.Text != "+" && E.Text != "-" && E.Text != "*")
      return std::nullopt;
    std::optional<Affine> L = affineIndex(*E.Operands[0], Dims, Inner);
    std::optional<Affine> R = affineIndex(*E.Operands[1], Dims, Inner);
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
    for (unsigned D = 0; D < L->Coef.size(); ++D)
      L->Coef[D] += Sign * R->Coef[D];
    return L;
  }
  default:
    return std::nullopt;
  }
}

} // namespace clpar
