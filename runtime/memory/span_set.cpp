// runtime/memory/span_set.cpp - byte spans of views, merged into device buffers.
#include "memory/span_set.hpp"

#include <algorithm>
#include <array>

namespace clpar::rt {

std::optional<byte_span> view_span(const view_arg& view, bool& overflow) noexcept {
  overflow = false;
  for (std::uint32_t d = 0; d < view.rank; ++d)
    if (view.extent[d] == 0) return std::nullopt;

  // Element offsets of the lowest and highest element from element (0, ..., 0).
  std::int64_t lowest = 0;
  std::int64_t highest = 0;
  for (std::uint32_t d = 0; d < view.rank; ++d) {
    std::int64_t last = 0;
    if (view.extent[d] - 1 > static_cast<std::uint64_t>(INT64_MAX) ||
        __builtin_mul_overflow(static_cast<std::int64_t>(view.extent[d] - 1), view.stride[d],
                               &last)) {
      overflow = true;
      return std::nullopt;
    }
    std::int64_t& bound = last < 0 ? lowest : highest;
    if (__builtin_add_overflow(bound, last, &bound)) {
      overflow = true;
      return std::nullopt;
    }
  }
  std::int64_t low_bytes = 0;
  std::int64_t high_bytes = 0;
  const auto size = static_cast<std::int64_t>(view.elem_size);
  if (__builtin_mul_overflow(lowest, size, &low_bytes) ||
      __builtin_mul_overflow(highest, size, &high_bytes) ||
      __builtin_add_overflow(high_bytes, size, &high_bytes)) {
    overflow = true;
    return std::nullopt;
  }
  const auto base = reinterpret_cast<std::uintptr_t>(view.data);
  byte_span span;
  if (__builtin_add_overflow(base, low_bytes, &span.low) ||
      __builtin_add_overflow(base, high_bytes, &span.high)) {
    overflow = true;
    return std::nullopt;
  }
  span.written = view.written;
  return span;
}

span_set::span_set(std::span<const view_arg> views) : placements_(views.size()) {
  // Each non-empty view's span, tagged with the view's position.
  struct tagged {
    byte_span span;
    std::size_t view;
  };
  // On the stack for the few views of most calls.
  constexpr std::size_t few = 16;
  std::array<tagged, few> few_pieces;
  std::vector<tagged> many_pieces;
  if (views.size() > few) many_pieces.resize(views.size());
  std::span<tagged> all_pieces =
      views.size() > few ? std::span<tagged>(many_pieces.data(), views.size()) : few_pieces;
  std::size_t piece_count = 0;
  spans_.reserve(views.size());
  for (std::size_t i = 0; i < views.size(); ++i) {
    const view_arg& view = views[i];
    if (view.elem_size == 0 || view.rank == 0 || view.rank > max_rank) {
      why_ = "a view has no element size or an unsupported rank";
      return;
    }
    bool overflow = false;
    const std::optional<byte_span> span = view_span(view, overflow);
    if (overflow) {
      why_ = "a view's extents and strides overflow the address space";
      return;
    }
    if (span) all_pieces[piece_count++] = {*span, i};
  }
  const std::span<tagged> pieces = all_pieces.first(piece_count);
  std::sort(pieces.begin(), pieces.end(),
            [](const tagged& a, const tagged& b) { return a.span.low < b.span.low; });

  // Sweep by ascending low byte: a piece starting below the current span's end overlaps
  // it (directly or through an earlier piece) and joins it.
  for (const tagged& piece : pieces) {
    if (spans_.empty() || piece.span.low >= spans_.back().high) {
      spans_.push_back(piece.span);
    } else {
      byte_span& merged = spans_.back();
      merged.high = std::max(merged.high, piece.span.high);
      merged.written = merged.written || piece.span.written;
    }
    placements_[piece.view].span = spans_.size() - 1;
  }

  for (std::size_t i = 0; i < views.size(); ++i) {
    view_placement& placement = placements_[i];
    if (placement.span == view_placement::no_span) continue;
    const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(views[i].data);
    const std::uintptr_t bytes = start - spans_[placement.span].low;
    if (views[i].byte_offset) {
      placement.offset = static_cast<std::int64_t>(bytes);
      continue;
    }
    if (bytes % views[i].elem_size != 0) {
      why_ = "a view's offset in its merged buffer is not a whole number of elements";
      return;
    }
    placement.offset = static_cast<std::int64_t>(bytes / views[i].elem_size);
  }
}

}  // namespace clpar::rt
