//===- Analysis/DeviceSplit.cpp - Sharing a region out over devices ------===//
#include "Analysis/DeviceSplit.h"

#include "Analysis/AffineIndex.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace clpar {

namespace {

using ir::Expr;

bool isAssignment(const std::string &Op) {
  return !Op.empty() && Op.back() == '=' && Op != "==" && Op != "!=" && Op != "<=" &&
         Op != ">=";
}

/// Per axis of one view, the window of the accesses seen so far; an axis stops fitting at
/// the first access whose index is not Coef * v + c with the axis's Coef.
class Windows {
public:
  void add(const Expr &Access, unsigned Dims) {
    const unsigned Rank = Access.Operands.size();
    if (!Seen) {
      Axes.assign(Rank, ir::SplitAccess{});
      Fits.assign(Rank, true);
    }
    for (unsigned A = 0; A < Rank && A < Axes.size(); ++A) {
      if (!Fits[A])
        continue;
      const std::optional<Affine> Index = affineIndex(*Access.Operands[A], Dims);
      bool OnlyDim0 = Index && Index->Coef[0] != 0;
      for (unsigned D = 1; OnlyDim0 && D < Index->Coef.size(); ++D)
        OnlyDim0 = Index->Coef[D] == 0;
      if (!OnlyDim0 || (Seen && Axes[A].Coef != Index->Coef[0])) {
        Fits[A] = false;
        continue;
      }
      if (!Seen) {
        Axes[A] = {static_cast<int>(A), Index->Coef[0], Index->Constant, Index->Constant};
      } else {
        Axes[A].Low = std::min(Axes[A].Low, Index->Constant);
        Axes[A].High = std::max(Axes[A].High, Index->Constant);
      }
    }
    Seen = true;
  }
  /// Touched anywhere: no axis fits.
  void anywhere() {
    Seen = true;
    Fits.assign(Fits.size(), false);
  }

  bool seen() const { return Seen; }
  /// The window on axis \p A, if every access fits it.
  std::optional<ir::SplitAccess> on(unsigned A) const {
    if (!Seen || A >= Axes.size() || !Fits[A])
      return std::nullopt;
    return Axes[A];
  }
  /// The first axis every access fits.
  std::optional<ir::SplitAccess> first() const {
    for (unsigned A = 0; A < Axes.size(); ++A)
      if (std::optional<ir::SplitAccess> W = on(A))
        return W;
    return std::nullopt;
  }

private:
  bool Seen = false;
  std::vector<ir::SplitAccess> Axes;
  std::vector<bool> Fits;
};

} // namespace

void planDeviceSplit(ir::Region &R) {
  R.Split.clear();
  R.NotSplitReason.clear();
  if (!R.KernelBody)
    return;
  const unsigned Dims = R.Dims.size();
  std::vector<Windows> Touched(R.Views.size()), Written(R.Views.size());
  std::set<const Expr *> Targets; // the operands that assignments and ++/-- write
  std::string Reason;
  ir::forEachExpr(*R.KernelBody, [&](const Expr &E) {
    if (E.K == Expr::Kind::Binary && isAssignment(E.Text) && !E.Operands.empty())
      Targets.insert(E.Operands[0].get());
    if (E.K == Expr::Kind::Unary && (E.Text == "++" || E.Text == "--") && !E.Operands.empty())
      Targets.insert(E.Operands[0].get());
    if (E.Index >= R.Views.size())
      return;
    if (E.K == Expr::Kind::ViewElement) {
      Touched[E.Index].add(E, Dims);
      if (Targets.count(&E))
        Written[E.Index].add(E, Dims);
    } else if (E.K == Expr::Kind::ViewRef) {
      Touched[E.Index].anywhere();
      if (R.Views[E.Index].Written && Reason.empty())
        Reason = "passes '" + R.Views[E.Index].SourceName + "', which it writes, to a function";
    }
  });
  std::vector<ir::SplitView> Split(R.Views.size());
  for (unsigned V = 0; V < R.Views.size() && Reason.empty(); ++V) {
    if (R.Views[V].Written) {
      const std::optional<ir::SplitAccess> W = Written[V].first();
      if (!W) {
        Reason = "writes '" + R.Views[V].SourceName +
                 "' at indices that the outermost loop's variable alone does not decide";
        break;
      }
      Split[V].Written = *W;
    }
    // The written axis where every access fits it, else any axis that fits them all.
    std::optional<ir::SplitAccess> T;
    if (Split[V].Written.Axis >= 0)
      T = Touched[V].on(Split[V].Written.Axis);
    if (!T)
      T = Touched[V].first();
    if (T)
      Split[V].Touched = *T;
  }
  if (!Reason.empty()) {
    R.NotSplitReason = Reason;
    return;
  }
  R.Split = std::move(Split);
}

} // namespace clpar
