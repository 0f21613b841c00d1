//===- Analysis/StandardFunctions.cpp - Recognizing library functions ----===//
#include "Analysis/StandardFunctions.h"

#include "clang/AST/Decl.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"

#include <set>
#include <vector>

namespace clpar {

Home homeOf(const clang::FunctionDecl *FD) {
  const clang::DeclContext *DC = FD->getDeclContext()->getRedeclContext();
  while (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC)) {
    if (!NS->isInline())
      break;
    DC = NS->getDeclContext()->getRedeclContext();
  }
  if (DC->isTranslationUnit() || llvm::isa<clang::LinkageSpecDecl>(DC))
    return Home::Global;
  if (const auto *NS = llvm::dyn_cast<clang::NamespaceDecl>(DC);
      NS && NS->getDeclContext()->getRedeclContext()->isTranslationUnit()) {
    if (NS->getName() == "std")
      return Home::Std;
    if (NS->getName() == "clpar")
      return Home::Clpar;
  }
  return Home::Other;
}

namespace {

/// Whether \p FD is the C or C++ library's (or the compiler's): a built-in, or declared
/// in a system header.  A user's own `double sqrt(long)` is neither.
bool fromTheLibrary(const clang::FunctionDecl *FD) {
  if (FD->getBuiltinID())
    return true;
  const clang::SourceManager &SM = FD->getASTContext().getSourceManager();
  const clang::FunctionDecl *Pattern = FD->getTemplateInstantiationPattern();
  for (const clang::FunctionDecl *D : (Pattern ? Pattern : FD)->redecls())
    if (SM.isInSystemHeader(D->getLocation()))
      return true;
  return false;
}

} // namespace

std::optional<std::string> openclMathName(const clang::FunctionDecl *FD) {
  static const std::set<std::string> Same = {
      "sqrt",  "rsqrt", "cbrt",  "exp",   "exp2",  "expm1", "log",      "log2",
      "log10", "log1p", "sin",   "cos",   "tan",   "asin",  "acos",     "atan",
      "atan2", "sinh",  "cosh",  "tanh",  "pow",   "fabs",  "floor",    "ceil",
      "round", "trunc", "fmin",  "fmax",  "fma",   "hypot", "copysign", "fmod",
      "abs",   "min",   "max",   "asinh", "acosh", "atanh", "erf",      "erfc",
      "tgamma", "lgamma", "fdim", "rint", "ldexp", "ilogb", "logb", "nextafter",
      "remainder", "isnan", "isinf", "isfinite", "isnormal", "signbit", "isgreater",
      "isgreaterequal", "isless", "islessequal", "islessgreater", "isunordered", "lround",
      "llround", "lrint", "llrint"};
  if (!FD || !FD->getIdentifier())
    return std::nullopt;
  std::string Name = FD->getName().str();
  Home H = homeOf(FD);
  if (H == Home::Other || (H != Home::Clpar && !fromTheLibrary(FD)))
    return std::nullopt;
  if (H == Home::Global && FD->getBuiltinID() && llvm::StringRef(Name).starts_with("__builtin_"))
    Name = Name.substr(10);
  const auto Canonical = [](const std::string &N) -> std::optional<std::string> {
    if (Same.count(N))
      return N;
    if (N == "labs" || N == "llabs")
      return std::string("abs");
    if (N == "nearbyint")
      return std::string("rint"); // the same in the default rounding mode
    if (N == "scalbn")
      return std::string("ldexp"); // FLT_RADIX is 2
    return std::nullopt;
  };
  if (std::optional<std::string> C = Canonical(Name))
    return C;
  // C's float variants: sqrtf, fabsf, ...
  if (H == Home::Global && Name.size() > 1 && Name.back() == 'f')
    if (std::optional<std::string> C = Canonical(Name.substr(0, Name.size() - 1));
        C && *C != "min" && *C != "max")
      return C;
  return std::nullopt;
}

bool isStdClamp(const clang::FunctionDecl *FD) {
  return FD->getIdentifier() && FD->getName() == "clamp" && homeOf(FD) == Home::Std &&
         fromTheLibrary(FD);
}

bool isStdMoveOrForward(const clang::FunctionDecl *FD) {
  return FD->getIdentifier() && (FD->getName() == "move" || FD->getName() == "forward") &&
         FD->getNumParams() == 1 && FD->getReturnType()->isReferenceType() &&
         homeOf(FD) == Home::Std && fromTheLibrary(FD);
}

bool isStdInvoke(const clang::FunctionDecl *FD) {
  return FD->getIdentifier() && FD->getName() == "invoke" && homeOf(FD) == Home::Std &&
         fromTheLibrary(FD);
}

namespace {

/// The call operator of \p RD that the body of \p FD calls, directly or through the
/// library's functions it calls (std::__invoke, std::__invoke_impl), at most \p Depth
/// calls deep.
const clang::FunctionDecl *callOperatorCalledIn(const clang::FunctionDecl *FD,
                                                const clang::CXXRecordDecl *RD,
                                                unsigned Depth) {
  const clang::FunctionDecl *Definition = nullptr;
  if (Depth == 0 || !FD->hasBody(Definition) || !Definition->getBody())
    return nullptr;
  struct Calls : clang::RecursiveASTVisitor<Calls> {
    std::vector<const clang::FunctionDecl *> Callees;
    bool VisitCallExpr(clang::CallExpr *C) {
      if (const clang::FunctionDecl *Callee = C->getDirectCallee())
        Callees.push_back(Callee);
      return true;
    }
  } Found;
  Found.TraverseStmt(Definition->getBody());
  for (const clang::FunctionDecl *Callee : Found.Callees) {
    if (const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Callee);
        MD && MD->getOverloadedOperator() == clang::OO_Call &&
        MD->getParent()->getCanonicalDecl() == RD->getCanonicalDecl())
      return MD;
    if (homeOf(Callee) == Home::Std && !isStdMoveOrForward(Callee) && fromTheLibrary(Callee))
      if (const clang::FunctionDecl *Through = callOperatorCalledIn(Callee, RD, Depth - 1))
        return Through;
  }
  return nullptr;
}

} // namespace

const clang::FunctionDecl *stdInvokeTarget(const clang::CallExpr *Invoke) {
  const clang::FunctionDecl *FD = Invoke->getDirectCallee();
  if (!FD || !isStdInvoke(FD) || Invoke->getNumArgs() == 0)
    return nullptr;
  const clang::Expr *F = Invoke->getArg(0)->IgnoreParenImpCasts();
  if (const auto *U = llvm::dyn_cast<clang::UnaryOperator>(F);
      U && U->getOpcode() == clang::UO_AddrOf)
    F = U->getSubExpr()->IgnoreParenImpCasts();
  if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(F))
    if (const auto *Function = llvm::dyn_cast<clang::FunctionDecl>(DRE->getDecl())) {
      const auto *MD = llvm::dyn_cast<clang::CXXMethodDecl>(Function);
      return MD && !MD->isStatic() ? nullptr : Function; // &S::f: a pointer to a member
    }
  if (const clang::CXXRecordDecl *RD = Invoke->getArg(0)->getType()->getAsCXXRecordDecl())
    return callOperatorCalledIn(FD, RD, 4);
  return nullptr;
}

const char *stdRotationName(const clang::FunctionDecl *FD) {
  if (!FD->getIdentifier() || FD->getNumParams() != 2 || homeOf(FD) != Home::Std ||
      !fromTheLibrary(FD))
    return nullptr;
  if (FD->getName() == "rotl")
    return "rotl";
  if (FD->getName() == "rotr")
    return "rotr";
  return nullptr;
}

bool isConstantEvaluatedQuery(const clang::FunctionDecl *FD) {
  if (FD->getBuiltinID() == clang::Builtin::BI__builtin_is_constant_evaluated)
    return true;
  return FD->getIdentifier() && homeOf(FD) == Home::Std &&
         (FD->getName() == "is_constant_evaluated" ||
          FD->getName() == "__is_constant_evaluated");
}

} // namespace clpar
