// runtime/launch/aligned_rows.cpp - the aligned-rows layout of a call's views.
#include "launch/aligned_rows.hpp"

#include "memory/region_registry.hpp"

namespace clpar::rt {

static_assert(region_registry::buffer_alignment % (4 * 8) == 0,
              "device buffers must start on a four-element boundary of 8-byte elements");

std::optional<row_layout> aligned_rows_of(const launch_request& request) {
  const region_info& info = *request.info;
  if (!info.aligned_rows || info.dims < 1 || request.view_count == 0) return std::nullopt;
  for (unsigned d = 0; d < info.dims; ++d)
    if (request.dims[d].count == 0) return std::nullopt;
  const dim_arg& inner = request.dims[info.dims - 1];
  if (inner.step != 1) return std::nullopt;

  // The destination: the one view written.
  std::size_t destination = request.view_count;
  for (std::size_t v = 0; v < request.view_count; ++v)
    if (request.views[v].written) {
      if (destination != request.view_count) return std::nullopt;
      destination = v;
    }
  if (destination == request.view_count) return std::nullopt;

  row_layout layout;
  layout.shift.resize(request.view_count);
  const std::uint32_t elem_size = request.views[destination].elem_size;
  // Each view's first element, in elements; then the shifts against the destination's.
  for (std::size_t v = 0; v < request.view_count; ++v) {
    const view_arg& view = request.views[v];
    if (view.elem_size != elem_size) return std::nullopt;
    if (view.elem_size != 4 && view.elem_size != 8) return std::nullopt;
    if (view.rank != info.dims || view.data == nullptr) return std::nullopt;
    const auto address = reinterpret_cast<std::uintptr_t>(view.data);
    if (address % view.elem_size != 0) return std::nullopt;
    if (view.stride[view.rank - 1] != 1) return std::nullopt;
    for (std::uint32_t d = 0; d + 1 < view.rank; ++d)
      if (view.stride[d] % 4 != 0) return std::nullopt;
    layout.shift[v] = static_cast<unsigned>((address / view.elem_size) & 3);
  }
  layout.lead = layout.shift[destination];
  layout.start = (layout.lead + static_cast<unsigned>(inner.first & 3)) & 3;
  for (unsigned& shift : layout.shift) shift = (shift - layout.lead) & 3;
  return layout;
}

bool unit_inner_of(const launch_request& request) {
  if (!request.info->unit_inner) return false;
  for (std::size_t v = 0; v < request.view_count; ++v) {
    const view_arg& view = request.views[v];
    if (view.rank == 0 || view.stride[view.rank - 1] == 1) continue;
    bool empty = false;
    for (std::uint32_t d = 0; d < view.rank; ++d) empty |= view.extent[d] == 0;
    if (!empty) return false;
  }
  return true;
}

bool unit_inner_form(const launch_request& request, const std::optional<row_layout>& rows) {
  return rows ? request.info->unit_inner : unit_inner_of(request);
}

std::string form_options(const launch_request& request, const std::optional<row_layout>& rows) {
  const char* const unit = unit_inner_form(request, rows) ? "-D CLPAR_UNIT_INNER" : "";
  if (rows) return aligned_rows_options(*rows) + (*unit != '\0' ? " " : "") + unit;
  return unit;
}

std::string aligned_rows_options(const row_layout& layout) {
  std::string options = "-D CLPAR_ROWS4";
  for (std::size_t v = 0; v < layout.shift.size(); ++v)
    options += " -D CLPAR_SHIFT" + std::to_string(v) + "=" + std::to_string(layout.shift[v]);
  return options;
}

}  // namespace clpar::rt
