//===- Find/ResidencyCalls.h - sync_host() calls and resident scopes -*- C++ -*-===//
//
// With the header alone, view::sync_host() and clpar::resident do nothing (all memory is
// on the host).  In a translated file they become runtime calls: the finder lists them.
#ifndef CLPAR_FIND_RESIDENCYCALLS_H
#define CLPAR_FIND_RESIDENCYCALLS_H

#include <vector>

namespace clang {
class ASTContext;
class CXXMemberCallExpr;
class DeclStmt;
class VarDecl;
} // namespace clang

namespace clpar {

class TranslatedFiles;

struct FoundResident {
  const clang::DeclStmt *Statement; ///< declares only this variable
  const clang::VarDecl *Var;
};

struct ResidencyCalls {
  std::vector<const clang::CXXMemberCallExpr *> SyncHost; ///< v.sync_host()
  std::vector<FoundResident> Residents;                   ///< clpar::resident keep(a, b);
};

/// The calls and declarations written in the translated files, outside macros and
/// templates.
ResidencyCalls findResidencyCalls(clang::ASTContext &Ctx, const TranslatedFiles &Files);

} // namespace clpar

#endif // CLPAR_FIND_RESIDENCYCALLS_H
