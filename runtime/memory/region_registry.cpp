// runtime/memory/region_registry.cpp - residency records: join, merge, shrink, split, and
// moving exactly the invalid bytes.
#include "memory/region_registry.hpp"

#include <algorithm>
#include <iterator>

namespace clpar::rt {
namespace {

byte_range intersect(byte_range a, byte_range b) noexcept {
  return {std::max(a.low, b.low), std::min(a.high, b.high)};
}

byte_range rounded_out(byte_range range) noexcept {
  constexpr std::uintptr_t align = region_registry::buffer_alignment;
  const std::uintptr_t low = range.low & ~(align - 1);
  const std::uintptr_t high = range.high > UINTPTR_MAX - (align - 1)
                                  ? UINTPTR_MAX
                                  : (range.high + align - 1) & ~(align - 1);
  return {low, high};
}

/// The connected components of `ranges` (overlap joins, touching does not), ascending.
std::vector<byte_range> components(std::vector<byte_range> ranges) {
  std::sort(ranges.begin(), ranges.end(),
            [](const byte_range& a, const byte_range& b) { return a.low < b.low; });
  std::vector<byte_range> joined;
  for (const byte_range& r : ranges) {
    if (!joined.empty() && r.low < joined.back().high)
      joined.back().high = std::max(joined.back().high, r.high);
    else
      joined.push_back(r);
  }
  return joined;
}

}  // namespace

const char* transfer_backend::to_host_rows(device_id device, const device_buffer& buffer,
                                           const element_rows& rows) {
  const char* why = nullptr;
  rows.for_each_row([&](byte_range row) {
    if (why == nullptr) why = to_host(device, buffer, row);
  });
  return why;
}

region_registry::~region_registry() {
  // Handles still held at exit (leaked by their holders): bring their data home.
  while (!records_.empty()) {
    record& r = *records_.begin()->second;
    (void)leave_tracking(r, r.range);
    for (handle* h : r.handles) delete h;
    records_.erase(records_.begin());
  }
}

std::shared_ptr<device_buffer> region_registry::allocate(device_id device, byte_range range,
                                                         const char*& why) {
  why = nullptr;
  std::shared_ptr<device_buffer> buffer = backend_.allocate(device, rounded_out(range), why);
  if (buffer == nullptr && why == nullptr) why = "device buffer allocation failed";
  return buffer;
}

const char* region_registry::to_device(device_id device, device_buffer& buffer,
                                       byte_range range) {
  if (const char* why = backend_.to_device(device, buffer, range)) return why;
  counts_.to_device_bytes += range.size();
  ++counts_.to_device_transfers;
  return nullptr;
}

const char* region_registry::to_host(device_id device, const device_buffer& buffer,
                                     byte_range range) {
  if (const char* why = backend_.to_host(device, buffer, range)) return why;
  counts_.to_host_bytes += range.size();
  ++counts_.to_host_transfers;
  return nullptr;
}

const char* region_registry::to_host(device_id device, const device_buffer& buffer,
                                     const element_rows& rows) {
  if (const char* why = backend_.to_host_rows(device, buffer, rows)) return why;
  counts_.to_host_bytes += rows.bytes();
  ++counts_.to_host_transfers;
  return nullptr;
}

region_registry::record* region_registry::record_at(std::uintptr_t address) const noexcept {
  auto it = records_.upper_bound(address);
  if (it == records_.begin()) return nullptr;
  record* r = std::prev(it)->second.get();
  return address < r->range.high ? r : nullptr;
}

region_registry::record* region_registry::record_containing(byte_range range) const noexcept {
  record* r = record_at(range.low);
  return r != nullptr && r->range.contains(range) ? r : nullptr;
}

std::vector<region_registry::record*> region_registry::records_overlapping(
    byte_range range) const {
  std::vector<record*> found;
  auto it = records_.upper_bound(range.low);
  if (it != records_.begin() && std::prev(it)->second->range.high > range.low) --it;
  for (; it != records_.end() && it->first < range.high; ++it) found.push_back(it->second.get());
  return found;
}

region_registry::handle* region_registry::acquire(byte_range range, const char*& lost) {
  lost = nullptr;
  // The same memory, or a child: records are disjoint, so one that contains the range is
  // the only one it overlaps (a resident array's calls take this way, without a list).
  record* owner = record_containing(range);
  if (owner == nullptr) {
    const std::vector<record*> overlapping = records_overlapping(range);
    ++changes_;
    if (overlapping.empty()) {
      auto fresh = std::make_unique<record>();
      fresh->range = range;
      owner = fresh.get();
      records_.emplace(range.low, std::move(fresh));
    } else {
      owner = merge(overlapping, range, lost);
    }
  }
  auto* h = new handle{range, owner};
  owner->handles.push_back(h);
  ++handle_count_;
  return h;
}

region_registry::record* region_registry::merge(const std::vector<record*>& parts,
                                                byte_range extra, const char*& lost) {
  // Written patterns come home first: a merged buffer holds only the parts' valid bytes.
  for (record* part : parts) {
    byte_range zone = part->range;
    if (const char* why = fetch_patterns(*part, zone)) lost = why;
  }
  auto merged = std::make_unique<record>();
  merged->range = extra;
  for (const record* part : parts) {
    merged->range.low = std::min(merged->range.low, part->range.low);
    merged->range.high = std::max(merged->range.high, part->range.high);
  }
  for (record* part : parts) {
    for (handle* h : part->handles) {
      h->owner = merged.get();
      merged->handles.push_back(h);
    }
    for (const byte_range& stale : part->host_stale.ranges()) merged->host_stale.add(stale);
  }

  // Per device: one buffer mirroring the whole merged range (an existing one if a part's
  // buffer already does), and every part's valid bytes in it.
  for (record* part : parts) {
    for (auto& [device, part_copy] : part->copies) {
      if (merged->copies.count(device) != 0) continue;
      device_copy& into = merged->copies[device];
      for (record* other : parts) {
        auto it = other->copies.find(device);
        if (it != other->copies.end() && it->second.buffer->mirrors(merged->range)) {
          into.buffer = it->second.buffer;
          break;
        }
      }
      const char* why = nullptr;
      if (into.buffer == nullptr) into.buffer = allocate(device, merged->range, why);
      for (record* other : parts) {
        auto it = other->copies.find(device);
        if (it == other->copies.end()) continue;
        device_copy& from = it->second;
        for (const byte_range& valid : from.valid.ranges()) {
          if (into.buffer != nullptr && into.buffer != from.buffer) {
            why = backend_.copy(device, *into.buffer, *from.buffer, valid);
            if (why == nullptr) counts_.device_copy_bytes += valid.size();
          }
          if (into.buffer != nullptr && why == nullptr) {
            into.valid.add(valid);
            continue;
          }
          // No room or no copy on this device: the host gets the stale bytes instead.
          for (const byte_range& stale : merged->host_stale.within(valid)) {
            if (const char* failed = to_host(device, *from.buffer, stale)) {
              lost = failed;
              continue;
            }
            merged->host_stale.subtract(stale);
          }
        }
      }
      if (into.buffer == nullptr) merged->copies.erase(device);
    }
  }
  // A byte stale on the host is valid on some device; a device that failed above may have
  // been its only copy, in which case `lost` says so.
  record* result = merged.get();
  for (record* part : parts) records_.erase(part->range.low);
  records_.emplace(result->range.low, std::move(merged));
  return result;
}

const char* region_registry::fetch_patterns(record& r, byte_range& zone) {
  if (r.patterns.empty()) return nullptr;
  // The patterns whose hulls touch the zone, cascading through the hulls they bring in.
  std::vector<bool> taken(r.patterns.size(), false);
  bool any = false;
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t i = 0; i < r.patterns.size(); ++i) {
      const byte_range hull = r.patterns[i].hull;
      if (taken[i] || !hull.overlaps(zone)) continue;
      taken[i] = any = grew = true;
      zone = {std::min(zone.low, hull.low), std::max(zone.high, hull.high)};
    }
  }
  if (!any) return nullptr;
  // Oldest first: a later pattern's rows overwrite an earlier one's.
  for (std::size_t i = 0; i < r.patterns.size(); ++i) {
    if (!taken[i]) continue;
    const written_pattern& p = r.patterns[i];
    auto copy = r.copies.find(p.device);
    if (copy == r.copies.end() || copy->second.buffer == nullptr)
      return "written elements are on a device that no longer has a buffer for them";
    if (const char* why = to_host(p.device, *copy->second.buffer, p.rows)) return why;
  }
  // Rows and gaps are now current on the host; the gaps may differ on every device.
  std::size_t kept = 0;
  for (std::size_t i = 0; i < r.patterns.size(); ++i) {
    if (!taken[i]) {
      r.patterns[kept++] = r.patterns[i];
      continue;
    }
    r.host_stale.subtract(r.patterns[i].hull);
    for (auto& [device, copy] : r.copies) copy.valid.subtract(r.patterns[i].hull);
  }
  r.patterns.resize(kept);
  return nullptr;
}

const char* region_registry::fetch_stale(record& r, byte_range range) {
  byte_range zone = range;
  if (const char* lost = fetch_patterns(r, zone)) return lost;
  const char* lost = nullptr;
  for (const byte_range& stale : r.host_stale.within(range)) {
    for (auto& [device, copy] : r.copies) {
      for (const byte_range& piece : copy.valid.within(stale)) {
        if (!r.host_stale.covers(piece)) continue;  // fetched from an earlier device
        if (const char* why = to_host(device, *copy.buffer, piece)) {
          lost = why;
          continue;
        }
        r.host_stale.subtract(piece);
      }
    }
  }
  if (lost == nullptr && !r.host_stale.within(range).empty())
    lost = "bytes stale on the host are valid on no device";
  return lost;
}

const char* region_registry::leave_tracking(record& r, byte_range range) {
  const char* lost = fetch_stale(r, range);
  r.host_stale.subtract(range);
  for (auto& [device, copy] : r.copies) copy.valid.subtract(range);
  return lost;
}

const char* region_registry::release(handle* h) {
  record& r = *h->owner;
  r.handles.erase(std::find(r.handles.begin(), r.handles.end(), h));
  delete h;
  --handle_count_;
  if (r.handles.empty()) {
    ++changes_;
    const char* lost = leave_tracking(r, r.range);
    records_.erase(r.range.low);
    return lost;
  }

  // Another hold of the whole record keeps it as it is (a resident array's calls).
  for (const handle* other : r.handles)
    if (other->range == r.range) return nullptr;
  std::vector<byte_range> held;
  held.reserve(r.handles.size());
  for (const handle* other : r.handles) held.push_back(other->range);
  const std::vector<byte_range> parts = components(std::move(held));
  if (parts.size() == 1 && parts.front() == r.range) return nullptr;

  // Shrink to the parts, splitting where they fall apart; the gaps leave tracking.
  ++changes_;
  const char* lost = nullptr;
  std::uintptr_t next = r.range.low;
  for (const byte_range& part : parts) {
    if (next < part.low)
      if (const char* why = leave_tracking(r, {next, part.low})) lost = why;
    next = part.high;
  }
  if (next < r.range.high)
    if (const char* why = leave_tracking(r, {next, r.range.high})) lost = why;

  std::unique_ptr<record> old = std::move(records_.at(r.range.low));
  records_.erase(r.range.low);
  for (const byte_range& part : parts) {
    auto piece = std::make_unique<record>();
    piece->range = part;
    for (handle* other : old->handles) {
      if (!part.contains(other->range)) continue;
      other->owner = piece.get();
      piece->handles.push_back(other);
    }
    for (const byte_range& stale : old->host_stale.within(part)) piece->host_stale.add(stale);
    // A hull that left tracking in part came home whole (fetch_patterns), so each
    // remaining pattern lies inside one part.
    for (const written_pattern& p : old->patterns)
      if (part.contains(p.hull)) piece->patterns.push_back(p);
    for (const auto& [device, copy] : old->copies) {
      device_copy& shared = piece->copies[device];
      shared.buffer = copy.buffer;
      for (const byte_range& valid : copy.valid.within(part)) shared.valid.add(valid);
    }
    records_.emplace(part.low, std::move(piece));
  }
  return lost;
}

const device_buffer* region_registry::make_device_valid(device_id device, byte_range range,
                                                        const char*& why) {
  why = nullptr;
  record* r = record_containing(range);
  if (r == nullptr) {
    why = "memory not held by the residency registry";
    return nullptr;
  }
  device_copy& copy = r->copies[device];
  if (copy.buffer == nullptr) {
    ++changes_;
    copy.buffer = allocate(device, r->range, why);
    if (copy.buffer == nullptr) {
      r->copies.erase(device);
      return nullptr;
    }
  }
  // Already valid here, as a resident call's data is: nothing to look for.
  if (copy.valid.covers(range)) return copy.buffer.get();
  ++changes_;
  // Bytes whose only valid copy is on another device come through the host (which may
  // bring written patterns home, and with them make more bytes missing here).
  for (const byte_range& missing : copy.valid.missing_from(range)) {
    if (r->host_stale.within(missing).empty()) continue;
    if (const char* lost = fetch_stale(*r, missing)) {
      why = lost;
      return nullptr;
    }
  }
  for (const byte_range& missing : copy.valid.missing_from(range)) {
    if (const char* failed = to_device(device, *copy.buffer, missing)) {
      why = failed;
      return nullptr;
    }
    copy.valid.add(missing);
  }
  return copy.buffer.get();
}

const char* region_registry::mark_device_written(device_id device, byte_range range) {
  return mark_device_written(device, element_rows::dense_range(range));
}

void region_registry::mark_range_written(device_id device, byte_range range) {
  record* r = record_containing(range);
  if (r == nullptr) return;
  for (auto& [other, copy] : r->copies)
    if (other == device)
      copy.valid.add(range);
    else
      copy.valid.subtract(range);
  r->host_stale.add(range);
}

const char* region_registry::mark_device_written(device_id device, const element_rows& rows) {
  const byte_range hull = rows.hull();
  record* r = record_containing(hull);
  if (r == nullptr) return nullptr;
  bool touches = false;
  bool other_device = false;
  for (const written_pattern& p : r->patterns) {
    touches |= p.hull.overlaps(hull);
    other_device |= p.device != device && p.hull.overlaps(hull);
  }
  if (rows.dense() && !touches) {
    // A time loop's kernels write the same views again: nothing changes.
    if (written_only_on(*r, device, hull)) return nullptr;
    ++changes_;
    mark_range_written(device, hull);
    return nullptr;
  }
  ++changes_;
  // Patterns of another device, or too many patterns, come home before this one joins:
  // so patterns that overlap are all of one device, whose buffer has their latest bytes.
  if (other_device || r->patterns.size() >= max_patterns) {
    byte_range zone = other_device ? hull : r->range;
    if (const char* lost = fetch_patterns(*r, zone)) return lost;
  }
  // Bytes of the hull stale on the host outside every pattern's hull were written by an
  // earlier kernel: they join as dense patterns, so that inside hulls only rows are stale.
  interval_set earlier;
  for (const byte_range& stale : r->host_stale.within(hull)) earlier.add(stale);
  for (const written_pattern& p : r->patterns) earlier.subtract(p.hull);
  for (const byte_range& stale : earlier.ranges()) {
    interval_set left;
    left.add(stale);
    for (const auto& [holder, copy] : r->copies) {
      for (const byte_range& piece : copy.valid.within(stale)) {
        if (!left.covers(piece)) continue;
        r->patterns.push_back({holder, element_rows::dense_range(piece), piece});
        left.subtract(piece);
      }
    }
  }
  bool known = false;
  for (const written_pattern& p : r->patterns) known |= p.device == device && p.rows == rows;
  if (!known) {
    // A dense write over whole patterns of this device makes them redundant.
    if (rows.dense())
      std::erase_if(r->patterns, [&](const written_pattern& p) {
        return p.device == device && hull.contains(p.hull);
      });
    r->patterns.push_back({device, rows, hull});
  }
  mark_range_written(device, hull);
  return nullptr;
}

const char* region_registry::make_host_valid(byte_range range, bool drop_device_copies) {
  const char* lost = nullptr;
  for (record* r : records_overlapping(range)) {
    const byte_range part = intersect(range, r->range);
    // Stale bytes come home (patterns' hulls are stale too), and with the device copies
    // dropped, valid bytes stop being so.
    bool changing = r->host_stale.intersects(part);
    if (drop_device_copies)
      for (const auto& [device, copy] : r->copies) changing |= copy.valid.intersects(part);
    if (!changing) continue;
    ++changes_;
    if (const char* why = fetch_stale(*r, part)) lost = why;
    if (drop_device_copies && lost == nullptr)
      for (auto& [device, copy] : r->copies) copy.valid.subtract(part);
  }
  return lost;
}

void region_registry::abandon_device_copies(byte_range range) {
  ++changes_;
  for (record* r : records_overlapping(range)) {
    const byte_range part = intersect(range, r->range);
    // Written patterns that touch it are given up with it, hulls and all.
    std::erase_if(r->patterns, [&](const written_pattern& p) {
      if (!p.hull.overlaps(part)) return false;
      r->host_stale.subtract(p.hull);
      for (auto& [device, copy] : r->copies) copy.valid.subtract(p.hull);
      return true;
    });
    r->host_stale.subtract(part);
    for (auto& [device, copy] : r->copies) copy.valid.subtract(part);
  }
}

void region_registry::discard_device(device_id device, byte_range range) {
  ++changes_;
  for (record* r : records_overlapping(range)) {
    auto it = r->copies.find(device);
    if (it == r->copies.end()) continue;
    const byte_range part = intersect(range, r->range);
    // Keep the bytes no one else has; forget the rest.
    interval_set keep;
    for (const byte_range& stale : r->host_stale.within(part)) {
      bool elsewhere = false;
      for (const auto& [other, copy] : r->copies)
        elsewhere |= other != device && copy.valid.covers(stale);
      if (!elsewhere) keep.add(stale);
    }
    it->second.valid.subtract(part);
    for (const byte_range& kept : keep.ranges()) it->second.valid.add(kept);
  }
}

bool region_registry::tracked(std::uintptr_t address) const noexcept {
  return record_at(address) != nullptr;
}

bool region_registry::tracked_any(byte_range range) const noexcept {
  if (range.empty()) return false;
  auto it = records_.upper_bound(range.low);
  if (it != records_.begin() && std::prev(it)->second->range.high > range.low) return true;
  return it != records_.end() && it->first < range.high;
}

region_registry::pending_bytes region_registry::bytes_to_move(device_id device,
                                                             byte_range range) const {
  auto sum = [](const std::vector<byte_range>& ranges) {
    std::uint64_t bytes = 0;
    for (const byte_range& r : ranges) bytes += r.size();
    return bytes;
  };
  pending_bytes bytes;
  std::uint64_t tracked_bytes = 0;
  for (const record* r : records_overlapping(range)) {
    const byte_range part = intersect(range, r->range);
    tracked_bytes += part.size();
    std::uint64_t valid = 0;
    if (auto copy = r->copies.find(device); copy != r->copies.end())
      valid = sum(copy->second.valid.within(part));
    bytes.missing_on_device += part.size() - valid;
    // Inside the hulls of written patterns only their rows come home.
    interval_set stale;
    for (const byte_range& piece : r->host_stale.within(part)) stale.add(piece);
    for (const written_pattern& p : r->patterns) {
      if (!p.hull.overlaps(part)) continue;
      stale.subtract(p.hull);
      bytes.stale_on_host += p.rows.bytes();
    }
    bytes.stale_on_host += stale.bytes();
  }
  bytes.missing_on_device += range.size() - tracked_bytes;
  return bytes;
}

bool region_registry::host_stale_at(const record& r, std::uintptr_t address) const noexcept {
  if (!r.host_stale.contains(address)) return false;
  bool in_hull = false;
  for (const written_pattern& p : r.patterns) {
    if (p.hull.low > address || address >= p.hull.high) continue;
    if (p.rows.contains(address)) return true;
    in_hull = true;
  }
  return !in_hull;
}

bool region_registry::written_only_on(const record& r, device_id device,
                                      byte_range range) const noexcept {
  if (!r.host_stale.covers(range)) return false;
  bool held = false;
  for (const auto& [holder, copy] : r.copies) {
    if (holder == device ? !copy.valid.covers(range) : copy.valid.intersects(range)) return false;
    held |= holder == device;
  }
  return held;
}

bool region_registry::host_valid(std::uintptr_t address) const noexcept {
  const record* r = record_at(address);
  return r == nullptr || !host_stale_at(*r, address);
}

std::size_t region_registry::pattern_count(std::uintptr_t address) const noexcept {
  const record* r = record_at(address);
  return r != nullptr ? r->patterns.size() : 0;
}

bool region_registry::device_valid(device_id device, std::uintptr_t address) const noexcept {
  const record* r = record_at(address);
  if (r == nullptr) return false;
  auto it = r->copies.find(device);
  return it != r->copies.end() && it->second.valid.contains(address);
}

bool region_registry::any_host_stale() const noexcept {
  for (const auto& [low, r] : records_)
    if (!r->host_stale.empty()) return true;
  return false;
}

std::vector<byte_range> region_registry::record_ranges() const {
  std::vector<byte_range> ranges;
  for (const auto& [low, r] : records_) ranges.push_back(r->range);
  return ranges;
}

}  // namespace clpar::rt
