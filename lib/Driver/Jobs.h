//===- Driver/Jobs.h - the commands one clpar++ invocation runs -*- C++ -*-===//
//
// For `clpar++ ARGS`, in order:
//
//   1. per C++ source S:  clpar-translate S -o TMP/<i>/<name of S> [clpar options]
//                           -- -I<clpar include> <S's parse flags>
//                              <the compiler's own parse flags> -fopenmp
//   2. once:              CXX -iquote <dir of each S> -I<clpar include> -fopenmp ...
//                           ARGS with each S replaced by its translation
//                           [when linking: -L<lib> -Wl,-rpath,<lib> -lclpar_rt]
//   3. fix-ups:           dependency files and preprocessed output name S again
//
// A translated copy keeps the name of its source, so the compiler's default outputs
// (`-c a.cpp` makes a.o, -MD makes a.d) come out as they would without clpar++.  The
// plan is pure data, built without touching the file system, so tests can read it.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_JOBS_H
#define CLPAR_DRIVER_JOBS_H

#include "Driver/CompilerArgs.h"
#include "Driver/Installation.h"
#include "Driver/SourcePathRewrite.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clpar::driver {

struct Command {
  std::vector<std::string> Argv; ///< Argv[0] is the program's path
  /// Where the program's standard output goes; unset: clpar++'s own.
  std::optional<std::string> StdoutFile;
  /// The first words of Argv that name the program (more than one behind a launcher
  /// such as ccache).
  size_t ProgramWords = 1;
  /// The program reads `@file` response files, so a command line too long for the
  /// system can go in one.
  bool TakesResponseFiles = false;
};

/// One C++ source and its translated copy.
struct Translation {
  std::string Source;       ///< as the user wrote it
  std::string Subdirectory; ///< of the temporary directory, holds Translated alone
  std::string Translated;   ///< Subdirectory/<file name of Source>
  /// Subdirectory/headers: the translated copies of the headers it includes, listed in
  /// HeaderDir/headers.txt ("copy<TAB>original" per line).
  std::string HeaderDir;
  Command Translate;
  /// --keep-generated: where the translated source is copied.
  std::optional<std::string> KeptCopy;
};

/// A file the compiler may write that names translated copies where the user's sources
/// belong.
struct OutputFixup {
  /// The files the compiler may have written (compilers differ in their default names);
  /// each one that exists and names a copy is rewritten.
  std::vector<std::string> Candidates;
  OutputSyntax Syntax;
  /// Candidates holds one file: the compiler's captured standard output, to be copied
  /// to clpar++'s own.
  bool IsCapturedStdout = false;
};

struct JobList {
  std::vector<Translation> Translations;
  Command Compile;
  /// Translated copy -> source, for the fix-ups.
  std::vector<PathReplacement> Replacements;
  std::vector<OutputFixup> Fixups;
};

/// The libraries a linked program needs, in link order after the user's own.
std::vector<std::string> runtimeLinkFlags(const Installation &Pieces);

/// The commands for \p Args.  \p Compiler is the underlying compiler command (its
/// program resolved), \p TempDir the absolute path of a private temporary directory.
/// \p CompilerParseFlags are parse flags the underlying compiler adds by itself (an MPI
/// wrapper's include directories, Driver/MpiWrapper.h): the translator gets them after
/// the command's own.
JobList planJobs(const CompilerArgs &Args, const std::vector<std::string> &Compiler,
                 const Installation &Pieces, llvm::StringRef TempDir,
                 llvm::ArrayRef<std::string> CompilerParseFlags = {});

/// The -std= clpar++ adds when the command has none: the header needs C++20.
inline constexpr const char *DefaultStd = "-std=gnu++20";

} // namespace clpar::driver

#endif // CLPAR_DRIVER_JOBS_H
