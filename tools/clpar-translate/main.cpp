//===- clpar-translate/main.cpp - Source-to-source translator command line -===//
//
//   clpar-translate IN.cpp -o OUT.cpp [options] -- [compiler flags]
//
//===----------------------------------------------------------------------===//
#include "Translate/Translator.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#ifndef CLPAR_VERSION
#define CLPAR_VERSION "unknown"
#endif

namespace {

using namespace llvm;

cl::OptionCategory Category("clpar-translate options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("IN.cpp"), cl::cat(Category));
cl::opt<std::string> Output("o", cl::desc("write the translated source to OUT.cpp"),
                            cl::value_desc("OUT.cpp"), cl::cat(Category));
cl::opt<bool> NoOpenCL("no-opencl", cl::desc("OpenMP variants only"), cl::cat(Category));
cl::opt<bool> NoOpenCLGPU("no-opencl-gpu", cl::desc("OpenCL variants run on CPU devices only"),
                          cl::cat(Category));
cl::opt<bool> NoBoundsCheck("no-bounds-check", cl::desc("no bounds checks"), cl::cat(Category));
cl::opt<bool> StrictFp("strict-fp",
                       cl::desc("bit-identical + - * / sqrt on the device"),
                       cl::cat(Category));
cl::opt<bool> Remarks("Rclpar",
                      cl::desc("one remark per loop: what was generated, or why not"),
                      cl::cat(Category));
cl::opt<std::string> KeepGenerated(
    "keep-generated", cl::ValueOptional, cl::value_desc("DIR"),
    cl::desc("write each kernel's OpenCL C to DIR (./clpar-generated)"),
    cl::cat(Category));
cl::opt<bool> DumpRegions("dump-regions",
                          cl::desc("print what the analysis found, one fact per line"),
                          cl::cat(Category));
cl::opt<std::string> HeaderDir(
    "header-dir", cl::value_desc("DIR"),
    cl::desc("translate included headers too, into DIR (list: DIR/headers.txt)"),
    cl::cat(Category));
enum class HeaderChoice { User, None };
cl::opt<HeaderChoice> TranslateHeaders(
    "translate-headers", cl::desc("which headers --header-dir translates:"),
    cl::init(HeaderChoice::User),
    cl::values(clEnumValN(HeaderChoice::User, "user",
                          "every one that is not a system header (default)"),
               clEnumValN(HeaderChoice::None, "none", "none")),
    cl::cat(Category));
cl::list<std::string> TranslateHeadersIn(
    "translate-headers-in", cl::value_desc("DIR"),
    cl::desc("also translate headers under DIR, system ones included"), cl::cat(Category));
cl::list<std::string> NoTranslateHeadersIn("no-translate-headers-in", cl::value_desc("DIR"),
                                            cl::desc("never translate headers under DIR"),
                                            cl::cat(Category));

const char *const Overview =
    "clpar-translate - rewrites every clpar::prange nest of IN.cpp into an OpenMP\n"
    "variant and an OpenCL kernel called through the clpar runtime\n\n"
    "  clpar-translate IN.cpp -o OUT.cpp [options] -- [compiler flags]\n\n"
    "The compiler flags after -- (-I, -D, -std=, ...) say how IN.cpp parses.\n"
    "-Rclpar is also spelled --Rclpar.\n";

/// Parses the options before `--`, reporting errors the way clpar's diagnostics read
/// ("clpar-translate: error: ...").  False after a bad command line.
bool parseOptions(int Argc, char **Argv) {
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(
      [](raw_ostream &OS) { OS << "clpar-translate " << CLPAR_VERSION << "\n"; });
  std::string Errors;
  raw_string_ostream ErrorStream(Errors);
  if (cl::ParseCommandLineOptions(Argc, Argv, Overview, &ErrorStream))
    return true;
  // LLVM's messages start with the program name; a suggestion is a note.
  StringRef Rest(Errors);
  while (!Rest.empty()) {
    auto [Line, Next] = Rest.split('\n');
    Rest = Next;
    if (Line.empty())
      continue;
    Line.consume_front(sys::path::filename(Argv[0]));
    Line.consume_front(": ");
    errs() << "clpar-translate: " << (Line.starts_with("Did you mean") ? "note: " : "error: ")
           << Line << "\n";
  }
  return false;
}

/// Writes \p Text to \p Path through a temporary file in the same directory, so that a
/// failure never leaves a half-written file.
bool writeAtomically(const std::string &Path, const std::string &Text) {
  llvm::SmallString<256> Tmp;
  int FD;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(Path + ".tmp-%%%%%%%%", FD, Tmp)) {
    llvm::errs() << "clpar-translate: error: cannot create '" << Path << "': "
                 << EC.message() << "\n";
    return false;
  }
  {
    llvm::raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      llvm::errs() << "clpar-translate: error: cannot write '" << Path << "'\n";
      llvm::sys::fs::remove(Tmp);
      return false;
    }
  }
  if (std::error_code EC = llvm::sys::fs::rename(Tmp, Path)) {
    llvm::errs() << "clpar-translate: error: cannot write '" << Path << "': "
                 << EC.message() << "\n";
    llvm::sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  // The compiler flags follow `--`; LLVM's parser sees only what precedes it.
  int OptionCount = argc;
  for (int I = 1; I < argc; ++I)
    if (std::strcmp(argv[I], "--") == 0) {
      OptionCount = I;
      break;
    }
  if (!parseOptions(OptionCount, argv))
    return 2;
  std::vector<std::string> CompilerArgs(argv + std::min(OptionCount + 1, argc), argv + argc);
  if (Inputs.size() > 1) {
    llvm::errs() << "clpar-translate: error: more than one input file ('" << Inputs[0]
                 << "' and '" << Inputs[1] << "')\n";
    return 2;
  }
  if (Inputs.empty() || (Output.empty() && !DumpRegions)) {
    llvm::errs() << "clpar-translate: error: expected an input file and -o OUT; see --help\n";
    return 2;
  }
  const std::string Input = Inputs[0];

  clpar::TranslateOptions Opts;
  Opts.OpenCL = !NoOpenCL;
  Opts.CpuDevicesOnly = NoOpenCLGPU;
  Opts.BoundsCheck = !NoBoundsCheck;
  Opts.StrictFp = StrictFp;
  Opts.Remarks = Remarks;
  Opts.DumpRegions = DumpRegions;
  if (!HeaderDir.empty())
    Opts.HeaderDir = clpar::canonicalPath(HeaderDir);
  Opts.Headers.UserHeaders = TranslateHeaders == HeaderChoice::User;
  Opts.Headers.AlsoUnder.assign(TranslateHeadersIn.begin(), TranslateHeadersIn.end());
  Opts.Headers.NeverUnder.assign(NoTranslateHeadersIn.begin(), NoTranslateHeadersIn.end());
  const bool Keep = KeepGenerated.getNumOccurrences() > 0;
  const std::string KeepDir =
      KeepGenerated.empty() ? std::string("clpar-generated") : std::string(KeepGenerated);

  if (!llvm::sys::fs::exists(Input)) {
    llvm::errs() << "clpar-translate: error: no such file: '" << Input << "'\n";
    return 1;
  }

  clpar::TranslationResult Result;
  if (!clpar::translateFile(Input, CompilerArgs, Opts, Result))
    return 1;
  if (Opts.DumpRegions)
    llvm::outs() << Result.RegionDump;
  if (Keep) {
    if (std::error_code EC = llvm::sys::fs::create_directories(KeepDir)) {
      llvm::errs() << "clpar-translate: error: cannot create '" << KeepDir
                   << "': " << EC.message() << "\n";
      return 1;
    }
    for (const auto &[Name, Source] : Result.Kernels) {
      llvm::SmallString<256> Path(KeepDir);
      llvm::sys::path::append(Path, Name + ".cl");
      if (!writeAtomically(std::string(Path), Source))
        return 1;
    }
  }
  if (!Opts.HeaderDir.empty()) {
    // The list the driver reads: "copy<TAB>original" per line.
    std::string List;
    for (const clpar::TranslatedHeader &H : Result.Headers) {
      if (std::error_code EC =
              llvm::sys::fs::create_directories(llvm::sys::path::parent_path(H.Copy))) {
        llvm::errs() << "clpar-translate: error: cannot create '"
                     << llvm::sys::path::parent_path(H.Copy) << "': " << EC.message() << "\n";
        return 1;
      }
      if (!writeAtomically(H.Copy, H.Text))
        return 1;
      List += H.Copy + "\t" + H.Original + "\n";
    }
    llvm::SmallString<256> ListPath(Opts.HeaderDir);
    llvm::sys::path::append(ListPath, "headers.txt");
    if (std::error_code EC = llvm::sys::fs::create_directories(Opts.HeaderDir)) {
      llvm::errs() << "clpar-translate: error: cannot create '" << Opts.HeaderDir
                   << "': " << EC.message() << "\n";
      return 1;
    }
    if (!writeAtomically(std::string(ListPath), List))
      return 1;
  }
  if (!Output.empty() && !writeAtomically(Output, Result.Output))
    return 1;
  return 0;
}
