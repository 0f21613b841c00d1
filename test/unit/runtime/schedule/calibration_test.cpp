// test/unit/runtime/schedule/calibration_test.cpp - a device's fixed costs, measured on
// this machine's first OpenCL device (PoCL in CI), and a stored calibration that makes no
// sense measured again.
#include "schedule/calibration.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include "cache/program_cache.hpp"
#include "device/device_context.hpp"
#include "device/platform_list.hpp"

namespace clpar::rt {
namespace {

/// An empty cache directory of the process's own, set before its cache is made and removed
/// at the end (the process's cache keeps the first directory it was given).
class CacheDirectory : public ::testing::Environment {
 public:
  void SetUp() override {
    char name[] = "/tmp/clpar-calibration-test-XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    directory_ = name;
    ::setenv("CLPAR_CACHE_DIR", name, 1);
  }
  void TearDown() override {
    std::error_code ignored;
    if (!directory_.empty()) std::filesystem::remove_all(directory_, ignored);
  }

 private:
  std::string directory_;
};

[[maybe_unused]] ::testing::Environment* const cache_directory =
    ::testing::AddGlobalTestEnvironment(new CacheDirectory);

class Calibration : public ::testing::Test {
 protected:
  void SetUp() override {
    if (platform_list::instance().devices().empty())
      GTEST_SKIP() << "no OpenCL device: " << platform_list::instance().why_none();
  }
};

TEST_F(Calibration, MeasuresPlausibleCosts) {
  const outcome<device_context*> context = device_context::of(0);
  ASSERT_TRUE(context) << context.why;
  const outcome<device_costs> costs = measure_device_costs(*context.value);
  ASSERT_TRUE(costs) << costs.why;
  EXPECT_GT(costs.value.launch_seconds, 0.0);
  EXPECT_LT(costs.value.launch_seconds, 1.0);
  EXPECT_GT(costs.value.to_device_bytes_per_second, 1e6);
  EXPECT_GT(costs.value.to_host_bytes_per_second, 1e6);
  EXPECT_GE(costs.value.transfer_seconds, 0.0);
  EXPECT_GE(costs.value.small_transfer_seconds, 0.0);
}

TEST_F(Calibration, AStoredCalibrationThatMakesNoSenseIsMeasuredAgain) {
  // Well formed for the cache (its digest holds) but not a plausible calibration: a
  // negative launch time.  calibration_of must measure, not believe it.
  const device_entry& device = platform_list::instance().devices()[0];
  const std::string key = device_cache_key("calibration", device, "", "");
  const std::string text = "clpar-calibration 3 -1 0 0 0 0\n";
  ASSERT_EQ(process_kernel_cache().store(key, std::vector<unsigned char>(text.begin(), text.end())),
            nullptr);
  const calibration& c = calibration_of(0);
  EXPECT_EQ(c.why, nullptr) << c.why;
  EXPECT_TRUE(c.measured);
  EXPECT_GT(c.costs.launch_seconds, 0.0);
  // The measurement replaced the stored record.
  const std::optional<std::vector<unsigned char>> stored = process_kernel_cache().load(key);
  ASSERT_TRUE(stored.has_value());
  EXPECT_NE(std::string(stored->begin(), stored->end()), text);
}

TEST_F(Calibration, NoSuchDeviceGetsTheUnmeasuredCosts) {
  const calibration& c = calibration_of(platform_list::instance().devices().size());
  EXPECT_STREQ(c.why, "no such OpenCL device");
  EXPECT_FALSE(c.measured);
  EXPECT_EQ(c.costs.launch_seconds, unmeasured_device_costs.launch_seconds);
}

TEST(CalibrationText, DescribesEachCostInItsUnit) {
  const device_costs costs{12.3e-6, 41.2e9, 48.0e9, 250e-6, 30e-6};
  EXPECT_EQ(describe(costs),
            "launch 12.3 us, to device 41.2 GB/s, to host 48.0 GB/s, 250 us per transfer, 30 us "
            "per small transfer");
}

}  // namespace
}  // namespace clpar::rt
