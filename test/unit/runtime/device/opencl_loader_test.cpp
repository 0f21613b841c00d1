// Unit tests of runtime/device/opencl_loader: the ICD loader opened at run time.  The test
// runs twice (test/unit/runtime/CMakeLists.txt): as is, where this machine's loader opens,
// and with CLPAR_OPENCL_LIBRARY naming a file that does not exist.
#include "device/opencl_loader.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "device/opencl.hpp"
#include "device/platform_list.hpp"

namespace clpar::rt {
namespace {

bool loader_named_missing() {
  const char* chosen = std::getenv("CLPAR_OPENCL_LIBRARY");
  return chosen != nullptr && std::string(chosen).find("no-such") != std::string::npos;
}

TEST(OpenCLLoader, OpensTheLoaderOrSaysWhyNot) {
  const char* why = opencl_unavailable();
  if (loader_named_missing()) {
    ASSERT_NE(why, nullptr);
    EXPECT_NE(std::string(why).find("cannot open the OpenCL ICD loader: "), std::string::npos);
    EXPECT_NE(std::string(why).find("no-such"), std::string::npos) << why;
  } else {
    EXPECT_EQ(why, nullptr) << why;
  }
}

// (This test program links libOpenCL itself, so its own OpenCL calls reach the loader; the
// runtime's go through opencl_loader, and CLPAR_OPENCL_LIBRARY overrides what the process has.)
TEST(OpenCLLoader, WithoutTheLoaderThereIsNoPlatform) {
  if (!loader_named_missing()) GTEST_SKIP() << "runs with CLPAR_OPENCL_LIBRARY=.../no-such...";
  EXPECT_TRUE(platform_list::instance().devices().empty());
  EXPECT_STREQ(platform_list::instance().why_none(), "no OpenCL ICD loader");
}

TEST(OpenCLLoader, FindsWhatTheLoaderFinds) {
  if (loader_named_missing()) GTEST_SKIP() << "runs with this machine's loader";
  std::vector<cl::Platform> platforms;
  (void)cl::Platform::get(&platforms);
  std::size_t devices = 0;
  for (cl::Platform& p : platforms) {
    std::vector<cl::Device> found;
    if (p.getDevices(CL_DEVICE_TYPE_ALL, &found) == CL_SUCCESS) devices += found.size();
  }
  EXPECT_EQ(platform_list::instance().devices().size(), devices);
}

}  // namespace
}  // namespace clpar::rt
