// runtime/memory/region_registry.hpp - which host memory has device copies, and where each
// byte is valid (SPEC 1.5, CEP 525 "Memory Regions").
//
// Terminology
//   handle    one holder's reference to the byte range of one view (a data scope of a
//             translated function, a clpar::resident, a region call); acquire() makes one,
//             release() drops it
//   record    the unit of tracking: a byte range with its handles, the bytes that are stale
//             on the host and, per device, a device_buffer and the bytes valid in it
//   tracked   a byte inside some record.  A byte that is not tracked is valid on the host
//             and nowhere else
//
// The rules (CEP 525), kept as one invariant: the records are exactly the connected
// components of the handles' ranges (ranges that overlap join; ranges that merely touch do
// not).  So a view of the same memory as another shares its record, a view inside another's
// memory joins the other's record as a child, and a view that partly overlaps records
// merges them into their bounding record (the bounding range overlaps nothing else, so the
// cascade ends at once).  Releasing a handle shrinks its record to what the remaining
// handles cover, splitting it where they fall apart, and ends it with the last handle;
// bytes that leave tracking are first brought up to date on the host.  Merged or split
// records share one buffer per device where one mirrors them (device_buffer::mirrors), so
// a split followed by the same merge copies nothing.
//
// Every tracked byte is valid on the host or on at least one device.  Only invalid bytes
// move: make_device_valid copies to a device exactly the bytes of the range it lacks
// (through the host when the only valid copy is on another device), make_host_valid
// copies back exactly the stale bytes.
//
// Written rows.  A kernel that writes a strided view (every other element, a column of a
// matrix) writes only its elements (element_rows.hpp), not the bytes between them: those
// stay valid on the host, where another thread may write them during the call.  Such a
// write is kept as a written pattern: its rows and the device that holds them.  A record's
// host_stale covers each pattern's hull, and inside the hulls of its patterns a byte is
// stale on the host exactly when it lies in a row of one of them (the gaps are valid on
// the host; bytes that were stale there before the pattern came become dense patterns of
// their own, so the rule holds for them too).  Bringing bytes home brings every pattern
// whose hull they touch (and, cascading, the patterns those hulls touch), oldest first,
// writing only the rows into host memory; the device copies of those hulls then stop
// being valid, since the host may have changed the gaps.  Until then the device that
// wrote a pattern keeps its whole hull valid: a later kernel of the same data scope reads
// the gaps there (host code of the scope that touches them brings the data home first,
// SPEC 1.5).  A contiguous write that touches no pattern's hull stays a plain byte range.
//
// A transfer_backend moves the bytes: over OpenCL in the runtime, over plain memory in
// the unit tests.  A backend failure is returned as a reason; when the only valid copy of a
// byte cannot be read back the data is lost, which release() and make_host_valid()
// report (the runtime treats that as fatal).
//
// Not thread-safe: the runtime's residency layer serializes all use under one mutex.
#ifndef CLPAR_RUNTIME_MEMORY_REGION_REGISTRY_HPP
#define CLPAR_RUNTIME_MEMORY_REGION_REGISTRY_HPP

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <vector>

#include "memory/element_rows.hpp"
#include "memory/interval_set.hpp"

namespace clpar::rt {

using device_id = std::uint32_t;

/// Device memory mirroring host bytes [base, base + size): host address a is byte a - base.
class device_buffer {
 public:
  device_buffer(std::uintptr_t base, std::size_t size) noexcept : base_(base), size_(size) {}
  device_buffer(const device_buffer&) = delete;
  device_buffer& operator=(const device_buffer&) = delete;
  virtual ~device_buffer() = default;

  std::uintptr_t base() const noexcept { return base_; }
  std::size_t size() const noexcept { return size_; }
  bool mirrors(byte_range range) const noexcept {
    return base_ <= range.low && range.high - base_ <= size_;
  }

 private:
  std::uintptr_t base_;
  std::size_t size_;
};

/// How bytes move.  Every function returns null on success, else why it failed.
class transfer_backend {
 public:
  virtual ~transfer_backend() = default;
  /// A new buffer on `device` that mirrors `range` (null on failure, `why` set).
  virtual std::shared_ptr<device_buffer> allocate(device_id device, byte_range range,
                                                  const char*& why) = 0;
  /// `buffer`'s copy of `rows` into host memory, complete on return, writing no host byte
  /// outside the rows.  The default reads row by row through to_host.
  virtual const char* to_host_rows(device_id device, const device_buffer& buffer,
                                   const element_rows& rows);
  /// Host bytes `range` into `buffer`.  The host bytes may change once this returns.
  virtual const char* to_device(device_id device, device_buffer& buffer, byte_range range) = 0;
  /// `buffer`'s copy of `range` into host memory, complete on return.
  virtual const char* to_host(device_id device, const device_buffer& buffer,
                              byte_range range) = 0;
  /// `range` of `from` into `to`, both on `device` (the same host addresses).
  virtual const char* copy(device_id device, device_buffer& to, const device_buffer& from,
                           byte_range range) = 0;
};

/// Totals since the registry was made.  A transfer is one backend call.
struct transfer_counts {
  std::uint64_t to_device_bytes = 0;
  std::uint64_t to_device_transfers = 0;
  std::uint64_t to_host_bytes = 0;
  std::uint64_t to_host_transfers = 0;
  std::uint64_t device_copy_bytes = 0;
};

class region_registry {
 public:
  struct record;
  /// One reference to a byte range; owned by the registry until released.
  struct handle {
    byte_range range;
    record* owner = nullptr;
  };

  /// Device buffers are rounded out to this many bytes, so that every naturally aligned
  /// view finds its elements at a whole element offset from the buffer's start.
  static constexpr std::uintptr_t buffer_alignment = 256;

  explicit region_registry(transfer_backend& backend) : backend_(backend) {}
  region_registry(const region_registry&) = delete;
  region_registry& operator=(const region_registry&) = delete;
  ~region_registry();

  /// A reference to the non-empty `range`, joining or merging records as the rules say.
  /// Merging copies device data between buffers; a failed copy brings the bytes concerned
  /// back to the host instead (why() of the result is null unless data was lost).
  handle* acquire(byte_range range, const char*& lost);
  /// Drops `h`; bytes leaving tracking are brought up to date on the host first.  Returns
  /// null, or why data was lost.
  const char* release(handle* h);

  /// Makes every byte of `range` (inside one record) valid on `device` and returns the
  /// buffer that mirrors it there; null and `why` set on failure.
  const device_buffer* make_device_valid(device_id device, byte_range range, const char*& why);
  /// After a kernel on `device` wrote `range`: only that device's copy is now valid.
  const char* mark_device_written(device_id device, byte_range range);
  /// After a kernel on `device` wrote the elements `rows` (made valid on `device` by
  /// make_device_valid of a range holding their hull): only that device's copy of the rows
  /// is valid, the bytes between them stay valid on the host.  Null, or why data was lost
  /// (bringing earlier patterns home first, see "Written rows").
  const char* mark_device_written(device_id device, const element_rows& rows);
  /// Makes every byte of `range` valid on the host; with `drop_device_copies` (the host
  /// is about to write it) the device copies of `range` stop being valid.  Null, or why
  /// data was lost.
  const char* make_host_valid(byte_range range, bool drop_device_copies);
  /// Forgets `device`'s copy of `range` where the host or another device still has the
  /// bytes (after a kernel that failed part-way).
  void discard_device(device_id device, byte_range range);
  /// After data of `range` was lost (make_host_valid or release failed): the host's copy,
  /// stale as it is, becomes the valid one and no device copy is trusted, so the loss is
  /// reported once and the memory stays usable.
  void abandon_device_copies(byte_range range);

  /// The bytes of `range` that make_device_valid(device, range) would copy to `device`
  /// (untracked bytes included) and that make_host_valid(range, ...) would bring home: the
  /// cost model's view of where the data is (schedule/cost_model.hpp).
  struct pending_bytes {
    std::uint64_t missing_on_device = 0;
    std::uint64_t stale_on_host = 0;
  };
  pending_bytes bytes_to_move(device_id device, byte_range range) const;

  /// Counts the changes to the records, their buffers and where their bytes are valid:
  /// while it reads the same, each of them is as it was (a repeated call takes its
  /// placement from its last time, launch/kernel_launch.hpp).  What changes nothing leaves
  /// it: a handle inside an existing record, or released beside one of the whole record;
  /// bytes made valid where they were; a contiguous write marked again by the device
  /// that holds it.
  std::uint64_t changes() const noexcept { return changes_; }

  bool tracked(std::uintptr_t address) const noexcept;
  /// Whether some byte of `range` is tracked; allocates nothing.
  bool tracked_any(byte_range range) const noexcept;
  bool host_valid(std::uintptr_t address) const noexcept;
  bool device_valid(device_id device, std::uintptr_t address) const noexcept;
  /// Written patterns kept by the record holding `address` (0 when untracked).
  std::size_t pattern_count(std::uintptr_t address) const noexcept;
  /// Whether any tracked byte is stale on the host: the fast path of make_host_valid.
  bool any_host_stale() const noexcept;
  std::vector<byte_range> record_ranges() const;
  bool empty() const noexcept { return records_.empty(); }
  std::size_t handle_count() const noexcept { return handle_count_; }
  const transfer_counts& counts() const noexcept { return counts_; }

 private:
  struct device_copy {
    std::shared_ptr<device_buffer> buffer;
    interval_set valid;
  };
  /// Elements a kernel on `device` wrote, not yet brought home (see "Written rows").
  struct written_pattern {
    device_id device;
    element_rows rows;
    byte_range hull;
  };
  /// A record keeps at most this many patterns; one more brings the record's patterns
  /// home first (a loop writing the same view again adds none).
  static constexpr std::size_t max_patterns = 32;

  using record_map = std::map<std::uintptr_t, std::unique_ptr<record>>;

  record* record_at(std::uintptr_t address) const noexcept;
  record* record_containing(byte_range range) const noexcept;
  std::vector<record*> records_overlapping(byte_range range) const;
  record* merge(const std::vector<record*>& parts, byte_range extra, const char*& lost);
  void mark_range_written(device_id device, byte_range range);
  const char* fetch_stale(record& r, byte_range range);
  const char* fetch_patterns(record& r, byte_range& zone);
  bool host_stale_at(const record& r, std::uintptr_t address) const noexcept;
  bool written_only_on(const record& r, device_id device, byte_range range) const noexcept;
  const char* leave_tracking(record& r, byte_range range);
  std::shared_ptr<device_buffer> allocate(device_id device, byte_range range, const char*& why);
  const char* to_device(device_id device, device_buffer& buffer, byte_range range);
  const char* to_host(device_id device, const device_buffer& buffer, byte_range range);
  const char* to_host(device_id device, const device_buffer& buffer, const element_rows& rows);

  transfer_backend& backend_;
  record_map records_;  ///< disjoint, keyed by low address
  std::size_t handle_count_ = 0;
  std::uint64_t changes_ = 0;
  transfer_counts counts_;
};

struct region_registry::record {
  byte_range range;
  std::vector<handle*> handles;
  interval_set host_stale;  ///< covers the patterns' hulls, see "Written rows"
  std::map<device_id, device_copy> copies;
  std::vector<written_pattern> patterns;  ///< oldest first
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_REGION_REGISTRY_HPP
