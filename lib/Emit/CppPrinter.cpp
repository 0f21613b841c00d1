//===- Emit/CppPrinter.cpp - Region IR as C++ for the OpenMP variant -----===//
#include "Emit/CppPrinter.h"

#include "Emit/CPrinter.h"

namespace clpar::emit {

namespace {

using ir::Expr;
using ir::ScalarType;

class CppPrinter : public CPrinter {
public:
  using CPrinter::CPrinter;

protected:
  std::string typeName(ScalarType T) override { return ir::cppTypeName(T); }
  std::string viewElement(const Expr &E) override {
    const ir::View &V = R.Views[E.Index];
    std::string Offset;
    for (unsigned D = 0; D < E.Operands.size(); ++D)
      Offset += (D ? " + " : "") + std::string("static_cast<std::ptrdiff_t>(") +
                expr(*E.Operands[D]) + ") * " + V.HostExpr + ".stride(" +
                std::to_string(D) + ")";
    return V.HostExpr + ".data()[" + Offset + "]";
  }
  std::string viewExtent(const Expr &E) override {
    return R.Views[E.Index].HostExpr + ".extent(" + std::to_string(E.Dim) + ")";
  }
  std::string viewSize(const Expr &E) override {
    return R.Views[E.Index].HostExpr + ".size()";
  }
  std::string viewRef(const Expr &E) override { return R.Views[E.Index].HostExpr; }
  std::string scalarName(const Expr &E) override { return R.Scalars[E.Index].HostExpr; }
  std::string reductionName(const Expr &E) override {
    return R.Reductions[E.Index].HostExpr;
  }
  std::string loopIndexName(const Expr &E) override { return R.Dims[E.Index].LoopVarName; }
  std::string call(const Expr &E) override {
    std::string S = "::clpar::" + E.Text + "(";
    for (size_t I = 0; I < E.Operands.size(); ++I)
      S += (I ? ", " : "") + expr(*E.Operands[I]);
    return S + ")";
  }
  std::string functionCall(const Expr &E) override { return call(E); }
  std::string endIteration() override { return "continue;"; }
};

} // namespace

std::string printCppBody(const ir::Region &R) {
  std::string Out;
  CppPrinter(R).stmt(*R.KernelBody, 0, Out);
  while (!Out.empty() && Out.back() == '\n')
    Out.pop_back();
  return Out;
}

} // namespace clpar::emit
