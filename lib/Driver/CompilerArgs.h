//===- Driver/CompilerArgs.h - clpar++'s reading of a compiler command line -*- C++ -*-===//
//
// clpar++ is a drop-in compiler: it takes a g++/clang++ command line plus a few options of
// its own.  This file sorts that command line, without touching the file system, into
//
//   clpar options   consumed here (--no-opencl, -Rclpar, --keep-generated, ...)
//   sources         C++ files to translate: *.cpp *.cc *.cxx *.c++ *.cp *.CPP *.C, or any
//                   file after `-x c++`
//   inputs          every other positional argument (objects, archives, C files, `-`),
//                   passed through untouched
//   flags           everything else, passed through in order; the subset that changes how
//                   a file parses (preprocessor, language and target flags) is also given
//                   to clpar-translate
//
// and records what the command asks the compiler to produce (preprocessed text, assembly,
// objects or a linked program) and where dependency output goes.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_COMPILERARGS_H
#define CLPAR_DRIVER_COMPILERARGS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace clpar::driver {

/// The last step the underlying compiler performs, from -E/-M, -fsyntax-only, -S, -c or
/// none of them.  Ordered: an earlier stop wins when several are given, as with gcc.
enum class Phase { Preprocess, SyntaxOnly, Compile, Assemble, Link };

/// The options of SPEC section 2.1 that clpar++ consumes (DriverOptions.h lists them).
struct ClparOptions {
  bool NoOpenCL = false;
  bool NoOpenCLGPU = false;
  bool NoBoundsCheck = false;
  bool StrictFP = false;
  bool Remarks = false; ///< -Rclpar (-Rno-clpar clears it)
  /// --translate-headers=user|none, --translate-headers-in=DIR and
  /// --no-translate-headers-in=DIR, for the translator, in the order given.
  std::vector<std::string> HeaderOptions;
  /// --keep-generated[=DIR]: the directory, "clpar-generated" when none was given.
  std::optional<std::string> KeepGeneratedDir;
  /// --clpar-cxx=PATH.
  std::optional<std::string> Cxx;
  /// --clpar-launch CMD...: clpar++ was put in front of a compiler command (a CMake
  /// compiler launcher).  CMD is the underlying compiler, possibly behind another
  /// launcher (`ccache g++`).
  std::vector<std::string> LaunchedCompiler;
  bool Verbose = false; ///< -v (also passed to the compiler)
  bool Version = false; ///< --version
  bool Help = false;    ///< --help
};

/// One argument (or option with its separate value) for the underlying compiler.
struct CompilerArg {
  enum class Kind {
    Flag,   ///< an option; Text may hold two words (`-o out`, `-MF x.d`)
    Source, ///< a C++ source clpar++ translates
    Input,  ///< any other positional argument
  };
  Kind K;
  /// The argument's words as they appear on the command line.
  std::vector<std::string> Words;
  /// Source only: selected by `-x c++` rather than by its extension.
  bool ForcedCxx = false;

  bool isSource() const { return K == Kind::Source; }
  bool isInput() const { return K == Kind::Input; }
  /// The file name of a Source or Input.
  const std::string &path() const { return Words.front(); }
};

class CompilerArgs {
public:
  /// Sorts \p Args (without argv[0]; response files already expanded).  Fails only on a
  /// malformed clpar option; anything else is the underlying compiler's to judge.
  static llvm::Expected<CompilerArgs> parse(llvm::ArrayRef<std::string> Args);

  ClparOptions Clpar;
  /// What the compiler gets, in the original order, clpar options removed.
  std::vector<CompilerArg> Args;
  /// The flags that affect how a source parses, in order, for clpar-translate.
  std::vector<std::string> ParseFlags;

  Phase FinalPhase = Phase::Link;
  /// -o.
  std::optional<std::string> Output;
  /// -MD or -MMD: dependencies are written beside the compiler's main output.
  bool DependenciesAsSideEffect = false;
  /// -M or -MM (without -MD/-MMD): dependencies are the output (implies -E).
  bool DependenciesAsOutput = false;
  /// -MF.
  std::optional<std::string> DependencyFile;
  /// Some -std= was given.
  bool HasStd = false;

  bool hasSources() const;
  /// Sources or other inputs: the compiler has files to work on (not just
  /// `--version`, `-dumpmachine`, `-print-search-dirs`).
  bool hasInputs() const;
  bool writesDependencies() const {
    return DependenciesAsSideEffect || DependenciesAsOutput;
  }
};

/// Whether \p Path names a C++ source by its extension (.cpp .cc .cxx .c++ .cp .CPP .C).
bool hasCxxSourceExtension(llvm::StringRef Path);

/// Whether \p Option (exactly) takes its value as the next argument, like `-o file`.
bool takesSeparateValue(llvm::StringRef Option);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_COMPILERARGS_H
