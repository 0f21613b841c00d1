// test/unit/runtime/memory/staged_transfer_test.cpp - pageable <-> device copies through
// pinned staging chunks.
#include "memory/staged_transfer.hpp"

#include "memory/program_team.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <cstring>
#include <future>
#include <thread>
#include <vector>

#include "device/device_context.hpp"

namespace clpar::rt {
namespace {

using bytes_t = std::vector<unsigned char>;

constexpr std::size_t threshold = staged_transfer::direct_threshold;
constexpr std::size_t chunk = staged_transfer::chunk_bytes;
// More pieces than chunks (chunks are reused within one call), and an odd remainder.
constexpr std::size_t several_chunks = 5 * chunk + 12345;

/// Bytes that differ from piece to piece (a piece landing in the wrong place shows).
bytes_t pattern(std::size_t n, std::uint64_t seed) {
  bytes_t v(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t h = (i + 1) * 0x9E3779B97F4A7C15ull ^ seed * 0xBF58476D1CE4E5B9ull;
    v[i] = static_cast<unsigned char>(h >> 56);
  }
  return v;
}

/// Index of the first difference, or -1.
long first_difference(const unsigned char* got, const unsigned char* want, std::size_t n) {
  for (std::size_t i = 0; i < n; ++i)
    if (got[i] != want[i]) return long(i);
  return -1;
}

class StagedTransfer : public testing::Test {
 protected:
  void SetUp() override {
    if (platform_list::instance().devices().empty())
      GTEST_SKIP() << "no OpenCL device: " << platform_list::instance().why_none();
    outcome<device_context*> device = device_context::of(0);
    ASSERT_TRUE(device) << device.why;
    context_ = device.value->context();
    queue_ = device.value->queue();
  }

  cl::Buffer make_buffer(std::size_t size, unsigned char fill) {
    cl_int status = CL_SUCCESS;
    cl::Buffer buffer(context_, CL_MEM_READ_WRITE, size, nullptr, &status);
    EXPECT_EQ(status, CL_SUCCESS);
    const bytes_t init(size, fill);
    EXPECT_EQ(queue_.enqueueWriteBuffer(buffer, CL_TRUE, 0, size, init.data()), CL_SUCCESS);
    return buffer;
  }

  /// The buffer's bytes [offset, offset + n), read directly (not through the engine).
  bytes_t read_direct(const cl::Buffer& buffer, std::size_t offset, std::size_t n) {
    bytes_t out(n);
    EXPECT_EQ(queue_.finish(), CL_SUCCESS);
    if (n > 0) {
      EXPECT_EQ(queue_.enqueueReadBuffer(buffer, CL_TRUE, offset, n, out.data()), CL_SUCCESS);
    }
    return out;
  }

  cl::Context context_;
  cl::CommandQueue queue_;
};

/// The same with one copy thread and with three (slices of odd sizes).
class StagedTransferCopyThreads : public StagedTransfer,
                                  public testing::WithParamInterface<unsigned> {};

INSTANTIATE_TEST_SUITE_P(OneAndThree, StagedTransferCopyThreads, testing::Values(1u, 3u));

TEST_P(StagedTransferCopyThreads, RoundTripsEverySizeAtUnalignedOffsets) {
  staged_transfer engine(context_, queue_, GetParam());
  const std::size_t sizes[] = {0, 1, 4095, threshold - 1, threshold, threshold + 1, several_chunks};
  constexpr std::size_t dst_offset = 777, src_offset = 4099;  // device side, unaligned
  constexpr std::size_t host_skew = 3, guard = 16;
  cl::Buffer in = make_buffer(several_chunks + dst_offset + guard, 0xAB);
  cl::Buffer out = make_buffer(several_chunks + src_offset, 0);
  std::size_t staged = 0, direct = 0;
  for (const std::size_t n : sizes) {
    SCOPED_TRACE(testing::Message() << "bytes " << n);
    (n >= threshold ? staged : direct) += n;

    // Host -> device, from an unaligned host pointer.
    const bytes_t source = pattern(n + host_skew, n);
    ASSERT_EQ(engine.to_device(in, dst_offset, source.data() + host_skew, n), CL_SUCCESS);
    const bytes_t landed = read_direct(in, dst_offset - 1, n + 2);
    EXPECT_EQ(landed.front(), 0xAB) << "wrote before the range";
    EXPECT_EQ(first_difference(landed.data() + 1, source.data() + host_skew, n), -1);
    EXPECT_EQ(landed.back(), 0xAB) << "wrote past the range";

    // Device -> host, into an unaligned host pointer, from another device offset.
    const bytes_t image = pattern(n, n + 1000);
    if (n > 0) {
      ASSERT_EQ(queue_.enqueueWriteBuffer(out, CL_TRUE, src_offset, n, image.data()), CL_SUCCESS);
    }
    bytes_t host(n + host_skew + guard, 0xCD);
    ASSERT_EQ(engine.to_host(host.data() + host_skew, out, src_offset, n), CL_SUCCESS);
    EXPECT_EQ(host[host_skew - 1], 0xCD) << "read before the range";
    EXPECT_EQ(first_difference(host.data() + host_skew, image.data(), n), -1);
    EXPECT_EQ(host[host_skew + n], 0xCD) << "read past the range";

    // Put the untouched bytes back for the next size's guard checks.
    const bytes_t fill(n + 2, 0xAB);
    ASSERT_EQ(queue_.enqueueWriteBuffer(in, CL_TRUE, dst_offset - 1, n + 2, fill.data()),
              CL_SUCCESS);
  }
  // Everything from the threshold up went through the chunks (every platform offers
  // CL_MEM_ALLOC_HOST_PTR memory).
  EXPECT_TRUE(engine.pinned());
  EXPECT_EQ(engine.staged_bytes(), 2 * staged);
  EXPECT_EQ(engine.direct_bytes(), 2 * direct);
  EXPECT_EQ(engine.copy_threads(), GetParam());
  EXPECT_EQ(engine.wait(), CL_SUCCESS);
}

/// A program team (memory/program_team.hpp) that runs a copy's slices on threads of its
/// own, one each, and counts the copies it took.
unsigned lent_copies = 0;
int threaded_team(void (*slice)(void*, unsigned), void* context, unsigned count) {
  ++lent_copies;
  std::vector<std::thread> threads;
  for (unsigned i = 0; i < count; ++i) threads.emplace_back(slice, context, i);
  for (std::thread& t : threads) t.join();
  return 1;
}
int refusing_team(void (*)(void*, unsigned), void*, unsigned) { return 0; }

TEST_F(StagedTransfer, CopiesOnTheProgramsTeamWhereItLendsOne) {
  for (const auto team : {&threaded_team, &refusing_team}) {
    SCOPED_TRACE(team == &threaded_team ? "lent" : "refused");
    clpar_rt_set_program_team(team);
    lent_copies = 0;
    staged_transfer engine(context_, queue_, 3);
    cl::Buffer buffer = make_buffer(several_chunks, 0);
    const bytes_t source = pattern(several_chunks, 7);
    ASSERT_EQ(engine.to_device(buffer, 0, source.data(), several_chunks), CL_SUCCESS);
    EXPECT_EQ(first_difference(read_direct(buffer, 0, several_chunks).data(), source.data(),
                               several_chunks),
              -1);
    bytes_t back(several_chunks, 0);
    ASSERT_EQ(engine.to_host(back.data(), buffer, 0, several_chunks), CL_SUCCESS);
    EXPECT_EQ(first_difference(back.data(), source.data(), several_chunks), -1);
    // Every piece in and out went to the team when it took them.
    if (team == &threaded_team) EXPECT_GE(lent_copies, 2u);
    EXPECT_EQ(engine.wait(), CL_SUCCESS);
  }
  clpar_rt_set_program_team(nullptr);
}

TEST_F(StagedTransfer, AnEngineOnItsOwnThreadsLendsNoCopies) {
  clpar_rt_set_program_team(&threaded_team);
  lent_copies = 0;
  staged_transfer engine(context_, queue_, 3, staged_transfer::staging::own_threads);
  EXPECT_FALSE(engine.lends_copies());
  cl::Buffer buffer = make_buffer(several_chunks, 0);
  const bytes_t source = pattern(several_chunks, 11);
  ASSERT_EQ(engine.to_device(buffer, 0, source.data(), several_chunks), CL_SUCCESS);
  bytes_t back(several_chunks, 0);
  ASSERT_EQ(engine.to_host(back.data(), buffer, 0, several_chunks), CL_SUCCESS);
  EXPECT_EQ(first_difference(back.data(), source.data(), several_chunks), -1);
  EXPECT_EQ(engine.staged_bytes(), 2 * several_chunks);
  EXPECT_EQ(lent_copies, 0u);
  EXPECT_EQ(engine.wait(), CL_SUCCESS);
  clpar_rt_set_program_team(nullptr);
}

TEST_F(StagedTransfer, SourceMayChangeAsSoonAsToDeviceReturns) {
  staged_transfer engine(context_, queue_);
  for (const std::size_t n : {std::size_t{4095}, threshold, several_chunks}) {
    SCOPED_TRACE(testing::Message() << "bytes " << n);
    cl::Buffer buffer = make_buffer(n, 0);
    const bytes_t want = pattern(n, 7);
    bytes_t source = want;
    ASSERT_EQ(engine.to_device(buffer, 0, source.data(), n), CL_SUCCESS);
    std::memset(source.data(), 0xEE, n);  // the writes of the last pieces may be in flight
    const bytes_t got = read_direct(buffer, 0, n);
    EXPECT_EQ(first_difference(got.data(), want.data(), n), -1);
  }
  EXPECT_TRUE(engine.pinned());  // every platform offers CL_MEM_ALLOC_HOST_PTR memory
}

TEST_F(StagedTransfer, WritesDoNotWaitButChunksAreReusedOnlyAfterTheirWritesRan) {
  // Before the gate: the pinned chunks are made and mapped (a blocking map on the queue).
  cl::Buffer buffer = make_buffer(threshold + several_chunks, 0);
  staged_transfer engine(context_, queue_);
  const bytes_t warm(threshold);
  ASSERT_EQ(engine.to_device(buffer, 0, warm.data(), threshold), CL_SUCCESS);
  ASSERT_TRUE(engine.pinned());

  // A marker waiting for a user event holds the (in-order) queue: nothing after it runs
  // until the gate opens.
  cl_int status = CL_SUCCESS;
  cl::UserEvent gate(context_, &status);
  ASSERT_EQ(status, CL_SUCCESS);
  const std::vector<cl::Event> gate_list{gate};
  ASSERT_EQ(queue_.enqueueMarkerWithWaitList(&gate_list), CL_SUCCESS);
  ASSERT_EQ(queue_.flush(), CL_SUCCESS);
  std::promise<void> first_returned;
  std::future<bool> opened_by_timeout = std::async(std::launch::async, [&] {
    const bool timed_out =
        first_returned.get_future().wait_for(std::chrono::seconds(10)) != std::future_status::ready;
    // Long enough that the second call, were it not to wait, would overwrite its chunks
    // before any write ran.
    std::this_thread::sleep_for(std::chrono::milliseconds(150));
    gate.setStatus(CL_COMPLETE);
    return timed_out;
  });

  const bytes_t want_first = pattern(threshold, 21), want_second = pattern(several_chunks, 22);
  bytes_t first = want_first, second = want_second;
  // chunk_count pieces, every chunk once: returns with all its writes held up behind the gate.
  ASSERT_EQ(engine.to_device(buffer, 0, first.data(), threshold), CL_SUCCESS);
  first_returned.set_value();
  std::memset(first.data(), 0xEE, first.size());
  // More pieces than chunks, every chunk still in use: each piece waits for its chunk.
  ASSERT_EQ(engine.to_device(buffer, threshold, second.data(), several_chunks), CL_SUCCESS);
  std::memset(second.data(), 0xEE, second.size());
  EXPECT_FALSE(opened_by_timeout.get()) << "to_device blocked with every chunk free";
  const bytes_t got = read_direct(buffer, 0, threshold + several_chunks);
  EXPECT_EQ(first_difference(got.data(), want_first.data(), threshold), -1);
  EXPECT_EQ(first_difference(got.data() + threshold, want_second.data(), several_chunks), -1);
}

TEST_P(StagedTransferCopyThreads, BackToBackWritesBeforeOneRead) {
  staged_transfer engine(context_, queue_, GetParam());
  // Together more pieces than chunks, so later writes wait for chunks of earlier calls.
  struct part {
    std::size_t offset, size;
  };
  const part parts[] = {{0, 2 * chunk + 5},
                        {2 * chunk + 5, 100},
                        {2 * chunk + 105, threshold + 3},
                        {2 * chunk + threshold + 108, chunk},
                        {3 * chunk + threshold + 108, several_chunks}};
  const std::size_t total = parts[4].offset + parts[4].size;
  cl::Buffer buffer = make_buffer(total, 0);
  bytes_t want(total);
  for (std::size_t i = 0; i < std::size(parts); ++i) {
    const bytes_t source = pattern(parts[i].size, 100 + i);
    std::memcpy(want.data() + parts[i].offset, source.data(), parts[i].size);
    ASSERT_EQ(engine.to_device(buffer, parts[i].offset, source.data(), parts[i].size), CL_SUCCESS);
  }  // each source is gone before the next call
  // No finish in between: the read is ordered after the writes on the queue.
  bytes_t got(total + 1);
  ASSERT_EQ(engine.to_host(got.data() + 1, buffer, 0, total), CL_SUCCESS);
  EXPECT_EQ(first_difference(got.data() + 1, want.data(), total), -1);
  const bytes_t direct = read_direct(buffer, 0, total);
  EXPECT_EQ(first_difference(direct.data(), want.data(), total), -1);
}

TEST_F(StagedTransfer, FailuresAreReportedAndTheEngineStaysUsable) {
  staged_transfer engine(context_, queue_);
  const std::size_t size = several_chunks + chunk;
  cl::Buffer buffer = make_buffer(size, 0);
  const bytes_t source = pattern(several_chunks, 3);
  bytes_t host(several_chunks);
  // The first pieces fit, the last does not: enqueueing it fails after others are in flight.
  const std::size_t past = size - 2 * chunk;
  EXPECT_EQ(engine.to_device(buffer, past, source.data(), several_chunks), CL_INVALID_VALUE);
  EXPECT_EQ(engine.to_host(host.data(), buffer, past, several_chunks), CL_INVALID_VALUE);
  EXPECT_EQ(engine.to_device(buffer, size, source.data(), 10), CL_INVALID_VALUE);
  EXPECT_EQ(engine.wait(), CL_SUCCESS);
  ASSERT_EQ(engine.to_device(buffer, 1, source.data(), several_chunks), CL_SUCCESS);
  ASSERT_EQ(engine.to_host(host.data(), buffer, 1, several_chunks), CL_SUCCESS);
  EXPECT_EQ(first_difference(host.data(), source.data(), several_chunks), -1);
}

TEST_F(StagedTransfer, MovedEngineKeepsWorking) {
  staged_transfer first(context_, queue_);
  cl::Buffer buffer = make_buffer(several_chunks, 0);
  const bytes_t source = pattern(several_chunks, 11);
  ASSERT_EQ(first.to_device(buffer, 0, source.data(), several_chunks), CL_SUCCESS);
  staged_transfer second(std::move(first));  // writes still in flight move along
  EXPECT_FALSE(first.pinned());
  staged_transfer third;
  third = std::move(second);
  bytes_t host(several_chunks);
  ASSERT_EQ(third.to_host(host.data(), buffer, 0, several_chunks), CL_SUCCESS);
  EXPECT_EQ(first_difference(host.data(), source.data(), several_chunks), -1);
  EXPECT_EQ(third.staged_bytes(), third.pinned() ? 2 * several_chunks : 0);
}

}  // namespace
}  // namespace clpar::rt
