//===- Driver/TemporaryDirectory.cpp - clpar++'s private scratch directory ---===//
//
// A signal handler may only call async-signal-safe functions, so it cannot walk a
// directory.  Instead every path made inside is recorded, and the handler unlinks the
// files and removes the directories, innermost first.  Signals are blocked while the
// record changes, so the handler never sees it half-updated.
//
//===----------------------------------------------------------------------===//
#include "Driver/TemporaryDirectory.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <array>
#include <csignal>
#include <cstdlib>
#include <unistd.h>
#include <vector>

using namespace llvm;

namespace clpar::driver {

namespace {

constexpr std::array HandledSignals = {SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE};

struct CleanupEntry {
  std::string Path;
  bool IsDirectory;
};

/// What a signal removes, in creation order.  Deliberately leaked: the handler may run
/// during static destruction.
std::vector<CleanupEntry> &cleanupList() {
  static auto *List = new std::vector<CleanupEntry>();
  return *List;
}

class SignalsBlocked {
public:
  SignalsBlocked() {
    sigset_t Set;
    sigemptyset(&Set);
    for (int Sig : HandledSignals)
      sigaddset(&Set, Sig);
    sigprocmask(SIG_BLOCK, &Set, &Saved);
  }
  ~SignalsBlocked() { sigprocmask(SIG_SETMASK, &Saved, nullptr); }

private:
  sigset_t Saved;
};

extern "C" void removeOnSignal(int Sig) {
  const std::vector<CleanupEntry> &List = cleanupList();
  for (size_t I = List.size(); I-- > 0;) {
    if (List[I].IsDirectory)
      ::rmdir(List[I].Path.c_str());
    else
      ::unlink(List[I].Path.c_str());
  }
  std::signal(Sig, SIG_DFL);
  std::raise(Sig);
}

void installHandlersOnce() {
  static bool Installed = [] {
    for (int Sig : HandledSignals) {
      struct sigaction Old;
      sigaction(Sig, nullptr, &Old);
      if (Old.sa_handler == SIG_IGN) // e.g. SIGHUP under nohup: keep ignoring it
        continue;
      struct sigaction Action = {};
      Action.sa_handler = removeOnSignal;
      sigemptyset(&Action.sa_mask);
      sigaction(Sig, &Action, nullptr);
    }
    return true;
  }();
  (void)Installed;
}

void record(std::string Path, bool IsDirectory) {
  SignalsBlocked Blocked;
  cleanupList().push_back({std::move(Path), IsDirectory});
}

/// Forgets everything under \p Root (it has been removed).
void forget(StringRef Root) {
  SignalsBlocked Blocked;
  std::vector<CleanupEntry> &List = cleanupList();
  std::erase_if(List, [&](const CleanupEntry &E) {
    return StringRef(E.Path) == Root || StringRef(E.Path).starts_with((Root + "/").str());
  });
}

} // namespace

Expected<TemporaryDirectory> TemporaryDirectory::create(StringRef Prefix) {
  SmallString<256> Template;
  sys::path::system_temp_directory(/*ErasedOnReboot=*/true, Template);
  sys::path::append(Template, Prefix + "-XXXXXX");
  installHandlersOnce();
  std::string Path;
  {
    SignalsBlocked Blocked;
    Template.c_str(); // terminates the buffer for mkdtemp
    if (!::mkdtemp(Template.data())) {
      std::error_code EC(errno, std::generic_category());
      return createStringError(EC, "cannot create a temporary directory in '" +
                                       sys::path::parent_path(Template) +
                                       "': " + EC.message());
    }
    Path = std::string(Template.str());
    cleanupList().push_back({Path, true});
  }
  // Paths inside are given to other programs and written into outputs: make it absolute.
  SmallString<256> Absolute(Path);
  sys::fs::make_absolute(Absolute);
  if (Absolute != Path) {
    forget(Path);
    record(std::string(Absolute), true);
  }
  return TemporaryDirectory(std::string(Absolute));
}

TemporaryDirectory::TemporaryDirectory(TemporaryDirectory &&Other) noexcept
    : Path(std::move(Other.Path)) {
  Other.Path.clear();
}

TemporaryDirectory::~TemporaryDirectory() {
  if (Path.empty())
    return;
  sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
  forget(Path);
}

Error TemporaryDirectory::makeDirectory(StringRef Dir) {
  record(Dir.str(), true);
  if (std::error_code EC = sys::fs::create_directory(Dir, /*IgnoreExisting=*/true))
    return createStringError(EC, "cannot create '" + Dir + "': " + EC.message());
  return Error::success();
}

void TemporaryDirectory::registerFile(StringRef File) { record(File.str(), false); }

} // namespace clpar::driver
