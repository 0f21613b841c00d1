// clpar/resident.hpp - clpar::resident, keeping views' memory on the device across calls.
//
// `clpar::resident keep(a, b);` asks the runtime to keep the memory of a and b on the device
// until keep is destroyed (SPEC 1.5).  With the header alone there is no device, so the
// constructor does nothing.  Write it with a name: `clpar::resident(a);` would declare a
// variable named a, which is why at least one view is required and why the type is
// [[nodiscard]] (`clpar::resident{a};` warns: it ends at once).
#ifndef CLPAR_RESIDENT_HPP
#define CLPAR_RESIDENT_HPP

#include <type_traits>

#include "clpar/view.hpp"

namespace clpar {

class [[nodiscard]] resident {
 public:
  template <class First, class... More>
    requires(detail::is_view_v<std::remove_cvref_t<First>> &&
             (detail::is_view_v<std::remove_cvref_t<More>> && ...))
  [[nodiscard]] explicit resident(const First&, const More&...) noexcept {}

  resident(const resident&) = delete;
  resident& operator=(const resident&) = delete;
  ~resident() = default;
};

}  // namespace clpar

#endif  // CLPAR_RESIDENT_HPP
