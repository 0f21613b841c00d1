// test/unit/runtime/device/platform_list_test.cpp - device discovery on this machine.
#include "device/platform_list.hpp"

#include <gtest/gtest.h>

namespace clpar::rt {
namespace {

TEST(PlatformList, IsOneListForTheProcess) {
  EXPECT_EQ(&platform_list::instance(), &platform_list::instance());
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
    EXPECT_EQ(entry.traits.gpu, entry.type == "gpu");
    EXPECT_EQ(entry.traits.cpu, entry.type == "cpu");
  }
  EXPECT_STREQ(list.why_none(), "");
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
