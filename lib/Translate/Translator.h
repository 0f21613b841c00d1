//===- Translate/Translator.h - One C++ file in, translated C++ out -*- C++ -*-===//
//
// The library entry point behind clpar-translate (and so behind clpar++): parses a file
// with Clang, finds every prange nest in it, and returns the rewritten source plus the
// OpenCL C of each kernel.
//
//===----------------------------------------------------------------------===//
#ifndef CLPAR_TRANSLATE_TRANSLATOR_H
#define CLPAR_TRANSLATE_TRANSLATOR_H

#include "Find/TranslatedFiles.h"

#include <string>
#include <utility>
#include <vector>

namespace clpar {

struct TranslateOptions {
  bool OpenCL = true;          ///< --no-opencl clears it
  bool CpuDevicesOnly = false; ///< --no-opencl-gpu
  bool BoundsCheck = true;     ///< --no-bounds-check clears it
  bool StrictFp = false;       ///< --strict-fp
  bool Remarks = false;        ///< -Rclpar
  bool DumpRegions = false;    ///< --dump-regions
  HeaderPolicy Headers;        ///< which included headers are translated
  /// Where translated headers go (an absolute directory); empty: only the main file is
  /// translated, whatever Headers says.
  std::string HeaderDir;
};

/// A header with translated loops (or one that includes such a header), as a copy
/// that the translated file includes instead of the original.
struct TranslatedHeader {
  std::string Original; ///< the header's path as the compiler found it
  std::string Copy;     ///< under TranslateOptions::HeaderDir
  std::string Text;
};

struct TranslationResult {
  std::string Output;                                       ///< the translated file
  std::vector<std::pair<std::string, std::string>> Kernels; ///< name, OpenCL C
  std::string RegionDump;                                   ///< with DumpRegions
  std::vector<TranslatedHeader> Headers;
};

/// Translates \p Input, parsed with \p CompilerArgs (the compiler flags, no file names).
/// Diagnostics go to stderr.  Returns false on any error; \p Result is then incomplete.
bool translateFile(const std::string &Input, const std::vector<std::string> &CompilerArgs,
                   const TranslateOptions &Opts, TranslationResult &Result);

/// As translateFile, for source text held in memory: \p Code is parsed as the file
/// \p Name (an absolute path; it need not exist), whose directory is searched first
/// for its quoted includes.  The fuzzer (test/fuzz) uses it.
bool translateSource(const std::string &Name, const std::string &Code,
                     const std::vector<std::string> &CompilerArgs, const TranslateOptions &Opts,
                     TranslationResult &Result);

} // namespace clpar

#endif // CLPAR_TRANSLATE_TRANSLATOR_H
