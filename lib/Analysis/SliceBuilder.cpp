//===- Analysis/SliceBuilder.cpp - Slice statements into Regions ---------===//
#include "Analysis/SliceBuilder.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/DeviceSplit.h"
#include "Analysis/ElementwiseRows.h"
#include "Analysis/ReductionLanes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace clpar {

namespace {

using ir::Expr;
using ir::ExprPtr;
using ir::ScalarType;

const clang::Expr *strip(const clang::Expr *E) {
  while (true) {
    E = E->IgnoreParens();
    if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      E = C->getSubExpr();
    else if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      E = M->getSubExpr();
    else if (const auto *B = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(E))
      E = B->getSubExpr();
    else if (const auto *IC = llvm::dyn_cast<clang::ImplicitCastExpr>(E);
             IC && (IC->getCastKind() == clang::CK_NoOp ||
                    IC->getCastKind() == clang::CK_LValueToRValue ||
                    IC->getCastKind() == clang::CK_ConstructorConversion))
      E = IC->getSubExpr();
    else if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E);
             CE && CE->getNumArgs() == 1 && !llvm::isa<clang::CXXTemporaryObjectExpr>(CE))
      E = CE->getArg(0); // copies, moves and view<T> -> view<const T>
    else
      return E;
  }
}

bool isView(clang::QualType T) { return isClparClass(T, "view"); }
bool isElementwise(clang::QualType T) { return isClparClass(T, "expr"); }

const clang::ClassTemplateSpecializationDecl *spec(clang::QualType T) {
  const auto *RD = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  return llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(RD);
}

/// The operation of an element-wise node: the name of expr<Op, ...>'s Op.
std::string operationOf(clang::QualType T) {
  const auto *S = spec(T);
  if (!S || S->getTemplateArgs().size() < 1)
    return "";
  const auto *Op = S->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl();
  return Op ? Op->getNameAsString() : "";
}

/// expr<...>::value_type.
std::optional<clang::QualType> valueType(clang::QualType T, clang::ASTContext &Ctx) {
  const auto *RD = T.getNonReferenceType().getCanonicalType()->getAsCXXRecordDecl();
  if (!RD)
    return std::nullopt;
  for (const clang::NamedDecl *D : RD->lookup(&Ctx.Idents.get("value_type")))
    if (const auto *TD = llvm::dyn_cast<clang::TypedefNameDecl>(D))
      return TD->getUnderlyingType();
  return std::nullopt;
}

const std::map<std::string, std::string> &binaryOperators() {
  static const std::map<std::string, std::string> M = {
      {"plus", "+"},          {"minus", "-"},         {"multiplies", "*"},
      {"divides", "/"},       {"modulus", "%"},       {"bit_and", "&"},
      {"bit_or", "|"},        {"bit_xor", "^"},       {"shift_left", "<<"},
      {"shift_right", ">>"},  {"equal_to", "=="},     {"not_equal_to", "!="},
      {"less", "<"},          {"less_equal", "<="},   {"greater", ">"},
      {"greater_equal", ">="}, {"logical_and", "&&"}, {"logical_or", "||"}};
  return M;
}

const std::map<std::string, std::string> &unaryOperators() {
  static const std::map<std::string, std::string> M = {
      {"negate", "-"}, {"unary_plus", "+"}, {"logical_not", "!"}, {"bit_not", "~"}};
  return M;
}

bool isFunctionOp(const std::string &Op) {
  static const std::set<std::string> F = {
      "sqrt", "cbrt", "exp",  "exp2",  "expm1", "log",   "log2",  "log10", "log1p",
      "sin",  "cos",  "tan",  "asin",  "acos",  "atan",  "sinh",  "cosh",  "tanh",
      "fabs", "floor", "ceil", "round", "trunc", "atan2", "pow",   "fmin",  "fmax",
      "hypot", "copysign", "rsqrt", "fma", "abs", "min", "max"};
  return F.count(Op) > 0;
}

using ir::makeExpr;

using ir::makeCast;

class Builder {
public:
  Builder(clang::ASTContext &Ctx, SliceStatement &S, std::string &Reason)
      : Ctx(Ctx), S(S), R(S.Region), Reason(Reason) {}

  std::string text(const clang::Expr *E) {
    return clang::Lexer::getSourceText(
               clang::CharSourceRange::getTokenRange(E->getSourceRange()),
               Ctx.getSourceManager(), Ctx.getLangOpts())
        .str();
  }

  /// Records the leaf \p E as the local \p Name, evaluated once before the statement; in
  /// the fallback's text it is spelled \p Spelling.
  void addLeaf(const std::string &Name, const clang::Expr *E, const std::string &Spelling) {
    S.Region.Slice->Leaves.push_back({Name, text(E)});
    const clang::CharSourceRange Range = fileRange(E);
    if (Range.isInvalid()) {
      fail("has an operand spelled through a macro");
      return;
    }
    const clang::SourceManager &SM = Ctx.getSourceManager();
    LeafSpans.push_back(
        {SM.getFileOffset(Range.getBegin()), SM.getFileOffset(Range.getEnd()), Spelling});
  }

  /// The characters of \p E in its file; invalid where a macro spells part of it.
  clang::CharSourceRange fileRange(const clang::Expr *E) {
    return clang::Lexer::makeFileCharRange(
        clang::CharSourceRange::getTokenRange(E->getSourceRange()), Ctx.getSourceManager(),
        Ctx.getLangOpts());
  }

  /// The statement \p E with every leaf replaced by its spelling; empty when they cannot
  /// all be placed in its text.
  std::string textWithLeaves(const clang::Expr *E) {
    const clang::CharSourceRange Range = fileRange(E);
    if (Range.isInvalid())
      return "";
    const clang::SourceManager &SM = Ctx.getSourceManager();
    const unsigned Begin = SM.getFileOffset(Range.getBegin());
    const unsigned End = SM.getFileOffset(Range.getEnd());
    const llvm::StringRef Buffer = SM.getBufferData(SM.getFileID(Range.getBegin()));
    std::vector<std::tuple<unsigned, unsigned, std::string>> Spans = LeafSpans;
    std::sort(Spans.begin(), Spans.end());
    std::string Out;
    unsigned At = Begin;
    for (const auto &[From, To, Spelling] : Spans) {
      if (From < At || To > End)
        return ""; // overlapping or outside: not a plain substitution
      Out += Buffer.substr(At, From - At).str() + Spelling;
      At = To;
    }
    return Out + Buffer.substr(At, End - At).str();
  }

  std::nullptr_t fail(const std::string &Why) {
    if (Reason.empty())
      Reason = Why;
    return nullptr;
  }

  std::optional<ScalarType> scalar(clang::QualType T) {
    std::optional<ScalarType> S = scalarTypeOf(T, Ctx);
    if (!S)
      fail("has elements of type '" + T.getAsString() + "'");
    else if (*S == ScalarType::Double)
      R.UsesDouble = true;
    return S;
  }

  /// A view leaf: a local holding it, and its element at the loop indices.
  ExprPtr viewLeaf(const clang::Expr *E, bool Written) {
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(E->getType());
    if (!Info)
      return fail("has an operand that is not a view");
    if (Rank == 0)
      Rank = Info->Rank;
    if (Info->Rank != Rank)
      return fail("mixes ranks");
    std::optional<ScalarType> T = scalar(Info->Element);
    if (!T)
      return nullptr;
    std::string Name = Written ? "clpar_dst" : "clpar_v" + std::to_string(R.Views.size());
    // The destination is a named local there: element-wise assignment needs an rvalue.
    addLeaf(Name, E, Written ? "std::move(" + Name + ")" : Name);
    ir::View V;
    V.HostExpr = V.KernelName = V.SourceName = Name;
    V.Element = *T;
    V.Rank = Info->Rank;
    V.Written = Written;
    V.ConstElements = Info->Element.isConstQualified();
    R.Views.push_back(V);
    return element(R.Views.size() - 1);
  }

  static ExprPtr loopIndex(unsigned D) {
    ExprPtr I = makeExpr(Expr::Kind::LoopIndex, ScalarType::ULong);
    I->Index = D;
    return I;
  }

  /// The element at the loop indices.  Kernels have up to 3 dimensions: a rank-4 index
  /// space runs its first two dimensions as one, i0 = k / e1 and i1 = k % e1.
  ExprPtr element(unsigned View) {
    ExprPtr A = makeExpr(Expr::Kind::ViewElement, R.Views[View].Element);
    A->Index = View;
    A->AccessId = R.AccessCount++;
    R.AccessSites.push_back(R.Site);
    if (Rank == 4) {
      for (const char *Op : {"/", "%"}) {
        ExprPtr E1 = makeExpr(Expr::Kind::ViewExtent, ScalarType::ULong);
        E1->Index = 0; // the first array leaf: all leaves have its extents
        E1->Dim = 1;
        ExprPtr Part = makeExpr(Expr::Kind::Binary, ScalarType::ULong);
        Part->Text = Op;
        Part->Operands.push_back(loopIndex(0));
        Part->Operands.push_back(std::move(E1));
        A->Operands.push_back(std::move(Part));
      }
      A->Operands.push_back(loopIndex(1));
      A->Operands.push_back(loopIndex(2));
      return A;
    }
    for (unsigned D = 0; D < Rank; ++D)
      A->Operands.push_back(loopIndex(D));
    return A;
  }

  ExprPtr operand(const clang::Expr *E) {
    E = strip(E);
    clang::QualType T = E->getType();
    if (isElementwise(T))
      return node(E);
    if (isView(T))
      return viewLeaf(E, false);
    if (T->isArithmeticType()) {
      std::optional<ScalarType> ST = scalar(T);
      if (!ST)
        return nullptr;
      std::string Name = "clpar_s" + std::to_string(R.Scalars.size());
      addLeaf(Name, E, Name);
      ir::Scalar Sc;
      Sc.HostExpr = Sc.KernelName = Name;
      Sc.Type = *ST;
      R.Scalars.push_back(Sc);
      ExprPtr L = makeExpr(Expr::Kind::Scalar, *ST);
      L->Index = R.Scalars.size() - 1;
      return L;
    }
    return fail("has an operand of type '" + T.getAsString() + "'");
  }

  ExprPtr node(const clang::Expr *E) {
    const auto *Call = llvm::dyn_cast<clang::CallExpr>(E);
    if (!Call)
      return fail("builds an element-wise expression it cannot follow");
    std::string Op = operationOf(E->getType());
    std::optional<clang::QualType> VT = valueType(E->getType(), Ctx);
    if (!VT)
      return fail("has an element-wise node without a value type");
    std::optional<ScalarType> T = scalar(*VT);
    if (!T)
      return nullptr;
    std::vector<ExprPtr> Args;
    for (const clang::Expr *A : Call->arguments()) {
      ExprPtr X = operand(A);
      if (!X)
        return nullptr;
      Args.push_back(std::move(X));
    }
    if (auto B = binaryOperators().find(Op); B != binaryOperators().end() && Args.size() == 2) {
      ExprPtr N = makeExpr(Expr::Kind::Binary, *T);
      N->Text = B->second;
      N->Operands = std::move(Args);
      return N;
    }
    if (auto U = unaryOperators().find(Op); U != unaryOperators().end() && Args.size() == 1) {
      ExprPtr N = makeExpr(Expr::Kind::Unary, *T);
      N->Text = U->second;
      N->Operands = std::move(Args);
      return N;
    }
    if (Op == "cast" && Args.size() == 1)
      return makeCast(*T, std::move(Args[0]));
    if (Op == "where" && Args.size() == 3) {
      ExprPtr N = makeExpr(Expr::Kind::Conditional, *T);
      N->Operands.push_back(std::move(Args[0]));
      N->Operands.push_back(makeCast(*T, std::move(Args[1])));
      N->Operands.push_back(makeCast(*T, std::move(Args[2])));
      return N;
    }
    if (Op == "abs" && Args.size() == 1)
      return ir::makeAbs(*T, std::move(Args[0]));
    if (isFunctionOp(Op)) {
      for (auto &A : Args)
        A = makeCast(*T, std::move(A));
      ExprPtr N = makeExpr(Expr::Kind::Call, *T);
      N->Text = Op; // the emitters spell it for OpenCL C and for C++
      N->Operands = std::move(Args);
      return N;
    }
    return fail("uses the element-wise operation '" + Op + "'");
  }

  clang::ASTContext &Ctx;
  SliceStatement &S;
  ir::Region &R;
  std::string &Reason;
  unsigned Rank = 0;
  /// Each leaf's file offsets [begin, end) and its spelling in the fallback.
  std::vector<std::tuple<unsigned, unsigned, std::string>> LeafSpans;
};

const clang::FunctionDecl *reductionCallee(const clang::Expr *E) {
  const auto *Call = llvm::dyn_cast<clang::CallExpr>(E);
  if (!Call || llvm::isa<clang::CXXOperatorCallExpr>(Call))
    return nullptr;
  const clang::FunctionDecl *FD = Call->getDirectCallee();
  if (!FD || !FD->getIdentifier())
    return nullptr;
  llvm::StringRef N = FD->getName();
  if (N != "sum" && N != "prod" && N != "min" && N != "max" && N != "dot")
    return nullptr;
  const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(FD->getDeclContext());
  if (!NS || NS->getName() != "clpar")
    return nullptr;
  unsigned Want = N == "dot" ? 2 : 1;
  if (Call->getNumArgs() != Want)
    return nullptr;
  for (const clang::Expr *A : Call->arguments()) {
    clang::QualType T = strip(A)->getType();
    if (!isView(T) && !isElementwise(T))
      return nullptr;
  }
  return FD;
}

bool isElementwiseAssignment(const clang::Expr *E) {
  const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(E);
  if (!OC || OC->getNumArgs() != 2)
    return false;
  switch (OC->getOperator()) {
  case clang::OO_Equal:
  case clang::OO_PlusEqual:
  case clang::OO_MinusEqual:
  case clang::OO_StarEqual:
  case clang::OO_SlashEqual:
    break;
  default:
    return false;
  }
  const clang::Expr *Dst = OC->getArg(0);
  if (!isView(Dst->getType()))
    return false;
  // A named view on the left rebinds (w = v); element-wise assignment needs a prvalue.
  const clang::Expr *D = Dst->IgnoreParenImpCasts();
  if (llvm::isa<clang::DeclRefExpr>(D) || llvm::isa<clang::MemberExpr>(D))
    return false;
  clang::QualType Src = strip(OC->getArg(1))->getType();
  return isView(Src) || isElementwise(Src) || Src->isArithmeticType();
}

} // namespace

bool isSliceStatement(const clang::Expr *E) {
  return isElementwiseAssignment(E) || reductionCallee(E) != nullptr;
}

std::optional<SliceStatement> buildSliceStatement(const clang::Expr *E,
                                                  const std::string &FileName,
                                                  clang::ASTContext &Ctx,
                                                  std::string &Reason) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  SliceStatement S;
  ir::Region &R = S.Region;
  S.Begin = E->getBeginLoc();
  S.End = E->getEndLoc();
  R.Site = {FileName, SM.getSpellingLineNumber(S.Begin), SM.getSpellingColumnNumber(S.Begin)};
  R.KernelName = "clpar_slice_" + std::to_string(R.Site.Line) + "_" +
                 std::to_string(R.Site.Column);
  R.BoundsCheck = false; // every operand has the destination's extents (checked first)
  Builder B(Ctx, S, Reason);
  R.Slice.emplace();
  R.Slice->OriginalText = B.text(E);
  ExprPtr Body;
  if (const clang::FunctionDecl *FD = reductionCallee(E)) {
    const auto *Call = llvm::cast<clang::CallExpr>(E);
    R.Slice->IsReduction = true;
    std::optional<ScalarType> T = B.scalar(Call->getType());
    if (!T)
      return std::nullopt;
    R.Slice->ResultType = Call->getType().getCanonicalType().getUnqualifiedType().getAsString(
        Ctx.getPrintingPolicy());
    std::string Name = FD->getNameAsString();
    ExprPtr Value = B.operand(Call->getArg(0));
    if (!Value)
      return std::nullopt;
    if (Name == "dot") {
      ExprPtr Other = B.operand(Call->getArg(1));
      if (!Other)
        return std::nullopt;
      ExprPtr Product = makeExpr(Expr::Kind::Binary, *T);
      Product->Text = "*";
      Product->Operands.push_back(makeCast(*T, std::move(Value)));
      Product->Operands.push_back(makeCast(*T, std::move(Other)));
      Value = std::move(Product);
    }
    ir::Reduction Red;
    Red.HostExpr = Red.KernelName = "clpar_acc";
    Red.Type = *T;
    Red.Op = Name == "prod" ? ir::ReductionOp::Mul
             : Name == "min" ? ir::ReductionOp::Min
             : Name == "max" ? ir::ReductionOp::Max
                             : ir::ReductionOp::Add;
    R.Reductions.push_back(Red);
    ExprPtr Acc = makeExpr(Expr::Kind::Reduction, *T);
    if (Red.Op == ir::ReductionOp::Min || Red.Op == ir::ReductionOp::Max) {
      ExprPtr M = makeExpr(Expr::Kind::Call, *T);
      M->Text = Red.Op == ir::ReductionOp::Min ? "min" : "max";
      M->Operands.push_back(makeExpr(Expr::Kind::Reduction, *T));
      M->Operands.push_back(makeCast(*T, std::move(Value)));
      Body = makeExpr(Expr::Kind::Binary, *T);
      Body->Text = "=";
      Body->Operands.push_back(std::move(Acc));
      Body->Operands.push_back(std::move(M));
    } else {
      Body = makeExpr(Expr::Kind::Binary, *T);
      Body->Text = Red.Op == ir::ReductionOp::Mul ? "*=" : "+=";
      Body->Operands.push_back(std::move(Acc));
      Body->Operands.push_back(makeCast(*T, std::move(Value)));
    }
  } else {
    const auto *OC = llvm::cast<clang::CXXOperatorCallExpr>(E);
    ExprPtr Dst = B.viewLeaf(strip(OC->getArg(0)), /*Written=*/true);
    if (!Dst)
      return std::nullopt;
    ExprPtr Value = B.operand(OC->getArg(1));
    if (!Value)
      return std::nullopt;
    static const std::map<clang::OverloadedOperatorKind, const char *> Assign = {
        {clang::OO_Equal, "="},     {clang::OO_PlusEqual, "+="}, {clang::OO_MinusEqual, "-="},
        {clang::OO_StarEqual, "*="}, {clang::OO_SlashEqual, "/="}};
    Body = makeExpr(Expr::Kind::Binary, Dst->Type);
    Body->Text = Assign.at(OC->getOperator());
    if (Body->Text == "=")
      Value = makeCast(Dst->Type, std::move(Value));
    Body->Operands.push_back(std::move(Dst));
    Body->Operands.push_back(std::move(Value));
  }
  if (B.Rank == 0) {
    Reason = "has no array operand";
    return std::nullopt;
  }
  if (!Reason.empty())
    return std::nullopt; // a leaf the fallback could not spell
  R.Slice->FallbackText = B.textWithLeaves(E);
  if (R.Slice->FallbackText.empty()) {
    Reason = "has an operand spelled through a macro";
    return std::nullopt;
  }
  // The index space is that of the first array leaf (the destination for assignments).
  std::string Shape;
  for (const auto &[Name, Text] : R.Slice->Leaves)
    if (Name.rfind("clpar_s", 0) != 0) {
      Shape = Name;
      break;
    }
  for (unsigned D = 0; D < std::min(B.Rank, 3u); ++D) {
    ir::Dimension Dim;
    Dim.RangeText = "::clpar::prange(" + Shape + ".extent(" + std::to_string(D) + "))";
    if (B.Rank == 4)
      Dim.RangeText = D == 0 ? "::clpar::prange(" + Shape + ".extent(0) * " + Shape +
                                   ".extent(1))"
                             : "::clpar::prange(" + Shape + ".extent(" +
                                   std::to_string(D + 1) + "))";
    Dim.LoopVarName = "clpar_i" + std::to_string(D);
    Dim.LoopVarDecl = "const std::size_t " + Dim.LoopVarName;
    Dim.LoopVarType = ScalarType::ULong;
    Dim.CountsFromZero = true;
    R.Dims.push_back(Dim);
  }
  auto Stmt = std::make_unique<ir::Stmt>(ir::Stmt::Kind::Expression);
  Stmt->Init = std::move(Body);
  R.KernelBody = std::move(Stmt);
  R.Rows = findElementwiseRows(R);
  R.Lanes = findReductionLanes(R);
  planDeviceSplit(R);
  R.BodyStart = R.Site;
  return S;
}

} // namespace clpar
