// runtime/launch/repeat_call.cpp - a device call that repeats one of this thread's last ones.
#include "launch/repeat_call.hpp"

#include <memory>

namespace clpar::rt {
namespace {

/// Field by field, and only the first `rank` extents and strides: the rest, and the
/// padding, are whatever the stub left there.
bool same_view(const view_arg& a, const view_arg& b) noexcept {
  if (a.data != b.data || a.elem_size != b.elem_size || a.rank != b.rank ||
      a.written != b.written || a.byte_offset != b.byte_offset || a.rank > max_rank)
    return false;
  for (std::uint32_t d = 0; d < a.rank; ++d)
    if (a.extent[d] != b.extent[d] || a.stride[d] != b.stride[d]) return false;
  return true;
}

bool same_dim(const dim_arg& a, const dim_arg& b) noexcept {
  return a.first == b.first && a.step == b.step && a.count == b.count;
}

}  // namespace

bool call_memo::matches(const launch_request& request, std::uint64_t epoch) const noexcept {
  if (epoch_ == 0 || epoch != epoch_ || request.info != info_ ||
      request.placement != placement_ || request.inner_trips != inner_trips_ ||
      request.view_count != view_count_ || info_->kernel_name != kernel_name_ ||
      info_->kernel_source != kernel_source_)
    return false;
  for (unsigned d = 0; d < info_->dims; ++d)
    if (!same_dim(request.dims[d], dims_[d])) return false;
  for (std::size_t i = 0; i < view_count_; ++i)
    if (!same_view(request.views[i], views_[i])) return false;
  return true;
}

void call_memo::remember(const launch_request& request, std::uint64_t epoch,
                         const call_decision& decision, const span_set& spans) {
  forget();
  if (epoch == 0 || request.info == nullptr || request.info->dims > 3 ||
      request.view_count > max_views)
    return;
  spans_.emplace(spans);  // may throw: the memo stays empty
  info_ = request.info;
  kernel_name_ = info_->kernel_name;
  kernel_source_ = info_->kernel_source;
  placement_ = request.placement;
  inner_trips_ = request.inner_trips;
  for (unsigned d = 0; d < info_->dims; ++d) dims_[d] = request.dims[d];
  view_count_ = request.view_count;
  for (std::size_t i = 0; i < view_count_; ++i) views_[i] = request.views[i];
  decision_ = decision;
  epoch_ = epoch;
}

call_memo* call_memos::find(const launch_request& request, std::uint64_t epoch) noexcept {
  for (call_memo& memo : memos_)
    if (memo.matches(request, epoch)) return &memo;
  return nullptr;
}

call_memo& call_memos::slot_for(std::uint64_t epoch) noexcept {
  for (call_memo& memo : memos_)
    if (memo.epoch() != epoch) return memo;  // empty (0) or stale
  call_memo& oldest = memos_[next_];
  next_ = (next_ + 1) % slots;
  return oldest;
}

void call_memos::forget_all() noexcept {
  for (call_memo& memo : memos_) memo.forget();
}

namespace {

/// The thread's memos, read without a guard; `memo_owner` makes them on first use and, when
/// the thread's objects are destroyed, clears the pointer first.
constinit thread_local call_memos* current_memo = nullptr;

struct memo_owner {
  std::unique_ptr<call_memos> memo = std::make_unique<call_memos>();
  memo_owner() { current_memo = memo.get(); }
  ~memo_owner() { current_memo = nullptr; }
  memo_owner(const memo_owner&) = delete;
  memo_owner& operator=(const memo_owner&) = delete;
};

constinit thread_local bool memo_made = false;

}  // namespace

call_memos* thread_call_memos() noexcept {
  if (current_memo != nullptr || memo_made) return current_memo;
  memo_made = true;  // once per thread: after its destruction the memo stays null
  try {
    thread_local memo_owner owner;
  } catch (...) {
    // Out of memory: this thread's calls decide afresh.
  }
  return current_memo;
}

}  // namespace clpar::rt
