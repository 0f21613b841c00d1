//===- IR/Region.cpp - Small queries on the region IR --------------------===//
#include "IR/Region.h"

namespace clpar::ir {

bool isFloating(ScalarType T) {
  return T == ScalarType::Float || T == ScalarType::Double;
}

bool isSignedInteger(ScalarType T) {
  switch (T) {
  case ScalarType::Char:
  case ScalarType::Short:
  case ScalarType::Int:
  case ScalarType::Long:
    return true;
  default:
    return false;
  }
}

const char *openclTypeName(ScalarType T) {
  switch (T) {
  case ScalarType::Bool: return "bool";
  case ScalarType::Char: return "char";
  case ScalarType::UChar: return "uchar";
  case ScalarType::Short: return "short";
  case ScalarType::UShort: return "ushort";
  case ScalarType::Int: return "int";
  case ScalarType::UInt: return "uint";
  case ScalarType::Long: return "long";
  case ScalarType::ULong: return "ulong";
  case ScalarType::Float: return "float";
  case ScalarType::Double: return "double";
  case ScalarType::Record: return "struct";
  }
  return "int";
}

const char *cppTypeName(ScalarType T) {
  switch (T) {
  case ScalarType::Bool: return "bool";
  case ScalarType::Char: return "signed char";
  case ScalarType::UChar: return "unsigned char";
  case ScalarType::Short: return "short";
  case ScalarType::UShort: return "unsigned short";
  case ScalarType::Int: return "int";
  case ScalarType::UInt: return "unsigned";
  case ScalarType::Long: return "long";
  case ScalarType::ULong: return "unsigned long";
  case ScalarType::Float: return "float";
  case ScalarType::Double: return "double";
  case ScalarType::Record: break; // a record has no C++ spelling here
  }
  return "int";
}

std::unique_ptr<Expr> cloneNode(const Expr &E) {
  auto C = std::make_unique<Expr>(E.K, E.Type);
  C->Text = E.Text;
  C->Index = E.Index;
  C->Dim = E.Dim;
  C->Postfix = E.Postfix;
  C->AccessId = E.AccessId;
  C->HoistedMask = E.HoistedMask;
  C->EntryCheckedMask = E.EntryCheckedMask;
  C->Extent = E.Extent;
  C->ExtentName = E.ExtentName;
  C->Record = E.Record;
  return C;
}

StmtPtr cloneStmtNode(const Stmt &S) {
  auto C = std::make_unique<Stmt>(S.K);
  C->VarName = S.VarName;
  C->VarType = S.VarType;
  C->VarRecord = S.VarRecord;
  C->VarConst = S.VarConst;
  C->ArraySize = S.ArraySize;
  C->ZeroFill = S.ZeroFill;
  C->EntryChecks = S.EntryChecks;
  return C;
}

std::unique_ptr<Expr> cloneExpr(const Expr &E) {
  auto C = cloneNode(E);
  for (const auto &Op : E.Operands)
    C->Operands.push_back(cloneExpr(*Op));
  return C;
}

bool containsLoop(const Stmt &S) {
  if (S.K == Stmt::Kind::For || S.K == Stmt::Kind::While || S.K == Stmt::Kind::Do)
    return true;
  for (const StmtPtr &C : S.Children)
    if (C && containsLoop(*C))
      return true;
  return false;
}

void forEachExpr(const Expr &E, const std::function<void(const Expr &)> &F) {
  F(E);
  for (const ExprPtr &Op : E.Operands)
    forEachExpr(*Op, F);
}

void forEachExpr(const Stmt &S, const std::function<void(const Expr &)> &F) {
  for (const ExprPtr *E : {&S.Init, &S.Cond, &S.Inc})
    if (*E)
      forEachExpr(**E, F);
  for (const ExprPtr &E : S.Elements)
    forEachExpr(*E, F);
  for (const StmtPtr &C : S.Children)
    if (C)
      forEachExpr(*C, F);
}

const Expr *singleAssignment(const Stmt &Body) {
  const Stmt *S = &Body;
  if (S->K == Stmt::Kind::Compound && S->Children.size() == 1 && S->Children[0])
    S = S->Children[0].get();
  if (S->K != Stmt::Kind::Expression || !S->Init || S->Init->K != Expr::Kind::Binary)
    return nullptr;
  static const char *const Assignments[] = {"=",  "+=", "-=", "*=",  "/=", "%=",
                                            "&=", "|=", "^=", "<<=", ">>="};
  for (const char *Op : Assignments)
    if (S->Init->Text == Op)
      return S->Init.get();
  return nullptr;
}

unsigned viewReads(const Expr &E) {
  unsigned Count = 0;
  forEachExpr(E, [&](const Expr &Each) { Count += Each.K == Expr::Kind::ViewElement; });
  return Count;
}

bool Region::iterationHasLoop() const {
  if (KernelBody && containsLoop(*KernelBody))
    return true;
  for (const Function &F : Functions)
    if (F.Body && containsLoop(*F.Body))
      return true;
  return false;
}

ExprPtr makeExpr(Expr::Kind K, ScalarType T) { return std::make_unique<Expr>(K, T); }

ExprPtr makeCast(ScalarType T, ExprPtr E) {
  if (E->Type == T || T == ScalarType::Record) // C++ converts records by constructors
    return E;
  if (E->K == Expr::Kind::IntLiteral && !E->Text.empty() && E->Text[0] != '-' &&
      E->Text.size() < 10 && T != ScalarType::Bool && T != ScalarType::Char &&
      T != ScalarType::UChar && T != ScalarType::Short && T != ScalarType::UShort) {
    E->Type = T;
    if (isFloating(T)) {
      E->K = Expr::Kind::FloatLiteral;
      E->Text += ".0";
    }
    return E;
  }
  ExprPtr C = makeExpr(Expr::Kind::Cast, T);
  C->Operands.push_back(std::move(E));
  return C;
}

ExprPtr makeBinary(const char *Op, ScalarType T, ExprPtr L, ExprPtr R) {
  ExprPtr B = makeExpr(Expr::Kind::Binary, T);
  B->Text = Op;
  B->Operands.push_back(std::move(L));
  B->Operands.push_back(std::move(R));
  return B;
}

ExprPtr makeIntLiteral(ScalarType T, std::string Text) {
  ExprPtr L = makeExpr(Expr::Kind::IntLiteral, T);
  L->Text = std::move(Text);
  return L;
}

ExprPtr makeAbs(ScalarType T, ExprPtr Operand) {
  Operand = makeCast(T, std::move(Operand));
  if (!isFloating(T) && !isSignedInteger(T))
    return Operand; // abs of an unsigned value is the value
  ExprPtr C = makeExpr(Expr::Kind::Call, isFloating(T) ? T
                                        : T == ScalarType::Long ? ScalarType::ULong
                                                                : ScalarType::UInt);
  C->Text = isFloating(T) ? "fabs" : "abs";
  C->Operands.push_back(std::move(Operand));
  return makeCast(T, std::move(C));
}

unsigned reductionParts(const Reduction &Red) { return Red.Complex ? 2 : 1; }

unsigned reductionParts(const std::vector<Reduction> &Reds) {
  unsigned Parts = 0;
  for (const Reduction &Red : Reds)
    Parts += reductionParts(Red);
  return Parts;
}

const char *openmpReductionOperator(ReductionOp Op) {
  switch (Op) {
  case ReductionOp::Add: return "+";
  case ReductionOp::Mul: return "*";
  case ReductionOp::And: return "&";
  case ReductionOp::Or: return "|";
  case ReductionOp::Xor: return "^";
  case ReductionOp::Min: return "min";
  case ReductionOp::Max: return "max";
  }
  return "+";
}

} // namespace clpar::ir
