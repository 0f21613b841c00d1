// runtime/launch/view_aliasing.cpp - whether a call's kernel may take its views as
// `restrict` pointers.
#include "launch/view_aliasing.hpp"

#include <array>
#include <cstddef>
#include <cstring>
#include <optional>
#include <vector>

#include "memory/span_set.hpp"
#include "support/environment.hpp"

namespace clpar::rt {

bool written_views_apart(std::span<const view_arg> views) noexcept {
  // Each view's span once (on the stack for the few views of most calls, as span_set
  // keeps its pieces), then every written one against every other.
  constexpr std::size_t few = 16;
  std::array<std::optional<byte_span>, few> few_spans;
  std::vector<std::optional<byte_span>> many_spans;
  if (views.size() > few) {
    try {
      many_spans.resize(views.size());
    } catch (...) {
      return false;  // no memory to tell: the general form
    }
  }
  const std::span<std::optional<byte_span>> spans =
      views.size() > few ? std::span(many_spans) : std::span(few_spans).first(views.size());
  for (std::size_t v = 0; v < views.size(); ++v) {
    bool overflow = false;
    spans[v] = view_span(views[v], overflow);
    if (overflow) return false;
  }
  for (std::size_t w = 0; w < views.size(); ++w) {
    if (!views[w].written || !spans[w]) continue;  // an empty view touches nothing
    for (std::size_t o = 0; o < views.size(); ++o)
      if (o != w && spans[o] && spans[o]->low < spans[w]->high &&
          spans[w]->low < spans[o]->high)
        return false;
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
