// test/unit/runtime/cache/kernel_cache_test.cpp - the on-disk kernel cache: entries, damage,
// eviction, permissions, settings from the environment, and many writers at once.
#include "cache/kernel_cache.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <thread>
#include <vector>

namespace clpar::rt {
namespace {

namespace fs = std::filesystem;
using bytes = std::vector<unsigned char>;

// Deterministic per key, so that every writer of a key writes the same payload and a load
// can tell a wrong payload from the right one.
bytes payload_for(const std::string& key, std::size_t size = 0) {
  const std::string digest = hash_hex(key);
  if (size == 0) size = 100 + std::stoul(digest.substr(0, 4), nullptr, 16) % 1900;
  bytes payload(size);
  for (std::size_t i = 0; i < size; ++i)
    payload[i] = static_cast<unsigned char>(digest[i % digest.size()] + i * 7);
  return payload;
}

kernel_cache_settings settings_for(const std::string& directory,
                                   std::uint64_t max_bytes = std::uint64_t{1} << 30) {
  kernel_cache_settings settings;
  settings.directory = directory;
  settings.max_bytes = max_bytes;
  return settings;
}

std::uint64_t file_size(const std::string& path) {
  std::error_code error;
  const std::uintmax_t size = fs::file_size(path, error);
  return error ? 0 : size;
}

unsigned mode_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mode & 07777;
}

void set_mtime(const std::string& path, std::time_t seconds) {
  const timespec times[2] = {{seconds, 0}, {seconds, 0}};
  ASSERT_EQ(::utimensat(AT_FDCWD, path.c_str(), times, 0), 0) << path;
}

std::time_t mtime_of(const std::string& path) {
  struct stat info {};
  EXPECT_EQ(::stat(path.c_str(), &info), 0) << path;
  return info.st_mtim.tv_sec;
}

bool exists(const std::string& path) {
  struct stat info {};
  return ::lstat(path.c_str(), &info) == 0;
}

class KernelCache : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = testing::TempDir() + "kernel_cache_XXXXXX";
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    root_ = pattern;
    dir_ = root_ + "/cache";
  }

  void TearDown() override {
    // Tests take permissions away; give them back so that everything can be removed.
    std::error_code error;
    for (auto it = fs::recursive_directory_iterator(root_, error);
         !error && it != fs::recursive_directory_iterator(); it.increment(error))
      if (it->is_directory(error) && !it->is_symlink(error)) ::chmod(it->path().c_str(), 0700);
    ::chmod(root_.c_str(), 0700);
    fs::remove_all(root_, error);
  }

  std::string root_;
  std::string dir_;
};

// XXH3-128 with seed 0, in canonical (big-endian) order; "" is xxHash's published value.
TEST(EntryHash, KnownDigests) {
  EXPECT_EQ(hash_hex(""), "99aa06d3014798d86001c324468d497f");
  EXPECT_EQ(hash_hex("abc"), "06b05ab6733a618578af5f94892f3950");
  EXPECT_EQ(hash_hex(std::string(1000000, 'a')), "a545df8e384a9579b1fd6fae5285c4eb");
}

TEST(KernelCacheKey, PartsCannotRunTogether) {
  EXPECT_NE(kernel_cache::key_of({"ab", "c"}), kernel_cache::key_of({"a", "bc"}));
  EXPECT_NE(kernel_cache::key_of({"", "a"}), kernel_cache::key_of({"a", ""}));
  EXPECT_NE(kernel_cache::key_of({"a"}), kernel_cache::key_of({"a", ""}));
  // Whatever separator key_of writes, a part may contain it.
  EXPECT_NE(kernel_cache::key_of({"a\n:b"}), kernel_cache::key_of({"a", "b"}));
  EXPECT_NE(kernel_cache::key_of({"a\n1:b"}), kernel_cache::key_of({"a", "b"}));
  EXPECT_EQ(kernel_cache::key_of({"src", "-O2"}), kernel_cache::key_of({"src", "-O2"}));
  kernel_cache cache(settings_for("/nowhere"));
  EXPECT_NE(cache.path_of(kernel_cache::key_of({"ab", "c"})),
            cache.path_of(kernel_cache::key_of({"a", "bc"})));
}

TEST_F(KernelCache, StoreThenLoadGivesThePayloadBack) {
  kernel_cache cache(settings_for(dir_));
  const std::string key = kernel_cache::key_of({"__kernel void k() {}", "-cl-std=CL3.0"});
  ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
  EXPECT_EQ(cache.load(key), payload_for(key));
  EXPECT_EQ(cache.load(key), payload_for(key));  // a hit does not consume the entry
  const std::string empty = kernel_cache::key_of({"empty"});
  ASSERT_EQ(cache.store(empty, {}), nullptr);
  EXPECT_EQ(cache.load(empty), bytes{});
  // Another object (another process) over the same directory sees the entries.
  kernel_cache other(settings_for(dir_));
  EXPECT_EQ(other.load(key), payload_for(key));
}

TEST_F(KernelCache, AbsentKeyMisses) {
  kernel_cache cache(settings_for(dir_));
  EXPECT_EQ(cache.load(kernel_cache::key_of({"never stored"})), std::nullopt);
  ASSERT_EQ(cache.store("a", payload_for("a")), nullptr);
  EXPECT_EQ(cache.load("b"), std::nullopt);
}

TEST_F(KernelCache, TruncatedEntryMissesAndIsRemoved) {
  kernel_cache cache(settings_for(dir_));
  const std::string key = kernel_cache::key_of({"source", "options"});
  const std::string path = cache.path_of(key);
  ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
  const std::uint64_t size = file_size(path);
  ASSERT_GT(size, 100u);
  for (std::uint64_t length : {std::uint64_t{0}, std::uint64_t{1}, std::uint64_t{23},
                               std::uint64_t{24}, size / 2, size - 33, size - 1}) {
    ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
    ASSERT_EQ(::truncate(path.c_str(), static_cast<off_t>(length)), 0);
    EXPECT_EQ(cache.load(key), std::nullopt) << "truncated to " << length;
    EXPECT_FALSE(exists(path)) << "truncated to " << length;
  }
  // A byte too many is as wrong as one too few.
  ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
  std::ofstream(path, std::ios::binary | std::ios::app) << 'x';
  EXPECT_EQ(cache.load(key), std::nullopt);
  EXPECT_FALSE(exists(path));
  // Rebuilt and stored again, it hits.
  ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
  EXPECT_EQ(cache.load(key), payload_for(key));
}

TEST_F(KernelCache, FlippedByteMissesAndIsRemoved) {
  kernel_cache cache(settings_for(dir_));
  const std::string key = kernel_cache::key_of({"source"});
  const std::string path = cache.path_of(key);
  ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
  const std::uint64_t size = file_size(path);
  // magic, version, key size, key text, first/middle/last payload byte, digest
  const std::uint64_t payload_start = 24 + key.size();
  for (std::uint64_t at : {std::uint64_t{0}, std::uint64_t{4}, std::uint64_t{8}, std::uint64_t{24},
                           payload_start, (payload_start + size - 32) / 2, size - 33, size - 1}) {
    ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
    std::fstream file(path, std::ios::binary | std::ios::in | std::ios::out);
    file.seekg(static_cast<std::streamoff>(at));
    const char byte = static_cast<char>(file.get() ^ 0x10);
    file.seekp(static_cast<std::streamoff>(at));
    file.put(byte);
    file.close();
    EXPECT_EQ(cache.load(key), std::nullopt) << "byte " << at << " flipped";
    EXPECT_FALSE(exists(path)) << "byte " << at << " flipped";
  }
}

TEST_F(KernelCache, EntryOfAnotherKeyUnderThisNameMisses) {
  kernel_cache cache(settings_for(dir_));
  const std::string a = kernel_cache::key_of({"kernel a"}), b = kernel_cache::key_of({"kernel b"});
  ASSERT_EQ(a.size(), b.size());  // same sizes: only the key text tells them apart
  ASSERT_EQ(cache.store(a, payload_for(a)), nullptr);
  // As if hash(b) were hash(a): a's entry under b's name.
  fs::copy_file(cache.path_of(a), cache.path_of(b));
  EXPECT_EQ(cache.load(b), std::nullopt);
  EXPECT_FALSE(exists(cache.path_of(b)));
  EXPECT_EQ(cache.load(a), payload_for(a));
}

TEST_F(KernelCache, SymbolicLinkAsEntryIsNotFollowed) {
  kernel_cache cache(settings_for(dir_));
  const std::string a = kernel_cache::key_of({"a"}), b = kernel_cache::key_of({"b"});
  ASSERT_EQ(cache.store(a, payload_for(a)), nullptr);
  ASSERT_EQ(::symlink(cache.path_of(a).c_str(), cache.path_of(b).c_str()), 0);
  EXPECT_EQ(cache.load(b), std::nullopt);
  ASSERT_EQ(cache.store(b, payload_for(b)), nullptr);  // replaces the link
  EXPECT_EQ(cache.load(b), payload_for(b));
}

TEST_F(KernelCache, EvictsLeastRecentlyUsedFirst) {
  // Keys and payloads of one size, so that every entry has the same size.
  const std::string a = kernel_cache::key_of({"a"}), b = kernel_cache::key_of({"b"}),
                    c = kernel_cache::key_of({"c"}), d = kernel_cache::key_of({"d"});
  kernel_cache probe(settings_for(dir_));
  ASSERT_EQ(probe.store(a, payload_for(a, 500)), nullptr);
  const std::uint64_t entry = file_size(probe.path_of(a));
  ASSERT_EQ(probe.usage().bytes, entry);

  kernel_cache cache(settings_for(dir_, 3 * entry + entry / 2));  // room for three
  ASSERT_EQ(cache.store(b, payload_for(b, 500)), nullptr);
  ASSERT_EQ(cache.store(c, payload_for(c, 500)), nullptr);
  const std::time_t now = std::time(nullptr);
  set_mtime(cache.path_of(a), now - 300);
  set_mtime(cache.path_of(b), now - 200);
  set_mtime(cache.path_of(c), now - 100);
  // The hit makes a the most recently used: b is now the oldest.
  ASSERT_EQ(cache.load(a), payload_for(a, 500));
  EXPECT_GE(mtime_of(cache.path_of(a)), now - 5);
  ASSERT_EQ(cache.store(d, payload_for(d, 500)), nullptr);
  EXPECT_FALSE(exists(cache.path_of(b)));
  EXPECT_TRUE(exists(cache.path_of(a)));
  EXPECT_TRUE(exists(cache.path_of(c)));
  EXPECT_TRUE(exists(cache.path_of(d)));
  EXPECT_EQ(cache.usage().entries, 3u);
  EXPECT_LE(cache.usage().bytes, 3 * entry + entry / 2);

  // Room for one: every older entry goes.
  kernel_cache small(settings_for(dir_, entry + entry / 2));
  set_mtime(cache.path_of(c), now - 100);
  set_mtime(cache.path_of(a), now - 50);
  set_mtime(cache.path_of(d), now - 10);
  const std::string e = kernel_cache::key_of({"e"});
  ASSERT_EQ(small.store(e, payload_for(e, 500)), nullptr);
  EXPECT_EQ(small.usage().entries, 1u);
  EXPECT_EQ(small.load(e), payload_for(e, 500));
}

TEST_F(KernelCache, EntryLargerThanTheLimitIsNotStored) {
  kernel_cache cache(settings_for(dir_, 1000));
  const std::string key = kernel_cache::key_of({"big"});
  const char* why = cache.store(key, payload_for(key, 2000));
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("size limit"), std::string::npos) << why;
  EXPECT_FALSE(exists(cache.path_of(key)));
  EXPECT_EQ(cache.store(key, payload_for(key, 100)), nullptr);
}

TEST_F(KernelCache, ClearRemovesEntriesAndTemporariesKeepsTheDirectory) {
  kernel_cache cache(settings_for(dir_));
  EXPECT_EQ(cache.usage().entries, 0u);  // not created yet: nothing, and still not created
  EXPECT_FALSE(exists(dir_));
  EXPECT_EQ(cache.clear(), nullptr);
  std::uint64_t total = 0;
  for (int i = 0; i < 5; ++i) {
    const std::string key = kernel_cache::key_of({"kernel", std::to_string(i)});
    ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
    total += file_size(cache.path_of(key));
  }
  std::ofstream(dir_ + "/.clk-tmp-abcdef") << "half written";
  const std::string other_version = dir_ + "/" + std::string(64, 'a') + ".v0.clk";
  std::ofstream(other_version) << "an entry of an older clpar";
  // Format 1 named entries by a SHA-256 of the key (64 hex digits).
  const std::string format_1 = dir_ + "/" + std::string(64, 'b') + ".v1.clk";
  std::ofstream(format_1) << "an entry of clpar 0.1 before format 2";
  std::ofstream(dir_ + "/README") << "not ours";
  const kernel_cache_usage usage = cache.usage();
  EXPECT_EQ(usage.entries, 5u);
  EXPECT_EQ(usage.bytes, total);
  EXPECT_EQ(cache.clear(), nullptr);
  EXPECT_EQ(cache.usage().entries, 0u);
  EXPECT_EQ(cache.usage().bytes, 0u);
  EXPECT_TRUE(fs::is_directory(dir_));
  EXPECT_FALSE(exists(dir_ + "/.clk-tmp-abcdef"));
  EXPECT_FALSE(exists(other_version));
  EXPECT_FALSE(exists(format_1));
  EXPECT_TRUE(exists(dir_ + "/README"));
}

TEST_F(KernelCache, StaleTemporariesAreRemovedFreshOnesKept) {
  kernel_cache cache(settings_for(dir_));
  ASSERT_EQ(cache.usable(), nullptr);
  const std::string stale = dir_ + "/.clk-tmp-stale1", fresh = dir_ + "/.clk-tmp-fresh1";
  std::ofstream(stale) << std::string(5000, 's');
  std::ofstream(fresh) << std::string(5000, 'f');
  set_mtime(stale, std::time(nullptr) - kernel_cache::stale_temporary_seconds - 60);
  EXPECT_EQ(cache.usage().entries, 0u);
  EXPECT_EQ(cache.usage().bytes, 0u);
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  EXPECT_FALSE(exists(stale));
  EXPECT_TRUE(exists(fresh));  // perhaps another process's write in flight
}

TEST_F(KernelCache, DirectoryAndMissingParentsAreCreatedPrivate) {
  const mode_t old_mask = ::umask(022);
  const std::string deep = root_ + "/a/b/c";
  kernel_cache cache(settings_for(deep));
  EXPECT_FALSE(exists(deep));  // lazily
  EXPECT_EQ(cache.usable(), nullptr);
  ::umask(old_mask);
  EXPECT_EQ(mode_of(root_ + "/a"), 0700u);
  EXPECT_EQ(mode_of(root_ + "/a/b"), 0700u);
  EXPECT_EQ(mode_of(deep), 0700u);
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  EXPECT_EQ(mode_of(cache.path_of("k")) & 077, 0u);
  // Even a umask that would take the owner's rights away.
  const mode_t strange = ::umask(0277);
  kernel_cache other(settings_for(root_ + "/x/y"));
  EXPECT_EQ(other.usable(), nullptr);
  ::umask(strange);
  EXPECT_EQ(mode_of(root_ + "/x/y"), 0700u);
}

TEST_F(KernelCache, DirectoryWritableByOthersIsRefused) {
  for (mode_t mode : {0777, 0770, 0702}) {
    ASSERT_EQ(::mkdir(dir_.c_str(), 0700), 0);
    ASSERT_EQ(::chmod(dir_.c_str(), mode), 0);
    kernel_cache cache(settings_for(dir_));
    const char* why = cache.usable();
    ASSERT_NE(why, nullptr) << std::oct << mode;
    EXPECT_NE(std::string(why).find("writable by group or others"), std::string::npos) << why;
    EXPECT_NE(cache.store("k", payload_for("k")), nullptr);
    EXPECT_FALSE(exists(cache.path_of("k")));
    // An entry someone else could have planted is not read.
    ASSERT_EQ(::chmod(dir_.c_str(), 0700), 0);
    kernel_cache writer(settings_for(dir_));
    ASSERT_EQ(writer.store("k", payload_for("k")), nullptr);
    ASSERT_EQ(::chmod(dir_.c_str(), mode), 0);
    kernel_cache reader(settings_for(dir_));
    EXPECT_EQ(reader.load("k"), std::nullopt);
    EXPECT_EQ(reader.usage().entries, 0u);
    ASSERT_EQ(::chmod(dir_.c_str(), 0700), 0);
    fs::remove_all(dir_);
  }
}

// Another user's uid for the files root can give away; 0 when not root.
uid_t other_user() {
  return ::geteuid() == 0 ? 65534 : 0;  // nobody
}

TEST_F(KernelCache, DirectoryOwnedByAnotherUserIsRefused) {
  std::string directory = "/";  // root's, for anyone but root
  if (::geteuid() == 0) {
    directory = dir_;
    ASSERT_EQ(::mkdir(dir_.c_str(), 0700), 0);
    ASSERT_EQ(::chown(dir_.c_str(), other_user(), other_user()), 0);
  }
  kernel_cache cache(settings_for(directory));
  const char* why = cache.usable();
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("owned by another user"), std::string::npos) << why;
  EXPECT_EQ(cache.load("k"), std::nullopt);
  EXPECT_NE(cache.store("k", payload_for("k")), nullptr);
}

TEST_F(KernelCache, SymbolicLinkOwnedByAnotherUserIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can give a link away";
  const std::string target = root_ + "/target", link = root_ + "/link";
  ASSERT_EQ(::mkdir(target.c_str(), 0700), 0);
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  ASSERT_EQ(::lchown(link.c_str(), other_user(), other_user()), 0);
  kernel_cache cache(settings_for(link));
  const char* why = cache.usable();
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("symbolic link owned by another user"), std::string::npos) << why;
  EXPECT_NE(cache.store("k", payload_for("k")), nullptr);
}

TEST_F(KernelCache, EntryOwnedByAnotherUserIsIgnored) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can give a file away";
  kernel_cache cache(settings_for(dir_));
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  ASSERT_EQ(::chown(cache.path_of("k").c_str(), other_user(), other_user()), 0);
  EXPECT_EQ(cache.load("k"), std::nullopt);
  EXPECT_TRUE(exists(cache.path_of("k")));  // not ours to delete: a store replaces it
  EXPECT_EQ(cache.usage().entries, 0u);
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  EXPECT_EQ(cache.load("k"), payload_for("k"));
}

TEST_F(KernelCache, SymbolicLinkToTheDirectoryIsFollowedWhenTheTargetPasses) {
  const std::string target = root_ + "/target", link = root_ + "/link";
  ASSERT_EQ(::mkdir(target.c_str(), 0700), 0);
  ASSERT_EQ(::symlink(target.c_str(), link.c_str()), 0);
  kernel_cache cache(settings_for(link));
  ASSERT_EQ(cache.usable(), nullptr);
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  EXPECT_EQ(cache.load("k"), payload_for("k"));
  EXPECT_EQ(kernel_cache(settings_for(target)).usage().entries, 1u);
  ASSERT_EQ(::chmod(target.c_str(), 0777), 0);
  kernel_cache open_target(settings_for(link));
  EXPECT_NE(open_target.usable(), nullptr);
}

TEST_F(KernelCache, UnwritableDirectoryFailsStoresOnly) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes whatever the permissions";
  {
    kernel_cache writer(settings_for(dir_));
    ASSERT_EQ(writer.store("old", payload_for("old")), nullptr);
  }
  ASSERT_EQ(::chmod(dir_.c_str(), 0500), 0);
  kernel_cache cache(settings_for(dir_));
  EXPECT_EQ(cache.usable(), nullptr);
  const char* why = cache.store("new", payload_for("new"));
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("Permission denied"), std::string::npos) << why;
  EXPECT_EQ(cache.load("new"), std::nullopt);
  EXPECT_EQ(cache.load("old"), payload_for("old"));  // what is there still serves
}

TEST_F(KernelCache, DirectoryUnderAReadOnlyParentIsUnusable) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes whatever the permissions";
  ASSERT_EQ(::chmod(root_.c_str(), 0500), 0);
  kernel_cache cache(settings_for(dir_ + "/deeper"));
  const char* why = cache.usable();
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("cannot create"), std::string::npos) << why;
  EXPECT_NE(cache.store("k", payload_for("k")), nullptr);
  EXPECT_EQ(cache.load("k"), std::nullopt);
  EXPECT_EQ(cache.usage().entries, 0u);
}

TEST_F(KernelCache, PathThatIsNoDirectoryOrRelativeIsUnusable) {
  std::ofstream(root_ + "/file") << "x";
  kernel_cache file(settings_for(root_ + "/file"));
  ASSERT_NE(file.usable(), nullptr);
  EXPECT_NE(std::string(file.usable()).find("not a directory"), std::string::npos);
  EXPECT_NE(file.store("k", payload_for("k")), nullptr);
  kernel_cache relative(settings_for("relative/cache"));
  ASSERT_NE(relative.usable(), nullptr);
  EXPECT_NE(std::string(relative.usable()).find("not an absolute path"), std::string::npos);
  kernel_cache none(settings_for(""));
  EXPECT_NE(none.usable(), nullptr);
  EXPECT_EQ(none.load("k"), std::nullopt);
}

TEST_F(KernelCache, DisabledCacheTouchesNothing) {
  kernel_cache_settings settings = settings_for(dir_);
  settings.enabled = false;
  kernel_cache cache(settings);
  ASSERT_NE(cache.usable(), nullptr);
  EXPECT_NE(std::string(cache.usable()).find("disabled"), std::string::npos);
  EXPECT_NE(cache.store("k", payload_for("k")), nullptr);
  EXPECT_EQ(cache.load("k"), std::nullopt);
  EXPECT_FALSE(exists(dir_));
}

TEST_F(KernelCache, DirectoryRemovedUnderneathIsMadeAgain) {
  kernel_cache cache(settings_for(dir_));
  ASSERT_EQ(cache.store("a", payload_for("a")), nullptr);
  fs::remove_all(dir_);  // as `rm -r ~/.cache/clpar` from another shell
  EXPECT_EQ(cache.load("a"), std::nullopt);
  ASSERT_EQ(cache.store("a", payload_for("a")), nullptr);
  EXPECT_EQ(cache.load("a"), payload_for("a"));
  EXPECT_EQ(mode_of(dir_), 0700u);
}

// Every load of a key returns exactly that key's payload or misses, while several writers
// store the same and different keys into a cache so small that it evicts on most stores.
int hammer(const std::string& directory, std::uint64_t max_bytes, int worker, int rounds,
           bool clears, int& hits) {
  kernel_cache cache(settings_for(directory, max_bytes));
  int wrong = 0;
  hits = 0;
  for (int i = 0; i < rounds; ++i) {
    const std::string shared = kernel_cache::key_of({"shared", std::to_string(i % 4)});
    const std::string own =
        kernel_cache::key_of({"own", std::to_string(worker), std::to_string(i % 8)});
    (void)cache.store(shared, payload_for(shared));  // may fail while another clears
    (void)cache.store(own, payload_for(own));
    const std::string other = kernel_cache::key_of({"shared", std::to_string((i + 1) % 4)});
    for (const std::string* key : {&shared, &own, &other}) {
      const std::optional<bytes> loaded = cache.load(*key);
      if (!loaded) continue;
      ++hits;
      if (*loaded != payload_for(*key)) ++wrong;
    }
    if (clears && i % 50 == 49) (void)cache.clear();
  }
  return wrong;
}

TEST_F(KernelCache, ManyProcessesShareTheCache) {
  const std::uint64_t max_bytes = 6000;  // about three entries
  std::vector<pid_t> children;
  for (int worker = 0; worker < 4; ++worker) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int hits = 0;
      const int wrong = hammer(dir_, max_bytes, worker, 200, worker == 0, hits);
      ::_exit(wrong != 0 ? 1 : hits == 0 ? 2 : 0);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "1: a load returned a wrong payload, 2: no hit at all";
  }
  kernel_cache cache(settings_for(dir_, max_bytes));
  EXPECT_LE(cache.usage().bytes, max_bytes);
  const std::string key = kernel_cache::key_of({"shared", "0"});
  ASSERT_EQ(cache.store(key, payload_for(key)), nullptr);
  EXPECT_EQ(cache.load(key), payload_for(key));
}

TEST_F(KernelCache, ManyThreadsShareOneCache) {
  const std::uint64_t max_bytes = 6000;
  std::vector<std::thread> threads;
  int wrong[4] = {}, hits[4] = {};
  for (int worker = 0; worker < 4; ++worker)
    threads.emplace_back(
        [&, worker] { wrong[worker] = hammer(dir_, max_bytes, worker, 200, false, hits[worker]); });
  for (std::thread& thread : threads) thread.join();
  for (int worker = 0; worker < 4; ++worker) {
    EXPECT_EQ(wrong[worker], 0);
    EXPECT_GT(hits[worker], 0);
  }
}

// ---- settings from the environment ----

std::map<std::string, std::string> fake_environment;

const char* fake_getenv(const char* name) {
  const auto found = fake_environment.find(name);
  return found != fake_environment.end() ? found->second.c_str() : nullptr;
}

kernel_cache_settings settings_from(std::map<std::string, std::string> environment) {
  fake_environment = std::move(environment);
  return kernel_cache_settings_from_env(fake_getenv);
}

TEST(KernelCacheSettings, DefaultsUnderHome) {
  const kernel_cache_settings settings = settings_from({{"HOME", "/home/u"}});
  EXPECT_TRUE(settings.enabled);
  EXPECT_EQ(settings.directory, "/home/u/.cache/clpar");
  EXPECT_EQ(settings.max_bytes, std::uint64_t{1} << 30);
  EXPECT_TRUE(settings.warnings.empty());
}

TEST(KernelCacheSettings, XdgCacheHomeBeforeHome) {
  EXPECT_EQ(settings_from({{"HOME", "/home/u"}, {"XDG_CACHE_HOME", "/xdg"}}).directory,
            "/xdg/clpar");
  // The XDG rules ignore a relative XDG_CACHE_HOME; an empty variable is unset.
  EXPECT_EQ(settings_from({{"HOME", "/home/u"}, {"XDG_CACHE_HOME", "rel"}}).directory,
            "/home/u/.cache/clpar");
  EXPECT_EQ(settings_from({{"HOME", "/home/u"}, {"XDG_CACHE_HOME", ""}}).directory,
            "/home/u/.cache/clpar");
  EXPECT_EQ(settings_from({{"XDG_CACHE_HOME", "/xdg/"}}).directory, "/xdg/clpar");
}

// ---- build claims: processes that miss the same entry together build it once ----

std::string host_name() {
  char name[256] = {};
  EXPECT_EQ(::gethostname(name, sizeof name - 1), 0);
  return name;
}

void write_claim(const std::string& path, const std::string& text) {
  std::ofstream(path) << text;
}

TEST_F(KernelCache, MissClaimsTheBuildAndReleasingRemovesTheClaim) {
  kernel_cache cache(settings_for(dir_));
  kernel_cache::claimed_load first = cache.load_or_claim("k");
  EXPECT_FALSE(first.payload);
  ASSERT_TRUE(first.claim.held());
  EXPECT_TRUE(exists(cache.claim_path_of("k")));
  first.claim.release();
  EXPECT_FALSE(exists(cache.claim_path_of("k")));
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  kernel_cache::claimed_load hit = cache.load_or_claim("k");
  EXPECT_EQ(hit.payload, payload_for("k"));
  EXPECT_FALSE(hit.claim.held());
}

TEST_F(KernelCache, ASecondBuilderWaitsForTheFirstsEntry) {
  kernel_cache cache(settings_for(dir_));
  kernel_cache::claimed_load builder = cache.load_or_claim("k");
  ASSERT_TRUE(builder.claim.held());
  kernel_cache::claimed_load waiter;
  std::thread other([&] { waiter = cache.load_or_claim("k"); });
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
  ASSERT_EQ(cache.store("k", payload_for("k")), nullptr);
  builder.claim.release();
  other.join();
  EXPECT_EQ(waiter.payload, payload_for("k"));
  EXPECT_FALSE(waiter.claim.held());
  // It found the claim and waited (not a time bound: the thread may start late).
  EXPECT_GT(waiter.waited_seconds, 0);
}

TEST_F(KernelCache, AClaimLetGoWithoutAnEntryPassesToTheWaiter) {
  // The first builder failed: the one waiting builds instead.
  kernel_cache cache(settings_for(dir_));
  kernel_cache::claimed_load builder = cache.load_or_claim("k");
  ASSERT_TRUE(builder.claim.held());
  kernel_cache::claimed_load waiter;
  std::thread other([&] { waiter = cache.load_or_claim("k"); });
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  builder.claim.release();
  other.join();
  EXPECT_FALSE(waiter.payload);
  EXPECT_TRUE(waiter.claim.held());
}

TEST_F(KernelCache, AClaimOfADeadProcessIsTakenOver) {
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) ::_exit(0);
  ASSERT_EQ(::waitpid(child, nullptr, 0), child);  // its pid now names no process
  kernel_cache cache(settings_for(dir_));
  ASSERT_EQ(cache.usable(), nullptr);
  write_claim(cache.claim_path_of("k"), host_name() + " " + std::to_string(child) + "\n");
  const auto start = std::chrono::steady_clock::now();
  kernel_cache::claimed_load found = cache.load_or_claim("k");
  EXPECT_TRUE(found.claim.held());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(1));
}

TEST_F(KernelCache, AnotherHostsClaimIsWaitedForUntilTheTimeout) {
  kernel_cache_settings settings = settings_for(dir_);
  settings.claim_timeout_seconds = 0.3;
  kernel_cache cache(settings);
  ASSERT_EQ(cache.usable(), nullptr);
  // A lower bound from before the claim was made: the claim cannot turn stale sooner,
  // however slowly this test runs.
  const auto made = std::chrono::steady_clock::now();
  write_claim(cache.claim_path_of("k"), "another-host-" + host_name() + " 1\n");
  kernel_cache::claimed_load found = cache.load_or_claim("k");
  // By then the claim is older than the timeout, so it is taken over.
  EXPECT_FALSE(found.payload);
  EXPECT_TRUE(found.claim.held());
  EXPECT_GT(found.waited_seconds, 0);
  EXPECT_GE(std::chrono::duration<double>(std::chrono::steady_clock::now() - made).count(),
            0.29);
}

TEST_F(KernelCache, AClaimOlderThanTheTimeoutIsTakenOver) {
  kernel_cache cache(settings_for(dir_));
  ASSERT_EQ(cache.usable(), nullptr);
  // A live process (ours: the claim would otherwise be another thread's) on another host.
  write_claim(cache.claim_path_of("k"), "another-host-" + host_name() + " 1\n");
  set_mtime(cache.claim_path_of("k"), std::time(nullptr) - 3600);
  kernel_cache::claimed_load found = cache.load_or_claim("k");
  EXPECT_TRUE(found.claim.held());
  EXPECT_LT(found.waited_seconds, 1.0);
}

TEST_F(KernelCache, ClearRemovesClaims) {
  kernel_cache cache(settings_for(dir_));
  kernel_cache::claimed_load found = cache.load_or_claim("k");
  ASSERT_TRUE(found.claim.held());
  EXPECT_EQ(cache.clear(), nullptr);
  EXPECT_FALSE(exists(cache.claim_path_of("k")));
  EXPECT_EQ(cache.usage().entries, 0u);
}

// ---- the read-only directory (CLPAR_CACHE_READONLY_DIR) ----

TEST_F(KernelCache, ReadOnlyDirectoryIsLookedInFirstAndNeverChanged) {
  const std::string shared = root_ + "/shared";
  {
    kernel_cache filler(settings_for(shared));
    ASSERT_EQ(filler.store("k", payload_for("k")), nullptr);
  }
  const std::string entry = kernel_cache(settings_for(shared)).path_of("k");
  set_mtime(entry, 1000000);
  ASSERT_EQ(::chmod(shared.c_str(), 0755), 0);
  kernel_cache_settings settings = settings_for(dir_);
  settings.readonly_directory = shared;
  kernel_cache cache(settings);
  EXPECT_EQ(cache.load("k"), payload_for("k"));
  EXPECT_EQ(mtime_of(entry), 1000000);  // not refreshed
  EXPECT_FALSE(exists(cache.path_of("k")));  // not copied into the writable one
  EXPECT_EQ(cache.readonly_usage().entries, 1u);
  EXPECT_EQ(cache.usage().entries, 0u);
  // A miss there still claims in the writable directory.
  kernel_cache::claimed_load other = cache.load_or_claim("other");
  EXPECT_TRUE(other.claim.held());
}

TEST_F(KernelCache, ReadOnlyDirectoryThatOthersCanWriteIsNotTrusted) {
  const std::string shared = root_ + "/shared";
  {
    kernel_cache filler(settings_for(shared));
    ASSERT_EQ(filler.store("k", payload_for("k")), nullptr);
  }
  const std::string entry = kernel_cache(settings_for(shared)).path_of("k");
  kernel_cache_settings settings = settings_for(dir_);
  settings.readonly_directory = shared;
  ASSERT_EQ(::chmod(shared.c_str(), 0777), 0);
  EXPECT_EQ(kernel_cache(settings).load("k"), std::nullopt);
  ASSERT_EQ(::chmod(shared.c_str(), 0755), 0);
  ASSERT_EQ(::chmod(entry.c_str(), 0666), 0);
  EXPECT_EQ(kernel_cache(settings).load("k"), std::nullopt);
  EXPECT_TRUE(exists(entry));  // ignored, not removed
  ASSERT_EQ(::chmod(entry.c_str(), 0644), 0);
  EXPECT_EQ(kernel_cache(settings).load("k"), payload_for("k"));
}

TEST_F(KernelCache, ReadOnlyDirectoryServesWhenTheWritableOneIsUnusable) {
  const std::string shared = root_ + "/shared";
  {
    kernel_cache filler(settings_for(shared));
    ASSERT_EQ(filler.store("k", payload_for("k")), nullptr);
  }
  ASSERT_EQ(::chmod(shared.c_str(), 0755), 0);
  kernel_cache_settings settings = settings_for("");
  settings.readonly_directory = shared;
  kernel_cache cache(settings);
  EXPECT_NE(cache.usable(), nullptr);
  EXPECT_EQ(cache.load("k"), payload_for("k"));
  kernel_cache::claimed_load other = cache.load_or_claim("other");
  EXPECT_FALSE(other.payload);
  EXPECT_FALSE(other.claim.held());
}

TEST(KernelCacheSettings, ReadOnlyDirectoryAndClaimTimeout) {
  EXPECT_EQ(settings_from({{"CLPAR_CACHE_READONLY_DIR", "/shared/clpar/"}}).readonly_directory,
            "/shared/clpar");
  const kernel_cache_settings relative = settings_from({{"CLPAR_CACHE_READONLY_DIR", "rel"}});
  EXPECT_EQ(relative.readonly_directory, "");
  ASSERT_EQ(relative.warnings.size(), 1u);
  EXPECT_NE(relative.warnings[0].find("not an absolute path"), std::string::npos);
  EXPECT_EQ(settings_from({}).claim_timeout_seconds, 60);
  EXPECT_EQ(settings_from({{"CLPAR_CACHE_CLAIM_TIMEOUT", "2.5"}}).claim_timeout_seconds, 2.5);
  const kernel_cache_settings bad = settings_from({{"CLPAR_CACHE_CLAIM_TIMEOUT", "soon"}});
  EXPECT_EQ(bad.claim_timeout_seconds, 60);
  ASSERT_EQ(bad.warnings.size(), 1u);
}

TEST(KernelCacheSettings, CacheDirBeforeEverything) {
  EXPECT_EQ(
      settings_from(
          {{"HOME", "/home/u"}, {"XDG_CACHE_HOME", "/xdg"}, {"CLPAR_CACHE_DIR", "/fast/kernels/"}})
          .directory,
      "/fast/kernels");
  const std::string relative = settings_from({{"CLPAR_CACHE_DIR", "kc"}}).directory;
  EXPECT_EQ(relative, (fs::current_path() / "kc").string());
}

TEST(KernelCacheSettings, NoDirectoryWithoutAnyVariable) {
  const kernel_cache_settings settings = settings_from({});
  EXPECT_EQ(settings.directory, "");
  kernel_cache cache(settings);
  ASSERT_NE(cache.usable(), nullptr);
  EXPECT_NE(std::string(cache.usable()).find("HOME"), std::string::npos);
}

TEST(KernelCacheSettings, CacheZeroDisables) {
  EXPECT_FALSE(settings_from({{"HOME", "/h"}, {"CLPAR_CACHE", "0"}}).enabled);
  EXPECT_TRUE(settings_from({{"HOME", "/h"}, {"CLPAR_CACHE", "1"}}).enabled);
  EXPECT_TRUE(settings_from({{"HOME", "/h"}, {"CLPAR_CACHE", ""}}).enabled);
  // Disabled keeps the place, so that clpar-info can still show and clear it.
  EXPECT_EQ(settings_from({{"HOME", "/h"}, {"CLPAR_CACHE", "0"}}).directory, "/h/.cache/clpar");
}

TEST(KernelCacheSettings, MaxSize) {
  EXPECT_EQ(settings_from({{"CLPAR_CACHE_MAX_SIZE", "500M"}}).max_bytes, std::uint64_t{500} << 20);
  const kernel_cache_settings bad = settings_from({{"CLPAR_CACHE_MAX_SIZE", "12X"}});
  EXPECT_EQ(bad.max_bytes, std::uint64_t{1} << 30);
  ASSERT_EQ(bad.warnings.size(), 1u);
  EXPECT_EQ(bad.warnings[0],
            "clpar: warning: CLPAR_CACHE_MAX_SIZE '12X' is not a size such as 500M or 2G; the "
            "default 1G is used");
  EXPECT_TRUE(settings_from({{"CLPAR_CACHE_MAX_SIZE", ""}}).warnings.empty());
}

TEST(ParseCacheSize, Sizes) {
  EXPECT_EQ(parse_cache_size("500M"), std::uint64_t{500} << 20);
  EXPECT_EQ(parse_cache_size("2G"), std::uint64_t{2} << 30);
  EXPECT_EQ(parse_cache_size("1g"), std::uint64_t{1} << 30);
  EXPECT_EQ(parse_cache_size("64k"), std::uint64_t{64} << 10);
  EXPECT_EQ(parse_cache_size("123"), 123u);
  EXPECT_EQ(parse_cache_size("0"), 0u);
  EXPECT_EQ(parse_cache_size("123B"), 123u);
  EXPECT_EQ(parse_cache_size("2GB"), std::uint64_t{2} << 30);
  EXPECT_EQ(parse_cache_size("2GiB"), std::uint64_t{2} << 30);
  EXPECT_EQ(parse_cache_size("512mib"), std::uint64_t{512} << 20);
  EXPECT_EQ(parse_cache_size("1T"), std::uint64_t{1} << 40);
  EXPECT_EQ(parse_cache_size("18446744073709551615"), UINT64_MAX);
}

TEST(ParseCacheSize, Malformed) {
  for (const char* text :
       {"", "12X", "-1", "+1", "M", " 5M", "5M ", "5 M", "1.5G", "5iB", "5MM", "5Bi", "0x10",
        "18446744073709551616", "99999999999999999999999", "17179869184G", "16777216T"})
    EXPECT_EQ(parse_cache_size(text), std::nullopt) << '"' << text << '"';
  EXPECT_EQ(parse_cache_size("17179869183G"), std::uint64_t{17179869183} << 30);
}

}  // namespace
}  // namespace clpar::rt
