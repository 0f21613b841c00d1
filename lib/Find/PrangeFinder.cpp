//===- Find/PrangeFinder.cpp - The prange nests of a translation unit ----===//
#include "Find/PrangeFinder.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/SliceBuilder.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

namespace clpar {

namespace {

class Finder : public clang::RecursiveASTVisitor<Finder> {
  using Base = clang::RecursiveASTVisitor<Finder>;

public:
  Finder(clang::ASTContext &Ctx, FoundLoops &Found) : Ctx(Ctx), Found(Found) {}

  bool shouldVisitLambdaBody() const { return true; }

  bool TraverseDecl(clang::Decl *D) {
    auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
    const clang::FunctionDecl *Saved = Function;
    if (FD)
      Function = FD;
    bool R = Base::TraverseDecl(D);
    Function = Saved;
    return R;
  }

  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt *S) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    if (!SM.isWrittenInMainFile(SM.getExpansionLoc(S->getForLoc())))
      return Base::TraverseCXXForRangeStmt(S);
    const clang::Expr *Range = S->getRangeInit();
    if (Range && Range->isTypeDependent()) {
      llvm::StringRef Text = clang::Lexer::getSourceText(
          clang::CharSourceRange::getTokenRange(Range->getSourceRange()), SM,
          Ctx.getLangOpts());
      if (Text.contains("prange")) {
        Found.Skipped.push_back(
            {S->getForLoc(), "prange loop in a template is not translated yet; it runs "
                             "serially"});
        return true;
      }
      return Base::TraverseCXXForRangeStmt(S);
    }
    if (!Range || !isPrangeType(Range->getType()))
      return Base::TraverseCXXForRangeStmt(S);
    if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID()) {
      Found.Skipped.push_back({SM.getExpansionLoc(S->getForLoc()),
                               "prange loop written in a macro expansion is not "
                               "translated; it runs serially"});
      return true;
    }
    if (Function && Function->isDependentContext()) {
      Found.Skipped.push_back(
          {S->getForLoc(), "prange loop in a template is not translated yet; it runs "
                           "serially"});
      return true;
    }
    Found.Outermost.push_back({S, Function});
    return true; // loops inside belong to this region
  }

  bool TraverseCXXOperatorCallExpr(clang::CXXOperatorCallExpr *E) {
    return slice(E) || Base::TraverseCXXOperatorCallExpr(E);
  }
  bool TraverseCallExpr(clang::CallExpr *E) { return slice(E) || Base::TraverseCallExpr(E); }

private:
  /// Records \p E when it is a translatable slice statement; true means "done with it".
  bool slice(clang::Expr *E) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    // Slice statements are replaced by a lambda capturing by reference: only inside
    // functions, and an assignment only where it is a statement of its own (its value,
    // the destination view, is not used).
    if (!Function || Function->isDependentContext() || E->getBeginLoc().isMacroID() ||
        E->getEndLoc().isMacroID() || !SM.isWrittenInMainFile(E->getBeginLoc()) ||
        E->isTypeDependent() || !isSliceStatement(E))
      return false;
    if (llvm::isa<clang::CXXOperatorCallExpr>(E) && !isStatement(E))
      return false;
    Found.Slices.push_back({E});
    return true;
  }

  bool isStatement(const clang::Expr *E) {
    clang::DynTypedNodeList Parents = Ctx.getParents(*E);
    while (Parents.size() == 1) {
      // A statement's child that is not an expression: the body of a block, if, loop or
      // label (a discarded value; conditions of views do not compile).
      if (const auto *S = Parents[0].get<clang::Stmt>(); S && !llvm::isa<clang::Expr>(S))
        return true;
      const auto *Cleanups = Parents[0].get<clang::ExprWithCleanups>();
      if (!Cleanups)
        return false;
      Parents = Ctx.getParents(*Cleanups);
    }
    return false;
  }

  clang::ASTContext &Ctx;
  FoundLoops &Found;
  const clang::FunctionDecl *Function = nullptr;
};

} // namespace

FoundLoops findPrangeLoops(clang::ASTContext &Ctx) {
  FoundLoops Found;
  Finder(Ctx, Found).TraverseDecl(Ctx.getTranslationUnitDecl());
  return Found;
}

} // namespace clpar
