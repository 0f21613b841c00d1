//===- Analysis/RegionBuilder.cpp - A prange nest into a Region ----------===//
#include "Analysis/RegionBuilder.h"

#include "Analysis/BoundsHoisting.h"
#include "Analysis/ClparTypes.h"
#include "Analysis/DeviceSplit.h"
#include "Analysis/ElementwiseRows.h"
#include "Analysis/ReductionLanes.h"
#include "Analysis/InnerReduction.h"
#include "Analysis/KernelBodyBuilder.h"
#include "Analysis/KernelNames.h"
#include "Analysis/LoopEntryChecks.h"
#include "Analysis/NestShape.h"
#include "Analysis/ProductTiles.h"
#include "Analysis/RegionChecker.h"
#include "Analysis/StandardComplex.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

namespace clpar {

namespace {

std::string sourceText(clang::SourceLocation B, clang::SourceLocation E,
                       const clang::ASTContext &Ctx) {
  return clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(B, E),
                                     Ctx.getSourceManager(), Ctx.getLangOpts())
      .str();
}

/// The ';' that ends the expression or declaration statement starting at \p Begin: the
/// first one outside brackets.  Null when the text ends first or is a macro's.
clang::SourceLocation semicolonAfter(clang::SourceLocation Begin, const clang::ASTContext &Ctx) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  if (Begin.isMacroID())
    return {};
  clang::Token Tok;
  if (clang::Lexer::getRawToken(Begin, Tok, SM, Ctx.getLangOpts(), true))
    return {};
  int Depth = 0;
  for (;;) {
    if (Tok.isOneOf(clang::tok::l_paren, clang::tok::l_square, clang::tok::l_brace))
      ++Depth;
    else if (Tok.isOneOf(clang::tok::r_paren, clang::tok::r_square, clang::tok::r_brace))
      --Depth;
    else if (Tok.is(clang::tok::semi) && Depth == 0)
      return Tok.getLocation();
    if (Depth < 0 || Tok.is(clang::tok::eof))
      return {};
    std::optional<clang::Token> Next =
        clang::Lexer::findNextToken(Tok.getLocation(), SM, Ctx.getLangOpts());
    if (!Next)
      return {};
    Tok = *Next;
  }
}

/// Where a statement ends as Clang gives it, with the ';' after an expression or
/// declaration statement (Clang's source ranges stop before it).
clang::SourceLocation clangEnd(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  clang::SourceLocation End = S->getEndLoc();
  std::optional<clang::Token> Next = clang::Lexer::findNextToken(
      End, Ctx.getSourceManager(), Ctx.getLangOpts());
  if (Next && Next->is(clang::tok::semi))
    return Next->getLocation();
  return End;
}

/// The last location of a statement, including the ';' that ends an expression or
/// declaration statement.  A template instantiation's expression may end before its text
/// does (an expanded fold expression ends at its last operand, before the ')'), so an
/// expression or declaration statement's end is also looked for in the text (its ';'),
/// and the later of the two is the end.
clang::SourceLocation statementEnd(const clang::Stmt *S, const clang::ASTContext &Ctx) {
  clang::SourceLocation Text;
  if (const auto *C = llvm::dyn_cast<clang::CompoundStmt>(S))
    Text = C->getRBracLoc();
  else if (const auto *I = llvm::dyn_cast<clang::IfStmt>(S))
    Text = statementEnd(I->getElse() ? I->getElse() : I->getThen(), Ctx);
  else if (const auto *F = llvm::dyn_cast<clang::ForStmt>(S))
    Text = statementEnd(F->getBody(), Ctx);
  else if (const auto *F = llvm::dyn_cast<clang::CXXForRangeStmt>(S))
    Text = statementEnd(F->getBody(), Ctx);
  else if (const auto *W = llvm::dyn_cast<clang::WhileStmt>(S))
    Text = statementEnd(W->getBody(), Ctx);
  else if (llvm::isa<clang::Expr, clang::DeclStmt, clang::ReturnStmt>(S))
    Text = semicolonAfter(S->getBeginLoc(), Ctx);
  const clang::SourceLocation End = clangEnd(S, Ctx);
  const clang::SourceManager &SM = Ctx.getSourceManager();
  if (Text.isInvalid() || Text.isMacroID() || End.isInvalid() || End.isMacroID() ||
      SM.getFileID(Text) != SM.getFileID(End) || !SM.isBeforeInTranslationUnit(End, Text))
    return End;
  return Text;
}

ir::SourcePos position(clang::SourceLocation L, const std::string &File,
                       const clang::SourceManager &SM) {
  ir::SourcePos P;
  P.File = File;
  P.Line = SM.getSpellingLineNumber(L);
  P.Column = SM.getSpellingColumnNumber(L);
  return P;
}

/// The options a prange's range expression sets that the translator must know:
/// .on(clpar::device) or .on(clpar::all_devices), and .unchecked().
struct RangeOptions {
  bool RequestsDevice = false;
  const char *Placement = ""; ///< "device" or "all_devices" when RequestsDevice
  bool Unchecked = false;
};

RangeOptions rangeOptions(const clang::Expr *Range) {
  RangeOptions O;
  const clang::Expr *E = Range->IgnoreImplicit();
  while (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(E)) {
    const clang::CXXMethodDecl *MD = MC->getMethodDecl();
    if (MD && MD->getName() == "on" && MC->getNumArgs() == 1) {
      const auto *DRE =
          llvm::dyn_cast<clang::DeclRefExpr>(MC->getArg(0)->IgnoreParenImpCasts());
      if (DRE && (DRE->getDecl()->getName() == "device" ||
                  DRE->getDecl()->getName() == "all_devices")) {
        O.RequestsDevice = true;
        O.Placement = DRE->getDecl()->getName() == "device" ? "device" : "all_devices";
      }
    }
    if (MD && MD->getName() == "unchecked")
      O.Unchecked = true;
    E = MC->getImplicitObjectArgument()->IgnoreImplicit();
    if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      E = M->getSubExpr()->IgnoreImplicit();
  }
  return O;
}

/// SPEC 1.3: a negative constant bound converted to the prange's unsigned type turns the
/// range empty (as a lower bound) or huge (as an upper bound); say so.
void warnNegativeUnsignedBounds(const clang::Expr *Range, clang::ASTContext &Ctx,
                                Diagnoser &Diags) {
  const clang::Expr *E = Range->IgnoreImplicit();
  while (const auto *MC = llvm::dyn_cast<clang::CXXMemberCallExpr>(E)) {
    E = MC->getImplicitObjectArgument()->IgnoreImplicit();
    if (const auto *M = llvm::dyn_cast<clang::MaterializeTemporaryExpr>(E))
      E = M->getSubExpr()->IgnoreImplicit();
  }
  const auto *Call = llvm::dyn_cast<clang::CallExpr>(E);
  const clang::FunctionDecl *FD = Call ? Call->getDirectCallee() : nullptr;
  if (!FD || FD->getName() != "prange" || !isPrangeType(Call->getType()))
    return;
  const auto *Spec = Call->getType()->getAsCXXRecordDecl();
  const auto *CTS = llvm::dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(Spec);
  if (!CTS || CTS->getTemplateArgs().size() < 1 ||
      !CTS->getTemplateArgs()[0].getAsType()->isUnsignedIntegerType())
    return;
  std::string TypeName = CTS->getTemplateArgs()[0].getAsType().getAsString();
  unsigned NumBounds = Call->getNumArgs() == 1 ? 1 : 2;
  for (unsigned I = 0; I < NumBounds; ++I) {
    const clang::Expr *Arg = Call->getArg(I)->IgnoreParenImpCasts();
    clang::Expr::EvalResult V;
    if (Arg->getType()->isSignedIntegerType() && Arg->EvaluateAsInt(V, Ctx) &&
        V.Val.getInt().isNegative()) {
      bool Upper = Call->getNumArgs() == 1 || I == 1;
      Diags.warning(Arg->getExprLoc(),
                    "negative bound " + llvm::toString(V.Val.getInt(), 10, true) +
                        " of a prange over '" + TypeName + "' converts to a huge value; " +
                        (Upper ? "the range is huge" : "the range is empty"));
    }
  }
}

/// The array accesses written in the body (outside macros): clpar::view elements get
/// their names recorded; std::vector and std::array subscripts are also rewritten in the
/// OpenMP variant's text into checked ones when bounds checks are on.
void collectAccesses(const clang::Stmt *Body, clang::SourceLocation BodyBegin,
                     const std::string &FileName, bool Check, clang::ASTContext &Ctx,
                     ir::Region &R) {
  struct Edit {
    unsigned Offset, Length;
    std::string Text;
  };
  struct Collector : clang::RecursiveASTVisitor<Collector> {
    clang::ASTContext &Ctx;
    std::vector<Edit> Edits;
    std::vector<ir::NamedAccess> Accesses;
    clang::SourceLocation BodyBegin;
    unsigned BodyOffset;
    std::string FileName;
    bool Check;
    Collector(clang::ASTContext &Ctx) : Ctx(Ctx) {}
    bool shouldVisitLambdaBody() const { return true; }
    bool VisitCXXOperatorCallExpr(clang::CXXOperatorCallExpr *OC) {
      const clang::SourceManager &SM = Ctx.getSourceManager();
      if ((OC->getOperator() != clang::OO_Subscript && OC->getOperator() != clang::OO_Call) ||
          OC->getNumArgs() < 2 || OC->getBeginLoc().isMacroID() || OC->getEndLoc().isMacroID())
        return true;
      const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(OC->getArg(0)->IgnoreParenImpCasts());
      std::optional<ArrayTypeInfo> Info =
          DRE ? arrayTypeInfo(DRE->getType()) : std::nullopt;
      if (!Info)
        return true;
      std::string Name = DRE->getDecl()->getNameAsString();
      unsigned Line = SM.getSpellingLineNumber(OC->getBeginLoc());
      unsigned Last = SM.getSpellingColumnNumber(OC->getEndLoc());
      if (Info->Kind == ir::ViewKind::ClparView) {
        Accesses.push_back({Line, SM.getSpellingColumnNumber(OC->getBeginLoc()), Last, Name});
        return true;
      }
      if (Check && OC->getOperator() == clang::OO_Subscript)
        checkSubscript(DRE, OC->getBeginLoc(), OC->getOperatorLoc());
      return true;
    }
    // w[i] of a built-in array of one dimension declared before the loop: a view in the
    // kernel, checked here as a std::array is.
    bool VisitArraySubscriptExpr(clang::ArraySubscriptExpr *AS) {
      const clang::SourceManager &SM = Ctx.getSourceManager();
      if (!Check || AS->getBeginLoc().isMacroID() || AS->getEndLoc().isMacroID() ||
          AS->getLHS() != AS->getBase())
        return true;
      const auto *DRE = llvm::dyn_cast<clang::DeclRefExpr>(AS->getBase()->IgnoreParenImpCasts());
      const auto *VD = DRE ? llvm::dyn_cast<clang::VarDecl>(DRE->getDecl()) : nullptr;
      if (!VD || !builtinArrayInfo(VD->getType(), Ctx) ||
          !SM.isBeforeInTranslationUnit(VD->getLocation(), BodyBegin))
        return true;
      checkSubscript(DRE, AS->getBeginLoc(), AS->getRBracketLoc());
      return true;
    }
    // Object[i] (Object the array \p DRE names, the access from \p Begin to the `]` at
    // \p Close, on one line) -> ::clpar::rt::checked_subscript(Object, i, "file", line,
    // column, "name"): two edits that never overlap another access's, so nested
    // subscripts rewrite independently.
    void checkSubscript(const clang::DeclRefExpr *DRE, clang::SourceLocation BeginLoc,
                        clang::SourceLocation CloseLoc) {
      const clang::SourceManager &SM = Ctx.getSourceManager();
      if (SM.getSpellingLineNumber(BeginLoc) != SM.getSpellingLineNumber(CloseLoc))
        return;
      std::optional<clang::Token> Open =
          clang::Lexer::findNextToken(DRE->getEndLoc(), SM, Ctx.getLangOpts());
      if (!Open || !Open->is(clang::tok::l_square))
        return;
      unsigned Begin = SM.getFileOffset(BeginLoc);
      unsigned Bracket = SM.getFileOffset(Open->getLocation());
      unsigned Close = SM.getFileOffset(CloseLoc);
      if (Begin < BodyOffset || Bracket < Begin || Close < Bracket)
        return;
      std::string Object = clang::Lexer::getSourceText(
          clang::CharSourceRange::getCharRange(BeginLoc, Open->getLocation()), SM,
          Ctx.getLangOpts()).str();
      Edits.push_back({Begin - BodyOffset, Bracket + 1 - Begin,
                       "::clpar::rt::checked_subscript(" + Object + ", "});
      std::string Quoted;
      for (char C : FileName)
        Quoted += (C == '"' || C == '\\') ? std::string("\\") + C : std::string(1, C);
      Edits.push_back({Close - BodyOffset, 1,
                       ", \"" + Quoted + "\", " +
                           std::to_string(SM.getSpellingLineNumber(CloseLoc)) + ", " +
                           std::to_string(SM.getSpellingColumnNumber(CloseLoc)) + ", \"" +
                           DRE->getDecl()->getNameAsString() + "\")"});
    }
  } C(Ctx);
  C.BodyBegin = BodyBegin;
  C.BodyOffset = Ctx.getSourceManager().getFileOffset(BodyBegin);
  C.FileName = FileName;
  C.Check = Check;
  C.TraverseStmt(const_cast<clang::Stmt *>(Body));
  R.NamedAccesses = std::move(C.Accesses);
  std::sort(C.Edits.begin(), C.Edits.end(),
            [](const Edit &A, const Edit &B) { return A.Offset > B.Offset; });
  for (const Edit &E : C.Edits)
    if (E.Offset + E.Length <= R.BodyText.size())
      R.BodyText.replace(E.Offset, E.Length, E.Text);
}

} // namespace

std::optional<BuiltRegion> buildRegion(const clang::CXXForRangeStmt *Outer,
                                       const clang::FunctionDecl *Function,
                                       const std::string &FileName, bool BoundsCheck,
                                       clang::ASTContext &Ctx, Diagnoser &Diags,
                                       ClosureTags *Tags) {
  const clang::SourceManager &SM = Ctx.getSourceManager();
  BuiltRegion B;
  ir::Region &R = B.Region;
  KernelNames Names;

  NestShape Shape = findNestShape(Outer, Ctx);
  const std::vector<const clang::CXXForRangeStmt *> &Loops = Shape.Loops;
  const std::vector<const clang::VarDecl *> &LoopVars = Shape.LoopVars;
  const clang::Stmt *Body = Shape.Body;
  // The OpenMP variant's body: the innermost loop's, or in an imperfect nest the body
  // of the loop before the first prefix, with the inner loops as written.
  const clang::Stmt *HostBody = Loops[Shape.PerfectDims - 1]->getBody();
  if (Shape.PerfectDims < Loops.size())
    R.OpenMPDims = Shape.PerfectDims;

  R.Site = position(Outer->getForLoc(), FileName, SM);
  R.FunctionName = Function ? Function->getNameAsString() : "";
  if (const auto *MD = llvm::dyn_cast_or_null<clang::CXXMethodDecl>(Function);
      MD && MD->getParent()->isLambda())
    R.FunctionName = "lambda";
  R.KernelName = "clpar_" + identifierPart(R.FunctionName.empty() ? "global"
                                                                  : R.FunctionName) +
                 "_" + std::to_string(R.Site.Line) + "_" + std::to_string(R.Site.Column);

  for (const clang::CXXForRangeStmt *L : Loops) {
    warnNegativeUnsignedBounds(L->getRangeInit(), Ctx, Diags);
    // prange yields integers, so the loop variable is never a structured binding.
    const clang::VarDecl *VD = L->getLoopVariable();
    ir::Dimension D;
    D.RangeText = sourceText(L->getRangeInit()->getBeginLoc(),
                             L->getRangeInit()->getEndLoc(), Ctx);
    D.LoopVarDecl = sourceText(VD->getBeginLoc(), VD->getLocation(), Ctx);
    D.LoopVarName = Names.nameFor(VD, VD->getNameAsString());
    std::optional<ir::ScalarType> T = scalarTypeOf(VD->getType(), Ctx);
    D.LoopVarType = T ? *T : ir::ScalarType::Long;
    R.Dims.push_back(D);
  }

  clang::SourceLocation BodyEnd = statementEnd(HostBody, Ctx);
  R.BodyText = sourceText(HostBody->getBeginLoc(), BodyEnd, Ctx);
  R.BodyStart = position(HostBody->getBeginLoc(), FileName, SM);
  B.ReplaceBegin = Outer->getBeginLoc();
  // The whole nest: an outer loop's braces (`for (i) { for (j) { ... } }`) end after the
  // innermost body.
  B.ReplaceEnd = statementEnd(Outer, Ctx);

  std::optional<CheckedBody> Checked =
      checkRegionBody(Shape.Prefix, Body, LoopVars, Ctx, Diags);
  if (!Checked)
    return std::nullopt;
  for (const auto &[VD, Op] : Checked->Reductions) {
    ir::Reduction Red;
    Red.HostExpr = VD->getNameAsString();
    Red.KernelName = "clpar_acc_" + identifierPart(Red.HostExpr);
    Red.Op = Op;
    std::optional<ir::ScalarType> T = scalarTypeOf(VD->getType(), Ctx);
    if (std::optional<ir::ScalarType> Part = stdComplexElement(VD->getType())) {
      Red.Complex = true;
      T = Part;
    }
    Red.Type = T ? *T : ir::ScalarType::Double;
    R.Reductions.push_back(Red);
  }

  RangeOptions Options = rangeOptions(Outer->getRangeInit());
  R.BoundsCheck = BoundsCheck && !Options.Unchecked;
  if (!HostBody->getBeginLoc().isMacroID())
    collectAccesses(HostBody, HostBody->getBeginLoc(), FileName, R.BoundsCheck, Ctx, R);
  auto BoolReduction = std::find_if(R.Reductions.begin(), R.Reductions.end(),
                                    [](const ir::Reduction &Red) {
                                      return Red.Type == ir::ScalarType::Bool;
                                    });
  if (BoolReduction != R.Reductions.end()) {
    R.NotOffloadedReason = "reduces the bool '" + BoolReduction->HostExpr +
                           "' (OpenCL C has no bool in global memory)";
    B.NotOffloadedLoc = Outer->getForLoc();
  } else {
    KernelBodyResult K =
        buildKernelBody(Shape.Prefix, Body, LoopVars, *Checked, Ctx, Names, R, Tags);
    // The nest's shape knows better why an inner prange is no dimension.
    if (!Shape.WhyNotDeeper.empty() && K.ReasonLoc == Shape.WhyNotDeeperLoc)
      K.Reason = Shape.WhyNotDeeper;
    // A work-item makes the prefix again, after other work-items may have written what
    // it reads: only views the region does not write may be read there.
    for (unsigned V : K.PrefixViews)
      if (K.Body && R.Views[V].Written) {
        K.Body.reset();
        K.Reason = "reads '" + R.Views[V].SourceName + "' before its inner prange loop, which "
                   "writes it (each work-item would read it again after others wrote it)";
        K.ReasonLoc = Loops[Shape.PerfectDims]->getForLoc();
      }
    R.KernelBody = std::move(K.Body);
    if (R.KernelBody) {
      hoistBoundsChecks(R);
      addLoopEntryChecks(R);
      // Views of structs keep the plain form: the others stage, vectorize or hold
      // arithmetic elements.
      const bool RecordViews = std::any_of(R.Views.begin(), R.Views.end(), [](const ir::View &V) {
        return V.Element == ir::ScalarType::Record;
      });
      if (!RecordViews) {
        R.Inner = findInnerReduction(R);
        R.Tiles = findProductTiles(R);
        R.Rows = findElementwiseRows(R);
        R.Lanes = findReductionLanes(R);
      }
      planDeviceSplit(R);
    }
    if (!R.KernelBody) {
      R.NotOffloadedReason = K.Reason;
      B.NotOffloadedLoc = K.ReasonLoc.isValid() ? K.ReasonLoc : Outer->getForLoc();
    }
  }
  if (!R.offloaded())
    R.NotOffloadedAt = position(B.NotOffloadedLoc, FileName, SM);

  if (!R.offloaded() && Options.RequestsDevice) {
    Diags.error(B.NotOffloadedLoc, std::string("prange loop marked .on(clpar::") +
                                       Options.Placement + ") cannot be offloaded: it " +
                                       R.NotOffloadedReason);
    return std::nullopt;
  }
  return B;
}

} // namespace clpar
