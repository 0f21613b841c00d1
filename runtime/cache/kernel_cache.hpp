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
  /// CLPAR_CACHE_READONLY_DIR: entries looked up here first and never written (a cache
  /// shared by a cluster's users, filled by an administrator); empty: none.
  std::string readonly_directory;
  std::uint64_t max_bytes = std::uint64_t{1} << 30;
  /// How long a process waits for another one's build of the same entry (its build claim)
  /// before building itself (CLPAR_CACHE_CLAIM_TIMEOUT, seconds).
  double claim_timeout_seconds = 60;
  /// "clpar: warning: ..." lines for the caller to print once (a bad CLPAR_CACHE_MAX_SIZE).
  std::vector<std::string> warnings;
};

/// std::getenv with the signature kernel_cache_settings_from_env takes.
const char* process_getenv(const char* name);

/// Reads CLPAR_CACHE, CLPAR_CACHE_DIR, CLPAR_CACHE_READONLY_DIR, CLPAR_CACHE_CLAIM_TIMEOUT,
/// XDG_CACHE_HOME, HOME and CLPAR_CACHE_MAX_SIZE through
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

  /// A claim on building one entry: while a process holds it, others that miss the same
  /// entry wait for it instead of building it too (load_or_claim).  It is a file beside the
  /// entry, made with O_EXCL, naming the holder's host and pid; the destructor removes it.
  /// A claim whose holder died (same host, pid gone) or that is older than the timeout is
  /// stale and taken over, so a killed builder blocks nobody for long.
  class build_claim {
   public:
    build_claim() = default;
    explicit build_claim(std::string path) : path_(std::move(path)) {}
    build_claim(build_claim&& other) noexcept : path_(std::move(other.path_)) { other.path_.clear(); }
    build_claim& operator=(build_claim&& other) noexcept;
    build_claim(const build_claim&) = delete;
    build_claim& operator=(const build_claim&) = delete;
    ~build_claim() { release(); }
    bool held() const noexcept { return !path_.empty(); }
    void release() noexcept;

   private:
    std::string path_;
  };

  struct claimed_load {
    std::optional<std::vector<unsigned char>> payload;  ///< a hit, maybe after waiting
    build_claim claim;    ///< on a miss: held when this process is to build and store
    double waited_seconds = 0;  ///< time spent waiting for another process's build
  };

  /// load, and on a miss, a claim on building the entry; when another live process holds
  /// the claim, waits (polling) until its entry appears, its claim goes or turns stale, or
  /// the timeout passes.  A miss without a held claim (read-only or unusable directory,
  /// the wait timed out) means: build without coordination.  Never throws.
  claimed_load load_or_claim(const std::string& key) noexcept;

  /// The payload stored under `key`; nullopt when absent, truncated, corrupt, of another
  /// format version, not owned by the user, or stored under another key text (a hash
  /// collision).  A bad entry is removed (best effort) so that it gets rebuilt; one owned
  /// by another user is only ignored.  A hit refreshes the entry's mtime, which makes
  /// eviction least-recently-used.  The read-only directory, when set, is looked in first
  /// (readonly_entry_trusted says which of its files count).
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
  /// The claim file of `key`'s entry.
  std::string claim_path_of(const std::string& key) const;
  /// Whether the directory takes new entries (false on a read-only file system or without
  /// write permission: loads still hit, and store fails without that being news).
  bool writable() noexcept;
  /// Entries of this format version in the read-only directory (clpar-info).
  kernel_cache_usage readonly_usage() noexcept;

 private:
  std::optional<std::vector<unsigned char>> load_entry(const std::string& key);
  std::optional<std::vector<unsigned char>> load_readonly_entry(const std::string& key);
  claimed_load claim_entry(const std::string& key);
  const char* store_entry(const std::string& key, const std::vector<unsigned char>& payload);
  /// Removes stale temporaries and, over max_bytes, the least recently used entries.
  void evict();
  /// Makes the next usable() check the directory again (it vanished under us).
  void recheck();

  kernel_cache_settings settings_;
  std::mutex check_mutex_;
  bool checked_ = false;
  bool writable_ = false;
  const char* unusable_why_ = nullptr;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_CACHE_KERNEL_CACHE_HPP
