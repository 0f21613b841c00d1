// Tests of runtime/memory/region_registry: the CEP 525 record rules, and a randomized
// model-based test of which bytes are valid where and of what moves.
//
// The backend keeps "device" buffers in host memory, so hundreds of thousands of
// operations run in a second; the OpenCL backend is exercised by the region_call and
// end-to-end tests.  The reference model is deliberately naive: per byte of a small arena,
// whether the host and each device hold its latest value, and which handles hold it.
#include "memory/region_registry.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <random>
#include <vector>

namespace clpar::rt {
namespace {

class memory_buffer : public device_buffer {
 public:
  memory_buffer(byte_range range) : device_buffer(range.low, range.size()), bytes(range.size()) {}
  std::uint8_t& at(std::uintptr_t address) { return bytes[address - base()]; }
  std::uint8_t at(std::uintptr_t address) const { return bytes[address - base()]; }
  std::vector<std::uint8_t> bytes;
};

class memory_backend : public transfer_backend {
 public:
  std::shared_ptr<device_buffer> allocate(device_id, byte_range range, const char*& why) override {
    if (fail_allocations) {
      why = "allocation refused by the test";
      return nullptr;
    }
    ++allocations;
    return std::make_shared<memory_buffer>(range);
  }
  const char* to_device(device_id, device_buffer& buffer, byte_range range) override {
    auto& b = static_cast<memory_buffer&>(buffer);
    EXPECT_TRUE(b.mirrors(range));
    std::memcpy(&b.at(range.low), reinterpret_cast<const void*>(range.low), range.size());
    return nullptr;
  }
  const char* to_host(device_id, const device_buffer& buffer, byte_range range) override {
    const auto& b = static_cast<const memory_buffer&>(buffer);
    EXPECT_TRUE(b.mirrors(range));
    std::memcpy(reinterpret_cast<void*>(range.low), &b.bytes[range.low - b.base()], range.size());
    return nullptr;
  }
  const char* copy(device_id, device_buffer& to, const device_buffer& from,
                   byte_range range) override {
    auto& t = static_cast<memory_buffer&>(to);
    const auto& f = static_cast<const memory_buffer&>(from);
    EXPECT_TRUE(t.mirrors(range) && f.mirrors(range));
    std::memcpy(&t.at(range.low), &f.bytes[range.low - f.base()], range.size());
    return nullptr;
  }
  bool fail_allocations = false;
  int allocations = 0;
};

byte_range range_of(const std::vector<std::uint8_t>& arena, std::size_t low, std::size_t high) {
  const auto base = reinterpret_cast<std::uintptr_t>(arena.data());
  return {base + low, base + high};
}

/// The device copy of `range` made valid on `device`, writable as a kernel would write it
/// (null when the registry could not make it, with `why`).
memory_buffer* device_copy(region_registry& registry, device_id device, byte_range range,
                           const char*& why) {
  return const_cast<memory_buffer*>(
      static_cast<const memory_buffer*>(registry.make_device_valid(device, range, why)));
}

TEST(RegionRegistry, SameMemorySharesOneRecord) {
  std::vector<std::uint8_t> arena(1024);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  auto* a = registry.acquire(range_of(arena, 0, 512), lost);
  auto* b = registry.acquire(range_of(arena, 0, 512), lost);
  EXPECT_EQ(a->owner, b->owner);
  EXPECT_EQ(registry.record_ranges().size(), 1u);
  EXPECT_EQ(registry.release(a), nullptr);
  EXPECT_EQ(registry.record_ranges().size(), 1u);
  EXPECT_EQ(registry.release(b), nullptr);
  EXPECT_TRUE(registry.record_ranges().empty());
}

TEST(RegionRegistry, ContainedRangeIsAChildOfItsRecord) {
  std::vector<std::uint8_t> arena(1024);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  auto* parent = registry.acquire(range_of(arena, 0, 512), lost);
  auto* child = registry.acquire(range_of(arena, 100, 200), lost);
  EXPECT_EQ(parent->owner, child->owner);
  ASSERT_EQ(registry.record_ranges().size(), 1u);
  EXPECT_EQ(registry.record_ranges()[0], range_of(arena, 0, 512));
  // The parent goes first: the record shrinks to the child.
  registry.release(parent);
  ASSERT_EQ(registry.record_ranges().size(), 1u);
  EXPECT_EQ(registry.record_ranges()[0], range_of(arena, 100, 200));
  registry.release(child);
}

TEST(RegionRegistry, PartialOverlapsMergeIntoTheBoundingRecordCascading) {
  std::vector<std::uint8_t> arena(1024);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  auto* a = registry.acquire(range_of(arena, 0, 100), lost);
  auto* b = registry.acquire(range_of(arena, 200, 300), lost);
  auto* c = registry.acquire(range_of(arena, 400, 500), lost);
  auto* touching = registry.acquire(range_of(arena, 100, 200), lost);  // touches, no overlap
  EXPECT_EQ(registry.record_ranges().size(), 4u);
  auto* bridge = registry.acquire(range_of(arena, 50, 450), lost);
  ASSERT_EQ(registry.record_ranges().size(), 1u);
  EXPECT_EQ(registry.record_ranges()[0], range_of(arena, 0, 500));
  for (auto* h : {a, b, c, touching}) EXPECT_EQ(h->owner, bridge->owner);
  // Without the bridge the record falls apart again: [0,100) [100,200) [200,300) [400,500).
  registry.release(bridge);
  EXPECT_EQ(registry.record_ranges().size(), 4u);
  for (auto* h : {a, b, c, touching}) registry.release(h);
  EXPECT_TRUE(registry.record_ranges().empty());
}

TEST(RegionRegistry, OnlyInvalidBytesMove) {
  std::vector<std::uint8_t> arena(4096, 7);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  const char* why = nullptr;
  auto* whole = registry.acquire(range_of(arena, 0, 4096), lost);
  ASSERT_NE(registry.make_device_valid(0, range_of(arena, 0, 4096), why), nullptr);
  EXPECT_EQ(registry.counts().to_device_bytes, 4096u);
  registry.make_device_valid(0, range_of(arena, 0, 4096), why);  // nothing moves again
  EXPECT_EQ(registry.counts().to_device_bytes, 4096u);
  registry.mark_device_written(0, range_of(arena, 1000, 2000));
  EXPECT_FALSE(registry.host_valid(range_of(arena, 1000, 1001).low));
  EXPECT_EQ(registry.make_host_valid(range_of(arena, 0, 4096), false), nullptr);
  EXPECT_EQ(registry.counts().to_host_bytes, 1000u);
  // Read-only host access keeps the device copy: the next kernel moves nothing.
  registry.make_device_valid(0, range_of(arena, 0, 4096), why);
  EXPECT_EQ(registry.counts().to_device_bytes, 4096u);
  // A host write of 10 bytes costs 10 bytes at the next kernel.
  registry.make_host_valid(range_of(arena, 10, 20), true);
  registry.make_device_valid(0, range_of(arena, 0, 4096), why);
  EXPECT_EQ(registry.counts().to_device_bytes, 4106u);
  registry.release(whole);
}

TEST(RegionRegistry, DataMovesBetweenDevicesThroughTheHost) {
  std::vector<std::uint8_t> arena(1024, 1);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  const char* why = nullptr;
  auto* h = registry.acquire(range_of(arena, 0, 1024), lost);
  auto* on0 = device_copy(registry, 0, range_of(arena, 0, 1024), why);
  on0->at(range_of(arena, 5, 6).low) = 42;
  registry.mark_device_written(0, range_of(arena, 0, 16));
  auto* on1 = device_copy(registry, 1, range_of(arena, 0, 1024), why);
  ASSERT_NE(on1, nullptr);
  EXPECT_EQ(on1->at(range_of(arena, 5, 6).low), 42);
  EXPECT_EQ(arena[5], 42);  // it came through the host
  EXPECT_EQ(registry.counts().to_host_bytes, 16u);
  registry.release(h);
}

TEST(RegionRegistry, MergingKeepsDeviceDataOfEveryPart) {
  std::vector<std::uint8_t> arena(2048, 0);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  const char* why = nullptr;
  auto* a = registry.acquire(range_of(arena, 0, 600), lost);
  auto* b = registry.acquire(range_of(arena, 1000, 1600), lost);
  auto* da = device_copy(registry, 0, range_of(arena, 0, 600), why);
  auto* db = device_copy(registry, 0, range_of(arena, 1000, 1600), why);
  da->at(range_of(arena, 3, 4).low) = 3;
  db->at(range_of(arena, 1500, 1501).low) = 15;
  registry.mark_device_written(0, range_of(arena, 0, 600));
  registry.mark_device_written(0, range_of(arena, 1000, 1600));
  auto* bridge = registry.acquire(range_of(arena, 500, 1100), lost);
  EXPECT_EQ(lost, nullptr);
  EXPECT_GT(registry.counts().device_copy_bytes, 0u);
  EXPECT_EQ(registry.counts().to_host_bytes, 0u);  // device to device, not through the host
  for (auto* h : {a, b, bridge}) EXPECT_EQ(registry.release(h), nullptr);
  EXPECT_EQ(arena[3], 3);
  EXPECT_EQ(arena[1500], 15);
}

// A time loop's calls: the same hold, placement and write again change nothing; a host
// read of what the device wrote, or a write by another device, does.
TEST(RegionRegistry, TheSameCallAgainChangesNothing) {
  std::vector<std::uint8_t> arena(1024);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  const char* why = nullptr;
  const byte_range all = range_of(arena, 0, 1024), half = range_of(arena, 0, 512);
  region_registry::handle* scope = registry.acquire(all, lost);
  const std::uint64_t first = registry.changes();
  const device_buffer* buffer = registry.make_device_valid(0, all, why);
  ASSERT_NE(buffer, nullptr) << why;
  EXPECT_EQ(registry.mark_device_written(0, half), nullptr);
  const std::uint64_t after_call = registry.changes();
  EXPECT_GT(after_call, first);
  // The call again: held inside the record, already valid, already written there.
  region_registry::handle* call = registry.acquire(half, lost);
  EXPECT_EQ(registry.make_device_valid(0, all, why), buffer);
  EXPECT_EQ(registry.mark_device_written(0, half), nullptr);
  EXPECT_EQ(registry.release(call), nullptr);
  EXPECT_EQ(registry.make_host_valid(range_of(arena, 512, 1024), false), nullptr);
  EXPECT_EQ(registry.changes(), after_call);
  // Another device writes it: changed, and so is its write again on the first.
  ASSERT_NE(registry.make_device_valid(1, half, why), nullptr) << why;
  EXPECT_EQ(registry.mark_device_written(1, half), nullptr);
  const std::uint64_t other = registry.changes();
  EXPECT_GT(other, after_call);
  ASSERT_NE(registry.make_device_valid(0, half, why), nullptr) << why;
  EXPECT_EQ(registry.mark_device_written(0, half), nullptr);
  EXPECT_GT(registry.changes(), other);
  // A host read of what only the device has changes where it is valid.
  const std::uint64_t before_read = registry.changes();
  EXPECT_EQ(registry.make_host_valid(half, false), nullptr);
  EXPECT_GT(registry.changes(), before_read);
  EXPECT_EQ(registry.release(scope), nullptr);
}

TEST(RegionRegistry, FailedAllocationLeavesTheHostUpToDate) {
  std::vector<std::uint8_t> arena(2048, 0);
  memory_backend backend;
  region_registry registry(backend);
  const char* lost = nullptr;
  const char* why = nullptr;
  auto* a = registry.acquire(range_of(arena, 0, 1000), lost);
  auto* d = device_copy(registry, 0, range_of(arena, 0, 1000), why);
  d->at(range_of(arena, 999, 1000).low) = 9;
  registry.mark_device_written(0, range_of(arena, 0, 1000));
  backend.fail_allocations = true;
  // The merged record needs a larger buffer, which the device refuses: the device's data
  // comes to the host and the record has no device copy.
  auto* b = registry.acquire(range_of(arena, 900, 2000), lost);
  EXPECT_EQ(lost, nullptr);
  EXPECT_EQ(arena[999], 9);
  EXPECT_TRUE(registry.host_valid(range_of(arena, 999, 1000).low));
  EXPECT_EQ(registry.make_device_valid(0, range_of(arena, 0, 2000), why), nullptr);
  EXPECT_NE(why, nullptr);
  registry.release(a);
  registry.release(b);
}

// --- Written rows: only a strided write's elements come home --------------------------

/// Every other 4-byte element of arena bytes [low, high), as rows.
element_rows every_other_element(const std::vector<std::uint8_t>& arena, std::size_t low,
                                 std::size_t high) {
  element_rows rows;
  rows.low = range_of(arena, low, low).low;
  rows.row_bytes = 4;
  rows.levels = 1;
  rows.count[0] = (high - low) / 8;
  rows.pitch[0] = 8;
  return rows;
}

/// Writes `value` into the device copy of every byte of `rows`, as a kernel would.
void kernel_writes(memory_buffer& buffer, const element_rows& rows, std::uint8_t value) {
  rows.for_each_row([&](byte_range row) {
    for (std::uintptr_t b = row.low; b < row.high; ++b) buffer.at(b) = value;
  });
}

/// 2048 bytes of 1s, the first 1024 held and valid on device 0.
class RegionRegistryRows : public ::testing::Test {
 protected:
  void SetUp() override {
    held = registry.acquire(bytes(0, 1024), lost);
    device = device_copy(registry, 0, bytes(0, 1024), why);
    ASSERT_NE(device, nullptr);
  }
  byte_range bytes(std::size_t low, std::size_t high) const { return range_of(arena, low, high); }
  std::uintptr_t at(std::size_t i) const { return bytes(i, i).low; }
  element_rows every_other(std::size_t low, std::size_t high) const {
    return every_other_element(arena, low, high);
  }
  /// A kernel on device 0 writes `value` into `rows`.
  void kernel(const element_rows& rows, std::uint8_t value) {
    kernel_writes(*device, rows, value);
    EXPECT_EQ(registry.mark_device_written(0, rows), nullptr);
  }
  std::uint64_t home_since(std::uint64_t before) const {
    return registry.counts().to_host_bytes - before;
  }

  std::vector<std::uint8_t> arena = std::vector<std::uint8_t>(2048, 1);
  memory_backend backend;
  region_registry registry{backend};
  const char* lost = nullptr;
  const char* why = nullptr;
  region_registry::handle* held = nullptr;
  memory_buffer* device = nullptr;
};

TEST_F(RegionRegistryRows, OnlyTheWrittenElementsComeHome) {
  kernel(every_other(0, 1024), 7);
  // Another thread writes the gaps while the elements are on the device.
  for (std::size_t i = 4; i < 1024; i += 8) std::memset(&arena[i], 9, 4);
  EXPECT_FALSE(registry.host_valid(at(0)));
  EXPECT_TRUE(registry.host_valid(at(4)));
  EXPECT_EQ(registry.bytes_to_move(0, bytes(0, 1024)).stale_on_host, 512u);
  const std::uint64_t before = registry.counts().to_host_bytes;
  EXPECT_EQ(registry.release(held), nullptr);
  EXPECT_EQ(home_since(before), 512u);
  for (std::size_t i = 0; i < 1024; ++i) ASSERT_EQ(arena[i], (i % 8 < 4 ? 7 : 9)) << "byte " << i;
}

TEST_F(RegionRegistryRows, ASyncOfPartBringsTheWholePatternAndDropsTheDeviceGaps) {
  kernel(every_other(256, 768), 7);
  // The same kernel again keeps one pattern.
  kernel(every_other(256, 768), 7);
  EXPECT_EQ(registry.pattern_count(at(0)), 1u);
  // A host read of bytes [300, 310) brings the pattern's 256 bytes home.
  const std::uint64_t before = registry.counts().to_host_bytes;
  EXPECT_EQ(registry.make_host_valid(bytes(300, 310), false), nullptr);
  EXPECT_EQ(home_since(before), 256u);
  EXPECT_EQ(registry.pattern_count(at(0)), 0u);
  EXPECT_EQ(arena[256], 7);
  EXPECT_EQ(arena[260], 1);
  EXPECT_EQ(arena[760], 7);
  // The hull's device copy is no longer trusted; outside it nothing changed.
  EXPECT_FALSE(registry.device_valid(0, at(260)));
  EXPECT_FALSE(registry.device_valid(0, at(256)));
  EXPECT_TRUE(registry.device_valid(0, at(100)));
  EXPECT_TRUE(registry.host_valid(at(256)));
  registry.release(held);
}

TEST_F(RegionRegistryRows, BytesStaleBeforeAStridedWriteStillComeHome) {
  // A contiguous kernel writes everything, then a strided one every other element.
  kernel(element_rows::dense_range(bytes(0, 1024)), 5);
  ASSERT_EQ(device_copy(registry, 0, bytes(0, 1024), why), device);
  kernel(every_other(0, 512), 7);
  EXPECT_FALSE(registry.host_valid(at(4)));
  EXPECT_EQ(registry.release(held), nullptr);
  for (std::size_t i = 0; i < 1024; ++i)
    ASSERT_EQ(arena[i], (i < 512 && i % 8 < 4 ? 7 : 5)) << "byte " << i;
}

TEST_F(RegionRegistryRows, AContiguousWriteOverAPatternReplacesIt) {
  kernel(every_other(0, 1024), 7);
  kernel(element_rows::dense_range(bytes(0, 1024)), 3);
  EXPECT_EQ(registry.pattern_count(at(0)), 1u);
  const std::uint64_t before = registry.counts().to_host_bytes;
  EXPECT_EQ(registry.release(held), nullptr);
  EXPECT_EQ(home_since(before), 1024u);
  for (std::size_t i = 0; i < 1024; ++i) ASSERT_EQ(arena[i], 3) << "byte " << i;
}

TEST_F(RegionRegistryRows, AnotherDevicesOverlappingWriteBringsThePatternHomeFirst) {
  kernel(every_other(0, 1024), 7);
  // Device 1 writes the other elements of [4, 516); the host gets device 0's first.
  auto* d1 = device_copy(registry, 1, bytes(0, 516), why);
  ASSERT_NE(d1, nullptr);
  EXPECT_EQ(d1->at(at(0)), 7);
  const element_rows odd = every_other(4, 516);
  kernel_writes(*d1, odd, 8);
  EXPECT_EQ(registry.mark_device_written(1, odd), nullptr);
  EXPECT_EQ(registry.release(held), nullptr);
  for (std::size_t i = 0; i < 1024; ++i)
    ASSERT_EQ(arena[i], (i % 8 < 4 ? 7 : (i < 516 ? 8 : 1))) << "byte " << i;
}

TEST_F(RegionRegistryRows, MergingRecordsBringsPatternsHome) {
  kernel(every_other(0, 1024), 7);
  for (std::size_t i = 4; i < 1024; i += 8) arena[i] = 9;
  // A partly overlapping range merges the records: the pattern comes home first.
  auto* next = registry.acquire(bytes(512, 2048), lost);
  EXPECT_EQ(lost, nullptr);
  EXPECT_EQ(registry.pattern_count(at(0)), 0u);
  EXPECT_EQ(arena[0], 7);
  EXPECT_EQ(arena[4], 9);
  registry.release(next);
  EXPECT_EQ(registry.release(held), nullptr);
  EXPECT_EQ(arena[4], 9);
}

// --- The randomized model-based test -----------------------------------------------------

constexpr std::size_t arena_size = 4096;
constexpr device_id device_count = 2;

struct model_byte {
  bool host = true;
  bool device[device_count] = {false, false};
  std::uint8_t truth = 0;
};

struct held {
  region_registry::handle* handle;
  std::size_t low, high;
};

class model_test {
 public:
  explicit model_test(unsigned seed) : random_(seed), arena_(arena_size), model_(arena_size) {
    for (std::size_t i = 0; i < arena_size; ++i) arena_[i] = model_[i].truth = std::uint8_t(i);
  }

  void run(int operations) {
    for (int op = 0; op < operations; ++op) {
      step();
      if (op % 97 == 0) check_validity();
      if (::testing::Test::HasFatalFailure()) return;
    }
    while (!held_.empty()) release();
    EXPECT_TRUE(registry_.record_ranges().empty());
    finish();
  }

  /// Runs `operations` operations, each checked: where the registry's change count stays,
  /// no record and no byte's validity changed.
  void run_counting_changes(int operations) {
    for (int op = 0; op < operations; ++op) {
      const std::uint64_t changes = registry_.changes();
      const state before = snapshot();
      step();
      if (::testing::Test::HasFatalFailure()) return;
      if (registry_.changes() != changes) {
        ++changed_;
        continue;
      }
      ++unchanged_;
      const state after = snapshot();
      ASSERT_EQ(after.records, before.records) << "operation " << op;
      ASSERT_EQ(after.valid, before.valid) << "operation " << op;
    }
    // Both kinds of operations were seen.
    EXPECT_GT(changed_, operations / 10);
    EXPECT_GT(unchanged_, operations / 10);
    while (!held_.empty()) release();
    finish();
  }

 private:
  /// Where every byte of the arena is valid (bit 0 the host, bit 1 + d device d) and the
  /// records' ranges.
  struct state {
    std::vector<byte_range> records;
    std::vector<std::uint8_t> valid;
  };
  state snapshot() const {
    state s{registry_.record_ranges(), std::vector<std::uint8_t>(arena_size)};
    for (std::size_t i = 0; i < arena_size; ++i) {
      const std::uintptr_t address = bytes(i, i + 1).low;
      if (!registry_.tracked(address)) continue;
      s.valid[i] = registry_.host_valid(address) ? 1 : 0;
      for (device_id d = 0; d < device_count; ++d)
        if (registry_.device_valid(d, address)) s.valid[i] |= std::uint8_t(2u << d);
    }
    return s;
  }

  /// One random operation.  Acquire and release balance around a few dozen handles, as
  /// live views do.
  void step() {
    const std::size_t kind = pick(0, 99);
    if (held_.empty() || (kind < 26 && held_.size() < 24))
      acquire();
    else if (kind < 26)
      release();
    else if (kind < 42)
      host_write();
    else if (kind < 56)
      host_read();
    else if (kind < 84)
      device_write();
    else
      device_read();
  }

  void finish() {
    for (std::size_t i = 0; i < arena_size; ++i)
      ASSERT_EQ(arena_[i], model_[i].truth) << "byte " << i << " after everything ended";
  }

  std::size_t pick(std::size_t low, std::size_t high) {
    return std::uniform_int_distribution<std::size_t>(low, high)(random_);
  }
  byte_range bytes(std::size_t low, std::size_t high) const {
    return range_of(arena_, low, high);
  }
  /// A random range: often inside or across a held one, as slices and overlaps are.
  std::pair<std::size_t, std::size_t> some_range() {
    const std::size_t length = pick(1, pick(0, 9) == 0 ? 1024 : 96);
    std::size_t low;
    if (!held_.empty() && pick(0, 2) != 0) {
      const held& h = held_[pick(0, held_.size() - 1)];
      low = pick(h.low, h.high - 1);
    } else {
      low = pick(0, arena_size - 1);
    }
    return {low, std::min(arena_size, low + length)};
  }
  /// A random range inside a held one (what a kernel may touch).
  bool held_range(std::size_t& low, std::size_t& high, std::size_t& which) {
    if (held_.empty()) return false;
    which = pick(0, held_.size() - 1);
    const held& h = held_[which];
    low = pick(h.low, h.high - 1);
    high = pick(low + 1, h.high);
    return true;
  }
  bool tracked(std::size_t i) const {
    for (const held& h : held_)
      if (h.low <= i && i < h.high) return true;
    return false;
  }

  void acquire() {
    auto [low, high] = some_range();
    const char* lost = nullptr;
    held_.push_back({registry_.acquire(bytes(low, high), lost), low, high});
    ASSERT_EQ(lost, nullptr);
  }

  void release() {
    const std::size_t which = pick(0, held_.size() - 1);
    const held gone = held_[which];
    held_.erase(held_.begin() + static_cast<std::ptrdiff_t>(which));
    // Bytes that leave tracking come home if the host is stale; then only the host has them.
    std::uint64_t expected_home = 0;
    for (std::size_t i = gone.low; i < gone.high; ++i) {
      if (tracked(i)) continue;
      expected_home += model_[i].host ? 0 : 1;
      model_[i].host = true;
      for (bool& d : model_[i].device) d = false;
    }
    const std::uint64_t before = registry_.counts().to_host_bytes;
    ASSERT_EQ(registry_.release(gone.handle), nullptr);
    ASSERT_EQ(registry_.counts().to_host_bytes - before, expected_home);
    for (std::size_t i = gone.low; i < gone.high; ++i)
      if (!tracked(i)) ASSERT_EQ(arena_[i], model_[i].truth) << "byte " << i << " released";
  }

  void host_access(std::size_t low, std::size_t high, bool write) {
    std::uint64_t expected_home = 0;
    for (std::size_t i = low; i < high; ++i) expected_home += model_[i].host ? 0 : 1;
    const std::uint64_t before = registry_.counts().to_host_bytes;
    ASSERT_EQ(registry_.make_host_valid(bytes(low, high), write), nullptr);
    ASSERT_EQ(registry_.counts().to_host_bytes - before, expected_home);
    for (std::size_t i = low; i < high; ++i) {
      ASSERT_EQ(arena_[i], model_[i].truth) << "host read of byte " << i;
      model_[i].host = true;
      if (!write) continue;
      for (bool& d : model_[i].device) d = false;
      arena_[i] = model_[i].truth = std::uint8_t(pick(0, 255));
    }
  }
  void host_write() {
    auto [low, high] = some_range();
    host_access(low, high, true);
  }
  void host_read() {
    auto [low, high] = some_range();
    host_access(low, high, false);
  }

  memory_buffer* device_access(device_id device, std::size_t low, std::size_t high) {
    std::uint64_t expected_in = 0, expected_home = 0;
    for (std::size_t i = low; i < high; ++i) {
      if (model_[i].device[device]) continue;
      ++expected_in;
      expected_home += model_[i].host ? 0 : 1;
    }
    const transfer_counts before = registry_.counts();
    const char* why = nullptr;
    auto* buffer = device_copy(registry_, device, bytes(low, high), why);
    EXPECT_NE(buffer, nullptr) << why;
    if (buffer == nullptr) return nullptr;
    EXPECT_EQ(registry_.counts().to_device_bytes - before.to_device_bytes, expected_in);
    EXPECT_EQ(registry_.counts().to_host_bytes - before.to_host_bytes, expected_home);
    for (std::size_t i = low; i < high; ++i) {
      const std::uintptr_t address = bytes(i, i + 1).low;
      EXPECT_EQ(buffer->at(address), model_[i].truth) << "device " << device << " byte " << i;
      if (!model_[i].device[device] && !model_[i].host) model_[i].host = true;
      model_[i].device[device] = true;
    }
    return buffer;
  }
  void device_write() {
    std::size_t low, high, which;
    if (!held_range(low, high, which)) return;
    const auto device = static_cast<device_id>(pick(0, device_count - 1));
    memory_buffer* buffer = device_access(device, low, high);
    if (buffer == nullptr) return;
    for (std::size_t i = low; i < high; ++i) {
      buffer->at(bytes(i, i + 1).low) = model_[i].truth = std::uint8_t(pick(0, 255));
      model_[i].host = false;
      for (device_id d = 0; d < device_count; ++d) model_[i].device[d] = d == device;
    }
    registry_.mark_device_written(device, bytes(low, high));
  }
  void device_read() {
    std::size_t low, high, which;
    if (!held_range(low, high, which)) return;
    device_access(static_cast<device_id>(pick(0, device_count - 1)), low, high);
  }

  void check_validity() {
    for (std::size_t i = 0; i < arena_size; ++i) {
      const std::uintptr_t address = bytes(i, i + 1).low;
      ASSERT_EQ(registry_.tracked(address), tracked(i)) << "byte " << i;
      ASSERT_EQ(registry_.host_valid(address), model_[i].host) << "byte " << i;
      for (device_id d = 0; d < device_count; ++d)
        ASSERT_EQ(registry_.device_valid(d, address), model_[i].device[d])
            << "byte " << i << " device " << d;
    }
    // tracked_any agrees with the bytes' tracking (checked above) over ranges of many
    // lengths.
    for (std::size_t low = 0; low < arena_size; low += 61) {
      const std::size_t high = std::min(arena_size, low + 1 + (low * 7) % 300);
      bool any = false;
      for (std::size_t i = low; i < high; ++i) any = any || tracked(i);
      ASSERT_EQ(registry_.tracked_any(bytes(low, high)), any) << "bytes " << low << "-" << high;
    }
    // The records are exactly the connected components of the held ranges.
    for (const byte_range& r : registry_.record_ranges()) {
      const std::size_t low = r.low - bytes(0, 0).low, high = r.high - bytes(0, 0).low;
      ASSERT_TRUE(tracked(low) && tracked(high - 1));
      ASSERT_TRUE(low == 0 || !tracked(low - 1) || !overlaps_any(low - 1, low));
    }
    ASSERT_EQ(registry_.handle_count(), held_.size());
  }
  bool overlaps_any(std::size_t inside, std::size_t outside) const {
    // Whether one held range covers both bytes (then they would be one record).
    for (const held& h : held_)
      if (h.low <= std::min(inside, outside) && std::max(inside, outside) < h.high) return true;
    return false;
  }

  std::mt19937_64 random_;
  std::vector<std::uint8_t> arena_;
  std::vector<model_byte> model_;
  int changed_ = 0, unchanged_ = 0;
  memory_backend backend_;
  region_registry registry_{backend_};
  std::vector<held> held_;
};

/// Runs `Model` with seeds 1 to 4, `operations` each, up to the first fatal failure.
template <class Model>
void run_seeds(int operations) {
  for (unsigned seed = 1; seed <= 4; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    Model test(seed);
    test.run(operations);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

TEST(RegionRegistryModel, RandomOperationsMatchTheModel) {
  run_seeds<model_test>(100000);
}

// region_registry::changes() stays only where nothing changed (a repeated call skips its
// placement on it, launch/kernel_launch.cpp).
TEST(RegionRegistryModel, AnUnchangedCountMeansNothingChanged) {
  for (unsigned seed = 1; seed <= 2; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    model_test test(seed);
    test.run_counting_changes(3000);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

// --- Randomized: strided writes and another thread's writes between their elements ----

/// Kernels write random strided views (rows of 1 to 8 bytes, 1 or 2 levels) or whole
/// ranges on two devices; right after a strided write, "another thread" writes some bytes
/// between its elements without telling the registry.  Checked after each operation:
/// every byte the registry calls valid on the host holds its latest value there; at the
/// end, with everything released, the arena holds every latest value (the kernels' and
/// the other thread's).  The registry may distrust more than it must, never less.
class strided_model_test {
 public:
  explicit strided_model_test(unsigned seed) : random_(seed), arena_(arena_size), truth_(arena_size) {
    for (std::size_t i = 0; i < arena_size; ++i) arena_[i] = truth_[i] = std::uint8_t(i * 7);
  }

  void run(int operations) {
    for (int op = 0; op < operations; ++op) {
      const std::size_t kind = pick(0, 99);
      if (held_.empty() || (kind < 15 && held_.size() < 12))
        acquire();
      else if (kind < 25)
        release();
      else if (kind < 45)
        host_access(pick(0, 1) == 0);
      else if (kind < 90)
        device_write(pick(0, 2) != 0);
      else
        device_read();
      if (::testing::Test::HasFatalFailure()) return;
      if (op % 7 == 0) check_host();
      if (::testing::Test::HasFatalFailure()) return;
    }
    while (!held_.empty()) release();
    for (std::size_t i = 0; i < arena_size; ++i)
      ASSERT_EQ(arena_[i], truth_[i]) << "byte " << i << " after everything ended";
  }

 private:
  std::size_t pick(std::size_t low, std::size_t high) {
    return std::uniform_int_distribution<std::size_t>(low, high)(random_);
  }
  byte_range bytes(std::size_t low, std::size_t high) const { return range_of(arena_, low, high); }

  void acquire() {
    const std::size_t low = pick(0, arena_size - 64);
    const std::size_t high = std::min(arena_size, low + pick(16, 1024));
    const char* lost = nullptr;
    held_.push_back({registry_.acquire(bytes(low, high), lost), low, high});
    ASSERT_EQ(lost, nullptr);
  }
  void release() {
    const std::size_t which = pick(0, held_.size() - 1);
    ASSERT_EQ(registry_.release(held_[which].handle), nullptr);
    held_.erase(held_.begin() + static_cast<std::ptrdiff_t>(which));
  }
  void host_access(bool write) {
    const std::size_t low = pick(0, arena_size - 1);
    const std::size_t high = std::min(arena_size, low + pick(1, 200));
    ASSERT_EQ(registry_.make_host_valid(bytes(low, high), write), nullptr);
    for (std::size_t i = low; i < high; ++i) {
      ASSERT_EQ(arena_[i], truth_[i]) << "host access of byte " << i;
      if (write) arena_[i] = truth_[i] = std::uint8_t(pick(0, 255));
    }
  }
  /// Random rows inside held range [low, high).
  element_rows some_rows(std::size_t low, std::size_t high) {
    element_rows rows;
    rows.low = bytes(low, low).low;
    rows.row_bytes = pick(1, 8);
    const std::size_t pitch0 = rows.row_bytes + pick(1, 8);
    rows.levels = 1;
    rows.pitch[0] = pitch0;
    rows.count[0] = std::max<std::size_t>(2, std::min<std::size_t>(pick(2, 20), (high - low) / pitch0));
    if (pick(0, 1) == 0) {
      rows.levels = 2;
      rows.pitch[1] = pitch0 * rows.count[0] + pick(0, 16);
      rows.count[1] = pick(2, 4);
    }
    return rows;
  }
  void device_write(bool strided) {
    const held& h = held_[pick(0, held_.size() - 1)];
    const auto device = static_cast<device_id>(pick(0, 1));
    element_rows rows = element_rows::dense_range(bytes(h.low, pick(h.low + 1, h.high)));
    if (strided) {
      rows = some_rows(h.low, h.high);
      if (!bytes(h.low, h.high).contains(rows.hull())) return;
    }
    const byte_range hull = rows.hull();
    // Another thread may write between the elements during the call; it starts after the
    // host's copy was brought up to date (SPEC 1.5: before a call that may touch it).
    const bool other_thread = strided && pick(0, 1) == 0;
    if (other_thread) ASSERT_EQ(registry_.make_host_valid(hull, false), nullptr);
    const char* why = nullptr;
    auto* buffer = device_copy(registry_, device, hull, why);
    ASSERT_NE(buffer, nullptr) << why;
    for (std::uintptr_t b = hull.low; b < hull.high; ++b)
      ASSERT_EQ(buffer->at(b), truth_[b - bytes(0, 0).low]) << "device " << device << " read";
    rows.for_each_row([&](byte_range row) {
      for (std::uintptr_t b = row.low; b < row.high; ++b)
        buffer->at(b) = truth_[b - bytes(0, 0).low] = std::uint8_t(pick(0, 255));
    });
    ASSERT_EQ(registry_.mark_device_written(device, rows), nullptr);
    if (!other_thread) return;
    // Its writes; then the program reads on the host before any kernel may touch the
    // bytes again (SPEC 1.5): the hull comes home.
    for (std::uintptr_t b = hull.low; b < hull.high; ++b) {
      if (rows.contains(b)) continue;
      ASSERT_TRUE(registry_.host_valid(b)) << "a byte between the rows is not the host's";
      if (pick(0, 2) == 0)
        arena_[b - bytes(0, 0).low] = truth_[b - bytes(0, 0).low] = std::uint8_t(pick(0, 255));
    }
    const std::size_t low = hull.low - bytes(0, 0).low;
    ASSERT_EQ(registry_.make_host_valid(bytes(low, low + 1), false), nullptr);
  }
  void device_read() {
    const held& h = held_[pick(0, held_.size() - 1)];
    const auto device = static_cast<device_id>(pick(0, 1));
    const char* why = nullptr;
    auto* buffer = device_copy(registry_, device, bytes(h.low, h.high), why);
    ASSERT_NE(buffer, nullptr) << why;
    for (std::size_t i = h.low; i < h.high; ++i)
      ASSERT_EQ(buffer->at(bytes(i, i).low), truth_[i]) << "device " << device << " byte " << i;
  }
  void check_host() {
    for (std::size_t i = 0; i < arena_size; ++i)
      if (registry_.host_valid(bytes(i, i).low))
        ASSERT_EQ(arena_[i], truth_[i]) << "byte " << i << " said valid on the host";
  }

  std::mt19937_64 random_;
  std::vector<std::uint8_t> arena_;
  std::vector<std::uint8_t> truth_;  ///< every byte's latest value
  memory_backend backend_;
  region_registry registry_{backend_};
  std::vector<held> held_;
};

TEST(RegionRegistryRowsModel, StridedWritesAndWritesBetweenThemAreNeverLost) {
  run_seeds<strided_model_test>(15000);
}

}  // namespace
}  // namespace clpar::rt
