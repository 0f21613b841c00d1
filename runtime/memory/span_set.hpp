// runtime/memory/span_set.hpp - the host memory one region call touches, as device buffers.
//
// Terminology
//   byte span     the half-open byte range [low, high) a view can touch: from its lowest to
//                 just past its highest element, whatever the signs of its strides
//   merged span   the union of byte spans that overlap, cascading (a overlaps b, b overlaps
//                 c: one span), as CEP 525 merges partly overlapping regions.  Each merged
//                 span becomes one device buffer
//   placement     where a view lives in its merged span: the span's index and the element
//                 offset of the view's element (0, ..., 0) from the span's low byte
//
// Views of the same memory, or of overlapping memory, so share one buffer and the kernel
// sees one address space for them, as the host does.  Spans that merely touch stay apart.
// An empty view (some extent 0) touches nothing and has no span.
//
// The call cannot use a device (why() says so) when a view's byte offset from its merged
// span is not a multiple of its element size (the kernel could not address it as a T*),
// when a view's extents and strides overflow the address space, or for a malformed view.
#ifndef CLPAR_RUNTIME_MEMORY_SPAN_SET_HPP
#define CLPAR_RUNTIME_MEMORY_SPAN_SET_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

struct byte_span {
  std::uintptr_t low = 0;
  std::uintptr_t high = 0;  ///< one past the last byte
  bool written = false;     ///< some view in it has view_arg::written

  std::size_t size() const noexcept { return high - low; }
  void* data() const noexcept { return reinterpret_cast<void*>(low); }
};

struct view_placement {
  static constexpr std::size_t no_span = static_cast<std::size_t>(-1);
  std::size_t span = no_span;  ///< index into spans(); no_span for an empty view
  std::int64_t offset = 0;     ///< offset of the view's element (0, ..., 0), in elements or
                               ///< (view_arg::byte_offset) bytes
};

/// The byte span of one view; nullopt for an empty view.  `overflow` is set when extents and
/// strides do not fit the address space.
std::optional<byte_span> view_span(const view_arg& view, bool& overflow) noexcept;

class span_set {
 public:
  explicit span_set(std::span<const view_arg> views);

  /// Null when every view has a placement; otherwise why the call must run on the host.
  const char* why() const noexcept { return why_; }
  std::span<const byte_span> spans() const noexcept { return spans_; }
  std::span<const view_placement> placements() const noexcept { return placements_; }

 private:
  std::vector<byte_span> spans_;            ///< merged, ascending by address
  std::vector<view_placement> placements_;  ///< one per view, in the views' order
  const char* why_ = nullptr;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_SPAN_SET_HPP
