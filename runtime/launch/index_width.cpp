// runtime/launch/index_width.cpp - whether a call's kernel may compute its accesses'
// positions in 32 bits.
#include "launch/index_width.hpp"

#include <cstdint>
#include <cstring>
#include <limits>

#include "support/environment.hpp"

namespace clpar::rt {

bool positions_fit_32(const view_arg& view) noexcept {
  constexpr std::uint64_t limit = std::numeric_limits<std::int32_t>::max();
  if (view.rank > max_rank) return false;
  for (std::uint32_t d = 0; d < view.rank; ++d)
    if (view.extent[d] == 0) return true;  // never accessed
  std::uint64_t reach = 0;
  for (std::uint32_t d = 0; d < view.rank; ++d) {
    const std::uint64_t last = view.extent[d] - 1;
    if (last > limit) return false;
    const std::int64_t stride = view.stride[d];
    // |stride| without overflow at INT64_MIN.
    const std::uint64_t step = stride < 0 ? 0 - static_cast<std::uint64_t>(stride)
                                          : static_cast<std::uint64_t>(stride);
    std::uint64_t span = 0;
    if (__builtin_mul_overflow(last, step, &span) || __builtin_add_overflow(reach, span, &reach))
      return false;
    if (reach > limit) return false;
  }
  return true;
}

namespace {
/// index32_of with CLPAR_INDEX32's value already read.
bool index32_allowed(const launch_request& request, const char* setting) {
  if (!request.info->index32) return false;
  if (setting != nullptr && std::strcmp(setting, "0") == 0) return false;
  for (std::size_t v = 0; v < request.view_count; ++v)
    if (!positions_fit_32(request.views[v])) return false;
  return true;
}
}  // namespace

bool index32_of(const launch_request& request) {
  return index32_allowed(request, environment_value("CLPAR_INDEX32"));
}

bool index32_by_rule(const launch_request& request, bool cpu_device) {
  const char* setting = environment_value("CLPAR_INDEX32");
  if (!index32_allowed(request, setting)) return false;
  return !cpu_device || (setting != nullptr && std::strcmp(setting, "1") == 0);
}

}  // namespace clpar::rt
