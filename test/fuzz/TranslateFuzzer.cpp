//===- test/fuzz/TranslateFuzzer.cpp - libFuzzer target: any text into the translator -===//
//
// Each input is a C++ source, parsed as /clpar-fuzz/input.cpp (in memory, through
// translateSource) with the clpar headers and the e2e programs' folder on the include
// path, and translated with remarks and the region dump on.  Diagnostics are the expected
// outcome for most inputs; a crash, an assertion, a sanitizer report or a hang is a bug.
// The input's length picks the translator options, so that every option meets every
// input shape: bit 0 --no-opencl, bit 1 --no-bounds-check, bit 2 --strict-fp.
// Where CLPAR_FUZZ_PCH names a precompiled header (clang -x c++-header, same options),
// each input is parsed after it (-include-pch): the standard headers that clpar.hpp
// includes are then read once, not once per input, which is most of an input's time.
// scripts/fuzz.sh builds the header and runs the target.
//
//===----------------------------------------------------------------------===//
#include "Translate/Translator.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#ifndef CLPAR_FUZZ_INCLUDE_DIR
#error "CLPAR_FUZZ_INCLUDE_DIR must name clpar's include/ folder"
#endif
#ifndef CLPAR_FUZZ_PROGRAMS_DIR
#error "CLPAR_FUZZ_PROGRAMS_DIR must name test/e2e/programs, whose headers the seeds include"
#endif

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *Data, std::size_t Size) {
  const std::string Code(reinterpret_cast<const char *>(Data), Size);
  clpar::TranslateOptions Opts;
  Opts.OpenCL = (Size & 1) == 0;
  Opts.BoundsCheck = (Size & 2) == 0;
  Opts.StrictFp = (Size & 4) != 0;
  Opts.Remarks = true;
  Opts.DumpRegions = true;
  // As clpar++ passes them (docs/driver.md, "What the translator sees").
  static const std::vector<std::string> Args = [] {
    std::vector<std::string> A = {"-I" CLPAR_FUZZ_INCLUDE_DIR, "-I" CLPAR_FUZZ_PROGRAMS_DIR,
                                  "-std=c++20", "-fopenmp", "-x", "c++"};
    if (const char *Pch = std::getenv("CLPAR_FUZZ_PCH"); Pch && *Pch) {
      A.push_back("-include-pch");
      A.push_back(Pch);
    }
    return A;
  }();
  clpar::TranslationResult Result;
  clpar::translateSource("/clpar-fuzz/input.cpp", Code, Args, Opts, Result);
  return 0;
}
