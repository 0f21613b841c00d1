//===- Emit/CPrinter.h - Prints region IR as C statements ------*- C++ -*-===//
//
// The C-like printer every emitter shares.  It knows operators, casts, literals and
// control flow; how a name, an array element or a call is spelled is asked of the
// subclass, so the OpenCL emitter overrides only what differs in OpenCL C.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_EMIT_CPRINTER_H
#define CLPAR_EMIT_CPRINTER_H

#include "IR/Region.h"

#include <string>

namespace clpar::emit {

class CPrinter {
public:
  explicit CPrinter(const ir::Region &R) : R(R) {}
  virtual ~CPrinter() = default;

  std::string expr(const ir::Expr &E);
  /// Appends S indented by Indent levels (two spaces each), one statement per line.
  void stmt(const ir::Stmt &S, unsigned Indent, std::string &Out);

protected:
  virtual std::string typeName(ir::ScalarType T) = 0;
  virtual std::string viewElement(const ir::Expr &E) = 0;
  virtual std::string viewExtent(const ir::Expr &E) = 0;
  virtual std::string viewSize(const ir::Expr &E) = 0;
  virtual std::string scalarName(const ir::Expr &E) = 0;
  virtual std::string reductionName(const ir::Expr &E) = 0;
  virtual std::string loopIndexName(const ir::Expr &E) = 0;
  virtual std::string call(const ir::Expr &E) = 0;
  virtual std::string functionCall(const ir::Expr &E) = 0;
  virtual std::string viewRef(const ir::Expr &E) = 0;
  /// An element of a private array or a table, as `name[index]`.
  virtual std::string arrayElement(const ir::Expr &E);
  /// The array an ArrayElement indexes: a name, or an array field (`p.v`).
  std::string arrayName(const ir::Expr &E);
  /// The statement that ends one iteration of the region (`continue` in the source).
  virtual std::string endIteration() = 0;
  /// Statements to print before the loop \p For (at \p Indent), and the condition under
  /// which it runs; empty: it runs as written.
  virtual std::string loopGuard(const ir::Stmt &For, unsigned Indent, std::string &Out);

  /// typeName, or the record's type name for a record.
  std::string valueType(ir::ScalarType T, unsigned Record);
  std::string literal(const ir::Expr &E);
  /// Operand with parentheses unless it is a primary expression.
  std::string operand(const ir::Expr &E);

  const ir::Region &R;
};

} // namespace clpar::emit

#endif // CLPAR_EMIT_CPRINTER_H
