//===- Emit/CPrinter.cpp - Prints region IR as C statements --------------===//
#include "Emit/CPrinter.h"

#include <cassert>
#include <cctype>

namespace clpar::emit {

using ir::Expr;
using ir::Stmt;

static bool isPrimary(const Expr &E) {
  switch (E.K) {
  case Expr::Kind::IntLiteral:
  case Expr::Kind::FloatLiteral:
  case Expr::Kind::BoolLiteral:
  case Expr::Kind::Local:
  case Expr::Kind::LoopIndex:
  case Expr::Kind::Scalar:
  case Expr::Kind::Reduction:
  case Expr::Kind::ViewElement:
  case Expr::Kind::ViewExtent:
  case Expr::Kind::ViewSize:
  case Expr::Kind::Call:
  case Expr::Kind::FunctionCall:
  case Expr::Kind::ViewRef:
  case Expr::Kind::ArrayElement:
  case Expr::Kind::Member:
  case Expr::Kind::RecordValue:
    return true;
  default:
    return false;
  }
}

std::string CPrinter::operand(const Expr &E) {
  std::string S = expr(E);
  if (isPrimary(E) && !(E.K == Expr::Kind::IntLiteral && !S.empty() && S[0] == '-') &&
      !(E.K == Expr::Kind::FloatLiteral && !S.empty() && S[0] == '-'))
    return S;
  return "(" + S + ")";
}

std::string CPrinter::literal(const Expr &E) {
  // INFINITY and NAN are float constants of OpenCL C (and <cmath>) that convert exactly.
  const std::string &T = E.Text;
  if (!T.empty() && (std::isalpha(static_cast<unsigned char>(T[0])) ||
                     (T.size() > 1 && T[0] == '-' &&
                      std::isalpha(static_cast<unsigned char>(T[1])))))
    return T;
  switch (E.Type) {
  case ir::ScalarType::UInt: return E.Text + "u";
  case ir::ScalarType::Long: return E.Text + "L";
  case ir::ScalarType::ULong: return E.Text + "UL";
  case ir::ScalarType::Float: return E.Text + "f";
  default: return E.Text;
  }
}

std::string CPrinter::expr(const Expr &E) {
  switch (E.K) {
  case Expr::Kind::IntLiteral:
    if (E.Type == ir::ScalarType::Int || E.Type == ir::ScalarType::UInt ||
        E.Type == ir::ScalarType::Long || E.Type == ir::ScalarType::ULong)
      return literal(E);
    return "(" + typeName(E.Type) + ")" + E.Text;
  case Expr::Kind::FloatLiteral:
    return literal(E);
  case Expr::Kind::BoolLiteral:
    return E.Text;
  case Expr::Kind::Local:
    return E.Text;
  case Expr::Kind::LoopIndex:
    return loopIndexName(E);
  case Expr::Kind::Scalar:
    return scalarName(E);
  case Expr::Kind::Reduction:
    return reductionName(E);
  case Expr::Kind::ViewElement:
    return viewElement(E);
  case Expr::Kind::ViewExtent:
    return viewExtent(E);
  case Expr::Kind::ViewSize:
    return viewSize(E);
  case Expr::Kind::Unary:
    if (E.Postfix)
      return operand(*E.Operands[0]) + E.Text;
    return E.Text + operand(*E.Operands[0]);
  case Expr::Kind::Binary: {
    if (E.Text == ",") // parenthesized wherever it is: an argument, an initializer
      return "(" + expr(*E.Operands[0]) + ", " + expr(*E.Operands[1]) + ")";
    bool Assign = !E.Text.empty() && E.Text.back() == '=' && E.Text != "==" &&
                  E.Text != "!=" && E.Text != "<=" && E.Text != ">=";
    if (Assign)
      return expr(*E.Operands[0]) + " " + E.Text + " " + expr(*E.Operands[1]);
    return operand(*E.Operands[0]) + " " + E.Text + " " + operand(*E.Operands[1]);
  }
  case Expr::Kind::Conditional:
    return operand(*E.Operands[0]) + " ? " + operand(*E.Operands[1]) + " : " +
           operand(*E.Operands[2]);
  case Expr::Kind::Cast:
    return "(" + typeName(E.Type) + ")" + operand(*E.Operands[0]);
  case Expr::Kind::Call:
    return call(E);
  case Expr::Kind::FunctionCall:
    return functionCall(E);
  case Expr::Kind::ViewRef:
    return viewRef(E);
  case Expr::Kind::ArrayElement:
    return arrayElement(E);
  case Expr::Kind::Member:
    return operand(*E.Operands[0]) + "." + E.Text;
  case Expr::Kind::RecordValue: {
    // An array field's elements are arguments of their own (KernelEmitter's _make).
    std::string S;
    for (const ir::ExprPtr &Op : E.Operands) {
      if (Op->K != Expr::Kind::ArrayValue) {
        S += (S.empty() ? "" : ", ") + expr(*Op);
        continue;
      }
      for (const ir::ExprPtr &Element : Op->Operands)
        S += (S.empty() ? "" : ", ") + expr(*Element);
    }
    return R.Records[E.Record].KernelName + "_make(" + S + ")";
  }
  case Expr::Kind::ArrayValue: {
    std::string S;
    for (const ir::ExprPtr &Element : E.Operands)
      S += (S.empty() ? "" : ", ") + expr(*Element);
    return "{" + S + "}";
  }
  }
  assert(false && "unknown expression kind");
  return "";
}

std::string CPrinter::valueType(ir::ScalarType T, unsigned Record) {
  return T == ir::ScalarType::Record ? R.Records[Record].KernelName : typeName(T);
}

std::string CPrinter::arrayElement(const Expr &E) {
  return arrayName(E) + "[" + expr(*E.Operands[0]) + "]";
}

std::string CPrinter::arrayName(const Expr &E) {
  return E.Operands.size() > 1 ? operand(*E.Operands[1]) : E.Text;
}

void CPrinter::stmt(const Stmt &S, unsigned Indent, std::string &Out) {
  std::string Pad(2 * Indent, ' ');
  switch (S.K) {
  case Stmt::Kind::Compound:
    Out += Pad + "{\n";
    for (const auto &C : S.Children)
      stmt(*C, Indent + 1, Out);
    Out += Pad + "}\n";
    return;
  case Stmt::Kind::Decl:
    Out += Pad + (S.VarConst ? "const " : "") + valueType(S.VarType, S.VarRecord) + " " +
           S.VarName;
    if (S.Init)
      Out += " = " + expr(*S.Init);
    Out += ";\n";
    return;
  case Stmt::Kind::Expression:
    Out += Pad + expr(*S.Init) + ";\n";
    return;
  case Stmt::Kind::If:
    Out += Pad + "if (" + expr(*S.Cond) + ")\n";
    stmt(*S.Children[0], S.Children[0]->K == Stmt::Kind::Compound ? Indent : Indent + 1,
         Out);
    if (S.Children.size() > 1 && S.Children[1]) {
      Out += Pad + "else\n";
      stmt(*S.Children[1],
           S.Children[1]->K == Stmt::Kind::Compound ? Indent : Indent + 1, Out);
    }
    return;
  case Stmt::Kind::For: {
    // A guarded loop is a block of its own: its checks declare a variable, and the loop
    // may be the body of another statement (`for (...) for (...) ...`).
    std::string Checks;
    const std::string Guard = loopGuard(S, Indent + 1, Checks);
    const std::string Outer = Pad;
    if (!Guard.empty()) {
      Out += Outer + "{\n" + Checks + Outer + "  if (" + Guard + ")\n";
      Indent += 2;
      Pad += "    ";
    }
    const auto CloseGuard = [&] {
      if (!Guard.empty())
        Out += Outer + "}\n";
    };
    // The init statement is printed into the header without its newline.
    std::string Init;
    if (S.Children[0]) {
      stmt(*S.Children[0], 0, Init);
      while (!Init.empty() && (Init.back() == '\n' || Init.back() == ';'))
        Init.pop_back();
    }
    Out += Pad + "for (" + Init + "; " + (S.Cond ? expr(*S.Cond) : "") + "; " +
           (S.Inc ? expr(*S.Inc) : "") + ")\n";
    stmt(*S.Children[1], S.Children[1]->K == Stmt::Kind::Compound ? Indent : Indent + 1,
         Out);
    CloseGuard();
    return;
  }
  case Stmt::Kind::While:
    Out += Pad + "while (" + expr(*S.Cond) + ")\n";
    stmt(*S.Children[0], S.Children[0]->K == Stmt::Kind::Compound ? Indent : Indent + 1,
         Out);
    return;
  case Stmt::Kind::Do:
    Out += Pad + "do\n";
    stmt(*S.Children[0], S.Children[0]->K == Stmt::Kind::Compound ? Indent : Indent + 1,
         Out);
    Out += Pad + "while (" + expr(*S.Cond) + ");\n";
    return;
  case Stmt::Kind::Continue:
    Out += Pad + "continue;\n";
    return;
  case Stmt::Kind::Break:
    Out += Pad + "break;\n";
    return;
  case Stmt::Kind::Return:
    Out += Pad + "return" + (S.Init ? " " + expr(*S.Init) : std::string()) + ";\n";
    return;
  case Stmt::Kind::EndIteration:
    Out += Pad + endIteration() + "\n";
    return;
  case Stmt::Kind::Null:
    Out += Pad + ";\n";
    return;
  case Stmt::Kind::ArrayDecl: {
    Out += Pad + (S.VarConst ? "const " : "") + valueType(S.VarType, S.VarRecord) + " " +
           S.VarName + "[" + std::to_string(S.ArraySize) + "]";
    if (!S.Elements.empty() || S.ZeroFill) {
      // C's `= {0}` zeroes what the list leaves out, as C++'s value-initialization does.
      std::string List;
      for (const auto &E : S.Elements)
        List += (List.empty() ? "" : ", ") + expr(*E);
      Out += " = {" + (List.empty() ? std::string("0") : List) + "}";
    }
    Out += ";\n";
    return;
  }
  case Stmt::Kind::Switch:
    Out += Pad + "switch (" + expr(*S.Cond) + ")\n";
    stmt(*S.Children[0], S.Children[0]->K == Stmt::Kind::Compound ? Indent : Indent + 1,
         Out);
    return;
  case Stmt::Kind::Case:
  case Stmt::Kind::Default: {
    // A label stands one level out from the statements around it; in C it labels a
    // statement, never a declaration, so one before a declaration labels `;`.
    const Stmt &Labelled = *S.Children[0];
    std::string Label = S.K == Stmt::Kind::Case ? "case " + expr(*S.Init) + ":" : "default:";
    if (Labelled.K == Stmt::Kind::Decl || Labelled.K == Stmt::Kind::ArrayDecl)
      Label += " ;";
    Out += std::string(Indent ? 2 * (Indent - 1) : 0, ' ') + Label + "\n";
    stmt(Labelled, Indent, Out);
    return;
  }
  }
}

std::string CPrinter::loopGuard(const ir::Stmt &, unsigned, std::string &) { return ""; }

} // namespace clpar::emit
