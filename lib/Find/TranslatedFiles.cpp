//===- Find/TranslatedFiles.cpp - Which files of a translation unit are rewritten -===//
#include "Find/TranslatedFiles.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

namespace clpar {

namespace {

/// The directory of the header that declares clpar::view: clpar's include/clpar.
std::string findClparDir(clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  for (const clang::NamedDecl *ND :
       Ctx.getTranslationUnitDecl()->lookup(&Ctx.Idents.get("clpar"))) {
    const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(ND);
    if (!NS)
      continue;
    for (const clang::NamedDecl *Member : NS->lookup(&Ctx.Idents.get("view"))) {
      clang::SourceLocation L = SM.getExpansionLoc(Member->getLocation());
      if (clang::OptionalFileEntryRef F = SM.getFileEntryRefForID(SM.getFileID(L)))
        return canonicalPath(llvm::sys::path::parent_path(F->getName()));
    }
  }
  return "";
}

} // namespace

std::string canonicalPath(llvm::StringRef Path) {
  llvm::SmallString<256> Real;
  if (!llvm::sys::fs::real_path(Path, Real))
    return std::string(Real);
  llvm::SmallString<256> Abs(Path);
  llvm::sys::fs::make_absolute(Abs);
  llvm::sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  return std::string(Abs);
}

bool isUnder(llvm::StringRef Path, llvm::StringRef Dir) {
  if (Dir.empty() || !Path.starts_with(Dir))
    return false;
  return Path.size() == Dir.size() || llvm::sys::path::is_separator(Path[Dir.size()]) ||
         llvm::sys::path::is_separator(Dir.back());
}

TranslatedFiles::TranslatedFiles(clang::ASTContext &Ctx, HeaderPolicy P)
    : SM(Ctx.getSourceManager()), Policy(std::move(P)), ClparDir(findClparDir(Ctx)) {
  for (std::string &D : Policy.AlsoUnder)
    D = canonicalPath(D);
  for (std::string &D : Policy.NeverUnder)
    D = canonicalPath(D);
}

bool TranslatedFiles::contains(clang::SourceLocation L) const {
  if (L.isInvalid())
    return false;
  return containsFile(SM.getFileID(SM.getExpansionLoc(L)));
}

bool TranslatedFiles::containsFile(clang::FileID F) const {
  if (F == SM.getMainFileID())
    return true;
  if (auto It = Decided.find(F); It != Decided.end())
    return It->second;
  bool Yes = false;
  if (clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(F)) {
    std::string Path = canonicalPath(Entry->getName());
    bool System = SM.isInSystemHeader(SM.getLocForStartOfFile(F));
    Yes = Policy.UserHeaders && !System;
    for (const std::string &D : Policy.AlsoUnder)
      Yes |= isUnder(Path, D);
    for (const std::string &D : Policy.NeverUnder)
      Yes &= !isUnder(Path, D);
    Yes &= !isUnder(Path, ClparDir);
  }
  Decided[F] = Yes;
  return Yes;
}

} // namespace clpar
