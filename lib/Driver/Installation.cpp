//===- Driver/Installation.cpp - where clpar++ finds the rest of clpar -------===//
#include "Driver/Installation.h"

#include "Driver/CompilerArgs.h"
#include "Driver/DriverConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace clpar::driver {

namespace {

std::string join(StringRef Dir, StringRef Relative) {
  SmallString<256> Path(Dir);
  sys::path::append(Path, Relative);
  sys::path::remove_dots(Path, /*remove_dot_dot=*/true);
  return std::string(Path);
}

/// The first of \p Dirs that holds \p Marker, else the last of them.
std::string firstHolding(const std::vector<std::string> &Dirs, StringRef Marker) {
  for (const std::string &Dir : Dirs)
    if (sys::fs::exists(join(Dir, Marker)))
      return Dir;
  return Dirs.back();
}

std::string realPath(StringRef Path) {
  SmallString<256> Real;
  if (sys::fs::real_path(Path, Real))
    return Path.str();
  return std::string(Real);
}

} // namespace

Installation Installation::locate(StringRef ExePath) {
  StringRef BinDir = sys::path::parent_path(ExePath);
  Installation I;
  I.Translator = join(BinDir, "clpar-translate");
  I.IncludeDir = firstHolding(
      {join(BinDir, CLPAR_INCLUDE_DIR_FROM_BIN), CLPAR_BUILD_INCLUDE_DIR}, "clpar/clpar.hpp");
  I.LibDir = firstHolding({join(BinDir, CLPAR_LIB_DIR_FROM_BIN), join(BinDir, "../lib"),
                           CLPAR_BUILD_LIB_DIR},
                          "libclpar_rt.so");
  return I;
}

Expected<std::vector<std::string>>
findUnderlyingCompiler(const ClparOptions &Options, StringRef ExePath,
                       std::optional<std::string> EnvCxx) {
  std::vector<std::string> Command;
  StringRef Origin;
  if (!Options.LaunchedCompiler.empty()) {
    Command = Options.LaunchedCompiler;
    Origin = "the compiler after --clpar-launch";
  } else if (Options.Cxx) {
    Command = {*Options.Cxx};
    Origin = "--clpar-cxx";
  } else if (EnvCxx && !EnvCxx->empty()) {
    Command = {*EnvCxx};
    Origin = "CLPAR_CXX";
  } else {
    Command = {CLPAR_DEFAULT_CXX};
    Origin = "the default compiler";
  }

  std::string &Program = Command.front();
  if (Program.find('/') == std::string::npos) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found)
      return createStringError(Found.getError(), "cannot find " + Origin + " '" +
                                                     Program + "' in PATH");
    Program = *Found;
  } else if (!sys::fs::can_execute(Program)) {
    return createStringError(inconvertibleErrorCode(),
                             "cannot execute " + Origin + " '" + Program + "'");
  }

  // Through a launcher (ccache g++), the compiler is the last word.
  std::string Compiler = Command.back();
  if (Command.size() > 1 && Compiler.find('/') == std::string::npos)
    if (ErrorOr<std::string> Found = sys::findProgramByName(Compiler))
      Compiler = *Found;
  if (realPath(Compiler) == realPath(ExePath))
    return createStringError(inconvertibleErrorCode(),
                             Origin + " is clpar++ itself; name the C++ compiler it "
                                      "should run with --clpar-cxx=PATH or CLPAR_CXX");
  return Command;
}

} // namespace clpar::driver
