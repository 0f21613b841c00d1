// runtime/memory/element_rows.cpp - a view's element bytes as rows at pitches.
#include "memory/element_rows.hpp"

#include <algorithm>
#include <cstdlib>
#include <utility>

#include "memory/span_set.hpp"

namespace clpar::rt {

std::optional<element_rows> element_rows::of(const view_arg& view) noexcept {
  bool overflow = false;
  const std::optional<byte_span> span = view_span(view, overflow);
  if (!span || view.rank > max_rank) return std::nullopt;

  // Pitches of the dimensions that repeat anything; view_span proved they fit.
  struct dimension {
    std::uint64_t count;
    std::uint64_t pitch;
  };
  dimension dims[max_rank];
  std::uint32_t n = 0;
  for (std::uint32_t d = 0; d < view.rank; ++d) {
    const auto magnitude = static_cast<std::uint64_t>(std::llabs(view.stride[d]));
    if (view.extent[d] > 1 && magnitude != 0)
      dims[n++] = {view.extent[d], magnitude * view.elem_size};
  }
  // By pitch, ascending (at most max_rank of them).
  for (std::uint32_t i = 1; i < n; ++i)
    for (std::uint32_t j = i; j > 0 && dims[j].pitch < dims[j - 1].pitch; --j)
      std::swap(dims[j], dims[j - 1]);

  element_rows rows;
  rows.low = span->low;
  rows.row_bytes = view.elem_size;
  for (std::uint32_t d = 0; d < n; ++d) {
    const dimension& dim = dims[d];
    if (rows.levels == 0 && dim.pitch == rows.row_bytes) {
      rows.row_bytes *= dim.count;
    } else if (rows.levels > 0 &&
               dim.pitch == rows.pitch[rows.levels - 1] * rows.count[rows.levels - 1]) {
      rows.count[rows.levels - 1] *= dim.count;
    } else {
      rows.count[rows.levels] = dim.count;
      rows.pitch[rows.levels] = dim.pitch;
      ++rows.levels;
    }
  }
  return rows;
}

element_rows element_rows::dense_range(byte_range range) noexcept {
  element_rows rows;
  rows.low = range.low;
  rows.row_bytes = range.size();
  return rows;
}

bool element_rows::nested() const noexcept {
  std::uint64_t below = row_bytes;  // bytes one copy of the levels so far spans
  for (std::uint32_t k = 0; k < levels; ++k) {
    if (pitch[k] < below) return false;
    below = pitch[k] * (count[k] - 1) + below;
  }
  return true;
}

byte_range element_rows::hull() const noexcept {
  std::uint64_t span = row_bytes;
  for (std::uint32_t k = 0; k < levels; ++k) span += pitch[k] * (count[k] - 1);
  return {low, low + span};
}

std::uint64_t element_rows::row_count() const noexcept {
  std::uint64_t rows = 1;
  for (std::uint32_t k = 0; k < levels; ++k) rows *= count[k];
  return rows;
}

bool element_rows::contains(std::uintptr_t address) const noexcept {
  const byte_range all = hull();
  if (address < all.low || address >= all.high) return false;
  if (nested()) {
    // Copies of each level are disjoint and ordered: the outermost copy holding the
    // address is found by division, then the next level inside it.
    std::uint64_t offset = address - low;
    for (std::uint32_t k = levels; k-- > 0;)
      offset -= std::min(offset / pitch[k], count[k] - 1) * pitch[k];
    return offset < row_bytes;
  }
  bool found = false;
  for_each_row([&](byte_range row) { found |= row.low <= address && address < row.high; });
  return found;
}

}  // namespace clpar::rt
