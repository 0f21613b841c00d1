// runtime/memory/element_rows.hpp - the bytes of a view's elements, as rows of contiguous
// bytes repeated at fixed pitches.
//
// Terminology
//   row     a run of contiguous bytes that are all element bytes: one element, or several
//           that strides join (a C-order row, a whole contiguous view)
//   level   an outer dimension that repeats what lies below it: `count` copies, `pitch`
//           bytes apart; level 0 repeats rows
//   dense   no levels: the elements are exactly the bytes [low, low + row_bytes)
//   nested  each level's copies lie apart, each within its pitch: the rows are disjoint
//           and come in ascending address order (every view without overlapping
//           elements is nested)
//
// A view with negative strides touches the same bytes as with their magnitudes, so the
// form counts from the lowest element: dimensions of extent 1 and stride 0 are dropped,
// the rest sorted by pitch, and a dimension whose pitch is what the ones below it span is
// joined to them (a C-order view is one row; a column of a row-major matrix is rows of one
// element).  Copy-back uses it to bring home only a kernel's written elements, never the
// bytes between them (region_registry.hpp).
#ifndef CLPAR_RUNTIME_MEMORY_ELEMENT_ROWS_HPP
#define CLPAR_RUNTIME_MEMORY_ELEMENT_ROWS_HPP

#include <cstdint>
#include <optional>

#include "clpar/rt/region.hpp"
#include "memory/interval_set.hpp"

namespace clpar::rt {

struct element_rows {
  static constexpr std::uint32_t max_levels = max_rank;

  std::uintptr_t low = 0;       ///< first byte of the first row
  std::uint64_t row_bytes = 0;  ///< bytes per row
  std::uint32_t levels = 0;
  std::uint64_t count[max_levels] = {};  ///< per level, innermost first, each > 1
  std::uint64_t pitch[max_levels] = {};  ///< bytes, ascending, each > 0

  /// The rows of `view`'s elements; nullopt for an empty view or one whose extents and
  /// strides overflow the address space.
  static std::optional<element_rows> of(const view_arg& view) noexcept;
  /// The bytes of `range` as one row.
  static element_rows dense_range(byte_range range) noexcept;

  bool dense() const noexcept { return levels == 0; }
  bool nested() const noexcept;
  /// From the first byte of the first row to just past the last byte of the last row.
  byte_range hull() const noexcept;
  std::uint64_t row_count() const noexcept;
  /// Bytes of all rows (a byte of rows that overlap counts once per row).
  std::uint64_t bytes() const noexcept { return row_count() * row_bytes; }
  bool contains(std::uintptr_t address) const noexcept;

  /// Calls `f(at, count)` for every run of rows along level 0: `count` rows, the first at
  /// `at`, pitch[0] apart (one run of one row when dense).  Ascending when nested.
  template <class F>
  void for_each_run(F&& f) const {
    if (levels == 0) {
      f(low, std::uint64_t{1});
      return;
    }
    std::uint64_t index[max_levels] = {};  // of the levels above level 0
    for (;;) {
      std::uintptr_t at = low;
      for (std::uint32_t k = 1; k < levels; ++k) at += index[k] * pitch[k];
      f(at, count[0]);
      std::uint32_t k = 1;
      while (k < levels && ++index[k] == count[k]) index[k++] = 0;
      if (k >= levels) return;
    }
  }

  /// Calls `f(byte_range)` for every row, in ascending address order when nested.
  template <class F>
  void for_each_row(F&& f) const {
    for_each_run([&](std::uintptr_t at, std::uint64_t rows) {
      for (std::uint64_t i = 0; i < rows; ++i, at += pitch[0]) f(byte_range{at, at + row_bytes});
    });
  }

  bool operator==(const element_rows&) const = default;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_ELEMENT_ROWS_HPP
