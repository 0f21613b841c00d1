// runtime/memory/interval_set.cpp - disjoint byte ranges.
#include "memory/interval_set.hpp"

#include <algorithm>
#include <iterator>

namespace clpar::rt {

void interval_set::add(byte_range range) {
  // Already inside one range: nothing to join (a call's repeated marks take this way).
  if (covers(range)) return;
  // Join every range that overlaps or touches [low, high).
  auto it = ranges_.upper_bound(range.low);
  if (it != ranges_.begin() && std::prev(it)->second >= range.low) --it;
  while (it != ranges_.end() && it->first <= range.high) {
    range.low = std::min(range.low, it->first);
    range.high = std::max(range.high, it->second);
    it = ranges_.erase(it);
  }
  ranges_.emplace(range.low, range.high);
}

void interval_set::subtract(byte_range range) {
  if (range.empty()) return;
  auto it = ranges_.upper_bound(range.low);
  if (it != ranges_.begin() && std::prev(it)->second > range.low) --it;
  while (it != ranges_.end() && it->first < range.high) {
    const byte_range old{it->first, it->second};
    it = ranges_.erase(it);
    if (old.low < range.low) ranges_.emplace(old.low, range.low);
    if (range.high < old.high) {
      ranges_.emplace(range.high, old.high);
      break;
    }
  }
}

bool interval_set::contains(std::uintptr_t address) const noexcept {
  auto it = ranges_.upper_bound(address);
  return it != ranges_.begin() && std::prev(it)->second > address;
}

bool interval_set::covers(byte_range range) const noexcept {
  if (range.empty()) return true;
  auto it = ranges_.upper_bound(range.low);
  return it != ranges_.begin() && std::prev(it)->second >= range.high;
}

bool interval_set::intersects(byte_range range) const noexcept {
  if (range.empty()) return false;
  auto it = ranges_.upper_bound(range.low);
  if (it != ranges_.begin() && std::prev(it)->second > range.low) return true;
  return it != ranges_.end() && it->first < range.high;
}

std::vector<byte_range> interval_set::within(byte_range range) const {
  std::vector<byte_range> found;
  if (range.empty()) return found;
  auto it = ranges_.upper_bound(range.low);
  if (it != ranges_.begin() && std::prev(it)->second > range.low) --it;
  for (; it != ranges_.end() && it->first < range.high; ++it)
    found.push_back({std::max(it->first, range.low), std::min(it->second, range.high)});
  return found;
}

std::vector<byte_range> interval_set::missing_from(byte_range range) const {
  std::vector<byte_range> gaps;
  std::uintptr_t next = range.low;
  for (const byte_range& have : within(range)) {
    if (have.low > next) gaps.push_back({next, have.low});
    next = have.high;
  }
  if (next < range.high) gaps.push_back({next, range.high});
  return gaps;
}

std::vector<byte_range> interval_set::ranges() const {
  std::vector<byte_range> all;
  all.reserve(ranges_.size());
  for (const auto& [low, high] : ranges_) all.push_back({low, high});
  return all;
}

std::uintptr_t interval_set::bytes() const noexcept {
  std::uintptr_t total = 0;
  for (const auto& [low, high] : ranges_) total += high - low;
  return total;
}

}  // namespace clpar::rt
