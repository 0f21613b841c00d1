//===- Driver/TemporaryDirectory.h - clpar++'s private scratch directory -*- C++ -*-===//
//
// The translated copies of the sources live here while the compiler reads them.  The
// directory is private to the user (mode 0700), unique per run, and removed when the
// object goes away, or, when clpar++ is interrupted (SIGINT, SIGTERM, SIGHUP, SIGQUIT,
// SIGPIPE), before the signal ends the process.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_TEMPORARYDIRECTORY_H
#define CLPAR_DRIVER_TEMPORARYDIRECTORY_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace clpar::driver {

class TemporaryDirectory {
public:
  /// Makes `<system temp dir>/<Prefix>-XXXXXX`.
  static llvm::Expected<TemporaryDirectory> create(llvm::StringRef Prefix);

  TemporaryDirectory(TemporaryDirectory &&Other) noexcept;
  TemporaryDirectory &operator=(TemporaryDirectory &&) = delete;
  TemporaryDirectory(const TemporaryDirectory &) = delete;
  ~TemporaryDirectory();

  const std::string &path() const { return Path; }

  /// Makes the directory \p Path, which lies inside, and records it for removal on
  /// a signal.
  llvm::Error makeDirectory(llvm::StringRef Path);

  /// Records \p File, which lies inside and is about to be created, for removal on a
  /// signal (the normal removal needs no record).
  void registerFile(llvm::StringRef File);

private:
  explicit TemporaryDirectory(std::string Path) : Path(std::move(Path)) {}
  std::string Path;
};

} // namespace clpar::driver

#endif // CLPAR_DRIVER_TEMPORARYDIRECTORY_H
