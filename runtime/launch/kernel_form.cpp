// runtime/launch/kernel_form.cpp - which built form of a region's kernel a call runs.
#include "launch/kernel_form.hpp"

#include "trace/trace.hpp"

namespace clpar::rt {

kernel_form form_for(const launch_request& request, const device_context& context) {
  kernel_form form;
  form.rows = aligned_rows_of(request);
  if (!form.rows) form.tiles = tile_shape_of(request, context.device());
  if (!form.rows && !form.tiles) form.split = split_shape_of(request, context.device());
  form.options = form_options(request, form.rows);
  const auto add = [&](const std::string& options) {
    form.options += (form.options.empty() ? "" : " ") + options;
  };
  if (form.tiles) add(tile_options(*form.tiles));
  if (form.split) add(split_options(*form.split));
  return form;
}

bool form_usable(const kernel_entry* entry, const kernel_form& form, const region_info& info) {
  if (entry == nullptr || entry->why != nullptr) return false;
  const unsigned group = form.tiles ? form.tiles->group() : form.split ? form.split->group() : 0;
  if (entry->work_group_size >= group) return true;
  if (trace_enabled())
    trace_write(std::string(info.site) + ": the " + (form.tiles ? "tiled" : "split") +
                " form needs " + std::to_string(group) + " work-items a group, its kernel takes " +
                std::to_string(entry->work_group_size) + "; the general form runs");
  return false;
}

kernel_entry& kernel_for_call(device_context& context, const launch_request& request,
                              kernel_form& form) {
  kernel_entry* kernel =
      form.options.empty() ? nullptr : context.variant_for(*request.info, form.options);
  if (form_usable(kernel, form, *request.info)) return *kernel;
  form = kernel_form{};
  return context.kernel_for(*request.info);
}

}  // namespace clpar::rt
