// test/unit/runtime/device/device_context_test.cpp - contexts and the program cache.
#include "device/device_context.hpp"

#include <gtest/gtest.h>

#include "device/background_start.hpp"

#include <cstdlib>
#include <string>
#include <vector>

namespace clpar::rt {
namespace {

constexpr const char* good_source = R"(
__kernel void fill(__global int *out, int value) { out[get_global_id(0)] = value; }
)";

constexpr const char* bad_source = R"(
__kernel void broken(__global int *out) { out[0] = undeclared_name; }
)";

class DeviceContext : public testing::Test {
 protected:
  void SetUp() override {
    if (platform_list::instance().devices().empty())
      GTEST_SKIP() << "no OpenCL device: " << platform_list::instance().why_none();
    ::unsetenv("CLPAR_CL_BUILD_OPTIONS");
  }
};

region_info info_of(const char* source, const char* name) {
  return {"test.cpp:1:1", name, source, 1, false, false};
}

TEST_F(DeviceContext, IsMadeOncePerDevice) {
  const outcome<device_context*> first = device_context::of(0);
  ASSERT_TRUE(first) << first.why;
  const outcome<device_context*> second = device_context::of(0);
  EXPECT_EQ(first.value, second.value);
  EXPECT_EQ(&first.value->device(), &platform_list::instance().devices()[0]);
}

TEST_F(DeviceContext, UnknownIndexIsAFailure) {
  const outcome<device_context*> none = device_context::of(1u << 20);
  EXPECT_FALSE(none);
}

TEST_F(DeviceContext, BuildsOncePerSource) {
  device_context& context = *device_context::of(0).value;
  const region_info info = info_of(good_source, "fill");
  kernel_entry& first = context.kernel_for(info);
  ASSERT_EQ(first.why, nullptr) << first.why;
  EXPECT_EQ(first.arg_count, 2u);
  EXPECT_GE(first.work_group_size, 1u);
  // Same content at another address: the same entry.
  const std::string copy = good_source;
  const region_info same = info_of(copy.c_str(), "fill");
  EXPECT_EQ(&context.kernel_for(same), &first);
  EXPECT_EQ(context.kernel_for(same).kernel(), first.kernel());
}

TEST_F(DeviceContext, AReusedAddressWithNewContentIsRebuilt) {
  device_context& context = *device_context::of(0).value;
  std::string source = "__kernel void k(__global int *out) { out[0] = 1; }";
  kernel_entry& one = context.kernel_for(info_of(source.c_str(), "k"));
  ASSERT_EQ(one.why, nullptr) << one.why;
  source[source.find('1')] = '2';  // same buffer, same address, other content
  kernel_entry& two = context.kernel_for(info_of(source.c_str(), "k"));
  ASSERT_EQ(two.why, nullptr) << two.why;
  EXPECT_NE(&one, &two);
}

// A form of a program: built with its options, kept apart from the general form, null
// when it does not build (the general form still does).
constexpr const char* forms_source = R"(
__kernel void form(__global int *out) {
#ifdef FORM
  out[0] = FORM;
#else
  out[0] = -1;
#endif
}
)";

TEST_F(DeviceContext, VariantsAreFormsOfOneProgram) {
  device_context& context = *device_context::of(0).value;
  const region_info info = info_of(forms_source, "form");
  kernel_entry& general = context.kernel_for(info);
  ASSERT_EQ(general.why, nullptr) << general.why;
  kernel_entry* two = context.variant_for(info, "-D FORM=2");
  ASSERT_NE(two, nullptr);
  EXPECT_NE(two, &general);
  EXPECT_EQ(context.variant_for(info, "-D FORM=2"), two);
  EXPECT_EQ(context.variant_for(info, "-D FORM=undeclared_name"), nullptr);
  EXPECT_EQ(&context.kernel_for(info), &general);
}

TEST_F(DeviceContext, OnlyANonCpuDeviceLendsItsCopiesToTheProgramsTeam) {
  device_context& context = *device_context::of(0).value;
  EXPECT_EQ(context.transfer().lends_copies(), context.device().kind != device_kind::cpu);
}

TEST_F(DeviceContext, AKernelsDeclaredGroupIsKnown) {
  device_context& context = *device_context::of(0).value;
  const std::string declared = std::string("__attribute__((reqd_work_group_size(GROUP, 1, 1)))") +
                               good_source;
  const region_info info = info_of(declared.c_str(), "fill");
  kernel_entry* sixteen = context.variant_for(info, "-D GROUP=16");
  ASSERT_NE(sixteen, nullptr);
  ASSERT_EQ(sixteen->why, nullptr) << sixteen->why;
  EXPECT_EQ(sixteen->compile_group, 16u);
  EXPECT_FALSE(sixteen->group_refused.load());
  // More than the device allows a group is not taken as declared.
  const std::string too_many =
      "-D GROUP=" + std::to_string(context.device().max_work_group_size * 2);
  if (kernel_entry* large = context.variant_for(info, too_many); large && !large->why)
    EXPECT_EQ(large->compile_group, 0u);
  // A kernel declaring nothing.
  EXPECT_EQ(context.kernel_for(info_of(good_source, "fill")).compile_group, 0u);
}

TEST_F(DeviceContext, NewVariantsStopAtTheLimit) {
  device_context& context = *device_context::of(0).value;
  const std::string source = std::string(forms_source) + "// limit\n";
  const region_info info = info_of(source.c_str(), "form");
  std::vector<kernel_entry*> made;
  for (unsigned k = 0; k < device_context::max_variants; ++k) {
    made.push_back(context.variant_for(info, "-D FORM=" + std::to_string(k)));
    ASSERT_NE(made.back(), nullptr) << k;
  }
  EXPECT_EQ(context.variant_for(info, "-D FORM=100"), nullptr);
  // Those made before stay available, and so does the general form.
  EXPECT_EQ(context.variant_for(info, "-D FORM=3"), made[3]);
  EXPECT_EQ(context.kernel_for(info).why, nullptr);
}

TEST_F(DeviceContext, BuildOptionsArePartOfTheKey) {
  device_context& context = *device_context::of(0).value;
  const region_info info = info_of(good_source, "fill");
  kernel_entry& plain = context.kernel_for(info);
  ::setenv("CLPAR_CL_BUILD_OPTIONS", "-cl-fast-relaxed-math", 1);
  kernel_entry& fast = context.kernel_for(info);
  ::unsetenv("CLPAR_CL_BUILD_OPTIONS");
  EXPECT_NE(&plain, &fast);
  EXPECT_EQ(fast.why, nullptr) << fast.why;
}

TEST(LaunchSubmission, FollowsTheStatusRightAfterTheEnqueue) {
  using s = launch_submission;
  for (cl_int started : {CL_SUBMITTED, CL_RUNNING, CL_COMPLETE}) {
    EXPECT_EQ(after_launch_status(s::on_flush, started), s::at_enqueue);
    EXPECT_EQ(after_launch_status(s::at_enqueue, started), s::at_enqueue);
  }
  // A queued command brings the flush back, until a later one reads submitted.
  EXPECT_EQ(after_launch_status(s::at_enqueue, CL_QUEUED), s::on_flush);
  EXPECT_EQ(after_launch_status(s::on_flush, CL_QUEUED), s::on_flush);
  // A failed command says nothing about submission.
  EXPECT_EQ(after_launch_status(s::on_flush, CL_OUT_OF_RESOURCES), s::on_flush);
  EXPECT_EQ(after_launch_status(s::at_enqueue, CL_OUT_OF_RESOURCES), s::at_enqueue);
}

TEST(ProgramBuildOptions, StrictFpAppendsCorrectRounding) {
  region_info info{"test.cpp:1:1", "fill", good_source, 1, false, false};
  EXPECT_EQ(program_build_options(info, ""), "");
  EXPECT_EQ(program_build_options(info, "-cl-mad-enable"), "-cl-mad-enable");
  info.strict_fp = true;
  EXPECT_EQ(program_build_options(info, ""), "-cl-fp32-correctly-rounded-divide-sqrt");
  EXPECT_EQ(program_build_options(info, "-DX=1"), "-DX=1 -cl-fp32-correctly-rounded-divide-sqrt");
}

TEST_F(DeviceContext, StrictFpIsPartOfTheKey) {
  device_context& context = *device_context::of(0).value;
  if (!context.device().traits.correctly_rounded_divide_sqrt)
    GTEST_SKIP() << "device cannot round float division and sqrt correctly";
  region_info info = info_of(good_source, "fill");
  kernel_entry& plain = context.kernel_for(info);
  info.strict_fp = true;
  kernel_entry& strict = context.kernel_for(info);
  ASSERT_EQ(strict.why, nullptr) << strict.why << "\n" << strict.build_log;
  EXPECT_NE(&plain, &strict);
  EXPECT_EQ(&context.kernel_for(info), &strict);
  std::string options;
  strict.program.getBuildInfo(context.device().device, CL_PROGRAM_BUILD_OPTIONS, &options);
  EXPECT_NE(options.find("-cl-fp32-correctly-rounded-divide-sqrt"), std::string::npos) << options;
}

TEST_F(DeviceContext, KernelLocalMemoryIsKnown) {
  device_context& context = *device_context::of(0).value;
  const std::string source =
      "__kernel void uses_local(__global int *out) {\n"
      "  __local int tile[64];\n"
      "  tile[get_local_id(0)] = 1;\n"
      "  barrier(CLK_LOCAL_MEM_FENCE);\n"
      "  out[get_global_id(0)] = tile[0];\n"
      "}\n";
  kernel_entry& entry = context.kernel_for(info_of(source.c_str(), "uses_local"));
  ASSERT_EQ(entry.why, nullptr) << entry.why;
  EXPECT_GE(entry.local_memory_bytes, 64 * sizeof(cl_int));
  EXPECT_GT(context.device().local_memory_bytes, 0u);
}

TEST_F(DeviceContext, BuildFailureKeepsTheLog) {
  device_context& context = *device_context::of(0).value;
  kernel_entry& entry = context.kernel_for(info_of(bad_source, "broken"));
  ASSERT_NE(entry.why, nullptr);
  EXPECT_STREQ(entry.why, "clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)");
  EXPECT_NE(entry.build_log.find("undeclared_name"), std::string::npos) << entry.build_log;
  // Remembered: asking again does not rebuild.
  EXPECT_EQ(&context.kernel_for(info_of(bad_source, "broken")), &entry);
}

TEST_F(DeviceContext, MissingKernelNameIsNamed) {
  device_context& context = *device_context::of(0).value;
  kernel_entry& entry = context.kernel_for(info_of(good_source, "no_such_kernel"));
  ASSERT_NE(entry.why, nullptr);
  EXPECT_STREQ(entry.why, "clCreateKernel failed: CL_INVALID_KERNEL_NAME (-46)");
}

TEST_F(DeviceContext, KernelIfBuiltQueuesTheBuildOnceAndAnswersItWhenDone) {
  device_context& context = *device_context::of(0).value;
  const std::string source = std::string(good_source) + "// built in the background\n";
  const region_info info = info_of(source.c_str(), "fill");
  const device_context::kernel_lookup first = context.kernel_if_built(info, std::string());
  EXPECT_TRUE(first.building);
  EXPECT_EQ(first.entry, nullptr);
  wait_for_background_work();
  const device_context::kernel_lookup done = context.kernel_if_built(info, std::string());
  EXPECT_FALSE(done.building);
  ASSERT_NE(done.entry, nullptr);
  EXPECT_EQ(done.entry->why, nullptr) << done.entry->why;
  // The same slot as a build at the call.
  EXPECT_EQ(&context.kernel_for(info), done.entry);
}

TEST_F(DeviceContext, KernelIfBuiltReportsAFailedBuild) {
  device_context& context = *device_context::of(0).value;
  const std::string source = std::string(bad_source) + "// built in the background\n";
  const region_info info = info_of(source.c_str(), "broken");
  EXPECT_TRUE(context.kernel_if_built(info, std::string()).building);
  wait_for_background_work();
  const device_context::kernel_lookup done = context.kernel_if_built(info, std::string());
  ASSERT_NE(done.entry, nullptr);
  EXPECT_NE(done.entry->why, nullptr);
  EXPECT_FALSE(done.entry->build_log.empty());
}

}  // namespace
}  // namespace clpar::rt
