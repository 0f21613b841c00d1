//===- Analysis/ResidencyPlanner.cpp - Where data may stay on the device --===//
#include "Analysis/ResidencyPlanner.h"

#include "Analysis/ClparTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>

namespace clpar {

namespace {

using namespace clang;

enum class Kind { Scalar, Offload, Host, Mixed };

/// Types whose variables scalar code may name: arithmetic values, and views and ranges,
/// which describe memory without owning or touching it.
bool isDescriptorType(QualType T) {
  T = T.getNonReferenceType().getCanonicalType();
  if (T->isArithmeticType() || T->isEnumeralType() || T->isBooleanType())
    return true;
  if (isPrangeType(T) || isClparClass(T, "slice"))
    return true;
  std::optional<ArrayTypeInfo> A = arrayTypeInfo(T);
  return A && A->Kind == ir::ViewKind::ClparView;
}

/// Member functions that read an object's shape, never its elements.
bool isShapeQuery(llvm::StringRef Name) {
  static const llvm::StringSet<> Names = {"size", "extent", "stride", "is_contiguous",
                                          "empty", "capacity", "first", "step"};
  return Names.contains(Name);
}

/// The function is the standard library's (or the C library's, from a system header).
bool isLibraryFunction(const FunctionDecl *F, const SourceManager &SM) {
  if (F == nullptr)
    return false;
  if (F->isInStdNamespace())
    return true;
  return SM.isInSystemHeader(F->getLocation());
}

/// Variables whose memory other names may reach: their address taken, bound to a
/// reference (a variable, a parameter, a lambda capture).  A view may cover such a
/// variable, so naming it is host access to that memory.
void collectEscaped(const Stmt *S, llvm::DenseSet<const VarDecl *> &Escaped) {
  if (S == nullptr)
    return;
  auto varOf = [](const Expr *E) -> const VarDecl * {
    if (const auto *R = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts() : nullptr))
      return dyn_cast<VarDecl>(R->getDecl());
    return nullptr;
  };
  if (const auto *U = dyn_cast<UnaryOperator>(S); U && U->getOpcode() == UO_AddrOf)
    if (const VarDecl *V = varOf(U->getSubExpr()))
      Escaped.insert(V);
  if (const auto *D = dyn_cast<DeclStmt>(S))
    for (const Decl *Each : D->decls())
      if (const auto *V = dyn_cast<VarDecl>(Each); V && V->getType()->isReferenceType())
        if (const VarDecl *Target = varOf(V->getInit()))
          Escaped.insert(Target);
  if (const auto *C = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *F = C->getDirectCallee())
      for (unsigned I = 0; I < C->getNumArgs() && I < F->getNumParams(); ++I)
        if (F->getParamDecl(I)->getType()->isReferenceType())
          if (const VarDecl *V = varOf(C->getArg(I)))
            Escaped.insert(V);
  if (const auto *L = dyn_cast<LambdaExpr>(S))
    for (const LambdaCapture &Capture : L->captures())
      if (Capture.capturesVariable() && Capture.getCaptureKind() == LCK_ByRef)
        if (const auto *V = dyn_cast<VarDecl>(Capture.getCapturedVar()))
          Escaped.insert(V);
  for (const Stmt *Child : S->children())
    collectEscaped(Child, Escaped);
}

class ScalarCode {
public:
  ScalarCode(const SourceManager &SM, const llvm::DenseSet<const VarDecl *> &Escaped)
      : SM(SM), Escaped(Escaped) {}

  bool stmt(const Stmt *S) {
    if (S == nullptr)
      return true;
    if (const auto *E = dyn_cast<Expr>(S))
      return expr(E);
    if (const auto *D = dyn_cast<DeclStmt>(S)) {
      for (const Decl *Each : D->decls()) {
        const auto *V = dyn_cast<VarDecl>(Each);
        if (V == nullptr || !isDescriptorType(V->getType()))
          return false;
        if (V->hasInit() && !expr(V->getInit()))
          return false;
      }
      return true;
    }
    return isa<NullStmt>(S);
  }

  bool expr(const Expr *E) {
    if (E == nullptr)
      return true;
    E = E->IgnoreParens();
    if (isa<LambdaExpr, CXXNewExpr, CXXDeleteExpr, CXXThrowExpr, StmtExpr, ArraySubscriptExpr,
            AtomicExpr>(E))
      return false;
    if (const auto *U = dyn_cast<UnaryOperator>(E)) {
      if (U->getOpcode() == UO_Deref)
        return false;
      // Taking an address lets a pointer, or a view made from it, reach the memory.
      if (U->getOpcode() == UO_AddrOf)
        return false;
    }
    if (const auto *M = dyn_cast<MemberExpr>(E))
      if (M->isArrow())
        return false;
    if (const auto *R = dyn_cast<DeclRefExpr>(E)) {
      if (isa<BindingDecl>(R->getDecl()))
        return false; // a structured binding names part of an object
      const auto *V = dyn_cast<VarDecl>(R->getDecl());
      if (V == nullptr)
        return true; // functions, enumerators
      // A reference, a variable others can reach, or a global may be memory a view covers.
      // (A reference to a view or a range is only a descriptor.)
      QualType T = V->getType();
      if (T->isReferenceType() && (!isDescriptorType(T) ||
                                   T.getNonReferenceType()->isArithmeticType() ||
                                   T.getNonReferenceType()->isEnumeralType()))
        return false;
      // (A view that escapes is only a descriptor; the memory it covers is what matters.)
      if (Escaped.contains(V) && (T->isArithmeticType() || T->isEnumeralType()))
        return false;
      if (!V->hasLocalStorage() && !T.isConstQualified())
        return false;
      return isDescriptorType(T) || T->isPointerType();
    }
    if (const auto *C = dyn_cast<CXXMemberCallExpr>(E)) {
      const CXXMethodDecl *M = C->getMethodDecl();
      if (M == nullptr || !M->getDeclName().isIdentifier() || !isShapeQuery(M->getName()))
        return false;
      const Expr *Object = C->getImplicitObjectArgument()->IgnoreParenImpCasts();
      if (isa<DeclRefExpr>(Object) || isDescriptorType(Object->getType()))
        return args(C->arguments());
      return false;
    }
    if (const auto *O = dyn_cast<CXXOperatorCallExpr>(E)) {
      const Expr *Object = O->getArg(0)->IgnoreParenImpCasts();
      if (!isDescriptorType(Object->getType()) || Object->getType()->isArithmeticType())
        return false;
      // Views: rebinding and slicing are scalar; an element access is not.
      if (!isDescriptorType(O->getType()) || O->getType()->isArithmeticType())
        return false;
      return args(O->arguments());
    }
    if (const auto *C = dyn_cast<CallExpr>(E)) {
      // A call that never returns (std::exit) ends the program: atexit handlers and the
      // program's observers must see the results.
      const FunctionDecl *F = C->getDirectCallee();
      if (!isLibraryFunction(F, SM) || F->isNoReturn())
        return false;
      for (const Expr *A : C->arguments()) {
        const Expr *Bare = A->IgnoreParenImpCasts();
        if (isa<StringLiteral>(Bare))
          continue;
        if (!isDescriptorType(Bare->getType()) || !expr(A))
          return false;
      }
      return true;
    }
    if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
      if (!isDescriptorType(C->getType()))
        return false;
      return args(C->arguments());
    }
    for (const Stmt *Child : E->children())
      if (!stmt(Child))
        return false;
    return true;
  }

private:
  template <class Range> bool args(Range R) {
    for (const Expr *A : R)
      if (!expr(A))
        return false;
    return true;
  }

  const SourceManager &SM;
  const llvm::DenseSet<const VarDecl *> &Escaped;
};

class BodyPlanner {
public:
  BodyPlanner(ASTContext &Ctx, const llvm::DenseSet<const Stmt *> &Regions, ScopePlan &Plan,
              llvm::DenseSet<const Stmt *> &Eager)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Regions(Regions), Plan(Plan), Eager(Eager),
        Scalar(SM, Escaped) {}

  void planBody(const CompoundStmt *Body) {
    collectEscaped(Body, Escaped);
    planBlock(Body);
    Plan.SyncBefore.push_back(Body->getRBracLoc());
    // One sync per place (a block's end may also be the function's).
    std::vector<SourceLocation> Unique;
    for (SourceLocation L : Plan.SyncBefore)
      if (std::find(Unique.begin(), Unique.end(), L) == Unique.end())
        Unique.push_back(L);
    Plan.SyncBefore = std::move(Unique);
  }

private:
  /// The region \p S is, if any: a slice statement may sit in its block wrapped in
  /// implicit nodes (ExprWithCleanups).
  const Stmt *regionOf(const Stmt *S) const {
    if (Regions.contains(S))
      return S;
    if (const auto *E = dyn_cast<Expr>(S))
      for (const Stmt *Inner : {static_cast<const Stmt *>(E->IgnoreImplicit()),
                                static_cast<const Stmt *>(E->IgnoreParenImpCasts())})
        if (Regions.contains(Inner))
          return Inner;
    return nullptr;
  }
  bool isRegion(const Stmt *S) const { return regionOf(S) != nullptr; }

  bool containsRegion(const Stmt *S) {
    if (S == nullptr)
      return false;
    auto It = HasRegion.find(S);
    if (It != HasRegion.end())
      return It->second;
    bool Found = isRegion(S);
    if (!Found && !isa<LambdaExpr>(S))
      for (const Stmt *Child : S->children())
        if ((Found = containsRegion(Child)))
          break;
    HasRegion[S] = Found;
    return Found;
  }

  /// Host statements and mixed statements combine by whether regions are inside.
  Kind hostOrMixed(const Stmt *S) { return containsRegion(S) ? Kind::Mixed : Kind::Host; }

  Kind combine(std::initializer_list<Kind> Parts, const Stmt *S) {
    bool AnyOffload = false;
    for (Kind K : Parts) {
      if (K == Kind::Host || K == Kind::Mixed)
        return hostOrMixed(S);
      AnyOffload |= K == Kind::Offload;
    }
    return AnyOffload ? Kind::Offload : Kind::Scalar;
  }

  Kind header(const Stmt *S) { return Scalar.stmt(S) ? Kind::Scalar : Kind::Host; }

  Kind classify(const Stmt *S) {
    if (S == nullptr)
      return Kind::Scalar;
    if (isRegion(S))
      return Kind::Offload;
    auto It = Kinds.find(S);
    if (It != Kinds.end())
      return It->second;
    Kind K = classifyUncached(S);
    Kinds[S] = K;
    return K;
  }

  Kind classifyUncached(const Stmt *S) {
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      bool AnyOffload = false;
      for (const Stmt *Child : C->body()) {
        Kind K = classify(Child);
        if (K == Kind::Host || K == Kind::Mixed)
          return hostOrMixed(S);
        AnyOffload |= K == Kind::Offload;
      }
      return AnyOffload ? Kind::Offload : Kind::Scalar;
    }
    if (const auto *F = dyn_cast<ForStmt>(S))
      return combine({header(F->getInit()), header(F->getCond()), header(F->getInc()),
                      F->getConditionVariableDeclStmt() ? header(F->getConditionVariableDeclStmt())
                                                        : Kind::Scalar,
                      classify(F->getBody())},
                     S);
    if (const auto *W = dyn_cast<WhileStmt>(S))
      return combine({header(W->getCond()),
                      W->getConditionVariableDeclStmt() ? header(W->getConditionVariableDeclStmt())
                                                        : Kind::Scalar,
                      classify(W->getBody())},
                     S);
    if (const auto *D = dyn_cast<DoStmt>(S))
      return combine({header(D->getCond()), classify(D->getBody())}, S);
    if (const auto *I = dyn_cast<IfStmt>(S))
      return combine({header(I->getInit()), header(I->getCond()),
                      I->getConditionVariableDeclStmt() ? header(I->getConditionVariableDeclStmt())
                                                        : Kind::Scalar,
                      classify(I->getThen()), classify(I->getElse())},
                     S);
    // Jumps leave blocks whose locals may die: the data comes home first.
    if (isa<ReturnStmt, BreakStmt, ContinueStmt>(S))
      return Kind::Host;
    if (isa<Expr, DeclStmt, NullStmt>(S))
      return Scalar.stmt(S) ? Kind::Scalar : Kind::Host;
    return hostOrMixed(S);
  }

  /// Every region inside \p S copies back at once.
  void makeEager(const Stmt *S) {
    if (S == nullptr || isa<LambdaExpr>(S))
      return;
    if (const Stmt *R = regionOf(S)) {
      Eager.insert(R);
      return;
    }
    for (const Stmt *Child : S->children())
      makeEager(Child);
  }

  /// The location just after \p S, its final semicolon included.
  SourceLocation after(const Stmt *S) {
    SourceLocation End = S->getEndLoc();
    const LangOptions &LO = Ctx.getLangOpts();
    if (!isa<CompoundStmt>(S)) {
      std::optional<Token> Next = Lexer::findNextToken(End, SM, LO);
      if (Next && Next->is(tok::semi) && !isa<DeclStmt, NullStmt>(S))
        End = Next->getLocation();
    }
    return Lexer::getLocForEndOfToken(End, 0, SM, LO);
  }

  void syncAt(const Stmt *S, bool InBlock) {
    if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID()) {
      Failed = true;
      return;
    }
    if (InBlock)
      Plan.SyncBefore.push_back(S->getBeginLoc());
    else
      Plan.Wrap.push_back({S->getBeginLoc(), after(S)});
  }

  void planBlock(const CompoundStmt *C) {
    bool EndsLifetimes = false;
    for (const Stmt *Child : C->body()) {
      plan(Child, /*InBlock=*/true);
      if (const auto *D = dyn_cast<DeclStmt>(Child))
        for (const Decl *Each : D->decls())
          if (const auto *V = dyn_cast<VarDecl>(Each))
            EndsLifetimes |= !isDescriptorType(V->getType()) || Escaped.contains(V);
    }
    if (EndsLifetimes)
      Plan.SyncBefore.push_back(C->getRBracLoc());
  }

  void plan(const Stmt *S, bool InBlock) {
    if (S == nullptr)
      return;
    Kind K = classify(S);
    if (K == Kind::Scalar || K == Kind::Offload)
      return;
    if (K == Kind::Host) {
      syncAt(S, InBlock);
      return;
    }
    // Mixed.
    if (const auto *C = dyn_cast<CompoundStmt>(S)) {
      planBlock(C);
      return;
    }
    const Stmt *Header[4] = {nullptr, nullptr, nullptr, nullptr};
    std::vector<const Stmt *> Bodies;
    if (const auto *F = dyn_cast<ForStmt>(S)) {
      Header[0] = F->getInit(), Header[1] = F->getCond(), Header[2] = F->getInc();
      Header[3] = F->getConditionVariableDeclStmt();
      Bodies = {F->getBody()};
    } else if (const auto *W = dyn_cast<WhileStmt>(S)) {
      Header[0] = W->getCond(), Header[1] = W->getConditionVariableDeclStmt();
      Bodies = {W->getBody()};
    } else if (const auto *D = dyn_cast<DoStmt>(S)) {
      Header[0] = D->getCond();
      Bodies = {D->getBody()};
    } else if (const auto *I = dyn_cast<IfStmt>(S)) {
      Header[0] = I->getInit(), Header[1] = I->getCond();
      Header[2] = I->getConditionVariableDeclStmt();
      Bodies = {I->getThen(), I->getElse()};
    } else if (const auto *T = dyn_cast<CXXTryStmt>(S)) {
      Bodies.push_back(T->getTryBlock());
      for (unsigned H = 0; H < T->getNumHandlers(); ++H)
        Bodies.push_back(T->getHandler(H)->getHandlerBlock());
    } else {
      // switch, labels and the rest: no sound place for a sync inside.
      makeEager(S);
      syncAt(S, InBlock);
      return;
    }
    for (const Stmt *H : Header) {
      if (H != nullptr && !Scalar.stmt(H)) {
        // A condition that touches memory runs between the body's regions.
        makeEager(S);
        syncAt(S, InBlock);
        return;
      }
    }
    for (const Stmt *B : Bodies)
      plan(B, /*InBlock=*/false);
  }

public:
  bool Failed = false;

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const llvm::DenseSet<const Stmt *> &Regions;
  ScopePlan &Plan;
  llvm::DenseSet<const Stmt *> &Eager;
  llvm::DenseSet<const VarDecl *> Escaped;
  ScalarCode Scalar;
  llvm::DenseMap<const Stmt *, bool> HasRegion;
  llvm::DenseMap<const Stmt *, Kind> Kinds;
};

/// The body of the function or lambda that \p S is in, and that function's name.
const CompoundStmt *enclosingBody(ASTContext &Ctx, const Stmt *S, std::string &Name) {
  DynTypedNodeList Parents = Ctx.getParents(*S);
  while (!Parents.empty()) {
    const DynTypedNode &P = Parents[0];
    if (const auto *L = P.get<LambdaExpr>()) {
      Name = "lambda";
      return dyn_cast_or_null<CompoundStmt>(L->getBody());
    }
    if (const auto *F = P.get<FunctionDecl>()) {
      Name = F->getQualifiedNameAsString();
      return dyn_cast_or_null<CompoundStmt>(F->getBody());
    }
    Parents = Ctx.getParents(P);
  }
  return nullptr;
}

/// Constructs inside which no sync can be placed soundly.
bool hasUnplannableJumps(const Stmt *S) {
  if (S == nullptr || isa<LambdaExpr>(S))
    return false;
  if (isa<GotoStmt, IndirectGotoStmt, LabelStmt, CoroutineBodyStmt, CoreturnStmt,
          SEHTryStmt>(S))
    return true;
  for (const Stmt *Child : S->children())
    if (hasUnplannableJumps(Child))
      return true;
  return false;
}

/// What of a body's plan becomes text, by source location: the same for two
/// instantiations of a template exactly when they would insert the same text.
std::vector<unsigned> planSignature(const ScopePlan &Plan,
                                    const llvm::DenseSet<const Stmt *> &InScope,
                                    const std::vector<const Stmt *> &Regions) {
  std::vector<unsigned> Sig;
  for (SourceLocation L : Plan.SyncBefore)
    Sig.push_back(L.getRawEncoding());
  Sig.push_back(0);
  for (const auto &[Begin, After] : Plan.Wrap) {
    Sig.push_back(Begin.getRawEncoding());
    Sig.push_back(After.getRawEncoding());
  }
  Sig.push_back(0);
  size_t RegionsStart = Sig.size();
  for (const Stmt *R : Regions)
    if (InScope.contains(R))
      Sig.push_back(R->getBeginLoc().getRawEncoding());
  std::sort(Sig.begin() + RegionsStart, Sig.end());
  return Sig;
}

/// The instantiations of one template share their text: a body planned once per
/// instantiation keeps one scope when every plan inserts the same text, and none (each
/// region copying back at once) when they differ.
/// \p RegionsOf: each planned body's regions.
void keepAgreeingInstantiations(
    const llvm::MapVector<const CompoundStmt *, std::vector<const Stmt *>> &RegionsOf,
    ResidencyPlan &Result) {
  llvm::DenseMap<unsigned, std::vector<size_t>> ByPlace; // by the body's '{'
  for (size_t I = 0; I < Result.Scopes.size(); ++I)
    ByPlace[Result.Scopes[I].Body->getLBracLoc().getRawEncoding()].push_back(I);
  std::vector<bool> Drop(Result.Scopes.size(), false);
  for (auto &[Place, Plans] : ByPlace) {
    if (Plans.size() < 2)
      continue;
    const auto Signature = [&](size_t I) {
      return planSignature(Result.Scopes[I], Result.InScope,
                           RegionsOf.lookup(Result.Scopes[I].Body));
    };
    std::vector<unsigned> First = Signature(Plans[0]);
    bool Agree = llvm::all_of(Plans, [&](size_t I) { return Signature(I) == First; });
    for (size_t K = 0; K < Plans.size(); ++K)
      Drop[Plans[K]] = K > 0 || !Agree;
    if (!Agree)
      for (size_t I : Plans)
        for (const Stmt *R : RegionsOf.lookup(Result.Scopes[I].Body))
          Result.InScope.erase(R);
  }
  std::vector<ScopePlan> Kept;
  for (size_t I = 0; I < Result.Scopes.size(); ++I)
    if (!Drop[I])
      Kept.push_back(std::move(Result.Scopes[I]));
  Result.Scopes = std::move(Kept);
}

} // namespace

ResidencyPlan planResidency(ASTContext &Ctx, const std::vector<const Stmt *> &Regions) {
  ResidencyPlan Result;
  llvm::MapVector<const CompoundStmt *, std::vector<const Stmt *>> ByBody;
  llvm::DenseMap<const CompoundStmt *, std::string> Names;
  for (const Stmt *R : Regions) {
    std::string Name;
    if (const CompoundStmt *Body = enclosingBody(Ctx, R, Name)) {
      ByBody[Body].push_back(R);
      Names[Body] = Name;
    }
  }
  for (auto &[Body, BodyRegions] : ByBody) {
    if (Body->getLBracLoc().isMacroID() || Body->getRBracLoc().isMacroID() ||
        hasUnplannableJumps(Body))
      continue; // every region of this body copies back at once
    llvm::DenseSet<const Stmt *> Set(BodyRegions.begin(), BodyRegions.end());
    ScopePlan Plan;
    Plan.Body = Body;
    Plan.FunctionName = Names[Body];
    llvm::DenseSet<const Stmt *> Eager;
    BodyPlanner Planner(Ctx, Set, Plan, Eager);
    Planner.planBody(Body);
    if (Planner.Failed)
      continue;
    for (const Stmt *R : BodyRegions)
      if (!Eager.contains(R))
        Result.InScope.insert(R);
    Result.Scopes.push_back(std::move(Plan));
  }
  keepAgreeingInstantiations(ByBody, Result);
  return Result;
}

} // namespace clpar
