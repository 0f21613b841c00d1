//===- Find/PrangeFinder.cpp - The prange nests of a translation unit ----===//
#include "Find/PrangeFinder.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/SliceBuilder.h"
#include "Find/TranslatedFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"

#include <map>
#include <set>

namespace clpar {

namespace {

/// \p D is, or lies inside, a template instantiation (a function template
/// specialization, a member of a class template specialization, a lambda in either).
bool inInstantiation(const clang::Decl *D) {
  // An explicit specialization is code written for its arguments only, whatever
  // templates are around it.
  if (const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
      FD && FD->getTemplateSpecializationKind() == clang::TSK_ExplicitSpecialization)
    return false;
  for (const clang::DeclContext *DC = D ? D->getDeclContext() : nullptr; DC;
       DC = DC->getParent()) {
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(DC);
        FD && FD->isTemplateInstantiation())
      return true;
    if (const auto *FD = llvm::dyn_cast<clang::FunctionDecl>(DC);
        FD && FD->getTemplateSpecializationKind() == clang::TSK_ExplicitSpecialization)
      return false;
    if (const auto *CTS = llvm::dyn_cast<clang::ClassTemplateSpecializationDecl>(DC);
        CTS && CTS->getSpecializationKind() != clang::TSK_ExplicitSpecialization)
      return true;
  }
  if (const auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(D))
    return FD->isTemplateInstantiation();
  return false;
}

class Finder : public clang::RecursiveASTVisitor<Finder> {
  using Base = clang::RecursiveASTVisitor<Finder>;

public:
  Finder(clang::ASTContext &Ctx, const TranslatedFiles &Files, FoundLoops &Found)
      : Ctx(Ctx), Files(Files), Found(Found) {}

  bool shouldVisitLambdaBody() const { return true; }
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool TraverseDecl(clang::Decl *D) {
    auto *FD = llvm::dyn_cast_or_null<clang::FunctionDecl>(D);
    const clang::FunctionDecl *SavedFunction = Function, *SavedContext = Context;
    if (FD)
      Function = Context = FD;
    bool R = Base::TraverseDecl(D);
    Function = SavedFunction;
    Context = SavedContext;
    return R;
  }

  bool TraverseLambdaExpr(clang::LambdaExpr *E) {
    const clang::FunctionDecl *Saved = Context;
    Context = E->getCallOperator();
    bool R = Base::TraverseLambdaExpr(E);
    // A generic lambda's body above is its pattern; its code is each specialization of
    // the call operator, which no declaration visits.
    if (clang::FunctionTemplateDecl *T = E->getDependentCallOperator())
      for (clang::FunctionDecl *Spec : T->specializations())
        if (Spec->hasBody()) {
          Context = Spec;
          R = R && TraverseStmt(Spec->getBody());
        }
    Context = Saved;
    return R;
  }

  bool TraverseCXXForRangeStmt(clang::CXXForRangeStmt *S) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    if (!Files.contains(S->getForLoc()))
      return Base::TraverseCXXForRangeStmt(S);
    const clang::Expr *Range = S->getRangeInit();
    // A template's pattern: its instantiations are visited on their own.
    if (Range && Range->isTypeDependent()) {
      notePackUse(S);
      return true;
    }
    if (!Range || !isPrangeType(Range->getType()))
      return Base::TraverseCXXForRangeStmt(S);
    bool Instantiated = inInstantiation(Context);
    if (S->getBeginLoc().isMacroID() || S->getEndLoc().isMacroID()) {
      clang::SourceLocation L = SM.getExpansionLoc(S->getForLoc());
      if (!Instantiated || Reported.insert(L.getRawEncoding()).second)
        Found.Skipped.push_back({L, "prange loop written in a macro expansion is not "
                                    "translated; it runs serially"});
      return true;
    }
    if (Context && Context->isDependentContext()) {
      notePackUse(S);
      return true; // in a pattern (a dependent lambda, say); instantiations come apart
    }
    Found.Outermost.push_back({S, Function, Context, Instantiated});
    return true; // loops inside belong to this region
  }

  bool TraverseCXXOperatorCallExpr(clang::CXXOperatorCallExpr *E) {
    return slice(E) || Base::TraverseCXXOperatorCallExpr(E);
  }
  bool TraverseCallExpr(clang::CallExpr *E) { return slice(E) || Base::TraverseCallExpr(E); }

  /// Moves the instantiations of pattern loops that use a parameter pack to the skipped
  /// ones, one remark per loop.
  void skipPackLoops() {
    if (PackLoops.empty())
      return;
    std::vector<FoundLoop> Kept;
    std::set<unsigned> Said;
    for (const FoundLoop &L : Found.Outermost) {
      const unsigned At = L.Loop->getForLoc().getRawEncoding();
      auto Pack = L.Instantiated ? PackLoops.find(At) : PackLoops.end();
      if (Pack == PackLoops.end()) {
        Kept.push_back(L);
        continue;
      }
      if (Said.insert(At).second)
        Found.Skipped.push_back(
            {L.Loop->getForLoc(), "prange loop uses the function parameter pack '" +
                                      Pack->second +
                                      "', whose elements translated code cannot name; it is "
                                      "not translated and runs serially"});
    }
    Found.Outermost = std::move(Kept);
  }

private:
  /// A loop of a template's pattern that names a function parameter pack (or a variable
  /// pack): its instantiations name the pack's elements, which exist only there, so the
  /// pattern's text cannot be replaced by code that names them.
  void notePackUse(const clang::CXXForRangeStmt *S) {
    struct PackUse : clang::RecursiveASTVisitor<PackUse> {
      std::string Name;
      bool shouldVisitLambdaBody() const { return true; }
      bool VisitDeclRefExpr(clang::DeclRefExpr *E) {
        const clang::ValueDecl *D = E->getDecl();
        if (Name.empty() && llvm::isa<clang::VarDecl>(D) && D->isParameterPack())
          Name = D->getNameAsString();
        return Name.empty();
      }
    } Use;
    Use.TraverseStmt(const_cast<clang::CXXForRangeStmt *>(S));
    if (!Use.Name.empty())
      PackLoops.emplace(S->getForLoc().getRawEncoding(), Use.Name);
  }

  /// Records \p E when it is a translatable slice statement; true means "done with it".
  bool slice(clang::Expr *E) {
    // Slice statements are replaced by a lambda capturing by reference: only inside
    // functions, and an assignment only where it is a statement of its own (its value,
    // the destination view, is not used).
    if (!Function || !Context || Context->isDependentContext() ||
        E->getBeginLoc().isMacroID() || E->getEndLoc().isMacroID() ||
        !Files.contains(E->getBeginLoc()) || E->isTypeDependent() || !isSliceStatement(E))
      return false;
    if (llvm::isa<clang::CXXOperatorCallExpr>(E) && !isStatement(E))
      return false;
    Found.Slices.push_back({E, Context, inInstantiation(Context)});
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
  const TranslatedFiles &Files;
  FoundLoops &Found;
  const clang::FunctionDecl *Function = nullptr;
  const clang::FunctionDecl *Context = nullptr;
  std::set<unsigned> Reported; ///< macro loops of templates, reported once
  std::map<unsigned, std::string> PackLoops; ///< pattern loops naming a pack: the pack
};

} // namespace

FoundLoops findPrangeLoops(clang::ASTContext &Ctx, const TranslatedFiles &Files) {
  FoundLoops Found;
  Finder Find(Ctx, Files, Found);
  Find.TraverseDecl(Ctx.getTranslationUnitDecl());
  Find.skipPackLoops();
  return Found;
}

} // namespace clpar
