// runtime/launch/form_trials.cpp - choosing among a call's plausible kernel forms by timing
// them on first use.
#include "launch/form_trials.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <bit>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "cache/program_cache.hpp"
#include "clpar/rt/stats.hpp"
#include "device/platform_list.hpp"
#include "launch/index_width.hpp"
#include "support/environment.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {

namespace {

/// CLPAR_FORM_TRIALS=1: trials on any device, not only on GPUs.
bool trials_everywhere() {
  const char* value = environment_value("CLPAR_FORM_TRIALS");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

}  // namespace

std::vector<kernel_form> form_candidates(const launch_request& request,
                                         const device_entry& device, const kernel_form& rule) {
  std::vector<kernel_form> candidates{rule};
  const bool index32 = index32_of(request);
  if (index32) {
    kernel_form other = rule;
    other.index32 = !rule.index32;
    candidates.push_back(std::move(other));
  }
  // The tiled form takes no aligned rows (form_for), so neither do its other shapes.  With
  // trials asked for on any device, so are the shapes, which the rules give GPUs only.
  if (rule.rows) return candidates;
  tile_inputs tiles = tile_inputs_of(request, device);
  tiles.gpu = tiles.gpu || trials_everywhere();
  for (const tile_shape& shape : tile_alternatives(tiles, rule.tiles)) {
    kernel_form tiled = rule;
    tiled.tiles = shape;
    tiled.split.reset();
    tiled.index32 = index32;
    candidates.push_back(std::move(tiled));
  }
  return candidates;
}

form_trial::form_trial(std::size_t candidates)
    : times_(std::max<std::size_t>(candidates, 1)), dropped_(times_.size(), false) {
  if (times_.size() == 1) decide(0);  // nothing to choose
}

std::size_t form_trial::next() const noexcept {
  if (wants(0)) return 0;
  std::size_t best = 0;
  bool found = false;
  for (std::size_t c = 0; c < times_.size(); ++c)
    if (!dropped_[c] && (!found || times_[c].size() < times_[best].size())) {
      best = c;
      found = true;
    }
  return best;
}

bool form_trial::wants(std::size_t candidate) const noexcept {
  return !decided_ && candidate < times_.size() && !dropped_[candidate] &&
         times_[candidate].size() < samples_per_form;
}

void form_trial::record(std::size_t candidate, double seconds) {
  if (!wants(candidate) || !(seconds >= 0)) return;
  times_[candidate].push_back(seconds);
  decide_if_done();
}

void form_trial::drop(std::size_t candidate) {
  if (decided_ || candidate >= times_.size()) return;
  dropped_[candidate] = true;
  decide_if_done();
}

void form_trial::decide(std::size_t winner) noexcept {
  decided_ = true;
  winner_ = winner < times_.size() ? winner : 0;
}

double form_trial::best(std::size_t candidate) const noexcept {
  if (candidate >= times_.size() || times_[candidate].empty()) return -1;
  return *std::min_element(times_[candidate].begin(), times_[candidate].end());
}

void form_trial::decide_if_done() {
  if (decided_) return;
  for (std::size_t c = 0; c < times_.size(); ++c)
    if (!dropped_[c] && times_[c].size() < samples_per_form) return;
  // Every candidate left has its samples: the rule form unless another beat it by the
  // margin; with the rule form dropped, the fastest of the others.
  std::size_t winner = 0;
  double winning = dropped_[0] ? -1 : best(0) * margin;
  for (std::size_t c = 1; c < times_.size(); ++c) {
    if (dropped_[c]) continue;
    if (winning < 0 || best(c) < winning) {
      winner = c;
      winning = best(c);
    }
  }
  decided_ = true;
  winner_ = winner;
}

/// One site's trial in one size class on one device.
struct trial_site {
  const region_info* info;
  const device_entry* device;
  std::string size;  ///< the size class, for the trace
  std::vector<kernel_form> candidates;  ///< the rule form first
  std::vector<std::string> options;  ///< each candidate's build options
  form_trial trial;
  std::string cache_key;
  bool reported = false;  ///< the decision was stored and traced

  trial_site(const region_info& region, const device_entry& on, std::string size_class,
             std::vector<kernel_form> forms)
      : info(&region),
        device(&on),
        size(std::move(size_class)),
        candidates(std::move(forms)),
        trial(candidates.size()) {}
};

namespace {

/// Calls that timed a candidate (clpar/rt/stats.hpp, form_trial_calls).
std::atomic<unsigned long long> trial_calls{0};

/// CLPAR_FORM_TRIALS: `0` never, `1` on any device, otherwise on GPUs.
bool trials_on(const device_entry& device) {
  const char* value = environment_value("CLPAR_FORM_TRIALS");
  if (value != nullptr && std::strcmp(value, "0") == 0) return false;
  return trials_everywhere() || device.kind == device_kind::gpu;
}

/// A size class: the count's bit width (0 for none, k + 1 for 2^k to 2^(k+1) - 1).
unsigned size_class(std::uint64_t count) noexcept { return std::bit_width(count); }

std::string quoted_options(const std::string& options) { return "'" + options + "'"; }

std::string microseconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f us", seconds * 1e6);
  return text;
}

std::string size_text(unsigned iterations, unsigned trips) {
  const auto bound = [](unsigned width) {
    return width == 0 ? std::string("0") : "2^" + std::to_string(width - 1);
  };
  std::string text = "n from " + bound(iterations);
  if (trips > 0) text += ", inner loop from " + bound(trips);
  return text;
}

using site_key = std::tuple<const device_context*, const region_info*, const char*, const char*,
                            unsigned, unsigned, bool, const char*>;

struct trial_table {
  std::mutex mutex;
  std::map<site_key, std::unique_ptr<trial_site>> sites;
};

trial_table& table() {
  static auto* sites = new trial_table;  // leaked: calls may come from static destructors
  return *sites;
}

/// A thread's last decided sites, replaced in turn, so that a call of a decided site takes
/// its form without the table's lock: a decided trial no longer changes, and the thread
/// saw it decided under the lock.  Sites live as long as the process.
struct settled_site {
  site_key key{};
  const trial_site* site = nullptr;
};
constinit thread_local std::array<settled_site, 8> settled_sites{};
constinit thread_local unsigned settled_next = 0;

/// `form` set to `site`'s choice (for a call with the site's rule form).
void take_choice(const trial_site& site, kernel_form& form) {
  if (site.candidates.front() == form) form = site.candidates[site.trial.winner()];
}

/// The stored choice of `site`, when one of its candidates' options.
void load_choice(trial_site& site) {
  kernel_cache& cache = process_kernel_cache();
  if (cache.usable() != nullptr) return;
  const std::optional<std::vector<unsigned char>> payload = cache.load(site.cache_key);
  if (!payload) return;
  const std::string chosen(payload->begin(), payload->end());
  for (std::size_t c = 0; c < site.options.size(); ++c)
    if (site.options[c] == chosen) {
      site.trial.decide(c);
      site.reported = true;
      return;
    }
}

/// Once `site` is decided: its choice stored and traced (once).
void report_decision(trial_site& site) {
  if (!site.trial.decided() || site.reported) return;
  site.reported = true;
  if (site.trial.best(site.trial.winner()) < 0) return;  // every candidate dropped out
  const std::string& chosen = site.options[site.trial.winner()];
  kernel_cache& cache = process_kernel_cache();
  if (cache.usable() == nullptr)
    (void)cache.store(site.cache_key, std::vector<unsigned char>(chosen.begin(), chosen.end()));
  if (!trace_enabled()) return;
  std::string text = std::string(site.info->site) + ": forms timed on '" + site.device->name +
                     "' for " + site.size + ":";
  for (std::size_t c = 0; c < site.options.size(); ++c) {
    const double best = site.trial.best(c);
    text += std::string(c ? "," : "") + " " + quoted_options(site.options[c]) + " " +
            (best < 0 ? std::string("dropped") : microseconds(best));
  }
  trace_write(text + "; keeps " + quoted_options(chosen));
}

}  // namespace

trial_ticket choose_form(device_context& context, const launch_request& request,
                         std::uint64_t iterations, bool in_background, kernel_form& form) {
  const device_entry& device = context.device();
  if (!trials_on(device)) return trial_ticket::final_choice();
  const region_info& info = *request.info;
  const char* user = environment_value("CLPAR_CL_BUILD_OPTIONS");
  const unsigned iteration_class = size_class(iterations);
  const unsigned trip_class = size_class(request.inner_trips);
  const site_key key{&context,       &info,          info.kernel_source, info.kernel_name,
                     iteration_class, trip_class, info.strict_fp,     user};
  for (const settled_site& known : settled_sites)
    if (known.site != nullptr && known.key == key) {
      take_choice(*known.site, form);
      return trial_ticket::final_choice();
    }
  trial_table& trials = table();
  std::lock_guard lock(trials.mutex);
  std::unique_ptr<trial_site>& slot = trials.sites[key];
  if (!slot) {
    slot = std::make_unique<trial_site>(info, device, size_text(iteration_class, trip_class),
                                        form_candidates(request, device, form));
    for (const kernel_form& candidate : slot->candidates)
      slot->options.push_back(form_build_options(request, candidate));
    if (slot->trial.decided()) {
      slot->reported = true;  // one candidate: nothing to time
    } else {
      std::string text = std::string(info.kernel_name) + '\n' + (user ? user : "") + '\n' +
                         (info.strict_fp ? "strict" : "") + '\n' +
                         std::to_string(iteration_class) + ' ' + std::to_string(trip_class);
      for (const std::string& options : slot->options) text += '\n' + options;
      slot->cache_key = device_cache_key("form-choice", device, info.kernel_source, text);
      load_choice(*slot);
      if (slot->trial.decided() && trace_enabled())
        trace_write(std::string(info.site) + ": form on '" + device.name + "' for " +
                    slot->size + " from the kernel cache: " +
                    quoted_options(slot->options[slot->trial.winner()]));
    }
  }
  trial_site& site = *slot;
  if (site.trial.decided()) {
    report_decision(site);
    settled_sites[settled_next] = {key, &site};
    settled_next = (settled_next + 1) % settled_sites.size();
    take_choice(site, form);
    return trial_ticket::final_choice();
  }
  // A call of this class whose views give another rule form (other alignments, say)
  // keeps its own.
  if (!(site.candidates.front() == form)) return {};
  std::size_t candidate = site.trial.next();
  if (candidate != 0) {
    // Under auto a candidate not built yet builds on the background worker meanwhile;
    // with an explicit device this call builds it, as it would any kernel.  One that
    // cannot be made or run drops out, and the call times the rule form, if that still
    // wants samples.
    const device_context::kernel_lookup found =
        in_background ? context.kernel_if_built(info, site.options[candidate])
                      : device_context::kernel_lookup{
                            context.variant_for(info, site.options[candidate]), false};
    if (found.entry == nullptr && found.building) {
      candidate = 0;
    } else if (found.entry == nullptr ||
               !form_usable(found.entry, site.candidates[candidate], info)) {
      site.trial.drop(candidate);
      candidate = 0;
    }
  }
  if (site.trial.decided()) {
    report_decision(site);
    take_choice(site, form);
    return trial_ticket::final_choice();
  }
  if (!site.trial.wants(candidate)) return {};
  form = site.candidates[candidate];
  return {&site, candidate};
}

void report_form_time(const trial_ticket& ticket, const kernel_form& ran, double seconds) {
  if (!ticket.timing()) return;
  trial_calls.fetch_add(1, std::memory_order_relaxed);
  trial_table& trials = table();
  std::lock_guard lock(trials.mutex);
  trial_site& site = *ticket.site;
  if (!(ran == site.candidates[ticket.candidate]) || seconds < 0)
    site.trial.drop(ticket.candidate);
  else
    site.trial.record(ticket.candidate, seconds);
  report_decision(site);
}

unsigned long long form_trial_calls() noexcept {
  return trial_calls.load(std::memory_order_relaxed);
}

}  // namespace clpar::rt
