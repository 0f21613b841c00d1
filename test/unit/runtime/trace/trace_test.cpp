// test/unit/runtime/trace/trace_test.cpp - the CLPAR_TRACE line and the kept texts.
#include "trace/trace.hpp"

#include <gtest/gtest.h>

#include <cstdlib>

namespace clpar::rt {
namespace {

TEST(Trace, CallLineFormat) {
  EXPECT_EQ(format_call_line("a.cpp:3:5", 1000, "host", "CLPAR_DEVICE=host", 12),
            "a.cpp:3:5 n=1000 -> host (CLPAR_DEVICE=host) 12 us");
}

TEST(Trace, EnabledOnlyByOne) {
  ::setenv("CLPAR_TRACE", "1", 1);
  EXPECT_TRUE(trace_enabled());
  ::setenv("CLPAR_TRACE", "0", 1);
  EXPECT_FALSE(trace_enabled());
  ::unsetenv("CLPAR_TRACE");
  EXPECT_FALSE(trace_enabled());
}

TEST(Trace, WritesOnePrefixedLine) {
  testing::internal::CaptureStderr();
  trace_write("hello");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "clpar: hello\n");
}

TEST(Trace, KeptTextsAreSharedAndStable) {
  const char* a = keep_text("reason one");
  for (int i = 0; i < 1000; ++i) keep_text("filler " + std::to_string(i));
  EXPECT_EQ(keep_text("reason one"), a);
  EXPECT_STREQ(a, "reason one");
}

}  // namespace
}  // namespace clpar::rt
