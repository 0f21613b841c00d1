// runtime/launch/shared_call.cpp - one call shared out over several devices.
#include "launch/shared_call.hpp"

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

#include "device/device_context.hpp"
#include "device/platform_list.hpp"
#include "launch/device_shares.hpp"
#include "launch/kernel_form.hpp"
#include "launch/kernel_launch.hpp"
#include "memory/element_rows.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

/// A device whose context started.
struct ready_device {
  int index;
  device_context* context;
};

/// The devices of `devices` that start; the others are traced.
std::vector<ready_device> ready_devices(const launch_request& request,
                                        std::span<const int> devices) {
  std::vector<ready_device> ready;
  for (const int index : devices) {
    const outcome<device_context*> context = device_context::of(index);
    if (context) {
      ready.push_back({index, context.value});
    } else if (trace_enabled()) {
      trace_write(std::string(request.info->site) + ": device " + std::to_string(index) +
                  " takes no share (" + context.why + ")");
    }
  }
  return ready;
}

/// Seconds per iteration of dimension 0 on each device: measured, else guessed from the
/// device's compute units, scaled to the first measured device when there is one.
std::vector<double> device_rates(const region_info& info, const std::vector<ready_device>& ready) {
  const platform_list& list = platform_list::instance();
  auto speed_of = [&](int index) {
    const device_entry& entry = list.devices()[index];
    return guessed_speed(entry.traits.gpu, entry.compute_units);
  };
  std::optional<double> scale;  // measured seconds per iteration times guessed speed
  for (const ready_device& device : ready)
    if (const auto rate = share_rates::instance().seconds_per_iteration(&info, device.index)) {
      scale = *rate * speed_of(device.index);
      break;
    }
  std::vector<double> rates;
  for (const ready_device& device : ready) {
    const auto rate = share_rates::instance().seconds_per_iteration(&info, device.index);
    rates.push_back(rate ? *rate : scale.value_or(1.0) / speed_of(device.index));
  }
  return rates;
}

/// "0:1 NVIDIA H200 38%"
std::string share_text(int index, std::uint64_t count, std::uint64_t total) {
  const device_entry& entry = platform_list::instance().devices()[index];
  char percent[16];
  std::snprintf(percent, sizeof percent, " %.0f%%",
                100.0 * static_cast<double>(count) / static_cast<double>(total));
  return std::to_string(entry.traits.platform) + ":" + std::to_string(entry.traits.device) + " " +
         entry.name + percent;
}

}  // namespace

const char* why_not_shared(const launch_request& request) noexcept {
  static constexpr const char* untied_write =
      "the region writes a view where its outermost loop's variable alone does not decide "
      "the element";
  const region_info& info = *request.info;
  if (request.view_count == 0) return nullptr;
  if (info.split_views == nullptr) return untied_write;
  for (std::size_t i = 0; i < request.view_count; ++i) {
    if (!request.views[i].written) continue;
    const split_access& written = info.split_views[i].written;
    if (written.axis < 0) return untied_write;
    if (!writes_apart(written, request.dims[0].step))
      return "neighbouring iterations may write the same elements of a view at this step";
  }
  return nullptr;
}

shared_outcome run_shared(const launch_request& request, std::span<const int> devices,
                          const span_set& spans) {
  shared_outcome out;
  const region_info& info = *request.info;
  std::vector<ready_device> ready = ready_devices(request, devices);
  if (ready.size() < 2) {
    out.ran_one = true;
    return out;
  }
  std::vector<int> indices;
  for (const ready_device& device : ready) indices.push_back(device.index);
  const std::vector<double> rates = device_rates(info, ready);
  // A 1-D region's dimension 0 is its innermost: shares of whole blocks, for a kernel
  // whose work-items take blocks of it (region_info::inner_block).
  const std::uint64_t total = request.dims[0].count;
  const std::vector<iteration_share> shares =
      share_iterations(indices, rates, total, info.dims == 1 ? std::max(info.inner_block, 1u) : 1,
                       share_rates::instance().count_call(&info));
  if (shares.size() < 2) {
    out.ran_one = true;
    return out;
  }

  std::vector<device_share> parts(shares.size());
  std::vector<kernel_form> forms(shares.size());
  for (std::size_t k = 0; k < shares.size(); ++k) {
    const iteration_share& share = shares[k];
    std::size_t r = 0;
    while (ready[r].index != share.device) ++r;
    device_share& part = parts[k];
    part.context = ready[r].context;
    part.device = static_cast<device_id>(share.device);
    part.request = request;
    part.request.dims = part.dims;
    for (unsigned d = 0; d < info.dims; ++d) part.dims[d] = request.dims[d];
    // The share's values of dimension 0, modulo 2^64 as prange computes them.
    const auto value = [&](std::uint64_t k0) {
      return static_cast<std::int64_t>(static_cast<std::uint64_t>(request.dims[0].first) +
                                       k0 * static_cast<std::uint64_t>(request.dims[0].step));
    };
    part.dims[0] = {value(share.begin), request.dims[0].step, share.count};
    // The form the share's own iterations allow (an aligned-rows form needs a 1-D share
    // to start at 0, for one).
    forms[k] = form_for(part.request, *part.context);
    part.kernel = &kernel_for_call(*part.context, part.request, forms[k]);
    if (part.kernel->why != nullptr) {
      out.why = part.kernel->why;
      return out;
    }
    part.form = &forms[k];
    const std::int64_t first = value(share.begin);
    const std::int64_t last = value(share.begin + share.count - 1);
    part.needed.assign(spans.spans().size(), std::nullopt);
    part.written.assign(request.view_count, std::nullopt);
    for (std::size_t i = 0; i < request.view_count; ++i) {
      const view_arg& view = request.views[i];
      const std::size_t span = spans.placements()[i].span;
      if (span == view_placement::no_span) continue;
      const split_view& split = info.split_views[i];
      if (const std::optional<view_arg> touched = view_part(view, split.touched, first, last))
        if (const std::optional<element_rows> rows = element_rows::of(*touched)) {
          const byte_range hull = rows->hull();
          std::optional<byte_range>& needed = part.needed[span];
          needed = needed ? byte_range{std::min(needed->low, hull.low),
                                       std::max(needed->high, hull.high)}
                          : hull;
        }
      if (view.written) part.written[i] = view_part(view, split.written, first, last);
    }
  }

  if (const char* why = launch_shared(parts, spans)) {
    out.why = why;
    return out;
  }
  for (std::size_t k = 0; k < shares.size(); ++k) {
    if (parts[k].kernel_seconds > 0)
      share_rates::instance().record(&info, shares[k].device,
                                     parts[k].kernel_seconds / static_cast<double>(shares[k].count));
    out.where += (k ? ", " : "") + share_text(shares[k].device, shares[k].count, total);
  }
  out.first_device = shares.front().device;
  return out;
}

}  // namespace clpar::rt
