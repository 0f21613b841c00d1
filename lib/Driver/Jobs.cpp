//===- Driver/Jobs.cpp - the commands one clpar++ invocation runs ------------===//
#include "Driver/Jobs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace clpar::driver {

namespace {

std::string join(StringRef A, StringRef B) {
  SmallString<256> Path(A);
  sys::path::append(Path, B);
  return std::string(Path);
}

/// The directory `#include "x.h"` searches first for \p Source: its own.
std::string quoteDirOf(StringRef Source) {
  StringRef Dir = sys::path::parent_path(Source);
  return Dir.empty() ? "." : Dir.str();
}

std::string withExtension(StringRef Path, StringRef Ext) {
  SmallString<256> Result(Path);
  sys::path::replace_extension(Result, Ext);
  return std::string(Result);
}

std::vector<std::string> translatorOptions(const ClparOptions &O) {
  std::vector<std::string> Options;
  if (O.NoOpenCL)
    Options.push_back("--no-opencl");
  if (O.NoOpenCLGPU)
    Options.push_back("--no-opencl-gpu");
  if (O.NoBoundsCheck)
    Options.push_back("--no-bounds-check");
  if (O.StrictFP)
    Options.push_back("--strict-fp");
  if (O.Remarks)
    Options.push_back("-Rclpar");
  Options.insert(Options.end(), O.HeaderOptions.begin(), O.HeaderOptions.end());
  if (O.KeepGeneratedDir)
    Options.push_back("--keep-generated=" + *O.KeepGeneratedDir);
  return Options;
}

/// Where -MD/-MMD put the dependency file when no -MF names it.  gcc and clang agree
/// on `-o` with its extension replaced by .d; without -o, clang and `gcc -c` use the
/// source's stem in the working directory, while gcc linking uses `a-<stem>.d`.
std::vector<std::string> defaultDependencyFiles(const CompilerArgs &Args) {
  std::vector<std::string> Files;
  if (Args.Output) {
    Files.push_back(withExtension(*Args.Output, ".d"));
    return Files;
  }
  for (const CompilerArg &A : Args.Args) {
    if (!A.isSource())
      continue;
    std::string Stem = sys::path::stem(A.path()).str();
    Files.push_back(Stem + ".d");
    Files.push_back("a-" + Stem + ".d");
  }
  return Files;
}

} // namespace

std::vector<std::string> runtimeLinkFlags(const Installation &Pieces) {
  // --as-needed: a program whose code never reaches the runtime (no offloaded region, or
  // plain C++ such as CMake's compiler checks) does not depend on it.  The runtime opens
  // OpenCL's ICD loader itself, at run time (runtime/device/opencl_loader.hpp).
  return {"-L" + Pieces.LibDir,
          "-Wl,-rpath," + Pieces.LibDir,
          "-Wl,--push-state,--as-needed",
          "-lclpar_rt",
          "-Wl,--pop-state"};
}

JobList planJobs(const CompilerArgs &Args, const std::vector<std::string> &Compiler,
                 const Installation &Pieces, StringRef TempDir,
                 ArrayRef<std::string> CompilerParseFlags) {
  JobList Jobs;
  Jobs.Compile.Argv = Compiler;
  Jobs.Compile.ProgramWords = Compiler.size();
  Jobs.Compile.TakesResponseFiles = true;
  std::vector<std::string> &Cxx = Jobs.Compile.Argv;

  // Nothing to compile (--version, -dumpmachine, -print-file-name=...): pass through.
  if (!Args.hasInputs()) {
    for (const CompilerArg &A : Args.Args)
      Cxx.insert(Cxx.end(), A.Words.begin(), A.Words.end());
    return Jobs;
  }

  // 1. Translations.
  StringSet<> KeptNames;
  for (const CompilerArg &A : Args.Args) {
    if (!A.isSource())
      continue;
    Translation T;
    T.Source = A.path();
    std::string Index = std::to_string(Jobs.Translations.size());
    T.Subdirectory = join(TempDir, Index);
    StringRef Name = sys::path::filename(T.Source);
    T.Translated = join(T.Subdirectory, Name);

    std::vector<std::string> &Tr = T.Translate.Argv;
    T.HeaderDir = join(T.Subdirectory, "headers");
    Tr = {Pieces.Translator, T.Source, "-o", T.Translated, "--header-dir=" + T.HeaderDir};
    std::vector<std::string> Options = translatorOptions(Args.Clpar);
    Tr.insert(Tr.end(), Options.begin(), Options.end());
    Tr.push_back("--");
    Tr.push_back("-I" + Pieces.IncludeDir);
    if (!Args.HasStd)
      Tr.push_back(DefaultStd);
    Tr.insert(Tr.end(), Args.ParseFlags.begin(), Args.ParseFlags.end());
    Tr.insert(Tr.end(), CompilerParseFlags.begin(), CompilerParseFlags.end());
    Tr.push_back("-fopenmp");
    if (A.ForcedCxx) {
      Tr.push_back("-x");
      Tr.push_back("c++");
    }

    if (Args.Clpar.KeepGeneratedDir) {
      // Two sources with one name (a/x.cpp b/x.cpp) keep x.cpp and x.1.cpp.
      std::string Kept = Name.str();
      if (!KeptNames.insert(Kept).second)
        Kept = sys::path::stem(Name).str() + "." + Index +
               sys::path::extension(Name).str();
      T.KeptCopy = join(*Args.Clpar.KeepGeneratedDir, Kept);
    }
    Jobs.Replacements.push_back({T.Translated, T.Source});
    Jobs.Translations.push_back(std::move(T));
  }

  // 2. The compiler.  The translated copy's own directory holds nothing else, so
  // `#include "x.h"` continues with the source's directory, then the user's -iquote
  // and -I directories, as it would for the source itself.
  StringSet<> QuoteDirs;
  for (const Translation &T : Jobs.Translations) {
    std::string Dir = quoteDirOf(T.Source);
    if (QuoteDirs.insert(Dir).second) {
      Cxx.push_back("-iquote");
      Cxx.push_back(Dir);
    }
  }
  if (!Jobs.Translations.empty()) {
    Cxx.push_back("-I" + Pieces.IncludeDir);
    if (!Args.HasStd)
      Cxx.push_back(DefaultStd);
  }
  Cxx.push_back("-fopenmp");
  // --strict-fp: the host variant must not contract a * b + c into fma either, so that
  // host and device give the same bits (SPEC 1.7).
  if (Args.Clpar.StrictFP)
    Cxx.push_back("-ffp-contract=off");
  // Debug information names the compilation unit after the file compiled: name the
  // source's directory instead of the temporary one.
  for (const Translation &T : Jobs.Translations)
    Cxx.push_back("-fdebug-prefix-map=" + T.Subdirectory + "=" + quoteDirOf(T.Source));

  size_t Next = 0;
  for (const CompilerArg &A : Args.Args) {
    if (A.isSource())
      Cxx.push_back(Jobs.Translations[Next++].Translated);
    else
      Cxx.insert(Cxx.end(), A.Words.begin(), A.Words.end());
  }
  if (Args.FinalPhase == Phase::Link && !Args.Clpar.NoOpenCL) {
    std::vector<std::string> Link = runtimeLinkFlags(Pieces);
    Cxx.insert(Cxx.end(), Link.begin(), Link.end());
  }

  // 3. Fix-ups, needed only where a translated copy could be named.
  if (Jobs.Translations.empty())
    return Jobs;
  OutputSyntax PreprocessedSyntax =
      Args.DependenciesAsOutput ? OutputSyntax::Make : OutputSyntax::LineMarkers;
  if (Args.FinalPhase == Phase::Preprocess) {
    if (Args.Output) {
      Jobs.Fixups.push_back({{*Args.Output}, PreprocessedSyntax});
    } else {
      std::string Captured = join(TempDir, "stdout");
      Jobs.Compile.StdoutFile = Captured;
      Jobs.Fixups.push_back({{Captured}, PreprocessedSyntax, /*IsCapturedStdout=*/true});
    }
  }
  if (Args.DependencyFile && Args.writesDependencies())
    Jobs.Fixups.push_back({{*Args.DependencyFile}, OutputSyntax::Make});
  else if (Args.DependenciesAsSideEffect)
    Jobs.Fixups.push_back({defaultDependencyFiles(Args), OutputSyntax::Make});
  return Jobs;
}

} // namespace clpar::driver
