//===- Analysis/BoundsHoisting.cpp - Bounds checks made before launch ----===//
#include "Analysis/BoundsHoisting.h"

#include "Analysis/AffineIndex.h"
#include "Analysis/CountedLoop.h"

#include <optional>
#include <vector>

namespace clpar {

namespace {

using ir::Expr;
using ir::ExprPtr;
using ir::Stmt;

/// Inner loop variables by kernel name; their affine dimension is Dims + position.
using InnerNames = std::vector<std::string>;

class Hoister {
public:
  explicit Hoister(ir::Region &R) : R(R) {}

  void run() { statement(*R.KernelBody); }

private:
  struct Loop {
    std::string Name;
  };

  /// Statements run in order until one that may leave the iteration (or the inner loop's
  /// iteration) early; the accesses after it are conditional.
  void statement(Stmt &S) {
    switch (S.K) {
    case Stmt::Kind::Expression:
    case Stmt::Kind::Decl:
      if (S.Init)
        expr(*S.Init);
      return;
    case Stmt::Kind::Compound:
      for (auto &C : S.Children) {
        statement(*C);
        if (containsStmt(*C, Stmt::Kind::EndIteration) || containsStmt(*C, Stmt::Kind::Continue) ||
            containsStmt(*C, Stmt::Kind::Break))
          return;
      }
      return;
    case Stmt::Kind::For:
      innerLoop(S);
      return;
    default:
      // if, while, do: their accesses run conditionally or a data-dependent number of
      // times, and keep their per-access checks.
      return;
    }
  }

  /// A counted loop (Analysis/CountedLoop.h): its body's accesses see k over [First, End).
  void innerLoop(Stmt &For) {
    std::optional<CountedLoop> L = countedLoop(For);
    if (!L)
      return;
    Loops.push_back({L->Var});
    Bounds.push_back({L->First, L->End});
    statement(*For.Children[1]);
    Loops.pop_back();
    Bounds.pop_back();
  }

  /// Checks are listed in the order the serial program makes them (first_out_of_range
  /// reports the earlier of two that first fail in the same iteration): an access after
  /// its indices, an assignment's right operand before its left (C++17), other operands
  /// from left to right.
  void expr(Expr &E) {
    if (E.K == Expr::Kind::Conditional) {
      expr(*E.Operands[0]);
      return;
    }
    if (E.K == Expr::Kind::Binary && (E.Text == "&&" || E.Text == "||")) {
      expr(*E.Operands[0]);
      return;
    }
    if (E.K == Expr::Kind::Binary && isAssignment(E.Text) && E.Operands.size() == 2) {
      expr(*E.Operands[1]);
      expr(*E.Operands[0]);
      return;
    }
    for (auto &Op : E.Operands)
      expr(*Op);
    if (E.K == Expr::Kind::ViewElement)
      access(E);
  }

  static bool isAssignment(const std::string &Op) {
    return !Op.empty() && Op.back() == '=' && Op != "==" && Op != "!=" && Op != "<=" &&
           Op != ">=";
  }

  void access(Expr &E) {
    InnerNames Names;
    for (const Loop &L : Loops)
      Names.push_back(L.Name);
    unsigned Dims = R.Dims.size();
    for (unsigned D = 0; D < E.Operands.size() && D < 32; ++D) {
      const Expr &Index = *E.Operands[D];
      std::optional<Affine> A = affineIndex(Index, Dims, Names);
      if (!A)
        continue;
      ir::HoistedCheck C;
      C.View = E.Index;
      C.Dim = D;
      C.At = R.AccessSites[E.AccessId];
      C.Constant = A->Constant;
      C.LoopCoef.assign(A->Coef.begin(), A->Coef.begin() + Dims);
      // Every enclosing inner loop matters, even one the index does not use: if it runs
      // no iteration, the access never happens.
      for (unsigned I = 0; I < Bounds.size(); ++I)
        C.Inner.push_back({Bounds[I].first, Bounds[I].second, A->Coef[Dims + I]});
      C.UnsignedIndex = !ir::isSignedInteger(Index.Type);
      R.HoistedChecks.push_back(C);
      E.HoistedMask |= 1u << D;
    }
  }

  ir::Region &R;
  std::vector<Loop> Loops;
  std::vector<std::pair<std::shared_ptr<const Expr>, std::shared_ptr<const Expr>>> Bounds;
};

} // namespace

void hoistBoundsChecks(ir::Region &R) {
  if (!R.KernelBody || !R.BoundsCheck)
    return;
  Hoister(R).run();
  // Per view: indexed at all, and every index of every access hoisted.  A view passed
  // whole to a function (or captured by a lambda) does not qualify: the callee indexes it
  // with checks of its own, which the OpenMP variant must keep.
  std::vector<bool> Indexed(R.Views.size()), Unhoisted(R.Views.size());
  ir::forEachExpr(*R.KernelBody, [&](const ir::Expr &E) {
    if (E.Index >= R.Views.size())
      return;
    if (E.K == ir::Expr::Kind::ViewElement) {
      Indexed[E.Index] = true;
      const unsigned All = E.Operands.size() >= 32 ? ~0u : (1u << E.Operands.size()) - 1;
      if ((E.HoistedMask & All) != All)
        Unhoisted[E.Index] = true;
    } else if (E.K == ir::Expr::Kind::ViewRef) {
      Unhoisted[E.Index] = true;
    }
  });
  for (unsigned V = 0; V < R.Views.size(); ++V)
    R.Views[V].AccessesCheckedBeforeLaunch = Indexed[V] && !Unhoisted[V];
}

} // namespace clpar
