//===- Driver/Driver.h - clpar++: translate, then compile like the compiler -*- C++ -*-===//
//
// The whole of clpar++ behind its main(): read the command line (CompilerArgs), find
// the translator, headers, runtime and underlying compiler (Installation), plan the
// commands (Jobs), run them, and put the user's source names back into what the
// compiler wrote (SourcePathRewrite).
//
// Behaves like a compiler toward its caller: diagnostics on stderr, the exit status of
// the first step that failed, no compiler run after a failed translation, and no
// temporary file left behind.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_DRIVER_H
#define CLPAR_DRIVER_DRIVER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace clpar::driver {

/// Runs clpar++ with \p Argv (argv[0] first) and returns its exit status.
int runDriver(llvm::ArrayRef<const char *> Argv);

/// The --help text.
void printHelp(llvm::raw_ostream &OS);

/// \p Argv as one line a POSIX shell would run as the same command.
std::string formatCommandLine(llvm::ArrayRef<std::string> Argv);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_DRIVER_H
