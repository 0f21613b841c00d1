// runtime/device/fault_injection.cpp - CLPAR_FAULT (see the header).
#include "device/fault_injection.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>

#include "device/cl_error.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

constexpr std::int32_t success = 0;
constexpr std::int32_t device_not_available = -2;           // CL_DEVICE_NOT_AVAILABLE
constexpr std::int32_t mem_object_allocation_failure = -4;  // CL_MEM_OBJECT_ALLOCATION_FAILURE
constexpr std::int32_t out_of_resources = -5;               // CL_OUT_OF_RESOURCES
constexpr std::int32_t build_program_failure = -11;         // CL_BUILD_PROGRAM_FAILURE
constexpr std::int32_t invalid_work_group_size = -54;       // CL_INVALID_WORK_GROUP_SIZE

constexpr std::array<fault_kind, 7> named_kinds = {
    fault_kind::build, fault_kind::alloc,       fault_kind::enqueue, fault_kind::read,
    fault_kind::write, fault_kind::device_lost, fault_kind::group};

std::int32_t status_of(fault_kind kind) noexcept {
  switch (kind) {
    case fault_kind::build: return build_program_failure;
    case fault_kind::alloc: return mem_object_allocation_failure;
    case fault_kind::device_lost: return device_not_available;
    case fault_kind::group: return invalid_work_group_size;
    default: return out_of_resources;
  }
}

bool is_command(fault_kind kind) noexcept {
  return kind == fault_kind::enqueue || kind == fault_kind::read || kind == fault_kind::write;
}

struct fault_state {
  fault_plan plan;
  std::mutex mutex;
  std::array<std::uint64_t, 8> counts{};  ///< per fault_kind; device_lost counts commands
  std::set<const void*> lost_devices;
};

fault_state& state() {
  static fault_state* s = [] {
    auto* made = new fault_state;  // leaked: OpenCL calls may come during exit
    if (const char* text = std::getenv("CLPAR_FAULT")) {
      made->plan = parse_fault_plan(text);
      if (!made->plan.error.empty()) {
        std::fprintf(stderr, "clpar: warning: CLPAR_FAULT=%s ignored: %s\n", text,
                     made->plan.error.c_str());
        made->plan.points.clear();
      }
    }
    return made;
  }();
  return *s;
}

bool planned(const fault_state& s, fault_kind kind, std::uint64_t count) {
  return std::find(s.plan.points.begin(), s.plan.points.end(), fault_point{kind, count}) !=
         s.plan.points.end();
}

void trace_fault(const char* call, std::int32_t status, const std::string& why) noexcept {
  if (trace_enabled())
    trace_write(std::string("fault: ") + call + " fails with " + cl_error_name(status) + " (" +
                why + ")");
}

}  // namespace

const char* fault_kind_name(fault_kind kind) noexcept {
  switch (kind) {
    case fault_kind::build: return "build";
    case fault_kind::alloc: return "alloc";
    case fault_kind::enqueue: return "enqueue";
    case fault_kind::read: return "read";
    case fault_kind::write: return "write";
    case fault_kind::device_lost: return "device-lost";
    case fault_kind::group: return "group";
    case fault_kind::none: break;
  }
  return "none";
}

fault_plan parse_fault_plan(std::string_view text) {
  fault_plan plan;
  for (bool more = !text.empty(); more;) {
    const std::size_t comma = text.find(',');
    const std::string_view item = text.substr(0, comma);
    more = comma != std::string_view::npos;
    text = more ? text.substr(comma + 1) : std::string_view{};
    const std::size_t colon = item.find(':');
    const std::string_view name = item.substr(0, colon);
    const auto kind = std::find_if(named_kinds.begin(), named_kinds.end(),
                                   [&](fault_kind k) { return name == fault_kind_name(k); });
    if (kind == named_kinds.end()) {
      plan.error = "unknown kind '" + std::string(name) +
                   "' (build, alloc, enqueue, read, write, device-lost or group)";
      break;
    }
    std::uint64_t nth = 0;
    const std::string_view number =
        colon == std::string_view::npos ? std::string_view{} : item.substr(colon + 1);
    const auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), nth);
    if (number.empty() || error != std::errc{} || end != number.data() + number.size() ||
        nth == 0) {
      plan.error = "'" + std::string(item) + "' is not KIND:N with N >= 1";
      break;
    }
    plan.points.push_back({*kind, nth});
  }
  if (!plan.error.empty()) plan.points.clear();
  return plan;
}

bool faults_planned() noexcept {
  static const bool any = !state().plan.points.empty();
  return any;
}

std::int32_t fault_for(fault_kind kind, const void* device, const char* call) noexcept {
  if (!faults_planned()) return success;
  fault_state& s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (device != nullptr && s.lost_devices.count(device) != 0) {
    trace_fault(call, device_not_available, "its device was lost");
    return device_not_available;
  }
  if (kind == fault_kind::none) return success;
  const std::uint64_t nth = ++s.counts[static_cast<std::size_t>(kind)];
  if (is_command(kind)) {
    const std::uint64_t command = ++s.counts[static_cast<std::size_t>(fault_kind::device_lost)];
    if (planned(s, fault_kind::device_lost, command)) {
      if (device != nullptr) s.lost_devices.insert(device);
      trace_fault(call, device_not_available,
                  "CLPAR_FAULT device-lost:" + std::to_string(command) + ", the device is lost");
      return device_not_available;
    }
  }
  if (!planned(s, kind, nth)) return success;
  const std::int32_t status = status_of(kind);
  trace_fault(call, status,
              std::string("CLPAR_FAULT ") + fault_kind_name(kind) + ":" + std::to_string(nth));
  return status;
}

}  // namespace clpar::rt
