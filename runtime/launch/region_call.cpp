// runtime/launch/region_call.cpp - clpar::rt::region_call: host or device, per call.
//
// The decision, in order (each step may answer "host" with a reason for the trace):
//   a region translated without a kernel (traced like any other call), empty iteration
//   space, .on(clpar::host), CLPAR_DEVICE=host (device_selector.hpp); under auto, a site
//   whose measured host time is too short for any device or whose first call is small
//   (schedule/cost_model.hpp).  Only then OpenCL is started (platform_list) and a device
//   chosen, the views' memory laid out (span_set); under auto the cost model weighs the
//   device's calibration and the bytes each choice would move against the site's measured
//   times.  Then the kernel is built (device_context) and run (kernel_launch).  Any failure
//   on the way answers "host" and leaves host memory as it was, so the stub's OpenMP
//   variant gives the right result.  Outside auto, a call repeating one of the thread's
//   last device calls skips to the launch with that call's device, spans, form and kernel
//   (launch/repeat_call.hpp).
//
// Calls give the cost model their work time: every host call the OpenMP variant's (from the
// end of the decision to the stub's last line), a timed device call the kernel's profiled
// time.  Under auto, a device call in a bucket with no kernel time yet is timed and waits
// for its kernel to have one; later device calls are timed one in auto_timing_interval.
// Under auto the device starts, and each kernel builds, on the background worker
// (device/background_start.hpp) while calls run on the host.
//
// Under auto a call in a data scope also follows the scope's mode for this execution
// (schedule/scope_costs.hpp): all on the host, all on the device, or per region; the scope
// is timed from its first such call to its end (data_scope::end_run, here).
//
// A call asked to use every device (.on(clpar::all_devices) under auto, any call under
// CLPAR_DEVICE=all) is shared out over them (launch/shared_call.hpp) where its region
// allows it, before a single device is chosen; under auto such a call is shared out or
// run on one device by the two ways' measured times (launch/device_shares.hpp).
//
// Each call is a trace line under CLPAR_TRACE and an activity under CLPAR_PROFILE and
// CLPAR_SUMMARY (trace/profile.hpp), from the start of its decision to the end of its
// variant; the thread is marked as in a call meanwhile.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "clpar/errors.hpp"
#include "clpar/rt/region.hpp"
#include "clpar/rt/residency.hpp"
#include "clpar/rt/start.hpp"
#include "clpar/rt/stats.hpp"
#include "device/background_start.hpp"
#include "device/device_context.hpp"
#include "device/device_selector.hpp"
#include "device/pending_kernels.hpp"
#include "device/platform_list.hpp"
#include "launch/device_shares.hpp"
#include "launch/form_trials.hpp"
#include "launch/kernel_form.hpp"
#include "launch/kernel_launch.hpp"
#include "launch/reduction.hpp"
#include "launch/repeat_call.hpp"
#include "launch/shared_call.hpp"
#include "memory/residency.hpp"
#include "memory/span_set.hpp"
#include "schedule/calibration.hpp"
#include "schedule/cost_model.hpp"
#include "schedule/region_counts.hpp"
#include "schedule/scope_costs.hpp"
#include "support/environment.hpp"
#include "trace/profile.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

struct decision {
  bool on_device = false;
  const char* where = "host";
  const char* why = "";
  int device = -1;
  std::optional<double> host_seconds;  ///< the cost model's predictions, when it decided
  std::optional<double> device_seconds;
  bool shared = false;  ///< shared out over several devices (launch/shared_call.hpp)
  /// Under auto, an .on(clpar::all_devices) call whose way (shared or one device) auto
  /// chose: its wall time is recorded for that way (launch/device_shares.hpp).
  bool weighed = false;
  call_way way = call_way::shared;
};

decision host(const char* why) {
  decision d;
  d.why = why;
  return d;
}

decision host(const cost_choice& choice) {
  return {false, "host", choice.why, -1, choice.host_seconds, choice.device_seconds, false,
          false, call_way::shared};
}

/// What running the call on `device`, or on the host, would move now.
call_bytes bytes_to_move(const span_set& spans, device_id device) {
  call_bytes bytes;
  residency_lock lock;
  const region_registry& registry = residency_registry();
  for (const byte_span& span : spans.spans()) {
    const region_registry::pending_bytes b =
        registry.bytes_to_move(device, byte_range{span.low, span.high});
    bytes.missing_on_device += b.missing_on_device;
    bytes.stale_on_host += b.stale_on_host;
    if (span.written) bytes.written += span.size();
  }
  return bytes;
}

/// auto's record of one execution of a data scope (schedule/scope_costs.hpp).
/// The threads of an OpenMP loop in the scope's function share it: `mutex` guards
/// `execution`'s flags and `calls`.
struct scope_run {
  const void* site;
  scope_execution execution;
  std::chrono::steady_clock::time_point start;
  region_counts calls;      ///< of each region in this execution
  region_counts last_time;  ///< of each region in the site's last execution
  std::mutex mutex;
};

/// Guards making a scope's run, which two threads of the scope may want at once.
std::mutex scope_run_creation;

/// The record of `scope`'s current execution, begun (its mode chosen) at its first call
/// decided under auto; null for a call without a scope.
scope_run* run_of(data_scope* scope) {
  if (scope == nullptr) return nullptr;
  std::atomic<void*>& slot = scope_access::run(*scope);
  if (void* run = slot.load(std::memory_order_acquire)) return static_cast<scope_run*>(run);
  std::lock_guard<std::mutex> lock(scope_run_creation);
  if (void* run = slot.load(std::memory_order_acquire)) return static_cast<scope_run*>(run);
  auto* run = new scope_run{scope->site(), {}, std::chrono::steady_clock::now(), {}, {}, {}};
  run->execution.mode = scope_table::instance().next_mode(scope->site());
  try {
    run->last_time = scope_table::instance().last_calls(scope->site());
  } catch (...) {
    // Out of memory: this execution spreads its uploads over its calls as they come.
  }
  slot.store(run, std::memory_order_release);
  return run;
}

/// Each warning is printed once per process, whatever the thread or the call.
void warn_once(std::atomic<bool>& warned, const std::string& text) {
  if (!warned.exchange(true)) std::fprintf(stderr, "%s\n", text.c_str());
}

std::atomic<bool> warned_invalid_value{false};
std::atomic<bool> warned_unknown_index{false};
std::atomic<bool> warned_auto_devices{false};
std::atomic<bool> warned_beyond_list{false};

/// A list limited to one vendor's devices (platform_list.hpp) serves the CLPAR_DEVICE it was
/// made for; a call whose CLPAR_DEVICE changed since to want other devices is told once.
void warn_if_beyond_list(const platform_list& list, device_policy policy, const call_traits& call,
                         const char* value) {
  const char* wanted = wanted_device_kind(policy, call.auto_cpu_devices);
  if (wanted != nullptr && std::strcmp(wanted, list.limited_to()) == 0) return;
  warn_once(warned_beyond_list,
            "clpar: warning: CLPAR_DEVICE='" + std::string(value != nullptr ? value : "") +
                "' may want devices this process did not list: its first device call opened "
                "only " + list.vendor_library() + ", the library of every " +
                list.limited_to() + " device (CLPAR_PLATFORMS=all lists every platform)");
}

/// CLPAR_AUTO_DEVICES (docs/environment.md): `gpu` (the default) or `all`; read per call,
/// like CLPAR_DEVICE.
bool auto_cpu_devices_requested() {
  const char* value = environment_value("CLPAR_AUTO_DEVICES");
  if (value == nullptr || *value == '\0' || std::strcmp(value, "gpu") == 0) return false;
  if (std::strcmp(value, "all") == 0) return true;
  warn_once(warned_auto_devices, "clpar: warning: CLPAR_AUTO_DEVICES='" + std::string(value) +
                                     "' is not gpu or all; using gpu");
  return false;
}

/// Scalars are read, and reduction variables read and written, in host memory, which may
/// also be memory a view keeps on a device (a reference to an element, a viewed variable).
/// After a device run only the reduction variables (just written) need it again.
void prepare_scalars(const launch_request& request, bool with_scalars) {
  if ((!with_scalars || request.scalar_count == 0) && request.reduction_count == 0) return;
  if (!residency_active()) return;
  {
    // Scalars seldom lie in held memory: looked for first, without allocating (a time
    // loop's calls pass theirs every time).
    residency_lock lock;
    const region_registry& registry = residency_registry();
    const auto held = [&](const void* at, std::size_t size) {
      const auto low = reinterpret_cast<std::uintptr_t>(at);
      return registry.tracked_any(byte_range{low, low + size});
    };
    bool any = false;
    for (std::size_t i = 0; with_scalars && i < request.scalar_count; ++i)
      any = any || held(request.scalars[i].value, request.scalars[i].size);
    for (std::size_t r = 0; r < request.reduction_count; ++r)
      any = any || held(request.reductions[r].target, scalar_size(request.reductions[r].kind));
    if (!any) return;
  }
  std::vector<view_arg> bytes;
  auto add = [&](const void* at, std::size_t size, bool written) {
    view_arg v{};
    v.data = const_cast<void*>(at);
    v.elem_size = static_cast<std::uint32_t>(size);
    v.rank = 1;
    v.extent[0] = 1;
    v.stride[0] = 1;
    v.written = written;
    bytes.push_back(v);
  };
  for (std::size_t i = 0; with_scalars && i < request.scalar_count; ++i)
    add(request.scalars[i].value, request.scalars[i].size, false);
  for (std::size_t r = 0; r < request.reduction_count; ++r)
    add(request.reductions[r].target, scalar_size(request.reductions[r].kind), true);
  prepare_host_access(bytes.data(), bytes.size(),
                      request.info != nullptr ? request.info->site : "?");
}

/// Under the background start, a call whose host run is predicted to take at least this
/// long waits for the device's start and its kernel's build instead, as under
/// CLPAR_AUTO_START=wait: the wait (0.1 to 0.3 s for a GPU's start with warm caches,
/// milliseconds for a cached kernel) costs less than a few such host runs, and much less
/// than one of the seconds-long ones (matmul 2048 on the host: 6.5 s).
constexpr double wait_for_device_host_seconds = 0.05;

/// auto times one device call in this many once a bucket is measured.
constexpr unsigned auto_timing_interval = 8;

/// Whether this thread's next measured-bucket device call under auto is timed.
bool auto_timing_sample() noexcept {
  thread_local unsigned calls = 0;
  return calls++ % auto_timing_interval == 0;
}

/// Under CLPAR_TRACE, once per process: which GPU the node-local rank took.
void trace_rank_choice(const platform_list& list, int device) {
  static std::once_flag once;
  std::call_once(once, [&] {
    const local_rank& rank = process_local_rank();
    const device_traits& traits = list.traits()[device];
    trace_write("node-local rank " + std::to_string(rank.rank) + " (" + rank.variable +
                ") of a job with " + std::to_string(usable_gpu_count(list.traits())) +
                " usable GPUs here: calls go to " + std::to_string(traits.platform) + ":" +
                std::to_string(traits.device) + " " + list.devices()[device].name);
  });
}

/// An attempt to share a call out (launch/shared_call.hpp): why it was not, and under
/// auto the way (shared or one device) auto chose for the call.
struct sharing {
  const char* not_shared = nullptr;
  bool weighed = false;  ///< auto chose the way and the call measures it
  way_choice way;
};

/// The call shared out over every device that can run it, when the region allows it and,
/// under auto, auto chooses to; otherwise nullopt, `share` saying why not.
std::optional<decision> run_shared_if_able(const launch_request& request,
                                           const device_selection& selection,
                                           const call_traits& call, sharing& share) {
  const region_info& info = *request.info;
  const std::vector<int> devices = sharing_devices(call, platform_list::instance().traits());
  share.not_shared = why_not_shared(request);
  if (share.not_shared == nullptr && devices.size() < 2)
    share.not_shared = "fewer than two devices can run it";
  if (share.not_shared == nullptr && selection.policy == device_policy::automatic) {
    share.way = share_rates::instance().next_way(&info);
    share.weighed = share.way.measures;
    if (share.way.way == call_way::one_device) share.not_shared = share.way.why;
  }
  if (share.not_shared != nullptr) return std::nullopt;
  const span_set spans({request.views, request.view_count});
  if (spans.why() != nullptr) return host(spans.why());
  shared_outcome shared = run_shared(request, devices, spans);
  if (shared.why != nullptr) return host(shared.why);
  if (shared.ran_one) {
    share.not_shared = "fewer than two devices have a share worth running";
    share.weighed = false;
    return std::nullopt;
  }
  thread_local std::string where;  // read by the call's trace line, before the next call
  where = std::move(shared.where);
  const char* why = share.weighed ? share.way.why
                    : request.placement == placement_request::all_devices
                        ? ".on(clpar::all_devices)"
                        : "CLPAR_DEVICE=all";
  return decision{true, where.c_str(), why, shared.first_device, {}, {}, true, share.weighed,
                  share.way.way};
}

/// Set by a call that found OpenCL not started under auto's background start: 1 to start
/// the GPUs, 2 also the first CPU device, once the call is over.
thread_local int start_after_call = 0;

decision decide_and_run(const launch_request& request) {
  if (request.info == nullptr) return host("no region description");
  prepare_scalars(request, true);
  const region_info& info = *request.info;
  if (info.kernel_source == nullptr)
    return host(info.host_only_reason ? info.host_only_reason : "no OpenCL variant");
  // A call repeating one of this thread's last device calls outside auto takes its
  // decision (launch/repeat_call.hpp).
  const std::uint64_t epoch = environment_epoch();
  call_memos* memos = thread_call_memos();
  if (call_memo* memo = memos != nullptr ? memos->find(request, epoch) : nullptr) {
    const call_decision& repeat = memo->decision();
    if (form_usable(repeat.kernel, repeat.form, info)) {
      const char* failed = launch_on_device(*repeat.context, static_cast<device_id>(repeat.device),
                                            *repeat.kernel, request, memo->spans(), false,
                                            kernel_times_requested(), &repeat.form,
                                            &memo->placement());
      if (failed == nullptr)
        return decision{true, repeat.context->device().name.c_str(), repeat.why,
                        static_cast<int>(repeat.device), {}, {}, false, false, call_way::shared};
      memo->forget();
      return host(failed);
    }
    memo->forget();
  }
  const call_traits call{iteration_count(request), request.placement, info.needs_fp64,
                         info.cpu_devices_only, info.strict_fp, auto_cpu_devices_requested()};

  const char* value = environment_value("CLPAR_DEVICE");
  parsed_selection parsed = parse_device_selection(value);
  parsed.selection.rank = process_local_rank();
  if (!parsed.warning.empty()) warn_once(warned_invalid_value, parsed.warning);
  if (auto early = choose_without_devices(parsed.selection, call)) return host(early->why);
  if (info.dims < 1 || info.dims > 3) return host("region has an unsupported dimension count");

  // Under auto, the cost model decides (schedule/cost_model.hpp); a host time too short
  // for any device keeps OpenCL from even starting.
  bool automatic = parsed.selection.policy == device_policy::automatic &&
                   request.placement == placement_request::automatic;
  int measured_on = -1;
  site_costs costs;
  scope_run* run = nullptr;
  scope_mode mode = scope_mode::per_region;
  // Notes a choice made on the predictions, for the scope's own measurement.
  const auto note = [&](const cost_choice& choice) {
    if (run != nullptr && choice.predicted) {
      std::lock_guard<std::mutex> lock(run->mutex);
      (choice.device ? run->execution.predicted_device : run->execution.predicted_host) = true;
    }
  };
  // How many calls an upload for this one serves (choose_by_cost): those of the region in
  // this execution of its scope so far, or as many as the last execution made.
  std::uint64_t upload_shares = 1;
  const auto share_upload = [&](std::uint64_t earlier, std::uint64_t last_time) {
    upload_shares = std::max({upload_shares, earlier + 1, last_time});
  };
  if (automatic) {
    run = run_of(request.scope);
    if (run != nullptr) {
      std::lock_guard<std::mutex> lock(run->mutex);
      mode = run->execution.mode;
      share_upload(run->calls.count(&info), run->last_time.calls(&info));
    }
    if (mode == scope_mode::all_host) return host("auto: the scope runs all on the host");
    costs = cost_table::instance().snapshot(&info, measured_on);
    if (mode == scope_mode::per_region)
      if (auto early = choose_without_device(costs, call.iterations,
                                             first_call_threshold(info.iteration_loops))) {
        note(*early);
        return host(*early);
      }
  }

  // Under auto, OpenCL starts on the background worker while calls run on the host, unless
  // this site's host run is predicted long enough that waiting for the device costs less.
  bool in_background = automatic && auto_start_in_background();
  if (in_background)
    if (const std::optional<double> host_seconds =
            costs.work_seconds(site_costs::variant::host, call.iterations);
        host_seconds && *host_seconds >= wait_for_device_host_seconds)
      in_background = false;
  if (in_background && !devices_start_asked()) {
    // The start is asked for once this call's OpenMP run is over (~region_call), so that
    // the program's first result does not share the host with the drivers' loading.
    start_after_call = call.auto_cpu_devices ? 2 : 1;
    return host("auto: OpenCL is starting in the background");
  }
  if (in_background && !devices_started(call.auto_cpu_devices))
    return host("auto: OpenCL is starting in the background");

  const platform_list& list = platform_list::instance();
  if (list.devices().empty()) return host(list.why_none());
  if (list.limited_to() != nullptr) warn_if_beyond_list(list, parsed.selection.policy, call, value);
  // Shared out over several devices where asked for and the region allows it; else on
  // one device, the reason in the call's trace line.
  sharing share;
  if (shares_out(parsed.selection, request.placement))
    if (std::optional<decision> shared = run_shared_if_able(request, parsed.selection, call, share))
      return *shared;
  const char* not_shared = share.not_shared;
  const bool weighed = share.weighed;
  const way_choice& way = share.way;
  device_choice choice = choose_device(parsed.selection, call, list.traits());
  thread_local std::string one_device_why;  // read by the call's trace line
  if (not_shared != nullptr && !choice.on_host()) {
    one_device_why = std::string(choice.why) + " (not shared out: " + not_shared + ")";
    choice.why = one_device_why.c_str();
  }
  if (choice.unknown_index) {
    warn_once(warned_unknown_index, "clpar: warning: CLPAR_DEVICE='" + std::string(value) +
                                        "' names no device (see clpar-info); using auto");
    if (request.placement == placement_request::automatic && !automatic) {
      // The scope's mode is left to calls decided under auto from the start.
      automatic = true;
      costs = cost_table::instance().snapshot(&info, measured_on);
    }
  }
  if (choice.on_host()) return host(choice.why);
  if (parsed.selection.rank.rank >= 0 && trace_enabled())
    trace_rank_choice(list, choice.device);

  const span_set spans({request.views, request.view_count});
  if (spans.why() != nullptr) return host(spans.why());

  decision result{true, "", choice.why, choice.device, {}, {}, false, weighed, way.way};
  // A call weighed against sharing out is timed whole: it waits for its kernel.
  bool wait_for_kernel = weighed;
  // The cost model chose the device to measure it (its first call at this size, or a
  // close loser's retry), not by predictions.
  bool measuring = false;
  if (automatic) {
    // Device measurements from another device do not predict this one.
    if (measured_on >= 0 && measured_on != choice.device) costs = site_costs::without_device(costs);
    if (mode == scope_mode::all_device) {
      result.why = "auto: the scope runs all on the device";
    } else {
      const device_id device = static_cast<device_id>(choice.device);
      // A time loop in a caller that keeps the arrays with clpar::resident spreads the
      // upload over its calls as a data scope's execution does.
      if (mode == scope_mode::per_region) {
        const resident_call_count resident = count_resident_call(&info, spans.spans());
        share_upload(resident.earlier, resident.last_time);
      }
      const cost_choice by_cost =
          choose_by_cost(costs, calibration_of(choice.device).costs, call.iterations,
                         bytes_to_move(spans, device), first_call_threshold(info.iteration_loops),
                         upload_shares);
      note(by_cost);
      if (!by_cost.device) return host(by_cost);
      measuring = !by_cost.predicted;
      result.why = by_cost.why;
      result.host_seconds = by_cost.host_seconds;
      result.device_seconds = by_cost.device_seconds;
    }
    // A call whose kernel time this bucket lacks waits for it, to measure it; so does one
    // that measures the device again.  An asynchronous launch's kernel time reaches only
    // the statistics (clpar/rt/stats.hpp), never the cost model: a retry that did not wait
    // left the loser's prediction resting on one call, and each later call retried it (a
    // slice stencil ran on the device at every call, 12x its host time, on an H100).
    wait_for_kernel =
        measuring || !costs.measured_in_bucket(site_costs::variant::device, call.iterations);
  }

  const outcome<device_context*> context = device_context::of(choice.device);
  if (!context) return host(context.why);
  // The kernel's aligned-rows, tiled, split or unit-inner form where the call's views allow
  // it and it builds (a tiled or split form also needs its work-group size), else its
  // general form.
  kernel_form form = form_for(request, *context.value);
  // Where another form is plausible, the first calls of a size class time each, and later
  // ones take the fastest (launch/form_trials.hpp).
  const trial_ticket trial =
      choose_form(*context.value, request, call.iterations, in_background, form);
  kernel_entry* kernel = nullptr;
  if (in_background) {
    // Under auto a kernel not built yet builds on the background worker meanwhile.
    kernel = kernel_if_built_for_call(*context.value, request, form);
    if (kernel == nullptr) return host("auto: the kernel is building in the background");
  } else {
    kernel = &kernel_for_call(*context.value, request, form);
  }
  if (kernel->why != nullptr) return host(kernel->why);
  // auto's cost model learns from timed calls: each in a size bucket it has no kernel
  // time for or that measures the device again (both wait), and one in
  // auto_timing_interval after that (an event per kernel costs about 8 us on NVIDIA's
  // OpenCL, a fifth of a jacobi-2d step of 2048x2048); of those, a call that does not wait
  // (an asynchronous launch in a data scope) gives its time to the statistics only.
  // A trial's call is timed and waited for: its kernel time decides the trial.
  const bool timed = trial.timing() || kernel_times_requested() ||
                     (automatic && (wait_for_kernel || auto_timing_sample()));
  const char* failed =
      launch_on_device(*context.value, static_cast<device_id>(choice.device), *kernel, request,
                       spans, wait_for_kernel || trial.timing(), timed, &form);
  if (trial.timing())
    report_form_time(trial, form, failed != nullptr ? -1.0 : last_kernel_seconds);
  if (failed != nullptr) return host(failed);
  result.where = context.value->device().name.c_str();
  if (memos != nullptr && !automatic && trial.settled && !weighed &&
      !shares_out(parsed.selection, request.placement))
    memos->slot_for(epoch).remember(
        request, epoch,
        call_decision{static_cast<std::size_t>(choice.device), context.value, kernel, form,
                      result.why},
        spans);
  return result;
}

/// " (predicted host 12 us, device 80 us)", or nothing when the cost model did not decide.
std::string predictions_text(float host_seconds, float device_seconds) {
  if (host_seconds < 0 && device_seconds < 0) return {};
  auto part = [](const char* name, float seconds) {
    char text[48];
    if (seconds < 0)
      std::snprintf(text, sizeof text, "%s not measured", name);
    else
      std::snprintf(text, sizeof text, "%s %.0f us", name, static_cast<double>(seconds) * 1e6);
    return std::string(text);
  };
  return "; predicted " + part("host", host_seconds) + ", " + part("device", device_seconds);
}

}  // namespace

void trace_header_statement(const char* site, const char* why) noexcept {
  if (!trace_enabled()) return;
  try {
    trace_write(std::string(site) + " -> header (" + why + ")");
  } catch (...) {
    // No memory for a trace line: the statement runs all the same.
  }
}

std::uint64_t iteration_count(const launch_request& request) noexcept {
  if (request.info == nullptr || request.dims == nullptr || request.info->dims == 0) return 0;
  std::uint64_t total = 1;
  for (unsigned d = 0; d < request.info->dims; ++d) {
    if (__builtin_mul_overflow(total, request.dims[d].count, &total))
      total = std::numeric_limits<std::uint64_t>::max();  // saturate; 0 stays 0 below
    if (request.dims[d].count == 0) return 0;
  }
  return total;
}

namespace {
std::atomic<unsigned long long> calls_on_device{0}, calls_on_host{0};
thread_local call_stats last_stats;
}  // namespace

namespace {
/// Whether calls in this process start OpenCL on the background worker (auto with
/// CLPAR_AUTO_START=background).
bool auto_starts_in_background() {
  return parse_device_selection(environment_value("CLPAR_DEVICE")).selection.policy ==
             device_policy::automatic &&
         auto_start_in_background();
}
}  // namespace

void start_auto_devices() noexcept {
  try {
    if (auto_starts_in_background()) (void)devices_started(auto_cpu_devices_requested());
  } catch (...) {
    // Out of memory: the first call that wants a device queues the start again.
  }
}

void wait_for_auto_devices() noexcept {
  try {
    if (!auto_starts_in_background()) return;
    (void)devices_started(auto_cpu_devices_requested());
    wait_for_background_work();
  } catch (...) {
    // As above: nothing waited for.
  }
}

call_counts call_totals() noexcept {
  return {calls_on_device.load(std::memory_order_relaxed),
          calls_on_host.load(std::memory_order_relaxed)};
}

call_stats last_call() noexcept {
  if (last_stats.kernel_seconds == kernel_time_unmeasured) last_stats.kernel_seconds = 0;
  if (last_stats.kernel_seconds == kernel_time_pending) {
    try {
      const cl::Event kernel = last_kernel_event();
      (void)kernel.wait();
      last_stats.kernel_seconds = profiled_seconds(kernel);
    } catch (...) {
      last_stats.kernel_seconds = 0;
    }
    keep_kernel_event(nullptr);
  }
  return last_stats;
}

double kernel_seconds_total() noexcept {
  try {
    if (const char* failed = device_context::settle_all(true)) residency_data_lost(failed);
  } catch (...) {
    // Out of memory for the failure's text: the total so far is still right.
  }
  return pending_kernels::completed_seconds();
}

void data_scope::end_run() noexcept {
  // After the scope's threads have joined: its own thread alone ends it.
  auto* run = static_cast<scope_run*>(run_.exchange(nullptr, std::memory_order_acq_rel));
  if (run == nullptr) return;
  run->execution.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - run->start).count();
  try {
    scope_table::instance().record(run->site, run->execution, run->calls);
    if (trace_enabled() && run->execution.mode != scope_mode::per_region) {
      trace_write(std::string("scope ") + site_ + ": " + scope_mode_name(run->execution.mode) +
                  ", " + std::to_string(static_cast<long long>(run->execution.seconds * 1e6)) +
                  " us");
    }
  } catch (...) {
    // Out of memory for the table or the trace: the next execution decides from less.
  }
  delete run;
}

namespace {
/// Whether no host run has been timed yet in this process: the first one starts OpenMP's
/// threads (about a millisecond on the H200 host), which would make that site's host look
/// slow for good once the device takes over.
std::atomic<bool> first_host_run{true};
}  // namespace

void region_call::record_costs(std::chrono::steady_clock::time_point end) const noexcept {
  const region_info* info = request_->info;
  if (shared_) return;  // launch/device_shares.hpp keeps a shared call's times
  if (!on_device_ && first_host_run.exchange(false, std::memory_order_relaxed)) return;
  if (info == nullptr || info->kernel_source == nullptr) return;
  try {
    const std::uint64_t iterations = iteration_count(*request_);
    if (!on_device_) {
      cost_table::instance().record_host(
          info, iterations, std::chrono::duration<double>(end - work_start_).count());
    } else if (last_kernel_seconds >= 0) {
      cost_table::instance().record_device(info, device_, iterations, last_kernel_seconds);
    }
  } catch (...) {
    // Out of memory for the table: the next call predicts from less.
  }
}

region_call::region_call(const launch_request& request)
    : request_(&request), start_(std::chrono::steady_clock::now()) {
  // The call's CLPAR_* settings are read against one look at the environment.
  const environment_pin settings;
  traced_ = trace_enabled();
  profile_enter_call();
  last_kernel_seconds = 0;
  keep_kernel_event(nullptr);
  try {
    const decision d = decide_and_run(request);
    on_device_ = d.on_device;
    where_ = d.where;
    why_ = d.why;
    device_ = d.device;
    shared_ = d.shared;
    weighed_ = d.weighed ? static_cast<std::uint8_t>(1 + static_cast<int>(d.way)) : 0;
    predicted_host_ = d.host_seconds ? static_cast<float>(*d.host_seconds) : -1.0f;
    predicted_device_ = d.device_seconds ? static_cast<float>(*d.device_seconds) : -1.0f;
    // The OpenMP variant reads host memory: bring home what only a device has, and drop
    // the device copies of what it writes.
    if (!on_device_ && request.view_count > 0)
      prepare_host_access(request.views, request.view_count,
                          request.info != nullptr ? request.info->site : "?");
    // A reduction variable may itself live in memory a view keeps on the device; after a
    // device run the host just wrote it.
    if (on_device_ && request.reduction_count > 0) prepare_scalars(request, false);
  } catch (const device_error&) {
    profile_leave_call();
    throw;  // SPEC 5: memory only a lost device had; the program is told
  } catch (...) {
    // Out of host memory on the way (the only other exception the path can raise): the
    // OpenMP variant still runs, and host memory was not touched before the copy-back.
    on_device_ = false;
    where_ = "host";
    why_ = "runtime error before launch";
  }
  work_start_ = std::chrono::steady_clock::now();
}

region_call::~region_call() {
  const auto end = std::chrono::steady_clock::now();
  const auto elapsed = end - start_;
  record_costs(end);
  if (start_after_call != 0) {
    const bool cpu_devices = start_after_call == 2;
    start_after_call = 0;
    try {
      (void)devices_started(cpu_devices);
    } catch (...) {
      // Out of memory: a later call asks again.
    }
  }
  if (weighed_ != 0 && on_device_ && request_->info != nullptr) {
    // Under auto, the time of an .on(clpar::all_devices) call per iteration, for its way.
    const std::uint64_t iterations = iteration_count(*request_);
    if (iterations > 0)
      share_rates::instance().record_way(
          request_->info, static_cast<call_way>(weighed_ - 1),
          std::chrono::duration<double>(elapsed).count() / static_cast<double>(iterations));
  }
  last_stats.on_device = on_device_;
  (on_device_ ? calls_on_device : calls_on_host).fetch_add(1, std::memory_order_relaxed);
  last_stats.seconds = std::chrono::duration<double>(elapsed).count();
  last_stats.kernel_seconds = on_device_ ? last_kernel_seconds : 0;
  profile_leave_call();
  const bool traced = traced_;
  if (!traced && !profiling()) return;
  try {
    const char* site = request_->info != nullptr ? request_->info->site : "?";
    const std::string why = why_ + predictions_text(predicted_host_, predicted_device_);
    if (traced) {
      const auto microseconds =
          std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
      trace_write(format_call_line(site, iteration_count(*request_), where_, why, microseconds));
    }
    if (profiling()) {
      activity call;
      call.kind = activity_kind::call;
      call.name = site;
      call.site = site;
      call.begin = start_;
      call.end = end;
      call.on_device = on_device_;
      call.decision = where_;
      call.why = why;
      call.iterations = iteration_count(*request_);
      profile_record(std::move(call));
    }
  } catch (...) {
    // A lost trace line or profile record is not worth terminating the program for.
  }
}

}  // namespace clpar::rt
