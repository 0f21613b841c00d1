//===- Analysis/NestShape.h - Which prange loops make one region --*- C++ -*-===//
//
// Given the outermost prange loop of a nest, finds the loops that become the region's
// dimensions (at most three).  An inner prange is a dimension when its bounds depend on
// nothing the outer iterations compute and it is the last statement of the outer body;
// the statements before it (the nest's prefix) must be declarations that a work-item
// can make again for itself: no side effects, calls only of functions that cannot write
// what the caller sees, and variables nothing after them changes.  A nest with a prefix
// is imperfect: the kernel makes the prefix's declarations in every work-item, and the
// OpenMP variant runs the loops up to the first prefix in parallel and the rest as
// written.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_NESTSHAPE_H
#define CLPAR_ANALYSIS_NESTSHAPE_H

#include "clang/Basic/SourceLocation.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CXXForRangeStmt;
class Stmt;
class VarDecl;
} // namespace clang

namespace clpar {

struct NestShape {
  /// The dimensions' loops, outermost first, and their variables.
  std::vector<const clang::CXXForRangeStmt *> Loops;
  std::vector<const clang::VarDecl *> LoopVars;
  /// The prefix: declarations between the levels, outer levels' first.
  std::vector<const clang::Stmt *> Prefix;
  /// How many loops come before the first prefix (all of them in a perfect nest).
  unsigned PerfectDims = 0;
  /// The innermost loop's body.
  const clang::Stmt *Body = nullptr;
  /// Why a prange inside the innermost body is no dimension, when one is the last
  /// statement of that body ("writes 'x', which is declared before the inner loop"),
  /// and that loop's location.
  std::string WhyNotDeeper;
  clang::SourceLocation WhyNotDeeperLoc;
};

NestShape findNestShape(const clang::CXXForRangeStmt *Outer, clang::ASTContext &Ctx);

} // namespace clpar

#endif // CLPAR_ANALYSIS_NESTSHAPE_H
