// test/unit/runtime/launch/repeat_call_test.cpp - a call that repeats the thread's last one.
#include "launch/repeat_call.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <thread>
#include <vector>

namespace clpar::rt {
namespace {

view_arg view_of(float* data, std::uint64_t n, bool written) {
  view_arg v{};
  v.data = data;
  v.elem_size = sizeof(float);
  v.rank = 1;
  v.extent[0] = n;
  v.stride[0] = 1;
  v.written = written;
  return v;
}

struct remembered {
  std::vector<float> x = std::vector<float>(64), y = std::vector<float>(64);
  region_info info{"repeat_call_test.cpp:1:1", "k", "", 1, false, false};
  dim_arg dims[1] = {{0, 1, 64}};
  view_arg views[2] = {view_of(x.data(), 64, false), view_of(y.data(), 64, true)};
  float a = 2.0f;
  scalar_arg scalars[1] = {{&a, sizeof a}};

  launch_request request() const {
    return {&info, dims, views, 2, scalars, 1, placement_request::device};
  }
};

call_decision some_decision() {
  call_decision d;
  d.device = 1;
  d.why = ".on(clpar::device)";
  return d;
}

TEST(CallMemo, EmptyMatchesNothing) {
  const call_memo memo;
  const remembered call;
  EXPECT_TRUE(memo.empty());
  EXPECT_FALSE(memo.matches(call.request(), 1));
}

TEST(CallMemo, MatchesTheSameRequestAtTheSameEpoch) {
  call_memo memo;
  remembered call;
  const span_set spans({call.views, 2});
  memo.remember(call.request(), 7, some_decision(), spans);
  ASSERT_FALSE(memo.empty());
  EXPECT_TRUE(memo.matches(call.request(), 7));
  EXPECT_EQ(memo.decision().device, 1u);
  EXPECT_EQ(memo.spans().spans().size(), spans.spans().size());
  // A copy of the request's parts, not the request: another request with the same
  // contents matches, and a scalar's value is not part of the decision.
  remembered same;  // another region, with arrays of its own
  launch_request copy = call.request();
  const view_arg views[2] = {call.views[0], call.views[1]};
  copy.views = views;
  float other = 5.0f;
  const scalar_arg scalars[1] = {{&other, sizeof other}};
  copy.scalars = scalars;
  EXPECT_TRUE(memo.matches(copy, 7));
  EXPECT_FALSE(memo.matches(same.request(), 7));
  // Another epoch: the environment changed.
  EXPECT_FALSE(memo.matches(call.request(), 8));
  memo.forget();
  EXPECT_FALSE(memo.matches(call.request(), 7));
}

TEST(CallMemo, AnyPartOfTheDecisionsInputsDiffers) {
  call_memo memo;
  remembered call;
  memo.remember(call.request(), 3, some_decision(), span_set({call.views, 2}));
  const auto differs = [&](auto change) {
    remembered other;
    other.views[0] = call.views[0];
    other.views[1] = call.views[1];
    launch_request request = other.request();
    change(other, request);
    return !memo.matches(request, 3);
  };
  // The same contents under another region_info: another region.
  EXPECT_TRUE(differs([](remembered&, launch_request&) {}));
  const auto same_region = [&](auto change) {
    return differs([&](remembered& other, launch_request& request) {
      request.info = &call.info;
      change(other, request);
    });
  };
  EXPECT_FALSE(same_region([](remembered&, launch_request&) {}));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.dims[0].count = 63; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.dims[0].first = 1; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.dims[0].step = 2; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.views[1].extent[0] = 32; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.views[1].stride[0] = 2; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.views[0].written = true; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.views[0].elem_size = 8; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.views[0].byte_offset = true; }));
  EXPECT_TRUE(same_region([](remembered& o, launch_request&) { o.views[0].data = o.y.data(); }));
  EXPECT_TRUE(same_region([](remembered&, launch_request& r) { r.view_count = 1; }));
  EXPECT_TRUE(same_region(
      [](remembered&, launch_request& r) { r.placement = placement_request::automatic; }));
  EXPECT_TRUE(same_region([](remembered&, launch_request& r) { r.inner_trips = 9; }));
  // Another region described at the remembered one's address.
  const region_info was = call.info;
  call.info.kernel_source = "__kernel void k() {}";
  EXPECT_TRUE(same_region([](remembered&, launch_request&) {}));
  call.info = was;
  call.info.kernel_name = "k2";
  EXPECT_TRUE(same_region([](remembered&, launch_request&) {}));
  call.info = was;
  EXPECT_FALSE(same_region([](remembered&, launch_request&) {}));
  // Extents and strides beyond the view's rank are not part of it.
  EXPECT_FALSE(same_region([](remembered& o, launch_request&) {
    o.views[0].extent[2] = 99;
    o.views[0].stride[3] = -4;
  }));
}

TEST(CallMemo, ManyViewsAreNotRemembered) {
  std::vector<float> data(8);
  std::vector<view_arg> views(call_memo::max_views + 1, view_of(data.data(), 8, false));
  const region_info info{"repeat_call_test.cpp:2:1", "k", "", 1, false, false};
  const dim_arg dims[1] = {{0, 1, 8}};
  const launch_request request{&info,   dims, views.data(), views.size(), nullptr, 0,
                               placement_request::device};
  call_memo memo;
  memo.remember(request, 1, some_decision(), span_set(views));
  EXPECT_TRUE(memo.empty());
  EXPECT_FALSE(memo.matches(request, 1));
}

TEST(CallMemos, FindsEachOfTheLastCalls) {
  call_memos memos;
  remembered first, second;  // two regions, as a time loop's two stencils
  second.info.site = "repeat_call_test.cpp:3:1";
  memos.slot_for(5).remember(first.request(), 5, some_decision(), span_set({first.views, 2}));
  memos.slot_for(5).remember(second.request(), 5, some_decision(), span_set({second.views, 2}));
  EXPECT_NE(memos.find(first.request(), 5), nullptr);
  EXPECT_NE(memos.find(second.request(), 5), nullptr);
  EXPECT_NE(memos.find(first.request(), 5), memos.find(second.request(), 5));
  // The same region with its arrays swapped is another call, kept beside the first.
  launch_request swapped = first.request();
  const view_arg views[2] = {first.views[1], first.views[0]};
  swapped.views = views;
  EXPECT_EQ(memos.find(swapped, 5), nullptr);
  memos.slot_for(5).remember(swapped, 5, some_decision(), span_set({views, 2}));
  EXPECT_NE(memos.find(swapped, 5), nullptr);
  EXPECT_NE(memos.find(first.request(), 5), nullptr);
  memos.forget_all();
  EXPECT_EQ(memos.find(first.request(), 5), nullptr);
  EXPECT_EQ(memos.find(swapped, 5), nullptr);
}

TEST(CallMemos, AStaleMemoIsReusedBeforeTheOldest) {
  call_memos memos;
  remembered calls[call_memos::slots + 1];
  for (std::size_t k = 0; k < call_memos::slots; ++k)
    memos.slot_for(1).remember(calls[k].request(), 1, some_decision(),
                               span_set({calls[k].views, 2}));
  for (std::size_t k = 0; k < call_memos::slots; ++k)
    EXPECT_NE(memos.find(calls[k].request(), 1), nullptr) << k;
  // All in use at epoch 1: one more replaces the one filled longest ago.
  remembered &extra = calls[call_memos::slots];
  memos.slot_for(1).remember(extra.request(), 1, some_decision(), span_set({extra.views, 2}));
  EXPECT_EQ(memos.find(calls[0].request(), 1), nullptr);
  EXPECT_NE(memos.find(calls[1].request(), 1), nullptr);
  EXPECT_NE(memos.find(extra.request(), 1), nullptr);
  // At another epoch every memo is stale: the first slot is taken, whatever it held.
  EXPECT_EQ(&memos.slot_for(2), memos.find(extra.request(), 1));
}

TEST(CallMemos, EachThreadHasItsOwn) {
  call_memos* mine = thread_call_memos();
  ASSERT_NE(mine, nullptr);
  EXPECT_EQ(thread_call_memos(), mine);
  call_memos* theirs = nullptr;
  std::thread([&] { theirs = thread_call_memos(); }).join();
  EXPECT_NE(theirs, nullptr);
  EXPECT_NE(theirs, mine);
}

}  // namespace
}  // namespace clpar::rt
