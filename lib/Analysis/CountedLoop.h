//===- Analysis/CountedLoop.h - Serial loops with known bounds ---*- C++ -*-===//
//
// Queries on the region IR that the analyses over a region's serial inner loops share
// (bounds checks made before launch, inner reductions): the counted loop
// `for (T k = First; k < End; ++k)` whose bounds are the same in every iteration of the
// region, and the small facts about expressions that recognizing it needs.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_ANALYSIS_COUNTEDLOOP_H
#define CLPAR_ANALYSIS_COUNTEDLOOP_H

#include "IR/Region.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>

namespace clpar {

bool isIntegerType(ir::ScalarType T);

/// \p E without the conversions around it.
const ir::Expr &withoutCasts(const ir::Expr &E);

/// Whether \p E is the body's variable \p Name, converted or not.
bool isLocal(const ir::Expr &E, const std::string &Name);

/// Whether \p E or \p S assigns, increments or decrements the variable \p Name.
bool writesLocal(const ir::Expr &E, const std::string &Name);
bool writesLocal(const ir::Stmt &S, const std::string &Name);

/// Whether \p E is an assignment (= or a compound one), ++, -- or `&x` (a record's
/// address, for a member function that may change it).
bool isWrite(const ir::Expr &E);

/// The variable a write to \p E changes: \p E without conversions, or for a field of a
/// record (`p.x = ...`), the record's variable.
const ir::Expr &writtenVariable(const ir::Expr &E);

/// Whether \p S is or holds a statement of kind \p K.
bool containsStmt(const ir::Stmt &S, ir::Stmt::Kind K);

/// Whether \p E has the same value in every iteration of the region: integer constants,
/// integer scalars, view extents and sizes, and + - * of those.
bool regionInvariant(const ir::Expr &E);

/// `for (T k = First; k < End; ++k)` (also `k <= Last`, `k++`, `k += 1`) with
/// region-invariant bounds, k not written in the body, and no break or `continue` of the
/// region's loop inside it: in every iteration of the region, k runs over [First, End).
struct CountedLoop {
  std::string Var;
  ir::ScalarType VarType = ir::ScalarType::Long;
  std::shared_ptr<const ir::Expr> First;
  std::shared_ptr<const ir::Expr> End; ///< `Last + 1` for a loop written with <=
};
std::optional<CountedLoop> countedLoop(const ir::Stmt &For);
/// The same with bounds for which \p Invariant holds instead of region-invariant ones.
std::optional<CountedLoop>
countedLoop(const ir::Stmt &For, const std::function<bool(const ir::Expr &)> &Invariant);

} // namespace clpar

#endif // CLPAR_ANALYSIS_COUNTEDLOOP_H
