// runtime/launch/product_tiles.hpp - the tiled form of a product's kernel, and the shape a
// call gives it.
//
// The translator gives a two-dimensional region whose iteration reduces over an inner loop
// that reads only values the same along one of the two dimensions (a product:
// `s += a(i, k) * b(k, j)`) a tiled form of its kernel (region_info::product_tiles),
// compiled with seven constants: a work-group of CLPAR_GROUP_R x CLPAR_GROUP_C work-items
// takes a block of (CLPAR_TILE_R * CLPAR_GROUP_R) x (CLPAR_TILE_C * CLPAR_GROUP_C)
// iterations, each work-item CLPAR_TILE_R x CLPAR_TILE_C of them (in runs of CLPAR_RUN_R x
// CLPAR_RUN_C neighbours, the runs a group's runs apart); for every CLPAR_TILE_K
// steps of the loop the group loads the block's reads once into local memory, and each
// work-item runs the steps for its iterations from there, with their accumulators in
// registers.  Each read of the loop is then loaded from global memory once per block
// rather than once per iteration, and each value loaded from local memory serves
// CLPAR_TILE_R or CLPAR_TILE_C iterations.
//
// The choice is automatic on GPUs only, for loops of at least 16 steps, in 16x16 groups:
// 8x8 iterations per work-item (runs of 2, tiles 8 steps deep) or 4x4 (runs of 1, 16
// steps) where that still gives 3 work-groups per 2 compute units, else 2x2 (side by
// side, 16 steps) where that gives one per 2 compute units; else none (the split or the
// general form).
// CLPAR_PRODUCT_TILES=RxC[:GRxGC[:K]] takes the tiled form with that block on any device
// wherever a kernel has one (tests use it on PoCL); CLPAR_PRODUCT_TILES=0 never.
#ifndef CLPAR_RUNTIME_LAUNCH_PRODUCT_TILES_HPP
#define CLPAR_RUNTIME_LAUNCH_PRODUCT_TILES_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "clpar/rt/region.hpp"
#include "launch/work_size.hpp"

namespace clpar::rt {

struct device_entry;

struct tile_shape {
  unsigned rows = 1;         ///< iterations of dimension 0 per work-item
  unsigned cols = 1;         ///< iterations of dimension 1 per work-item
  unsigned group_rows = 16;  ///< work-items per group along dimension 0
  unsigned group_cols = 16;  ///< along dimension 1
  unsigned depth = 8;        ///< loop steps per tile
  /// A work-item's iterations lie in runs of this many neighbours along each dimension
  /// (at most the block: CLPAR_RUN_R, CLPAR_RUN_C), the runs a group's runs apart: 1
  /// spreads them a group apart, 16 puts a block up to 16 wide side by side.
  unsigned run = 16;

  unsigned run_rows() const noexcept { return run < rows ? run : rows; }
  unsigned run_cols() const noexcept { return run < cols ? run : cols; }

  bool operator==(const tile_shape&) const = default;

  unsigned group() const noexcept { return group_rows * group_cols; }
  std::uint64_t block_rows() const noexcept { return std::uint64_t{rows} * group_rows; }
  std::uint64_t block_cols() const noexcept { return std::uint64_t{cols} * group_cols; }
};

/// What the choice looks at, as plain values.
struct tile_inputs {
  bool has_form = false;        ///< region_info::product_tiles
  std::uint64_t rows = 0;       ///< dimension 0's iteration count
  std::uint64_t cols = 0;       ///< dimension 1's
  std::uint64_t trips = 0;      ///< the inner loop's trip count (launch_request::inner_trips)
  bool gpu = false;
  std::uint32_t compute_units = 0;
  std::size_t max_group = 0;    ///< the device's work-group limit
  /// CLPAR_PRODUCT_TILES: a shape (rows 0: never tile), or nullopt (the automatic choice).
  std::optional<tile_shape> forced;
};

/// The tiled form's shape for a call (the rules above), fitted into max_group by halving
/// the group's rows, then its columns; nullopt: not tiled.
std::optional<tile_shape> choose_tiles(const tile_inputs& in);

/// CLPAR_PRODUCT_TILES parsed: "0" never (rows 0), "RxC", "RxC:GRxGC" or "RxC:GRxGC:K"
/// (each 1 to 16, K 1 to 64), then "s" (runs of 1) or "rN" (runs of N, which must divide
/// R and C where smaller); nullopt when unset or malformed.
std::optional<tile_shape> parse_forced_tiles(const char* value);

/// What choose_tiles looks at for a call of `request` on `device` (CLPAR_PRODUCT_TILES read
/// each call).
tile_inputs tile_inputs_of(const launch_request& request, const device_entry& device);

/// choose_tiles for a call of `request` on `device`.
std::optional<tile_shape> tile_shape_of(const launch_request& request,
                                        const device_entry& device);

/// Other shapes that form trials (launch/form_trials.hpp) time against `rule`, the shape
/// choose_tiles gave (nullopt: the rules left the call untiled), on GPUs where the call can
/// take the tiled form and CLPAR_PRODUCT_TILES forces nothing: the rule's block with tiles
/// twice as deep (up to 64 steps); and where the rule's block is the smallest (2x2
/// iterations per work-item) or there is none, one iteration per work-item in 16x16
/// groups, 32 steps deep; with none, also the 2x2 block 32 steps deep.  On an H100 the
/// rule's 16 steps against 32 decided matmul 512 (36 against 29 us) and the MLP (91-95
/// against 77-80 us), and one iteration per work-item matmul 256 (the split form's 16-17
/// against 12-13 us), while deeper tiles lost on other shapes (docs/performance.md,
/// "Tile shapes chosen by timing").  Each fitted into max_group; none equal to `rule`.
std::vector<tile_shape> tile_alternatives(const tile_inputs& in,
                                          const std::optional<tile_shape>& rule);

/// The build options that select the tiled form of `shape`.
std::string tile_options(const tile_shape& shape);

/// The NDRange of a tiled call: a work-group of group_cols x group_rows work-items (OpenCL
/// dimension order) per block.  `counts` in nest order, two of them, none 0; nullopt when a
/// size does not fit.
std::optional<work_size> tile_work_size(const tile_shape& shape,
                                        std::span<const std::uint64_t> counts,
                                        std::span<const std::size_t, 3> max_items);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_PRODUCT_TILES_HPP
