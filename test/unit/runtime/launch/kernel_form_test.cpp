// test/unit/runtime/launch/kernel_form_test.cpp - which built form a call can run: a tiled
// or split form's work-group against the kernel's limits; a form's build options.
#include "launch/kernel_form.hpp"

#include <gtest/gtest.h>

namespace clpar::rt {
namespace {

kernel_form split_of(unsigned lanes, unsigned items) {
  kernel_form form;
  form.split = split_shape{lanes, items, false};
  return form;
}

TEST(KernelForm, AGroupWithinTheKernelsLimitIsUsable) {
  const region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", 1, false, false};
  kernel_entry entry;
  entry.work_group_size = 256;
  EXPECT_TRUE(form_usable(&entry, split_of(32, 8), info));
  EXPECT_FALSE(form_usable(&entry, split_of(32, 16), info));
  EXPECT_TRUE(form_usable(&entry, kernel_form{}, info));
  EXPECT_FALSE(form_usable(nullptr, kernel_form{}, info));
  entry.why = "did not build";
  EXPECT_FALSE(form_usable(&entry, split_of(32, 8), info));
}

TEST(KernelForm, ADeclaredGroupIsUsableBeyondTheReportedLimitUntilRefused) {
  const region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", 1, false, false};
  kernel_entry entry;
  entry.work_group_size = 256;  // what NVIDIA's OpenCL answers for every kernel
  entry.compile_group = 1024;   // reqd_work_group_size(CLPAR_LANES * CLPAR_ITEMS, 1, 1)
  EXPECT_TRUE(form_usable(&entry, split_of(64, 16), info));
  EXPECT_FALSE(form_usable(&entry, split_of(32, 16), info));  // not the declared group
  kernel_form tiled;
  tiled.tiles = tile_shape{};
  tiled.tiles->group_rows = 32;
  tiled.tiles->group_cols = 32;
  EXPECT_TRUE(form_usable(&entry, tiled, info));
  entry.group_refused = true;  // an enqueue answered CL_INVALID_WORK_GROUP_SIZE
  EXPECT_FALSE(form_usable(&entry, split_of(64, 16), info));
  EXPECT_TRUE(form_usable(&entry, split_of(32, 8), info));
}

TEST(KernelForm, ARefusedDeclaredGroupIsUnusableWithinTheReportedLimitToo) {
  // PoCL's limit is far above the group; a refusal (CLPAR_FAULT=group:N, or a device's
  // own) still makes the declared group unusable.
  const region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", 1, false, false};
  kernel_entry entry;
  entry.work_group_size = 4096;
  entry.compile_group = 256;
  EXPECT_TRUE(form_usable(&entry, split_of(4, 64), info));
  entry.group_refused = true;
  EXPECT_FALSE(form_usable(&entry, split_of(4, 64), info));
}

TEST(KernelForm, TheNoAliasFormIsItsOwnOptionAfterTheOthers) {
  // A region with no unit-inner form: the options are the forms' own, in order.
  region_info info{"site", "k", "", 1, false, false};
  const launch_request request{&info, nullptr, nullptr, 0, nullptr, 0,
                               placement_request::device};
  kernel_form form;
  EXPECT_TRUE(form.general());
  EXPECT_EQ(form_build_options(request, form), "");
  form.no_alias = true;
  EXPECT_FALSE(form.general());
  EXPECT_EQ(form_build_options(request, form), "-D CLPAR_NO_ALIAS");
  form.index32 = true;
  EXPECT_EQ(form_build_options(request, form), "-D CLPAR_INDEX32 -D CLPAR_NO_ALIAS");
  kernel_form other = form;
  other.no_alias = false;
  EXPECT_FALSE(other == form);  // remembered kernels and trials tell the two apart
}

}  // namespace
}  // namespace clpar::rt
