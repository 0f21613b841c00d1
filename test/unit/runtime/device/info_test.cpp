// test/unit/runtime/device/info_test.cpp - clpar/rt/info.hpp, the clpar-info API.
#include "clpar/rt/info.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

namespace clpar::rt {
namespace {

TEST(Info, ListsDevicesOrSaysWhyNot) {
  const auto devices = list_devices();
  if (devices.empty()) {
    EXPECT_FALSE(why_no_devices().empty());
    return;
  }
  EXPECT_EQ(why_no_devices(), "");
  for (const auto& d : devices) {
    EXPECT_FALSE(d.device_name.empty());
    EXPECT_TRUE(d.type == "cpu" || d.type == "gpu" || d.type == "accelerator" ||
                d.type == "custom" || d.type == "other")
        << d.type;
    EXPECT_EQ(d.why_unusable.empty(), d.usable) << d.why_unusable;  // a reason when not
  }
}

TEST(Info, CalibrationFiguresAreTheTextsNumbers) {
  for (const auto& c : device_calibrations(false)) {
    if (!c.why_failed.empty()) continue;
    EXPECT_GT(c.launch_seconds, 0);
    EXPECT_GT(c.to_device_bytes_per_second, 0);
    EXPECT_GT(c.to_host_bytes_per_second, 0);
    char launch[32];
    std::snprintf(launch, sizeof launch, "launch %.1f us,", c.launch_seconds * 1e6);
    EXPECT_EQ(c.text.rfind(launch, 0), 0u) << c.text;
    // A small (direct) transfer's fixed cost is measured too, and printed last.
    EXPECT_GT(c.small_transfer_seconds, 0);
    char small[48];
    std::snprintf(small, sizeof small, ", %.0f us per small transfer",
                  c.small_transfer_seconds * 1e6);
    EXPECT_NE(c.text.find(small), std::string::npos) << c.text;
  }
}

TEST(Info, SelectedDeviceInWords) {
  EXPECT_EQ(selected_device_for("host"), "host (CLPAR_DEVICE=host)");
  const auto devices = list_devices();
  if (devices.empty()) GTEST_SKIP() << why_no_devices();
  const std::string first = std::to_string(devices[0].platform) + ":" +
                            std::to_string(devices[0].device) + " " + devices[0].device_name;
  EXPECT_EQ(selected_device_for("0:0"), first + " (CLPAR_DEVICE=0:0)");
  EXPECT_EQ(selected_device_for("bogus").rfind("invalid value, using auto: ", 0), 0u);
  EXPECT_EQ(selected_device_for("7:7").rfind("no device 7:7, using auto: ", 0), 0u);
  bool any_gpu = false;
  for (const auto& d : devices) any_gpu = any_gpu || d.type == "gpu";
  if (!any_gpu) EXPECT_EQ(selected_device_for(nullptr), "host (auto: no GPU device)");
}

TEST(Info, VersionIsTheProjectVersion) {
  EXPECT_STRNE(runtime_version(), "");
}

}  // namespace
}  // namespace clpar::rt
