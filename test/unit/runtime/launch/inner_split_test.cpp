// test/unit/runtime/launch/inner_split_test.cpp - the split form's shape: when a call takes
// it, with how many lanes and iterations a group, CLPAR_SPLIT_LANES, and its NDRange.
#include "launch/inner_split.hpp"

#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "device/platform_list.hpp"

namespace clpar::rt {
namespace {

/// An H100's 132 compute units: 270336 work-items fill it.
split_inputs gpu_call(std::uint8_t layout, std::uint64_t iterations, std::uint64_t trips) {
  split_inputs in;
  in.layout = layout;
  in.iterations = iterations;
  in.trips = trips;
  in.unit_inner = true;
  in.gpu = true;
  in.compute_units = 132;
  in.max_group = 1024;
  return in;
}

TEST(InnerSplit, RowsTakeLanesToFillTheDevice) {
  // atax's A x: 3800 rows of 4200, 64 lanes (270336 / 3800 = 71), 4 rows a group.
  const auto shape = choose_split(gpu_call(2, 3800, 4200));
  ASSERT_TRUE(shape.has_value());
  EXPECT_TRUE(shape->lanes_first);
  EXPECT_EQ(shape->lanes, 64u);
  EXPECT_EQ(shape->items, 4u);
  // Few long rows take up to 256 lanes; many rows at least 8 (32 bytes of a row).
  EXPECT_EQ(choose_split(gpu_call(2, 64, 100000))->lanes, 256u);
  EXPECT_EQ(choose_split(gpu_call(2, 100000, 64))->lanes, 8u);
  EXPECT_EQ(choose_split(gpu_call(2, 100000, 64))->items, 32u);
  // No more lanes than half the row.
  EXPECT_EQ(choose_split(gpu_call(2, 16, 40))->lanes, 16u);
}

TEST(InnerSplit, ShortRowsAndStridedRowsAreNotSplitAlongRows) {
  EXPECT_FALSE(choose_split(gpu_call(2, 3800, 31)).has_value());
  split_inputs strided = gpu_call(2, 3800, 4200);
  strided.unit_inner = false;  // taken as the other layout
  const auto shape = choose_split(strided);
  ASSERT_TRUE(shape.has_value());
  EXPECT_FALSE(shape->lanes_first);
}

TEST(InnerSplit, FewIterationsSpreadTheirLoopsOverLanes) {
  // atax's A^T y: 4200 columns of 3800 steps take the widest group, 64 lanes by 16
  // columns (263 groups for 132 compute units); 32 lanes by 8 where a group is 256 at most.
  auto shape = choose_split(gpu_call(1, 4200, 3800));
  ASSERT_TRUE(shape.has_value());
  EXPECT_FALSE(shape->lanes_first);
  EXPECT_EQ(shape->lanes, 64u);
  EXPECT_EQ(shape->items, 16u);
  split_inputs small_groups = gpu_call(1, 4200, 3800);
  small_groups.max_group = 256;
  shape = choose_split(small_groups);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->lanes, 32u);
  EXPECT_EQ(shape->items, 8u);
  // Too few columns for a 64 x 16 group on every compute unit (2048 / 16 = 128 groups), too
  // short a loop for 64 lanes of 16 steps, or few lanes: the 256-item shapes.
  EXPECT_EQ(choose_split(gpu_call(1, 2048, 1024))->group(), 256u);
  EXPECT_EQ(choose_split(gpu_call(1, 4200, 600))->group(), 256u);
  EXPECT_EQ(choose_split(gpu_call(1, 16384, 256))->group(), 256u);
  // Columns that 64 lanes each fill a quarter of the device or less: 128 lanes by 8.
  shape = choose_split(gpu_call(1, 256, 16384));
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->lanes, 128u);
  EXPECT_EQ(shape->items, 8u);
  EXPECT_EQ(choose_split(gpu_call(1, 64, 100000))->lanes, 128u);
  EXPECT_EQ(choose_split(gpu_call(1, 256, 1024))->lanes, 64u);  // 16 steps a lane at most
  // Within 256 work-items a group: at most 64 lanes, at least 4, each with 16 steps or more.
  split_inputs few = gpu_call(1, 256, 16384);
  few.max_group = 256;
  EXPECT_EQ(choose_split(few)->lanes, 64u);
  EXPECT_EQ(choose_split(gpu_call(1, 131072, 1024))->lanes, 4u);
  EXPECT_EQ(choose_split(gpu_call(1, 1024, 128))->lanes, 8u);
}

TEST(InnerSplit, EnoughIterationsOrShortLoopsKeepTheGeneralForm) {
  EXPECT_FALSE(choose_split(gpu_call(1, 270336, 4096)).has_value());  // fills the device
  EXPECT_FALSE(choose_split(gpu_call(1, 1000, 127)).has_value());     // short loop
  EXPECT_FALSE(choose_split(gpu_call(0, 100, 100000)).has_value());   // no split form
  EXPECT_FALSE(choose_split(gpu_call(1, 0, 100000)).has_value());     // nothing to do
  split_inputs cpu = gpu_call(2, 3800, 4200);
  cpu.gpu = false;
  EXPECT_FALSE(choose_split(cpu).has_value());
}

TEST(InnerSplit, GroupsFitTheDevice) {
  split_inputs small = gpu_call(2, 3800, 4200);
  small.max_group = 64;
  const auto shape = choose_split(small);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->group(), 64u);
  EXPECT_EQ(shape->lanes, 64u);
  EXPECT_EQ(shape->items, 1u);
  small.max_group = 16;
  EXPECT_EQ(choose_split(small)->lanes, 16u);
}

TEST(InnerSplit, ForcedLanesApplyOnAnyDevice) {
  split_inputs cpu = gpu_call(2, 38, 42);
  cpu.gpu = false;
  cpu.forced = forced_split{4, 0};
  auto shape = choose_split(cpu);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->lanes, 4u);
  EXPECT_EQ(shape->items, 64u);
  EXPECT_TRUE(shape->lanes_first);
  cpu.layout = 1;
  cpu.forced = forced_split{16, 0};
  shape = choose_split(cpu);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->items, 32u);
  EXPECT_FALSE(shape->lanes_first);
  cpu.forced = forced_split{8, 3};
  EXPECT_EQ(choose_split(cpu)->items, 3u);
  cpu.forced = forced_split{0, 0};
  EXPECT_FALSE(choose_split(cpu).has_value());
  split_inputs gpu = gpu_call(2, 3800, 4200);
  gpu.forced = forced_split{0, 0};
  EXPECT_FALSE(choose_split(gpu).has_value());
}

TEST(InnerSplit, TheEnvironmentForcesAShape) {
  region_info info{"f.cpp:1:1", "k", "", 1, false, false};
  info.inner_split = 2;
  info.unit_inner = true;
  const float data[4] = {};
  view_arg view{const_cast<float*>(data), 4, 2, {2, 2}, {2, 1}, false};
  const dim_arg dim{0, 1, 2};
  launch_request request{&info, &dim, &view, 1, nullptr, 0, placement_request::automatic};
  request.inner_trips = 2;
  device_entry cpu;
  cpu.kind = device_kind::cpu;
  cpu.compute_units = 2;
  cpu.max_work_group_size = 4096;
  cpu.max_work_item_sizes[0] = 4096;
  ::unsetenv("CLPAR_SPLIT_LANES");
  EXPECT_FALSE(split_shape_of(request, cpu).has_value());
  ::setenv("CLPAR_SPLIT_LANES", "8x2", 1);
  auto shape = split_shape_of(request, cpu);
  ASSERT_TRUE(shape.has_value());
  EXPECT_EQ(shape->lanes, 8u);
  EXPECT_EQ(shape->items, 2u);
  EXPECT_EQ(split_options(*shape), "-D CLPAR_LANES=8 -D CLPAR_ITEMS=2 -D CLPAR_LANES_FIRST=1");
  for (const char* bad : {"3", "512", "8x", "8x0", "x8", "8y2", "-4"}) {
    ::setenv("CLPAR_SPLIT_LANES", bad, 1);
    EXPECT_FALSE(split_shape_of(request, cpu).has_value()) << bad;
  }
  ::unsetenv("CLPAR_SPLIT_LANES");
}

TEST(InnerSplit, WorkSizeGivesEachGroupItsIterations) {
  constexpr std::array<std::size_t, 3> roomy{1024, 1024, 64};
  const split_shape shape{32, 8, false};
  const std::vector<std::uint64_t> counts{5, 4200};  // outer 5, innermost 4200
  const auto size = split_work_size(shape, counts, roomy);
  ASSERT_TRUE(size.has_value());
  EXPECT_EQ(size->dims, 2u);
  EXPECT_EQ(size->local[0], 256u);
  EXPECT_EQ(size->global[0], 525u * 256u);  // 4200 / 8 groups
  EXPECT_EQ(size->local[1], 1u);
  EXPECT_EQ(size->global[1], 5u);
  const std::vector<std::uint64_t> odd{4201};
  EXPECT_EQ(split_work_size(shape, odd, roomy)->global[0], 526u * 256u);
  constexpr std::array<std::size_t, 3> narrow{128, 1024, 64};
  EXPECT_FALSE(split_work_size(shape, odd, narrow).has_value());
}

TEST(InnerSplit, AnEmptyRangeHasNoNDRange) {
  // The kernel has no guard for a group without iterations (no return before its
  // barriers): the runtime never launches one.
  constexpr std::array<std::size_t, 3> roomy{1024, 1024, 64};
  const split_shape shape{32, 8, false};
  EXPECT_FALSE(split_work_size(shape, std::vector<std::uint64_t>{0}, roomy).has_value());
  EXPECT_FALSE(split_work_size(shape, std::vector<std::uint64_t>{0, 4200}, roomy).has_value());
  EXPECT_FALSE(split_work_size(shape, std::vector<std::uint64_t>{5, 0}, roomy).has_value());
  EXPECT_TRUE(split_work_size(shape, std::vector<std::uint64_t>{1, 1}, roomy).has_value());
}

}  // namespace
}  // namespace clpar::rt
