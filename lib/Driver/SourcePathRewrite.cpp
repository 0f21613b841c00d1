//===- Driver/SourcePathRewrite.cpp - naming the user's source, not its copy -===//
#include "Driver/SourcePathRewrite.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace clpar::driver {

std::string escapeForMake(StringRef Path) {
  // gcc's mkdeps and clang's DependencyFileGenerator agree: backslashes that precede a
  // space are doubled, then the space is escaped; '#' is escaped; '$' is doubled.
  std::string Out;
  for (size_t I = 0; I < Path.size(); ++I) {
    char C = Path[I];
    if (C == ' ' || C == '\t') {
      for (size_t J = I; J > 0 && Path[J - 1] == '\\'; --J)
        Out += '\\';
      Out += '\\';
    } else if (C == '#') {
      Out += '\\';
    } else if (C == '$') {
      Out += '$';
    }
    Out += C;
  }
  return Out;
}

std::string escapeForLineMarker(StringRef Path) {
  std::string Out;
  for (char C : Path) {
    if (C == '\\' || C == '"')
      Out += '\\';
    Out += C;
  }
  return Out;
}

std::optional<std::string> replacePaths(StringRef Text,
                                        ArrayRef<PathReplacement> Replacements,
                                        OutputSyntax Syntax) {
  auto Escape = [Syntax](StringRef Path) {
    return Syntax == OutputSyntax::Make ? escapeForMake(Path) : escapeForLineMarker(Path);
  };
  std::string Result = Text.str();
  bool Changed = false;
  for (const PathReplacement &R : Replacements) {
    std::string From = Escape(R.From), To = Escape(R.To);
    if (From.empty())
      continue;
    for (size_t Pos = Result.find(From); Pos != std::string::npos;
         Pos = Result.find(From, Pos + To.size())) {
      Result.replace(Pos, From.size(), To);
      Changed = true;
    }
  }
  if (!Changed)
    return std::nullopt;
  return Result;
}

Expected<bool> rewriteFile(StringRef File, ArrayRef<PathReplacement> Replacements,
                           OutputSyntax Syntax) {
  if (!sys::fs::exists(File))
    return false;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(File, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createStringError(Buffer.getError(), "cannot read '" + File +
                                                    "': " + Buffer.getError().message());
  std::optional<std::string> Text =
      replacePaths((*Buffer)->getBuffer(), Replacements, Syntax);
  if (!Text)
    return false;
  // Written beside the file and renamed over it, so that a reader (ninja, make) never
  // sees half of it.
  if (Error E = writeToOutput(File, [&](raw_ostream &OS) {
        OS << *Text;
        return Error::success();
      }))
    return E;
  return true;
}

} // namespace clpar::driver
