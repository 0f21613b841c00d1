// runtime/launch/repeat_call.hpp - a device call that repeats one of this thread's last
// ones takes its decision as it stands.
//
// Outside auto, where a call runs and with which kernel follows from its request alone (the
// region, the iteration space, the views, the placement asked for, the inner trip count)
// and the CLPAR_* settings: the device CLPAR_DEVICE selects, the views' merged spans
// (memory/span_set.hpp), the device's context, the kernel's form (launch/kernel_form.hpp,
// or a decided form trial, launch/form_trials.hpp) and the built kernel.  A time loop makes
// the same call thousands of times, and working all that out again took 0.6 to 1.2 us of a
// 10 to 15 us call on an H100 (docs/performance.md, "A waiting call, stage by stage").  So
// each thread keeps the decisions of its last few device calls made outside auto
// (call_memos::slots), each with a copy of the request's parts it followed from and the
// environment's epoch (support/environment.hpp); a call whose parts and epoch are those of
// one kept takes its decision.  A time loop of several regions, or of one region called
// with its arrays swapped every step, finds each of its calls.
//
// What is not part of the decision is not kept: every call still holds its spans through
// the region registry, places them unless the registry is as the last such call left it
// (the memo's placement_memo, launch/kernel_launch.hpp), sets its arguments (its scalars
// may differ) and reads CLPAR_SYNC_LAUNCHES and CLPAR_KERNEL_TIMES.  Not kept at all: calls
// under auto (the cost model weighs each one), calls shared out over several devices, and a
// call whose form trial is not decided (each such call may time another form).  A kernel
// whose declared work-group the device refused since is not taken (form_usable), and a
// launch that fails forgets the decision, so the next call decides afresh.
#ifndef CLPAR_RUNTIME_LAUNCH_REPEAT_CALL_HPP
#define CLPAR_RUNTIME_LAUNCH_REPEAT_CALL_HPP

#include <cstddef>
#include <cstdint>
#include <optional>

#include "clpar/rt/region.hpp"
#include "device/device_context.hpp"
#include "launch/kernel_form.hpp"
#include "launch/kernel_launch.hpp"
#include "memory/span_set.hpp"

namespace clpar::rt {

/// What a device call outside auto decided.
struct call_decision {
  std::size_t device = 0;  ///< platform_list index
  device_context* context = nullptr;
  kernel_entry* kernel = nullptr;
  kernel_form form;
  const char* why = "";  ///< the device choice's reason, for the trace line
};

/// One remembered call: its decision and the parts of its request it followed from.
class call_memo {
 public:
  /// Requests with more views than this are not remembered.
  static constexpr std::size_t max_views = 16;

  /// Whether `request`, with the environment at `epoch`, makes the call remembered.
  bool matches(const launch_request& request, std::uint64_t epoch) const noexcept;
  /// Keeps `decision` for `request` at `epoch` (not 0), with the call's `spans`; a request
  /// with more than max_views views or no region is not kept (the memo is then empty).
  void remember(const launch_request& request, std::uint64_t epoch,
                const call_decision& decision, const span_set& spans);
  void forget() noexcept {
    epoch_ = 0;
    placed_.registry_changes = 0;
  }
  bool empty() const noexcept { return epoch_ == 0; }

  /// Only while not empty.
  const call_decision& decision() const noexcept { return decision_; }
  /// The environment's epoch the memo was made at (0: empty).
  std::uint64_t epoch() const noexcept { return epoch_; }
  const span_set& spans() const noexcept { return *spans_; }
  /// Where the remembered call's spans were last placed (kernel_launch.hpp).
  placement_memo& placement() noexcept { return placed_; }

 private:
  std::uint64_t epoch_ = 0;  ///< 0: nothing remembered
  const region_info* info_ = nullptr;
  /// Of the region at info_: another region described at the same address (a test's,
  /// a library loaded where another was) is another call.
  const char* kernel_name_ = nullptr;
  const char* kernel_source_ = nullptr;
  placement_request placement_ = placement_request::automatic;
  std::uint64_t inner_trips_ = 0;
  dim_arg dims_[3] = {};
  std::size_t view_count_ = 0;
  view_arg views_[max_views] = {};
  call_decision decision_;
  std::optional<span_set> spans_;
  placement_memo placed_;
};

/// A thread's memos of its last few calls.
class call_memos {
 public:
  static constexpr std::size_t slots = 8;

  /// The memo that remembers `request` at `epoch`, or null.
  call_memo* find(const launch_request& request, std::uint64_t epoch) noexcept;
  /// Where to remember a call made at `epoch`: an empty memo or one made at another epoch
  /// (which no call can match), else each in turn (round robin: the oldest when the memos
  /// were filled in order, not tracked exactly).
  call_memo& slot_for(std::uint64_t epoch) noexcept;
  void forget_all() noexcept;

 private:
  call_memo memos_[slots];
  std::size_t next_ = 0;  ///< the next memo replaced when all are in use
};

/// This thread's memos; null once the thread's objects are being destroyed (a call made
/// then decides afresh).
call_memos* thread_call_memos() noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_REPEAT_CALL_HPP
