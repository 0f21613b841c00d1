// runtime/memory/interval_set.hpp - a set of bytes as disjoint half-open address ranges.
//
// The residency records (region_registry.hpp) keep, per record, which of its bytes are
// stale on the host and which are valid on each device.  Both are interval sets: a handful
// of ranges in practice (whole arrays, a few windows), so a sorted map keyed by the low
// address is enough.  Adjacent ranges are joined, so the representation of a set is unique
// and two sets are equal exactly when their ranges are.
#ifndef CLPAR_RUNTIME_MEMORY_INTERVAL_SET_HPP
#define CLPAR_RUNTIME_MEMORY_INTERVAL_SET_HPP

#include <cstdint>
#include <map>
#include <vector>

namespace clpar::rt {

/// The bytes [low, high).  Empty when high <= low.
struct byte_range {
  std::uintptr_t low = 0;
  std::uintptr_t high = 0;

  std::uintptr_t size() const noexcept { return high > low ? high - low : 0; }
  bool empty() const noexcept { return high <= low; }
  bool overlaps(const byte_range& other) const noexcept {
    return low < other.high && other.low < high && !empty() && !other.empty();
  }
  bool contains(const byte_range& other) const noexcept {
    return low <= other.low && other.high <= high;
  }
  bool operator==(const byte_range&) const = default;
};

class interval_set {
 public:
  void add(byte_range range);
  void subtract(byte_range range);
  void clear() noexcept { ranges_.clear(); }

  bool empty() const noexcept { return ranges_.empty(); }
  bool contains(std::uintptr_t address) const noexcept;
  /// Whether every byte of `range` is in the set (an empty range is).
  bool covers(byte_range range) const noexcept;
  /// Whether some byte of `range` is in the set (an empty range has none).
  bool intersects(byte_range range) const noexcept;
  /// The set's ranges inside `range`, clipped to it, ascending.
  std::vector<byte_range> within(byte_range range) const;
  /// The bytes of `range` that are not in the set, ascending.
  std::vector<byte_range> missing_from(byte_range range) const;
  std::vector<byte_range> ranges() const;
  std::uintptr_t bytes() const noexcept;

  bool operator==(const interval_set&) const = default;

 private:
  std::map<std::uintptr_t, std::uintptr_t> ranges_;  ///< low -> high, disjoint, not touching
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_INTERVAL_SET_HPP
