//===- Find/ResidencyCalls.cpp - sync_host() calls and resident scopes ----===//
#include "Find/ResidencyCalls.h"

#include "Analysis/ClparTypes.h"
#include "Find/TranslatedFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseSet.h"

namespace clpar {

namespace {

class Finder : public clang::RecursiveASTVisitor<Finder> {
public:
  explicit Finder(const TranslatedFiles &Files) : Files(Files) {}

  bool shouldVisitLambdaBody() const { return true; }
  // A template's calls are found in its instantiations, where the views' types are
  // known; the same call in several of them is one place in the text.
  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitCXXMemberCallExpr(clang::CXXMemberCallExpr *C) {
    const clang::CXXMethodDecl *M = C->getMethodDecl();
    if (M == nullptr || !M->getDeclName().isIdentifier() || M->getName() != "sync_host" ||
        !written(C->getBeginLoc()) || !written(C->getEndLoc()))
      return true;
    const clang::CXXRecordDecl *Class = M->getParent();
    if (Class != nullptr && isClparClass(clang::QualType(Class->getTypeForDecl(), 0), "view") &&
        Seen.insert(C->getBeginLoc().getRawEncoding()).second)
      Found.SyncHost.push_back(C);
    return true;
  }

  bool VisitDeclStmt(clang::DeclStmt *D) {
    if (!D->isSingleDecl() || !written(D->getBeginLoc()) || !written(D->getEndLoc()))
      return true;
    const auto *V = llvm::dyn_cast<clang::VarDecl>(D->getSingleDecl());
    if (V != nullptr && !V->getDeclContext()->isDependentContext() &&
        isClparClass(V->getType(), "resident") &&
        Seen.insert(D->getBeginLoc().getRawEncoding()).second)
      Found.Residents.push_back({D, V});
    return true;
  }

  ResidencyCalls Found;

private:
  bool written(clang::SourceLocation L) const {
    return L.isValid() && !L.isMacroID() && Files.contains(L);
  }

  const TranslatedFiles &Files;
  llvm::DenseSet<unsigned> Seen; ///< where the calls found so far begin
};

} // namespace

ResidencyCalls findResidencyCalls(clang::ASTContext &Ctx, const TranslatedFiles &Files) {
  Finder F(Files);
  F.TraverseAST(Ctx);
  return std::move(F.Found);
}

} // namespace clpar
