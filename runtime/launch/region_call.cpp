// runtime/launch/region_call.cpp - clpar::rt::region_call: host or device, per call.
//
// The decision, in order (each step may answer "host" with a reason for the trace):
//   a region translated without a kernel (traced like any other call), empty iteration space, .on(clpar::host), CLPAR_DEVICE=host, auto below its threshold
//   (device_selector.hpp); only then OpenCL is started (platform_list), a device chosen,
//   the views' memory laid out (span_set), the kernel built (device_context) and run
//   (kernel_launch).  Any failure on the way answers "host" and leaves host memory as it
//   was, so the stub's OpenMP variant gives the right result.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <string>
#include <vector>

#include "clpar/rt/region.hpp"
#include "clpar/rt/residency.hpp"
#include "clpar/rt/stats.hpp"
#include "device/device_context.hpp"
#include "device/device_selector.hpp"
#include "device/pending_kernels.hpp"
#include "device/platform_list.hpp"
#include "launch/kernel_launch.hpp"
#include "launch/reduction.hpp"
#include "memory/residency.hpp"
#include "memory/span_set.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

struct decision {
  bool on_device = false;
  const char* where = "host";
  const char* why = "";
};

decision host(const char* why) {
  return {false, "host", why};
}

/// Each warning is printed once per process, whatever the thread or the call.
void warn_once(std::atomic<bool>& warned, const std::string& text) {
  if (!warned.exchange(true)) std::fprintf(stderr, "%s\n", text.c_str());
}

std::atomic<bool> warned_invalid_value{false};
std::atomic<bool> warned_unknown_index{false};

/// Scalars are read, and reduction variables read and written, in host memory, which may
/// also be memory a view keeps on a device (a reference to an element, a viewed variable).
/// After a device run only the reduction variables (just written) need it again.
void prepare_scalars(const launch_request& request, bool with_scalars) {
  if (!residency_active()) return;
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

decision decide_and_run(const launch_request& request) {
  if (request.info == nullptr) return host("no region description");
  prepare_scalars(request, true);
  const region_info& info = *request.info;
  if (info.kernel_source == nullptr)
    return host(info.host_only_reason ? info.host_only_reason : "no OpenCL variant");
  const call_traits call{iteration_count(request), request.placement, info.needs_fp64,
                         info.cpu_devices_only, info.strict_fp};

  const char* value = std::getenv("CLPAR_DEVICE");
  const parsed_selection parsed = parse_device_selection(value);
  if (!parsed.warning.empty()) warn_once(warned_invalid_value, parsed.warning);
  if (auto early = choose_without_devices(parsed.selection, call)) return host(early->why);
  if (info.dims < 1 || info.dims > 3) return host("region has an unsupported dimension count");

  const platform_list& list = platform_list::instance();
  if (list.devices().empty()) return host(list.why_none());
  const device_choice choice = choose_device(parsed.selection, call, list.traits());
  if (choice.unknown_index) {
    warn_once(warned_unknown_index, "clpar: warning: CLPAR_DEVICE='" + std::string(value) +
                                        "' names no device (see clpar-info); using auto");
  }
  if (choice.on_host()) return host(choice.why);

  const span_set spans({request.views, request.view_count});
  if (spans.why() != nullptr) return host(spans.why());

  const outcome<device_context*> context = device_context::of(choice.device);
  if (!context) return host(context.why);
  kernel_entry& kernel = context.value->kernel_for(info);
  if (kernel.why != nullptr) return host(kernel.why);
  if (const char* why = launch_on_device(*context.value, static_cast<device_id>(choice.device), kernel, request, spans)) return host(why);
  return {true, context.value->device().name.c_str(), choice.why};
}

}  // namespace

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

call_counts call_totals() noexcept {
  return {calls_on_device.load(std::memory_order_relaxed),
          calls_on_host.load(std::memory_order_relaxed)};
}

call_stats last_call() noexcept {
  if (last_stats.kernel_seconds < 0) {
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

region_call::region_call(const launch_request& request) noexcept
    : request_(&request), start_(std::chrono::steady_clock::now()) {
  last_kernel_seconds = 0;
  keep_kernel_event(nullptr);
  try {
    const decision d = decide_and_run(request);
    on_device_ = d.on_device;
    where_ = d.where;
    why_ = d.why;
    // The OpenMP variant reads host memory: bring home what only a device has, and drop
    // the device copies of what it writes.
    if (!on_device_ && request.view_count > 0)
      prepare_host_access(request.views, request.view_count,
                          request.info != nullptr ? request.info->site : "?");
    // A reduction variable may itself live in memory a view keeps on the device; after a
    // device run the host just wrote it.
    if (on_device_ && request.reduction_count > 0) prepare_scalars(request, false);
  } catch (...) {
    // Out of host memory on the way (the only exception the path can raise): the OpenMP
    // variant still runs, and host memory was not touched before the copy-back.
    on_device_ = false;
    where_ = "host";
    why_ = "runtime error before launch";
  }
}

region_call::~region_call() {
  const auto elapsed = std::chrono::steady_clock::now() - start_;
  last_stats.on_device = on_device_;
  (on_device_ ? calls_on_device : calls_on_host).fetch_add(1, std::memory_order_relaxed);
  last_stats.seconds = std::chrono::duration<double>(elapsed).count();
  last_stats.kernel_seconds = on_device_ ? last_kernel_seconds : 0;
  if (!trace_enabled()) return;
  try {
    const auto microseconds =
        std::chrono::duration_cast<std::chrono::microseconds>(elapsed).count();
    const char* site = request_->info != nullptr ? request_->info->site : "?";
    trace_write(format_call_line(site, iteration_count(*request_), where_, why_, microseconds));
  } catch (...) {
    // A lost trace line is not worth terminating the program for.
  }
}

}  // namespace clpar::rt
