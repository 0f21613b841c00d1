//===- Find/TranslatedFiles.h - Which files of a translation unit are rewritten -*- C++ -*-===//
//
// The translator rewrites the file being compiled and, by default, every header of the
// user's own that it includes: a header is translated unless it is a system header
// (found through -isystem or a system directory) or one of clpar's own headers.  The
// policy can be narrowed (--translate-headers=none, --no-translate-headers-in=DIR) or
// widened to system headers under a directory (--translate-headers-in=DIR).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_FIND_TRANSLATEDFILES_H
#define CLPAR_FIND_TRANSLATEDFILES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseMap.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class SourceManager;
} // namespace clang

namespace clpar {

struct HeaderPolicy {
  bool UserHeaders = true;              ///< --translate-headers=user (the default) or none
  std::vector<std::string> AlsoUnder;   ///< --translate-headers-in=DIR: even system headers
  std::vector<std::string> NeverUnder;  ///< --no-translate-headers-in=DIR
};

/// Whether a location lies in a file the translator rewrites.  Decided once per file.
class TranslatedFiles {
public:
  TranslatedFiles(clang::ASTContext &Ctx, HeaderPolicy Policy);

  /// The expansion location of \p L is in the main file or in a translated header.
  bool contains(clang::SourceLocation L) const;
  bool containsFile(clang::FileID F) const;

  /// The directory holding clpar's own headers (never translated); empty if not found.
  const std::string &clparIncludeDir() const { return ClparDir; }

private:
  const clang::SourceManager &SM;
  HeaderPolicy Policy;
  std::string ClparDir;
  mutable llvm::DenseMap<clang::FileID, bool> Decided;
};

/// \p Path (absolute or relative to the working directory) made absolute and free of
/// `.`, `..` and symbolic links where the file exists.
std::string canonicalPath(llvm::StringRef Path);

/// \p Path lies in \p Dir or below it (both canonical).
bool isUnder(llvm::StringRef Path, llvm::StringRef Dir);

} // namespace clpar

#endif // CLPAR_FIND_TRANSLATEDFILES_H
