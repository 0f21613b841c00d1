//===- Driver/SourcePathRewrite.h - naming the user's source, not its copy -*- C++ -*-===//
//
// The compiler sees a translated copy of each source, in a temporary directory that is
// gone by the time anyone reads what the compiler wrote.  Two outputs name the file the
// compiler was given, and there it must be the user's source:
//
//   dependency files (-MD, -MMD, -M, -MM)   make syntax:   obj.o: src/a.cpp inc/b.h
//   preprocessed text (-E)                  line markers:  # 1 "src/a.cpp"
//
// Everything else (diagnostics, __FILE__, line tables) already names the source through
// the #line directives the translator writes.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_SOURCEPATHREWRITE_H
#define CLPAR_DRIVER_SOURCEPATHREWRITE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace clpar::driver {

/// A translated copy (From) and the source it was made from (To), as plain paths.
struct PathReplacement {
  std::string From;
  std::string To;
};

enum class OutputSyntax {
  Make,        ///< a dependency file: spaces and '#' escaped with '\', '$' doubled
  LineMarkers, ///< preprocessor output: paths in C string literals
};

/// \p Path as gcc and clang write it in a dependency file.
std::string escapeForMake(llvm::StringRef Path);

/// \p Path as gcc and clang write it inside the quotes of a line marker.
std::string escapeForLineMarker(llvm::StringRef Path);

/// \p Text with every path From replaced by its To, both written in \p Syntax; nullopt
/// when \p Text names no From.
std::optional<std::string> replacePaths(llvm::StringRef Text,
                                        llvm::ArrayRef<PathReplacement> Replacements,
                                        OutputSyntax Syntax);

/// Applies replacePaths to \p File, replacing it atomically.  Returns whether it
/// changed; a missing file is left missing.
llvm::Expected<bool> rewriteFile(llvm::StringRef File,
                                 llvm::ArrayRef<PathReplacement> Replacements,
                                 OutputSyntax Syntax);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_SOURCEPATHREWRITE_H
