// runtime/launch/inner_split.cpp - choosing the split form's shape.
#include "launch/inner_split.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "device/platform_list.hpp"
#include "launch/aligned_rows.hpp"
#include "support/environment.hpp"

namespace clpar::rt {
namespace {

constexpr unsigned max_lanes = 256;
/// Work-items per group of the automatic shapes, and of the widest (NVIDIA's GPUs run it
/// though their CL_KERNEL_WORK_GROUP_SIZE says 256; launch/kernel_form.hpp).
constexpr unsigned group_items = 256;
constexpr unsigned large_group_items = 1024;
/// Lanes per iteration of the items-first layout, at most.
constexpr unsigned max_column_lanes = 64;
/// Work-items per compute unit that fill a GPU (NVIDIA's 2048 resident threads per SM).
constexpr std::uint64_t items_per_compute_unit = 2048;

unsigned floor_power_of_two(std::uint64_t value) {
  unsigned power = 1;
  while (power <= value / 2 && power < (1u << 30)) power <<= 1;
  return power;
}

/// Fits `shape` into `max_group` work-items by taking fewer items, then fewer lanes.
std::optional<split_shape> fitted(split_shape shape, std::size_t max_group) {
  while (shape.group() > max_group && shape.items > 1) shape.items /= 2;
  while (shape.group() > max_group && shape.lanes > 1) shape.lanes /= 2;
  if (shape.group() > max_group) return std::nullopt;
  return shape;
}

/// CLPAR_SPLIT_LANES: "N" or "NxM" (N lanes, M items), N a power of two up to 256.
std::optional<forced_split> forced_shape() {
  const char* value = environment_value("CLPAR_SPLIT_LANES");
  if (value == nullptr || *value == '\0') return std::nullopt;
  char* end = nullptr;
  forced_split forced;
  const unsigned long lanes = std::strtoul(value, &end, 10);
  if (end == value || lanes > max_lanes || (lanes & (lanes - 1)) != 0) return std::nullopt;
  forced.lanes = static_cast<unsigned>(lanes);
  if (*end == 'x') {
    const char* items_at = end + 1;
    const unsigned long items = std::strtoul(items_at, &end, 10);
    if (end == items_at || items == 0 || items > 1024) return std::nullopt;
    forced.items = static_cast<unsigned>(items);
  }
  if (*end != '\0') return std::nullopt;
  return forced;
}

}  // namespace

std::optional<split_shape> choose_split(const split_inputs& in) {
  if (in.layout == 0 || in.iterations == 0 || in.max_group == 0) return std::nullopt;
  const bool along_rows = in.layout == 2 && in.unit_inner;
  if (in.forced) {
    if (in.forced->lanes == 0) return std::nullopt;
    split_shape shape;
    shape.lanes = in.forced->lanes;
    shape.lanes_first = along_rows;
    shape.items = in.forced->items != 0 ? in.forced->items
                  : along_rows       ? std::max(1u, group_items / shape.lanes)
                                     : 32;
    return fitted(shape, in.max_group);
  }
  if (!in.gpu) return std::nullopt;
  const std::uint64_t fill = items_per_compute_unit * std::max<std::uint32_t>(in.compute_units, 1);
  if (along_rows && in.trips >= 32) {
    split_shape shape;
    shape.lanes = std::clamp(floor_power_of_two(fill / in.iterations), 8u,
                             std::min(max_lanes, floor_power_of_two(in.trips / 2)));
    shape.items = group_items / shape.lanes;
    shape.lanes_first = true;
    return fitted(shape, in.max_group);
  }
  if (in.iterations >= fill || in.trips < 128) return std::nullopt;
  split_shape shape;
  shape.lanes = std::min({max_column_lanes,
                          std::max(4u, floor_power_of_two(fill / in.iterations / 2)),
                          floor_power_of_two(in.trips / 16)});
  shape.items = group_items / shape.lanes;
  // Few iterations of long loops (32 lanes or more) take the widest group: 64 lanes by 16
  // iterations where that still leaves a work-group for every compute unit (atax's A^T y
  // went from 34 to 29 us on an H100), 128 by 8 where 64 lanes each would fill no more
  // than a quarter of the device (256 columns of 16384 steps: 26 to 22 us).
  if (shape.lanes >= max_column_lanes / 2 && in.max_group >= large_group_items) {
    const split_shape wide{max_column_lanes, large_group_items / max_column_lanes, false};
    const split_shape widest{2 * max_column_lanes, large_group_items / (2 * max_column_lanes),
                             false};
    if (fill / in.iterations >= 4 * max_column_lanes && in.trips / 16 >= widest.lanes)
      return widest;
    if (in.trips / 16 >= wide.lanes &&
        in.iterations / wide.items >= std::max<std::uint32_t>(in.compute_units, 1))
      return wide;
  }
  return fitted(shape, in.max_group);
}

std::optional<split_shape> split_shape_of(const launch_request& request,
                                          const device_entry& device) {
  const region_info& info = *request.info;
  if (info.inner_split == 0) return std::nullopt;
  split_inputs in;
  in.layout = info.inner_split;
  in.trips = request.inner_trips;
  in.iterations = iteration_count(request);
  in.unit_inner = unit_inner_of(request);
  in.gpu = device.kind == device_kind::gpu;
  in.compute_units = device.compute_units;
  in.max_group = std::min(device.max_work_group_size, device.max_work_item_sizes[0]);
  in.forced = forced_shape();
  return choose_split(in);
}

std::string split_options(const split_shape& shape) {
  return "-D CLPAR_LANES=" + std::to_string(shape.lanes) +
         " -D CLPAR_ITEMS=" + std::to_string(shape.items) +
         " -D CLPAR_LANES_FIRST=" + (shape.lanes_first ? "1" : "0");
}

std::optional<work_size> split_work_size(const split_shape& shape,
                                         std::span<const std::uint64_t> counts,
                                         std::span<const std::size_t, 3> max_items) {
  if (counts.empty() || counts.size() > 3) return std::nullopt;
  // The kernel has no guard for an empty range or for work-items past the other
  // dimensions' counts (a return before its barriers, which PoCL mishandles): every
  // work-group it is launched with must have iterations.
  for (const std::uint64_t count : counts)
    if (count == 0) return std::nullopt;
  work_size size;
  size.dims = static_cast<unsigned>(counts.size());
  const std::uint64_t inner = counts[counts.size() - 1];
  const std::uint64_t groups = inner / shape.items + (inner % shape.items != 0);
  std::uint64_t global = 0;
  if (__builtin_mul_overflow(groups, std::uint64_t{shape.group()}, &global) ||
      global > std::numeric_limits<std::size_t>::max() || shape.group() > max_items[0])
    return std::nullopt;
  size.global[0] = static_cast<std::size_t>(global);
  size.local[0] = shape.group();
  for (unsigned k = 1; k < size.dims; ++k) {
    const std::uint64_t count = counts[size.dims - 1 - k];
    if (count > std::numeric_limits<std::size_t>::max()) return std::nullopt;
    size.global[k] = static_cast<std::size_t>(count);
    size.local[k] = 1;
  }
  return size;
}

}  // namespace clpar::rt
