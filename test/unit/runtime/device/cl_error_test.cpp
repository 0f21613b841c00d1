// test/unit/runtime/device/cl_error_test.cpp - OpenCL error names and failure reasons.
#include "device/cl_error.hpp"

#include <gtest/gtest.h>

#include <string>

namespace clpar::rt {
namespace {

TEST(ClError, NamesKnownCodes) {
  EXPECT_STREQ(cl_error_name(0), "CL_SUCCESS");
  EXPECT_STREQ(cl_error_name(-5), "CL_OUT_OF_RESOURCES");
  EXPECT_STREQ(cl_error_name(-46), "CL_INVALID_KERNEL_NAME");
  EXPECT_STREQ(cl_error_name(-1001), "CL_PLATFORM_NOT_FOUND_KHR");
  EXPECT_STREQ(cl_error_name(-12345), "unknown OpenCL error");
}

TEST(ClError, DescribesTheCallAndTheCode) {
  EXPECT_EQ(describe_cl_failure("clBuildProgram", -11),
            "clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)");
}

TEST(ClError, FailureReasonsAreKeptAndShared) {
  const char* first = cl_failure_why("clCreateBuffer", -61);
  const char* second = cl_failure_why(std::string("clCreate") + "Buffer", -61);
  EXPECT_STREQ(first, "clCreateBuffer failed: CL_INVALID_BUFFER_SIZE (-61)");
  EXPECT_EQ(first, second);
}

}  // namespace
}  // namespace clpar::rt
