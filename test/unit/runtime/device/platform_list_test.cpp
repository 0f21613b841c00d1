// test/unit/runtime/device/platform_list_test.cpp - device discovery on this machine.
#include "device/platform_list.hpp"

#include <gtest/gtest.h>

namespace clpar::rt {
namespace {

TEST(PlatformList, IsOneListForTheProcess) {
  EXPECT_EQ(&platform_list::instance(), &platform_list::instance());
}

TEST(DeviceKind, IsTheFirstOfGpuCpuAcceleratorCustom) {
  EXPECT_EQ(device_kind_of(CL_DEVICE_TYPE_GPU), device_kind::gpu);
  EXPECT_EQ(device_kind_of(CL_DEVICE_TYPE_CPU), device_kind::cpu);
  EXPECT_EQ(device_kind_of(CL_DEVICE_TYPE_ACCELERATOR), device_kind::accelerator);
  EXPECT_EQ(device_kind_of(CL_DEVICE_TYPE_CUSTOM), device_kind::custom);
  EXPECT_EQ(device_kind_of(0), device_kind::other);
  // oclgrind's device names accelerator, GPU, CPU and default at once: a GPU to tune for,
  // though CLPAR_DEVICE=opencl-cpu also selects it (its traits keep the CPU flag).
  EXPECT_EQ(device_kind_of(CL_DEVICE_TYPE_ACCELERATOR | CL_DEVICE_TYPE_GPU | CL_DEVICE_TYPE_CPU |
                           CL_DEVICE_TYPE_DEFAULT),
            device_kind::gpu);
  EXPECT_EQ(device_kind_of(CL_DEVICE_TYPE_CPU | CL_DEVICE_TYPE_ACCELERATOR), device_kind::cpu);
  EXPECT_STREQ(device_kind_name(device_kind::gpu), "gpu");
  EXPECT_STREQ(device_kind_name(device_kind::cpu), "cpu");
  EXPECT_STREQ(device_kind_name(device_kind::accelerator), "accelerator");
  EXPECT_STREQ(device_kind_name(device_kind::custom), "custom");
  EXPECT_STREQ(device_kind_name(device_kind::other), "other");
}

TEST(PlatformList, DescribesEveryDevice) {
  const platform_list& list = platform_list::instance();
  if (list.devices().empty()) GTEST_SKIP() << "no OpenCL device: " << list.why_none();
  ASSERT_EQ(list.devices().size(), list.traits().size());
  for (std::size_t i = 0; i < list.devices().size(); ++i) {
    const device_entry& entry = list.devices()[i];
    EXPECT_FALSE(entry.name.empty());
    EXPECT_FALSE(entry.platform_name.empty());
    EXPECT_EQ(entry.version.rfind("OpenCL ", 0), 0u) << entry.version;
    EXPECT_GE(entry.max_work_group_size, 1u);
    EXPECT_EQ(list.traits()[i].platform, entry.traits.platform);
    EXPECT_EQ(list.traits()[i].device, entry.traits.device);
    EXPECT_EQ(entry.kind == device_kind::gpu, entry.traits.gpu);
    EXPECT_EQ(entry.kind == device_kind::cpu, entry.traits.cpu && !entry.traits.gpu);
  }
  EXPECT_STREQ(list.why_none(), "");
}

TEST(PlatformList, OneKindOfDeviceIsWantedWhereEveryCallCanUseOnlyThat) {
  EXPECT_STREQ(wanted_device_kind(device_policy::automatic, false), "gpu");
  EXPECT_EQ(wanted_device_kind(device_policy::automatic, true), nullptr);  // AUTO_DEVICES=all
  EXPECT_STREQ(wanted_device_kind(device_policy::opencl_gpu, false), "gpu");
  EXPECT_STREQ(wanted_device_kind(device_policy::gpu_by_rank, false), "gpu");
  EXPECT_STREQ(wanted_device_kind(device_policy::opencl_cpu, false), "cpu");
  // "the first GPU, else the first CPU device", every device, or one named by its index.
  EXPECT_EQ(wanted_device_kind(device_policy::opencl, false), nullptr);
  EXPECT_EQ(wanted_device_kind(device_policy::all_devices, false), nullptr);
  EXPECT_EQ(wanted_device_kind(device_policy::index, false), nullptr);
  EXPECT_EQ(wanted_device_kind(device_policy::host, false), nullptr);
}

// This test program links the ICD loader itself, so the runtime keeps to it (a vendor's
// library is opened alone only in programs without OpenCL functions of their own: the e2e
// test vendor_record.sh covers that).
TEST(PlatformList, AProgramWithItsOwnOpenCLListsEveryPlatform) {
  const platform_list& list = platform_list::instance();
  EXPECT_EQ(list.limited_to(), nullptr);
  EXPECT_TRUE(list.vendor_library().empty());
}

TEST(PlatformList, IndicesAreInPlatformThenDeviceOrder) {
  const platform_list& list = platform_list::instance();
  for (std::size_t i = 1; i < list.devices().size(); ++i) {
    const device_traits& a = list.traits()[i - 1];
    const device_traits& b = list.traits()[i];
    EXPECT_TRUE(a.platform < b.platform || (a.platform == b.platform && b.device == a.device + 1));
  }
  if (!list.devices().empty()) EXPECT_EQ(list.traits()[0].device, 0);
}

}  // namespace
}  // namespace clpar::rt
