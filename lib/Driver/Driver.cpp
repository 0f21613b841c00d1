//===- Driver/Driver.cpp - clpar++: translate, then compile like the compiler -===//
#include "Driver/Driver.h"

#include "Driver/BuildIdentity.h"
#include "Driver/CompilerArgs.h"
#include "Driver/DriverConfig.h"
#include "Driver/DriverOptions.h"
#include "Driver/Installation.h"
#include "Driver/Jobs.h"
#include "Driver/MpiWrapper.h"
#include "Driver/SourcePathRewrite.h"
#include "Driver/TemporaryDirectory.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

using namespace llvm;

namespace clpar::driver {

namespace {

int reportError(const Twine &Message) {
  errs() << "clpar++: error: " << Message << "\n";
  return 1;
}

int reportError(Error E) {
  std::string Message = toString(std::move(E));
  return reportError(Message);
}

bool isShellSafe(StringRef Arg) {
  return !Arg.empty() && Arg.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                               "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                               "0123456789_@%+=:,./-") == StringRef::npos;
}

/// \p Args as the body of a response file (gcc's and clang's @file syntax).
std::string responseFileText(ArrayRef<std::string> Args) {
  std::string Text;
  for (const std::string &Arg : Args) {
    Text += '"';
    for (char C : Arg) {
      if (C == '"' || C == '\\')
        Text += '\\';
      Text += C;
    }
    Text += "\"\n";
  }
  return Text;
}

/// Makes the temporary directory on first use.
Expected<TemporaryDirectory *> temporaryDirectory(std::optional<TemporaryDirectory> &Temp) {
  if (!Temp) {
    Expected<TemporaryDirectory> Created = TemporaryDirectory::create("clpar");
    if (!Created)
      return Created.takeError();
    Temp.emplace(std::move(*Created));
  }
  return &*Temp;
}

class Runner {
public:
  Runner(bool Verbose, std::optional<TemporaryDirectory> &Temp)
      : Verbose(Verbose), Temp(Temp) {}

  /// Runs \p Cmd and returns its exit status; 1 when it could not run or died.
  int run(const Command &Cmd) {
    std::vector<std::string> Argv = Cmd.Argv;
    SmallVector<StringRef, 64> Refs(Argv.begin(), Argv.end());
    if (Cmd.TakesResponseFiles && !sys::commandLineFitsWithinSystemLimits(Argv[0], Refs)) {
      // Response files that clpar++ expanded may have been there for this reason.
      Expected<TemporaryDirectory *> Dir = temporaryDirectory(Temp);
      if (!Dir)
        return reportError(Dir.takeError());
      size_t ProgramWords = Cmd.ProgramWords;
      std::string File =
          (*Dir)->path() + "/args-" + std::to_string(ResponseFiles++) + ".rsp";
      (*Dir)->registerFile(File);
      ArrayRef<std::string> Rest = ArrayRef(Argv).drop_front(ProgramWords);
      if (Error E = writeToOutput(File, [&](raw_ostream &OS) {
            OS << responseFileText(Rest);
            return Error::success();
          }))
        return reportError(std::move(E));
      Argv.resize(ProgramWords);
      Argv.push_back("@" + File);
      Refs.assign(Argv.begin(), Argv.end());
    }

    if (Verbose) {
      errs() << formatCommandLine(Argv);
      if (Cmd.StdoutFile)
        errs() << " > " << formatCommandLine({*Cmd.StdoutFile});
      errs() << "\n";
      errs().flush();
    }
    outs().flush();

    std::optional<StringRef> Redirects[3] = {std::nullopt, std::nullopt, std::nullopt};
    if (Cmd.StdoutFile) {
      if (Temp)
        Temp->registerFile(*Cmd.StdoutFile); // always inside it
      Redirects[1] = *Cmd.StdoutFile;
    }
    std::string ErrorMessage;
    bool ExecutionFailed = false;
    int Status = sys::ExecuteAndWait(Argv[0], Refs, /*Env=*/std::nullopt, Redirects,
                                     /*SecondsToWait=*/0, /*MemoryLimit=*/0,
                                     &ErrorMessage, &ExecutionFailed);
    if (ExecutionFailed)
      return reportError("cannot run '" + Argv[0] + "': " + ErrorMessage);
    if (Status < 0)
      return reportError("'" + Argv[0] + "' terminated: " + ErrorMessage);
    return Status;
  }

private:
  bool Verbose;
  std::optional<TemporaryDirectory> &Temp;
  unsigned ResponseFiles = 0;
};

Error copyToStdout(StringRef File) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read '" + File +
                                                    "': " + Buffer.getError().message());
  outs() << (*Buffer)->getBuffer();
  outs().flush();
  return Error::success();
}

Error keepCopy(StringRef Translated, StringRef Kept) {
  if (std::error_code EC = sys::fs::copy_file(Translated, Kept))
    return createStringError(EC, "cannot keep the translated source as '" + Kept +
                                     "': " + EC.message());
  return Error::success();
}

/// The translator's list of translated headers in \p Dir: "copy<TAB>original" lines.  No
/// list: no header was translated.
Expected<std::vector<PathReplacement>> readHeaderList(StringRef Dir) {
  std::vector<PathReplacement> List;
  SmallString<256> Path(Dir);
  sys::path::append(Path, "headers.txt");
  if (!sys::fs::exists(Path))
    return List;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(Path);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read '" + Path +
                                                    "': " + Buffer.getError().message());
  SmallVector<StringRef, 16> Lines;
  (*Buffer)->getBuffer().split(Lines, '\n', -1, /*KeepEmpty=*/false);
  for (StringRef Line : Lines) {
    auto [Copy, Original] = Line.split('\t');
    if (Copy.empty() || Original.empty())
      return createStringError(std::make_error_code(std::errc::invalid_argument),
                               "malformed line in '" + Path + "': '" + Line + "'");
    List.push_back({Copy.str(), Original.str()});
  }
  return List;
}

} // namespace

std::string formatCommandLine(ArrayRef<std::string> Argv) {
  std::string Line;
  for (const std::string &Arg : Argv) {
    if (!Line.empty())
      Line += ' ';
    if (isShellSafe(Arg)) {
      Line += Arg;
      continue;
    }
    Line += '\'';
    for (char C : Arg) {
      if (C == '\'')
        Line += "'\\''";
      else
        Line += C;
    }
    Line += '\'';
  }
  return Line;
}

void printHelp(raw_ostream &OS) {
  OS << "OVERVIEW: clpar++ " CLPAR_VERSION
        " - C++ compiler driver for clpar (prange loops and slice\n"
        "          expressions on OpenMP and OpenCL)\n"
        "\n"
        "USAGE: clpar++ [clpar options] [compiler arguments]\n"
        "\n"
        "Each C++ source (.cpp .cc .cxx .c++ .cp .CPP .C, or any file after -x c++) is\n"
        "translated by clpar-translate, then compiled by the underlying compiler with\n"
        "OpenMP and the clpar headers; a linked program gets the clpar runtime.  All\n"
        "other arguments (-c -o -I -D -O -g -std= -MD -MF, objects, libraries) go to the\n"
        "underlying compiler unchanged.\n"
        "\n"
        "CLPAR OPTIONS:\n";
  printDriverOptions(OS);
  OS << "\n"
        "ENVIRONMENT:\n"
        "  CLPAR_CXX               the underlying compiler, when --clpar-cxx is not given\n"
        "\n"
        "Programs read CLPAR_DEVICE, CLPAR_TRACE, CLPAR_PROFILE, CLPAR_SUMMARY, the\n"
        "CLPAR_CACHE* variables and others when they run; see docs/environment.md.\n";
}

int runDriver(ArrayRef<const char *> Argv) {
  BumpPtrAllocator Allocator;
  SmallVector<const char *, 64> Expanded(Argv.begin(), Argv.end());
  cl::ExpansionContext Expansion(Allocator, cl::TokenizeGNUCommandLine);
  if (Error E = Expansion.expandResponseFiles(Expanded))
    return reportError(std::move(E));
  std::vector<std::string> Words(Expanded.begin() + 1, Expanded.end());

  Expected<CompilerArgs> Parsed = CompilerArgs::parse(Words);
  if (!Parsed)
    return reportError(Parsed.takeError());
  const CompilerArgs &Args = *Parsed;
  if (Args.Clpar.Help) {
    printHelp(outs());
    return 0;
  }

  std::string Exe =
      sys::fs::getMainExecutable(Argv[0], reinterpret_cast<void *>(&runDriver));
  Expected<std::vector<std::string>> Compiler =
      findUnderlyingCompiler(Args.Clpar, Exe, sys::Process::GetEnv("CLPAR_CXX"));
  if (Args.Clpar.Version) {
    // The build's identity, for compiler caches (Driver/BuildIdentity.h).
    Installation Pieces = Installation::locate(Exe);
    outs() << "clpar++ " CLPAR_VERSION;
    if (Expected<std::string> Id = buildIdentity(Pieces.Translator, Pieces.IncludeDir))
      outs() << " (build " << *Id << ")\n";
    else
      outs() << " (build unknown: " << toString(Id.takeError()) << ")\n";
    if (!Compiler)
      return reportError(Compiler.takeError());
    Command Version;
    Version.Argv = *Compiler;
    Version.Argv.push_back("--version");
    std::optional<TemporaryDirectory> NoTemp;
    return Runner(Args.Clpar.Verbose, NoTemp).run(Version);
  }
  if (!Compiler)
    return reportError(Compiler.takeError());
  if (Args.Clpar.Verbose)
    errs() << "clpar++ version " CLPAR_VERSION " (underlying compiler: "
           << formatCommandLine(*Compiler) << ")\n";

  Installation Pieces = Installation::locate(Exe);
  std::optional<TemporaryDirectory> Temp;
  if (Args.hasSources()) {
    if (!sys::fs::can_execute(Pieces.Translator))
      return reportError("cannot find the translator: '" + Pieces.Translator +
                         "' is not an executable file");
    if (Expected<TemporaryDirectory *> Dir = temporaryDirectory(Temp); !Dir)
      return reportError(Dir.takeError());
  }
  // An MPI wrapper adds include directories the translator must see too.  When it does
  // not say which, the sources are translated without them: a source that does not
  // include <mpi.h> still builds, and a failed translation is followed by the reason.
  std::vector<std::string> CompilerParseFlags;
  std::optional<std::string> WrapperNote;
  if (Temp)
    if (std::optional<std::vector<std::string>> Show = mpiShowCommand(*Compiler)) {
      std::string Out = Temp->path() + "/mpi-show.out";
      std::string Err = Temp->path() + "/mpi-show.err";
      Temp->registerFile(Out);
      Temp->registerFile(Err);
      if (Args.Clpar.Verbose)
        errs() << formatCommandLine(*Show) << " > " << formatCommandLine({Out}) << "\n";
      Expected<std::vector<std::string>> Flags = queryMpiWrapper(*Show, Out, Err);
      if (Flags) {
        CompilerParseFlags = std::move(*Flags);
      } else {
        WrapperNote = "clpar++: note: the MPI compiler wrapper did not say which flags it "
                      "adds: " +
                      toString(Flags.takeError()) +
                      "; sources are translated without its include directories";
        if (Args.Clpar.Verbose)
          errs() << *WrapperNote << "\n";
      }
    }
  JobList Jobs =
      planJobs(Args, *Compiler, Pieces, Temp ? Temp->path() : "", CompilerParseFlags);
  Runner Run(Args.Clpar.Verbose, Temp);

  // Translate every source, so that the user sees all translation errors at once; the
  // compiler runs only when all succeeded.
  if (Args.Clpar.KeepGeneratedDir && !Jobs.Translations.empty())
    if (std::error_code EC = sys::fs::create_directories(*Args.Clpar.KeepGeneratedDir))
      return reportError("cannot create '" + *Args.Clpar.KeepGeneratedDir +
                         "': " + EC.message());
  int FirstFailure = 0;
  for (const Translation &T : Jobs.Translations) {
    if (Error E = Temp->makeDirectory(T.Subdirectory))
      return reportError(std::move(E));
    Temp->registerFile(T.Translated);
    int Status = Run.run(T.Translate);
    if (Status != 0 && FirstFailure == 0)
      FirstFailure = Status;
  }
  if (FirstFailure != 0) {
    if (WrapperNote && !Args.Clpar.Verbose)
      errs() << *WrapperNote << "\n";
    return FirstFailure;
  }
  for (const Translation &T : Jobs.Translations) {
    if (T.KeptCopy)
      if (Error E = keepCopy(T.Translated, *T.KeptCopy))
        return reportError(std::move(E));
    // Translated headers: dependency files and -E output name the originals.
    Expected<std::vector<PathReplacement>> Headers = readHeaderList(T.HeaderDir);
    if (!Headers)
      return reportError(Headers.takeError());
    for (PathReplacement &H : *Headers) {
      Temp->registerFile(H.From);
      if (T.KeptCopy) {
        // Each translation unit's copies apart: two units write different chains of
        // instantiations into the same header.
        SmallString<256> Kept(sys::path::parent_path(*T.KeptCopy));
        sys::path::append(Kept, "headers", sys::path::stem(*T.KeptCopy),
                          sys::path::filename(sys::path::parent_path(H.From)),
                          sys::path::filename(H.From));
        if (std::error_code EC = sys::fs::create_directories(sys::path::parent_path(Kept)))
          return reportError("cannot create '" + sys::path::parent_path(Kept) +
                             "': " + EC.message());
        if (Error E = keepCopy(H.From, Kept))
          return reportError(std::move(E));
      }
      Jobs.Replacements.push_back(std::move(H));
    }
  }

  int Status = Run.run(Jobs.Compile);

  for (const OutputFixup &Fixup : Jobs.Fixups) {
    for (const std::string &File : Fixup.Candidates) {
      if (Expected<bool> Rewritten = rewriteFile(File, Jobs.Replacements, Fixup.Syntax);
          !Rewritten) {
        reportError(Rewritten.takeError());
        Status = Status ? Status : 1;
      }
    }
    if (Fixup.IsCapturedStdout)
      if (Error E = copyToStdout(Fixup.Candidates.front())) {
        reportError(std::move(E));
        Status = Status ? Status : 1;
      }
  }
  return Status;
}

} // namespace clpar::driver
