// runtime/launch/kernel_form.cpp - which built form of a region's kernel a call runs.
#include "launch/kernel_form.hpp"

#include <array>
#include <cstddef>
#include <cstring>
#include <string>

#include "device/platform_list.hpp"
#include "support/environment.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {

kernel_form form_for(const launch_request& request, const device_context& context) {
  kernel_form form;
  form.rows = aligned_rows_of(request);
  if (!form.rows) form.tiles = tile_shape_of(request, context.device());
  if (!form.rows && !form.tiles) form.split = split_shape_of(request, context.device());
  form.unit_inner = unit_inner_form(request, form.rows);
  // Not with the split form: its lanes' strided loads ran slower with 32-bit positions
  // on an H100 (matmul 256: 23 us against 15; the tiled and other forms 0-24% faster;
  // docs/performance.md, "32-bit positions").  Nor, by rule, on CPU devices
  // (launch/index_width.hpp).  Form trials still time both widths wherever they run.
  form.index32 =
      !form.split && index32_by_rule(request, context.device().kind == device_kind::cpu);
  form.no_alias = no_alias_of(request);
  return form;
}

std::string form_build_options(const launch_request& request, const kernel_form& form) {
  std::string options = form_options(request, form.rows);
  const auto add = [&](const std::string& more) {
    options += (options.empty() ? "" : " ") + more;
  };
  if (form.tiles) add(tile_options(*form.tiles));
  if (form.split) add(split_options(*form.split));
  if (form.index32) add("-D CLPAR_INDEX32");
  if (form.no_alias) add("-D CLPAR_NO_ALIAS");
  return options;
}

bool form_usable(const kernel_entry* entry, const kernel_form& form, const region_info& info) {
  if (entry == nullptr || entry->why != nullptr) return false;
  const unsigned group = form.tiles ? form.tiles->group() : form.split ? form.split->group() : 0;
  // The group the kernel declares, which the device may have refused at an enqueue.
  const bool declared = group != 0 && group == entry->compile_group;
  const bool refused = declared && entry->group_refused.load(std::memory_order_relaxed);
  if (!refused && (entry->work_group_size >= group || declared)) return true;
  if (trace_enabled())
    trace_write(std::string(info.site) + ": the " + (form.tiles ? "tiled" : "split") +
                " form needs " + std::to_string(group) + " work-items a group, its kernel " +
                (refused ? std::string("was refused them")
                         : "takes " + std::to_string(entry->work_group_size)) +
                "; the general form runs");
  return false;
}

namespace {

/// One finished lookup: the kernel a call of `info` with `form` runs on `context`, and
/// whether that is the general form instead (the form's kernel failed or cannot run).
struct remembered_kernel {
  const device_context* context = nullptr;
  const region_info* info = nullptr;
  /// The region's kernel text and name: another region_info may come to lie at the same
  /// address (one on the stack, or a library loaded again), as device_context's slots say.
  std::string source;
  std::string name;
  bool strict_fp = false;
  const char* user_options = nullptr;  ///< CLPAR_CL_BUILD_OPTIONS's text when looked up
  kernel_form form;
  kernel_entry* entry = nullptr;
  bool general_instead = false;
};

/// Set when this thread's remembered_kernels is destroyed: a region call made later, from a
/// static object's destructor during the process's exit, looks its kernel up directly.
constinit thread_local bool remembered_gone = false;

/// A thread's last lookups, replaced in turn.  Kernel slots live as long as their
/// context, which lives as long as the process, so the entries stay valid.
struct remembered_kernels {
  remembered_kernels() = default;
  remembered_kernels(const remembered_kernels&) = delete;
  remembered_kernels& operator=(const remembered_kernels&) = delete;
  ~remembered_kernels() { remembered_gone = true; }

  std::array<remembered_kernel, 8> kernels;
  std::size_t next = 0;

  remembered_kernel* find(const device_context& context, const region_info& info,
                          const char* user_options, const kernel_form& form) noexcept {
    for (remembered_kernel& k : kernels)
      if (k.entry != nullptr && k.context == &context && k.info == &info &&
          k.user_options == user_options && k.form == form && k.strict_fp == info.strict_fp &&
          std::strcmp(k.name.c_str(), info.kernel_name) == 0 &&
          std::strcmp(k.source.c_str(), info.kernel_source) == 0) {
        // A form whose declared group the device refused is looked up again (form_usable).
        if (!k.general_instead && k.entry->group_refused.load(std::memory_order_relaxed)) {
          k.entry = nullptr;
          return nullptr;
        }
        return &k;
      }
    return nullptr;
  }

  void remember(const device_context& context, const region_info& info, const char* user_options,
                const kernel_form& asked, kernel_entry& entry, bool general_instead) {
    remembered_kernel& k = kernels[next];
    next = (next + 1) % kernels.size();
    k.entry = nullptr;  // until whole: the form's copy may throw
    k.form = asked;
    k.source = info.kernel_source;
    k.name = info.kernel_name;
    k.strict_fp = info.strict_fp;
    k.context = &context;
    k.info = &info;
    k.user_options = user_options;
    k.general_instead = general_instead;
    k.entry = &entry;
  }
};

thread_local remembered_kernels remembered;

/// The lookup both ways share: `lookup(options)` answers the built kernel of those
/// options (null while building, in which case the call answers null).
template <class Lookup>
kernel_entry* kernel_of_form(device_context& context, const launch_request& request,
                             kernel_form& form, Lookup lookup) {
  const region_info& info = *request.info;
  // The pointer identifies the text while the environment is unchanged (environment.hpp).
  const char* user = environment_value("CLPAR_CL_BUILD_OPTIONS");
  const bool memo = !remembered_gone;
  if (remembered_kernel* known = memo ? remembered.find(context, info, user, form) : nullptr) {
    if (known->general_instead) form = kernel_form{};
    return known->entry;
  }
  const kernel_form asked = form;
  if (!form.general()) {
    bool building = false;
    kernel_entry* kernel = lookup(form_build_options(request, form), building);
    if (building) return nullptr;
    if (form_usable(kernel, form, info)) {
      if (memo) remembered.remember(context, info, user, asked, *kernel, false);
      return kernel;
    }
    form = kernel_form{};
  }
  bool building = false;
  kernel_entry* kernel = lookup(std::string(), building);
  if (kernel != nullptr && memo)
    remembered.remember(context, info, user, asked, *kernel, !asked.general());
  return kernel;
}

}  // namespace

kernel_entry& kernel_for_call(device_context& context, const launch_request& request,
                              kernel_form& form) {
  const region_info& info = *request.info;
  return *kernel_of_form(context, request, form,
                         [&](const std::string& options, bool&) -> kernel_entry* {
                           if (options.empty()) return &context.kernel_for(info);
                           return context.variant_for(info, options);
                         });
}

kernel_entry* kernel_if_built_for_call(device_context& context, const launch_request& request,
                                       kernel_form& form) {
  const region_info& info = *request.info;
  return kernel_of_form(context, request, form,
                        [&](const std::string& options, bool& building) -> kernel_entry* {
                          const device_context::kernel_lookup found =
                              context.kernel_if_built(info, options);
                          building = found.building;
                          return found.entry;
                        });
}

}  // namespace clpar::rt
