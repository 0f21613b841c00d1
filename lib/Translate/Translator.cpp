//===- Translate/Translator.cpp - One C++ file in, translated C++ out ----===//
#include "Translate/Translator.h"

#include "Analysis/ClosureTags.h"
#include "Analysis/InstantiationKey.h"
#include "Analysis/KernelNames.h"
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
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Rewrite/Core/Rewriter.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <map>

#ifndef CLPAR_CLANG_RESOURCE_DIR
#error "CLPAR_CLANG_RESOURCE_DIR must name Clang's resource directory"
#endif

namespace clpar {

namespace {

/// The data scope variable of a translated function (stub-local names start with clpar_).
const std::string ScopeName = "clpar_scope";

/// " in 'axpy<float>'" for a region of a template instantiation, else nothing.
std::string inInstance(const ir::Region &R) {
  return R.Instance.empty() ? "" : " in '" + R.Instance + "'";
}

/// What was generated for an offloaded region, with its reductions and translated calls.
std::string offloadedRemark(const ir::Region &R, const emit::KernelOptions &Opts) {
  std::string S = std::to_string(R.Dims.size()) + "-D prange nest" + inInstance(R) +
                  " offloaded: OpenCL kernel '" + R.KernelName + "'";
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
  // The split form (Analysis/InnerReduction.h) and the tiled form
  // (Analysis/ProductTiles.h), which GPUs take.
  const emit::KernelShape Shape = emit::kernelShape(R, Opts);
  bool Listed = !R.Reductions.empty() || !R.Functions.empty();
  if (Shape.Split) {
    S += (Listed ? "," : "") + std::string(" sharing each iteration's loop over '") +
         R.Inner->Var + "' among work-items";
    Listed = true;
  }
  if (Shape.Tiles)
    S += (Listed ? "," : "") + std::string(" tiling the loop over '") + R.Inner->Var +
         "' for blocks of iterations";
  // The element-wise form (Analysis/ElementwiseRows.h).
  if (Shape.Vector)
    S += (Listed ? "," : "") + std::string(" taking four iterations of '") +
         R.Dims.back().LoopVarName + "' per work-item";
  return S + " and an OpenMP variant";
}

/// One #include the preprocessor followed.
struct Inclusion {
  clang::SourceLocation Hash;         ///< the directive's '#'
  clang::CharSourceRange FileNameRange; ///< "x.h" or <x.h>, quotes included
  clang::FileEntryRef Included;
  bool Angled;
};

class InclusionRecorder : public clang::PPCallbacks {
public:
  explicit InclusionRecorder(std::vector<Inclusion> &Out) : Out(Out) {}
  void InclusionDirective(clang::SourceLocation HashLoc, const clang::Token &,
                          llvm::StringRef, bool IsAngled,
                          clang::CharSourceRange FilenameRange,
                          clang::OptionalFileEntryRef File, llvm::StringRef,
                          llvm::StringRef, const clang::Module *, bool,
                          clang::SrcMgr::CharacteristicKind) override {
    if (File)
      Out.push_back({HashLoc, FilenameRange, *File, IsAngled});
  }

private:
  std::vector<Inclusion> &Out;
};

/// A loop or slice statement of a template: the instantiations that share its text.
struct TemplateSite {
  std::vector<size_t> Members; ///< indexes into the built loops or slices
  std::vector<size_t> Unnamed; ///< instantiations without a key: the fallback's
};

class TranslateConsumer : public clang::ASTConsumer {
public:
  TranslateConsumer(clang::CompilerInstance &CI, const std::string &File,
                    const TranslateOptions &Opts, TranslationResult &Result, bool &Ok,
                    std::vector<Inclusion> &Inclusions)
      : CI(CI), File(File), Opts(Opts), Result(Result), Ok(Ok), Inclusions(Inclusions) {}

  void HandleTranslationUnit(clang::ASTContext &Ctx) override {
    clang::DiagnosticsEngine &Engine = CI.getDiagnostics();
    if (Engine.hasErrorOccurred())
      return; // the user's code does not compile; Clang said why
    Diagnoser Diags(Engine, Opts.Remarks);
    const clang::SourceManager &SM = Ctx.getSourceManager();
    clang::Rewriter Rewrite(CI.getSourceManager(), Ctx.getLangOpts());
    HeaderPolicy Policy = Opts.Headers;
    if (Opts.HeaderDir.empty())
      Policy = HeaderPolicy{false, {}, {}};
    TranslatedFiles Files(Ctx, Policy);

    FoundLoops Found = findPrangeLoops(Ctx, Files);
    for (const SkippedLoop &S : Found.Skipped)
      Diags.remark(S.Loc, S.Reason);
    // Lambdas whose closures a loop needs to tell apart or read (ClosureTags); none
    // inside a statement the translator replaces.
    std::vector<clang::SourceRange> Replaced;
    for (const FoundLoop &L : Found.Outermost)
      Replaced.push_back(L.Loop->getSourceRange());
    for (const FoundSlice &F : Found.Slices)
      Replaced.push_back(F.Statement->getSourceRange());
    ClosureTags Tags(Ctx, Files, Replaced);

    emit::HostStubOptions StubOpts;
    StubOpts.OpenCL = Opts.OpenCL;
    StubOpts.CpuDevicesOnly = Opts.CpuDevicesOnly;
    StubOpts.BoundsCheck = Opts.BoundsCheck;
    StubOpts.StrictFp = Opts.StrictFp;
    emit::KernelOptions KernelOpts;
    KernelOpts.BoundsCheck = Opts.BoundsCheck;
    KernelOpts.StrictFp = Opts.StrictFp;

    // The file name a site is reported with: the main file as given, a header as found.
    auto fileOf = [&](clang::SourceLocation L) -> std::string {
      clang::FileID F = SM.getFileID(SM.getExpansionLoc(L));
      if (F == SM.getMainFileID())
        return File;
      return SM.getPresumedLoc(L).getFilename();
    };
    // Kernel names: a header's carry its file's name (two files may have a loop at the
    // same line and column), an instantiation's its arguments.
    auto nameKernel = [&](ir::Region &R, clang::SourceLocation L,
                          const std::optional<InstantiationKey> &Key) {
      if (SM.getFileID(SM.getExpansionLoc(L)) != SM.getMainFileID())
        R.KernelName = "clpar_" +
                       identifierPart(llvm::sys::path::stem(fileOf(L)).str()) + "_" +
                       R.KernelName.substr(6);
      if (Key) {
        R.KernelName += "_" + Key->Suffix;
        R.Instance = Key->Name;
      }
    };
    // Instantiations of one template site, keyed by the site's location.
    std::map<unsigned, TemplateSite> LoopSites, SliceSites;
    std::vector<std::optional<InstantiationKey>> LoopKeys, SliceKeys;

    // 1. Build every region first: where data may stay on the device depends on which
    // statements of a function became offloaded regions.
    struct BuiltLoop {
      const FoundLoop *Found;
      BuiltRegion Built;
      bool Kernel;
    };
    std::vector<BuiltLoop> Loops;
    std::vector<const clang::Stmt *> Offloaded;
    // An instantiation whose arguments cannot be written in the template (a closure
    // type, say) has no condition of its own: it takes the chain's last branch, alone
    // there when it is its site's only one.
    std::map<size_t, std::string> LoopWhy, SliceWhy;
    auto keyOf = [&](bool Instantiated, const clang::FunctionDecl *Context,
                     clang::SourceLocation At, std::string &Why) {
      std::optional<InstantiationKey> Key;
      if (!Instantiated)
        return Key;
      Key = instantiationKey(Context, At, Ctx, Why, &Tags);
      if (!Key) {
        Key.emplace();
        Key->Name = instantiationName(Context, Ctx);
        Key->Suffix = "u" + llvm::utohexstr(llvm::xxh3_64bits(Key->Name) & 0xffffffffULL,
                                            /*LowerCase=*/true);
      }
      return Key;
    };
    for (const FoundLoop &L : Found.Outermost) {
      std::string Why;
      std::optional<InstantiationKey> Key =
          keyOf(L.Instantiated, L.Context, L.Loop->getBeginLoc(), Why);
      std::optional<BuiltRegion> B = buildRegion(L.Loop, L.Function, fileOf(L.Loop->getForLoc()),
                                                 Opts.BoundsCheck, Ctx, Diags, &Tags);
      if (!B)
        continue;
      nameKernel(B->Region, L.Loop->getForLoc(), Key);
      bool Kernel = Opts.OpenCL && B->Region.offloaded();
      if (L.Instantiated) {
        TemplateSite &Site = LoopSites[L.Loop->getBeginLoc().getRawEncoding()];
        (Key->Condition.empty() ? Site.Unnamed : Site.Members).push_back(Loops.size());
        if (Key->Condition.empty())
          LoopWhy[Loops.size()] = Why;
      } else if (Kernel) {
        Offloaded.push_back(L.Loop);
      }
      Loops.push_back({&L, std::move(*B), Kernel});
      LoopKeys.push_back(Key);
    }
    // Several instantiations without a condition share the last branch: the OpenMP
    // variant, which is the same text for all of them.
    for (auto &[Raw, Site] : LoopSites)
      if (Site.Unnamed.size() > 1)
        for (size_t U : Site.Unnamed) {
          ir::Region &R = Loops[U].Built.Region;
          R.NotOffloadedReason = LoopWhy[U] + " (as does another instantiation here; a loop "
                                              "offloads one such instantiation only)";
          R.NotOffloadedAt = R.Site;
          R.KernelBody.reset();
          Loops[U].Kernel = false;
        }
    // The instantiations that keep a kernel take part in their function's data scope.
    for (const BuiltLoop &Each : Loops)
      if (Each.Found->Instantiated && Each.Kernel)
        Offloaded.push_back(Each.Found->Loop);
    struct BuiltSlice {
      const FoundSlice *Found;
      SliceStatement Built;
    };
    std::vector<BuiltSlice> Slices;
    /// Slice statements left to the header, with the reason their trace line gives.
    std::vector<std::pair<const clang::Expr *, std::string>> HeaderSlices;
    for (const FoundSlice &F : Found.Slices) {
      std::string Reason;
      std::string Why;
      std::optional<InstantiationKey> Key =
          keyOf(F.Instantiated, F.Context, F.Statement->getBeginLoc(), Why);
      std::optional<SliceStatement> S =
          buildSliceStatement(F.Statement, fileOf(F.Statement->getBeginLoc()), Ctx, Reason);
      if (!S) {
        if (!Reason.empty()) {
          Diags.remark(F.Statement->getBeginLoc(),
                       "slice statement" + (Key ? " in '" + Key->Name + "'" : std::string()) +
                           " not offloaded: it " + Reason +
                           "; the header evaluates it serially");
          if (Opts.OpenCL && !F.Instantiated && !F.Statement->getBeginLoc().isMacroID() &&
              !F.Statement->getEndLoc().isMacroID())
            HeaderSlices.push_back({F.Statement, "slice statement not offloaded: it " + Reason});
        }
        continue;
      }
      nameKernel(S->Region, F.Statement->getBeginLoc(), Key);
      if (F.Instantiated) {
        TemplateSite &Site = SliceSites[F.Statement->getBeginLoc().getRawEncoding()];
        (Key->Condition.empty() ? Site.Unnamed : Site.Members).push_back(Slices.size());
        if (Key->Condition.empty())
          SliceWhy[Slices.size()] = Why;
      } else if (Opts.OpenCL) {
        Offloaded.push_back(F.Statement);
      }
      Slices.push_back({&F, std::move(*S)});
      SliceKeys.push_back(Key);
    }

    // 2. Data scopes (SPEC 1.5), and the runtime's side of sync_host() and resident.
    // Every replacement is made before any insertion: the rewriter would count text
    // inserted at the start of a replaced range as part of the range.
    auto siteOf = [&](clang::SourceLocation L) {
      clang::PresumedLoc At = SM.getPresumedLoc(L);
      return std::string(At.getFilename()) + ":" + std::to_string(At.getLine()) + ":" +
             std::to_string(At.getColumn());
    };
    if (Opts.OpenCL)
      for (const auto &[Raw, Site] : SliceSites) {
        for (size_t M : Site.Members)
          Offloaded.push_back(Slices[M].Found->Statement);
        if (Site.Unnamed.size() == 1)
          Offloaded.push_back(Slices[Site.Unnamed.front()].Found->Statement);
      }
    ResidencyPlan Plan;
    if (Opts.OpenCL) {
      Plan = planResidency(Ctx, Offloaded);
      ResidencyCalls Calls = findResidencyCalls(Ctx, Files);
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
    bool AnyRuntimeCall =
        Opts.OpenCL && (!Loops.empty() || !Slices.empty() || !HeaderSlices.empty());
    auto loopStub = [&](BuiltLoop &Each, unsigned ResumeLine, unsigned ResumeColumn) {
      const FoundLoop &L = *Each.Found;
      BuiltRegion *B = &Each.Built;
      const ir::Region &R = B->Region;
      if (Opts.DumpRegions)
        Result.RegionDump += ir::dumpRegion(R);
      std::string KernelSource;
      if (Each.Kernel) {
        KernelSource = emit::emitKernel(R, KernelOpts);
        Result.Kernels.emplace_back(R.KernelName, KernelSource);
        Diags.remark(L.Loop->getForLoc(), offloadedRemark(R, KernelOpts));
      } else if (!Opts.OpenCL) {
        Diags.remark(L.Loop->getForLoc(), std::to_string(R.Dims.size()) + "-D prange nest" +
                                              inInstance(R) +
                                              ": OpenMP variant only (--no-opencl)");
      } else {
        Diags.remark(B->NotOffloadedLoc.isValid() ? B->NotOffloadedLoc
                                                  : L.Loop->getForLoc(),
                     "prange loop" + inInstance(R) + " not offloaded to OpenCL: it " +
                         R.NotOffloadedReason + "; the OpenMP variant is used");
      }
      emit::HostStubOptions O = StubOpts;
      O.Indent = std::string(SM.getSpellingColumnNumber(B->ReplaceBegin) - 1, ' ');
      O.Scope = Plan.InScope.contains(L.Loop) ? ScopeName : "";
      return emit::emitHostStub(R, KernelSource, O, ResumeLine, ResumeColumn);
    };
    auto endOf = [&](clang::SourceLocation End) {
      return clang::Lexer::getLocForEndOfToken(End, 0, SM, Ctx.getLangOpts());
    };
    // Classes declared after a template whose instantiations' conditions name them
    // (InstantiationKey::ForwardDeclarations): declared ahead of the top-level declaration
    // holding the template, once each there.
    std::map<unsigned, std::vector<std::string>> Ahead; // by that declaration's start
    auto declareAhead = [&](clang::SourceLocation Site, const InstantiationKey &K) {
      if (K.ForwardDeclarations.empty())
        return;
      const clang::SourceLocation At = SM.getExpansionLoc(Site);
      for (const clang::Decl *D : Ctx.getTranslationUnitDecl()->decls()) {
        const clang::SourceLocation Begin = SM.getExpansionLoc(D->getBeginLoc());
        const clang::SourceLocation End = SM.getExpansionLoc(D->getEndLoc());
        if (Begin.isInvalid() || End.isInvalid() || SM.isBeforeInTranslationUnit(At, Begin) ||
            SM.isBeforeInTranslationUnit(End, At))
          continue;
        std::vector<std::string> &Texts = Ahead[Begin.getRawEncoding()];
        for (const std::string &T : K.ForwardDeclarations)
          if (std::find(Texts.begin(), Texts.end(), T) == Texts.end())
            Texts.push_back(T);
        return;
      }
    };
    bool AnyTemplate = false;
    for (size_t I = 0; I < Loops.size(); ++I) {
      if (Loops[I].Found->Instantiated)
        continue;
      BuiltRegion &B = Loops[I].Built;
      clang::SourceLocation AfterEnd = endOf(B.ReplaceEnd);
      Rewrite.ReplaceText(
          clang::CharSourceRange::getTokenRange(B.ReplaceBegin, B.ReplaceEnd),
          loopStub(Loops[I], SM.getSpellingLineNumber(AfterEnd),
                   SM.getSpellingColumnNumber(AfterEnd)));
    }
    // A loop in a template: one branch per instantiation, chosen at compile time.
    for (auto &[Raw, Site] : LoopSites) {
      AnyTemplate = true;
      size_t First = Site.Members.empty() ? Site.Unnamed.front() : Site.Members.front();
      BuiltRegion &B0 = Loops[First].Built;
      clang::SourceLocation AfterEnd = endOf(B0.ReplaceEnd);
      unsigned Line = SM.getSpellingLineNumber(AfterEnd);
      unsigned Column = SM.getSpellingColumnNumber(AfterEnd);
      std::string Text = "{ ";
      for (size_t M : Site.Members) {
        declareAhead(B0.ReplaceBegin, *LoopKeys[M]);
        Text += "if constexpr (" + LoopKeys[M]->Condition + ") " +
                loopStub(Loops[M], Line, Column) + "else ";
      }
      if (!Site.Unnamed.empty()) {
        // The first one's remark comes with its stub, the others' here.
        for (size_t U : llvm::ArrayRef(Site.Unnamed).drop_front())
          Diags.remark(Loops[U].Found->Loop->getForLoc(),
                       "prange loop in '" + Loops[U].Built.Region.Instance +
                           "' not offloaded to OpenCL: it " +
                           Loops[U].Built.Region.NotOffloadedReason +
                           "; the OpenMP variant is used");
        Text += loopStub(Loops[Site.Unnamed.front()], Line, Column) + "}";
      } else {
        Text += originalText(B0.ReplaceBegin, B0.ReplaceEnd, Ctx) + " }";
      }
      Rewrite.ReplaceText(clang::CharSourceRange::getTokenRange(B0.ReplaceBegin, B0.ReplaceEnd),
                          Text);
    }
    auto sliceStub = [&](BuiltSlice &Each) {
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
        Diags.remark(S->Begin, std::to_string(R.Dims.size()) + "-D " + What + inInstance(R) +
                                   " offloaded: OpenCL kernel '" + R.KernelName +
                                   "' and an OpenMP variant");
      } else {
        Diags.remark(S->Begin, std::to_string(R.Dims.size()) + "-D " + What + inInstance(R) +
                                   ": OpenMP variant only (--no-opencl)");
      }
      clang::SourceLocation AfterEnd = endOf(S->End);
      emit::HostStubOptions O = StubOpts;
      O.Indent = std::string(SM.getSpellingColumnNumber(S->Begin) - 1, ' ');
      O.Scope = Plan.InScope.contains(Each.Found->Statement) ? ScopeName : "";
      return emit::emitSliceStub(R, KernelSource, O, SM.getSpellingLineNumber(AfterEnd),
                                 SM.getSpellingColumnNumber(AfterEnd));
    };
    for (BuiltSlice &Each : Slices) {
      if (Each.Found->Instantiated)
        continue;
      Rewrite.ReplaceText(
          clang::CharSourceRange::getTokenRange(Each.Built.Begin, Each.Built.End),
          sliceStub(Each));
    }
    // A slice statement left to the header says so in the trace when it runs.
    for (const auto &[E, Why] : HeaderSlices) {
      clang::SourceLocation B = E->getBeginLoc();
      std::string Site = fileOf(B) + ":" + std::to_string(SM.getSpellingLineNumber(B)) + ":" +
                         std::to_string(SM.getSpellingColumnNumber(B));
      Rewrite.ReplaceText(
          clang::CharSourceRange::getTokenRange(B, E->getEndLoc()),
          emit::emitHeaderStatement(Site, Why, originalText(B, E->getEndLoc(), Ctx)));
    }
    // A slice statement in a template: an expression, so the chain is a lambda's body.
    for (auto &[Raw, Site] : SliceSites) {
      AnyTemplate = true;
      SliceStatement &S0 =
          Slices[Site.Members.empty() ? Site.Unnamed.front() : Site.Members.front()].Built;
      bool Reduction = S0.Region.Slice->IsReduction;
      std::string Text = Reduction ? "[&]() -> decltype(auto) { " : "[&]() { ";
      for (size_t M : Site.Members) {
        declareAhead(S0.Begin, *SliceKeys[M]);
        Text += "if constexpr (" + SliceKeys[M]->Condition + ") { " +
                (Reduction ? "return " : "") + sliceStub(Slices[M]) + "; } else ";
      }
      if (Site.Unnamed.size() == 1) {
        Text += "{ " + std::string(Reduction ? "return " : "") +
                sliceStub(Slices[Site.Unnamed.front()]) + "; } }()";
      } else {
        for (size_t U : Site.Unnamed)
          Diags.remark(Slices[U].Found->Statement->getBeginLoc(),
                       "slice statement in '" + Slices[U].Built.Region.Instance +
                           "' not offloaded: it " + SliceWhy[U] +
                           " (as does another instantiation here; a statement offloads one "
                           "such instantiation only); the header evaluates it serially");
        Text += "{ " + std::string(Reduction ? "return " : "") +
                originalText(S0.Begin, S0.End, Ctx) + "; } }()";
      }
      Rewrite.ReplaceText(clang::CharSourceRange::getTokenRange(S0.Begin, S0.End), Text);
    }
    // On the declaration's own line: the lines after it keep their numbers.
    for (const auto &[Raw, Texts] : Ahead) {
      std::string Text = "/* clpar: declared ahead */ ";
      for (const std::string &T : Texts)
        Text += T + " ";
      Rewrite.InsertTextBefore(clang::SourceLocation::getFromRawEncoding(Raw), Text);
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
    // 5. The tagged lambdas (after every replacement, none of which holds one; after
    // what a scope inserted where a statement starts with one).
    std::vector<TaggedLambda> Wrapped = Tags.wrappings();
    for (const TaggedLambda &T : Wrapped) {
      Rewrite.InsertTextAfter(T.Begin, emit::emitClosureTagBegin(T.Tag, T.Context));
      Rewrite.InsertTextAfterToken(T.End, emit::emitClosureTagEnd(T.Captures));
    }
    AnyTemplate |= !Wrapped.empty();
    if (Diags.hasErrors())
      return;

    // 6. Headers: each rewritten one becomes a copy, and so does every user header on
    // the way from the main file to it, so that every #include reaches the copy.
    if (!writeHeaders(Rewrite, Files, Diags))
      return;

    clang::FileID Main = SM.getMainFileID();
    std::string Body;
    if (const clang::RewriteBuffer *Buf = Rewrite.getRewriteBufferFor(Main))
      Body.assign(Buf->begin(), Buf->end());
    else
      Body = SM.getBufferData(Main).str();
    Result.Output = emit::emitFilePrologue(File, AnyRuntimeCall, AnyTemplate, StubOpts) + Body;
    Ok = true;
  }

private:
  /// The statement as written, on its own lines and columns (a #line directive first).
  static std::string originalText(clang::SourceLocation B, clang::SourceLocation E,
                                  const clang::ASTContext &Ctx) {
    clang::PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(B);
    return "\n#line " + std::to_string(P.getLine()) + " " + emit::quoted(P.getFilename()) +
           "\n" + std::string(P.getColumn() - 1, ' ') +
           clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(B, E),
                                       Ctx.getSourceManager(), Ctx.getLangOpts())
               .str();
  }

  /// Copies of the rewritten headers and of the headers that include them; the
  /// #include directives that lead to a copy name it, and a copy's own quoted includes
  /// name what they found (a copy lives elsewhere than its original).
  bool writeHeaders(clang::Rewriter &Rewrite, const TranslatedFiles &Files,
                    Diagnoser &Diags) {
    const clang::SourceManager &SM = CI.getSourceManager();
    llvm::DenseMap<const clang::FileEntry *, clang::FileID> Copied; // entry -> its FileID
    for (auto It = Rewrite.buffer_begin(); It != Rewrite.buffer_end(); ++It)
      if (It->first != SM.getMainFileID())
        if (clang::OptionalFileEntryRef E = SM.getFileEntryRefForID(It->first))
          Copied.try_emplace(&E->getFileEntry(), It->first);
    if (Copied.empty())
      return true;
    auto includerOf = [&](const Inclusion &I) { return SM.getFileID(I.Hash); };
    for (bool Grew = true; Grew;) {
      Grew = false;
      for (const Inclusion &I : Inclusions) {
        if (!Copied.count(&I.Included.getFileEntry()))
          continue;
        clang::FileID From = includerOf(I);
        clang::OptionalFileEntryRef E = SM.getFileEntryRefForID(From);
        if (From == SM.getMainFileID() || !E || Copied.count(&E->getFileEntry()))
          continue;
        if (SM.isInSystemHeader(I.Hash) && !Files.containsFile(From))
          continue; // a system header's include of a user header keeps the original
        Copied.try_emplace(&E->getFileEntry(), From);
        Grew = true;
      }
    }
    // Each copy gets its place: HeaderDir/<n>/<name>, n counting copies.
    llvm::DenseMap<const clang::FileEntry *, std::string> CopyPath;
    std::vector<std::pair<const clang::FileEntry *, clang::FileID>> Order(Copied.begin(),
                                                                          Copied.end());
    std::sort(Order.begin(), Order.end(), [&](const auto &A, const auto &B) {
      return SM.isBeforeInTranslationUnit(SM.getLocForStartOfFile(A.second),
                                          SM.getLocForStartOfFile(B.second));
    });
    for (size_t N = 0; N < Order.size(); ++N) {
      llvm::SmallString<256> P(Opts.HeaderDir);
      llvm::sys::path::append(P, std::to_string(N),
                              llvm::sys::path::filename(
                                  SM.getFileEntryRefForID(Order[N].second)->getName()));
      CopyPath[Order[N].first] = std::string(P);
    }
    for (const Inclusion &I : Inclusions) {
      clang::FileID From = includerOf(I);
      bool FromMain = From == SM.getMainFileID();
      clang::OptionalFileEntryRef FromEntry = SM.getFileEntryRefForID(From);
      bool FromCopy = FromEntry && Copied.count(&FromEntry->getFileEntry()) &&
                      Copied.lookup(&FromEntry->getFileEntry()) == From;
      if (!FromMain && !FromCopy)
        continue;
      auto Target = CopyPath.find(&I.Included.getFileEntry());
      std::string Replacement;
      if (Target != CopyPath.end())
        Replacement = emit::quoted(Target->second);
      else if (FromCopy && !I.Angled)
        Replacement = emit::quoted(canonicalPath(I.Included.getName()));
      else
        continue;
      if (I.FileNameRange.getBegin().isMacroID()) {
        if (Target != CopyPath.end())
          Diags.remark(I.Hash, "header '" + I.Included.getName().str() +
                                   "' is included through a macro, so its translated "
                                   "copy cannot be; its loops run serially there");
        continue;
      }
      Rewrite.ReplaceText(I.FileNameRange, Replacement);
    }
    for (const auto &[Entry, ID] : Order) {
      TranslatedHeader H;
      H.Original = SM.getFileEntryRefForID(ID)->getName().str();
      H.Copy = CopyPath[Entry];
      std::string Body;
      if (const clang::RewriteBuffer *Buf = Rewrite.getRewriteBufferFor(ID))
        Body.assign(Buf->begin(), Buf->end());
      else
        Body = SM.getBufferData(ID).str();
      H.Text = "// Translated by clpar-translate from " + H.Original +
               "; edits here are lost on the next build.\n#line 1 " +
               emit::quoted(H.Original) + "\n" + Body;
      Result.Headers.push_back(std::move(H));
    }
    return true;
  }

  clang::CompilerInstance &CI;
  std::string File;
  const TranslateOptions &Opts;
  TranslationResult &Result;
  bool &Ok;
  std::vector<Inclusion> &Inclusions;
};

class TranslateAction : public clang::ASTFrontendAction {
public:
  TranslateAction(const std::string &File, const TranslateOptions &Opts,
                  TranslationResult &Result, bool &Ok)
      : File(File), Opts(Opts), Result(Result), Ok(Ok) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance &CI,
                                                        llvm::StringRef) override {
    CI.getPreprocessor().addPPCallbacks(std::make_unique<InclusionRecorder>(Inclusions));
    return std::make_unique<TranslateConsumer>(CI, File, Opts, Result, Ok, Inclusions);
  }

private:
  std::vector<Inclusion> Inclusions;
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

namespace {

/// translateFile and translateSource: \p Code, when given, is the contents of \p Input,
/// which then need not exist on disk.
bool translate(const std::string &Input, const std::string *Code,
               const std::vector<std::string> &CompilerArgs, const TranslateOptions &Opts,
               TranslationResult &Result) {
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
  if (Code)
    Tool.mapVirtualFile(Input, *Code);
  bool Ok = false;
  ActionFactory Factory(Input, Opts, Result, Ok);
  int Status = Tool.run(&Factory);
  return Status == 0 && Ok;
}

} // namespace

bool translateFile(const std::string &Input, const std::vector<std::string> &CompilerArgs,
                   const TranslateOptions &Opts, TranslationResult &Result) {
  return translate(Input, nullptr, CompilerArgs, Opts, Result);
}

bool translateSource(const std::string &Name, const std::string &Code,
                     const std::vector<std::string> &CompilerArgs, const TranslateOptions &Opts,
                     TranslationResult &Result) {
  return translate(Name, &Code, CompilerArgs, Opts, Result);
}

} // namespace clpar
