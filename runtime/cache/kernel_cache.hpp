// runtime/cache/kernel_cache.hpp - the on-disk kernel cache: program binaries kept across runs.
//
// Building an OpenCL program from source runs the driver's compiler, tens to hundreds of
// milliseconds per program and device, on every run.  The runtime instead keeps each built
// binary in a directory that every clpar program of the user shares, and builds from source
// only on a miss.  This unit is that store: it maps a key text to opaque bytes and knows
// nothing of OpenCL.  The caller composes the key with key_of (kernel source, build options,
// platform, device, driver version, clpar version) and stores what CL_PROGRAM_BINARIES gave.
//
// Every failure here is a miss: an absent, truncated, corrupt or foreign entry, an unusable
// directory, a full disk.  The caller then builds as if there were no cache, so nothing
// throws, and a reason is returned only to be traced or warned about.
//
// Many processes may share the directory at once.  A writer fills a temporary file and
// renames it into place, so a reader sees a whole entry or none; a reader checks the entry's
// stored key and digest instead of trusting locks; eviction only ever unlinks, so a reader
// racing with it misses or reads the whole (unlinked) file.  Layout, entry grammar and the
// permission rules: docs/cache-format.md.
//
// Thread-safe: load and store touch only the file system; the directory check runs once
// under a mutex.
#ifndef CLPAR_RUNTIME_CACHE_KERNEL_CACHE_HPP
#define CLPAR_RUNTIME_CACHE_KERNEL_CACHE_HPP

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clpar::rt {

struct kernel_cache_settings {
  bool enabled = true;
  std::string directory;  ///< absolute path; empty when no variable names one
  std::uint64_t max_bytes = std::uint64_t{1} << 30;
  /// "clpar: warning: ..." lines for the caller to print once (a bad CLPAR_CACHE_MAX_SIZE).
  std::vector<std::string> warnings;
};

/// std::getenv with the signature kernel_cache_settings_from_env takes.
const char* process_getenv(const char* name);

/// Reads CLPAR_CACHE, CLPAR_CACHE_DIR, XDG_CACHE_HOME, HOME and CLPAR_CACHE_MAX_SIZE through
/// `getenv` (tests pass a fake).  The directory is CLPAR_CACHE_DIR (made absolute), else
/// $XDG_CACHE_HOME/clpar, else $HOME/.cache/clpar; a relative XDG_CACHE_HOME or HOME is
/// ignored, as the XDG base directory rules say.  An empty variable counts as unset.
kernel_cache_settings kernel_cache_settings_from_env(
    const char* (*getenv)(const char*) = process_getenv);

/// Parses "500M", "2G", "1048576", "64k": digits, then K, M, G or T (powers of 1024), then
/// an optional "B" or "iB", case-insensitive.  nullopt when malformed or beyond 64 bits.
std::optional<std::uint64_t> parse_cache_size(std::string_view text);

/// The XXH3-128 of `data` in lowercase hex (32 digits, canonical order): entry file names.
std::string hash_hex(std::string_view data);

struct kernel_cache_usage {
  std::uint64_t bytes = 0;
  std::size_t entries = 0;
};

class kernel_cache {
 public:
  /// The format version, in each entry's header and in its file name's suffix.
  static constexpr std::uint32_t format_version = 2;
  /// Temporaries older than this are left over from a crashed writer and are removed.
  static constexpr std::int64_t stale_temporary_seconds = 3600;

  explicit kernel_cache(kernel_cache_settings settings);
  kernel_cache(const kernel_cache&) = delete;
  kernel_cache& operator=(const kernel_cache&) = delete;

  /// Null when usable, else why not: disabled, no or a relative directory, cannot create it,
  /// owned by another user, writable by group or others, a symbolic link owned by another
  /// user.  The directory and its missing parents are created (0700) on the first call of
  /// usable(), load or store, and checked once.  An unwritable directory passes: loads may
  /// still hit, and store says why it cannot write.
  const char* usable() noexcept;

  /// The key text made of `parts`, each length-prefixed so that parts cannot run together
  /// ({"ab", "c"} and {"a", "bc"} differ).  An entry's file name is the key text's hash.
  static std::string key_of(std::initializer_list<std::string_view> parts);

  /// The payload stored under `key`; nullopt when absent, truncated, corrupt, of another
  /// format version, not owned by the user, or stored under another key text (a hash
  /// collision).  A bad entry is removed (best effort) so that it gets rebuilt; one owned
  /// by another user is only ignored.  A hit refreshes the entry's mtime, which makes
  /// eviction least-recently-used.
  std::optional<std::vector<unsigned char>> load(const std::string& key) noexcept;

  /// Writes the entry atomically (a temporary in the same directory, renamed over the entry;
  /// no fsync: a torn entry after a power loss fails its digest and is rebuilt), then, when
  /// the directory's entries exceed max_bytes, evicts the oldest by mtime until they fit.
  /// Returns null or why nothing was stored; a failure only means the next run rebuilds.
  const char* store(const std::string& key, const std::vector<unsigned char>& payload) noexcept;

  /// Entries of this format version in the directory (not temporaries, not other users').
  /// Does not create the directory and ignores `enabled`, for clpar-info.
  kernel_cache_usage usage() noexcept;

  /// Removes every entry of any format version and every temporary, keeping the directory.
  /// Null or why something could not be removed; like usage(), ignores `enabled`.  A store
  /// in flight meanwhile fails harmlessly.
  const char* clear() noexcept;

  const std::string& directory() const { return settings_.directory; }
  const kernel_cache_settings& settings() const { return settings_; }
  /// The file that holds `key`'s entry (for tests and clpar-info).
  std::string path_of(const std::string& key) const;

 private:
  std::optional<std::vector<unsigned char>> load_entry(const std::string& key);
  const char* store_entry(const std::string& key, const std::vector<unsigned char>& payload);
  /// Removes stale temporaries and, over max_bytes, the least recently used entries.
  void evict();
  /// Makes the next usable() check the directory again (it vanished under us).
  void recheck();

  kernel_cache_settings settings_;
  std::mutex check_mutex_;
  bool checked_ = false;
  const char* unusable_why_ = nullptr;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_CACHE_KERNEL_CACHE_HPP
