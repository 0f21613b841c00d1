// runtime/launch/work_size.hpp - the NDRange of a region call: global and local sizes.
//
// Dimension d of the nest (0 = outermost) is OpenCL dimension dims-1-d, so the innermost
// loop is get_global_id(0) and neighbouring work-items touch neighbouring memory of a
// C-order array.  Work-groups start at 256 (1-D), 32x8 (2-D) or 32x4x2 (3-D) in OpenCL
// dimension order, shrink to the iteration counts (next power of two) and to the device's
// limits by halving the outermost OpenCL dimensions first, keeping dimension 0 wide.  Each
// global size is the count rounded up to a multiple of its local size; the kernel returns
// for ids at or past the count.
#ifndef CLPAR_RUNTIME_LAUNCH_WORK_SIZE_HPP
#define CLPAR_RUNTIME_LAUNCH_WORK_SIZE_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

namespace clpar::rt {

struct work_size {
  unsigned dims = 1;
  std::size_t global[3] = {1, 1, 1};  ///< OpenCL dimension order
  std::size_t local[3] = {1, 1, 1};
};

/// `counts` in nest order (outermost first), 1 to 3 of them, none 0.  `max_group` is the
/// smaller of the kernel's and the device's work-group limit; `max_items` the device's
/// per-dimension limit.  Nullopt when a rounded size does not fit in size_t.
std::optional<work_size> choose_work_size(std::span<const std::uint64_t> counts,
                                          std::size_t max_group,
                                          std::span<const std::size_t, 3> max_items);

/// Shrinks `size` to at most `max_groups` work-groups (at least one), for a kernel that steps
/// through its dimensions by the global size: the outermost OpenCL dimensions lose groups
/// first, dimension 0 last, so neighbouring work-items still touch neighbouring memory.
void cap_work_groups(work_size& size, std::uint64_t max_groups);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_WORK_SIZE_HPP
