//===- Analysis/ElementwiseRows.cpp - Element-wise rows, four at a time ---===//
#include "Analysis/ElementwiseRows.h"

#include "Analysis/AffineIndex.h"

#include <string>

namespace clpar {

using ir::Expr;
using ir::ScalarType;

namespace {

/// OpenCL built-ins that take and return gentype for floating T, so that the same call
/// reads the same on T4.
bool isVectorBuiltin(const std::string &Name) {
  static const char *const Names[] = {
      "acos", "acosh", "asin",  "asinh", "atan",  "atan2", "atanh", "cbrt",  "ceil",
      "cos",  "cosh",  "erf",   "erfc",  "exp",   "exp10", "exp2",  "expm1", "fabs",
      "floor", "fma",  "fmod",  "hypot", "log",   "log10", "log1p", "log2",  "pow",   "rint",
      "round", "rsqrt", "sin",  "sinh",  "sqrt",  "tan",   "tanh",  "trunc"};
  for (const char *N : Names)
    if (Name == N)
      return true;
  return false;
}

class RowsFinder {
public:
  RowsFinder(const ir::Region &R, unsigned Dest, ScalarType T) : Dims(R.Dims.size()), T(T) {
    Rows.Dest = Dest;
    Rows.InnerOffset.assign(R.AccessCount, 0);
    Rows.CheckedBeforeLaunch = true;
  }

  /// Whether \p E means the same element-wise on T4 as on T: every value of type T, only
  /// arithmetic and selections by comparisons (`where`), and view elements at the loop
  /// variables plus constants (recorded in Rows).
  bool vector(const Expr &E) {
    if (E.Type != T)
      return false;
    const auto Operands = [&] {
      for (const auto &Op : E.Operands)
        if (!vector(*Op))
          return false;
      return true;
    };
    switch (E.K) {
    case Expr::Kind::IntLiteral:
    case Expr::Kind::FloatLiteral:
    case Expr::Kind::Scalar:
      return true;
    case Expr::Kind::ViewElement:
      return element(E);
    case Expr::Kind::Unary:
      return !E.Postfix && (E.Text == "-" || E.Text == "+") && Operands();
    case Expr::Kind::Binary:
      return (E.Text == "+" || E.Text == "-" || E.Text == "*" || E.Text == "/") && Operands();
    case Expr::Kind::Call:
      return ir::isFloating(T) && isVectorBuiltin(E.Text) && Operands();
    case Expr::Kind::Conditional:
      // A vector condition needs a vector among the values it selects from.
      return comparison(*E.Operands[0]) &&
             ir::viewReads(*E.Operands[1]) + ir::viewReads(*E.Operands[2]) > 0 &&
             vector(*E.Operands[1]) && vector(*E.Operands[2]);
    default:
      return false;
    }
  }

  /// Whether \p E is a comparison of two vector expressions with a view element among
  /// them: on T4 it gives the integer vector of -1 (true) and 0 that selects lanes in
  /// `?:` as the scalar comparison selects the value.
  bool comparison(const Expr &E) {
    if (E.K != Expr::Kind::Binary || E.Type != ScalarType::Bool || ir::viewReads(E) == 0)
      return false;
    if (E.Text != "<" && E.Text != ">" && E.Text != "<=" && E.Text != ">=" &&
        E.Text != "==" && E.Text != "!=")
      return false;
    return vector(*E.Operands[0]) && vector(*E.Operands[1]);
  }

  /// A view element whose innermost index is that dimension's loop variable plus a
  /// constant, and whose other indices do not use it (the destination's: the loop
  /// variables themselves).
  bool element(const Expr &E) {
    if (E.Operands.size() != Dims || E.AccessId >= Rows.InnerOffset.size())
      return false;
    const bool Dest = E.Index == Rows.Dest;
    const unsigned Inner = Dims - 1;
    for (unsigned D = 0; D < Dims; ++D) {
      const std::optional<Affine> A = affineIndex(*E.Operands[D], Dims);
      if (!A)
        return false;
      for (unsigned V = 0; V < Dims; ++V) {
        const long long Want = V == D ? 1 : 0;
        if ((Dest || D == Inner || V == Inner) && A->Coef[V] != Want)
          return false;
      }
      if (Dest && A->Constant != 0)
        return false;
      if (D == Inner)
        Rows.InnerOffset[E.AccessId] = A->Constant;
    }
    Rows.CheckedBeforeLaunch &= E.HoistedMask == (1u << Dims) - 1;
    return true;
  }

  ir::ElementwiseRows Rows;

private:
  const unsigned Dims;
  const ScalarType T;
};

} // namespace

std::optional<ir::ElementwiseRows> findElementwiseRows(const ir::Region &R) {
  if ((R.Slice && R.Slice->IsReduction) || !R.Reductions.empty() || !R.Functions.empty() ||
      !R.KernelBody || R.Dims.empty())
    return std::nullopt;
  const Expr *Assign = ir::singleAssignment(*R.KernelBody);
  if (!Assign || (Assign->Text != "=" && Assign->Text != "+=" && Assign->Text != "-=" &&
                  Assign->Text != "*=" && Assign->Text != "/="))
    return std::nullopt;
  const Expr &Dest = *Assign->Operands[0];
  const ScalarType T = Dest.Type;
  if (Dest.K != Expr::Kind::ViewElement ||
      (T != ScalarType::Float && T != ScalarType::Double && T != ScalarType::Int &&
       T != ScalarType::UInt && T != ScalarType::Long && T != ScalarType::ULong))
    return std::nullopt;
  for (unsigned V = 0; V < R.Views.size(); ++V)
    if (R.Views[V].Rank != R.Dims.size() || (R.Views[V].Written && V != Dest.Index))
      return std::nullopt;
  RowsFinder Finder(R, Dest.Index, T);
  if (!Finder.vector(Dest) || !Finder.vector(*Assign->Operands[1]))
    return std::nullopt;
  return Finder.Rows;
}

} // namespace clpar
