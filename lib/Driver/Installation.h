//===- Driver/Installation.h - where clpar++ finds the rest of clpar -*- C++ -*-===//
//
// An installed clpar is one tree:
//
//   <prefix>/bin/clpar++  <prefix>/bin/clpar-translate
//   <prefix>/include/clpar/clpar.hpp  <prefix>/lib/libclpar_rt.so
//
// and the build tree mirrors it (<build>/bin, <build>/lib) except for the headers, which
// stay in the source tree.  clpar++ finds everything from its own location, so an
// install can be moved as a whole.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_INSTALLATION_H
#define CLPAR_DRIVER_INSTALLATION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace clpar::driver {

struct ClparOptions;

struct Installation {
  std::string Translator; ///< clpar-translate
  std::string IncludeDir; ///< holds clpar/clpar.hpp
  std::string LibDir;     ///< holds libclpar_rt.so

  /// The pieces around the clpar++ executable \p ExePath: the install tree when it has
  /// them, else the build tree clpar++ was built in.
  static Installation locate(llvm::StringRef ExePath);
};

/// The underlying compiler command, first match of: the compiler clpar++ was put in
/// front of (--clpar-launch), --clpar-cxx, \p EnvCxx (CLPAR_CXX), the default compiler
/// recorded at build time.  Its program is resolved to a path through PATH.  Fails when
/// it cannot be found or is \p ExePath itself (which would translate twice, forever).
llvm::Expected<std::vector<std::string>>
findUnderlyingCompiler(const ClparOptions &Options, llvm::StringRef ExePath,
                       std::optional<std::string> EnvCxx);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_INSTALLATION_H
