//===- Driver/MpiWrapper.cpp - what an MPI compiler wrapper adds to a command -===//
#include "Driver/MpiWrapper.h"

#include "Driver/CompilerArgs.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"

#include <algorithm>
#include <array>

using namespace llvm;

namespace clpar::driver {

namespace {

/// Open MPI and MPICH (mpicxx mpic++ mpiCC mpicc), Intel MPI (mpiicpc mpiicpx mpiicc
/// mpiicx for its compilers, mpigxx mpigcc for GNU's).
constexpr std::array WrapperNames = {"mpicxx",  "mpic++",  "mpiCC",  "mpicc", "mpiicpc",
                                     "mpiicpx", "mpiicc",  "mpiicx", "mpigxx", "mpigcc"};

/// Options of a wrapper's command whose words the translator needs; the value is joined
/// (`-I/x`) or the next word (`-I /x`).
constexpr std::array PreprocessorOptions = {"-isystem", "-idirafter", "-iquote", "-include",
                                            "-imacros", "-I",         "-D",      "-U"};

/// The option of PreprocessorOptions that \p Word starts with, or an empty one.
StringRef preprocessorOption(StringRef Word) {
  for (const char *Option : PreprocessorOptions)
    if (Word.starts_with(Option))
      return Option;
  return {};
}

Error queryError(ArrayRef<std::string> Command, const Twine &Why) {
  return createStringError(inconvertibleErrorCode(),
                           "'" + Command.front() + " " + Command.back() + "' " + Why);
}

} // namespace

bool isMpiWrapperName(StringRef Program) {
  StringRef Name = sys::path::filename(Program);
  return std::any_of(WrapperNames.begin(), WrapperNames.end(), [&](StringRef Wrapper) {
    StringRef Rest = Name;
    return Rest.consume_front(Wrapper) &&
           (Rest.empty() || Rest.starts_with(".") || Rest.starts_with("-"));
  });
}

std::optional<std::vector<std::string>> mpiShowCommand(ArrayRef<std::string> Compiler) {
  // Behind a launcher (`ccache mpicxx`) the wrapper is the last word.
  if (Compiler.empty() || !isMpiWrapperName(Compiler.back()))
    return std::nullopt;
  return std::vector<std::string>{Compiler.back(), "-show"};
}

std::vector<std::string> mpiParseFlags(StringRef ShowOutput) {
  BumpPtrAllocator Allocator;
  StringSaver Saver(Allocator);
  SmallVector<const char *, 32> Words;
  cl::TokenizeGNUCommandLine(ShowOutput, Saver, Words, /*MarkEOLs=*/false);

  std::vector<std::string> Flags;
  for (size_t I = 0; I < Words.size(); ++I) {
    StringRef Word = Words[I];
    // The compiler (`g++`, `ccache g++`) and libraries named by path.
    if (!Word.starts_with("-"))
      continue;
    if (Word == "-pthread") {
      Flags.push_back(Word.str());
      continue;
    }
    if (StringRef Option = preprocessorOption(Word); !Option.empty()) {
      StringRef Value = Word.drop_front(Option.size());
      if (Value.empty() && I + 1 < Words.size())
        Value = Words[++I];
      // MPI's headers are the system's to the user: not translated, no warnings, and
      // their functions library functions.
      Flags.push_back(Option == "-I" ? "-isystem" : Option.str());
      Flags.push_back(Value.str());
      continue;
    }
    // Another option's value (`-Xlinker -rpath`) is no option of its own.
    if (takesSeparateValue(Word) && I + 1 < Words.size())
      ++I;
  }
  return Flags;
}

Expected<std::vector<std::string>> queryMpiWrapper(ArrayRef<std::string> ShowCommand,
                                                   StringRef StdoutFile,
                                                   StringRef StderrFile) {
  std::string Program = ShowCommand.front();
  if (Program.find('/') == std::string::npos) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found)
      return queryError(ShowCommand, "cannot run: '" + Program + "' is not in PATH");
    Program = *Found;
  }
  SmallVector<StringRef, 4> Argv(ShowCommand.begin(), ShowCommand.end());
  std::optional<StringRef> Redirects[3] = {StringRef(), StdoutFile, StderrFile};
  std::string ErrorMessage;
  bool ExecutionFailed = false;
  int Status = sys::ExecuteAndWait(Program, Argv, /*Env=*/std::nullopt, Redirects,
                                   /*SecondsToWait=*/0, /*MemoryLimit=*/0, &ErrorMessage,
                                   &ExecutionFailed);
  if (ExecutionFailed)
    return queryError(ShowCommand, "cannot run: " + ErrorMessage);
  if (Status < 0)
    return queryError(ShowCommand, "terminated: " + ErrorMessage);

  auto ReadFile = [](StringRef File) -> std::string {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer = MemoryBuffer::getFile(File);
    return Buffer ? (*Buffer)->getBuffer().str() : std::string();
  };
  if (Status != 0) {
    std::string Said = ReadFile(StderrFile);
    StringRef FirstLine = StringRef(Said).trim().split('\n').first.trim();
    std::string Why = "exited with status " + std::to_string(Status);
    if (!FirstLine.empty())
      Why += ": " + FirstLine.str();
    return queryError(ShowCommand, Why);
  }
  std::string Output = ReadFile(StdoutFile);
  if (StringRef(Output).trim().empty())
    return queryError(ShowCommand, "printed nothing");
  return mpiParseFlags(Output);
}

} // namespace clpar::driver
