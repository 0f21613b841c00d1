//===- Translate/Translator.cpp - One C++ file in, translated C++ out ----===//
#include "Translate/Translator.h"

#include "Analysis/RegionBuilder.h"
#include "Analysis/ResidencyPlanner.h"
#include "Analysis/SliceBuilder.h"
#include "Emit/CppPrinter.h"
#include "Emit/SliceStubEmitter.h"
#include "Emit/HostStubEmitter.h"
#include "Emit/KernelEmitter.h"
#include "Find/PrangeFinder.h"
#include "Find/ResidencyCalls.h"
#include "IR/RegionDump.h"
#include "Support/Diagnoser.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Lex/Lexer.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"

#ifndef CLPAR_CLANG_RESOURCE_DIR
#error "CLPAR_CLANG_RESOURCE_DIR must name Clang's resource directory"
#endif

namespace clpar {

namespace {

/// The data scope variable of a translated function (stub-local names start with clpar_).
const std::string ScopeName = "clpar_scope";

/// What was generated for an offloaded region, with its reductions and translated calls.
std::string offloadedRemark(const ir::Region &R) {
  std::string S = std::to_string(R.Dims.size()) + "-D prange nest offloaded: OpenCL kernel '" +
                  R.KernelName + "'";
  if (!R.Reductions.empty()) {
    S += " with reductions";
    for (size_t I = 0; I < R.Reductions.size(); ++I)
      S += std::string(I ? ", '" : " '") + R.Reductions[I].HostExpr + "' (" +
           ir::openmpReductionOperator(R.Reductions[I].Op) + ")";
  }
  if (!R.Functions.empty()) {
    S += R.Reductions.empty() ? " calling" : ", calling";
    for (size_t I = 0; I < R.Functions.size(); ++I)
      S += std::string(I ? ", '" : " '") + R.Functions[I].SourceName + "'";
  }
  return S + " and an OpenMP variant";
}

class TranslateConsumer : public clang::ASTConsumer {
public:
  TranslateConsumer(clang::CompilerInstance &CI, const std::string &File,
                    const TranslateOptions &Opts, TranslationResult &Result, bool &Ok)
      : CI(CI), File(File), Opts(Opts), Result(Result), Ok(Ok) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    clang::DiagnosticsEngine &Engine = CI.getDiagnostics();
    if (Engine.hasErrorOccurred())
      return; // the user's code does not compile; Clang said why
    Diagnoser Diags(Engine, Opts.Remarks);
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::Rewriter Rewrite(CI.getSourceManager(), Ctx.getLangOpts());

    FoundLoops Found = findPrangeLoops(Ctx);
    for (const SkippedLoop &S : Found.Skipped)
      Diags.remark(S.Loc, S.Reason);

    emit::HostStubOptions StubOpts;
    StubOpts.OpenCL = Opts.OpenCL;
    StubOpts.CpuDevicesOnly = Opts.CpuDevicesOnly;
    StubOpts.BoundsCheck = Opts.BoundsCheck;
    StubOpts.StrictFp = Opts.StrictFp;
    emit::KernelOptions KernelOpts;
    KernelOpts.BoundsCheck = Opts.BoundsCheck;
    KernelOpts.StrictFp = Opts.StrictFp;

    // 1. Build every region first: where data may stay on the device depends on which
    // statements of a function became offloaded regions.
    struct BuiltLoop {
      const FoundLoop *Found;
      BuiltRegion Built;
      bool Kernel;
    };
    std::vector<BuiltLoop> Loops;
    std::vector<const clang::Stmt *> Offloaded;
    for (const FoundLoop &L : Found.Outermost) {
      std::optional<BuiltRegion> B = buildRegion(L.Loop, L.Function, File, Opts.BoundsCheck, Ctx, Diags);
      if (!B)
        continue;
      bool Kernel = Opts.OpenCL && B->Region.offloaded();
      if (Kernel)
        Offloaded.push_back(L.Loop);
      Loops.push_back({&L, std::move(*B), Kernel});
    }
    struct BuiltSlice {
      const FoundSlice *Found;
      SliceStatement Built;
    };
    std::vector<BuiltSlice> Slices;
    for (const FoundSlice &F : Found.Slices) {
      std::string Reason;
      std::optional<SliceStatement> S = buildSliceStatement(F.Statement, File, Ctx, Reason);
      if (!S) {
        if (!Reason.empty())
          Diags.remark(F.Statement->getBeginLoc(),
                       "slice statement not offloaded: it " + Reason +
                           "; the header evaluates it serially");
        continue;
      }
      if (Opts.OpenCL)
        Offloaded.push_back(F.Statement);
      Slices.push_back({&F, std::move(*S)});
    }

    // 2. Data scopes (SPEC 1.5), and the runtime's side of sync_host() and resident.
    // Every replacement is made before any insertion: the rewriter would count text
    // inserted at the start of a replaced range as part of the range.
    auto siteOf = [&](clang::SourceLocation L) {
      clang::PresumedLoc At = SM.getPresumedLoc(L);
      return std::string(At.getFilename()) + ":" + std::to_string(At.getLine()) + ":" +
             std::to_string(At.getColumn());
    };
    ResidencyPlan Plan;
    if (Opts.OpenCL) {
      Plan = planResidency(Ctx, Offloaded);
      ResidencyCalls Calls = findResidencyCalls(Ctx);
      auto textOf = [&](const clang::Expr *E) {
        return clang::Lexer::getSourceText(
                   clang::CharSourceRange::getTokenRange(E->getSourceRange()), SM,
                   Ctx.getLangOpts())
            .str();
      };
      for (const clang::CXXMemberCallExpr *C : Calls.SyncHost)
        Rewrite.ReplaceText(C->getSourceRange(),
                            emit::emitSyncHost(textOf(C->getImplicitObjectArgument()),
                                               siteOf(C->getBeginLoc())));
      for (const FoundResident &R : Calls.Residents) {
        std::vector<std::string> Views;
        if (const auto *Init = llvm::dyn_cast_or_null<clang::CXXConstructExpr>(
                R.Var->getInit() ? R.Var->getInit()->IgnoreImplicit() : nullptr))
          for (const clang::Expr *A : Init->arguments())
            Views.push_back(textOf(A));
        Rewrite.ReplaceText(R.Statement->getSourceRange(),
                            emit::emitResidentHold(R.Var->getName().str(), Views,
                                                   siteOf(R.Statement->getBeginLoc())));
      }
    }

    // 3. The stubs.
    bool AnyRuntimeCall = Opts.OpenCL && (!Loops.empty() || !Slices.empty());
    for (BuiltLoop &Each : Loops) {
      const FoundLoop &L = *Each.Found;
      BuiltRegion *B = &Each.Built;
      const ir::Region &R = B->Region;
      if (Opts.DumpRegions)
        Result.RegionDump += ir::dumpRegion(R);
      bool Kernel = Each.Kernel;
      std::string KernelSource;
      if (Kernel) {
        KernelSource = emit::emitKernel(R, KernelOpts);
        Result.Kernels.emplace_back(R.KernelName, KernelSource);
        Diags.remark(L.Loop->getForLoc(), offloadedRemark(R));
      } else if (!Opts.OpenCL) {
        Diags.remark(L.Loop->getForLoc(), std::to_string(R.Dims.size()) +
                                              "-D prange nest: OpenMP variant only "
                                              "(--no-opencl)");
      } else {
        Diags.remark(B->NotOffloadedLoc, "prange loop not offloaded to OpenCL: it " +
                                             R.NotOffloadedReason +
                                             "; the OpenMP variant is used");
      }
      clang::SourceLocation AfterEnd = clang::Lexer::getLocForEndOfToken(
          B->ReplaceEnd, 0, SM, Ctx.getLangOpts());
      StubOpts.Indent =
          std::string(SM.getSpellingColumnNumber(B->ReplaceBegin) - 1, ' ');
      StubOpts.Scope = Plan.InScope.contains(L.Loop) ? ScopeName : "";
      std::string Stub = emit::emitHostStub(R, KernelSource, StubOpts,
                                            SM.getSpellingLineNumber(AfterEnd),
                                            SM.getSpellingColumnNumber(AfterEnd));
      Rewrite.ReplaceText(clang::CharSourceRange::getTokenRange(B->ReplaceBegin,
                                                                B->ReplaceEnd),
                          Stub);
    }
    for (BuiltSlice &Each : Slices) {
      SliceStatement *S = &Each.Built;
      ir::Region &R = S->Region;
      R.BodyText = emit::printCppBody(R);
      if (Opts.DumpRegions)
        Result.RegionDump += ir::dumpRegion(R);
      std::string KernelSource;
      std::string What = R.Slice->IsReduction ? "slice reduction" : "slice assignment";
      if (Opts.OpenCL) {
        KernelSource = emit::emitKernel(R, KernelOpts);
        Result.Kernels.emplace_back(R.KernelName, KernelSource);
        Diags.remark(S->Begin, std::to_string(R.Dims.size()) + "-D " + What +
                                   " offloaded: OpenCL kernel '" + R.KernelName +
                                   "' and an OpenMP variant");
      } else {
        Diags.remark(S->Begin, std::to_string(R.Dims.size()) + "-D " + What +
                                   ": OpenMP variant only (--no-opencl)");
      }
      clang::SourceLocation AfterEnd =
          clang::Lexer::getLocForEndOfToken(S->End, 0, SM, Ctx.getLangOpts());
      StubOpts.Indent = std::string(SM.getSpellingColumnNumber(S->Begin) - 1, ' ');
      StubOpts.Scope = Plan.InScope.contains(Each.Found->Statement) ? ScopeName : "";
      Rewrite.ReplaceText(clang::CharSourceRange::getTokenRange(S->Begin, S->End),
                          emit::emitSliceStub(R, KernelSource, StubOpts,
                                              SM.getSpellingLineNumber(AfterEnd),
                                              SM.getSpellingColumnNumber(AfterEnd)));
    }
    // 4. The scopes' declarations and sync points.
    for (const ScopePlan &P : Plan.Scopes) {
      std::string Site = siteOf(P.Body->getLBracLoc()) + " " + P.FunctionName;
      Rewrite.InsertTextAfterToken(P.Body->getLBracLoc(),
                                   emit::emitScopeDeclaration(ScopeName, Site));
      for (clang::SourceLocation L : P.SyncBefore)
        Rewrite.InsertTextAfter(L, emit::emitScopeSync(ScopeName));
      for (const auto &[Begin, After] : P.Wrap) {
        Rewrite.InsertTextAfter(Begin, "{ " + emit::emitScopeSync(ScopeName));
        Rewrite.InsertTextAfter(After, " }");
      }
    }
    if (Diags.hasErrors())
      return;

    clang::FileID Main = SM.getMainFileID();
    std::string Body;
    if (const clang::RewriteBuffer *Buf = Rewrite.getRewriteBufferFor(Main))
      Body.assign(Buf->begin(), Buf->end());
    else
      Body = SM.getBufferData(Main).str();
    Result.Output = emit::emitFilePrologue(File, AnyRuntimeCall, StubOpts) + Body;
    Ok = true;
  }

private:
  clang::CompilerInstance &CI;
  std::string File;
  const TranslateOptions &Opts;
  TranslationResult &Result;
  bool &Ok;
};

class TranslateAction : public clang::ASTFrontendAction {
public:
  TranslateAction(const std::string &File, const TranslateOptions &Opts,
                  TranslationResult &Result, bool &Ok)
      : File(File), Opts(Opts), Result(Result), Ok(Ok) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    return std::make_unique<TranslateConsumer>(CI, File, Opts, Result, Ok);
  }

private:
  std::string File;
  const TranslateOptions &Opts;
  TranslationResult &Result;
  bool &Ok;
};

class ActionFactory : public clang::tooling::FrontendActionFactory {
public:
  ActionFactory(const std::string &File, const TranslateOptions &Opts,
                TranslationResult &Result, bool &Ok)
      : File(File), Opts(Opts), Result(Result), Ok(Ok) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<TranslateAction>(File, Opts, Result, Ok);
  }

private:
  std::string File;
  const TranslateOptions &Opts;
  TranslationResult &Result;
  bool &Ok;
};

} // namespace

bool translateFile(const std::string &Input, const std::vector<std::string> &CompilerArgs,
                   const TranslateOptions &Opts, TranslationResult &Result) {
  std::vector<std::string> Args = CompilerArgs;
  bool HasStd = false;
  for (const std::string &A : Args)
    HasStd |= A.rfind("-std=", 0) == 0;
  if (!HasStd)
    Args.push_back("-std=c++20");
  Args.push_back("-resource-dir=" CLPAR_CLANG_RESOURCE_DIR);
  Args.push_back("-w"); // the user's warnings come from the real compile, once
  Args.push_back("-Wno-unknown-warning-option");
  Args.push_back("-Qunused-arguments");
  Args.push_back("-DCLPAR_TRANSLATING=1");
  clang::tooling::FixedCompilationDatabase Db(".", Args);
  clang::tooling::ClangTool Tool(Db, {Input});
  bool Ok = false;
  ActionFactory Factory(Input, Opts, Result, Ok);
  int Status = Tool.run(&Factory);
  return Status == 0 && Ok;
}

} // namespace clpar
