//===- Driver/BuildIdentity.cpp - what clpar++'s output depends on --------===//
#include "Driver/BuildIdentity.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace llvm;

namespace clpar::driver {

namespace {

/// Appends the 64-bit hash of \p Bytes to \p Digests, which are hashed together at the end.
void addHash(std::string &Digests, StringRef Bytes) {
  uint64_t H = xxh3_64bits(arrayRefFromStringRef(Bytes));
  Digests.append(reinterpret_cast<const char *>(&H), sizeof H);
}

Error addFile(std::string &Digests, StringRef Path, StringRef Name) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!Buffer)
    return createStringError(Buffer.getError(),
                             "cannot read '" + Path + "': " + Buffer.getError().message());
  addHash(Digests, Name);
  addHash(Digests, (*Buffer)->getBuffer());
  return Error::success();
}

} // namespace

Expected<std::string> buildIdentity(StringRef Translator, StringRef IncludeDir) {
  std::string Digests;
  if (Error E = addFile(Digests, Translator, "clpar-translate"))
    return E;

  SmallString<256> Root(IncludeDir);
  sys::path::append(Root, "clpar");
  std::vector<std::string> Headers;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC))
    if (sys::fs::is_regular_file(It->path()))
      Headers.push_back(It->path());
  if (EC)
    return createStringError(EC, "cannot list '" + Root + "': " + EC.message());
  std::sort(Headers.begin(), Headers.end());
  for (const std::string &Path : Headers) {
    StringRef Relative = StringRef(Path).drop_front(IncludeDir.size());
    if (Error E = addFile(Digests, Path, Relative))
      return E;
  }
  return utohexstr(xxh3_64bits(arrayRefFromStringRef(Digests)), /*LowerCase=*/true, 16);
}

} // namespace clpar::driver
