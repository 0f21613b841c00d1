//===- Analysis/RegionBuilder.h - A prange nest into a Region --*- C++ -*-===//
//
// Given the outermost prange loop of a nest, finds the perfectly nested dimensions,
// checks the body (RegionChecker), copies the source text the host stub needs, and, when
// the body can be expressed in OpenCL C, builds the kernel IR (KernelBodyBuilder).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_REGIONBUILDER_H
#define CLPAR_ANALYSIS_REGIONBUILDER_H

#include "IR/Region.h"
#include "Support/Diagnoser.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>

namespace clang {
class ASTContext;
class CXXForRangeStmt;
class FunctionDecl;
} // namespace clang

namespace clpar {

class ClosureTags;

struct BuiltRegion {
  ir::Region Region;
  /// From the outer 'for' to the body's last character (its ';' included).
  clang::SourceLocation ReplaceBegin, ReplaceEnd;
  clang::SourceLocation NotOffloadedLoc;
};

/// Nothing when the nest has an error (already reported through \p Diags).
std::optional<BuiltRegion> buildRegion(const clang::CXXForRangeStmt *Outer,
                                       const clang::FunctionDecl *Function,
                                       const std::string &FileName, bool BoundsCheck,
                                       clang::ASTContext &Ctx, Diagnoser &Diags,
                                       ClosureTags *Tags = nullptr);

} // namespace clpar

#endif // CLPAR_ANALYSIS_REGIONBUILDER_H
