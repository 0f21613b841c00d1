//===- Driver/CompilerArgs.cpp - clpar++'s reading of a compiler command line -===//
//
// The tables here follow gcc's and clang's option syntax closely enough to find every
// positional argument: an option that takes its value as the next word must be known, or
// that value would be taken for an input file.  Unknown options pass through unchanged.
//
//===----------------------------------------------------------------------===//
#include "Driver/CompilerArgs.h"

#include "Driver/DriverOptions.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <array>

using namespace llvm;

namespace clpar::driver {

namespace {

/// Options whose value may be the next word (gcc and clang spellings).  Most also accept
/// the value joined (`-Idir`); that form needs no table.
constexpr std::array SeparateValueOptions = {
    "-o", "-x", "-I", "-L", "-l", "-D", "-U", "-include", "-imacros", "-isystem",
    "-idirafter", "-iquote", "-iprefix", "-iwithprefix", "-iwithprefixbefore",
    "-isysroot", "-imultilib", "-iframework", "-cxx-isystem", "-isystem-after",
    "-include-pch", "-ivfsoverlay", "-MF", "-MT", "-MQ", "-MJ", "-Xlinker",
    "-Xassembler", "-Xpreprocessor", "-Xclang", "-Xopenmp-target", "-Xcuda-fatbinary",
    "-Xcuda-ptxas", "-Xoffload-linker", "-mllvm", "-arch", "-target", "-T", "-u", "-z",
    "-e", "-A", "-B", "-F", "-aux-info", "-dumpbase", "-dumpbase-ext", "-dumpdir",
    "-framework", "-gcc-toolchain", "-resource-dir", "-specs", "--param", "--sysroot",
    "--serialize-diagnostics", "--output", "--language", "--include", "--include-directory",
    "--define-macro", "--undefine-macro", "--library-directory", "--prefix",
    "--for-linker", "--assert"};

/// Programs that run the compiler named by their first argument.
constexpr std::array LauncherPrograms = {"ccache", "sccache", "distcc", "icecc",
                                         "buildcache"};

/// Preprocessor options, joined or separate, that the translator must see.
constexpr std::array PreprocessorPrefixes = {
    "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-idirafter", "-iquote",
    "-iprefix", "-iwithprefixbefore", "-iwithprefix", "-isysroot", "-iframework",
    "-cxx-isystem", "--sysroot", "--include-directory", "--define-macro",
    "--undefine-macro", "--include"};

/// Options without a value that change how a file parses.
constexpr std::array ParseExactFlags = {"-nostdinc", "-nostdinc++", "-nostdlibinc",
                                        "-nobuiltininc", "-undef", "-ansi", "-trigraphs",
                                        "-pthread", "-w", "-m32", "-m64", "-mx32",
                                        "-ffreestanding", "-fhosted"};

/// Options with a joined value that change how a file parses.
constexpr std::array ParsePrefixes = {"-std=", "--std=", "-stdlib=", "-march=", "-mcpu=",
                                      "--target=", "--gcc-toolchain=", "-O"};

/// `-f<name>` and `-fno-<name>` (with or without `=value`) that change how a file
/// parses or which macros are predefined.  gcc-only -f flags are deliberately absent:
/// Clang rejects unknown options, and the translator is Clang.
constexpr std::array ParseFNames = {
    "exceptions", "cxx-exceptions", "rtti", "signed-char", "unsigned-char", "char8_t",
    "ms-extensions", "ms-compatibility", "gnu-keywords", "operator-names", "asm",
    "sized-deallocation", "aligned-new", "builtin", "openmp", "openmp-simd",
    "openmp-version", "fast-math", "finite-math-only", "math-errno", "pic", "PIC", "pie",
    "PIE", "short-wchar", "short-enums", "declspec", "delayed-template-parsing",
    "constexpr-depth", "constexpr-steps", "template-depth", "bracket-depth",
    "diagnostics-color", "color-diagnostics", "sanitize", "threadsafe-statics",
    "trapping-math", "wchar-type", "gnu89-inline", "dollars-in-identifiers"};

/// Instruction-set switches (`-mavx2`, `-mno-sse4.1`): they predefine macros such as
/// __AVX2__ that user code tests.
constexpr std::array IsaPrefixes = {"sse", "avx", "fma", "f16c", "bmi", "popcnt",
                                    "aes", "pclmul", "lzcnt", "movbe", "sha", "vaes",
                                    "vpclmulqdq", "gfni", "adx", "rdrnd", "rdseed",
                                    "neon", "sve", "altivec", "vsx"};

template <size_t N>
bool contains(const std::array<const char *, N> &Table, StringRef S) {
  return std::find_if(Table.begin(), Table.end(),
                      [&](const char *E) { return S == E; }) != Table.end();
}

template <size_t N>
bool startsWithAny(const std::array<const char *, N> &Table, StringRef S) {
  return std::any_of(Table.begin(), Table.end(),
                     [&](const char *E) { return S.starts_with(E); });
}

bool isParseFFlag(StringRef Opt) {
  if (!Opt.consume_front("-f"))
    return false;
  Opt.consume_front("no-");
  StringRef Name = Opt.split('=').first;
  if (contains(ParseFNames, Name))
    return true;
  // -fno-builtin-memcpy, -fsanitize-recover=..., -fopenmp-targets= are not parse flags
  // except the builtin family, which decides which calls are builtins.
  return Name.starts_with("builtin-");
}

bool isIsaFlag(StringRef Opt) {
  if (!Opt.consume_front("-m"))
    return false;
  Opt.consume_front("no-");
  return startsWithAny(IsaPrefixes, Opt);
}

/// Whether the option word \p Opt (the first word of a flag) goes to the translator.
bool affectsParsing(StringRef Opt) {
  return startsWithAny(PreprocessorPrefixes, Opt) || contains(ParseExactFlags, Opt) ||
         startsWithAny(ParsePrefixes, Opt) || isParseFFlag(Opt) || isIsaFlag(Opt) ||
         Opt == "-target";
}

/// The value of a joined-or-separate option: `-MFx.d` or `-MF x.d`.
StringRef valueOf(const std::vector<std::string> &Words, StringRef Name) {
  if (Words.size() == 2)
    return Words[1];
  return StringRef(Words[0]).drop_front(Name.size());
}

Error clparOptionError(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

} // namespace

bool hasCxxSourceExtension(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return StringSwitch<bool>(Ext)
      .Cases(".cpp", ".cc", ".cxx", ".c++", ".cp", ".CPP", ".C", true)
      .Default(false);
}

bool takesSeparateValue(StringRef Option) {
  return contains(SeparateValueOptions, Option);
}

bool CompilerArgs::hasSources() const {
  return std::any_of(Args.begin(), Args.end(),
                     [](const CompilerArg &A) { return A.isSource(); });
}

bool CompilerArgs::hasInputs() const {
  return std::any_of(Args.begin(), Args.end(), [](const CompilerArg &A) {
    return A.isSource() || A.isInput();
  });
}

Expected<CompilerArgs> CompilerArgs::parse(ArrayRef<std::string> Argv) {
  CompilerArgs Result;
  ClparOptions &Clpar = Result.Clpar;
  // The language `-x` selected for the positional arguments that follow; empty: by
  // extension.
  std::string Language;
  bool OnlyInputsFollow = false; // after `--`
  bool SawPreprocess = false, SawSyntaxOnly = false, SawCompile = false,
       SawAssemble = false;

  for (size_t I = 0; I < Argv.size(); ++I) {
    StringRef A = Argv[I];

    auto AddPositional = [&](StringRef Path) {
      CompilerArg Arg{CompilerArg::Kind::Input, {Path.str()}};
      if (Path != "-" && (Language == "c++" ||
                          (Language.empty() && hasCxxSourceExtension(Path)))) {
        Arg.K = CompilerArg::Kind::Source;
        Arg.ForcedCxx = !Language.empty();
      }
      Result.Args.push_back(std::move(Arg));
    };

    if (OnlyInputsFollow || A == "-" || !A.starts_with("-")) {
      AddPositional(A);
      continue;
    }

    // clpar's own options (DriverOptions.h).
    if (std::optional<DriverOptionMatch> M = matchDriverOption(A)) {
      const StringRef Value = M->Value.value_or("");
      const std::string Name = M->Option->Name;
      switch (M->Option->ID) {
      case DriverOptionID::NoOpenCL:
        Clpar.NoOpenCL = true;
        break;
      case DriverOptionID::NoOpenCLGPU:
        Clpar.NoOpenCLGPU = true;
        break;
      case DriverOptionID::NoBoundsCheck:
        Clpar.NoBoundsCheck = true;
        break;
      case DriverOptionID::StrictFP:
        Clpar.StrictFP = true;
        break;
      case DriverOptionID::Remarks:
        Clpar.Remarks = true;
        break;
      case DriverOptionID::NoRemarks:
        Clpar.Remarks = false;
        break;
      case DriverOptionID::TranslateHeaders:
        if (Value != "user" && Value != "none")
          return clparOptionError("unknown value in '" + A.str() +
                                  "'; expected --translate-headers=user or "
                                  "--translate-headers=none");
        Clpar.HeaderOptions.push_back(A.str());
        break;
      case DriverOptionID::TranslateHeadersIn:
      case DriverOptionID::NoTranslateHeadersIn:
        if (Value.empty())
          return clparOptionError("'" + A.str() + "' needs a directory");
        Clpar.HeaderOptions.push_back(A.str());
        break;
      case DriverOptionID::KeepGenerated:
        if (M->Value && Value.empty())
          return clparOptionError("'" + A.str() + "' needs a directory");
        Clpar.KeepGeneratedDir = M->Value ? Value.str() : "clpar-generated";
        break;
      case DriverOptionID::ClparCxx:
        if (Value.empty())
          return clparOptionError("'" + A.str() + "' needs the path of a C++ compiler");
        Clpar.Cxx = Value.str();
        break;
      case DriverOptionID::ClparLaunch: {
        // The compiler, preceded by any launchers of its own (`ccache g++`).
        std::vector<std::string> &Command = Clpar.LaunchedCompiler;
        while (I + 1 < Argv.size() && !StringRef(Argv[I + 1]).starts_with("-")) {
          if (!Command.empty() &&
              !contains(LauncherPrograms, sys::path::filename(Command.back())))
            break;
          Command.push_back(Argv[++I]);
        }
        if (Command.empty())
          return clparOptionError("'" + Name + "' must be followed by a compiler");
        break;
      }
      case DriverOptionID::Verbose:
        // Also the compiler's.
        Clpar.Verbose = true;
        Result.Args.push_back({CompilerArg::Kind::Flag, {A.str()}});
        break;
      case DriverOptionID::Version:
        Clpar.Version = true;
        break;
      case DriverOptionID::Help:
        Clpar.Help = true;
        break;
      }
      continue;
    }
    if (A.starts_with("--clpar") || A.starts_with("--translate-headers") ||
        A.starts_with("--no-translate-headers") || A.starts_with("--keep-generated") ||
        A.starts_with("-Rclpar") || A.starts_with("-Rno-clpar"))
      return clparOptionError("unknown clpar++ option '" + A + "'; see 'clpar++ --help'");

    // A compiler option, with its value when that is the next word.
    CompilerArg Flag{CompilerArg::Kind::Flag, {A.str()}};
    if (takesSeparateValue(A) && I + 1 < Argv.size())
      Flag.Words.push_back(Argv[++I]);
    StringRef Name = Flag.Words[0];

    if (Name == "--") {
      OnlyInputsFollow = true;
    } else if (Name.starts_with("-x")) {
      // `-x c++` makes the following files C++ sources; `-x none` restores selection by
      // extension; any other language makes them plain inputs.
      StringRef Lang = valueOf(Flag.Words, "-x");
      Language = Lang == "none" ? "" : Lang.str();
    } else if (Name.starts_with("-o") && !Name.starts_with("-obj")) {
      if (StringRef Value = valueOf(Flag.Words, "-o"); !Value.empty())
        Result.Output = Value.str();
    } else if (Name == "-E") {
      SawPreprocess = true;
    } else if (Name == "-M" || Name == "-MM") {
      SawPreprocess = true;
      Result.DependenciesAsOutput = true;
    } else if (Name == "-MD" || Name == "-MMD") {
      Result.DependenciesAsSideEffect = true;
    } else if (Name.starts_with("-MF")) {
      if (StringRef Value = valueOf(Flag.Words, "-MF"); !Value.empty())
        Result.DependencyFile = Value.str();
    } else if (Name == "-fsyntax-only") {
      SawSyntaxOnly = true;
    } else if (Name == "-S") {
      SawCompile = true;
    } else if (Name == "-c") {
      SawAssemble = true;
    }
    if (Name.starts_with("-std=") || Name.starts_with("--std="))
      Result.HasStd = true;

    if (affectsParsing(Name))
      Result.ParseFlags.insert(Result.ParseFlags.end(), Flag.Words.begin(),
                               Flag.Words.end());
    Result.Args.push_back(std::move(Flag));
  }

  if (SawPreprocess)
    Result.FinalPhase = Phase::Preprocess;
  else if (SawSyntaxOnly)
    Result.FinalPhase = Phase::SyntaxOnly;
  else if (SawCompile)
    Result.FinalPhase = Phase::Compile;
  else if (SawAssemble)
    Result.FinalPhase = Phase::Assemble;
  // -MD with -M: the dependencies are still the output.
  if (Result.DependenciesAsOutput)
    Result.DependenciesAsSideEffect = false;
  return Result;
}

} // namespace clpar::driver
