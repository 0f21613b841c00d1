//===- Analysis/KernelBodyBuilder.cpp - Loop body to kernel IR -----------===//
#include "Analysis/KernelBodyBuilder.h"

#include "Analysis/ClparTypes.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

namespace clpar {

namespace {

using ir::Expr;
using ir::ExprPtr;
using ir::ScalarType;
using ir::Stmt;
using ir::StmtPtr;

using ir::makeCast;
using ir::makeExpr;

/// The OpenCL built-in a C, C++ or clpar math function maps to.
std::optional<std::string> openclMathName(const clang::FunctionDecl *FD) {
  static const std::set<std::string> Same = {
      "sqrt",  "rsqrt", "cbrt",  "exp",   "exp2",  "expm1", "log",      "log2",
      "log10", "log1p", "sin",   "cos",   "tan",   "asin",  "acos",     "atan",
      "atan2", "sinh",  "cosh",  "tanh",  "pow",   "fabs",  "floor",    "ceil",
      "round", "trunc", "fmin",  "fmax",  "fma",   "hypot", "copysign", "fmod",
      "abs",   "min",   "max",   "asinh", "acosh", "atanh", "erf",      "erfc",
      "tgamma", "lgamma", "fdim", "rint", "ldexp", "ilogb", "logb", "nextafter",
      "remainder", "isnan", "isinf", "isfinite", "isnormal", "signbit"};
  if (!FD || !FD->getIdentifier())
    return std::nullopt;
  std::string Name = FD->getName().str();
  const clang::DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  while (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC)) {
    if (!NS->isInline())
      break;
    DC = NS->getDeclContext()->getRedeclContext();
  }
  bool Global = DC->isTranslationUnit() || llvm::isa<clang::LinkageSpecDecl>(DC);
  bool StdOrClpar = false;
  if (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC))
    StdOrClpar = (NS->getName() == "std" || NS->getName() == "clpar") &&
                 NS->getDeclContext()->getRedeclContext()->isTranslationUnit();
  if (!Global && !StdOrClpar)
    return std::nullopt;
  if (Same.count(Name))
    return Name == "fabs" ? std::string("fabs") : Name;
  if (Name == "labs" || Name == "llabs")
    return std::string("abs");
  if (Name == "nearbyint")
    return std::string("rint"); // the same in the default rounding mode
  if (Name == "scalbn")
    return std::string("ldexp"); // FLT_RADIX is 2
  // C's float variants: sqrtf, fabsf, ...
  if (Global && Name.size() > 1 && Name.back() == 'f' &&
      Same.count(Name.substr(0, Name.size() - 1)))
    return Name.substr(0, Name.size() - 1);
  return std::nullopt;
}

std::string formatFloat(const llvm::APFloat &V, ScalarType T) {
  double D = T == ScalarType::Float ? static_cast<double>(V.convertToFloat())
                                    : V.convertToDouble();
  if (std::isinf(D))
    return D > 0 ? "INFINITY" : "-INFINITY";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, T == ScalarType::Float ? "%.9g" : "%.17g", D);
  std::string S = Buf;
  if (S.find_first_of(".eEn") == std::string::npos)
    S += ".0";
  return S;
}

/// What names mean where the builder is: the region body, or a function it calls.
struct Scope {
  std::vector<ir::View> *Views;  ///< views indexed by ViewElement/ViewRef::Index
  KernelNames *Names;
  llvm::DenseMap<const clang::VarDecl *, unsigned> ViewIndex;
  llvm::DenseMap<const clang::VarDecl *, std::string> LocalNames;
  llvm::DenseSet<const clang::VarDecl *> Locals; ///< declared in this body (or params)
  bool InFunction = false;
  unsigned LoopDepth = 0;
  std::set<std::string> ReadOnlyNames; ///< a lambda's captured scalars
};

class Builder {
public:
  Builder(llvm::ArrayRef<const clang::VarDecl *> LoopVars, const CheckedBody &Checked,
          clang::ASTContext &Ctx, KernelNames &Names, ir::Region &R)
      : LoopVars(LoopVars), Checked(Checked), Ctx(Ctx), R(R) {
    RegionScope.Views = &R.Views;
    RegionScope.Names = &Names;
    RegionScope.Locals = Checked.Locals;
    Sc = &RegionScope;
    for (unsigned I = 0; I < R.Reductions.size(); ++I)
      ReductionIndex[Checked.Reductions.begin()[I].first] = I;
  }

  KernelBodyResult run(const clang::Stmt *Body) {
    KernelBodyResult Result;
    std::vector<StmtPtr> Out;
    if (stmtInto(Body, Out) && Out.size() == 1)
      Result.Body = std::move(Out.front());
    Result.Reason = Reason;
    Result.ReasonLoc = ReasonLoc;
    if (!Reason.empty())
      Result.Body.reset();
    return Result;
  }

private:
  std::nullptr_t fail(clang::SourceLocation Loc, const std::string &Why) {
    // A reason found inside a system or other header is reported at the user's call.
    const clang::SourceManager &SM = Ctx.getSourceManager();
    if (TopCallLoc.isValid() &&
        (Loc.isInvalid() || !SM.isWrittenInMainFile(SM.getExpansionLoc(Loc))))
      Loc = TopCallLoc;
    if (Reason.empty()) {
      Reason = Why;
      ReasonLoc = Loc;
    }
    return nullptr;
  }

  std::string typeText(clang::QualType T) {
    clang::PrintingPolicy Policy = Ctx.getPrintingPolicy();
    Policy.SuppressScope = false;
    Policy.FullyQualifiedName = true;
    return T.getCanonicalType().getAsString(Policy);
  }

  std::optional<ScalarType> typeOf(clang::QualType T, clang::SourceLocation Loc) {
    std::optional<ScalarType> S = scalarTypeOf(T, Ctx);
    if (!S) {
      fail(Loc, "uses type '" + typeText(T) + "', which OpenCL C cannot represent");
      return std::nullopt;
    }
    if (*S == ScalarType::Double)
      R.UsesDouble = true;
    return S;
  }

  // ---- statements -------------------------------------------------------

  bool stmtInto(const clang::Stmt *S, std::vector<StmtPtr> &Out) {
    if (!S)
      return false;
    if (const auto *CS = llvm::dyn_cast<clang::CompoundStmt>(S)) {
      auto C = std::make_unique<Stmt>(Stmt::Kind::Compound);
      for (const clang::Stmt *Child : CS->body())
        if (!stmtInto(Child, C->Children))
          return false;
      Out.push_back(std::move(C));
      return true;
    }
    if (const auto *DS = llvm::dyn_cast<clang::DeclStmt>(S)) {
      for (const clang::Decl *D : DS->decls()) {
        const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
        if (!VD)
          return fail(D->getLocation(), "declares something other than a variable"), false;
        StmtPtr Decl = varDecl(VD);
        if (!Decl)
          return false;
        Out.push_back(std::move(Decl));
      }
      return true;
    }
    if (const auto *If = llvm::dyn_cast<clang::IfStmt>(S)) {
      if (If->getInit() || If->getConditionVariable() || If->isConsteval())
        return fail(If->getIfLoc(), "uses an 'if' with an initializer or a declaration"),
               false;
      auto I = std::make_unique<Stmt>(Stmt::Kind::If);
      I->Cond = expr(If->getCond());
      if (!I->Cond || !single(If->getThen(), I->Children))
        return false;
      if (If->getElse() && !single(If->getElse(), I->Children))
        return false;
      Out.push_back(std::move(I));
      return true;
    }
    if (const auto *For = llvm::dyn_cast<clang::ForStmt>(S)) {
      if (For->getConditionVariable())
        return fail(For->getForLoc(), "declares a variable in a 'for' condition"), false;
      auto F = std::make_unique<Stmt>(Stmt::Kind::For);
      if (For->getInit()) {
        std::vector<StmtPtr> Init;
        if (!stmtInto(For->getInit(), Init))
          return false;
        if (Init.size() != 1)
          return fail(For->getForLoc(), "declares several variables in a 'for' header"),
                 false;
        F->Children.push_back(std::move(Init.front()));
      } else {
        F->Children.push_back(nullptr);
      }
      if (For->getCond() && !(F->Cond = expr(For->getCond())))
        return false;
      if (For->getInc() && !(F->Inc = expr(For->getInc())))
        return false;
      ++Sc->LoopDepth;
      bool Ok = single(For->getBody(), F->Children);
      --Sc->LoopDepth;
      if (!Ok)
        return false;
      Out.push_back(std::move(F));
      return true;
    }
    if (const auto *W = llvm::dyn_cast<clang::WhileStmt>(S)) {
      if (W->getConditionVariable())
        return fail(W->getWhileLoc(), "declares a variable in a 'while' condition"), false;
      auto L = std::make_unique<Stmt>(Stmt::Kind::While);
      if (!(L->Cond = expr(W->getCond())))
        return false;
      ++Sc->LoopDepth;
      bool Ok = single(W->getBody(), L->Children);
      --Sc->LoopDepth;
      if (!Ok)
        return false;
      Out.push_back(std::move(L));
      return true;
    }
    if (const auto *Do = llvm::dyn_cast<clang::DoStmt>(S)) {
      auto L = std::make_unique<Stmt>(Stmt::Kind::Do);
      ++Sc->LoopDepth;
      bool Ok = single(Do->getBody(), L->Children);
      --Sc->LoopDepth;
      if (!Ok || !(L->Cond = expr(Do->getCond())))
        return false;
      Out.push_back(std::move(L));
      return true;
    }
    if (llvm::isa<clang::ContinueStmt>(S)) {
      Out.push_back(std::make_unique<Stmt>(Sc->LoopDepth || Sc->InFunction ? Stmt::Kind::Continue
                                                     : Stmt::Kind::EndIteration));
      return true;
    }
    if (llvm::isa<clang::BreakStmt>(S)) {
      Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Break));
      return true;
    }
    if (const auto *Ret = llvm::dyn_cast<clang::ReturnStmt>(S)) {
      if (!Sc->InFunction)
        return fail(Ret->getReturnLoc(), "returns from the loop"), false;
      auto RS = std::make_unique<Stmt>(Stmt::Kind::Return);
      if (Ret->getRetValue()) {
        ExprPtr V = expr(Ret->getRetValue());
        if (!V)
          return false;
        RS->Init = makeCast(CurrentFunction->ReturnType, std::move(V));
      }
      Out.push_back(std::move(RS));
      return true;
    }
    if (llvm::isa<clang::NullStmt>(S)) {
      Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
      return true;
    }
    if (const auto *RF = llvm::dyn_cast<clang::CXXForRangeStmt>(S)) {
      if (isPrangeType(RF->getRangeInit()->getType()))
        return fail(RF->getForLoc(),
                    "contains a prange loop that is not perfectly nested; it runs "
                    "serially in each iteration"),
               false;
      return fail(RF->getForLoc(), "contains a range-based 'for' loop"), false;
    }
    if (const auto *E = llvm::dyn_cast<clang::Expr>(S)) {
      auto ES = std::make_unique<Stmt>(Stmt::Kind::Expression);
      if (!(ES->Init = expr(E)))
        return false;
      Out.push_back(std::move(ES));
      return true;
    }
    return fail(S->getBeginLoc(),
                std::string("contains a statement of kind '") + S->getStmtClassName() + "'"),
           false;
  }

  bool single(const clang::Stmt *S, std::vector<StmtPtr> &Out) {
    std::vector<StmtPtr> Tmp;
    if (!stmtInto(S, Tmp))
      return false;
    if (Tmp.size() == 1) {
      Out.push_back(std::move(Tmp.front()));
    } else {
      auto C = std::make_unique<Stmt>(Stmt::Kind::Compound);
      C->Children = std::move(Tmp);
      Out.push_back(std::move(C));
    }
    return true;
  }

  StmtPtr varDecl(const clang::VarDecl *VD) {
    if (VD->isStaticLocal() || VD->hasExternalStorage())
      return fail(VD->getLocation(), "declares the static variable '" +
                                         VD->getNameAsString() + "'");
    // A lambda needs no storage in a kernel: its calls become calls of a translated
    // function that receives the captured variables as arguments.
    if (const auto *RD = VD->getType()->getAsCXXRecordDecl(); RD && RD->isLambda())
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    if (arrayTypeInfo(VD->getType()) || VD->getType()->isReferenceType())
      return fail(VD->getLocation(),
                  "declares '" + VD->getNameAsString() + "' of type '" +
                      typeText(VD->getType()) + "'; kernels hold only arithmetic locals");
    std::optional<ScalarType> T = typeOf(VD->getType(), VD->getLocation());
    if (!T)
      return nullptr;
    auto D = std::make_unique<Stmt>(Stmt::Kind::Decl);
    D->VarType = *T;
    D->VarConst = VD->getType().isConstQualified();
    D->VarName = Sc->Names->nameFor(VD, VD->getNameAsString());
    Sc->LocalNames[VD] = D->VarName;
    if (const clang::Expr *Init = VD->getInit()) {
      Init = Init->IgnoreImplicit();
      if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(Init)) {
        if (IL->getNumInits() == 0) {
          ExprPtr Zero = makeExpr(Expr::Kind::IntLiteral, ScalarType::Int);
          Zero->Text = "0";
          D->Init = makeCast(*T, std::move(Zero));
          return D;
        }
        Init = IL->getInit(0);
      }
      ExprPtr E = expr(Init);
      if (!E)
        return nullptr;
      D->Init = makeCast(*T, std::move(E));
    }
    return D;
  }

  // ---- expressions ------------------------------------------------------

  ExprPtr expr(const clang::Expr *E) {
    E = E->IgnoreParens();
    if (const auto *C = llvm::dyn_cast<clang::ConstantExpr>(E))
      return expr(C->getSubExpr());
    if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      return expr(C->getSubExpr());
    if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      return expr(M->getSubExpr());
    if (const auto *B = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(E))
      return expr(B->getSubExpr());
    if (const auto *NT = llvm::dyn_cast<clang::SubstNonTypeTemplateParmExpr>(E))
      return expr(NT->getReplacement());
    if (const auto *IC = llvm::dyn_cast<clang::ImplicitCastExpr>(E))
      return implicitCast(IC);
    if (const auto *EC = llvm::dyn_cast<clang::ExplicitCastExpr>(E)) {
      std::optional<ScalarType> T = typeOf(EC->getType(), EC->getBeginLoc());
      if (!T)
        return nullptr;
      ExprPtr Sub = expr(EC->getSubExpr());
      return Sub ? makeCast(*T, std::move(Sub)) : nullptr;
    }
    if (const auto *IL = llvm::dyn_cast<clang::IntegerLiteral>(E)) {
      std::optional<ScalarType> T = typeOf(IL->getType(), IL->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = llvm::toString(IL->getValue(), 10, ir::isSignedInteger(*T));
      return L;
    }
    if (const auto *CL = llvm::dyn_cast<clang::CharacterLiteral>(E)) {
      std::optional<ScalarType> T = typeOf(CL->getType(), CL->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = std::to_string(CL->getValue());
      return L;
    }
    if (const auto *FL = llvm::dyn_cast<clang::FloatingLiteral>(E)) {
      std::optional<ScalarType> T = typeOf(FL->getType(), FL->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::FloatLiteral, *T);
      L->Text = formatFloat(FL->getValue(), *T);
      return L;
    }
    if (const auto *BL = llvm::dyn_cast<clang::CXXBoolLiteralExpr>(E)) {
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, ScalarType::Bool);
      L->Text = BL->getValue() ? "true" : "false";
      return L;
    }
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E))
      return declRef(DRE);
    if (const auto *UO = llvm::dyn_cast<clang::UnaryOperator>(E))
      return unary(UO);
    if (const auto *BO = llvm::dyn_cast<clang::BinaryOperator>(E))
      return binary(BO);
    if (const auto *CO = llvm::dyn_cast<clang::ConditionalOperator>(E)) {
      std::optional<ScalarType> T = typeOf(CO->getType(), CO->getQuestionLoc());
      if (!T)
        return nullptr;
      ExprPtr C = makeExpr(Expr::Kind::Conditional, *T);
      for (const clang::Expr *Op : {CO->getCond(), CO->getTrueExpr(), CO->getFalseExpr()}) {
        ExprPtr P = expr(Op);
        if (!P)
          return nullptr;
        C->Operands.push_back(std::move(P));
      }
      return C;
    }
    if (const auto *OC = llvm::dyn_cast<clang::CXXOperatorCallExpr>(E))
      return operatorCall(OC);
    if (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(E))
      return memberCall(MC);
    if (const auto *CE = llvm::dyn_cast<clang::CallExpr>(E))
      return call(CE);
    if (const auto *AS = llvm::dyn_cast<clang::ArraySubscriptExpr>(E)) {
      const auto *Base = llvm::dyn_cast<clang::DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      if (Base && Base->getType()->isPointerType())
        return fail(AS->getExprLoc(), "uses the raw pointer '" +
                                          Base->getDecl()->getNameAsString() +
                                          "', whose extent is unknown; use a clpar::view");
      return fail(AS->getExprLoc(), "indexes a built-in array or pointer; use a "
                                    "clpar::view, std::vector or std::array");
    }
    if (const auto *TT = llvm::dyn_cast<clang::UnaryExprOrTypeTraitExpr>(E)) {
      clang::Expr::EvalResult V;
      if (TT->EvaluateAsInt(V, Ctx)) {
        ExprPtr L = makeExpr(Expr::Kind::IntLiteral, ScalarType::ULong);
        L->Text = llvm::toString(V.Val.getInt(), 10, false);
        return L;
      }
    }
    return fail(E->getExprLoc(), std::string("uses an expression of kind '") +
                                     E->getStmtClassName() + "'");
  }

  ExprPtr implicitCast(const clang::ImplicitCastExpr *IC) {
    switch (IC->getCastKind()) {
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
      return expr(IC->getSubExpr());
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingCast:
    case clang::CK_IntegralToBoolean:
    case clang::CK_FloatingToBoolean:
    case clang::CK_BooleanToSignedIntegral: {
      std::optional<ScalarType> T = typeOf(IC->getType(), IC->getExprLoc());
      if (!T)
        return nullptr;
      ExprPtr Sub = expr(IC->getSubExpr());
      return Sub ? makeCast(*T, std::move(Sub)) : nullptr;
    }
    default:
      return fail(IC->getExprLoc(), std::string("uses a conversion of kind '") +
                                        IC->getCastKindName() + "'");
    }
  }

  ExprPtr declRef(const clang::DeclRefExpr *DRE) {
    const clang::ValueDecl *D = DRE->getDecl();
    if (const auto *EC = llvm::dyn_cast<clang::EnumConstantDecl>(D)) {
      clang::QualType IntType = DRE->getType();
      if (const auto *ED = llvm::dyn_cast<clang::EnumDecl>(EC->getDeclContext()))
        IntType = ED->getIntegerType();
      std::optional<ScalarType> T = typeOf(IntType, DRE->getLocation());
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = llvm::toString(EC->getInitVal(), 10, ir::isSignedInteger(*T));
      return L;
    }
    const auto *VD = llvm::dyn_cast<clang::VarDecl>(D);
    if (!VD)
      return fail(DRE->getLocation(), "uses '" + D->getNameAsString() +
                                          "', which is not a variable");
    return varRef(VD, DRE->getLocation());
  }

  /// A read of the variable \p VD in the current scope.
  ExprPtr varRef(const clang::VarDecl *VD, clang::SourceLocation Loc) {
    if (!Sc->InFunction)
      for (unsigned I = 0; I < LoopVars.size(); ++I)
        if (LoopVars[I] == VD) {
          ExprPtr L = makeExpr(Expr::Kind::LoopIndex, R.Dims[I].LoopVarType);
          L->Index = I;
          return L;
        }
    if (Sc->Locals.count(VD)) {
      auto It = Sc->LocalNames.find(VD);
      if (It == Sc->LocalNames.end())
        return fail(Loc, "uses '" + VD->getNameAsString() +
                                            "' outside the statements it can translate");
      std::optional<ScalarType> T = typeOf(VD->getType(), Loc);
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::Local, *T);
      L->Text = It->second;
      return L;
    }
    if (arrayTypeInfo(VD->getType()))
      return fail(Loc, "uses '" + VD->getNameAsString() +
                                          "' other than through element access, size() "
                                          "or extent()");
    if (VD->getType().getNonReferenceType()->isPointerType())
      return fail(Loc, "uses the raw pointer '" + VD->getNameAsString() +
                                          "', whose extent is unknown; use a clpar::view");
    std::optional<ScalarType> T = typeOf(VD->getType(), Loc);
    if (!T)
      return nullptr;
    // A constant with a known value becomes a literal (constexpr, or const with a
    // constant initializer): functions and kernels then need no argument for it.
    if (VD->getType().isConstQualified() || VD->isConstexpr()) {
      if (const clang::APValue *V = VD->evaluateValue()) {
        if (V->isInt() || V->isFloat()) {
          ExprPtr L = makeExpr(V->isInt() ? Expr::Kind::IntLiteral : Expr::Kind::FloatLiteral,
                               *T);
          L->Text = V->isInt() ? llvm::toString(V->getInt(), 10, ir::isSignedInteger(*T))
                               : formatFloat(V->getFloat(), *T);
          return L;
        }
      }
    }
    if (Sc->InFunction)
      return fail(Loc, "reads the global variable '" +
                                          VD->getNameAsString() + "' in a called function");
    auto Red = ReductionIndex.find(VD);
    if (Red != ReductionIndex.end()) {
      ExprPtr L = makeExpr(Expr::Kind::Reduction, *T);
      L->Index = Red->second;
      return L;
    }
    auto [It, Inserted] = ScalarIndex.insert({VD, R.Scalars.size()});
    if (Inserted) {
      ir::Scalar S;
      S.HostExpr = VD->isLocalVarDeclOrParm() ? VD->getNameAsString()
                                              : "::" + VD->getQualifiedNameAsString();
      S.KernelName = Sc->Names->nameFor(VD, VD->getNameAsString());
      S.Type = *T;
      R.Scalars.push_back(S);
    }
    ExprPtr L = makeExpr(Expr::Kind::Scalar, *T);
    L->Index = It->second;
    return L;
  }

  void markWritten(const Expr &Target) {
    if (Target.K == Expr::Kind::ViewElement)
      (*Sc->Views)[Target.Index].Written = true;
  }

  bool assignable(const Expr &Target, clang::SourceLocation Loc) {
    if (Target.K == Expr::Kind::Local && Sc->ReadOnlyNames.count(Target.Text)) {
      fail(Loc, "assigns to a variable a lambda captured");
      return false;
    }
    if (Target.K == Expr::Kind::ViewElement || Target.K == Expr::Kind::Local ||
        Target.K == Expr::Kind::LoopIndex || Target.K == Expr::Kind::Reduction) {
      markWritten(Target);
      return true;
    }
    fail(Loc, "assigns to something other than a local variable or an array element");
    return false;
  }

  ExprPtr unary(const clang::UnaryOperator *UO) {
    static const std::map<clang::UnaryOperatorKind, const char *> Ops = {
        {clang::UO_PostInc, "++"}, {clang::UO_PostDec, "--"}, {clang::UO_PreInc, "++"},
        {clang::UO_PreDec, "--"},  {clang::UO_Plus, "+"},     {clang::UO_Minus, "-"},
        {clang::UO_Not, "~"},      {clang::UO_LNot, "!"}};
    auto It = Ops.find(UO->getOpcode());
    if (It == Ops.end())
      return fail(UO->getOperatorLoc(),
                  std::string("uses the operator '") +
                      clang::UnaryOperator::getOpcodeStr(UO->getOpcode()).str() + "'");
    std::optional<ScalarType> T = typeOf(UO->getType(), UO->getOperatorLoc());
    if (!T)
      return nullptr;
    ExprPtr Sub = expr(UO->getSubExpr());
    if (!Sub)
      return nullptr;
    if (UO->isIncrementDecrementOp() && !assignable(*Sub, UO->getOperatorLoc()))
      return nullptr;
    ExprPtr U = makeExpr(Expr::Kind::Unary, *T);
    U->Text = It->second;
    U->Postfix = UO->isPostfix();
    U->Operands.push_back(std::move(Sub));
    return U;
  }

  ExprPtr binary(const clang::BinaryOperator *BO) {
    if (BO->getOpcode() == clang::BO_Comma || BO->isPtrMemOp())
      return fail(BO->getOperatorLoc(),
                  "uses the operator '" + BO->getOpcodeStr().str() + "'");
    std::optional<ScalarType> T = typeOf(BO->getType(), BO->getOperatorLoc());
    if (!T)
      return nullptr;
    ExprPtr L = expr(BO->getLHS());
    ExprPtr Rhs = L ? expr(BO->getRHS()) : nullptr;
    if (!Rhs)
      return nullptr;
    if (BO->isAssignmentOp() && !assignable(*L, BO->getOperatorLoc()))
      return nullptr;
    if (BO->getOpcode() == clang::BO_Assign)
      Rhs = makeCast(L->Type, std::move(Rhs));
    ExprPtr B = makeExpr(Expr::Kind::Binary, *T);
    B->Text = BO->getOpcodeStr().str();
    B->Operands.push_back(std::move(L));
    B->Operands.push_back(std::move(Rhs));
    return B;
  }

  /// The integer inside an index argument (which may be wrapped in the header's
  /// index-with-location type).
  const clang::Expr *unwrapIndex(const clang::Expr *E) {
    while (true) {
      E = E->IgnoreParens();
      if (E->getType()->isArithmeticType() &&
          !llvm::isa<clang::ImplicitCastExpr>(E))
        return E;
      if (const auto *IC = llvm::dyn_cast<clang::ImplicitCastExpr>(E)) {
        if (E->getType()->isArithmeticType() &&
            IC->getCastKind() != clang::CK_UserDefinedConversion)
          return E;
        E = IC->getSubExpr();
      } else if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E)) {
        E = M->getSubExpr();
      } else if (const auto *B = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(E)) {
        E = B->getSubExpr();
      } else if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E)) {
        E = C->getSubExpr();
      } else if (const auto *FC = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(E)) {
        E = FC->getSubExpr();
      } else if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E)) {
        if (CE->getNumArgs() == 0)
          return nullptr;
        E = CE->getArg(0);
      } else {
        return nullptr;
      }
    }
  }

  /// The array variable an access or query is made on, registering it as a view.
  std::optional<unsigned> viewOf(const clang::Expr *Obj, clang::SourceLocation Loc) {
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Obj->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD) {
      fail(Loc, arrayTypeInfo(Obj->getType())
                    ? "takes a sub-view inside the loop; kernels index elements only"
                    : "indexes an array that is not a named variable");
      return std::nullopt;
    }
    return viewOfVar(VD, Loc);
  }

  std::optional<unsigned> viewOfVar(const clang::VarDecl *VD, clang::SourceLocation Loc) {
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(VD->getType());
    if (!Info) {
      fail(Loc, "uses an operator of '" + VD->getNameAsString() + "' of type '" +
                    typeText(VD->getType()) + "'");
      return std::nullopt;
    }
    auto Known = Sc->ViewIndex.find(VD);
    if (Known != Sc->ViewIndex.end())
      return Known->second;
    if (Sc->InFunction || Sc->Locals.count(VD)) {
      fail(Loc, "indexes '" + VD->getNameAsString() +
                    "', an array declared inside the loop");
      return std::nullopt;
    }
    std::optional<ScalarType> Elem = typeOf(Info->Element, Loc);
    if (!Elem)
      return std::nullopt;
    unsigned Index = Sc->Views->size();
    Sc->ViewIndex[VD] = Index;
    ir::View V;
    V.HostExpr = VD->isLocalVarDeclOrParm() ? VD->getNameAsString()
                                            : "::" + VD->getQualifiedNameAsString();
    V.KernelName = Sc->Names->nameFor(VD, VD->getNameAsString());
    V.Kind = Info->Kind;
    V.Element = *Elem;
    V.Rank = Info->Rank;
    V.ConstElements = Info->Element.isConstQualified();
    Sc->Views->push_back(V);
    return Index;
  }

  ExprPtr operatorCall(const clang::CXXOperatorCallExpr *OC) {
    clang::OverloadedOperatorKind Op = OC->getOperator();
    if (Op == clang::OO_Call) {
      const auto *RD = OC->getArg(0)->getType()->getAsCXXRecordDecl();
      if (RD && RD->isLambda())
        return lambdaCall(OC, RD);
    }
    if ((Op != clang::OO_Subscript && Op != clang::OO_Call) || OC->getNumArgs() < 2)
      return fail(OC->getOperatorLoc(), "uses an overloaded operator");
    if (!OC->getType()->isArithmeticType())
      return fail(OC->getOperatorLoc(), "takes a sub-view inside the loop; kernels index "
                                        "elements only");
    std::optional<unsigned> V = viewOf(OC->getArg(0), OC->getOperatorLoc());
    if (!V)
      return nullptr;
    const ir::View &View = (*Sc->Views)[*V];
    // Defaulted trailing arguments (the header's source location) are not indices.
    unsigned NumArgs = OC->getNumArgs();
    while (NumArgs > 1 && llvm::isa<clang::CXXDefaultArgExpr>(OC->getArg(NumArgs - 1)))
      --NumArgs;
    if (NumArgs - 1 != View.Rank)
      return fail(OC->getOperatorLoc(), "indexes '" + View.HostExpr + "' with " +
                                            std::to_string(NumArgs - 1) + " indices");
    ExprPtr A = makeExpr(Expr::Kind::ViewElement, View.Element);
    A->Index = *V;
    A->AccessId = R.AccessCount++;
    {
      const clang::SourceManager &SM = Ctx.getSourceManager();
      // The closing bracket: where the header's bounds_error points under g++.
      clang::SourceLocation L = SM.getSpellingLoc(OC->getEndLoc());
      R.AccessSites.push_back({R.Site.File, SM.getSpellingLineNumber(L),
                               SM.getSpellingColumnNumber(L)});
    }
    for (unsigned I = 1; I < NumArgs; ++I) {
      const clang::Expr *Idx = unwrapIndex(OC->getArg(I));
      if (!Idx || !Idx->getType()->isIntegralOrUnscopedEnumerationType())
        return fail(OC->getArg(I)->getExprLoc(), "indexes '" + View.HostExpr +
                                                     "' with something other than an "
                                                     "integer");
      ExprPtr E = expr(Idx);
      if (!E)
        return nullptr;
      A->Operands.push_back(std::move(E));
    }
    return A;
  }

  ExprPtr memberCall(const clang::CXXMemberCallExpr *MC) {
    const clang::CXXMethodDecl *MD = MC->getMethodDecl();
    std::string Name = MD ? MD->getNameAsString() : "";
    const clang::Expr *Obj = MC->getImplicitObjectArgument();
    if (!Obj || !arrayTypeInfo(Obj->getType()))
      return fail(MC->getExprLoc(), "calls the member function '" + Name + "'");
    std::optional<ScalarType> T = typeOf(MC->getType(), MC->getExprLoc());
    if (!T)
      return nullptr;
    std::optional<unsigned> V = viewOf(Obj, MC->getExprLoc());
    if (!V)
      return nullptr;
    if (Name == "size" && MC->getNumArgs() == 0) {
      ExprPtr S = makeExpr(Expr::Kind::ViewSize, *T);
      S->Index = *V;
      return S;
    }
    if (Name == "extent" && MC->getNumArgs() == 1) {
      clang::Expr::EvalResult D;
      if (!MC->getArg(0)->EvaluateAsInt(D, Ctx) ||
          D.Val.getInt().getZExtValue() >= (*Sc->Views)[*V].Rank)
        return fail(MC->getExprLoc(), "calls extent() with a dimension that is not a "
                                      "constant below the rank");
      ExprPtr S = makeExpr(Expr::Kind::ViewExtent, *T);
      S->Index = *V;
      S->Dim = static_cast<unsigned>(D.Val.getInt().getZExtValue());
      return S;
    }
    return fail(MC->getExprLoc(), "calls '" + Name + "' on '" + (*Sc->Views)[*V].HostExpr +
                                      "'; kernels support element access, size() and "
                                      "extent(d)");
  }

  /// The view argument of a call: a view variable of the current scope, possibly
  /// converted (view<T> to view<const T>) or copied on the way.
  const clang::Expr *viewArgument(const clang::Expr *A) {
    while (true) {
      A = A->IgnoreImplicit()->IgnoreParens();
      if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(A);
          CE && CE->getNumArgs() == 1) {
        A = CE->getArg(0);
        continue;
      }
      if (const auto *FC = llvm::dyn_cast<clang::CXXFunctionalCastExpr>(A)) {
        A = FC->getSubExpr();
        continue;
      }
      return A;
    }
  }

  std::optional<unsigned> translateFunction(
      const clang::FunctionDecl *Def, clang::SourceLocation CallLoc,
      llvm::ArrayRef<const clang::VarDecl *> Captures = {}) {
    std::string Name = Def->getQualifiedNameAsString();
    ir::Function F;
    F.SourceName = Name;
    F.ReturnsVoid = Def->getReturnType()->isVoidType();
    if (!F.ReturnsVoid) {
      std::optional<ScalarType> T = typeOf(Def->getReturnType(), CallLoc);
      if (!T)
        return std::nullopt;
      F.ReturnType = *T;
    }
    KernelNames FunctionNames;
    Scope FS;
    FS.Names = &FunctionNames;
    FS.Views = &F.ViewParams;
    FS.InFunction = true;
    struct Collector : clang::RecursiveASTVisitor<Collector> {
      Scope &FS;
      explicit Collector(Scope &FS) : FS(FS) {}
      bool VisitVarDecl(clang::VarDecl *VD) {
        FS.Locals.insert(VD);
        return true;
      }
    } Collect(FS);
    Collect.TraverseStmt(Def->getBody());
    std::vector<const clang::VarDecl *> Params(Def->param_begin(), Def->param_end());
    Params.insert(Params.end(), Captures.begin(), Captures.end());
    for (unsigned PI = 0; PI < Params.size(); ++PI) {
      const clang::VarDecl *P = Params[PI];
      bool Captured = PI >= Def->getNumParams();
      clang::QualType T = P->getType();
      bool ByValueOrConstRef = Captured || !T->isReferenceType() ||
                               T.getNonReferenceType().isConstQualified();
      ir::Function::Param Param;
      Param.Name = FunctionNames.nameFor(P, P->getNameAsString());
      if (std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T); Info && ByValueOrConstRef) {
        std::optional<ScalarType> Elem = typeOf(Info->Element, P->getLocation());
        if (!Elem)
          return std::nullopt;
        ir::View V;
        V.HostExpr = P->getNameAsString();
        V.KernelName = Param.Name;
        V.Element = *Elem;
        V.Kind = Info->Kind;
        V.Rank = Info->Rank;
        V.ConstElements = Info->Element.isConstQualified() ||
                          T.getNonReferenceType().isConstQualified();
        Param.IsView = true;
        Param.ViewIndex = F.ViewParams.size();
        FS.ViewIndex[P] = Param.ViewIndex;
        F.ViewParams.push_back(V);
      } else if (std::optional<ScalarType> ST = scalarTypeOf(T, Ctx);
                 ST && ByValueOrConstRef) {
        Param.Type = *ST;
        if (*ST == ScalarType::Double)
          R.UsesDouble = true;
        FS.Locals.insert(P);
        FS.LocalNames[P] = Param.Name;
        if (Captured)
          FS.ReadOnlyNames.insert(Param.Name);
      } else {
        fail(P->getLocation(), "calls '" + Name + "', whose parameter '" +
                                   P->getNameAsString() + "' has type '" + typeText(T) +
                                   "' (kernels pass arithmetic values and clpar::view)");
        return std::nullopt;
      }
      F.Params.push_back(Param);
    }
    const clang::FunctionDecl *Key = Def->getCanonicalDecl();
    InProgress.insert(Key);
    Scope *SavedScope = Sc;
    ir::Function *SavedFunction = CurrentFunction;
    Sc = &FS;
    CurrentFunction = &F;
    std::vector<StmtPtr> Out;
    bool Ok = stmtInto(Def->getBody(), Out);
    Sc = SavedScope;
    CurrentFunction = SavedFunction;
    InProgress.erase(Key);
    if (!Ok || Out.size() != 1)
      return std::nullopt;
    F.Body = std::move(Out.front());
    const auto *Method = llvm::dyn_cast<clang::CXXMethodDecl>(Def);
    bool Lambda = Method && Method->getParent()->isLambda();
    if (Lambda) {
      const clang::SourceManager &SM = Ctx.getSourceManager();
      clang::SourceLocation L = SM.getSpellingLoc(Method->getParent()->getLocation());
      F.SourceName = "lambda at line " + std::to_string(SM.getSpellingLineNumber(L));
    }
    std::string Base = "clpar_fn_" + (Lambda ? std::string("lambda")
                                             : identifierPart(Def->getNameAsString()));
    F.KernelName = Base;
    for (unsigned N = 2; UsedFunctionNames.count(F.KernelName); ++N)
      F.KernelName = Base + "_" + std::to_string(N);
    UsedFunctionNames.insert(F.KernelName);
    unsigned Index = R.Functions.size();
    R.Functions.push_back(std::move(F));
    FunctionIndex[Key] = Index;
    return Index;
  }

  ExprPtr userCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD) {
    std::vector<const clang::Expr *> Args(CE->arg_begin(), CE->arg_end());
    return callTranslated(CE->getExprLoc(), FD, Args, {});
  }

  /// A call of a lambda: its call operator becomes a function whose trailing parameters
  /// are the captured variables, passed at each call.
  ExprPtr lambdaCall(const clang::CXXOperatorCallExpr *OC, const clang::CXXRecordDecl *RD) {
    const auto *Op = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(OC->getDirectCallee());
    if (!Op)
      return fail(OC->getExprLoc(), "calls a lambda it cannot resolve");
    std::vector<const clang::VarDecl *> Captures;
    for (const clang::LambdaCapture &C : RD->captures()) {
      if (!C.capturesVariable())
        return fail(C.getLocation(), "calls a lambda that captures 'this'");
      const auto *V = llvm::dyn_cast<clang::VarDecl>(C.getCapturedVar());
      if (!V)
        return fail(C.getLocation(), "calls a lambda with an init-capture");
      bool BodyLocal = !Sc->InFunction && Sc->Locals.count(V);
      if (BodyLocal && C.getCaptureKind() == clang::LCK_ByCopy &&
          !arrayTypeInfo(V->getType()))
        return fail(C.getLocation(), "calls a lambda that captures '" +
                                         V->getNameAsString() +
                                         "', declared in the loop, by copy");
      if (ReductionIndex.count(V))
        return fail(C.getLocation(), "calls a lambda that captures the reduction "
                                     "variable '" + V->getNameAsString() + "'");
      Captures.push_back(V);
    }
    std::vector<const clang::Expr *> Args(OC->arg_begin() + 1, OC->arg_end());
    return callTranslated(OC->getExprLoc(), Op, Args, Captures);
  }

  ExprPtr callTranslated(clang::SourceLocation Loc, const clang::FunctionDecl *FD,
                         llvm::ArrayRef<const clang::Expr *> Args,
                         llvm::ArrayRef<const clang::VarDecl *> Captures) {
    std::string Name = FD->getQualifiedNameAsString();
    const clang::FunctionDecl *Def = nullptr;
    if (!FD->hasBody(Def) || !Def)
      return fail(Loc, "calls '" + Name + "', whose body is not visible");
    const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Def);
    if (MD && !MD->isStatic() && !MD->getParent()->isLambda())
      return fail(Loc, "calls the member function '" + Name + "'");
    if (Def->isVariadic())
      return fail(Loc, "calls the variadic function '" + Name + "'");
    const clang::FunctionDecl *Key = Def->getCanonicalDecl();
    if (InProgress.count(Key))
      return fail(Loc, "calls '" + Name + "' recursively");
    unsigned Index;
    if (auto Found = FunctionIndex.find(Key); Found != FunctionIndex.end()) {
      Index = Found->second;
    } else {
      bool Outermost = !TopCallLoc.isValid();
      if (Outermost)
        TopCallLoc = Loc;
      std::optional<unsigned> I = translateFunction(Def, Loc, Captures);
      if (Outermost)
        TopCallLoc = clang::SourceLocation();
      if (!I)
        return nullptr;
      Index = *I;
    }
    const ir::Function &F = R.Functions[Index];
    ExprPtr C = makeExpr(Expr::Kind::FunctionCall,
                         F.ReturnsVoid ? ScalarType::Int : F.ReturnType);
    C->Index = Index;
    C->Text = F.KernelName;
    for (unsigned I = 0; I < F.Params.size(); ++I) {
      const ir::Function::Param &P = F.Params[I];
      const clang::VarDecl *Captured =
          I >= Args.size() && I - Args.size() < Captures.size() ? Captures[I - Args.size()]
                                                                : nullptr;
      const clang::Expr *Arg = Captured ? nullptr : Args[I];
      if (const auto *DA = llvm::dyn_cast_or_null<clang::CXXDefaultArgExpr>(Arg))
        Arg = DA->getExpr();
      if (!P.IsView) {
        ExprPtr E = Captured ? varRef(Captured, Loc) : expr(Arg);
        if (!E)
          return nullptr;
        C->Operands.push_back(makeCast(P.Type, std::move(E)));
        continue;
      }
      std::optional<unsigned> V;
      if (Captured) {
        V = viewOfVar(Captured, Loc);
      } else {
        const clang::Expr *A = viewArgument(Arg);
        if (!llvm::isa<clang::DeclRefExpr>(A))
          return fail(Arg->getExprLoc(), "passes a view expression to '" + Name +
                                             "'; pass a named view");
        V = viewOf(A, Arg->getExprLoc());
      }
      if (!V)
        return nullptr;
      const ir::View &Callee = F.ViewParams[P.ViewIndex];
      ir::View &Caller = (*Sc->Views)[*V];
      if (Caller.Element != Callee.Element || Caller.Rank != Callee.Rank)
        return fail(Loc, "passes '" + Caller.HostExpr + "' to '" + Name +
                             "' with another element type or rank");
      if (Callee.Written)
        Caller.Written = true;
      ExprPtr VR = makeExpr(Expr::Kind::ViewRef, Caller.Element);
      VR->Index = *V;
      C->Operands.push_back(std::move(VR));
    }
    return C;
  }

  ExprPtr call(const clang::CallExpr *CE) {
    const clang::FunctionDecl *FD = CE->getDirectCallee();
    std::optional<std::string> Builtin = openclMathName(FD);
    if (!Builtin && FD)
      return userCall(CE, FD);
    if (!Builtin)
      return fail(CE->getExprLoc(), "calls a function through a pointer or object");
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    if (!T)
      return nullptr;
    // Classification functions (isnan, signbit, ...) return bool or int for a
    // floating-point argument, and ldexp and scalbn take an int exponent: their
    // arguments keep their own types.  Every other built-in computes in its result type,
    // as C++ does for integer arguments of the <cmath> overloads.
    static const std::set<std::string> Classifying = {"isnan", "isinf", "isfinite",
                                                      "isnormal", "signbit", "ilogb"};
    bool KeepArgTypes = Classifying.count(*Builtin) > 0;
    std::vector<ExprPtr> Args;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      ExprPtr E = expr(CE->getArg(I));
      if (!E)
        return nullptr;
      if (KeepArgTypes) {
        if (!ir::isFloating(E->Type))
          return fail(CE->getExprLoc(), "calls '" + FD->getNameAsString() +
                                            "' with an integer argument");
      } else if (*Builtin == "ldexp" && I == 1) {
        E = makeCast(ScalarType::Int, std::move(E));
      } else {
        E = makeCast(*T, std::move(E));
      }
      Args.push_back(std::move(E));
    }
    if (KeepArgTypes) {
      // OpenCL returns int (0 or 1 for the predicates) where C++ returns bool or int.
      ExprPtr C = makeExpr(Expr::Kind::Call, ScalarType::Int);
      C->Text = *Builtin;
      C->Operands = std::move(Args);
      return makeCast(*T, std::move(C));
    }
    bool Floating = ir::isFloating(*T);
    if (*Builtin == "abs")
      return ir::makeAbs(*T, std::move(Args[0]));
    if (!Floating && *Builtin != "min" && *Builtin != "max")
      return fail(CE->getExprLoc(), "calls '" + FD->getNameAsString() +
                                        "' with an integer result");
    ExprPtr C = makeExpr(Expr::Kind::Call, *T);
    C->Text = *Builtin;
    C->Operands = std::move(Args);
    return C;
  }

  llvm::ArrayRef<const clang::VarDecl *> LoopVars;
  const CheckedBody &Checked;
  clang::ASTContext &Ctx;
  ir::Region &R;
  llvm::DenseMap<const clang::VarDecl *, unsigned> ScalarIndex;
  llvm::DenseMap<const clang::VarDecl *, unsigned> ReductionIndex;
  Scope RegionScope;
  Scope *Sc;
  ir::Function *CurrentFunction = nullptr;
  /// Functions translated or being translated, by canonical declaration.
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> FunctionIndex;
  llvm::DenseSet<const clang::FunctionDecl *> InProgress;
  std::set<std::string> UsedFunctionNames;
  clang::SourceLocation TopCallLoc; ///< the region body's call being translated, if any
  std::string Reason;
  clang::SourceLocation ReasonLoc;
};

} // namespace

KernelBodyResult buildKernelBody(const clang::Stmt *Body,
                                 llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                                 const CheckedBody &Checked, clang::ASTContext &Ctx,
                                 KernelNames &Names, ir::Region &R) {
  return Builder(LoopVars, Checked, Ctx, Names, R).run(Body);
}

} // namespace clpar
