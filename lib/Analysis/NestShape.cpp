//===- Analysis/NestShape.cpp - Which prange loops make one region --------===//
#include "Analysis/NestShape.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/StandardFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"

#include <optional>

namespace clpar {

namespace {

/// The first variable of \p Vars that \p S refers to.
const clang::VarDecl *firstReferenced(const clang::Stmt *S,
                                      llvm::ArrayRef<const clang::VarDecl *> Vars) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::ArrayRef<const clang::VarDecl *> Vars;
    const clang::VarDecl *Found = nullptr;
    bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
      for (const clang::VarDecl *V : Vars)
        if (E->getDecl() == V)
          Found = V;
      return !Found;
    }
  } F;
  F.Vars = Vars;
  F.TraverseStmt(const_cast<clang::Stmt *>(S));
  return F.Found;
}

/// Whether a parameter of type \p T gives its function no way to change what the caller
/// sees: a value, a view of const elements, a container copied or by const reference.
bool readOnlyParameter(clang::QualType T) {
  if (T->isArithmeticType())
    return true;
  std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
  if (!Info)
    return false;
  if (Info->Element.isConstQualified())
    return true;
  return Info->Kind != ir::ViewKind::ClparView &&
         (!T->isReferenceType() || T.getNonReferenceType().isConstQualified());
}

/// Whether a call of \p FD only computes a value from its arguments (as far as a kernel
/// goes): the standard math functions, const members of views and containers, and
/// functions of read-only parameters, which cannot reach what their caller sees (a
/// kernel's functions use no globals).  Lambdas may write what they capture by reference.
bool onlyComputes(const clang::FunctionDecl *FD, const clang::ASTContext &Ctx) {
  if (!FD)
    return false;
  if (openclMathName(FD) || isStdClamp(FD) || isConstantEvaluatedQuery(FD))
    return true;
  if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(FD)) {
    if (MD->isStatic())
      return false;
    return MD->isConst() && arrayTypeInfo(Ctx.getRecordType(MD->getParent()));
  }
  for (const clang::ParmVarDecl *P : FD->parameters())
    if (!readOnlyParameter(P->getType()))
      return false;
  return true;
}

/// The first call in \p S of a function that may do more than compute a value.
const clang::CallExpr *firstEffectfulCall(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    const clang::ASTContext &Ctx;
    const clang::CallExpr *Found = nullptr;
    explicit Finder(const clang::ASTContext &Ctx) : Ctx(Ctx) {}
    bool VisitCallExpr(clang::CallExpr *CE) {
      if (!onlyComputes(CE->getDirectCallee(), Ctx))
        Found = CE;
      return !Found;
    }
  } F(Ctx);
  F.TraverseStmt(const_cast<clang::Stmt *>(S));
  return F.Found;
}

/// The first variable of \p Vars that \p S uses other than by reading its value: an
/// assignment, an increment, its address, a reference bound to it, a member call on it.
/// Variables of const type only ever give their value.
const clang::VarDecl *firstChanged(const clang::Stmt *S,
                                   llvm::ArrayRef<const clang::VarDecl *> Vars) {
  struct Finder : clang::RecursiveASTVisitor<Finder> {
    llvm::DenseSet<const clang::VarDecl *> Watched;
    llvm::DenseSet<const clang::DeclRefExpr *> Read;
    const clang::VarDecl *Found = nullptr;
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitImplicitCastExpr(clang::ImplicitCastExpr *IC) {
      if (IC->getCastKind() == clang::CK_LValueToRValue)
        if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(IC->getSubExpr()->IgnoreParens()))
          Read.insert(DRE);
      return true;
    }
    bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
      // Parents come first in the traversal: a read's cast was seen before its operand.
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(E->getDecl());
      if (VD && Watched.count(VD) && !Read.count(E))
        Found = VD;
      return !Found;
    }
  } F;
  for (const clang::VarDecl *V : Vars) {
    // Calling a lambda (a const call operator) changes nothing, nor does anything done
    // with an object that has no data members.
    const clang::CXXRecordDecl *RD = V->getType()->getAsCXXRecordDecl();
    if (!V->getType().isConstQualified() && !(RD && (RD->isLambda() || RD->isEmpty())))
      F.Watched.insert(V);
  }
  if (F.Watched.empty())
    return nullptr;
  F.TraverseStmt(const_cast<clang::Stmt *>(S));
  return F.Found;
}

std::string quoted(const clang::NamedDecl *D) { return "'" + D->getNameAsString() + "'"; }

/// Why \p S cannot be part of a prefix (a work-item could not make it again for itself),
/// or nothing; its variables join \p Declared.
std::optional<std::string> notPrefix(const clang::Stmt *S, const clang::ASTContext &Ctx,
                                     std::vector<const clang::VarDecl *> &Declared) {
  if (llvm::isa<clang::NullStmt>(S))
    return std::nullopt;
  const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S);
  if (!DS)
    return std::string("after a statement that is not a declaration");
  for (const clang::Decl *D : DS->decls()) {
    if (llvm::isa<clang::TypeDecl, clang::UsingDecl, clang::UsingDirectiveDecl,
                  clang::NamespaceAliasDecl, clang::StaticAssertDecl>(D))
      continue;
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
    if (!VD)
      return std::string("after a declaration of something other than a variable");
    if (!VD->hasLocalStorage())
      return "after the declaration of the static variable " + quoted(VD);
    if (const clang::Expr *Init = VD->getInit()) {
      if (Init->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
        return "after the declaration of " + quoted(VD) + ", whose initializer has side effects";
      if (const clang::CallExpr *CE = firstEffectfulCall(Init, Ctx)) {
        const clang::FunctionDecl *FD = CE->getDirectCallee();
        return "after the declaration of " + quoted(VD) + ", whose initializer calls " +
               (FD ? quoted(FD) : std::string("a function")) +
               ", which may change what its caller sees";
      }
    }
    Declared.push_back(VD);
  }
  return std::nullopt;
}

} // namespace

NestShape findNestShape(const clang::CXXForRangeStmt *Outer, clang::ASTContext &Ctx) {
  NestShape Shape;
  Shape.Loops.push_back(Outer);
  Shape.LoopVars.push_back(Outer->getLoopVariable());
  Shape.Body = Outer->getBody();
  std::vector<const clang::VarDecl *> Declared; // by the prefix
  const auto WhyNot = [&](const clang::CXXForRangeStmt *Inner, std::string Why) {
    Shape.WhyNotDeeper = "contains a prange loop " + Why + "; it runs serially in each iteration";
    Shape.WhyNotDeeperLoc = Inner->getForLoc();
  };
  while (true) {
    // The candidate: the body's last statement, after the statements of the prefix.
    llvm::ArrayRef<const clang::Stmt *> Before;
    const clang::Stmt *Last = Shape.Body;
    std::vector<const clang::Stmt *> Children;
    if (const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(Shape.Body)) {
      Children.assign(CS->body_begin(), CS->body_end());
      while (!Children.empty() && llvm::isa<clang::NullStmt>(Children.back()))
        Children.pop_back();
      if (Children.empty())
        break;
      Last = Children.back();
      Before = llvm::ArrayRef(Children).drop_back();
    }
    const auto *Inner = llvm::dyn_cast<clang::CXXForRangeStmt>(Last);
    if (!Inner || !isPrangeType(Inner->getRangeInit()->getType())) {
      for (const clang::Stmt *S : Before)
        if (const auto *RF = llvm::dyn_cast<clang::CXXForRangeStmt>(S);
            RF && isPrangeType(RF->getRangeInit()->getType())) {
          WhyNot(RF, "followed by other statements");
          break;
        }
      break;
    }
    if (Shape.Loops.size() == 3) {
      WhyNot(Inner, "nested more than three deep");
      break;
    }
    std::vector<const clang::VarDecl *> Known = Shape.LoopVars;
    Known.insert(Known.end(), Declared.begin(), Declared.end());
    std::vector<const clang::VarDecl *> LevelDeclared;
    std::optional<std::string> Why;
    for (const clang::Stmt *S : Before) {
      std::vector<const clang::VarDecl *> Earlier = Declared;
      Earlier.insert(Earlier.end(), LevelDeclared.begin(), LevelDeclared.end());
      if (const clang::VarDecl *Changed = firstChanged(S, Earlier)) {
        Why = "after a statement that changes " + quoted(Changed) + ", which a work-item "
              "could not declare again for itself";
        break;
      }
      if ((Why = notPrefix(S, Ctx, LevelDeclared)))
        break;
    }
    if (Why) {
      WhyNot(Inner, *Why);
      break;
    }
    Known.insert(Known.end(), LevelDeclared.begin(), LevelDeclared.end());
    if (const clang::VarDecl *V = firstReferenced(Inner->getRangeInit(), Known)) {
      bool LoopVar = llvm::is_contained(Shape.LoopVars, V);
      WhyNot(Inner,
             "whose bounds depend on " + quoted(V) + (LoopVar ? "" : ", declared before it"));
      break;
    }
    std::vector<const clang::VarDecl *> AllDeclared = Declared;
    AllDeclared.insert(AllDeclared.end(), LevelDeclared.begin(), LevelDeclared.end());
    if (const clang::VarDecl *Changed = firstChanged(Inner, AllDeclared)) {
      WhyNot(Inner, "that changes " + quoted(Changed) + ", declared before it (a work-item "
                    "has its own copy; declare it const if it does not change)");
      break;
    }
    for (const clang::Stmt *S : Before) {
      if (llvm::isa<clang::NullStmt>(S))
        continue;
      if (Shape.Prefix.empty())
        Shape.PerfectDims = Shape.Loops.size();
      Shape.Prefix.push_back(S);
    }
    Declared = std::move(AllDeclared);
    Shape.Loops.push_back(Inner);
    Shape.LoopVars.push_back(Inner->getLoopVariable());
    Shape.Body = Inner->getBody();
  }
  if (Shape.PerfectDims == 0)
    Shape.PerfectDims = Shape.Loops.size();
  return Shape;
}

} // namespace clpar
