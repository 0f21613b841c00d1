//===- Analysis/KernelBodyBuilder.cpp - Loop body to kernel IR -----------===//
#include "Analysis/KernelBodyBuilder.h"

#include "Analysis/ClparTypes.h"
#include "Analysis/StandardFunctions.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
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

std::string formatFloat(const llvm::APFloat &V, ScalarType T) {
  double D = T == ScalarType::Float ? static_cast<double>(V.convertToFloat())
                                    : V.convertToDouble();
  if (std::isinf(D))
    return D > 0 ? "INFINITY" : "-INFINITY";
  if (std::isnan(D))
    return "NAN";
  char Buf[64];
  std::snprintf(Buf, sizeof Buf, T == ScalarType::Float ? "%.9g" : "%.17g", D);
  std::string S = Buf;
  if (S.find_first_of(".eEn") == std::string::npos)
    S += ".0";
  return S;
}

/// A std::array declared in the body or in a function: each work-item's own array.
struct LocalArray {
  std::string Name;
  ScalarType Element;
  unsigned long long Size;
};

/// Private arrays larger than this stay on the host: a work-item's memory is small.
constexpr unsigned long long MaxPrivateArrayElements = 4096;
/// Tables larger than this (or past the total below) are no tables: a std::array outside
/// the body is then passed as a view, a built-in array is refused, and one declared in
/// the body is a private array.  OpenCL promises 64 KiB of __constant memory per kernel.
constexpr unsigned long long MaxTableBytes = 16384;
constexpr unsigned long long MaxTotalTableBytes = 49152;

/// How the host names the global (or namespace-scope) variable \p VD from anywhere:
/// `::ns::name`, without the unnamed and inline namespaces, which qualified lookup sees
/// through (and which cannot be spelled).
std::string globalName(const clang::VarDecl *VD) {
  clang::PrintingPolicy Policy(VD->getASTContext().getLangOpts());
  Policy.SuppressUnwrittenScope = true;
  Policy.SuppressInlineNamespace = true;
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  VD->printQualifiedName(OS, Policy);
  return "::" + OS.str();
}

/// What names mean where the builder is: the region body, or a function it calls.
struct Scope {
  std::vector<ir::View> *Views;  ///< views indexed by ViewElement/ViewRef::Index
  KernelNames *Names;
  llvm::DenseMap<const clang::VarDecl *, unsigned> ViewIndex;
  llvm::DenseMap<const clang::VarDecl *, std::string> LocalNames;
  llvm::DenseSet<const clang::VarDecl *> Locals; ///< declared in this body (or params)
  llvm::DenseMap<const clang::VarDecl *, LocalArray> Arrays;
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

  KernelBodyResult run(llvm::ArrayRef<const clang::Stmt *> Prefix, const clang::Stmt *Body) {
    KernelBodyResult Result;
    std::vector<StmtPtr> Out;
    if (!Prefix.empty()) {
      // The statements before the inner loops of an imperfect nest, then its body.
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      bool Ok = true;
      for (const clang::Stmt *S : Prefix)
        Ok = Ok && stmtInto(S, Block->Children);
      for (const StmtPtr &S : Block->Children)
        ir::forEachExpr(*S, [&](const Expr &E) {
          if (E.K == Expr::Kind::ViewElement || E.K == Expr::Kind::ViewRef)
            Result.PrefixViews.push_back(E.Index);
        });
      if (Ok && single(Body, Block->Children))
        Result.Body = std::move(Block);
    } else if (stmtInto(Body, Out) && Out.size() == 1) {
      Result.Body = std::move(Out.front());
    }
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
        // Types, aliases and static_assert make no code.
        if (llvm::isa<clang::TypeDecl, clang::UsingDecl, clang::UsingDirectiveDecl,
                      clang::UsingEnumDecl, clang::NamespaceAliasDecl,
                      clang::StaticAssertDecl>(D))
          continue;
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
    if (const auto *AS = llvm::dyn_cast<clang::AttributedStmt>(S))
      return stmtInto(AS->getSubStmt(), Out); // [[fallthrough]], [[likely]], ...
    if (const auto *If = llvm::dyn_cast<clang::IfStmt>(S)) {
      // `if consteval`: a kernel is never constant-evaluated.
      if (If->isConsteval()) {
        const clang::Stmt *Runs = If->isNegatedConsteval() ? If->getThen() : If->getElse();
        if (!Runs) {
          Out.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
          return true;
        }
        return stmtInto(Runs, Out);
      }
      // The initializer and the condition's variable live in a block around the `if`.
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      bool Scoped = If->getInit() || If->getConditionVariable();
      std::vector<StmtPtr> &Into = Scoped ? Block->Children : Out;
      if (!initAndConditionVariable(If->getInit(), If->getConditionVariable(), Into))
        return false;
      if (If->isConstexpr()) {
        // Only the branch the constant condition takes is code.
        bool Value = false;
        if (If->getCond()->isValueDependent() ||
            !If->getCond()->EvaluateAsBooleanCondition(Value, Ctx))
          return fail(If->getIfLoc(), "uses an 'if constexpr' whose condition it cannot "
                                      "evaluate"),
                 false;
        if (const clang::Stmt *Taken = Value ? If->getThen() : If->getElse()) {
          if (!single(Taken, Into))
            return false;
        } else {
          Into.push_back(std::make_unique<Stmt>(Stmt::Kind::Null));
        }
      } else {
        auto I = std::make_unique<Stmt>(Stmt::Kind::If);
        I->Cond = expr(If->getCond());
        if (!I->Cond || !single(If->getThen(), I->Children))
          return false;
        if (If->getElse() && !single(If->getElse(), I->Children))
          return false;
        Into.push_back(std::move(I));
      }
      if (Scoped)
        Out.push_back(std::move(Block));
      return true;
    }
    if (const auto *SW = llvm::dyn_cast<clang::SwitchStmt>(S)) {
      auto Block = std::make_unique<Stmt>(Stmt::Kind::Compound);
      bool Scoped = SW->getInit() || SW->getConditionVariable();
      std::vector<StmtPtr> &Into = Scoped ? Block->Children : Out;
      if (!initAndConditionVariable(SW->getInit(), SW->getConditionVariable(), Into))
        return false;
      auto W = std::make_unique<Stmt>(Stmt::Kind::Switch);
      if (!(W->Cond = expr(SW->getCond())) || !single(SW->getBody(), W->Children))
        return false;
      Into.push_back(std::move(W));
      if (Scoped)
        Out.push_back(std::move(Block));
      return true;
    }
    if (const auto *CS = llvm::dyn_cast<clang::CaseStmt>(S))
      return caseLabel(CS, Out);
    if (const auto *DS = llvm::dyn_cast<clang::DefaultStmt>(S)) {
      auto D = std::make_unique<Stmt>(Stmt::Kind::Default);
      if (!single(DS->getSubStmt(), D->Children))
        return false;
      Out.push_back(std::move(D));
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

  /// The statements an `if` or `switch` runs before its condition: an init-statement and
  /// the declaration of the condition's variable.
  bool initAndConditionVariable(const clang::Stmt *Init, const clang::VarDecl *Variable,
                                std::vector<StmtPtr> &Out) {
    if (Init && !stmtInto(Init, Out))
      return false;
    if (Variable) {
      StmtPtr D = varDecl(Variable);
      if (!D)
        return false;
      Out.push_back(std::move(D));
    }
    return true;
  }

  /// `case V:` (or GNU's `case A ... B:`, as one label per value) and what it labels.
  bool caseLabel(const clang::CaseStmt *CS, std::vector<StmtPtr> &Out) {
    constexpr unsigned MaxRangeValues = 256;
    clang::Expr::EvalResult Low, High;
    if (!CS->getLHS()->EvaluateAsInt(Low, Ctx) ||
        (CS->getRHS() && !CS->getRHS()->EvaluateAsInt(High, Ctx)))
      return fail(CS->getCaseLoc(), "uses a case label it cannot evaluate"), false;
    std::optional<ScalarType> T = typeOf(CS->getLHS()->getType(), CS->getCaseLoc());
    if (!T)
      return false;
    llvm::APSInt First = Low.Val.getInt(), Last = First;
    if (CS->getRHS()) {
      Last = High.Val.getInt();
      if (Last < First) { // an empty range labels nothing
        return stmtInto(CS->getSubStmt(), Out);
      }
      if ((Last - First).ugt(MaxRangeValues - 1))
        return fail(CS->getCaseLoc(),
                    "uses the case range '" + llvm::toString(First, 10) + " ... " +
                        llvm::toString(Last, 10) + "' of more than " +
                        std::to_string(MaxRangeValues) + " values"),
               false;
    }
    std::vector<StmtPtr> Labelled;
    if (!single(CS->getSubStmt(), Labelled))
      return false;
    StmtPtr Inner = std::move(Labelled.front());
    // The labels of a range nest: the last value labels the statement.
    for (llvm::APSInt V = Last;; --V) {
      auto C = std::make_unique<Stmt>(Stmt::Kind::Case);
      C->Init = intLiteral(V, *T);
      C->Children.push_back(std::move(Inner));
      Inner = std::move(C);
      if (V == First)
        break;
    }
    Out.push_back(std::move(Inner));
    return true;
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
    if (llvm::isa<clang::DecompositionDecl>(VD))
      return fail(VD->getLocation(), "declares a structured binding");
    // A lambda needs no storage in a kernel: its calls become calls of a translated
    // function that receives the captured variables as arguments.
    if (const auto *RD = VD->getType()->getAsCXXRecordDecl(); RD && RD->isLambda())
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    // A constant array is a table of the program; a static constant's every use is its
    // value.  Neither needs storage in the work-item.
    if (tableCandidate(VD) && tableOf(VD))
      return std::make_unique<Stmt>(Stmt::Kind::Null);
    if (VD->isStaticLocal() || VD->hasExternalStorage()) {
      if (constantValue(VD))
        return std::make_unique<Stmt>(Stmt::Kind::Null);
      return fail(VD->getLocation(), "declares the static variable '" +
                                         VD->getNameAsString() + "'");
    }
    if (std::optional<ArrayShape> Shape = arrayShape(VD->getType());
        Shape && !VD->getType()->isReferenceType())
      return arrayDecl(VD, *Shape);
    if (VD->getType()->isReferenceType() && !arrayTypeInfo(VD->getType()))
      if (std::optional<StmtPtr> Alias = referenceLocal(VD))
        return std::move(*Alias);
    if (arrayTypeInfo(VD->getType()) || VD->getType()->isReferenceType())
      return fail(VD->getLocation(),
                  "declares '" + VD->getNameAsString() + "' of type '" +
                      typeText(VD->getType()) + "'; kernels hold only arithmetic locals");
    return valueDecl(VD, VD->getType());
  }

  /// The declaration of the arithmetic local \p VD, of type \p Type.
  StmtPtr valueDecl(const clang::VarDecl *VD, clang::QualType Type) {
    std::optional<ScalarType> T = typeOf(Type, VD->getLocation());
    if (!T)
      return nullptr;
    auto D = std::make_unique<Stmt>(Stmt::Kind::Decl);
    D->VarType = *T;
    D->VarConst = Type.isConstQualified();
    D->VarName = Sc->Names->nameFor(VD, VD->getNameAsString());
    Sc->LocalNames[VD] = D->VarName;
    // C++ evaluates a constant's initializer as a constant expression (where
    // std::is_constant_evaluated() is true): its value is the initializer.
    if (VD->isUsableInConstantExpressions(Ctx))
      if (ExprPtr V = constantValue(VD)) {
        D->Init = std::move(V);
        return D;
      }
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

  /// A 1-D array of arithmetic values, std::array<T, N> or T[N], as declared.
  struct ArrayShape {
    clang::QualType Element;
    unsigned long long Size;
    bool Std; ///< std::array: its value is a struct around the built-in array
  };

  std::optional<ArrayShape> arrayShape(clang::QualType T) {
    T = T.getNonReferenceType();
    std::optional<ArrayShape> Shape;
    if (std::optional<ArrayTypeInfo> Info = arrayTypeInfo(T);
        Info && Info->Kind == ir::ViewKind::Array) {
      const auto *CTS = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          T.getCanonicalType()->getAsCXXRecordDecl());
      if (CTS && CTS->getTemplateArgs().size() >= 2 &&
          CTS->getTemplateArgs()[1].getKind() == clang::TemplateArgument::Integral)
        Shape = ArrayShape{Info->Element,
                           CTS->getTemplateArgs()[1].getAsIntegral().getZExtValue(), true};
    } else if (const auto *CAT = Ctx.getAsConstantArrayType(T)) {
      Shape = ArrayShape{CAT->getElementType(), CAT->getSize().getZExtValue(), false};
    }
    if (Shape && !scalarTypeOf(Shape->Element, Ctx))
      return std::nullopt;
    return Shape;
  }

  /// The value of \p VD when it is a scalar constant the compiler knows (constexpr, or
  /// const with a constant initializer), as a literal; null otherwise, with no reason.
  ExprPtr constantValue(const clang::VarDecl *VD) {
    // A parameter's initializer is its default argument, not its value.
    if ((!VD->isConstexpr() && !VD->getType().isConstQualified()) ||
        VD->getType()->isReferenceType() || llvm::isa<clang::ParmVarDecl>(VD))
      return nullptr;
    const clang::VarDecl *WithInit = nullptr;
    const clang::Expr *Init = VD->getAnyInitializer(WithInit);
    std::optional<ScalarType> T = scalarTypeOf(VD->getType(), Ctx);
    if (!Init || Init->isValueDependent() || !T)
      return nullptr;
    const clang::APValue *V = WithInit->evaluateValue();
    ExprPtr L = V ? literalOf(*V, *T) : nullptr;
    if (L && *T == ScalarType::Double)
      R.UsesDouble = true;
    return L;
  }

  /// \p V of type \p T as a literal; null for values of other kinds.
  ExprPtr literalOf(const clang::APValue &V, ScalarType T) {
    if (V.isInt() && T == ScalarType::Bool) {
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, T);
      L->Text = V.getInt().getBoolValue() ? "true" : "false";
      return L;
    }
    if (V.isInt() && !ir::isFloating(T))
      return intLiteral(V.getInt(), T);
    if (V.isFloat() && ir::isFloating(T)) {
      ExprPtr L = makeExpr(Expr::Kind::FloatLiteral, T);
      L->Text = formatFloat(V.getFloat(), T);
      return L;
    }
    return nullptr;
  }

  /// \p V as a literal of the integer type \p T.  The most negative int or long has no
  /// literal of its own type (its magnitude does not fit): it is written -MAX - 1.
  ExprPtr intLiteral(const llvm::APSInt &V, ScalarType T) {
    bool Signed = ir::isSignedInteger(T);
    if (Signed && V.isNegative() && V.isMinSignedValue() &&
        (T == ScalarType::Int || T == ScalarType::Long)) {
      ExprPtr Max = makeExpr(Expr::Kind::IntLiteral, T);
      Max->Text = "-" + llvm::toString(llvm::APSInt::getMaxValue(V.getBitWidth(), false), 10);
      ExprPtr One = makeExpr(Expr::Kind::IntLiteral, T);
      One->Text = "1";
      ExprPtr B = makeExpr(Expr::Kind::Binary, T);
      B->Text = "-";
      B->Operands.push_back(std::move(Max));
      B->Operands.push_back(std::move(One));
      return B;
    }
    ExprPtr L = makeExpr(Expr::Kind::IntLiteral, T);
    L->Text = llvm::toString(V, 10, Signed);
    return L;
  }

  ExprPtr zeroOf(ScalarType T) {
    ExprPtr Zero = makeExpr(Expr::Kind::IntLiteral, ScalarType::Int);
    Zero->Text = "0";
    if (T == ScalarType::Bool) {
      Zero = makeExpr(Expr::Kind::BoolLiteral, T);
      Zero->Text = "false";
    }
    return makeCast(T, std::move(Zero));
  }

  /// Whether \p VD is an array whose values the compiler knows (constexpr, or const with
  /// static storage and a constant initializer) and that is small enough for a table.
  bool tableCandidate(const clang::VarDecl *VD) {
    if (VD->getType()->isReferenceType() ||
        (!VD->isConstexpr() && !(VD->getType().isConstQualified() && VD->hasGlobalStorage())))
      return false;
    std::optional<ArrayShape> Shape = arrayShape(VD->getType());
    if (!Shape || Shape->Size == 0 ||
        Shape->Size * Ctx.getTypeSizeInChars(Shape->Element).getQuantity() > MaxTableBytes)
      return false;
    const clang::VarDecl *WithInit = nullptr;
    const clang::Expr *Init = VD->getAnyInitializer(WithInit);
    return Init && !Init->isValueDependent() && WithInit->evaluateValue();
  }

  /// The table \p VD becomes, made on first use; nothing (no reason given) when it is no
  /// table candidate or the tables would outgrow __constant memory.
  std::optional<unsigned> tableOf(const clang::VarDecl *VD) {
    if (auto Known = TableIndex.find(VD); Known != TableIndex.end())
      return Known->second;
    if (!tableCandidate(VD))
      return std::nullopt;
    ArrayShape Shape = *arrayShape(VD->getType());
    ScalarType Elem = *scalarTypeOf(Shape.Element, Ctx);
    unsigned long long Bytes =
        Shape.Size * Ctx.getTypeSizeInChars(Shape.Element).getQuantity();
    if (TableBytes + Bytes > MaxTotalTableBytes)
      return std::nullopt;
    const clang::VarDecl *WithInit = nullptr;
    VD->getAnyInitializer(WithInit);
    const clang::APValue *Elems = WithInit->evaluateValue();
    if (Shape.Std)
      Elems = Elems->isStruct() && Elems->getStructNumFields() == 1
                  ? &Elems->getStructField(0)
                  : nullptr;
    if (!Elems || !Elems->isArray() || Elems->getArraySize() != Shape.Size)
      return std::nullopt;
    // bool has no defined size in OpenCL C's __constant memory: stored as uchar.
    ir::Table T;
    T.Element = Elem == ScalarType::Bool ? ScalarType::UChar : Elem;
    for (unsigned I = 0; I < Shape.Size; ++I) {
      const clang::APValue &E = I < Elems->getArrayInitializedElts()
                                    ? Elems->getArrayInitializedElt(I)
                                    : Elems->getArrayFiller();
      ExprPtr L = literalOf(E, Elem);
      if (!L)
        return std::nullopt;
      if (Elem == ScalarType::Bool) {
        bool True = L->Text == "true";
        L = makeExpr(Expr::Kind::IntLiteral, ScalarType::UChar);
        L->Text = True ? "1" : "0";
      }
      T.Values.push_back(std::move(L));
    }
    if (Elem == ScalarType::Double)
      R.UsesDouble = true;
    std::string Base = "clpar_table_" + identifierPart(VD->getNameAsString());
    T.KernelName = Base;
    for (unsigned N = 2; UsedTableNames.count(T.KernelName); ++N)
      T.KernelName = Base + "_" + std::to_string(N);
    UsedTableNames.insert(T.KernelName);
    TableBytes += Bytes;
    unsigned Index = R.Tables.size();
    TableIndex[VD] = Index;
    R.Tables.push_back(std::move(T));
    return Index;
  }

  /// A std::array or built-in array declared in the body (or a function): a private array.
  StmtPtr arrayDecl(const clang::VarDecl *VD, const ArrayShape &Shape) {
    std::optional<ScalarType> Elem = typeOf(Shape.Element, VD->getLocation());
    if (!Elem)
      return nullptr;
    if (Shape.Size > MaxPrivateArrayElements || Shape.Size == 0)
      return fail(VD->getLocation(),
                  "declares '" + VD->getNameAsString() + "', an array of " +
                      std::to_string(Shape.Size) + " elements; kernels hold arrays of 1 to " +
                      std::to_string(MaxPrivateArrayElements) + " elements");
    auto D = std::make_unique<Stmt>(Stmt::Kind::ArrayDecl);
    D->VarType = *Elem;
    D->ArraySize = Shape.Size;
    D->VarConst = VD->getType().isConstQualified();
    D->VarName = Sc->Names->nameFor(VD, VD->getNameAsString());
    if (const clang::Expr *Init = VD->getInit()) {
      Init = Init->IgnoreImplicit();
      const auto *List = llvm::dyn_cast<clang::InitListExpr>(Init);
      // std::array is a struct around a built-in array: its list holds the array's.
      if (List && Shape.Std && List->getNumInits() == 1)
        if (const auto *Inner =
                llvm::dyn_cast<clang::InitListExpr>(List->getInit(0)->IgnoreImplicit()))
          List = Inner;
      const auto *Construct = llvm::dyn_cast<clang::CXXConstructExpr>(Init);
      if (List) {
        // What the list leaves out is value-initialized: zero.
        D->ZeroFill = true;
        unsigned Given = List->getNumInits();
        while (Given > 0 &&
               llvm::isa<clang::ImplicitValueInitExpr>(List->getInit(Given - 1)))
          --Given;
        if (Shape.Std && Given == 1 && List->getInit(0)->getType()->isArrayType())
          Given = 0; // `{}` of a std::array: the inner array's value-initialization
        for (unsigned I = 0; I < Given; ++I) {
          ExprPtr E = expr(List->getInit(I));
          if (!E)
            return nullptr;
          D->Elements.push_back(makeCast(*Elem, std::move(E)));
        }
      } else if (Construct && Construct->getNumArgs() == 0) {
        D->ZeroFill = Construct->requiresZeroInitialization();
      } else {
        const clang::Expr *Source = Init;
        if (Construct && Construct->getNumArgs() == 1)
          Source = Construct->getArg(0)->IgnoreImplicit();
        const auto *Ref = llvm::dyn_cast<clang::DeclRefExpr>(Source->IgnoreParenImpCasts());
        const auto *From = Ref ? llvm::dyn_cast<clang::VarDecl>(Ref->getDecl()) : nullptr;
        if (From && Sc->Arrays.count(From))
          return fail(Ref->getLocation(), "uses the local array '" +
                                              From->getNameAsString() +
                                              "' other than through element access, "
                                              "size(), front() or back()");
        return fail(VD->getLocation(), "initializes the array '" + VD->getNameAsString() +
                                           "' other than with a braced list of values");
      }
    }
    Sc->Arrays[VD] = LocalArray{D->VarName, *Elem, Shape.Size};
    return D;
  }

  /// The private array or table \p Obj names, if it names one (registering the table).
  const clang::VarDecl *heldArray(const clang::Expr *Obj) {
    const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Obj->IgnoreParenImpCasts());
    const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
    if (!VD || (!Sc->Arrays.count(VD) && !tableOf(VD)))
      return nullptr;
    return VD;
  }

  /// Whether \p VD, a private array or table, is declared where the builder is: it exists
  /// in the kernel only as an array, not also as a view the host could pass.
  bool declaredHere(const clang::VarDecl *VD) {
    return Sc->Arrays.count(VD) || (Sc->Locals.count(VD) && TableIndex.count(VD));
  }

  /// Element \p Index of the private array or table \p VD; \p Bracket is where the access
  /// ends, for an out-of-range report.
  ExprPtr arrayElement(const clang::VarDecl *VD, ExprPtr Index, clang::SourceLocation Bracket) {
    if (!Index)
      return nullptr;
    ExprPtr A = makeExpr(Expr::Kind::ArrayElement, ScalarType::Int);
    bool StoredBool = false;
    if (auto It = Sc->Arrays.find(VD); It != Sc->Arrays.end()) {
      A->Type = It->second.Element;
      A->Text = It->second.Name;
      A->Extent = It->second.Size;
    } else {
      const ir::Table &T = R.Tables[TableIndex.find(VD)->second];
      A->Type = T.Element;
      A->Text = T.KernelName;
      A->Extent = T.Values.size();
      StoredBool = scalarTypeOf(arrayShape(VD->getType())->Element, Ctx) == ScalarType::Bool;
    }
    A->AccessId = R.AccessCount++;
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::SourceLocation L = SM.getSpellingLoc(Bracket);
    R.AccessSites.push_back(
        {R.Site.File, SM.getSpellingLineNumber(L), SM.getSpellingColumnNumber(L)});
    A->Operands.push_back(std::move(Index));
    return StoredBool ? makeCast(ScalarType::Bool, std::move(A)) : std::move(A);
  }

  /// size(), front() and back() of a private array or table (the calls whose meaning is
  /// the same for the array the kernel holds).
  ExprPtr arrayMember(const clang::CXXMemberCallExpr *MC, const clang::VarDecl *VD,
                      const std::string &Name) {
    unsigned long long Size = arrayShape(VD->getType())->Size;
    if ((Name == "size" || Name == "max_size") && MC->getNumArgs() == 0) {
      std::optional<ScalarType> T = typeOf(MC->getType(), MC->getExprLoc());
      if (!T)
        return nullptr;
      return intLiteral(llvm::APSInt(llvm::APInt(64, Size), true), *T);
    }
    if (Name == "empty" && MC->getNumArgs() == 0) {
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, ScalarType::Bool);
      L->Text = Size == 0 ? "true" : "false";
      return L;
    }
    if ((Name == "front" || Name == "back") && MC->getNumArgs() == 0) {
      ExprPtr I = makeExpr(Expr::Kind::IntLiteral, ScalarType::ULong);
      I->Text = std::to_string(Name == "front" ? 0 : Size - 1);
      return arrayElement(VD, std::move(I), MC->getEndLoc());
    }
    return nullptr;
  }

  // ---- expressions ------------------------------------------------------

  ExprPtr expr(const clang::Expr *E) {
    E = E->IgnoreParens();
    if (const auto *C = llvm::dyn_cast<clang::ConstantExpr>(E)) {
      // A consteval call's value, which the compiler computed.
      if (std::optional<ScalarType> T = scalarTypeOf(C->getType(), Ctx);
          T && C->hasAPValueResult())
        if (ExprPtr L = literalOf(C->getAPValueResult(), *T)) {
          if (*T == ScalarType::Double)
            R.UsesDouble = true;
          return L;
        }
      return expr(C->getSubExpr());
    }
    if (llvm::isa<clang::ImplicitValueInitExpr, clang::CXXScalarValueInitExpr>(E)) {
      std::optional<ScalarType> T = typeOf(E->getType(), E->getExprLoc());
      return T ? zeroOf(*T) : nullptr;
    }
    // T{} and T{x} of an arithmetic T (`return {};`).
    if (const auto *IL = llvm::dyn_cast<clang::InitListExpr>(E);
        IL && IL->getNumInits() <= 1 && E->getType()->isArithmeticType()) {
      std::optional<ScalarType> T = typeOf(E->getType(), E->getExprLoc());
      if (!T)
        return nullptr;
      if (IL->getNumInits() == 0)
        return zeroOf(*T);
      ExprPtr V = expr(IL->getInit(0));
      return V ? makeCast(*T, std::move(V)) : nullptr;
    }
    if (const auto *C = llvm::dyn_cast<clang::ExprWithCleanups>(E))
      return expr(C->getSubExpr());
    if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      return expr(M->getSubExpr());
    if (const auto *B = llvm::dyn_cast<clang::CXXBindTemporaryExpr>(E))
      return expr(B->getSubExpr());
    if (const auto *NT = llvm::dyn_cast<clang::SubstNonTypeTemplateParmExpr>(E))
      return expr(NT->getReplacement());
    // sizeof...(Ts): a constant of the instantiation.
    if (const auto *SP = llvm::dyn_cast<clang::SizeOfPackExpr>(E)) {
      clang::Expr::EvalResult V;
      std::optional<ScalarType> T = typeOf(SP->getType(), SP->getOperatorLoc());
      if (!T || !SP->EvaluateAsInt(V, Ctx))
        return T ? fail(SP->getOperatorLoc(), "uses a 'sizeof...' without a value") : nullptr;
      ExprPtr L = makeExpr(Expr::Kind::IntLiteral, *T);
      L->Text = llvm::toString(V.Val.getInt(), 10, ir::isSignedInteger(*T));
      return L;
    }
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
    if (const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E))
      return member(ME);
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
      if (const clang::VarDecl *AV = heldArray(AS->getBase()))
        return arrayElement(AV, expr(AS->getIdx()), AS->getRBracketLoc());
      const auto *Base = llvm::dyn_cast<clang::DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      if (Base && Base->getType()->isPointerType())
        return fail(AS->getExprLoc(), "uses the raw pointer '" +
                                          Base->getDecl()->getNameAsString() +
                                          "', whose extent is unknown; use a clpar::view");
      if (const auto *VD = Base ? llvm::dyn_cast<clang::VarDecl>(Base->getDecl()) : nullptr;
          VD && tableCandidate(VD))
        return fail(AS->getExprLoc(),
                    "reads the constant array '" + VD->getNameAsString() +
                        "', which does not fit in the kernel's constant tables (" +
                        std::to_string(MaxTotalTableBytes / 1024) + " KiB in all)");
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

  /// A reference declared in the body (`auto &x = v(i, j);`, `const float &y = t;`):
  /// nullopt where it is none of the shapes below (the caller refuses it).  Bound to an
  /// element of a view or local array, or to a local, whose place the initializer decides
  /// once and for all, the reference is an alias: each use is its initializer again (so
  /// the analyses see the element's accesses and writes), and the declaration needs no
  /// storage.  A const reference bound to a temporary (`const float &y = a[i] * 2`) is
  /// a constant local holding the value.
  std::optional<StmtPtr> referenceLocal(const clang::VarDecl *VD) {
    const clang::Expr *Init = VD->getInit();
    if (!Init)
      return std::nullopt;
    if (const auto *Cleanups = llvm::dyn_cast<clang::ExprWithCleanups>(Init))
      Init = Cleanups->getSubExpr();
    if (llvm::isa<clang::MaterializeTemporaryExpr>(Init->IgnoreParens())) {
      const clang::QualType T = VD->getType().getNonReferenceType();
      if (!T.isConstQualified() || !T->isArithmeticType())
        return std::nullopt;
      return valueDecl(VD, T);
    }
    Init = Init->IgnoreParens();
    if (Init->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false))
      return StmtPtr(fail(VD->getLocation(), "binds the reference '" + VD->getNameAsString() +
                                                  "' with an initializer that has side effects"));
    if (const clang::VarDecl *Moving = changingVariableIn(Init, VD))
      return StmtPtr(fail(VD->getLocation(),
                          "binds the reference '" + VD->getNameAsString() +
                              "' to an element whose index uses '" +
                              Moving->getNameAsString() + "', which the loop may change"));
    ExprPtr Target = expr(Init);
    if (!Target)
      return StmtPtr();
    if (Target->K != Expr::Kind::ViewElement && Target->K != Expr::Kind::ArrayElement &&
        Target->K != Expr::Kind::Local)
      return std::nullopt;
    Aliases[VD] = Init;
    return std::make_unique<Stmt>(Stmt::Kind::Null);
  }

  /// A variable of the body that \p E reads and that the statements after \p Ref's
  /// declaration in its block may change: the place a reference bound to \p E names
  /// could change with it.
  const clang::VarDecl *changingVariableIn(const clang::Expr *E, const clang::VarDecl *Ref) {
    const clang::Stmt *Rest = nullptr; // the block holding Ref's declaration
    const clang::Stmt *Declaration = nullptr;
    for (const clang::DynTypedNode &P : Ctx.getParents(*Ref))
      if (const auto *DS = P.get<clang::DeclStmt>()) {
        Declaration = DS;
        for (const clang::DynTypedNode &Q : Ctx.getParents(*DS))
          Rest = Q.get<clang::CompoundStmt>();
      }
    struct Reads : clang::RecursiveASTVisitor<Reads> {
      Builder &B;
      const clang::Stmt *Rest, *Declaration;
      const clang::VarDecl *Found = nullptr;
      Reads(Builder &B, const clang::Stmt *Rest, const clang::Stmt *Declaration)
          : B(B), Rest(Rest), Declaration(Declaration) {}
      bool VisitDeclRefExpr(clang::DeclRefExpr *DRE) {
        const auto *V = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
        if (V && B.Sc->Locals.count(V) && !B.Aliases.count(V) &&
            !V->getType().isConstQualified() && !V->getType()->isReferenceType() &&
            !B.Sc->Arrays.count(V) &&
            std::find(B.LoopVars.begin(), B.LoopVars.end(), V) == B.LoopVars.end() &&
            (!Rest || B.changedAfter(V, Rest, Declaration)))
          Found = V;
        return Found == nullptr;
      }
    } Use(*this, Rest, Declaration);
    // A local bound whole (`float &y = t;`) names the same variable whatever its value.
    if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(E->IgnoreImpCasts()))
      if (llvm::isa<clang::VarDecl>(DRE->getDecl()))
        return nullptr;
    Use.TraverseStmt(const_cast<clang::Expr *>(E));
    return Use.Found;
  }

  /// Whether a statement of \p Block after \p After may change \p V: uses it other than
  /// by reading its value (so a use bound to a const reference counts too: cautious).
  bool changedAfter(const clang::VarDecl *V, const clang::Stmt *Block,
                    const clang::Stmt *After) {
    struct Writes : clang::RecursiveASTVisitor<Writes> {
      const clang::VarDecl *V;
      clang::ASTContext &Ctx;
      bool Found = false;
      Writes(const clang::VarDecl *V, clang::ASTContext &Ctx) : V(V), Ctx(Ctx) {}
      bool shouldVisitLambdaBody() const { return true; }
      bool VisitDeclRefExpr(clang::DeclRefExpr *DRE) {
        if (DRE->getDecl() != V)
          return true;
        // Only a read leaves it as it is: its value converted to an rvalue.  Anything else
        // (assigned, incremented, its address taken, bound to a reference) may change it.
        for (const clang::DynTypedNode &P : Ctx.getParents(*DRE)) {
          const auto *Cast = P.get<clang::ImplicitCastExpr>();
          if (Cast && Cast->getCastKind() == clang::CK_LValueToRValue)
            return true;
        }
        Found = true;
        return false;
      }
    };
    bool Seen = After == nullptr;
    for (const clang::Stmt *S : Block->children()) {
      if (!Seen) {
        Seen = S == After;
        continue;
      }
      Writes W(V, Ctx);
      W.TraverseStmt(const_cast<clang::Stmt *>(S));
      if (W.Found)
        return true;
    }
    return false;
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
    if (auto Alias = Aliases.find(VD); Alias != Aliases.end())
      return expr(Alias->second);
    if (declaredHere(VD))
      return fail(Loc, "uses the local array '" + VD->getNameAsString() +
                           "' other than through element access, size(), front() or back()");
    if (auto It = Sc->LocalNames.find(VD); Sc->Locals.count(VD) && It != Sc->LocalNames.end()) {
      std::optional<ScalarType> T = typeOf(VD->getType(), Loc);
      if (!T)
        return nullptr;
      ExprPtr L = makeExpr(Expr::Kind::Local, *T);
      L->Text = It->second;
      return L;
    }
    // A constant with a known value becomes a literal (constexpr, or const with a
    // constant initializer, static locals included): functions and kernels then need no
    // argument for it.
    if (ExprPtr C = constantValue(VD))
      return C;
    if (Sc->Locals.count(VD))
      return fail(Loc, "uses '" + VD->getNameAsString() +
                           "' outside the statements it can translate");
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
    if (Sc->InFunction)
      return fail(Loc, "reads the global variable '" +
                                          VD->getNameAsString() + "' in a called function");
    auto Red = ReductionIndex.find(VD);
    if (Red != ReductionIndex.end()) {
      ExprPtr L = makeExpr(Expr::Kind::Reduction, *T);
      L->Index = Red->second;
      return L;
    }
    return scalarArgument(VD,
                          VD->isLocalVarDeclOrParm() ? VD->getNameAsString()
                                                     : globalName(VD),
                          *T);
  }

  /// The kernel argument holding \p D's value, \p HostExpr on the host when the region
  /// starts.
  ExprPtr scalarArgument(const clang::ValueDecl *D, std::string HostExpr, ScalarType T) {
    return scalarArgument(D, std::move(HostExpr), D->getNameAsString(), T);
  }

  /// The same for the value \p Key stands for (a declaration, or an interned member
  /// path), named after \p UserName in the kernel.
  ExprPtr scalarArgument(const void *Key, std::string HostExpr, const std::string &UserName,
                         ScalarType T) {
    auto [It, Inserted] = ScalarIndex.insert({Key, R.Scalars.size()});
    if (Inserted) {
      ir::Scalar S;
      S.HostExpr = std::move(HostExpr);
      S.KernelName = Sc->Names->nameFor(Key, UserName);
      S.Type = T;
      R.Scalars.push_back(S);
    }
    ExprPtr L = makeExpr(Expr::Kind::Scalar, T);
    L->Index = It->second;
    return L;
  }

  /// The data member of the object a member function runs on (`this->f`, written `f`).
  static const clang::FieldDecl *memberOfThis(const clang::Expr *E) {
    const auto *ME = llvm::dyn_cast<clang::MemberExpr>(E->IgnoreParenImpCasts());
    if (!ME || !llvm::isa<clang::CXXThisExpr>(ME->getBase()->IgnoreParenImpCasts()))
      return nullptr;
    return llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
  }

  /// `obj.f`, `obj.g.f` or `this->g.f`, where obj is a variable the region does not
  /// declare (a local, parameter or global outside it, by value or by reference): the
  /// expression the host reads it by.  Nullopt for other shapes (through a pointer, an
  /// element, a call).  member() refuses bit-fields and volatile members first; the
  /// objects on the path are records, never either.
  std::optional<std::string> objectMemberPath(const clang::MemberExpr *ME) {
    const auto *FD = llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
    if (!FD || ME->isArrow())
      return std::nullopt;
    const clang::Expr *Base = ME->getBase()->IgnoreParenImpCasts();
    std::string Prefix;
    if (const auto *Inner = llvm::dyn_cast<clang::MemberExpr>(Base)) {
      if (const clang::FieldDecl *Outer = memberOfThis(Inner)) {
        Prefix = "this->" + Outer->getNameAsString();
      } else {
        std::optional<std::string> P = objectMemberPath(Inner);
        if (!P)
          return std::nullopt;
        Prefix = *P;
      }
    } else if (const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(Base)) {
      const auto *VD = llvm::dyn_cast<clang::VarDecl>(DRE->getDecl());
      if (!VD || !VD->getType().getNonReferenceType()->isRecordType() ||
          Sc->Locals.count(VD) || ReductionIndex.count(VD) ||
          std::find(LoopVars.begin(), LoopVars.end(), VD) != LoopVars.end())
        return std::nullopt;
      Prefix = VD->isLocalVarDeclOrParm() ? VD->getNameAsString()
                                          : globalName(VD);
    } else {
      return std::nullopt;
    }
    return Prefix + "." + FD->getNameAsString();
  }

  /// A scalar data member of `*this` or of an object the region does not declare, read in
  /// the region: a kernel argument, read on the host when the region starts.
  ExprPtr member(const clang::MemberExpr *ME) {
    const clang::FieldDecl *FD = memberOfThis(ME);
    if (!FD) {
      if (const auto *Field = llvm::dyn_cast<clang::FieldDecl>(ME->getMemberDecl());
          Field && (Field->isBitField() || ME->getType().isVolatileQualified()))
        return fail(ME->getMemberLoc(), "reads the " +
                                            std::string(Field->isBitField() ? "bit-field"
                                                                            : "volatile member") +
                                            " '" + Field->getNameAsString() +
                                            "', which the host cannot pass by address");
      std::optional<std::string> Path = objectMemberPath(ME);
      if (!Path)
        return fail(ME->getMemberLoc(), "uses the member '" +
                                            ME->getMemberDecl()->getNameAsString() +
                                            "' of an object other than '*this' or a variable "
                                            "declared outside the loop");
      if (Sc->InFunction)
        return fail(ME->getMemberLoc(), "reads the member '" +
                                            ME->getMemberDecl()->getNameAsString() +
                                            "' in a called function");
      std::optional<ScalarType> T = typeOf(ME->getType(), ME->getMemberLoc());
      if (!T)
        return nullptr;
      const std::string &Key = *MemberPaths.insert(*Path).first;
      std::string UserName = Key;
      if (UserName.rfind("this->", 0) == 0)
        UserName.erase(0, 6);
      if (UserName.rfind("::", 0) == 0)
        UserName.erase(0, 2);
      for (char &C : UserName)
        if (C == '.' || C == ':')
          C = '_';
      return scalarArgument(&Key, Key, UserName, *T);
    }
    if (Sc->InFunction)
      return fail(ME->getMemberLoc(), "reads the member '" + FD->getNameAsString() +
                                          "' in a called function");
    std::optional<ScalarType> T = typeOf(FD->getType(), ME->getMemberLoc());
    if (!T)
      return nullptr;
    return scalarArgument(FD, "this->" + FD->getNameAsString(), *T);
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
        Target.K == Expr::Kind::LoopIndex || Target.K == Expr::Kind::Reduction ||
        Target.K == Expr::Kind::ArrayElement) {
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
    if (const clang::FieldDecl *FD = memberOfThis(Obj))
      return viewOfMember(FD, Loc);
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

  /// A view that is a data member of `*this` (a class with views as members).
  std::optional<unsigned> viewOfMember(const clang::FieldDecl *FD, clang::SourceLocation Loc) {
    std::optional<ArrayTypeInfo> Info = arrayTypeInfo(FD->getType());
    if (!Info || Info->Kind != ir::ViewKind::ClparView) {
      fail(Loc, "indexes the member '" + FD->getNameAsString() +
                    "', which is not a clpar::view");
      return std::nullopt;
    }
    if (Sc->InFunction) {
      fail(Loc, "indexes the member '" + FD->getNameAsString() + "' in a called function");
      return std::nullopt;
    }
    auto Known = MemberViewIndex.find(FD);
    if (Known != MemberViewIndex.end())
      return Known->second;
    std::optional<ScalarType> Elem = typeOf(Info->Element, Loc);
    if (!Elem)
      return std::nullopt;
    return MemberViewIndex[FD] = addView(FD, "this->" + FD->getNameAsString(), *Info, *Elem);
  }

  /// A new view of the scope: \p D (a variable or a member of `*this`), \p HostExpr on
  /// the host.  Its index.
  unsigned addView(const clang::ValueDecl *D, std::string HostExpr, const ArrayTypeInfo &Info,
                   ScalarType Elem) {
    ir::View V;
    V.HostExpr = std::move(HostExpr);
    V.KernelName = Sc->Names->nameFor(D, D->getNameAsString());
    V.Kind = Info.Kind;
    V.Element = Elem;
    V.Rank = Info.Rank;
    V.ConstElements = Info.Element.isConstQualified();
    Sc->Views->push_back(V);
    return Sc->Views->size() - 1;
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
    if (declaredHere(VD)) {
      fail(Loc, "uses the local array '" + VD->getNameAsString() +
                    "' other than through element access, size(), front() or back()");
      return std::nullopt;
    }
    if (Sc->InFunction || Sc->Locals.count(VD)) {
      fail(Loc, "indexes '" + VD->getNameAsString() +
                    "', an array declared inside the loop");
      return std::nullopt;
    }
    std::optional<ScalarType> Elem = typeOf(Info->Element, Loc);
    if (!Elem)
      return std::nullopt;
    return Sc->ViewIndex[VD] =
               addView(VD,
                       VD->isLocalVarDeclOrParm() ? VD->getNameAsString()
                                                  : globalName(VD),
                       *Info, *Elem);
  }

  /// Where the header build's bounds_error points for the view access \p OC (its index
  /// arguments end at \p NumArgs): m(i, j) at the location its defaulted call_site
  /// argument is used (the same under GCC and Clang); v[i] at the `]` under GCC and at the
  /// index under Clang, which uses its default argument where the index converts to
  /// detail::checked_index.
  ir::SourcePos viewAccessSite(const clang::CXXOperatorCallExpr *OC, unsigned NumArgs) {
    const clang::SourceManager &SM = Ctx.getSourceManager();
    auto usedAt = [](const clang::Expr *E) -> std::optional<clang::SourceLocation> {
      if (const auto *D = llvm::dyn_cast<clang::CXXDefaultArgExpr>(E))
        return D->getUsedLocation();
      if (const auto *CE = llvm::dyn_cast<clang::CXXConstructExpr>(E->IgnoreImplicit()))
        for (const clang::Expr *A : CE->arguments())
          if (const auto *D = llvm::dyn_cast<clang::CXXDefaultArgExpr>(A))
            return D->getUsedLocation();
      return std::nullopt;
    };
    clang::SourceLocation GnuAt = OC->getEndLoc(), ClangAt = GnuAt;
    if (OC->getOperator() == clang::OO_Call) {
      if (NumArgs < OC->getNumArgs())
        if (std::optional<clang::SourceLocation> L = usedAt(OC->getArg(NumArgs)))
          GnuAt = ClangAt = *L;
    } else if (std::optional<clang::SourceLocation> L = usedAt(OC->getArg(1))) {
      ClangAt = *L;
    }
    GnuAt = SM.getSpellingLoc(GnuAt);
    ClangAt = SM.getSpellingLoc(ClangAt);
    ir::SourcePos P{R.Site.File, SM.getSpellingLineNumber(GnuAt),
                    SM.getSpellingColumnNumber(GnuAt)};
    if (SM.getSpellingLineNumber(ClangAt) == P.Line &&
        SM.getSpellingColumnNumber(ClangAt) != P.Column)
      P.ClangColumn = SM.getSpellingColumnNumber(ClangAt);
    return P;
  }

  ExprPtr operatorCall(const clang::CXXOperatorCallExpr *OC) {
    clang::OverloadedOperatorKind Op = OC->getOperator();
    if (Op == clang::OO_Call) {
      const auto *RD = OC->getArg(0)->getType()->getAsCXXRecordDecl();
      if (RD && RD->isLambda())
        return lambdaCall(OC, RD);
    }
    if (Op == clang::OO_Subscript && OC->getNumArgs() == 2)
      if (const clang::VarDecl *AV = heldArray(OC->getArg(0)))
        return arrayElement(AV, expr(OC->getArg(1)), OC->getEndLoc());
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
    R.AccessSites.push_back(viewAccessSite(OC, NumArgs));
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
    if (const clang::VarDecl *AV = heldArray(Obj)) {
      if (ExprPtr M = arrayMember(MC, AV, Name))
        return M;
      if (!Reason.empty())
        return nullptr;
      if (declaredHere(AV))
        return fail(MC->getExprLoc(), "uses the local array '" + AV->getNameAsString() +
                                          "' other than through element access, size(), "
                                          "front() or back()");
      // A table that is also a variable outside: other members through its view.
    }
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
      // An init-capture's variable lives only in the closure: the host has no name for it.
      const auto *V = llvm::dyn_cast<clang::VarDecl>(C.getCapturedVar());
      if (!V || V->isInitCapture())
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
    // R.Functions grows when an argument calls a function not translated yet (a lambda
    // called in an argument of a lambda's call), so it is indexed afresh after each
    // argument, never held by reference across one.
    const ir::Function &F = R.Functions[Index];
    ExprPtr C = makeExpr(Expr::Kind::FunctionCall,
                         F.ReturnsVoid ? ScalarType::Int : F.ReturnType);
    C->Index = Index;
    C->Text = F.KernelName;
    for (unsigned I = 0; I < R.Functions[Index].Params.size(); ++I) {
      const ir::Function::Param P = R.Functions[Index].Params[I];
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
      const ir::View &Callee = R.Functions[Index].ViewParams[P.ViewIndex];
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
    if (!FD)
      return fail(CE->getExprLoc(), "calls a function through a pointer or object");
    if (ExprPtr Value = constantCall(CE, FD))
      return Value;
    if (isConstantEvaluatedQuery(FD)) {
      // A kernel is never constant-evaluated.
      ExprPtr L = makeExpr(Expr::Kind::BoolLiteral, ScalarType::Bool);
      L->Text = "false";
      return L;
    }
    unsigned Id = FD->getBuiltinID();
    if ((Id == clang::Builtin::BI__builtin_expect ||
         Id == clang::Builtin::BI__builtin_expect_with_probability) &&
        CE->getNumArgs() >= 1)
      return expr(CE->getArg(0)); // a hint; its value is the first argument
    std::optional<std::string> Builtin = openclMathName(FD);
    bool Clamp = !Builtin && isStdClamp(FD);
    if (Clamp || (Builtin && (*Builtin == "min" || *Builtin == "max"))) {
      if (std::optional<ExprPtr> Ordered = orderCall(CE, Clamp ? "clamp" : *Builtin))
        return std::move(*Ordered);
      return userCall(CE, FD); // another overload (with a comparator): its body
    }
    if (!Builtin)
      return userCall(CE, FD);
    return mathCall(CE, FD, *Builtin);
  }

  /// The value of a call the compiler can evaluate: consteval functions, and constexpr
  /// ones with constant arguments (evaluated as outside a constant expression, as the
  /// kernel runs them).  Null, with no reason, for every other call.
  ExprPtr constantCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD) {
    if (!FD->isConstexpr() || CE->isValueDependent() ||
        llvm::isa<clang::CXXMemberCallExpr, clang::CXXOperatorCallExpr>(CE))
      return nullptr;
    std::optional<ScalarType> T = scalarTypeOf(CE->getType(), Ctx);
    clang::Expr::EvalResult V;
    if (!T || !CE->EvaluateAsRValue(V, Ctx) || V.HasSideEffects || V.HasUndefinedBehavior)
      return nullptr;
    ExprPtr L = literalOf(V.Val, *T);
    if (L && *T == ScalarType::Double)
      R.UsesDouble = true;
    return L;
  }

  /// std::min and std::max of two arithmetic values or of an initializer list (also
  /// clpar's and C's), std::clamp of three: as OpenCL's min, max and clamp with C++'s
  /// choice on ties and NaN (see Expr::Kind::Call).  Nothing for other overloads (with a
  /// comparator); a null expression when it fails.
  std::optional<ExprPtr> orderCall(const clang::CallExpr *CE, const std::string &Name) {
    const auto Arithmetic = [](const clang::Expr *A) {
      return A->getType().getNonReferenceType()->isArithmeticType();
    };
    if (!CE->getType().getNonReferenceType()->isArithmeticType())
      return std::nullopt;
    std::vector<const clang::Expr *> Operands;
    unsigned N = CE->getNumArgs();
    if (Name != "clamp" && N == 1) {
      // std::min({a, b, c}) is the first smallest: min(min(a, b), c).
      const auto *List =
          llvm::dyn_cast<clang::CXXStdInitializerListExpr>(CE->getArg(0)->IgnoreImplicit());
      const auto *Init =
          List ? llvm::dyn_cast<clang::InitListExpr>(List->getSubExpr()->IgnoreImplicit())
               : nullptr;
      if (!Init || Init->getNumInits() == 0)
        return std::nullopt;
      Operands.assign(Init->inits().begin(), Init->inits().end());
    } else if (N == (Name == "clamp" ? 3u : 2u) &&
               std::all_of(CE->arg_begin(), CE->arg_end(), Arithmetic)) {
      Operands.assign(CE->arg_begin(), CE->arg_end());
    } else {
      return std::nullopt;
    }
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    if (!T)
      return ExprPtr();
    // OpenCL has no min, max or clamp of bool: a bool is the uchar 0 or 1.
    ScalarType W = *T == ScalarType::Bool ? ScalarType::UChar : *T;
    std::vector<ExprPtr> Ops;
    for (const clang::Expr *O : Operands) {
      ExprPtr E = expr(O);
      if (!E)
        return ExprPtr();
      Ops.push_back(makeCast(W, std::move(E)));
    }
    ExprPtr Result;
    if (Name == "clamp") {
      Result = makeExpr(Expr::Kind::Call, W);
      Result->Text = Name;
      Result->Operands = std::move(Ops);
    } else {
      Result = std::move(Ops[0]);
      for (unsigned I = 1; I < Ops.size(); ++I) {
        ExprPtr C = makeExpr(Expr::Kind::Call, W);
        C->Text = Name;
        C->Operands.push_back(std::move(Result));
        C->Operands.push_back(std::move(Ops[I]));
        Result = std::move(C);
      }
    }
    return makeCast(*T, std::move(Result));
  }

  /// A <cmath> (or C, or clpar) function of any arithmetic arguments, as C++'s overloads
  /// compute it: a real-valued function in its result type (double for integer
  /// arguments); the others in the type of their arguments promoted (float stays float,
  /// integers become double).
  ExprPtr mathCall(const clang::CallExpr *CE, const clang::FunctionDecl *FD,
                   const std::string &Name) {
    static const std::set<std::string> Predicates = {"isnan", "isinf", "isfinite",
                                                     "isnormal", "signbit"};
    static const std::set<std::string> Comparisons = {
        "isgreater", "isgreaterequal", "isless", "islessequal", "islessgreater",
        "isunordered"};
    std::optional<ScalarType> T = typeOf(CE->getType(), CE->getExprLoc());
    if (!T)
      return nullptr;
    std::vector<ExprPtr> Args;
    for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
      ExprPtr E = expr(CE->getArg(I));
      if (!E)
        return nullptr;
      Args.push_back(std::move(E));
    }
    if (Args.empty())
      return fail(CE->getExprLoc(), "calls '" + FD->getNameAsString() +
                                        "' without arguments");
    const auto Builtin = [](const std::string &Text, ScalarType Type, std::vector<ExprPtr> Ops) {
      ExprPtr C = makeExpr(Expr::Kind::Call, Type);
      C->Text = Text;
      C->Operands = std::move(Ops);
      return C;
    };
    const auto Promoted = [&] {
      for (const ExprPtr &A : Args)
        if (A->Type != ScalarType::Float) {
          R.UsesDouble = true;
          return ScalarType::Double;
        }
      return ScalarType::Float;
    };
    const auto CastAll = [&](ScalarType To) {
      for (ExprPtr &A : Args)
        A = makeCast(To, std::move(A));
    };
    // OpenCL's predicates return int (0 or 1) where C++'s return bool.
    if (Predicates.count(Name)) {
      // An integer converted to float is finite, normal unless zero, and of the integer's
      // sign: float answers as C++'s integer overloads do, without needing fp64.
      if (!ir::isFloating(Args[0]->Type))
        Args[0] = makeCast(ScalarType::Float, std::move(Args[0]));
      Args.resize(1);
      return makeCast(*T, Builtin(Name, ScalarType::Int, std::move(Args)));
    }
    if (Comparisons.count(Name) || Name == "ilogb") {
      CastAll(Promoted());
      return makeCast(*T, Builtin(Name, ScalarType::Int, std::move(Args)));
    }
    if (Name == "lround" || Name == "llround" || Name == "lrint" || Name == "llrint") {
      ScalarType P = Promoted();
      CastAll(P);
      bool Round = Name.find("round") != std::string::npos;
      return makeCast(*T, Builtin(Round ? "round" : "rint", P, std::move(Args)));
    }
    if (Name == "abs")
      return ir::makeAbs(*T, std::move(Args[0]));
    if (!ir::isFloating(*T))
      return fail(CE->getExprLoc(), "calls '" + FD->getNameAsString() +
                                        "' with an integer result");
    for (unsigned I = 0; I < Args.size(); ++I)
      Args[I] = makeCast(Name == "ldexp" && I == 1 ? ScalarType::Int : *T, std::move(Args[I]));
    return Builtin(Name, *T, std::move(Args));
  }

  llvm::ArrayRef<const clang::VarDecl *> LoopVars;
  const CheckedBody &Checked;
  clang::ASTContext &Ctx;
  ir::Region &R;
  /// Scalar arguments by variable or data member of `*this`.
  llvm::DenseMap<const void *, unsigned> ScalarIndex;
  /// References declared in the body, each an alias of its initializer (referenceLocal).
  llvm::DenseMap<const clang::VarDecl *, const clang::Expr *> Aliases;
  std::set<std::string> MemberPaths; ///< `obj.f` members read: their strings key ScalarIndex
  llvm::DenseMap<const clang::FieldDecl *, unsigned> MemberViewIndex; ///< region scope only
  llvm::DenseMap<const clang::VarDecl *, unsigned> ReductionIndex;
  Scope RegionScope;
  Scope *Sc;
  ir::Function *CurrentFunction = nullptr;
  /// Functions translated or being translated, by canonical declaration.
  llvm::DenseMap<const clang::FunctionDecl *, unsigned> FunctionIndex;
  llvm::DenseSet<const clang::FunctionDecl *> InProgress;
  std::set<std::string> UsedFunctionNames;
  /// Tables made so far, by variable, with their names and total size.
  llvm::DenseMap<const clang::VarDecl *, unsigned> TableIndex;
  std::set<std::string> UsedTableNames;
  unsigned long long TableBytes = 0;
  clang::SourceLocation TopCallLoc; ///< the region body's call being translated, if any
  std::string Reason;
  clang::SourceLocation ReasonLoc;
};

} // namespace

KernelBodyResult buildKernelBody(llvm::ArrayRef<const clang::Stmt *> Prefix,
                                 const clang::Stmt *Body,
                                 llvm::ArrayRef<const clang::VarDecl *> LoopVars,
                                 const CheckedBody &Checked, clang::ASTContext &Ctx,
                                 KernelNames &Names, ir::Region &R) {
  return Builder(LoopVars, Checked, Ctx, Names, R).run(Prefix, Body);
}

} // namespace clpar
