//===- Driver/BuildIdentity.h - what clpar++'s output depends on -*- C++ -*-===//
//
// `clpar++ --version` names the build of the pieces that decide what an object file holds
// besides the source and the arguments: the translator's executable and the headers the
// generated code includes (clpar/rt/...).  A compiler cache in front of clpar++ that
// hashes `--version` (ccache: compiler_check = %compiler% --version; docs/driver.md) then
// misses after any change to either, although clpar++ itself did not change.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_BUILDIDENTITY_H
#define CLPAR_DRIVER_BUILDIDENTITY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace clpar::driver {

/// 16 hex digits: a 64-bit XXH3 of the contents of \p Translator and of every regular file
/// under \p IncludeDir/clpar, with their paths relative to \p IncludeDir, in name order.
/// Fails, naming the file, when one cannot be read.
llvm::Expected<std::string> buildIdentity(llvm::StringRef Translator,
                                          llvm::StringRef IncludeDir);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_BUILDIDENTITY_H
