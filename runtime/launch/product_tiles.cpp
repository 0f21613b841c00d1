// runtime/launch/product_tiles.cpp - choosing the tiled form's shape.
#include "launch/product_tiles.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>

#include "device/platform_list.hpp"
#include "support/environment.hpp"

namespace clpar::rt {
namespace {

/// Loops shorter than this gain nothing from staging their reads.
constexpr std::uint64_t min_trips = 16;

std::uint64_t blocks(std::uint64_t count, std::uint64_t block) {
  return count / block + (count % block != 0);
}

/// Reads one number of 1 to `max` at `at`, moving it past the digits.
bool number(const char*& at, unsigned max, unsigned& out) {
  char* end = nullptr;
  const unsigned long value = std::strtoul(at, &end, 10);
  if (end == at || value == 0 || value > max) return false;
  out = static_cast<unsigned>(value);
  at = end;
  return true;
}

/// Fits `shape` into `max_group` work-items by halving the group's rows, then columns.
std::optional<tile_shape> fitted(tile_shape shape, std::size_t max_group) {
  while (shape.group() > max_group && shape.group_rows > 1) shape.group_rows /= 2;
  while (shape.group() > max_group && shape.group_cols > 1) shape.group_cols /= 2;
  if (shape.group() > max_group) return std::nullopt;
  return shape;
}

}  // namespace

std::optional<tile_shape> parse_forced_tiles(const char* value) {
  if (value == nullptr || *value == '\0') return std::nullopt;
  if (value[0] == '0' && value[1] == '\0') return tile_shape{0, 0, 0, 0, 0, 0};
  tile_shape shape;
  const char* at = value;
  if (!number(at, 16, shape.rows) || *at++ != 'x' || !number(at, 16, shape.cols))
    return std::nullopt;
  if (*at == ':') {
    ++at;
    if (!number(at, 16, shape.group_rows) || *at++ != 'x' || !number(at, 16, shape.group_cols))
      return std::nullopt;
    if (*at == ':' && (++at, !number(at, 64, shape.depth))) return std::nullopt;
  }
  if (*at == 's') {
    shape.run = 1;
    ++at;
  } else if (*at == 'r' && (++at, !number(at, 16, shape.run))) {
    return std::nullopt;
  }
  if (*at != '\0' || shape.rows % shape.run_rows() != 0 || shape.cols % shape.run_cols() != 0)
    return std::nullopt;
  return shape;
}

std::optional<tile_shape> choose_tiles(const tile_inputs& in) {
  if (!in.has_form || in.rows == 0 || in.cols == 0 || in.max_group == 0) return std::nullopt;
  if (in.forced) {
    if (in.forced->rows == 0) return std::nullopt;
    return fitted(*in.forced, in.max_group);
  }
  if (!in.gpu || in.trips < min_trips) return std::nullopt;
  // 8x8 blocks (runs of 2, tiles 8 steps deep) and 4x4 (runs of 1) where they give at
  // least 3 work-groups per 2 compute units, else 2x2 (side by side) where that gives one
  // per 2: with fewer groups the compute units that get one idle while it runs.  Measured
  // on an H100 (docs/performance.md, "Products"): an 800x800 covariance runs faster in
  // 625 groups of 2x2 than in 169 of 4x4; matmul 2048 in 256 groups of 8x8 than in 1024
  // of 4x4.
  const std::uint64_t units = std::max<std::uint32_t>(in.compute_units, 1);
  for (const unsigned block : {8u, 4u, 2u}) {
    tile_shape shape;
    shape.rows = shape.cols = block;
    shape.depth = block == 8 ? 8 : 16;
    shape.run = block == 4 ? 1 : 2;
    const std::optional<tile_shape> fit = fitted(shape, in.max_group);
    if (!fit) return std::nullopt;
    const std::uint64_t groups =
        blocks(in.rows, fit->block_rows()) * blocks(in.cols, fit->block_cols());
    if (block > 2 ? 2 * groups >= 3 * units : 2 * groups >= units) return fit;
  }
  return std::nullopt;
}

tile_inputs tile_inputs_of(const launch_request& request, const device_entry& device) {
  const region_info& info = *request.info;
  tile_inputs in;
  if (!info.product_tiles || info.dims != 2) return in;
  in.has_form = true;
  in.rows = request.dims[0].count;
  in.cols = request.dims[1].count;
  in.trips = request.inner_trips;
  in.gpu = device.kind == device_kind::gpu;
  in.compute_units = device.compute_units;
  in.max_group = std::min(device.max_work_group_size,
                          device.max_work_item_sizes[0] * device.max_work_item_sizes[1]);
  in.forced = parse_forced_tiles(environment_value("CLPAR_PRODUCT_TILES"));
  return in;
}

std::optional<tile_shape> tile_shape_of(const launch_request& request,
                                        const device_entry& device) {
  return choose_tiles(tile_inputs_of(request, device));
}

std::vector<tile_shape> tile_alternatives(const tile_inputs& in,
                                          const std::optional<tile_shape>& rule) {
  std::vector<tile_shape> shapes;
  if (!in.has_form || in.forced || !in.gpu || in.trips < min_trips || in.rows == 0 ||
      in.cols == 0 || in.max_group == 0)
    return shapes;
  const auto add = [&](const tile_shape& shape) {
    const std::optional<tile_shape> fit = fitted(shape, in.max_group);
    if (fit && !(rule && *fit == *rule) &&
        std::find(shapes.begin(), shapes.end(), *fit) == shapes.end())
      shapes.push_back(*fit);
  };
  if (rule && rule->depth < 64) {
    tile_shape deeper = *rule;
    deeper.depth = std::min(2 * rule->depth, 64u);
    add(deeper);
  }
  if (!rule || (rule->rows <= 2 && rule->cols <= 2)) {
    tile_shape single;
    single.rows = single.cols = 1;
    single.depth = 32;
    add(single);
  }
  if (!rule) {
    tile_shape pairs;
    pairs.rows = pairs.cols = 2;
    pairs.depth = 32;
    pairs.run = 2;
    add(pairs);
  }
  return shapes;
}

std::string tile_options(const tile_shape& shape) {
  return "-D CLPAR_TILE_R=" + std::to_string(shape.rows) +
         " -D CLPAR_TILE_C=" + std::to_string(shape.cols) +
         " -D CLPAR_GROUP_R=" + std::to_string(shape.group_rows) +
         " -D CLPAR_GROUP_C=" + std::to_string(shape.group_cols) +
         " -D CLPAR_TILE_K=" + std::to_string(shape.depth) +
         " -D CLPAR_RUN_R=" + std::to_string(shape.run_rows()) +
         " -D CLPAR_RUN_C=" + std::to_string(shape.run_cols());
}

std::optional<work_size> tile_work_size(const tile_shape& shape,
                                        std::span<const std::uint64_t> counts,
                                        std::span<const std::size_t, 3> max_items) {
  if (counts.size() != 2 || shape.group_cols > max_items[0] || shape.group_rows > max_items[1])
    return std::nullopt;
  work_size size;
  size.dims = 2;
  const std::uint64_t along[2] = {blocks(counts[1], shape.block_cols()) * shape.group_cols,
                                  blocks(counts[0], shape.block_rows()) * shape.group_rows};
  for (unsigned k = 0; k < 2; ++k) {
    if (along[k] > std::numeric_limits<std::size_t>::max()) return std::nullopt;
    size.global[k] = static_cast<std::size_t>(along[k]);
  }
  size.local[0] = shape.group_cols;
  size.local[1] = shape.group_rows;
  return size;
}

}  // namespace clpar::rt
