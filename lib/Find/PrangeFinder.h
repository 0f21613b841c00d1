//===- Find/PrangeFinder.h - The prange nests of a translation unit -*- C++ -*-===//
#ifndef CLPAR_FIND_PRANGEFINDER_H
#define CLPAR_FIND_PRANGEFINDER_H

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class Expr;
class CXXForRangeStmt;
class FunctionDecl;
} // namespace clang

namespace clpar {

struct FoundLoop {
  const clang::CXXForRangeStmt *Loop;
  const clang::FunctionDecl *Function; ///< the enclosing function, if any
};

/// A prange loop clpar leaves as written (it then runs serially, through the header).
struct SkippedLoop {
  clang::SourceLocation Loc;
  std::string Reason;
};

/// An element-wise assignment or reduction call over views (SPEC 1.2).
struct FoundSlice {
  const clang::Expr *Statement;
};

struct FoundLoops {
  std::vector<FoundLoop> Outermost; ///< in source order; nested ones belong to these
  std::vector<SkippedLoop> Skipped;
  /// Slice statements outside prange loops (inside one they run serially per iteration).
  std::vector<FoundSlice> Slices;
};

/// The outermost prange loops written in the main file.
FoundLoops findPrangeLoops(clang::ASTContext &Ctx);

} // namespace clpar

#endif // CLPAR_FIND_PRANGEFINDER_H
