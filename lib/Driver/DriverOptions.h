//===- Driver/DriverOptions.h - The table of clpar++'s own options -*- C++ -*-===//
//
// clpar++'s own options (SPEC section 2.1), in one table that both the command-line
// reader (CompilerArgs) and --help read: an option cannot be accepted without being
// listed, nor listed without being accepted.  Every other argument belongs to the
// underlying compiler and passes through, which is why clpar++ does not hand its command
// line to llvm::cl (clpar-translate does).
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_DRIVER_DRIVEROPTIONS_H
#define CLPAR_DRIVER_DRIVEROPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace clpar::driver {

enum class DriverOptionID {
  NoOpenCL,
  NoOpenCLGPU,
  NoBoundsCheck,
  StrictFP,
  Remarks,
  NoRemarks,
  TranslateHeaders,
  TranslateHeadersIn,
  NoTranslateHeadersIn,
  KeepGenerated,
  ClparCxx,
  ClparLaunch,
  Verbose,
  Version,
  Help,
};

/// How an option takes its value.
enum class ValueForm {
  None,           ///< `--strict-fp`
  Joined,         ///< `--clpar-cxx=PATH`
  OptionalJoined, ///< `--keep-generated` or `--keep-generated=DIR`
  FollowingWords, ///< `--clpar-launch CXX ARGS...`
};

struct DriverOption {
  DriverOptionID ID;
  const char *Name;    ///< without `=`
  ValueForm Form;
  const char *MetaVar; ///< the value's name in --help; null without a value
  const char *Help;    ///< one line or more, '\n' between them
};

/// Every option clpar++ itself reads, in --help's order.
llvm::ArrayRef<DriverOption> driverOptions();

/// The option that \p Word spells, with its joined value (`DIR` of `--keep-generated=DIR`;
/// empty after a bare `=`, absent without one).
struct DriverOptionMatch {
  const DriverOption *Option = nullptr;
  std::optional<llvm::StringRef> Value;
};
std::optional<DriverOptionMatch> matchDriverOption(llvm::StringRef Word);

/// The table as --help lists it: one entry per option, the help text beside its name.
void printDriverOptions(llvm::raw_ostream &OS);

} // namespace clpar::driver

#endif // CLPAR_DRIVER_DRIVEROPTIONS_H
