//===- clpar-translate/main.cpp - Source-to-source translator command line -===//
//
//   clpar-translate IN.cpp -o OUT.cpp [options] -- [compiler flags]
//
//===----------------------------------------------------------------------===//
#include "Translate/Translator.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <string>
#include <vector>

#ifndef CLPAR_VERSION
#define CLPAR_VERSION "unknown"
#endif

namespace {

const char *const Usage =
    "usage: clpar-translate IN.cpp -o OUT.cpp [options] -- [compiler flags]\n"
    "\n"
    "Rewrites every clpar::prange nest of IN.cpp into an OpenMP variant and an OpenCL\n"
    "kernel called through the clpar runtime.\n"
    "\n"
    "options:\n"
    "  --no-opencl            OpenMP variants only\n"
    "  --no-opencl-gpu        OpenCL variants run on CPU devices only\n"
    "  --no-bounds-check      no bounds checks\n"
    "  --strict-fp            bit-identical + - * / sqrt on the device (no contraction,\n"
    "                         correctly rounded division and sqrt)\n"
    "  -Rclpar                one remark per loop: what was generated, or why not\n"
    "  --keep-generated[=DIR] also write each kernel's OpenCL C to DIR (default\n"
    "                         ./clpar-generated)\n"
    "  --dump-regions         print what the analysis found, one fact per line\n"
    "  --header-dir=DIR       translate loops in the included headers too (see\n"
    "                         --translate-headers), writing the translated copies under\n"
    "                         DIR and listing them in DIR/headers.txt\n"
    "  --translate-headers=user|none\n"
    "                         which headers: every one that is not a system header\n"
    "                         (default), or none\n"
    "  --translate-headers-in=DIR\n"
    "                         also the headers under DIR, system headers included\n"
    "  --no-translate-headers-in=DIR\n"
    "                         never the headers under DIR\n"
    "  --version, --help\n";

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
  clpar::TranslateOptions Opts;
  std::string Input, Output, KeepDir;
  bool Keep = false;
  std::vector<std::string> CompilerArgs;
  for (int I = 1; I < argc; ++I) {
    std::string A = argv[I];
    if (A == "--") {
      CompilerArgs.assign(argv + I + 1, argv + argc);
      break;
    }
    if (A == "--help" || A == "-h") {
      llvm::outs() << Usage;
      return 0;
    }
    if (A == "--version") {
      llvm::outs() << "clpar-translate " << CLPAR_VERSION << "\n";
      return 0;
    }
    if (A == "-o" && I + 1 < argc) {
      Output = argv[++I];
    } else if (A == "--no-opencl") {
      Opts.OpenCL = false;
    } else if (A == "--no-opencl-gpu") {
      Opts.CpuDevicesOnly = true;
    } else if (A == "--strict-fp") {
      Opts.StrictFp = true;
    } else if (A == "--no-bounds-check") {
      Opts.BoundsCheck = false;
    } else if (A == "-Rclpar") {
      Opts.Remarks = true;
    } else if (A == "--dump-regions") {
      Opts.DumpRegions = true;
    } else if (A.rfind("--header-dir=", 0) == 0) {
      Opts.HeaderDir = clpar::canonicalPath(A.substr(std::strlen("--header-dir=")));
    } else if (A == "--translate-headers=user" || A == "--translate-headers=none") {
      Opts.Headers.UserHeaders = A == "--translate-headers=user";
    } else if (A.rfind("--translate-headers-in=", 0) == 0) {
      Opts.Headers.AlsoUnder.push_back(A.substr(std::strlen("--translate-headers-in=")));
    } else if (A.rfind("--no-translate-headers-in=", 0) == 0) {
      Opts.Headers.NeverUnder.push_back(A.substr(std::strlen("--no-translate-headers-in=")));
    } else if (A == "--keep-generated") {
      Keep = true;
      KeepDir = "clpar-generated";
    } else if (A.rfind("--keep-generated=", 0) == 0) {
      Keep = true;
      KeepDir = A.substr(std::strlen("--keep-generated="));
    } else if (!A.empty() && A[0] == '-') {
      llvm::errs() << "clpar-translate: error: unknown option '" << A
                   << "'; see --help\n";
      return 2;
    } else if (Input.empty()) {
      Input = A;
    } else {
      llvm::errs() << "clpar-translate: error: more than one input file ('" << Input
                   << "' and '" << A << "')\n";
      return 2;
    }
  }
  if (Input.empty() || (Output.empty() && !Opts.DumpRegions)) {
    llvm::errs() << "clpar-translate: error: expected an input file and -o OUT\n"
                 << Usage;
    return 2;
  }
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
