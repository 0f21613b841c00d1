// test/unit/runtime/launch/product_tiles_test.cpp - the tiled form's shape: when a call takes
// it, with which block per work-item, CLPAR_PRODUCT_TILES, and its NDRange.
#include "launch/product_tiles.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace clpar::rt {
namespace {

/// A product of rows x cols iterations with a loop of `trips` steps on an H100 (132
/// compute units).
tile_inputs gpu_call(std::uint64_t rows, std::uint64_t cols, std::uint64_t trips) {
  tile_inputs in;
  in.has_form = true;
  in.rows = rows;
  in.cols = cols;
  in.trips = trips;
  in.gpu = true;
  in.compute_units = 132;
  in.max_group = 1024;
  return in;
}

TEST(ProductTiles, LargestBlockThatKeepsTheDeviceBusy) {
  // matmul 2048: 256 groups of 128x128 (8x8 per work-item in runs of 2, 8 steps a tile).
  const auto big = choose_tiles(gpu_call(2048, 2048, 2048));
  ASSERT_TRUE(big.has_value());
  EXPECT_EQ(big->rows, 8u);
  EXPECT_EQ(big->cols, 8u);
  EXPECT_EQ(big->group(), 256u);
  EXPECT_EQ(big->depth, 8u);
  EXPECT_EQ(big->run, 2u);
  // 1024 would give 8x8 only 64 groups: 4x4 (a group apart, 16 steps), 256 groups.
  const auto mid = choose_tiles(gpu_call(1024, 1024, 1024));
  EXPECT_EQ(mid->rows, 4u);
  EXPECT_EQ(mid->run, 1u);
  EXPECT_EQ(mid->depth, 16u);
  // gemm 1000x1100: 4x4 in 16 x 18 = 288 groups, 198 being 3 per 2 compute units.
  EXPECT_EQ(choose_tiles(gpu_call(1000, 1100, 1200))->rows, 4u);
  // covariance 800x800: 169 groups of 4x4 are too few; 625 of 2x2, side by side.
  const auto small = choose_tiles(gpu_call(800, 800, 1000));
  ASSERT_TRUE(small.has_value());
  EXPECT_EQ(small->rows, 2u);
  EXPECT_EQ(small->run_rows(), 2u);
  // 128 rows of 1024: 128 groups of 2x2, one per 2 compute units at least.
  EXPECT_EQ(choose_tiles(gpu_call(128, 1024, 1024))->rows, 2u);
}

TEST(ProductTiles, SmallProductsShortLoopsAndCpusKeepTheOtherForms) {
  EXPECT_FALSE(choose_tiles(gpu_call(256, 256, 256)).has_value());  // 64 groups of 2x2
  EXPECT_FALSE(choose_tiles(gpu_call(4096, 4096, 15)).has_value());  // too short a loop
  tile_inputs cpu = gpu_call(2048, 2048, 2048);
  cpu.gpu = false;
  EXPECT_FALSE(choose_tiles(cpu).has_value());
  tile_inputs none = gpu_call(2048, 2048, 2048);
  none.has_form = false;
  EXPECT_FALSE(choose_tiles(none).has_value());
}

TEST(ProductTiles, AlternativesForTrialsDeepenTheRuleAndTrySmallerBlocks) {
  // matmul 512: the rule's 2x2 block 16 steps deep; trials also time it 32 deep and one
  // iteration per work-item, 32 deep.
  const tile_inputs mid = gpu_call(512, 512, 512);
  const std::optional<tile_shape> rule = choose_tiles(mid);
  ASSERT_TRUE(rule.has_value());
  ASSERT_EQ(rule->rows, 2u);
  const std::vector<tile_shape> others = tile_alternatives(mid, rule);
  ASSERT_EQ(others.size(), 2u);
  tile_shape deeper = *rule;
  deeper.depth = 32;
  EXPECT_EQ(others[0], deeper);
  EXPECT_EQ(others[1].rows, 1u);
  EXPECT_EQ(others[1].cols, 1u);
  EXPECT_EQ(others[1].group(), 256u);
  EXPECT_EQ(others[1].depth, 32u);
  // matmul 2048: only the rule's 8x8 block, 16 steps deep instead of 8.
  const tile_inputs big = gpu_call(2048, 2048, 2048);
  const std::vector<tile_shape> big_others = tile_alternatives(big, choose_tiles(big));
  ASSERT_EQ(big_others.size(), 1u);
  EXPECT_EQ(big_others[0].rows, 8u);
  EXPECT_EQ(big_others[0].depth, 16u);
  // matmul 256, untiled by the rule: one iteration per work-item and the 2x2 block.
  const tile_inputs small = gpu_call(256, 256, 256);
  const std::vector<tile_shape> small_others = tile_alternatives(small, choose_tiles(small));
  ASSERT_EQ(small_others.size(), 2u);
  EXPECT_EQ(small_others[0].rows, 1u);
  EXPECT_EQ(small_others[1].rows, 2u);
  EXPECT_EQ(small_others[1].run_rows(), 2u);
  EXPECT_EQ(small_others[1].depth, 32u);
  // The deepest tiles have no deeper alternative.
  tile_shape deepest = *rule;
  deepest.depth = 64;
  EXPECT_EQ(tile_alternatives(mid, deepest).size(), 1u);
}

TEST(ProductTiles, NoAlternativesWhereAShapeIsForcedOrTheFormCannotRun) {
  tile_inputs forced = gpu_call(512, 512, 512);
  forced.forced = tile_shape{};
  EXPECT_TRUE(tile_alternatives(forced, forced.forced).empty());
  tile_inputs cpu = gpu_call(512, 512, 512);
  cpu.gpu = false;
  EXPECT_TRUE(tile_alternatives(cpu, std::nullopt).empty());
  EXPECT_TRUE(tile_alternatives(gpu_call(4096, 4096, 15), std::nullopt).empty());
  tile_inputs none = gpu_call(512, 512, 512);
  none.has_form = false;
  EXPECT_TRUE(tile_alternatives(none, std::nullopt).empty());
  // A device of 64 work-items a group gets the shapes fitted, as the rule's are.
  tile_inputs narrow = gpu_call(256, 256, 256);
  narrow.max_group = 64;
  for (const tile_shape& shape : tile_alternatives(narrow, std::nullopt))
    EXPECT_LE(shape.group(), 64u);
}

TEST(ProductTiles, GroupsFitTheDevice) {
  tile_inputs in = gpu_call(2048, 2048, 2048);
  in.max_group = 64;  // 16x16 halves to 4x16
  const auto shape = choose_tiles(in);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->group_rows, 4u);
  EXPECT_EQ(shape->group_cols, 16u);
  in.max_group = 0;
  EXPECT_FALSE(choose_tiles(in).has_value());
}

TEST(ProductTiles, ForcedShapes) {
  const auto plain = parse_forced_tiles("4x2");
  ASSERT_TRUE(plain.has_value());
  EXPECT_EQ(plain->rows, 4u);
  EXPECT_EQ(plain->cols, 2u);
  EXPECT_EQ(plain->group_rows, 16u);
  EXPECT_EQ(plain->run_rows(), 4u);  // side by side
  EXPECT_EQ(plain->run_cols(), 2u);
  const auto full = parse_forced_tiles("2x3:8x4:5s");
  ASSERT_TRUE(full.has_value());
  EXPECT_EQ(full->group_rows, 8u);
  EXPECT_EQ(full->group_cols, 4u);
  EXPECT_EQ(full->depth, 5u);
  EXPECT_EQ(full->run, 1u);
  const auto runs = parse_forced_tiles("8x4:16x16:16r4");
  ASSERT_TRUE(runs.has_value());
  EXPECT_EQ(runs->run_rows(), 4u);
  EXPECT_EQ(runs->run_cols(), 4u);
  EXPECT_EQ(parse_forced_tiles("0")->rows, 0u);
  for (const char* bad : {"", "4", "4x", "0x4", "17x1", "2x2:8", "2x2:8x8:0", "2x2:8x8:65",
                          "2x2x", "2x2t", "8x6r4", "8x8r0", "8x8r", "8x8s1"})
    EXPECT_FALSE(parse_forced_tiles(bad).has_value()) << bad;
  EXPECT_FALSE(parse_forced_tiles(nullptr).has_value());

  // A forced shape applies on any device, whatever the sizes; "0" never tiles.
  tile_inputs in = gpu_call(3, 5, 2);
  in.gpu = false;
  in.forced = parse_forced_tiles("2x2:4x4:4");
  EXPECT_EQ(choose_tiles(in)->group(), 16u);
  in = gpu_call(2048, 2048, 2048);
  in.forced = parse_forced_tiles("0");
  EXPECT_FALSE(choose_tiles(in).has_value());
}

TEST(ProductTiles, WorkSize) {
  tile_shape shape;
  shape.rows = 4;
  shape.cols = 2;
  shape.group_rows = 8;
  shape.group_cols = 16;
  const std::array<std::size_t, 3> items{1024, 1024, 64};
  // 100 rows in blocks of 32, 70 columns in blocks of 32: 4 x 3 groups.
  const std::uint64_t counts[] = {100, 70};
  const auto size = tile_work_size(shape, counts, items);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->dims, 2u);
  EXPECT_EQ(size->global[0], 3u * 16);
  EXPECT_EQ(size->global[1], 4u * 8);
  EXPECT_EQ(size->local[0], 16u);
  EXPECT_EQ(size->local[1], 8u);
  const std::array<std::size_t, 3> narrow{8, 1024, 64};
  EXPECT_FALSE(tile_work_size(shape, counts, narrow).has_value());
  const std::uint64_t three[] = {1, 2, 3};
  EXPECT_FALSE(tile_work_size(shape, three, items).has_value());
  EXPECT_EQ(tile_options(shape),
            "-D CLPAR_TILE_R=4 -D CLPAR_TILE_C=2 -D CLPAR_GROUP_R=8 -D CLPAR_GROUP_C=16 "
            "-D CLPAR_TILE_K=8 -D CLPAR_RUN_R=4 -D CLPAR_RUN_C=2");
}

}  // namespace
}  // namespace clpar::rt
