// runtime/launch/kernel_form.hpp - which built form of a region's kernel a call runs.
//
// A region's kernel has its general form and, where the translator made them, forms built
// with options for calls whose views allow them: aligned rows (launch/aligned_rows.hpp),
// tiles of a product (launch/product_tiles.hpp), a split of an inner reduction
// (launch/inner_split.hpp), unit inner strides, 32-bit positions (launch/index_width.hpp),
// views taken as `restrict` pointers (launch/view_aliasing.hpp).
// A call runs the form its views allow where that form built (and, for the tiled and split
// forms, takes the work-group it needs); else the general form.
#ifndef CLPAR_RUNTIME_LAUNCH_KERNEL_FORM_HPP
#define CLPAR_RUNTIME_LAUNCH_KERNEL_FORM_HPP

#include <optional>
#include <string>

#include "clpar/rt/region.hpp"
#include "device/device_context.hpp"
#include "launch/aligned_rows.hpp"
#include "launch/index_width.hpp"
#include "launch/inner_split.hpp"
#include "launch/product_tiles.hpp"
#include "launch/view_aliasing.hpp"

namespace clpar::rt {

struct kernel_form {
  std::optional<row_layout> rows;    ///< the aligned-rows form's layout
  std::optional<tile_shape> tiles;   ///< the tiled form's shape
  std::optional<split_shape> split;  ///< the split form's shape
  bool unit_inner = false;           ///< built with unit inner strides
  bool index32 = false;              ///< built with 32-bit positions (launch/index_width.hpp)
  bool no_alias = false;             ///< built with restrict views (launch/view_aliasing.hpp)

  /// No options: the kernel as the translator wrote it.
  bool general() const noexcept {
    return !rows && !tiles && !split && !unit_inner && !index32 && !no_alias;
  }
  bool operator==(const kernel_form&) const = default;
};

/// The form `request`'s views allow on `context`'s device.
kernel_form form_for(const launch_request& request, const device_context& context);

/// The build options of `form` for `request`'s region; empty for the general form.
std::string form_build_options(const launch_request& request, const kernel_form& form);

/// Whether `entry`, built for `form`, can run the call: it built, and a tiled or split
/// form's work-group is within the kernel's limit (traced when not).  That limit is
/// CL_KERNEL_WORK_GROUP_SIZE, or the group the kernel declares (reqd_work_group_size, as
/// the tiled and split forms do) where the device allows it: NVIDIA's OpenCL answers 256
/// for every kernel and runs declared groups of 512 and 1024 (docs/performance.md).  A
/// declared group whose enqueue was refused (kernel_entry::group_refused, whatever the
/// kernel's limit said) is not usable.
bool form_usable(const kernel_entry* entry, const kernel_form& form, const region_info& info);

/// The kernel `request` runs on `context`'s device, built now if need be: the form its
/// views allow where usable, else the general form (`form` is then reset to it).  Its
/// `why` is set when even that failed to build.
///
/// A thread remembers the kernels of its last few lookups by device, region, form and
/// CLPAR_CL_BUILD_OPTIONS, so that a call made before finds its kernel without building
/// the options' text (a device call's whole overhead is a few microseconds).
kernel_entry& kernel_for_call(device_context& context, const launch_request& request,
                              kernel_form& form);

/// As kernel_for_call, without waiting for a build: a kernel not built yet is queued on
/// the background worker (device/background_start.hpp) and the answer is null meanwhile.
kernel_entry* kernel_if_built_for_call(device_context& context, const launch_request& request,
                                       kernel_form& form);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_KERNEL_FORM_HPP
