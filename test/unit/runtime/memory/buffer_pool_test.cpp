// test/unit/runtime/memory/buffer_pool_test.cpp - reuse of device buffers between calls.
#include "memory/buffer_pool.hpp"

#include <gtest/gtest.h>

#include "device/device_context.hpp"

namespace clpar::rt {
namespace {

class BufferPool : public testing::Test {
 protected:
  void SetUp() override {
    if (platform_list::instance().devices().empty())
      GTEST_SKIP() << "no OpenCL device: " << platform_list::instance().why_none();
    context_ = device_context::of(0).value->context();
  }
  cl::Context context_;
};

TEST_F(BufferPool, GivenBackBuffersAreReused) {
  buffer_pool pool(context_, 1 << 20);
  outcome<buffer_pool::lease> first = pool.take(1000);
  ASSERT_TRUE(first) << first.why;
  EXPECT_EQ(first.value.size, 1000u);
  const cl_mem handle = first.value.buffer();
  pool.give_back(std::move(first.value));
  EXPECT_EQ(pool.pooled_bytes(), 1000u);
  // Anything from half the size up reuses it.
  outcome<buffer_pool::lease> second = pool.take(600);
  ASSERT_TRUE(second);
  EXPECT_EQ(second.value.buffer(), handle);
  EXPECT_EQ(second.value.size, 1000u);
  EXPECT_EQ(pool.pooled_count(), 0u);
}

TEST_F(BufferPool, FarLargerBuffersAreNotUsedForSmallRequests) {
  buffer_pool pool(context_, 1 << 20);
  outcome<buffer_pool::lease> big = pool.take(10000);
  ASSERT_TRUE(big);
  const cl_mem handle = big.value.buffer();
  pool.give_back(std::move(big.value));
  outcome<buffer_pool::lease> small = pool.take(100);
  ASSERT_TRUE(small);
  EXPECT_NE(small.value.buffer(), handle);
  EXPECT_EQ(small.value.size, 100u);
  EXPECT_EQ(pool.pooled_count(), 1u);
}

TEST_F(BufferPool, CapacityEvictsTheLargestFirst) {
  buffer_pool pool(context_, 5000);
  outcome<buffer_pool::lease> a = pool.take(1000);
  outcome<buffer_pool::lease> b = pool.take(3000);
  outcome<buffer_pool::lease> c = pool.take(2000);
  outcome<buffer_pool::lease> d = pool.take(9000);
  ASSERT_TRUE(a && b && c && d);
  pool.give_back(std::move(a.value));
  pool.give_back(std::move(b.value));
  pool.give_back(std::move(c.value));  // 6000 > 5000: the 3000-byte buffer goes
  EXPECT_EQ(pool.pooled_bytes(), 3000u);
  EXPECT_EQ(pool.pooled_count(), 2u);
  pool.give_back(std::move(d.value));  // larger than the whole pool: released at once
  EXPECT_EQ(pool.pooled_bytes(), 3000u);
}

}  // namespace
}  // namespace clpar::rt
