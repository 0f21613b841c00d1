// runtime/launch/inner_split.hpp - the split form of a kernel whose iterations reduce over
// an inner loop, and the shape a call gives it.
//
// The translator gives a region whose iteration reduces over a serial inner loop
// (`t += a(i, j) * x[j]` over j) a second form of its kernel (region_info::inner_split),
// compiled with CLPAR_LANES, CLPAR_ITEMS and CLPAR_LANES_FIRST defined: CLPAR_LANES
// work-items share one iteration, each running the inner loop's body for every
// CLPAR_LANES-th value, and combine their accumulators in local memory; a work-group
// takes CLPAR_ITEMS consecutive iterations of the innermost dimension.  Two layouts:
//
//   lanes first  the lanes of one iteration are neighbouring work-items.  For loops that
//                read along a row while neighbouring iterations read a row apart (atax's
//                A x): one work-item per iteration has each read a different row, while
//                the lanes read the row's consecutive elements together.
//   items first  neighbouring work-items take neighbouring iterations, as the general
//                form does, and lanes are a work-group's further rows.  For regions with
//                too few iterations to fill the device (atax's A^T y, 4200 iterations of
//                3800 steps each): each iteration's loop spreads over several work-items.
//
// The choice is automatic on GPUs only: on CPU devices a work-item per iteration already
// fills the cores, and work-group barriers cost more than they save.
// CLPAR_SPLIT_LANES=N (a power of two up to 256) takes the split form with N lanes on any
// device wherever a kernel has one (tests use it on PoCL); CLPAR_SPLIT_LANES=0 never.
#ifndef CLPAR_RUNTIME_LAUNCH_INNER_SPLIT_HPP
#define CLPAR_RUNTIME_LAUNCH_INNER_SPLIT_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "clpar/rt/region.hpp"
#include "launch/work_size.hpp"

namespace clpar::rt {

struct device_entry;

struct split_shape {
  unsigned lanes = 1;  ///< work-items per iteration, a power of two
  unsigned items = 1;  ///< iterations per work-group
  bool lanes_first = false;

  bool operator==(const split_shape&) const = default;
  unsigned group() const noexcept { return lanes * items; }
};

/// A shape CLPAR_SPLIT_LANES asks for: lanes 0 never splits; items 0 leaves them to the
/// layout (256 work-items a group lanes first, 32 iterations items first).
struct forced_split {
  unsigned lanes = 0;
  unsigned items = 0;
};

/// What the choice looks at, as plain values.
struct split_inputs {
  std::uint8_t layout = 0;      ///< region_info::inner_split
  std::uint64_t trips = 0;      ///< the inner loop's trip count (launch_request::inner_trips)
  std::uint64_t iterations = 0; ///< of the whole region
  bool unit_inner = false;      ///< every view's innermost stride is 1
  bool gpu = false;
  std::uint32_t compute_units = 0;
  std::size_t max_group = 0;    ///< the device's work-group limit
  std::optional<forced_split> forced;  ///< CLPAR_SPLIT_LANES
};

/// Lanes first, where the loop reads along rows, every view's innermost stride is 1 and the
/// loop has at least 64 steps: a quarter of the trip count in lanes (at least 4 steps each),
/// up to 256, and 256 work-items a group.  Otherwise items first, where the region has
/// fewer iterations than half the device holds at once (2048 work-items per compute unit):
/// lanes to fill it, up to 32 and at least 16 steps each, 256 work-items a group.
/// Nullopt: the general form.
std::optional<split_shape> choose_split(const split_inputs& in);

/// choose_split for a call of `request` on `device` (CLPAR_SPLIT_LANES read each call).
std::optional<split_shape> split_shape_of(const launch_request& request,
                                          const device_entry& device);

/// The build options that select the split form of `shape`.
std::string split_options(const split_shape& shape);

/// The NDRange of a split call: ceil(count / items) work-groups of lanes x items work-items
/// along the innermost dimension, one work-item per iteration (groups 1 wide) along the
/// others.  `counts` in nest order; nullopt when one is 0 (the kernel has no guard for an
/// empty range) or a size does not fit.
std::optional<work_size> split_work_size(const split_shape& shape,
                                         std::span<const std::uint64_t> counts,
                                         std::span<const std::size_t, 3> max_items);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_INNER_SPLIT_HPP
