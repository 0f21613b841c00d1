//===- Analysis/ProductTiles.cpp - Products the kernel can tile -----------===//
#include "Analysis/ProductTiles.h"

#include "Analysis/CountedLoop.h"

#include <map>
#include <set>
#include <string>

namespace clpar {

namespace {

using ir::Expr;
using ir::ScalarType;
using ir::Stmt;

/// At most this many distinct reads are staged (each a tile in local memory).
constexpr unsigned MaxLoads = 4;

/// What a read's indices depend on.
struct Uses {
  bool Dim0 = false, Dim1 = false, Loop = false, Other = false;
};

Uses usesOf(const Expr &E, const std::string &LoopVar) {
  Uses U;
  ir::forEachExpr(E, [&](const Expr &Each) {
    switch (Each.K) {
    case Expr::Kind::LoopIndex:
      (Each.Index == 0 ? U.Dim0 : U.Dim1) = true;
      break;
    case Expr::Kind::Local:
      (Each.Text == LoopVar ? U.Loop : U.Other) = true;
      break;
    case Expr::Kind::ArrayElement:
    case Expr::Kind::FunctionCall:
    case Expr::Kind::ViewRef:
    case Expr::Kind::Reduction:
      U.Other = true;
      break;
    default:
      if (isWrite(Each))
        U.Other = true;
      break;
    }
  });
  return U;
}

/// Whether \p S may be replayed once per iteration of a work-item's block inside the
/// tiled form's loops: straight-line statements and conditionals, nothing that leaves it.
bool straightLine(const Stmt &S) {
  switch (S.K) {
  case Stmt::Kind::Compound:
  case Stmt::Kind::If:
    for (const auto &C : S.Children)
      if (C && !straightLine(*C))
        return false;
    return true;
  case Stmt::Kind::Decl:
  case Stmt::Kind::ArrayDecl:
  case Stmt::Kind::Expression:
  case Stmt::Kind::Null:
    return true;
  default:
    return false;
  }
}

/// Finds the reads of the loop's body and replaces them by clpar_t<N> in a copy of it.
class Reads {
public:
  Reads(const ir::Region &R, const std::string &LoopVar) : R(R), LoopVar(LoopVar) {}

  ir::StmtPtr stmt(const Stmt &S) {
    auto C = ir::cloneStmtNode(S);
    if (S.Init)
      C->Init = expr(*S.Init);
    if (S.Cond)
      C->Cond = expr(*S.Cond);
    if (S.Inc)
      C->Inc = expr(*S.Inc);
    for (const auto &E : S.Elements)
      C->Elements.push_back(expr(*E));
    // An if's branches run only when its condition holds.
    const bool Was = Conditional;
    Conditional |= S.K == Stmt::Kind::If;
    for (const auto &Child : S.Children)
      C->Children.push_back(Child ? stmt(*Child) : nullptr);
    Conditional = Was;
    return C;
  }

  std::vector<ir::ProductTiles::Load> Loads;
  std::map<std::string, unsigned> ByKey; ///< each read by key(), to Loads
  bool Failed = false;
  bool UsesIndex = false;

private:
  ir::ExprPtr expr(const Expr &E) {
    if (E.K == Expr::Kind::ViewElement)
      return read(E);
    if (E.K == Expr::Kind::LoopIndex)
      UsesIndex = true;
    auto C = ir::cloneNode(E);
    // The operands after the first of ?:, && and || run only on some values of the first.
    const bool Choice = E.K == Expr::Kind::Conditional ||
                        (E.K == Expr::Kind::Binary && (E.Text == "&&" || E.Text == "||"));
    const bool Was = Conditional;
    for (size_t I = 0; I < E.Operands.size(); ++I) {
      Conditional = Was || (Choice && I > 0);
      C->Operands.push_back(expr(*E.Operands[I]));
    }
    Conditional = Was;
    return C;
  }

  /// A key that names the same read alike wherever it appears.
  static std::string key(const Expr &E) {
    std::string S = std::to_string(static_cast<int>(E.K)) + ":" + E.Text + ":" +
                    std::to_string(E.Index) + ":" + std::to_string(E.Dim) + "(";
    for (const auto &Op : E.Operands)
      S += key(*Op) + ",";
    return S + ")";
  }

  ir::ExprPtr read(const Expr &E) {
    const Uses U = usesOf(E, LoopVar);
    // A read the loop makes only under a condition may be out of range where the condition
    // fails: the form loads every read for every step.
    if (Conditional || U.Other || (U.Dim0 && U.Dim1) || E.Index >= R.Views.size() ||
        R.Views[E.Index].Written || E.Type == ScalarType::Bool) {
      Failed = true;
      return ir::cloneExpr(E);
    }
    const std::string Key = key(E);
    auto [It, New] = ByKey.emplace(Key, Loads.size());
    if (New) {
      ir::ProductTiles::Load L;
      L.Value = ir::cloneExpr(E);
      L.AlongDim1 = U.Dim1;
      bool LastUsesLoop = false;
      if (!E.Operands.empty())
        ir::forEachExpr(*E.Operands.back(), [&](const Expr &Each) {
          LastUsesLoop |= Each.K == Expr::Kind::Local && Each.Text == LoopVar;
        });
      L.LoopInLastIndex = LastUsesLoop;
      Loads.push_back(std::move(L));
    }
    auto T = ir::makeExpr(Expr::Kind::Local, E.Type);
    T->Text = "clpar_t" + std::to_string(It->second);
    return T;
  }

  const ir::Region &R;
  const std::string &LoopVar;
  bool Conditional = false; ///< inside a branch of an if, ?:, && or ||
};

} // namespace

std::optional<ir::ProductTiles> findProductTiles(const ir::Region &R) {
  if (!R.Inner || R.Dims.size() != 2 || !R.Reductions.empty() || R.Slice ||
      !R.KernelBody || R.KernelBody->K != Stmt::Kind::Compound)
    return std::nullopt;
  const ir::InnerReduction &In = *R.Inner;
  const auto &Body = R.KernelBody->Children;
  const Stmt &Loop = *Body[In.LoopStmt];
  // Checks made when the loop starts would have to be made for every iteration of a block.
  if (Loop.EntryChecks || !Loop.Children[1] || !straightLine(*Loop.Children[1]))
    return std::nullopt;
  // The statements before and after the loop run once per iteration of the block, inside
  // the form's loops.
  for (unsigned I = 0; I < Body.size(); ++I)
    if (I != In.LoopStmt && (!straightLine(*Body[I]) || containsLoop(*Body[I])))
      return std::nullopt;

  // The loop uses no variable declared before it but the accumulators.
  std::set<std::string> Before, Accumulators;
  for (unsigned I = 0; I < In.LoopStmt; ++I)
    if (Body[I]->K == Stmt::Kind::Decl || Body[I]->K == Stmt::Kind::ArrayDecl)
      Before.insert(Body[I]->VarName);
  for (const ir::InnerReduction::Accumulator &A : In.Accumulators)
    Accumulators.insert(A.Name);
  bool Foreign = false;
  ir::forEachExpr(*Loop.Children[1], [&](const Expr &Each) {
    Foreign |= Each.K == Expr::Kind::Local && Before.count(Each.Text) &&
               !Accumulators.count(Each.Text);
  });
  if (Foreign)
    return std::nullopt;

  Reads Walk(R, In.Var);
  ir::StmtPtr Copy = Walk.stmt(*Loop.Children[1]);
  if (Walk.Failed || Walk.Loads.empty() || Walk.Loads.size() > MaxLoads)
    return std::nullopt;
  // A product: some read varies along each dimension.
  bool Dim0 = false, Dim1 = false;
  for (const ir::ProductTiles::Load &L : Walk.Loads) {
    const Uses U = usesOf(*L.Value, In.Var);
    Dim0 |= U.Dim0;
    Dim1 |= U.Dim1;
  }
  if (!Dim0 || !Dim1)
    return std::nullopt;

  ir::ProductTiles Tiles;
  Tiles.Loads = std::move(Walk.Loads);
  Tiles.Body = std::move(Copy);
  Tiles.BodyUsesIndex = Walk.UsesIndex;
  return Tiles;
}

} // namespace clpar
