// runtime/device/device_context.cpp - contexts, queues and the in-process program table.
#include "device/device_context.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <vector>

#include "cache/program_cache.hpp"
#include "device/background_start.hpp"
#include "support/environment.hpp"
#include "trace/profile.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {

launch_submission after_launch_status(launch_submission was, cl_int status) noexcept {
  if (status == CL_QUEUED) return launch_submission::on_flush;
  if (status == CL_SUBMITTED || status == CL_RUNNING || status == CL_COMPLETE)
    return launch_submission::at_enqueue;
  return was;
}

namespace {

struct context_slot {
  std::once_flag made;
  outcome<device_context*> result;
  std::atomic<device_context*> ready{nullptr};  ///< result.value, once made
};

/// Whether any context was made: settle_all() does not start OpenCL to find none.
std::atomic<bool> any_context_made{false};

/// One slot per device of platform_list::instance(); leaked on purpose, like the contexts
/// themselves (see platform_list.hpp).
std::vector<context_slot>& context_slots() {
  static auto* slots = new std::vector<context_slot>(platform_list::instance().devices().size());
  return *slots;
}

const char* user_build_options() noexcept {
  const char* options = environment_value("CLPAR_CL_BUILD_OPTIONS");
  return options != nullptr ? options : "";
}

std::string content_key(const char* source, const char* name, const char* options) {
  std::string key = source;
  key += '\0';
  key += name;
  key += '\0';
  key += options;
  return key;
}

}  // namespace

std::string program_build_options(const region_info& info, const char* user) {
  std::string options = user;
  if (info.strict_fp) {
    if (!options.empty()) options += ' ';
    options += strict_fp_build_option;
  }
  return options;
}

std::size_t device_context::pointer_hash::operator()(const pointer_view& key) const noexcept {
  const std::size_t a = std::hash<const void*>{}(key.source);
  const std::size_t b =
      std::hash<const void*>{}(key.name) ^ (std::hash<std::string_view>{}(key.variant) << 1);
  return a ^ (b + 0x9e3779b97f4a7c15ULL + (a << 6) + (a >> 2));
}

outcome<device_context*> device_context::of(std::size_t index) {
  const platform_list& list = platform_list::instance();
  std::vector<context_slot>& slots = context_slots();
  if (index >= slots.size()) return {nullptr, "no such OpenCL device"};
  context_slot& slot = slots[index];
  if (device_context* ready = slot.ready.load(std::memory_order_acquire)) return {ready, nullptr};
  std::call_once(slot.made, [&] {
    const auto start = std::chrono::steady_clock::now();
    auto* context = new device_context(list.devices()[index]);
    if (const char* why = context->open()) {
      delete context;
      slot.result = {nullptr, why};
    } else {
      slot.result = {context, nullptr};
      slot.ready.store(context, std::memory_order_release);
      any_context_made.store(true, std::memory_order_release);
    }
    trace_start_step("context and queue on '" + list.devices()[index].name + "'", start);
  });
  return slot.result;
}

const char* device_context::settle_all(bool wait) {
  const char* first = nullptr;
  if (!any_context_made.load(std::memory_order_acquire)) return first;
  for (context_slot& slot : context_slots())
    if (device_context* context = slot.ready.load(std::memory_order_acquire))
      if (const char* why = context->pending().settle(wait); first == nullptr) first = why;
  return first;
}

const char* device_context::open() {
  cl_int status = CL_SUCCESS;
  context_ = cl::Context(device_->device, nullptr, nullptr, nullptr, &status);
  if (status != CL_SUCCESS) return cl_failure_why("clCreateContext", status);
  // Profiling gives each call's kernel time (clpar/rt/stats.hpp) at no measurable cost.
  queue_ = cl::CommandQueue(context_, device_->device, CL_QUEUE_PROFILING_ENABLE, &status);
  if (status != CL_SUCCESS) return cl_failure_why("clCreateCommandQueue", status);
  error_word_ = cl::Buffer(context_, CL_MEM_READ_WRITE, 4 * sizeof(cl_int), nullptr, &status);
  if (status != CL_SUCCESS) return cl_failure_why("clCreateBuffer", status);
  // Pooled buffers: at most an eighth of the device's memory, and no more than 256 MiB.
  const std::size_t capacity =
      std::min<std::uint64_t>(std::uint64_t{256} << 20, device_->global_memory_bytes / 8);
  pool_ = buffer_pool(context_, capacity);
  transfer_ = staged_transfer(context_, queue_, 0,
                              device_->kind == device_kind::cpu
                                  ? staged_transfer::staging::own_threads
                                  : staged_transfer::staging::program_team);
  return nullptr;
}

std::byte* device_context::staging(std::size_t size) {
  if (staging_.size() < size) staging_.resize(size);
  return staging_.data();
}

void device_context::trim_staging() {
  if (staging_.size() > staging_kept_bytes) {
    staging_.clear();
    staging_.shrink_to_fit();
  }
}

void device_context::ensure_built(kernel_slot& slot) {
  std::call_once(slot.built, [&] {
    build(slot);
    slot.done.store(true, std::memory_order_release);
  });
}

kernel_entry& device_context::kernel_for(const region_info& info) {
  kernel_slot& slot = *slot_for(info, std::string());
  ensure_built(slot);
  return slot.entry;
}

kernel_entry* device_context::variant_for(const region_info& info, const std::string& variant) {
  kernel_slot* slot = slot_for(info, variant);
  if (slot == nullptr) return nullptr;
  ensure_built(*slot);
  return slot->entry.why == nullptr ? &slot->entry : nullptr;
}

device_context::kernel_lookup device_context::kernel_if_built(const region_info& info,
                                                              const std::string& variant) {
  kernel_slot* slot = slot_for(info, variant);
  if (slot == nullptr) return {};
  if (slot->done.load(std::memory_order_acquire)) return {&slot->entry, false};
  if (!slot->queued.exchange(true, std::memory_order_acq_rel)) {
    const bool first = !background_build_queued_.exchange(true, std::memory_order_acq_rel);
    run_in_background([this, slot] { ensure_built(*slot); }, first);
  }
  return {nullptr, true};
}

device_context::kernel_slot* device_context::slot_for(const region_info& info,
                                                      const std::string& variant) {
  // The options are part of the slot's key, so a strict and a plain build of one source,
  // or two of its forms, are two programs.  A call made before takes the fast path, which
  // builds no string (a device call's whole overhead is a few microseconds).
  const char* user = user_build_options();
  std::lock_guard lock(slots_mutex_);
  if (auto found = recent_.find(pointer_view{info.kernel_source, info.kernel_name, variant});
      found != recent_.end()) {
    kernel_slot& slot = *found->second;
    if (slot.strict_fp == info.strict_fp && std::strcmp(slot.user_options.c_str(), user) == 0 &&
        std::strcmp(slot.source.c_str(), info.kernel_source) == 0 &&
        std::strcmp(slot.name.c_str(), info.kernel_name) == 0)
      return &slot;
  }
  std::string options = program_build_options(info, user);
  if (!variant.empty()) options += (options.empty() ? "" : " ") + variant;
  pointer_key pointers{info.kernel_source, info.kernel_name, variant};
  std::string key = content_key(info.kernel_source, info.kernel_name, options.c_str());
  auto found = slots_.find(key);
  if (found == slots_.end()) {
    if (!variant.empty()) {
      unsigned& made = variants_made_[pointer_key{info.kernel_source, info.kernel_name, {}}];
      if (made >= max_variants) return nullptr;
      ++made;
    }
    auto slot = std::make_unique<kernel_slot>();
    slot->source = info.kernel_source;
    slot->name = info.kernel_name;
    slot->options = std::move(options);
    slot->user_options = user;
    if (info.site != nullptr) slot->site = info.site;
    slot->strict_fp = info.strict_fp;
    found = slots_.emplace(std::move(key), std::move(slot)).first;
  }
  recent_[std::move(pointers)] = found->second.get();
  return found->second.get();
}

void device_context::build(kernel_slot& slot) {
  kernel_entry& entry = slot.entry;
  const auto start = std::chrono::steady_clock::now();
  outcome<built_program> built = build_program(context_, *device_, slot.source, slot.options);
  if (trace_enabled()) {
    char milliseconds[64];
    std::snprintf(milliseconds, sizeof milliseconds, ", %.2f ms (%.2f ms of it in the cache)",
                  std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() -
                                                            start)
                      .count(),
                  built.value.cache_seconds * 1e3);
    trace_write("kernel '" + slot.name + "' on '" + device_->name + "'" +
                (slot.options.empty() ? "" : " (options '" + slot.options + "')") + ": " +
                (built.value.from_cache ? "from the kernel cache" : "built from source") +
                milliseconds +
                (built.value.waited_seconds > 1e-3
                     ? " after waiting " + std::to_string(std::lround(built.value.waited_seconds * 1e3)) +
                           " ms for another process's build"
                     : std::string()));
  }
  if (profiling()) {
    activity made;
    made.kind = built.value.from_cache ? activity_kind::cache_load : activity_kind::build;
    made.name = (built.value.from_cache ? "load " : "build ") + slot.name;
    made.kernel = slot.name;
    made.site = slot.site;
    made.begin = start;
    made.end = std::chrono::steady_clock::now();
    made.options = slot.options;
    profile_record(std::move(made));
  }
  entry.program = std::move(built.value.program);
  entry.from_cache = built.value.from_cache;
  if (!built) {
    entry.why = built.why;
    entry.build_log = std::move(built.value.build_log);
    if (trace_enabled() && !entry.build_log.empty()) {
      trace_write("build log of kernel '" + slot.name + "' on '" + device_->name + "':\n" +
                  entry.build_log);
    }
    return;
  }
  cl_int status = CL_SUCCESS;
  entry.kernel = cl::Kernel(entry.program, slot.name.c_str(), &status);
  if (status != CL_SUCCESS) {
    entry.why = cl_failure_why("clCreateKernel", status);
    return;
  }
  status = entry.kernel.getWorkGroupInfo(device_->device, CL_KERNEL_WORK_GROUP_SIZE,
                                         &entry.work_group_size);
  if (status != CL_SUCCESS) {
    entry.why = cl_failure_why("clGetKernelWorkGroupInfo", status);
    return;
  }
  if (entry.work_group_size == 0) entry.work_group_size = 1;
  // A kernel declaring its group (reqd_work_group_size) may be given it beyond
  // CL_KERNEL_WORK_GROUP_SIZE where the device allows (launch/kernel_form.hpp).
  std::size_t declared[3] = {};
  if (clGetKernelWorkGroupInfo(entry.kernel(), device_->device(),
                               CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof declared, declared,
                               nullptr) == CL_SUCCESS &&
      declared[0] != 0) {
    const std::size_t group = declared[0] * std::max<std::size_t>(declared[1], 1) *
                              std::max<std::size_t>(declared[2], 1);
    if (group <= device_->max_work_group_size) entry.compile_group = group;
  }
  // Only sizes the reduction scratch: when unknown, 0, and a scratch too large for the
  // device fails clEnqueueNDRangeKernel for that call instead of every call failing here.
  cl_ulong local_memory = 0;
  if (entry.kernel.getWorkGroupInfo(device_->device, CL_KERNEL_LOCAL_MEM_SIZE, &local_memory) ==
      CL_SUCCESS)
    entry.local_memory_bytes = local_memory;
  status = entry.kernel.getInfo(CL_KERNEL_NUM_ARGS, &entry.arg_count);
  if (status != CL_SUCCESS) entry.why = cl_failure_why("clGetKernelInfo", status);
}

}  // namespace clpar::rt
