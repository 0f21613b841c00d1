//===- Driver/DriverOptions.cpp - The table of clpar++'s own options ------===//
#include "Driver/DriverOptions.h"

#include "Driver/DriverConfig.h"

#include <string>

using namespace llvm;

namespace clpar::driver {

namespace {

using enum DriverOptionID;

const DriverOption Options[] = {
    {NoOpenCL, "--no-opencl", ValueForm::None, nullptr,
     "OpenMP variants only; the program does not need\nOpenCL to build or run"},
    {NoOpenCLGPU, "--no-opencl-gpu", ValueForm::None, nullptr,
     "OpenCL variants run on CPU OpenCL devices only"},
    {NoBoundsCheck, "--no-bounds-check", ValueForm::None, nullptr, "no bounds checks"},
    {StrictFP, "--strict-fp", ValueForm::None, nullptr,
     "bit-identical + - * / sqrt on the device"},
    {Remarks, "-Rclpar", ValueForm::None, nullptr,
     "one remark per loop and slice expression: what was\ngenerated, or why not"},
    {NoRemarks, "-Rno-clpar", ValueForm::None, nullptr, "no such remarks (the default)"},
    {TranslateHeaders, "--translate-headers", ValueForm::Joined, "user|none",
     "translate loops in included headers that are not\nsystem headers (default), or in "
     "the source only"},
    {TranslateHeadersIn, "--translate-headers-in", ValueForm::Joined, "DIR",
     "also headers under DIR, system ones included"},
    {NoTranslateHeadersIn, "--no-translate-headers-in", ValueForm::Joined, "DIR",
     "never headers under DIR"},
    {KeepGenerated, "--keep-generated", ValueForm::OptionalJoined, "DIR",
     "keep the translated source and the OpenCL C of each\nkernel in DIR (default: "
     "./clpar-generated)"},
    {ClparCxx, "--clpar-cxx", ValueForm::Joined, "PATH",
     "the underlying compiler (also: environment CLPAR_CXX;\ndefault: " CLPAR_DEFAULT_CXX
     ")"},
    {ClparLaunch, "--clpar-launch", ValueForm::FollowingWords, "CXX",
     "run as a compiler launcher: CXX (possibly behind\nccache) and its arguments follow; "
     "CMake's\nCXX_COMPILER_LAUNCHER uses this"},
    {Verbose, "-v", ValueForm::None, nullptr, "print the commands run (and pass -v on)"},
    {Version, "--version", ValueForm::None, nullptr,
     "print clpar++'s version and build (a hash of the\ntranslator and headers, for "
     "compiler caches) and\nthe underlying compiler's version"},
    {Help, "--help", ValueForm::None, nullptr, "print this text"},
};

/// `--keep-generated[=DIR]`, `--clpar-cxx=PATH`, `--clpar-launch CXX`.
std::string synopsis(const DriverOption &O) {
  std::string S = O.Name;
  switch (O.Form) {
  case ValueForm::None:
    break;
  case ValueForm::Joined:
    S += std::string("=") + O.MetaVar;
    break;
  case ValueForm::OptionalJoined:
    S += std::string("[=") + O.MetaVar + "]";
    break;
  case ValueForm::FollowingWords:
    S += std::string(" ") + O.MetaVar;
    break;
  }
  return S;
}

} // namespace

ArrayRef<DriverOption> driverOptions() { return Options; }

std::optional<DriverOptionMatch> matchDriverOption(StringRef Word) {
  for (const DriverOption &O : Options) {
    StringRef Rest = Word;
    if (!Rest.consume_front(O.Name))
      continue;
    if (Rest.empty() && O.Form != ValueForm::Joined)
      return DriverOptionMatch{&O, std::nullopt};
    if ((O.Form == ValueForm::Joined || O.Form == ValueForm::OptionalJoined) &&
        Rest.consume_front("="))
      return DriverOptionMatch{&O, Rest};
  }
  return std::nullopt;
}

void printDriverOptions(raw_ostream &OS) {
  constexpr size_t HelpColumn = 26;
  for (const DriverOption &O : Options) {
    const std::string Name = synopsis(O);
    OS << "  " << Name;
    if (Name.size() + 2 < HelpColumn - 1)
      OS.indent(HelpColumn - 2 - Name.size());
    else
      OS << "\n" << std::string(HelpColumn, ' ');
    StringRef Rest = O.Help;
    for (bool First = true; !Rest.empty(); First = false) {
      auto [Line, Next] = Rest.split('\n');
      if (!First)
        OS.indent(HelpColumn);
      OS << Line << "\n";
      Rest = Next;
    }
  }
}

} // namespace clpar::driver
