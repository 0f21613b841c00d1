//===- Analysis/ResidencyPlanner.h - Where data may stay on the device -*- C++ -*-===//
//
// SPEC 1.5: within a function, consecutive offloaded regions keep data on the device;
// before host code that may touch the memory, before jumps out of blocks and at the end of
// the function it is brought home.  The planner decides, per function body holding
// offloaded regions, where a data scope is declared, where its sync() goes, and which
// regions use the scope (the others copy their results back at once).
//
// Statements fall into four kinds:
//   offload  a translated region, or a block or loop of only offload and scalar statements
//   scalar   code that cannot touch array memory: arithmetic on scalar variables, view
//            rebinding and shape queries, calls of standard functions on scalars
//   host     anything else (element access, containers, pointers, user functions, jumps)
//   mixed    a block or control statement holding both regions and host code
// A host statement gets a sync before it; a mixed one is planned inside.  Where a sync
// cannot be placed soundly (a loop condition that touches memory, switch, goto, labels,
// macros) the regions concerned copy back at once instead.
//
// A template's instantiations share their text: each is planned, and the scope is kept
// (once) only where all of them insert the same syncs and keep the same regions in it.
//
// The plan is plain data; the translator turns it into text.
#ifndef CLPAR_ANALYSIS_RESIDENCYPLANNER_H
#define CLPAR_ANALYSIS_RESIDENCYPLANNER_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/DenseSet.h"

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class CompoundStmt;
class Stmt;
} // namespace clang

namespace clpar {

/// One function body with a data scope.
struct ScopePlan {
  const clang::CompoundStmt *Body;
  std::string FunctionName;
  /// sync() goes just before each (statement starts in a block, and the closing brace of
  /// blocks that end locals' lifetimes).
  std::vector<clang::SourceLocation> SyncBefore;
  /// Statements in a position that is not a block (an if's branch, a loop's body): the
  /// statement is wrapped as `{ sync(); statement }`.  Begin and the location just after.
  std::vector<std::pair<clang::SourceLocation, clang::SourceLocation>> Wrap;
};

struct ResidencyPlan {
  std::vector<ScopePlan> Scopes;
  /// The regions (outermost statements) that pass their function's scope.
  llvm::DenseSet<const clang::Stmt *> InScope;
};

/// \p Regions: the outermost statement of every region that calls the runtime.
ResidencyPlan planResidency(clang::ASTContext &Ctx,
                            const std::vector<const clang::Stmt *> &Regions);

} // namespace clpar

#endif // CLPAR_ANALYSIS_RESIDENCYPLANNER_H
