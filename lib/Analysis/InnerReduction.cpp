//===- Analysis/InnerReduction.cpp - Iterations that reduce over a loop ---===//
#include "Analysis/InnerReduction.h"

#include "Analysis/CountedLoop.h"
#include "Analysis/ReductionLanes.h"

#include <map>
#include <set>
#include <string>

namespace clpar {

namespace {

using ir::Expr;
using ir::ScalarType;
using ir::Stmt;

/// Whether every work-item of an iteration may evaluate \p E: it writes nothing and passes
/// no function a view the region writes.
bool sideEffectFree(const Expr &E, const ir::Region &R) {
  bool Free = true;
  ir::forEachExpr(E, [&](const Expr &Each) {
    if (isWrite(Each) ||
        (Each.K == Expr::Kind::ViewRef && Each.Index < R.Views.size() &&
         R.Views[Each.Index].Written))
      Free = false;
  });
  return Free;
}

/// Whether `t op= e` (or `t = t op e`, `t = min(t, e)`) may run as partial accumulations
/// combined afterwards: the operation's type is the accumulator's, except that an integer
/// accumulator may take other integers (modular arithmetic) and a double any arithmetic
/// value below it.
bool combinable(ScalarType Acc, ScalarType Operand) {
  if (Acc == Operand)
    return true;
  if (isIntegerType(Acc))
    return isIntegerType(Operand);
  return Acc == ScalarType::Double && Operand != ScalarType::Bool;
}

class LoopBody {
public:
  LoopBody(const ir::Region &R, const std::map<std::string, const Stmt *> &Declared)
      : R(R), Declared(Declared) {}

  bool stmt(const Stmt &S) {
    switch (S.K) {
    case Stmt::Kind::Compound:
    case Stmt::Kind::Case:
    case Stmt::Kind::Default:
      return children(S) && (!S.Init || expr(*S.Init));
    case Stmt::Kind::Decl:
    case Stmt::Kind::ArrayDecl:
      if (Declared.count(S.VarName))
        return false; // shadows a declaration before the loop: keep it simple
      Locals.insert(S.VarName);
      for (const auto &E : S.Elements)
        if (!expr(*E))
          return false;
      return !S.Init || expr(*S.Init);
    case Stmt::Kind::Expression:
      return !S.Init || update(*S.Init) || (!Failed && expr(*S.Init));
    case Stmt::Kind::If:
    case Stmt::Kind::While:
    case Stmt::Kind::Do:
    case Stmt::Kind::Switch:
      return expr(*S.Cond) && children(S);
    case Stmt::Kind::For:
      return children(S) && (!S.Cond || expr(*S.Cond)) && (!S.Inc || expr(*S.Inc));
    case Stmt::Kind::Continue:
    case Stmt::Kind::Null:
      return true;
    default:
      return false;
    }
  }

  /// Accumulators by name, with their operation.
  std::map<std::string, ir::ReductionOp> Ops;
  /// The accumulator references that updates make (every other one is a read).
  std::set<const Expr *> UpdateRefs;
  bool Failed = false;

private:
  bool children(const Stmt &S) {
    for (const auto &C : S.Children)
      if (C && !stmt(*C))
        return false;
    return true;
  }

  /// Writes only variables declared in the loop's body; passes no written view whole.
  bool expr(const Expr &E) {
    bool Ok = true;
    ir::forEachExpr(E, [&](const Expr &Each) {
      if (isWrite(Each)) {
        const Expr &Target = writtenVariable(*Each.Operands[0]);
        const bool Own = (Target.K == Expr::Kind::Local ||
                          Target.K == Expr::Kind::ArrayElement) &&
                         Locals.count(Target.Text);
        Ok &= Own;
      }
      if (Each.K == Expr::Kind::ViewRef && Each.Index < R.Views.size() &&
          R.Views[Each.Index].Written)
        Ok = false;
    });
    return Ok;
  }

  /// The accumulator \p Target names, or null.
  const Stmt *accumulator(const Expr &Target) {
    if (Target.K != Expr::Kind::Local)
      return nullptr;
    auto It = Declared.find(Target.Text);
    if (It == Declared.end() || It->second->VarConst ||
        It->second->VarType == ScalarType::Bool ||
        It->second->VarType == ScalarType::Record)
      return nullptr;
    return It->second;
  }

  /// Records an update `t op= e` (or `t = t op e`, `t = min(t, e)`, `t = max(t, e)`, ++t,
  /// --t) of an accumulator; false for anything else.  An update in a form that cannot be
  /// combined sets Failed.
  bool update(const Expr &E) {
    if (E.K == Expr::Kind::Unary && isWrite(E)) {
      // ++t, t++, --t, t--: t += 1 or t -= 1.
      if (!accumulator(*E.Operands[0]))
        return false;
      auto [It, New] = Ops.emplace(E.Operands[0]->Text, ir::ReductionOp::Add);
      if (New || It->second == ir::ReductionOp::Add) {
        UpdateRefs.insert(E.Operands[0].get());
        return true;
      }
      Failed = true; // mixed with another operation
      return false;
    }
    if (E.K != Expr::Kind::Binary || !isWrite(E))
      return false;
    const Stmt *Acc = accumulator(*E.Operands[0]);
    if (!Acc)
      return false;
    const Expr &Target = *E.Operands[0];
    const Expr *Operand = nullptr; // what the accumulator is combined with
    const Expr *Ref = &Target;     // the accumulator's reference inside the value
    ScalarType OperationType = Acc->VarType;
    std::optional<ir::ReductionOp> Op;
    static const std::pair<const char *, ir::ReductionOp> Compound[] = {
        {"+=", ir::ReductionOp::Add}, {"-=", ir::ReductionOp::Add},
        {"*=", ir::ReductionOp::Mul}, {"&=", ir::ReductionOp::And},
        {"|=", ir::ReductionOp::Or},  {"^=", ir::ReductionOp::Xor}};
    for (const auto &[Text, Each] : Compound)
      if (E.Text == Text) {
        Op = Each;
        Operand = E.Operands[1].get();
        OperationType = Operand->Type;
      }
    if (E.Text == "=") {
      const Expr &Value = withoutCasts(*E.Operands[1]);
      OperationType = Value.Type;
      const bool Floating = ir::isFloating(Acc->VarType);
      if (Value.K == Expr::Kind::Call && (Value.Text == "min" || Value.Text == "max") &&
          Value.Operands.size() == 2) {
        // std::min(t, e) keeps t where e is NaN; std::min(e, t) does not, for floats.
        for (unsigned I = 0; I < 2 && !Op; ++I)
          if (isLocal(*Value.Operands[I], Target.Text) && (I == 0 || !Floating)) {
            Op = Value.Text == "min" ? ir::ReductionOp::Min : ir::ReductionOp::Max;
            Ref = &withoutCasts(*Value.Operands[I]);
            Operand = Value.Operands[1 - I].get();
          }
      } else if (Value.K == Expr::Kind::Binary && Value.Operands.size() == 2) {
        static const std::pair<const char *, ir::ReductionOp> Plain[] = {
            {"+", ir::ReductionOp::Add}, {"-", ir::ReductionOp::Add},
            {"*", ir::ReductionOp::Mul}, {"&", ir::ReductionOp::And},
            {"|", ir::ReductionOp::Or},  {"^", ir::ReductionOp::Xor}};
        for (const auto &[Text, Each] : Plain)
          for (unsigned I = 0; I < 2 && !Op; ++I)
            if (Value.Text == Text && isLocal(*Value.Operands[I], Target.Text) &&
                (I == 0 || Value.Text != std::string("-"))) {
              Op = Each;
              Ref = &withoutCasts(*Value.Operands[I]);
              Operand = Value.Operands[1 - I].get();
            }
      }
    }
    if (!Op || !combinable(Acc->VarType, OperationType) ||
        !combinable(Acc->VarType, Operand->Type)) {
      Failed = true;
      return false;
    }
    auto [It, New] = Ops.emplace(Target.Text, *Op);
    if (!New && It->second != *Op) {
      Failed = true;
      return false;
    }
    if (!expr(*Operand)) {
      Failed = true;
      return false;
    }
    UpdateRefs.insert(&Target);
    UpdateRefs.insert(Ref);
    return true;
  }

  const ir::Region &R;
  const std::map<std::string, const Stmt *> &Declared;
  std::set<std::string> Locals; ///< declared in the loop's body
};

/// Whether \p E adds the variable \p Var once to terms that do not use it: Var, Var + x,
/// x + Var, Var - x (through conversions).
bool unitTerm(const Expr &E, const std::string &Var) {
  const Expr &B = withoutCasts(E);
  if (isLocal(B, Var))
    return true;
  if (B.K != Expr::Kind::Binary || (B.Text != "+" && B.Text != "-"))
    return false;
  const auto Uses = [&](const Expr &X) {
    bool Found = false;
    ir::forEachExpr(X, [&](const Expr &Each) { Found |= isLocal(Each, Var); });
    return Found;
  };
  if (unitTerm(*B.Operands[0], Var) && !Uses(*B.Operands[1]))
    return true;
  return B.Text == "+" && unitTerm(*B.Operands[1], Var) && !Uses(*B.Operands[0]);
}

} // namespace

std::optional<ir::InnerReduction> findInnerReduction(const ir::Region &R) {
  if (!R.KernelBody || !R.Reductions.empty() || R.Slice || R.Dims.empty() ||
      R.KernelBody->K != Stmt::Kind::Compound)
    return std::nullopt;
  const auto &Body = R.KernelBody->Children;
  const unsigned Innermost = R.Dims.size() - 1;
  // Declarations before the loop; those whose value depends on the innermost dimension's
  // iteration.
  std::map<std::string, const Stmt *> Declared;
  std::set<std::string> Varying;
  const auto ReadsIteration = [&](const Expr &E) {
    bool Found = false;
    ir::forEachExpr(E, [&](const Expr &Each) {
      Found |= (Each.K == Expr::Kind::LoopIndex && Each.Index == Innermost) ||
               (Each.K == Expr::Kind::Local && Varying.count(Each.Text));
    });
    return Found;
  };
  unsigned L = 0;
  for (; L < Body.size() && Body[L]->K != Stmt::Kind::For; ++L) {
    const Stmt &S = *Body[L];
    if (S.K == Stmt::Kind::Null)
      continue;
    if (S.K != Stmt::Kind::Decl || (S.Init && !sideEffectFree(*S.Init, R)))
      return std::nullopt;
    Declared[S.VarName] = &S;
    if (S.Init && ReadsIteration(*S.Init))
      Varying.insert(S.VarName);
  }
  if (L == Body.size())
    return std::nullopt;
  const Stmt &For = *Body[L];
  std::optional<CountedLoop> Loop = countedLoop(For);
  if (!Loop || Declared.count(Loop->Var))
    return std::nullopt;

  LoopBody Walk(R, Declared);
  if (!Walk.stmt(*For.Children[1]) || Walk.Failed || Walk.Ops.empty())
    return std::nullopt;
  // Accumulators are read only by their own updates.
  bool OtherReads = false;
  ir::forEachExpr(For, [&](const Expr &Each) {
    OtherReads |= Each.K == Expr::Kind::Local && Walk.Ops.count(Each.Text) &&
                  !Walk.UpdateRefs.count(&Each);
  });
  if (OtherReads)
    return std::nullopt;

  ir::InnerReduction Inner;
  Inner.LoopStmt = L;
  Inner.Var = Loop->Var;
  Inner.VarType = Loop->VarType;
  Inner.First = Loop->First;
  Inner.End = Loop->End;
  for (const auto &[Name, Op] : Walk.Ops) {
    const ScalarType T = Declared.at(Name)->VarType;
    Inner.Accumulators.push_back({Name, T, Op});
    Inner.Reassociates |= ir::isFloating(T) &&
                          (Op == ir::ReductionOp::Add || Op == ir::ReductionOp::Mul);
  }
  std::set<std::string> Names;
  for (const auto &Acc : Inner.Accumulators)
    Names.insert(Acc.Name);
  Inner.Updates = findInnerLanes(*For.Children[1], Names);
  ir::forEachExpr(*For.Children[1], [&](const Expr &Each) {
    if (Each.K == Expr::Kind::ViewElement && !Each.Operands.empty() &&
        unitTerm(*Each.Operands.back(), Inner.Var) && ReadsIteration(Each))
      Inner.AlongRows = true;
  });
  return Inner;
}

} // namespace clpar
