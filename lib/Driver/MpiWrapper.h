//===- Driver/MpiWrapper.h - what an MPI compiler wrapper adds to a command -*- C++ -*-===//
//
// An MPI compiler wrapper (mpicxx, mpic++, mpiCC, mpicc, Intel's mpiicpc, ...) runs a
// real compiler with MPI's include directories, macros and libraries added to the user's
// arguments.  When such a wrapper is clpar++'s underlying compiler, the translator, which
// parses each source itself, needs the preprocessor part of those additions too, or
// `#include <mpi.h>` fails in translation although the compile would succeed.
//
// Every wrapper family answers `-show` with the command it would run (Open MPI also
// accepts it beside its -showme forms; MPICH and Intel MPI know only -show and
// -compile-info), so one run of `WRAPPER -show` per clpar++ invocation with sources
// suffices.  Nothing is cached: a wrapper's answer depends on its environment
// (OMPI_CXX, MPICH_CXX, modules).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_MPIWRAPPER_H
#define CLPAR_DRIVER_MPIWRAPPER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace clpar::driver {

/// Whether \p Program (a path or a name) is an MPI compiler wrapper, by its file name:
/// one of mpicxx mpic++ mpiCC mpicc mpiicpc mpiicpx mpiicc mpiicx mpigxx mpigcc, alone or
/// followed by a suffix that starts with '.' or '-' (mpicxx.openmpi, mpicxx.mpich,
/// mpicxx-openmpi-gcc12).
bool isMpiWrapperName(llvm::StringRef Program);

/// The command that asks the underlying compiler command \p Compiler (launchers such as
/// ccache first, the compiler last) what it adds: `WRAPPER -show`.  std::nullopt when
/// the compiler is not an MPI wrapper.
std::optional<std::vector<std::string>>
mpiShowCommand(llvm::ArrayRef<std::string> Compiler);

/// The flags of a wrapper's `-show` output that change how a file parses, in order, for
/// the translator: -I (given as -isystem: MPI's headers are system headers to the user,
/// which the translator neither rewrites nor warns about), -isystem -idirafter -iquote -D
/// -U -include -imacros, each as two words (`-isystem`, `/dir`), and -pthread.  The
/// compiler's name, link flags and everything else are dropped; quoted words (Intel MPI
/// prints `-I"/opt/intel/.../include"`) are unquoted.
std::vector<std::string> mpiParseFlags(llvm::StringRef ShowOutput);

/// Runs \p ShowCommand with its standard output in \p StdoutFile and its standard error
/// in \p StderrFile (both new files the caller removes), and returns mpiParseFlags of
/// what it printed.  Fails, with a message naming the command, when it cannot run,
/// exits with a status other than 0 (the message then quotes the first line it wrote on
/// standard error), or prints nothing.
llvm::Expected<std::vector<std::string>>
queryMpiWrapper(llvm::ArrayRef<std::string> ShowCommand, llvm::StringRef StdoutFile,
                llvm::StringRef StderrFile);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_MPIWRAPPER_H
