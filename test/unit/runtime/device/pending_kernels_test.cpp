// test/unit/runtime/device/pending_kernels_test.cpp - kernels launched without waiting:
// completion, failure and the wait, driven by OpenCL user events.
#include "device/pending_kernels.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "device/device_context.hpp"

namespace clpar::rt {
namespace {

class PendingKernels : public testing::Test {
 protected:
  void SetUp() override {
    if (platform_list::instance().devices().empty())
      GTEST_SKIP() << "no OpenCL device: " << platform_list::instance().why_none();
    outcome<device_context*> device = device_context::of(0);
    ASSERT_TRUE(device) << device.why;
    context_ = device.value->context();
  }

  cl::UserEvent event() {
    cl_int status = CL_SUCCESS;
    cl::UserEvent made(context_, &status);
    EXPECT_EQ(status, CL_SUCCESS);
    return made;
  }

  cl::Context context_;
  pending_kernels pending_;
};

TEST_F(PendingKernels, NothingPendingSettlesAtOnce) {
  EXPECT_EQ(pending_.settle(false), nullptr);
  EXPECT_EQ(pending_.settle(true), nullptr);
  EXPECT_EQ(pending_.size(), 0u);
}

TEST_F(PendingKernels, CompleteKernelsAreForgotten) {
  cl::UserEvent first = event(), second = event();
  EXPECT_EQ(pending_.add(first, "a.cpp:1:1"), nullptr);
  EXPECT_EQ(pending_.add(second, "a.cpp:2:1"), nullptr);
  EXPECT_EQ(pending_.settle(false), nullptr);
  EXPECT_EQ(pending_.size(), 2u);  // neither is done
  ASSERT_EQ(first.setStatus(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(pending_.settle(false), nullptr);
  EXPECT_EQ(pending_.size(), 1u);
  ASSERT_EQ(second.setStatus(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(pending_.settle(false), nullptr);
  EXPECT_EQ(pending_.size(), 0u);
}

TEST_F(PendingKernels, AFailedKernelIsReportedWithItsSite) {
  cl::UserEvent good = event(), bad = event(), after = event();
  ASSERT_EQ(pending_.add(good, "a.cpp:1:1"), nullptr);
  ASSERT_EQ(pending_.add(bad, "a.cpp:7:3"), nullptr);
  ASSERT_EQ(pending_.add(after, "a.cpp:9:3"), nullptr);
  ASSERT_EQ(good.setStatus(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(bad.setStatus(CL_OUT_OF_RESOURCES), CL_SUCCESS);
  const char* why = pending_.settle(false);
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("a.cpp:7:3"), std::string::npos) << why;
  EXPECT_NE(std::string(why).find("CL_OUT_OF_RESOURCES"), std::string::npos) << why;
  EXPECT_EQ(pending_.size(), 0u);  // it and those after it are forgotten
  EXPECT_EQ(pending_.settle(false), nullptr);
  ASSERT_EQ(after.setStatus(CL_COMPLETE), CL_SUCCESS);
}

TEST_F(PendingKernels, AddReportsAnEarlierFailure) {
  cl::UserEvent bad = event(), next = event();
  ASSERT_EQ(pending_.add(bad, "b.cpp:3:5"), nullptr);
  ASSERT_EQ(bad.setStatus(CL_INVALID_OPERATION), CL_SUCCESS);
  const char* why = pending_.add(next, "b.cpp:4:5");
  ASSERT_NE(why, nullptr);
  EXPECT_NE(std::string(why).find("b.cpp:3:5"), std::string::npos) << why;
  EXPECT_EQ(pending_.size(), 1u);  // the new one is kept
  ASSERT_EQ(next.setStatus(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(pending_.settle(true), nullptr);
}

TEST_F(PendingKernels, SettleWithWaitWaitsForTheLast) {
  cl::UserEvent slow = event();
  ASSERT_EQ(pending_.add(slow, "c.cpp:1:1"), nullptr);
  std::thread finisher([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    (void)slow.setStatus(CL_COMPLETE);
  });
  EXPECT_EQ(pending_.settle(true), nullptr);
  EXPECT_EQ(pending_.size(), 0u);
  finisher.join();
}

TEST_F(PendingKernels, TheOldestIsWaitedForBeyondTheBound) {
  std::vector<cl::UserEvent> events;
  for (std::size_t i = 0; i < pending_kernels::max_pending; ++i) {
    events.push_back(event());
    ASSERT_EQ(pending_.add(events.back(), "d.cpp:1:1"), nullptr);
  }
  EXPECT_EQ(pending_.size(), pending_kernels::max_pending);
  std::thread finisher([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    (void)events.front().setStatus(CL_COMPLETE);
  });
  cl::UserEvent one_more = event();
  EXPECT_EQ(pending_.add(one_more, "d.cpp:2:1"), nullptr);  // returns once the first is done
  finisher.join();
  EXPECT_EQ(pending_.size(), pending_kernels::max_pending);
  for (std::size_t i = 1; i < events.size(); ++i) ASSERT_EQ(events[i].setStatus(CL_COMPLETE), CL_SUCCESS);
  ASSERT_EQ(one_more.setStatus(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(pending_.settle(true), nullptr);
}

TEST_F(PendingKernels, AUserEventHasNoProfiledTime) {
  cl::UserEvent done = event();
  ASSERT_EQ(done.setStatus(CL_COMPLETE), CL_SUCCESS);
  EXPECT_EQ(profiled_seconds(done), 0.0);
}

}  // namespace
}  // namespace clpar::rt
