// runtime/launch/view_aliasing.cpp - whether a call's kernel may take its views as
// `restrict` pointers.
#include "launch/view_aliasing.hpp"

#include <cstddef>
#include <cstring>
#include <optional>

#include "memory/span_set.hpp"
#include "support/environment.hpp"

namespace clpar::rt {

bool written_views_apart(std::span<const view_arg> views) noexcept {
  for (std::size_t w = 0; w < views.size(); ++w) {
    if (!views[w].written) continue;
    bool overflow = false;
    const std::optional<byte_span> written = view_span(views[w], overflow);
    if (overflow) return false;
    if (!written) continue;  // empty: touches nothing
    for (std::size_t o = 0; o < views.size(); ++o) {
      if (o == w) continue;
      const std::optional<byte_span> other = view_span(views[o], overflow);
      if (overflow) return false;
      if (other && other->low < written->high && written->low < other->high) return false;
    }
  }
  return true;
}

bool no_alias_of(const launch_request& request) {
  if (!request.info->no_alias) return false;
  const char* setting = environment_value("CLPAR_NO_ALIAS");
  if (setting != nullptr && std::strcmp(setting, "0") == 0) return false;
  return written_views_apart({request.views, request.view_count});
}

}  // namespace clpar::rt
