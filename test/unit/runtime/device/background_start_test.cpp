// test/unit/runtime/device/background_start_test.cpp - the worker that starts OpenCL and
// builds kernels for auto: order, the thread it runs on, CLPAR_AUTO_START, the start.
#include "device/background_start.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

#include "device/device_context.hpp"
#include "device/platform_list.hpp"

namespace clpar::rt {
namespace {

TEST(AutoStart, BackgroundUnlessWait) {
  ::unsetenv("CLPAR_AUTO_START");
  EXPECT_TRUE(auto_start_in_background());
  ::setenv("CLPAR_AUTO_START", "", 1);
  EXPECT_TRUE(auto_start_in_background());
  ::setenv("CLPAR_AUTO_START", "background", 1);
  EXPECT_TRUE(auto_start_in_background());
  ::setenv("CLPAR_AUTO_START", "wait", 1);
  EXPECT_FALSE(auto_start_in_background());
  testing::internal::CaptureStderr();
  ::setenv("CLPAR_AUTO_START", "later", 1);
  EXPECT_TRUE(auto_start_in_background());
  EXPECT_TRUE(auto_start_in_background());  // warned once
  const std::string warning = testing::internal::GetCapturedStderr();
  EXPECT_EQ(warning,
            "clpar: warning: CLPAR_AUTO_START='later' is not background or wait; using "
            "background\n");
  ::unsetenv("CLPAR_AUTO_START");
}

TEST(BackgroundWork, RunsTasksInOrderOnOneOtherThread) {
  std::mutex mutex;
  std::vector<int> order;
  std::vector<std::thread::id> threads;
  for (int i = 0; i < 5; ++i)
    run_in_background(
        [&, i] {
          std::lock_guard lock(mutex);
          order.push_back(i);
          threads.push_back(std::this_thread::get_id());
        },
        false);
  wait_for_background_work();
  std::lock_guard lock(mutex);
  EXPECT_EQ(order, (std::vector<int>{0, 1, 2, 3, 4}));
  for (std::thread::id id : threads) {
    EXPECT_EQ(id, threads.front());
    EXPECT_NE(id, std::this_thread::get_id());
  }
}

TEST(BackgroundWork, AFailingTaskDoesNotStopTheWorker) {
  bool ran = false;
  run_in_background([] { throw std::bad_alloc(); }, false);
  run_in_background([&] { ran = true; }, false);
  wait_for_background_work();
  EXPECT_TRUE(ran);
}

TEST(BackgroundWork, DevicesStartOnTheWorker) {
  // The first answer is "not yet": the start was only queued.
  EXPECT_FALSE(devices_started(true));
  wait_for_background_work();
  EXPECT_TRUE(devices_started(true));
  // The list is made; a device it has got its context.
  const platform_list& list = platform_list::instance();
  for (std::size_t index = 0; index < list.devices().size(); ++index)
    if (list.devices()[index].traits.usable) {
      EXPECT_TRUE(device_context::of(index)) << device_context::of(index).why;
      break;
    }
}

}  // namespace
}  // namespace clpar::rt
