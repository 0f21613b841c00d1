// runtime/cache/kernel_cache.cpp - the on-disk kernel cache: program binaries kept across runs.
#include "cache/kernel_cache.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <limits>
#include <new>
#include <thread>
#include <tuple>

#include <xxhash.h>

#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

// XXH3-128 (libxxhash), streamed.  Strong enough that a file name stands for one key text
// (a collision is still caught by the stored key) and that a damaged entry fails its
// digest; not meant to resist someone forging entries (the cache trusts only its owner's
// files: docs/cache-format.md).
class entry_hash {
 public:
  entry_hash() : state_(XXH3_createState()) {
    if (!state_ || XXH3_128bits_reset(state_) != XXH_OK) throw std::bad_alloc();
  }
  ~entry_hash() { XXH3_freeState(state_); }
  entry_hash(const entry_hash&) = delete;
  entry_hash& operator=(const entry_hash&) = delete;

  void update(const void* data, std::size_t size) { XXH3_128bits_update(state_, data, size); }
  /// The digest in XXH's canonical (big-endian) byte order.
  std::array<unsigned char, 16> finish() const {
    XXH128_canonical_t canonical;
    XXH128_canonicalFromHash(&canonical, XXH3_128bits_digest(state_));
    std::array<unsigned char, 16> digest{};
    std::memcpy(digest.data(), canonical.digest, digest.size());
    return digest;
  }

 private:
  XXH3_state_t* state_;
};

// The entry, as load reads it (docs/cache-format.md says the same):
//
//   <entry>        ::= <header> <key> <payload> <epilogue>
//   <header>       ::= <magic> <version> <key_size> <payload_size>
//   <magic>        ::= "CLPK"                      4 bytes
//   <version>      ::= uint32, little-endian       kernel_cache::format_version (2)
//   <key_size>     ::= uint64, little-endian       bytes of <key>
//   <payload_size> ::= uint64, little-endian       bytes of <payload>
//   <key>          ::= key_size bytes              the key text (kernel_cache::key_of)
//   <payload>      ::= payload_size bytes          opaque: the program binary
//   <epilogue>     ::= <digest>
//   <digest>       ::= 16 bytes                    XXH3-128 of <header> <key> <payload>,
//                                                  canonical (big-endian) order
//
// The file is exactly 24 + key_size + payload_size + 16 bytes long; anything else is a miss.
constexpr unsigned char magic[4] = {'C', 'L', 'P', 'K'};
constexpr std::size_t header_bytes = 4 + 4 + 8 + 8;
constexpr std::size_t digest_bytes = 16;
constexpr std::size_t hash_chars = 32;
constexpr std::string_view temporary_prefix = ".clk-tmp-";

void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>(value >> (8 * i)));
}

std::uint64_t get_le(const unsigned char* in, int bytes) {
  std::uint64_t value = 0;
  for (int i = bytes - 1; i >= 0; --i) value = value << 8 | in[i];
  return value;
}

std::string entry_suffix() {
  return ".v" + std::to_string(kernel_cache::format_version) + ".clk";
}

std::string claim_suffix() {
  return ".v" + std::to_string(kernel_cache::format_version) + ".claim";
}

enum class file_kind { entry, other_version_entry, temporary, claim, other };

bool is_hash(std::string_view text) {
  return text.size() == hash_chars && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

// "<32 hex>.v<N>.clk" is an entry (of this version when N matches; format 1 named entries
// with 64 hex digits, a SHA-256), ".clk-tmp-*" a temporary, "<32 hex>.v<N>.claim" a build
// claim.
file_kind kind_of(std::string_view name) {
  if (name.starts_with(temporary_prefix)) return file_kind::temporary;
  if (name.ends_with(claim_suffix()) &&
      is_hash(name.substr(0, name.size() - claim_suffix().size())))
    return file_kind::claim;
  if (!name.ends_with(".clk")) return file_kind::other;
  std::size_t digits = 0;
  while (digits < name.size() && (std::isdigit(static_cast<unsigned char>(name[digits])) ||
                                  (name[digits] >= 'a' && name[digits] <= 'f')))
    ++digits;
  if (digits != hash_chars && digits != 64) return file_kind::other;
  const std::string_view version = name.substr(digits, name.size() - digits - 4);
  if (version.size() < 3 || version.substr(0, 2) != ".v" ||
      !std::all_of(version.begin() + 2, version.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return file_kind::other;
  return digits == hash_chars && name.substr(digits) == entry_suffix()
             ? file_kind::entry
             : file_kind::other_version_entry;
}

const char* failure(const std::string& what, int error) {
  return keep_text(what + ": " + std::strerror(error));
}

std::string in_quotes(const std::string& text) {
  return "'" + text + "'";
}

// Null when `directory` may hold the cache; `missing` tells an absent directory apart.
// The rules are those of ssh for ~/.ssh: only its owner may have written what we load.
const char* vet_directory(const std::string& directory, bool& missing) {
  missing = false;
  if (directory.empty())
    return "no kernel cache directory: none of CLPAR_CACHE_DIR, XDG_CACHE_HOME and HOME is set";
  if (directory.front() != '/')
    return keep_text("kernel cache directory " + in_quotes(directory) + " is not an absolute path");
  struct stat link {};
  if (::lstat(directory.c_str(), &link) != 0) {
    missing = errno == ENOENT;
    return missing ? nullptr
                   : failure("cannot reach kernel cache directory " + in_quotes(directory), errno);
  }
  // Whoever owns the link decides where the entries go; root is trusted as always.
  if (S_ISLNK(link.st_mode) && link.st_uid != ::geteuid() && link.st_uid != 0)
    return keep_text("kernel cache directory " + in_quotes(directory) +
                     " is a symbolic link owned by another user");
  struct stat target {};
  if (::stat(directory.c_str(), &target) != 0)
    return failure("cannot reach kernel cache directory " + in_quotes(directory), errno);
  if (!S_ISDIR(target.st_mode))
    return keep_text("kernel cache path " + in_quotes(directory) + " is not a directory");
  if (target.st_uid != ::geteuid())
    return keep_text("kernel cache directory " + in_quotes(directory) +
                     " is owned by another user");
  if ((target.st_mode & (S_IWGRP | S_IWOTH)) != 0) {
    char mode[8];
    std::snprintf(mode, sizeof mode, "%03o", static_cast<unsigned>(target.st_mode & 0777));
    return keep_text("kernel cache directory " + in_quotes(directory) +
                     " is writable by group or others (mode " + mode + "); chmod go-w " +
                     in_quotes(directory) + " to use it");
  }
  return nullptr;
}

// Creates `directory` and its missing parents, each 0700 whatever the umask: the cache is
// the user's own, and XDG wants $XDG_CACHE_HOME so too.  Then vets it.
const char* prepare_directory(const std::string& directory) {
  bool missing = false;
  if (const char* why = vet_directory(directory, missing); why != nullptr || !missing) return why;
  for (std::size_t end = directory.find('/', 1);; end = directory.find('/', end + 1)) {
    const std::string prefix = directory.substr(0, end);
    struct stat info {};
    if (!prefix.empty() && prefix.back() != '/' && ::stat(prefix.c_str(), &info) != 0) {
      if (::mkdir(prefix.c_str(), 0700) == 0)
        (void)::chmod(prefix.c_str(), 0700);
      else if (errno != EEXIST)  // another process may have made it just now
        return failure("cannot create kernel cache directory " + in_quotes(prefix), errno);
    }
    if (end == std::string::npos) break;
  }
  return vet_directory(directory, missing);
}

struct listed_file {
  std::string name;
  file_kind kind;
  struct stat info;
};

// The regular files of the cache in `directory` whose stat `keep` accepts.  Files may
// vanish while we look (other processes evict too): those are simply not listed.
template <class Keep>
std::vector<listed_file> list_files(const std::string& directory, Keep keep) {
  std::vector<listed_file> files;
  DIR* dir = ::opendir(directory.c_str());
  if (dir == nullptr) return files;
  while (const dirent* item = ::readdir(dir)) {
    listed_file file{item->d_name, kind_of(item->d_name), {}};
    if (file.kind == file_kind::other ||
        ::fstatat(::dirfd(dir), item->d_name, &file.info, AT_SYMLINK_NOFOLLOW) != 0 ||
        !S_ISREG(file.info.st_mode) || !keep(file.info))
      continue;
    files.push_back(std::move(file));
  }
  ::closedir(dir);
  return files;
}

// The user's own files of the cache in `directory`.
std::vector<listed_file> list_cache_files(const std::string& directory) {
  return list_files(directory, [](const struct stat& info) { return info.st_uid == ::geteuid(); });
}

// The entries of this format version among `files`, counted.
kernel_cache_usage entry_usage(const std::vector<listed_file>& files) {
  kernel_cache_usage usage;
  for (const listed_file& file : files) {
    if (file.kind != file_kind::entry) continue;
    usage.bytes += static_cast<std::uint64_t>(file.info.st_size);
    ++usage.entries;
  }
  return usage;
}

struct file_closer {
  int fd;
  ~file_closer() { ::close(fd); }
};

bool write_all(int fd, const void* data, std::size_t size) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  while (size > 0) {
    const ssize_t wrote = ::write(fd, bytes, size);
    if (wrote < 0 && errno == EINTR) continue;
    if (wrote == 0) errno = EIO;
    if (wrote <= 0) return false;
    bytes += wrote, size -= static_cast<std::size_t>(wrote);
  }
  return true;
}

bool read_all(int fd, void* data, std::size_t size) {
  auto* bytes = static_cast<unsigned char*>(data);
  while (size > 0) {
    const ssize_t got = ::read(fd, bytes, size);
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) return false;
    bytes += got, size -= static_cast<std::size_t>(got);
  }
  return true;
}

// The payload of the entry open as `fd`, `size` bytes long, when it is whole and for `key`.
std::optional<std::vector<unsigned char>> read_entry(int fd, std::uint64_t size,
                                                     const std::string& key) {
  unsigned char header[header_bytes];
  if (size < header_bytes + digest_bytes || !read_all(fd, header, header_bytes) ||
      std::memcmp(header, magic, sizeof magic) != 0 ||
      get_le(header + 4, 4) != kernel_cache::format_version)
    return std::nullopt;
  const std::uint64_t key_size = get_le(header + 8, 8), payload_size = get_le(header + 16, 8);
  const std::uint64_t body = size - header_bytes - digest_bytes;
  // Comparing sizes before reading also turns away most collisions without reading a byte.
  if (key_size != key.size() || key_size > body || payload_size != body - key_size)
    return std::nullopt;
  std::string stored_key(key_size, '\0');
  std::vector<unsigned char> payload(payload_size);
  std::array<unsigned char, digest_bytes> stored_digest{};
  if (!read_all(fd, stored_key.data(), stored_key.size()) || stored_key != key ||
      !read_all(fd, payload.data(), payload.size()) ||
      !read_all(fd, stored_digest.data(), stored_digest.size()))
    return std::nullopt;
  entry_hash digest;
  digest.update(header, header_bytes);
  digest.update(stored_key.data(), stored_key.size());
  digest.update(payload.data(), payload.size());
  if (digest.finish() != stored_digest) return std::nullopt;
  return payload;
}

// The read-only directory is trusted when only its owner (the user, root, or whoever
// filled it) can change it: not writable by group or others.
bool readonly_directory_trusted(const std::string& directory, struct stat& info) {
  return ::stat(directory.c_str(), &info) == 0 && S_ISDIR(info.st_mode) &&
         (info.st_mode & (S_IWGRP | S_IWOTH)) == 0;
}

// An entry of the read-only directory `dir` counts when it is a regular file that only the
// directory's owner, root or the user can change.
bool readonly_entry_trusted(const struct stat& entry, const struct stat& dir) {
  return S_ISREG(entry.st_mode) && (entry.st_mode & (S_IWGRP | S_IWOTH)) == 0 &&
         (entry.st_uid == dir.st_uid || entry.st_uid == 0 || entry.st_uid == ::geteuid());
}

std::string this_host() {
  char name[256] = {};
  if (::gethostname(name, sizeof name - 1) != 0) return "unknown-host";
  return name;
}

// Whether the claim file `path` (its lstat in `info`) no longer stands for a live build:
// older than the timeout, or made on this host by a process that is gone.  A claim whose
// text is not (yet) readable counts as live until the timeout.
bool claim_is_stale(const std::string& path, double timeout_seconds, struct stat& info) {
  if (::lstat(path.c_str(), &info) != 0) return false;  // gone: claim again
  timespec now {};
  (void)::clock_gettime(CLOCK_REALTIME, &now);
  const double age = static_cast<double>(now.tv_sec - info.st_mtim.tv_sec) +
                     static_cast<double>(now.tv_nsec - info.st_mtim.tv_nsec) * 1e-9;
  if (age > timeout_seconds) return true;
  char text[320] = {};
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return false;
  const ssize_t got = ::read(fd, text, sizeof text - 1);
  ::close(fd);
  if (got <= 0) return false;
  const std::string_view line(text, static_cast<std::size_t>(got));
  const std::size_t blank = line.find(' ');
  if (blank == std::string_view::npos || line.substr(0, blank) != this_host()) return false;
  const long pid = std::strtol(text + blank + 1, nullptr, 10);
  return pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 &&
         errno == ESRCH;
}

// Unlinks `path` only while it still is the file we found bad: another process may have
// renamed a good entry over it since.
void remove_if_same(const std::string& path, const struct stat& bad) {
  struct stat now {};
  if (::lstat(path.c_str(), &now) == 0 && now.st_dev == bad.st_dev && now.st_ino == bad.st_ino)
    (void)::unlink(path.c_str());
}

}  // namespace

const char* process_getenv(const char* name) {
  return std::getenv(name);
}

std::optional<std::uint64_t> parse_cache_size(std::string_view text) {
  std::uint64_t number = 0;
  std::size_t digits = 0;
  for (; digits < text.size() && text[digits] >= '0' && text[digits] <= '9'; ++digits) {
    const unsigned digit = static_cast<unsigned>(text[digits] - '0');
    if (number > (std::numeric_limits<std::uint64_t>::max() - digit) / 10) return std::nullopt;
    number = number * 10 + digit;
  }
  if (digits == 0) return std::nullopt;
  std::string unit;
  for (char c : text.substr(digits))
    unit.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
  if (unit.ends_with('b')) unit.pop_back();                      // "2GB", "123B"
  if (unit.size() == 2 && unit.ends_with('i')) unit.pop_back();  // "2GiB", not "2iB"
  int shift = 0;
  if (!unit.empty()) {
    const std::size_t multiple = std::string_view("kmgt").find(unit);
    if (unit.size() != 1 || multiple == std::string_view::npos) return std::nullopt;
    shift = 10 * static_cast<int>(multiple + 1);
  }
  if (number > std::numeric_limits<std::uint64_t>::max() >> shift) return std::nullopt;
  return number << shift;
}

kernel_cache_settings kernel_cache_settings_from_env(const char* (*getenv)(const char*)) {
  const auto value = [getenv](const char* name) -> std::string {
    const char* text = getenv(name);
    return text != nullptr ? text : "";
  };
  const auto directory = [&value](const char* name) {
    std::string path = value(name);
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    return path;
  };
  kernel_cache_settings settings;
  settings.enabled = value("CLPAR_CACHE") != "0";
  if (const std::string shared = directory("CLPAR_CACHE_READONLY_DIR"); !shared.empty()) {
    if (shared.starts_with('/'))
      settings.readonly_directory = shared;
    else
      settings.warnings.push_back("clpar: warning: CLPAR_CACHE_READONLY_DIR '" + shared +
                                  "' is not an absolute path; it is not used");
  }
  if (const std::string timeout = value("CLPAR_CACHE_CLAIM_TIMEOUT"); !timeout.empty()) {
    char* end = nullptr;
    const double seconds = std::strtod(timeout.c_str(), &end);
    if (end != nullptr && *end == '\0' && seconds >= 0 && seconds <= 86400)
      settings.claim_timeout_seconds = seconds;
    else
      settings.warnings.push_back("clpar: warning: CLPAR_CACHE_CLAIM_TIMEOUT '" + timeout +
                                  "' is not a number of seconds; the default 60 is used");
  }
  const std::string named = directory("CLPAR_CACHE_DIR"), xdg = directory("XDG_CACHE_HOME"),
                    home = directory("HOME");
  if (!named.empty()) {
    std::error_code error;
    const std::filesystem::path absolute = std::filesystem::absolute(named, error);
    settings.directory = error ? named : absolute.string();
  } else if (xdg.starts_with('/')) {
    settings.directory = xdg + "/clpar";
  } else if (home.starts_with('/')) {
    settings.directory = home + "/.cache/clpar";
  }
  if (const std::string size = value("CLPAR_CACHE_MAX_SIZE"); !size.empty()) {
    if (const std::optional<std::uint64_t> bytes = parse_cache_size(size))
      settings.max_bytes = *bytes;
    else
      settings.warnings.push_back("clpar: warning: CLPAR_CACHE_MAX_SIZE '" + size +
                                  "' is not a size such as 500M or 2G; the default 1G is used");
  }
  return settings;
}

std::string hash_hex(std::string_view data) {
  entry_hash digest;
  digest.update(data.data(), data.size());
  static constexpr char hex[] = "0123456789abcdef";
  std::string text;
  for (unsigned char byte : digest.finish()) text += {hex[byte >> 4], hex[byte & 15]};
  return text;
}

kernel_cache::kernel_cache(kernel_cache_settings settings) : settings_(std::move(settings)) {}

const char* kernel_cache::usable() noexcept {
  if (!settings_.enabled) return "the kernel cache is disabled (CLPAR_CACHE=0)";
  std::lock_guard lock(check_mutex_);
  if (!checked_) {
    try {
      unusable_why_ = prepare_directory(settings_.directory);
      writable_ = unusable_why_ == nullptr && ::access(settings_.directory.c_str(), W_OK) == 0;
    } catch (...) {
      unusable_why_ = "the kernel cache directory could not be checked: out of memory";
    }
    checked_ = true;
  }
  return unusable_why_;
}

void kernel_cache::recheck() {
  std::lock_guard lock(check_mutex_);
  checked_ = false;
}

std::string kernel_cache::key_of(std::initializer_list<std::string_view> parts) {
  std::string key;
  for (std::string_view part : parts) {
    key += std::to_string(part.size());
    key += ':';
    key += part;
    key += '\n';  // only so that a key reads well in a hex dump
  }
  return key;
}

std::string kernel_cache::path_of(const std::string& key) const {
  return settings_.directory + "/" + hash_hex(key) + entry_suffix();
}

std::string kernel_cache::claim_path_of(const std::string& key) const {
  return settings_.directory + "/" + hash_hex(key) + claim_suffix();
}

bool kernel_cache::writable() noexcept {
  if (usable() != nullptr) return false;
  std::lock_guard lock(check_mutex_);
  return writable_;
}

std::optional<std::vector<unsigned char>> kernel_cache::load(const std::string& key) noexcept {
  try {
    if (!settings_.enabled) return std::nullopt;
    if (!settings_.readonly_directory.empty())
      if (auto payload = load_readonly_entry(key)) return payload;
    return load_entry(key);
  } catch (...) {
    return std::nullopt;  // out of memory: a miss like any other
  }
}

std::optional<std::vector<unsigned char>> kernel_cache::load_readonly_entry(
    const std::string& key) {
  const std::string& directory = settings_.readonly_directory;
  struct stat dir {};
  if (!readonly_directory_trusted(directory, dir)) return std::nullopt;
  const std::string path = directory + "/" + hash_hex(key) + entry_suffix();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  const file_closer closer{fd};
  struct stat info {};
  if (::fstat(fd, &info) != 0 || !readonly_entry_trusted(info, dir)) return std::nullopt;
  // Neither removed when bad nor touched when good: the directory is not ours to change.
  return read_entry(fd, static_cast<std::uint64_t>(info.st_size), key);
}

kernel_cache::claimed_load kernel_cache::load_or_claim(const std::string& key) noexcept {
  try {
    return claim_entry(key);
  } catch (...) {
    return {};  // out of memory: a miss, built without coordination
  }
}

kernel_cache::claimed_load kernel_cache::claim_entry(const std::string& key) {
  using clock_type = std::chrono::steady_clock;
  claimed_load result;
  result.payload = load(key);
  if (result.payload || !writable()) return result;
  const auto start = clock_type::now();
  const auto deadline =
      start + std::chrono::duration_cast<clock_type::duration>(
                  std::chrono::duration<double>(settings_.claim_timeout_seconds));
  const std::string path = claim_path_of(key);
  const std::string holder = this_host() + " " + std::to_string(::getpid()) + "\n";
  auto pause = std::chrono::milliseconds(2);
  bool waited = false;
  for (int takeovers = 0;;) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd >= 0) {
      (void)write_all(fd, holder.data(), holder.size());
      ::close(fd);
      result.claim = build_claim(path);
      // The holder before us may have stored the entry and let go between our load and
      // our claim.
      result.payload = load(key);
      if (result.payload) result.claim.release();
      break;
    }
    if (errno != EEXIST) break;  // no claims here: build without them
    struct stat info {};
    if (claim_is_stale(path, settings_.claim_timeout_seconds, info)) {
      if (++takeovers > 3) break;
      remove_if_same(path, info);
      continue;
    }
    if (clock_type::now() >= deadline) break;
    std::this_thread::sleep_for(pause);
    waited = true;
    pause = std::min(pause * 2, std::chrono::milliseconds(50));
    result.payload = load(key);
    if (result.payload) break;
  }
  if (waited)
    result.waited_seconds = std::chrono::duration<double>(clock_type::now() - start).count();
  return result;
}

kernel_cache::build_claim& kernel_cache::build_claim::operator=(build_claim&& other) noexcept {
  if (this != &other) {
    release();
    path_ = std::move(other.path_);
    other.path_.clear();
  }
  return *this;
}

void kernel_cache::build_claim::release() noexcept {
  if (path_.empty()) return;
  (void)::unlink(path_.c_str());
  path_.clear();
}

std::optional<std::vector<unsigned char>> kernel_cache::load_entry(const std::string& key) {
  if (usable() != nullptr) return std::nullopt;
  const std::string path = path_of(key);
  // O_NONBLOCK: a FIFO in the entry's place must not hang the program.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);
  if (fd < 0) return std::nullopt;
  const file_closer closer{fd};
  struct stat info {};
  // Another user's file is not ours to trust, nor to delete: store renames over it.
  if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_uid != ::geteuid())
    return std::nullopt;
  std::optional<std::vector<unsigned char>> payload =
      read_entry(fd, static_cast<std::uint64_t>(info.st_size), key);
  if (!payload) {
    remove_if_same(path, info);
    return std::nullopt;
  }
  (void)::futimens(fd, nullptr);  // least recently used goes first
  return payload;
}

const char* kernel_cache::store(const std::string& key,
                                const std::vector<unsigned char>& payload) noexcept {
  try {
    return store_entry(key, payload);
  } catch (...) {
    return "kernel cache entry not stored: out of memory";
  }
}

const char* kernel_cache::store_entry(const std::string& key,
                                      const std::vector<unsigned char>& payload) {
  if (const char* why = usable()) return why;
  const std::uint64_t entry_bytes = header_bytes + key.size() + payload.size() + digest_bytes;
  if (entry_bytes > settings_.max_bytes)
    return keep_text("kernel cache entry of " + std::to_string(entry_bytes) +
                     " bytes exceeds the cache's size limit of " +
                     std::to_string(settings_.max_bytes) + " bytes; not stored");
  std::string head(magic, magic + sizeof magic);
  put_le(head, format_version, 4);
  put_le(head, key.size(), 8);
  put_le(head, payload.size(), 8);
  head += key;
  entry_hash digest;
  digest.update(head.data(), head.size());
  digest.update(payload.data(), payload.size());
  const std::array<unsigned char, digest_bytes> sum = digest.finish();

  // mkstemp makes the file 0600 and a name no other writer can take.
  std::string temporary;
  int fd = -1;
  for (int attempt = 0; fd < 0 && attempt < 2; ++attempt) {
    temporary = settings_.directory + "/" + std::string(temporary_prefix) + "XXXXXX";
    fd = ::mkostemp(temporary.data(), O_CLOEXEC);
    if (fd >= 0 || errno != ENOENT || attempt > 0) break;
    // The directory went away (clpar-info --clear-cache, rm -r): make it again once.
    recheck();
    if (const char* why = usable()) return why;
  }
  if (fd < 0)
    return failure("cannot create a kernel cache entry in " + in_quotes(settings_.directory),
                   errno);
  int error = 0;
  if (!write_all(fd, head.data(), head.size()) || !write_all(fd, payload.data(), payload.size()) ||
      !write_all(fd, sum.data(), sum.size()))
    error = errno;
  if (::close(fd) != 0 && error == 0) error = errno;  // NFS reports some write errors at close
  const std::string path = path_of(key);
  if (error == 0 && ::rename(temporary.c_str(), path.c_str()) != 0) error = errno;
  if (error != 0) {
    (void)::unlink(temporary.c_str());
    return failure("cannot write kernel cache entry " + in_quotes(path), error);
  }
  evict();
  return nullptr;
}

void kernel_cache::evict() {
  std::vector<listed_file> entries;
  std::uint64_t total = 0;
  const std::time_t stale = std::time(nullptr) - stale_temporary_seconds;
  for (listed_file& file : list_cache_files(settings_.directory)) {
    if ((file.kind == file_kind::temporary || file.kind == file_kind::claim) &&
        file.info.st_mtim.tv_sec < stale)
      (void)::unlink((settings_.directory + "/" + file.name).c_str());
    if (file.kind != file_kind::entry) continue;
    total += static_cast<std::uint64_t>(file.info.st_size);
    entries.push_back(std::move(file));
  }
  if (total <= settings_.max_bytes) return;
  const auto age = [](const listed_file& f) {
    return std::tie(f.info.st_mtim.tv_sec, f.info.st_mtim.tv_nsec, f.name);
  };
  std::sort(entries.begin(), entries.end(),
            [&age](const listed_file& a, const listed_file& b) { return age(a) < age(b); });
  for (const listed_file& entry : entries) {
    if (total <= settings_.max_bytes) break;
    // Gone already (another process evicted it) counts as evicted.
    if (::unlink((settings_.directory + "/" + entry.name).c_str()) == 0 || errno == ENOENT)
      total -= static_cast<std::uint64_t>(entry.info.st_size);
  }
}

kernel_cache_usage kernel_cache::readonly_usage() noexcept {
  try {
    const std::string& directory = settings_.readonly_directory;
    struct stat dir {};
    if (directory.empty() || !readonly_directory_trusted(directory, dir)) return {};
    return entry_usage(list_files(
        directory, [&dir](const struct stat& info) { return readonly_entry_trusted(info, dir); }));
  } catch (...) {
    return {};  // out of memory while listing
  }
}

kernel_cache_usage kernel_cache::usage() noexcept {
  try {
    bool missing = false;
    if (vet_directory(settings_.directory, missing) != nullptr || missing) return {};
    return entry_usage(list_cache_files(settings_.directory));
  } catch (...) {
    return {};  // out of memory while listing
  }
}

const char* kernel_cache::clear() noexcept {
  try {
    bool missing = false;
    if (const char* why = vet_directory(settings_.directory, missing); why != nullptr || missing)
      return why;
    const char* why = nullptr;
    for (const listed_file& file : list_cache_files(settings_.directory)) {
      const std::string path = settings_.directory + "/" + file.name;
      if (::unlink(path.c_str()) != 0 && errno != ENOENT && why == nullptr)
        why = failure("cannot remove kernel cache file " + in_quotes(path), errno);
    }
    return why;
  } catch (...) {
    return "the kernel cache could not be cleared: out of memory";
  }
}

}  // namespace clpar::rt
