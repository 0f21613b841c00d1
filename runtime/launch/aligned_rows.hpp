// runtime/launch/aligned_rows.hpp - which form of its kernel a call takes: the aligned-rows
// form of a vector slice statement, the unit-inner form of any kernel, or the general one.
//
// The translator gives the kernel of an element-wise assignment (a vector slice statement,
// or a prange nest whose iteration is one: lib/Analysis/ElementwiseRows.h;
// region_info::aligned_rows) a second form, compiled when the program is built with
// CLPAR_ROWS4 defined: each work-item takes the four iterations of the innermost
// dimension that fall on one aligned four-element vector of the destination (the one view
// written), loads each other view's elements as the aligned vectors around its own four
// and shifts them into place in registers; the first and last work-items of a row go
// lane by lane.  The shifts are build-time constants, so a call
// that needs other shifts builds (or finds in the kernel cache) another program, up to
// device_context::max_variants per kernel and device; past that, calls with new shifts
// take the general form.  On an H200 this took the 5-point stencil through 2-D slices
// from 61% of the device's copy bandwidth to 94%, where the hand-written shape of it
// measured 94-95% (bench/slices, bench/limits/kernel_shapes' stencil_kshift;
// docs/performance.md).
//
// The form applies when the innermost dimension steps by 1, no dimension is empty, one
// view is written, and every view has 4- or 8-byte elements, naturally aligned, its
// innermost stride 1 and every other stride a multiple of 4: then every row of a view lies
// the same way on four-element boundaries.  Positions are taken from host addresses:
// device buffers mirror host memory from a multiple of region_registry::buffer_alignment
// (256 bytes) and are whole multiples of it long, so a view's device offset is its host
// element address modulo 4, and every aligned vector holding one of its elements lies
// inside its buffer.  launch_on_device checks the device offsets against the layout before
// it launches.
#ifndef CLPAR_RUNTIME_LAUNCH_ALIGNED_ROWS_HPP
#define CLPAR_RUNTIME_LAUNCH_ALIGNED_ROWS_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

struct row_layout {
  /// How far the destination's element (0, ..., 0) lies past a four-element boundary (0
  /// to 3; the kernel takes it from the destination's offset).
  unsigned lead = 0;
  /// How far the destination's element at the innermost dimension's first value lies
  /// past a four-element boundary (the kernel adds that value to its offset).
  unsigned start = 0;
  /// Per view, how far its element (0, ..., 0) lies past the destination's, modulo 4
  /// (CLPAR_SHIFT<view>; 0 for the destination).
  std::vector<unsigned> shift;

  bool operator==(const row_layout&) const = default;

  /// Work-items the innermost dimension of `count` iterations takes (four each, the first
  /// of them `start` short).
  std::uint64_t items(std::uint64_t count) const noexcept { return (count + start + 3) / 4; }
  /// Whether a view at device element offset `offset` lies where the layout says view
  /// `view` does.
  bool places(std::size_t view, std::int64_t offset) const noexcept {
    return ((offset - static_cast<std::int64_t>(lead + shift[view])) & 3) == 0;
  }
};

/// The layout of `request`'s views when its kernel has the aligned-rows form and the call
/// meets the conditions above; nullopt otherwise.
std::optional<row_layout> aligned_rows_of(const launch_request& request);

/// The build options that select the aligned-rows form for `layout`'s shifts.
std::string aligned_rows_options(const row_layout& layout);

/// Whether `request`'s kernel has the unit-inner form (region_info::unit_inner) and every
/// view of the call has innermost stride 1 or no elements: built with CLPAR_UNIT_INNER,
/// the kernel multiplies no index by that stride (jacobi-2d's step on an H200: 1.054 ms
/// against 1.170 ms, bench/limits/kernel_shapes).  The aligned-rows form assumes it too.
bool unit_inner_of(const launch_request& request);

/// Whether the form a call takes is built with CLPAR_UNIT_INNER: the aligned-rows form
/// (`rows`) keeps the region's unit-inner build, another form needs unit_inner_of.
bool unit_inner_form(const launch_request& request, const std::optional<row_layout>& rows);

/// The build options of the form a call takes: the aligned-rows form's for `rows`, else
/// the unit-inner form's where unit_inner_of holds, else none (the general form).
std::string form_options(const launch_request& request, const std::optional<row_layout>& rows);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_ALIGNED_ROWS_HPP
