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

class TranslatedFiles;

struct FoundLoop {
  const clang::CXXForRangeStmt *Loop;
  const clang::FunctionDecl *Function; ///< the enclosing function, if any
  /// The innermost function around the loop, a lambda's call operator included: where
  /// the template arguments of an instantiation are read.
  const clang::FunctionDecl *Context = nullptr;
  /// The loop is part of a template instantiation: its text is shared with the other
  /// instantiations, so its replacement chooses by template arguments.
  bool Instantiated = false;
};

/// A prange loop clpar leaves as written (it then runs serially, through the header).
struct SkippedLoop {
  clang::SourceLocation Loc;
  std::string Reason;
};

/// An element-wise assignment or reduction call over views (SPEC 1.2).
struct FoundSlice {
  const clang::Expr *Statement;
  const clang::FunctionDecl *Context = nullptr; ///< as FoundLoop::Context
  bool Instantiated = false;                    ///< as FoundLoop::Instantiated
};

struct FoundLoops {
  /// In source order; nested ones belong to these.  A loop in a template appears once
  /// per instantiation, each with the same source location.
  std::vector<FoundLoop> Outermost;
  std::vector<SkippedLoop> Skipped;
  /// Slice statements outside prange loops (inside one they run serially per iteration).
  std::vector<FoundSlice> Slices;
};

/// The outermost prange loops and slice statements written in the files \p Files
/// translates, template instantiations included (template patterns themselves are not
/// code: each instantiation is found instead).
FoundLoops findPrangeLoops(clang::ASTContext &Ctx, const TranslatedFiles &Files);

} // namespace clpar

#endif // CLPAR_FIND_PRANGEFINDER_H
