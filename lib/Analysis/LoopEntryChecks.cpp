//===- Analysis/LoopEntryChecks.cpp - Checks made when a loop starts -----===//
#include "Analysis/LoopEntryChecks.h"

#include "Analysis/CountedLoop.h"

#include <map>
#include <set>
#include <string>
#include <vector>

namespace clpar {

namespace {

using ir::Expr;
using ir::ScalarType;
using ir::Stmt;

unsigned widthOf(ScalarType T) {
  switch (T) {
  case ScalarType::Bool:
  case ScalarType::Char:
  case ScalarType::UChar: return 8;
  case ScalarType::Short:
  case ScalarType::UShort: return 16;
  case ScalarType::Int:
  case ScalarType::UInt:
  case ScalarType::Float: return 32;
  default: return 64;
  }
}

/// Names \p S declares or writes: what may differ from one iteration of a loop over S to
/// the next.
void changedIn(const Stmt &S, std::set<std::string> &Names) {
  if (S.K == Stmt::Kind::Decl || S.K == Stmt::Kind::ArrayDecl)
    Names.insert(S.VarName);
  const auto Writes = [&](const Expr &E) {
    if (isWrite(E)) {
      const Expr &Target = writtenVariable(*E.Operands[0]);
      if (Target.K == Expr::Kind::Local || Target.K == Expr::Kind::ArrayElement)
        Names.insert(Target.Text);
    }
  };
  for (const ir::ExprPtr *E : {&S.Init, &S.Cond, &S.Inc})
    if (*E)
      ir::forEachExpr(**E, Writes);
  for (const auto &E : S.Elements)
    ir::forEachExpr(*E, Writes);
  for (const auto &C : S.Children)
    if (C)
      changedIn(*C, Names);
}

class EntryChecker {
public:
  explicit EntryChecker(const std::vector<ir::View> &Views) : Views(Views) {}

  void walk(Stmt &S) {
    if (S.K == Stmt::Kind::For)
      loop(S);
    for (auto &C : S.Children)
      if (C)
        walk(*C);
  }

private:
  /// Integer values the loop over \p Changed does not change, without side effects.
  static bool invariant(const Expr &E, const std::set<std::string> &Changed) {
    switch (E.K) {
    case Expr::Kind::IntLiteral:
    case Expr::Kind::ViewExtent:
    case Expr::Kind::ViewSize:
    case Expr::Kind::LoopIndex:
      return true;
    case Expr::Kind::Scalar:
      return isIntegerType(E.Type);
    case Expr::Kind::Local:
      return isIntegerType(E.Type) && !Changed.count(E.Text);
    case Expr::Kind::Cast:
    case Expr::Kind::Unary:
      return isIntegerType(E.Type) && (E.K == Expr::Kind::Cast || E.Text == "-") &&
             invariant(*E.Operands[0], Changed);
    case Expr::Kind::Binary:
      return (E.Text == "+" || E.Text == "-" || E.Text == "*" || E.Text == "/" ||
              E.Text == "%") &&
             invariant(*E.Operands[0], Changed) && invariant(*E.Operands[1], Changed);
    default:
      return false;
    }
  }

  /// Whether \p E moves monotonically with the loop variable \p Var: the variable, values
  /// the loop does not change, + and - of those, products by a constant, and widening
  /// conversions.
  static bool monotonic(const Expr &E, const std::string &Var,
                        const std::set<std::string> &Changed) {
    if (E.K == Expr::Kind::Local && E.Text == Var)
      return true;
    if (invariant(E, Changed))
      return true;
    switch (E.K) {
    case Expr::Kind::Cast:
      return isIntegerType(E.Type) && isIntegerType(E.Operands[0]->Type) &&
             widthOf(E.Type) >= widthOf(E.Operands[0]->Type) &&
             monotonic(*E.Operands[0], Var, Changed);
    case Expr::Kind::Unary:
      return (E.Text == "-" || E.Text == "+") && monotonic(*E.Operands[0], Var, Changed);
    case Expr::Kind::Binary:
      if (E.Text == "+" || E.Text == "-")
        return monotonic(*E.Operands[0], Var, Changed) &&
               monotonic(*E.Operands[1], Var, Changed);
      if (E.Text == "*")
        for (unsigned I = 0; I < 2; ++I)
          if (withoutCasts(*E.Operands[I]).K == Expr::Kind::IntLiteral &&
              monotonic(*E.Operands[1 - I], Var, Changed))
            return true;
      return false;
    default:
      return false;
    }
  }

  /// The view elements \p E reads or writes whenever it is evaluated (not in one branch
  /// of ?:, nor right of && or ||).
  static void everyTime(Expr &E, std::vector<Expr *> &Out) {
    if (E.K == Expr::Kind::ViewElement)
      Out.push_back(&E);
    if (E.K == Expr::Kind::Conditional ||
        (E.K == Expr::Kind::Binary && (E.Text == "&&" || E.Text == "||"))) {
      everyTime(*E.Operands[0], Out);
      return;
    }
    for (auto &Op : E.Operands)
      everyTime(*Op, Out);
  }

  /// Moves the indices of \p E that the loop \p L can check when it starts into
  /// \p Checks; \p Known: the constants declared before \p E in the loop's body.
  void addChecks(Expr &E, const CountedLoop &L, const std::set<std::string> &Changed,
                 const std::map<std::string, const Expr *> &Known, ir::LoopEntryChecks &Checks) {
    if (E.Index >= Views.size())
      return;
    for (unsigned D = 0; D < E.Operands.size() && D < 32; ++D) {
      if ((E.HoistedMask | E.EntryCheckedMask) & (1u << D))
        continue;
      const Expr *Index = E.Operands[D].get();
      if (const Expr &Bare = withoutCasts(*Index);
          Bare.K == Expr::Kind::Local && Known.count(Bare.Text) && isIntegerType(Index->Type))
        Index = Known.at(Bare.Text);
      if (!isIntegerType(Index->Type))
        continue;
      if (monotonic(*Index, L.Var, Changed)) {
        Checks.Checks.push_back({E.Index, D, E.AccessId, ir::cloneExpr(*Index)});
      } else if (const Expr &Mod = withoutCasts(*Index);
                 Mod.K == Expr::Kind::Binary && Mod.Text == "%" && isIntegerType(Mod.Type) &&
                 monotonic(*Mod.Operands[0], L.Var, Changed) &&
                 invariant(*Mod.Operands[1], Changed)) {
        // x % m lies in [0, m - 1] when x >= 0 and m >= 1: check m - 1 against the extent
        // and, for a signed x, x at both ends against 0.
        auto Last = std::make_shared<Expr>(Expr::Kind::Binary, Mod.Operands[1]->Type);
        Last->Text = "-";
        Last->Operands.push_back(ir::cloneExpr(*Mod.Operands[1]));
        auto One = std::make_unique<Expr>(Expr::Kind::IntLiteral, Mod.Operands[1]->Type);
        One->Text = "1";
        Last->Operands.push_back(std::move(One));
        Checks.Checks.push_back({E.Index, D, E.AccessId, std::move(Last)});
        if (ir::isSignedInteger(Mod.Operands[0]->Type))
          Checks.Checks.push_back({E.Index, D, E.AccessId, ir::cloneExpr(*Mod.Operands[0]), true});
      } else {
        continue;
      }
      E.EntryCheckedMask |= 1u << D;
    }
  }

  void loop(Stmt &For) {
    Stmt &Body = *For.Children[1];
    std::set<std::string> Changed;
    changedIn(Body, Changed);
    const auto Invariant = [&](const Expr &E) { return invariant(E, Changed); };
    std::optional<CountedLoop> L = countedLoop(For, Invariant);
    if (!L || containsStmt(Body, Stmt::Kind::Return))
      return;
    Changed.insert(L->Var);
    auto Checks = std::make_shared<ir::LoopEntryChecks>();
    Checks->Var = L->Var;
    Checks->VarType = L->VarType;
    Checks->First = L->First;
    Checks->End = L->End;
    std::vector<Stmt *> Top;
    if (Body.K == Stmt::Kind::Compound)
      for (auto &C : Body.Children)
        Top.push_back(C.get());
    else
      Top.push_back(&Body);
    // Constants the body has declared so far (`const int j = (i + 1) % n;`), by name.
    std::map<std::string, const Expr *> Known;
    // The body's statements in order, up to one that may end the iteration early.
    for (Stmt *S : Top) {
      std::vector<Expr *> Accesses;
      if ((S->K == Stmt::Kind::Expression || S->K == Stmt::Kind::Decl) && S->Init)
        everyTime(*S->Init, Accesses);
      // An if's or a switch's condition runs whichever way it goes.
      if ((S->K == Stmt::Kind::If || S->K == Stmt::Kind::Switch) && S->Cond)
        everyTime(*S->Cond, Accesses);
      for (Expr *E : Accesses)
        addChecks(*E, *L, Changed, Known, *Checks);
      if (S->K == Stmt::Kind::Decl && S->VarConst && S->Init && isIntegerType(S->VarType) &&
          isIntegerType(S->Init->Type))
        Known[S->VarName] = S->Init.get();
      if (containsStmt(*S, Stmt::Kind::Continue) || containsStmt(*S, Stmt::Kind::Break) ||
          containsStmt(*S, Stmt::Kind::EndIteration) || containsStmt(*S, Stmt::Kind::Return))
        break;
    }
    if (!Checks->Checks.empty())
      For.EntryChecks = std::move(Checks);
  }

  const std::vector<ir::View> &Views;
};

} // namespace

void addLoopEntryChecks(ir::Region &R) {
  if (!R.BoundsCheck || !R.KernelBody)
    return;
  EntryChecker(R.Views).walk(*R.KernelBody);
  for (ir::Function &F : R.Functions)
    if (F.Body)
      EntryChecker(F.ViewParams).walk(*F.Body);
}

} // namespace clpar
