//===- Analysis/RegionChecker.cpp - The rules SPEC 1.3 sets on a loop body -===//
#include "Analysis/RegionChecker.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/StandardComplex.h"
#include "Analysis/StandardFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "llvm/ADT/StringSet.h"

namespace clpar {

namespace {

const clang::Expr *strip(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParenImpCasts();
    if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E);
             CE && CE->getNumArgs() == 1 && CE->getDirectCallee() &&
             isStdMoveOrForward(CE->getDirectCallee())) // names what its argument does
      E = CE->getArg(0);
    else
      return E;
  }
}

const clang::VarDecl *referencedVar(const clang::Expr *E) {
  if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(strip(E)))
    return llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
  return nullptr;
}

/// The reduction update \p E performs on \p Var, if it is one.
std::optional<ir::ReductionOp> reductionUpdateOf(const clang::Expr *E,
                                                 const clang::VarDecl *&Var);

/// Whether an object of type \p T holds its elements (a std::array, or a std::vector whose
/// copy has its own), unlike a clpar::view of memory elsewhere.
bool heldElements(clang::QualType T) {
  const std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
  return Info && Info->Kind != ir::ViewKind::ClparView;
}

const char *opName(ir::ReductionOp Op) {
  switch (Op) {
  case ir::ReductionOp::Add: return "+=";
  case ir::ReductionOp::Mul: return "*=";
  case ir::ReductionOp::And: return "&=";
  case ir::ReductionOp::Or: return "|=";
  case ir::ReductionOp::Xor: return "^=";
  case ir::ReductionOp::Min: return "min";
  case ir::ReductionOp::Max: return "max";
  }
  return "?";
}

class Checker : public clang::RecursiveASTVisitor<Checker> {
  using Base = clang::RecursiveASTVisitor<Checker>;

public:
  Checker(llvm::ArrayRef<const clang::VarDecl *> LoopVars, clang::ASTContext &Ctx,
          Diagnoser &Diags, CheckedBody &Result)
      : LoopVars(LoopVars.begin(), LoopVars.end()), Ctx(Ctx), Diags(Diags), Result(Result) {}

  bool shouldVisitLambdaBody() const { return true; }

  // Loops and switches inside the body own their break; lambdas own their return.
  bool TraverseForStmt(clang::ForStmt *S) {
    return breakable([&] { return Base::TraverseForStmt(S); });
  }
  bool TraverseWhileStmt(clang::WhileStmt *S) {
    return breakable([&] { return Base::TraverseWhileStmt(S); });
  }
  bool TraverseDoStmt(clang::DoStmt *S) {
    return breakable([&] { return Base::TraverseDoStmt(S); });
  }
  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt *S) {
    return breakable([&] { return Base::TraverseCXXForRangeStmt(S); });
  }
  bool TraverseSwitchStmt(clang::SwitchStmt *S) {
    return breakable([&] { return Base::TraverseSwitchStmt(S); });
  }
  bool TraverseLambdaExpr(clang::LambdaExpr *E) {
    ++InLambda;
    Lambdas.push_back(E);
    unsigned SavedBreakable = Breakable;
    Breakable = 0;
    bool R = Base::TraverseLambdaExpr(E);
    Breakable = SavedBreakable;
    Lambdas.pop_back();
    --InLambda;
    return R;
  }

  bool VisitBreakStmt(clang::BreakStmt *S) {
    if (Breakable == 0)
      Diags.error(S->getBreakLoc(), "'break' leaves a prange loop; iterations are "
                                    "independent, so a loop cannot stop early");
    return true;
  }
  bool VisitReturnStmt(clang::ReturnStmt *S) {
    if (!InLambda)
      Diags.error(S->getReturnLoc(), "'return' inside a prange loop; use 'continue' to "
                                     "end an iteration");
    return true;
  }
  bool VisitGotoStmt(clang::GotoStmt *S) {
    if (!InLambda)
      Diags.error(S->getGotoLoc(), "'goto' inside a prange loop");
    return true;
  }
  bool VisitCXXThrowExpr(clang::CXXThrowExpr *E) {
    Diags.error(E->getThrowLoc(), "'throw' inside a prange loop; an exception cannot "
                                  "leave a parallel region");
    return true;
  }
  bool VisitCoawaitExpr(clang::CoawaitExpr *E) {
    Diags.error(E->getKeywordLoc(), "'co_await' inside a prange loop");
    return true;
  }
  bool VisitCoyieldExpr(clang::CoyieldExpr *E) {
    Diags.error(E->getKeywordLoc(), "'co_yield' inside a prange loop");
    return true;
  }
  bool VisitCoreturnStmt(clang::CoreturnStmt *S) {
    Diags.error(S->getKeywordLoc(), "'co_return' inside a prange loop");
    return true;
  }

  bool VisitBinaryOperator(clang::BinaryOperator *E) {
    if (E->isAssignmentOp())
      write(E, E->getLHS(), E->getOperatorLoc());
    return true;
  }
  bool VisitUnaryOperator(clang::UnaryOperator *E) {
    if (E->isIncrementDecrementOp())
      write(E, E->getSubExpr(), E->getOperatorLoc());
    return true;
  }
  // Assignments, compound assignments, ++ and -- of a class (a struct's implicit
  // operator=, a user's operator+=, a view rebound, a std::array or std::complex
  // assigned): the left operand is written.  std::atomic's (made for this) are not
  // judged.
  bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *E) {
    const clang::OverloadedOperatorKind K = E->getOperator();
    if (K == clang::OO_Call && E->getNumArgs() > 0)
      outerLambdaCall(llvm::dyn_cast_or_null<clang::CXXMethodDecl>(E->getDirectCallee()),
                      E->getArg(0), E->getExprLoc());
    if (!E->isAssignmentOp() && K != clang::OO_PlusPlus && K != clang::OO_MinusMinus)
      return true;
    if (E->getNumArgs() == 0 || isStdAtomic(E->getArg(0)->IgnoreImpCasts()->getType()))
      return true;
    write(E, E->getArg(0), E->getOperatorLoc());
    return true;
  }
  // Outer variables changed through a call: bound to a non-const reference parameter,
  // or the object of a member function that modifies it (v.push_back(x)).
  bool VisitCallExpr(clang::CallExpr *E) {
    const clang::FunctionDecl *FD = E->getDirectCallee();
    if (!FD || llvm::isa<clang::CXXOperatorCallExpr>(E) || isStdMoveOrForward(FD))
      return true; // (what the result of std::forward or std::move goes to is judged)
    // std::invoke(f, args...) calls f: judged as f(args...) is, against f's parameters
    // where the call shows f (against its own forwarding references where not).
    const clang::FunctionDecl *Callee = FD;
    unsigned First = 0, Shift = 0;
    if (isStdInvoke(FD) && E->getNumArgs() > 0) {
      First = 1;
      if (const clang::FunctionDecl *Target = stdInvokeTarget(E)) {
        Callee = Target;
        Shift = 1;
        if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Target);
            MD && MD->getParent()->isLambda())
          outerLambdaCall(MD, E->getArg(0), E->getExprLoc());
      }
    }
    for (unsigned I = First; I < E->getNumArgs() && I - Shift < Callee->getNumParams(); ++I) {
      clang::QualType P = Callee->getParamDecl(I - Shift)->getType();
      if (!P->isLValueReferenceType() || P.getNonReferenceType().isConstQualified())
        continue;
      const clang::VarDecl *VD = referencedVar(E->getArg(I));
      if (VD && isOuter(VD) && !InLambda)
        Diags.error(E->getArg(I)->getExprLoc(),
                    "passes '" + VD->getNameAsString() +
                        "', declared outside the prange loop, to '" + FD->getNameAsString() +
                        "' by non-const reference; only reductions may update outer "
                        "variables");
    }
    return true;
  }
  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *E) {
    static const llvm::StringSet<> Reading = {"at",    "data",  "begin", "end",  "front",
                                              "back",  "rbegin", "rend", "size", "extent",
                                              "stride", "empty", "cbegin", "cend"};
    const clang::CXXMethodDecl *MD = E->getMethodDecl();
    if (!MD || MD->isConst() || Reading.contains(MD->getName()) || InLambda)
      return true;
    // Only the standard library's classes are judged by const-ness: a user's non-const
    // member function need not modify anything, and clpar cannot see that it does not.
    if (!inStd(MD))
      return true;
    const clang::VarDecl *VD = referencedVar(E->getImplicitObjectArgument());
    if (VD && isOuter(VD))
      Diags.error(E->getExprLoc(), "calls '" + MD->getNameAsString() + "' on '" +
                                       VD->getNameAsString() +
                                       "', declared outside the prange loop, which may "
                                       "modify it; only reductions may update outer "
                                       "variables");
    return true;
  }
  bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
    if (const auto *VD = llvm::dyn_cast<clang::VarDecl>(E->getDecl()))
      ++References[VD];
    return true;
  }

  void finish() {
    for (const auto &[VD, Op] : Result.Reductions) {
      unsigned Accounted = UpdateReferences[VD];
      if (References[VD] > Accounted)
        Diags.error(FirstUpdate[VD],
                    "'" + VD->getNameAsString() +
                        "' is updated like a reduction but also read elsewhere in the "
                        "prange loop; a reduction's value is only known after the loop");
    }
  }

private:
  template <class F> bool breakable(F Traverse) {
    ++Breakable;
    bool R = Traverse();
    --Breakable;
    return R;
  }

  bool isOuter(const clang::VarDecl *VD) const {
    return !Result.Locals.count(VD) && !LoopVars.count(VD);
  }

  /// Whether \p FD belongs to the standard library (a function or member function of a
  /// class in namespace std).
  static bool inStd(const clang::FunctionDecl *FD) {
    if (!FD)
      return false;
    const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(
        FD->getDeclContext()->getEnclosingNamespaceContext());
    while (NS && NS->isInline())
      NS = llvm::dyn_cast<clang::NamespaceDecl>(NS->getDeclContext());
    return NS && NS->getName() == "std";
  }

  /// std::atomic<T>, std::atomic_ref<T> or std::atomic_flag (references and cv stripped):
  /// updates through them are atomic, every work-item's alike.
  static bool isStdAtomic(clang::QualType T) {
    const auto *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
    return RD && RD->getIdentifier() && RD->getName().starts_with("atomic") &&
           RD->isInStdNamespace();
  }

  /// A write to part of an object: a member (`p.x`, `p.in.x`, `this->acc`, `acc` in a
  /// member function) or a structured binding's name, where the object is declared
  /// outside the loop or is `*this`.  Through a pointer (`q->x`) or an element (`v[i].x`)
  /// nothing is judged.
  void partWrite(const clang::Expr *Target, clang::SourceLocation Loc) {
    const clang::Expr *Root = strip(Target);
    std::string Path;
    while (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(Root)) {
      Root = strip(ME->getBase());
      if (ME->isArrow() && !llvm::isa<clang::CXXThisExpr>(Root))
        return;
      Path = ME->getMemberDecl()->getNameAsString() + (Path.empty() ? "" : "." + Path);
    }
    const std::string Rule = "; only reductions of variables (x += e, x *= e, x = "
                             "std::min(x, e), ...) may update outer state: accumulate into "
                             "a local declared before the loop";
    if (llvm::isa<clang::CXXThisExpr>(Root) && !Path.empty()) {
      Diags.error(Loc, "write to the member '" + Path + "' of '*this', which every "
                       "iteration shares" + Rule);
      return;
    }
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Root);
    if (!DRE)
      return;
    if (const auto *BD = llvm::dyn_cast<clang::BindingDecl>(DRE->getDecl())) {
      const auto *Whole = llvm::dyn_cast_or_null<clang::VarDecl>(BD->getDecomposedDecl());
      if (Whole && isOuter(Whole))
        Diags.error(Loc, "write to '" + BD->getNameAsString() +
                             "', a structured binding declared outside the prange loop" +
                             Rule);
      return;
    }
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
    if (VD && isOuter(VD) && !Path.empty() && !(InLambda && capturedCopy(VD)))
      Diags.error(Loc, "write to '" + VD->getNameAsString() + "." + Path + "', part of '" +
                           VD->getNameAsString() + "', declared outside the prange loop" +
                           Rule);
  }

  /// Whether \p VD, named in the lambdas being traversed, is the copy one of them holds:
  /// the innermost lambda that captures it captures it by copy (a mutable lambda changing
  /// it changes its closure's copy, made in each iteration).
  bool capturedCopy(const clang::VarDecl *VD) const {
    for (auto L = Lambdas.rbegin(); L != Lambdas.rend(); ++L)
      for (const clang::LambdaCapture &C : (*L)->captures())
        if (C.capturesVariable() && C.getCapturedVar() == VD)
          return C.getCaptureKind() == clang::LCK_ByCopy;
    return false;
  }

  /// A call at \p Loc of a lambda declared outside the loop through its call operator
  /// \p MD (`inc()` or `std::invoke(inc)`, \p Object the closure, an outer variable):
  /// every iteration calls the one closure, so what its body changes of what it captures
  /// by reference, or of its own copies (a mutable lambda), every iteration changes.
  void outerLambdaCall(const clang::CXXMethodDecl *MD, const clang::Expr *Object,
                       clang::SourceLocation Loc) {
    const clang::VarDecl *Closure = referencedVar(Object);
    if (!MD || !MD->getParent()->isLambda() || !MD->hasBody() || !Closure ||
        !isOuter(Closure))
      return;
    const clang::CXXRecordDecl *Class = MD->getParent();
    struct Writes : clang::RecursiveASTVisitor<Writes> {
      std::vector<const clang::Expr *> Targets;
      bool VisitBinaryOperator(clang::BinaryOperator *B) {
        if (B->isAssignmentOp())
          Targets.push_back(B->getLHS());
        return true;
      }
      bool VisitUnaryOperator(clang::UnaryOperator *U) {
        if (U->isIncrementDecrementOp())
          Targets.push_back(U->getSubExpr());
        return true;
      }
      bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *O) {
        const clang::OverloadedOperatorKind K = O->getOperator();
        if (O->getNumArgs() > 0 && (O->isAssignmentOp() || K == clang::OO_PlusPlus ||
                                    K == clang::OO_MinusMinus))
          Targets.push_back(O->getArg(0));
        return true;
      }
    } Found;
    Found.TraverseStmt(MD->getBody());
    for (const clang::Expr *Target : Found.Targets) {
      // A member of what it captures (`acc.n += 1`) is part of it, and so is an element
      // of an array it holds (`w[0] = x` of a std::array, a std::vector or a built-in
      // array; a clpar::view's elements are the memory it views, not the lambda's).
      const clang::Expr *Root = strip(Target);
      bool Element = false; // an element of an array it captures
      while (true) {
        if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(Root); ME && !ME->isArrow()) {
          Root = strip(ME->getBase());
        } else if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(Root);
                   AS && AS->getBase()->IgnoreParenImpCasts()->getType()->isArrayType()) {
          Root = strip(AS->getBase());
          Element = true;
        } else if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(Root);
                   OC && OC->getOperator() == clang::OO_Subscript && OC->getNumArgs() == 2 &&
                   heldElements(OC->getArg(0)->getType())) {
          Root = strip(OC->getArg(0));
          Element = true;
        } else {
          break;
        }
      }
      const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Root);
      const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD)
        continue;
      const clang::LambdaCapture *Capture = nullptr;
      for (const clang::LambdaCapture &C : Class->captures())
        if (C.capturesVariable() && C.getCapturedVar() == VD)
          Capture = &C;
      if (!Capture && !VD->isInitCapture())
        continue; // a local of the lambda or a parameter
      // An element of an array it refers to is the caller's, written as the loop body
      // may write one (each iteration its own; the kernel and the OpenMP variant judge
      // the index).
      if (Element && Capture && Capture->getCaptureKind() == clang::LCK_ByRef)
        continue;
      const std::string Name = "'" + VD->getNameAsString() + "'";
      const std::string Call = "calls '" + Closure->getNameAsString() +
                               "', a lambda declared outside the prange loop, which changes ";
      if (Capture && Capture->getCaptureKind() == clang::LCK_ByRef)
        Diags.error(Loc, Call + Name + ", captured by reference; only reductions may update "
                                       "outer variables");
      else
        Diags.error(Loc,
                    Call + "its copy of " + Name + ", which every iteration shares; "
                                                   "declare the lambda in the loop");
      return;
    }
  }

  void write(const clang::Expr *E, const clang::Expr *Target, clang::SourceLocation Loc) {
    const clang::VarDecl *VD = referencedVar(Target);
    if (!VD) {
      partWrite(Target, Loc);
      return;
    }
    if (!isOuter(VD) || (InLambda && capturedCopy(VD)))
      return;
    const clang::VarDecl *UpdVar = nullptr;
    std::optional<ir::ReductionOp> Op = reductionUpdateOf(E, UpdVar);
    if (!Op || UpdVar != VD || InLambda) {
      Diags.error(Loc, "write to '" + VD->getNameAsString() +
                           "', declared outside the prange loop; only reductions (x += e, "
                           "x *= e, x = std::min(x, e), ...) may update outer variables");
      return;
    }
    // A std::complex sum reduces as two sums of its parts; a product mixes them.
    if (stdComplexElement(VD->getType()) && *Op != ir::ReductionOp::Add) {
      Diags.error(Loc, "complex reduction variable '" + VD->getNameAsString() +
                           "' is updated with '" + opName(*Op) +
                           "'; complex numbers are reduced only by += and -=");
      return;
    }
    if (!VD->getType().getNonReferenceType()->isArithmeticType() &&
        !stdComplexElement(VD->getType())) {
      Diags.error(Loc, "reduction variable '" + VD->getNameAsString() +
                           "' must have an arithmetic type" +
                           (isStdComplex(VD->getType())
                                ? " or be a std::complex<float> or <double>"
                                : ""));
      return;
    }
    if (!valueDiscarded(E)) {
      Diags.error(Loc, "'" + VD->getNameAsString() +
                           "' is updated like a reduction where the update's value is used; "
                           "a reduction's value is only known after the loop");
      return;
    }
    auto [It, Inserted] = Result.Reductions.insert({VD, *Op});
    if (Inserted)
      FirstUpdate[VD] = Loc;
    else if (It->second != *Op)
      Diags.error(Loc, "'" + VD->getNameAsString() + "' is updated with both '" +
                           opName(It->second) + "' and '" + opName(*Op) +
                           "' in one prange loop; a reduction has one operation");
    UpdateReferences[VD] +=
        (*Op == ir::ReductionOp::Min || *Op == ir::ReductionOp::Max) ? 2 : 1;
  }

  /// Whether \p E is a statement of its own (in a block, or the body of an if, loop,
  /// case or label, or a for loop's increment, or a comma's dropped side), its value
  /// unused.
  bool valueDiscarded(const clang::Expr *E) {
    const clang::Stmt *Child = E;
    for (;;) {
      clang::DynTypedNodeList Parents = Ctx.getParents(*Child);
      if (Parents.size() != 1)
        return false;
      const clang::Stmt *P = Parents[0].get<clang::Stmt>();
      if (!P)
        return false;
      if (llvm::isa<clang::ParenExpr, clang::ExprWithCleanups>(P)) {
        Child = P;
        continue;
      }
      // `a, b`: a's value is dropped, b's is the comma's.
      if (const auto *Comma = llvm::dyn_cast<clang::BinaryOperator>(P);
          Comma && Comma->getOpcode() == clang::BO_Comma) {
        if (Child == Comma->getLHS())
          return true;
        Child = P;
        continue;
      }
      if (llvm::isa<clang::CompoundStmt, clang::CaseStmt, clang::DefaultStmt, clang::LabelStmt,
                    clang::AttributedStmt>(P))
        return true;
      if (const auto *If = llvm::dyn_cast<clang::IfStmt>(P))
        return Child == If->getThen() || Child == If->getElse();
      if (const auto *For = llvm::dyn_cast<clang::ForStmt>(P))
        return Child == For->getBody() || Child == For->getInc();
      if (const auto *Range = llvm::dyn_cast<clang::CXXForRangeStmt>(P))
        return Child == Range->getBody();
      if (const auto *While = llvm::dyn_cast<clang::WhileStmt>(P))
        return Child == While->getBody();
      if (const auto *Do = llvm::dyn_cast<clang::DoStmt>(P))
        return Child == Do->getBody();
      return false;
    }
  }

  llvm::DenseSet<const clang::VarDecl *> LoopVars;
  clang::ASTContext &Ctx;
  Diagnoser &Diags;
  CheckedBody &Result;
  unsigned Breakable = 0;
  unsigned InLambda = 0;
  std::vector<const clang::LambdaExpr *> Lambdas; ///< being traversed, innermost last
  llvm::DenseMap<const clang::VarDecl *, unsigned> References;
  llvm::DenseMap<const clang::VarDecl *, unsigned> UpdateReferences;
  llvm::DenseMap<const clang::VarDecl *, clang::SourceLocation> FirstUpdate;
};

bool isMinMaxCallee(const clang::FunctionDecl *FD, llvm::StringRef Name) {
  // An operator (outer = v[i] calls view::operator[] with two arguments) has no identifier.
  if (!FD || !FD->getIdentifier() || FD->getName() != Name)
    return false;
  const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(FD->getDeclContext());
  while (NS && NS->isInline())
    NS = llvm::dyn_cast<clang::NamespaceDecl>(NS->getDeclContext());
  return NS && (NS->getName() == "std" || NS->getName() == "clpar");
}

std::optional<ir::ReductionOp> reductionUpdateOf(const clang::Expr *E,
                                                 const clang::VarDecl *&Var) {
  // std::complex's compound assignments, as the built-in ones (a reduction that kernels
  // do not compute: reported as such).
  if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(strip(E));
      OC && OC->getNumArgs() == 2 && isStdComplex(OC->getArg(0)->getType())) {
    Var = referencedVar(OC->getArg(0));
    if (!Var)
      return std::nullopt;
    if (OC->getOperator() == clang::OO_PlusEqual || OC->getOperator() == clang::OO_MinusEqual)
      return ir::ReductionOp::Add;
    if (OC->getOperator() == clang::OO_StarEqual)
      return ir::ReductionOp::Mul;
    return std::nullopt;
  }
  const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(strip(E));
  if (!BO)
    return std::nullopt;
  Var = referencedVar(BO->getLHS());
  if (!Var)
    return std::nullopt;
  switch (BO->getOpcode()) {
  case clang::BO_AddAssign:
  case clang::BO_SubAssign:
    return ir::ReductionOp::Add;
  case clang::BO_MulAssign:
    return ir::ReductionOp::Mul;
  case clang::BO_AndAssign:
    return ir::ReductionOp::And;
  case clang::BO_OrAssign:
    return ir::ReductionOp::Or;
  case clang::BO_XorAssign:
    return ir::ReductionOp::Xor;
  case clang::BO_Assign: {
    const auto *Call = llvm::dyn_cast<clang::CallExpr>(strip(BO->getRHS()));
    if (!Call || Call->getNumArgs() != 2)
      return std::nullopt;
    const clang::FunctionDecl *FD = Call->getDirectCallee();
    std::optional<ir::ReductionOp> Op;
    if (isMinMaxCallee(FD, "min"))
      Op = ir::ReductionOp::Min;
    else if (isMinMaxCallee(FD, "max"))
      Op = ir::ReductionOp::Max;
    if (!Op)
      return std::nullopt;
    if (referencedVar(Call->getArg(0)) == Var || referencedVar(Call->getArg(1)) == Var)
      return Op;
    return std::nullopt;
  }
  default:
    return std::nullopt;
  }
}

} // namespace

std::optional<CheckedBody> checkRegionBody(llvm::ArrayRef<const clang::Stmt *> Prefix,
                                           const clang::Stmt *Body,
                                           llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                                           clang::ASTContext &Ctx, Diagnoser &Diags) {
  std::vector<const clang::Stmt *> Parts(Prefix.begin(), Prefix.end());
  Parts.push_back(Body);
  CheckedBody Result;
  // Locals first: a write is "outer" only if its variable is declared nowhere in the body.
  {
    struct LocalCollector : clang::RecursiveASTVisitor<LocalCollector> {
      CheckedBody &R;
      explicit LocalCollector(CheckedBody &R) : R(R) {}
      bool shouldVisitLambdaBody() const { return true; }
      bool VisitVarDecl(clang::VarDecl *VD) {
        R.Locals.insert(VD);
        return true;
      }
    } Collector(Result);
    for (const clang::Stmt *S : Parts)
      Collector.TraverseStmt(const_cast<clang::Stmt *>(S));
  }
  unsigned ErrorsBefore = Diags.errorCount();
  Checker C(LoopVars, Ctx, Diags, Result);
  for (const clang::Stmt *S : Parts)
    C.TraverseStmt(const_cast<clang::Stmt *>(S));
  C.finish();
  if (Diags.errorCount() != ErrorsBefore)
    return std::nullopt;
  return Result;
}

} // namespace clpar
