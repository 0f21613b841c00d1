// runtime/memory/residency.cpp - the registry's lock, holders, sync points and summary.
#include "memory/residency.hpp"

#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "clpar/errors.hpp"
#include "memory/device_memory.hpp"
#include "memory/span_set.hpp"
#include "schedule/region_counts.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

std::mutex& residency_mutex() {
  static std::mutex* mutex = new std::mutex;  // leaked: usable until the process ends
  return *mutex;
}

std::atomic<bool> active{false};

struct summary_state {
  std::vector<std::string> order;
  std::map<std::string, transfer_totals> by_site;
  transfer_totals total;
};

summary_state& summary() {
  static summary_state* state = new summary_state;
  return *state;
}

/// Prints the summary at exit when CLPAR_TRACE=1 and anything moved.
struct summary_printer {
  ~summary_printer() {
    if (!trace_enabled()) return;
    std::lock_guard lock(residency_mutex());
    const summary_state& s = summary();
    if (s.total.to_device_transfers + s.total.to_host_transfers == 0) return;
    auto line = [](const std::string& what, const transfer_totals& t) {
      trace_write("transfers " + what + ": to device " + std::to_string(t.to_device_transfers) +
                  " (" + std::to_string(t.to_device_bytes) + " B), to host " +
                  std::to_string(t.to_host_transfers) + " (" + std::to_string(t.to_host_bytes) +
                  " B)");
    };
    for (const std::string& site : s.order) line("at " + site, s.by_site.at(site));
    line("in total", s.total);
  }
};
summary_printer printer_at_exit;

std::optional<byte_range> range_of(const view_arg& view) {
  bool overflow = false;
  const std::optional<byte_span> span = view_span(view, overflow);
  if (!span) return std::nullopt;
  return byte_range{span->low, span->high};
}

}  // namespace

residency_lock::residency_lock() : lock_(residency_mutex()) {}

region_registry& residency_registry() {
  static device_memory* backend = new device_memory;
  static region_registry* registry = new region_registry(*backend);
  return *registry;
}

bool residency_active() noexcept { return active.load(std::memory_order_acquire); }

void residency_update_active() noexcept {
  active.store(!residency_registry().empty(), std::memory_order_release);
}

void residency_data_lost(const char* why, const byte_range* range, const char* site) {
  std::string what = "clpar: device error: ";
  if (range != nullptr) {
    residency_registry().abandon_device_copies(*range);
    char address[32];
    std::snprintf(address, sizeof address, "%#llx",
                  static_cast<unsigned long long>(range->low));
    what += "the only up-to-date copy of the " + std::to_string(range->size()) +
            " bytes at " + address;
    if (site != nullptr) what += std::string(" kept by ") + site;
    what += " was on an OpenCL device and could not be read back";
  } else {
    what += "data that only an OpenCL device held is lost";
  }
  what += std::string(" (") + why + ")";
  if (std::uncaught_exceptions() > 0) {
    std::fprintf(stderr, "%s; not thrown: another exception is already on its way\n",
                 what.c_str());
    return;
  }
  throw device_error(what, range != nullptr ? reinterpret_cast<const void*>(range->low) : nullptr,
                     range != nullptr ? range->size() : 0);
}

region_registry::handle* handle_list::hold(byte_range range) {
  for (region_registry::handle* h : handles_)
    if (h->range == range) return h;
  const char* lost = nullptr;
  region_registry::handle* h = residency_registry().acquire(range, lost);
  handles_.push_back(h);
  active.store(true, std::memory_order_release);
  if (lost != nullptr) residency_data_lost(lost, &range);
  return h;
}

void handle_list::release_all(const char* site) {
  region_registry& registry = residency_registry();
  const char* first_lost = nullptr;
  byte_range lost_range{};
  for (region_registry::handle* h : handles_) {
    const byte_range range = h->range;
    if (const char* lost = registry.release(h); lost != nullptr && first_lost == nullptr) {
      first_lost = lost;
      lost_range = range;
    }
  }
  handles_.clear();
  residency_update_active();
  if (first_lost != nullptr) residency_data_lost(first_lost, &lost_range, site);
}

charge_to::charge_to(const char* site) noexcept
    : site_(site),
      before_(residency_registry().counts()),
      outer_site_(profile_swap_site(site)),
      begin_(profile_now()) {}

charge_to::~charge_to() {
  (void)profile_swap_site(outer_site_);
  const transfer_counts& now = residency_registry().counts();
  transfer_totals delta;
  delta.to_device_transfers = now.to_device_transfers - before_.to_device_transfers;
  delta.to_device_bytes = now.to_device_bytes - before_.to_device_bytes;
  delta.to_host_transfers = now.to_host_transfers - before_.to_host_transfers;
  delta.to_host_bytes = now.to_host_bytes - before_.to_host_bytes;
  if (delta.to_device_transfers + delta.to_host_transfers == 0) return;
  if (delta.to_host_transfers > 0) profile_sync(site_, delta.to_host_bytes, begin_);
  try {
    summary_state& s = summary();
    const std::string site = site_ != nullptr ? site_ : "?";
    auto [it, fresh] = s.by_site.try_emplace(site);
    if (fresh) s.order.push_back(site);
    for (transfer_totals* t : {&it->second, &s.total}) {
      t->to_device_transfers += delta.to_device_transfers;
      t->to_device_bytes += delta.to_device_bytes;
      t->to_host_transfers += delta.to_host_transfers;
      t->to_host_bytes += delta.to_host_bytes;
    }
  } catch (...) {
    // Out of memory for a summary entry: the transfer happened, the count is lost.
  }
}

handle_list& scope_access::holds(data_scope& scope) {
  void* list = scope.holds_.load(std::memory_order_relaxed);  // made under residency_lock
  if (list == nullptr) {
    list = new handle_list;
    scope.holds_.store(list, std::memory_order_release);
  }
  return *static_cast<handle_list*>(list);
}

handle_list& holds_of(data_scope& scope) {
  return scope_access::holds(scope);
}

// --- clpar/rt/residency.hpp ------------------------------------------------------------

namespace {

/// Ends a holder's handle list (data_scope, resident_hold), charging what comes home to
/// `site`.
/// Several threads may end one scope's holds at once (sync() in an OpenMP loop): the first
/// takes the list, the others find none.
void end_holds(std::atomic<void*>& holds, const char* site) {
  residency_lock lock;
  const std::unique_ptr<handle_list> list(
      static_cast<handle_list*>(holds.exchange(nullptr, std::memory_order_acq_rel)));
  if (!list) return;
  charge_to charge(site);
  list->release_all(site);
}

/// The ranges a live resident_hold holds and the region calls made while it lived, in a
/// per-thread chain from the innermost hold outwards.
struct resident_calls {
  std::vector<byte_range> ranges;
  region_counts calls;
  region_counts last_time;  ///< the calls of the last resident of this site that ended
  const char* site = nullptr;
  resident_calls* outer = nullptr;

  bool holds(const byte_span& span) const noexcept {
    for (const byte_range& range : ranges)
      if (range.low <= span.low && span.high <= range.high) return true;
    return false;
  }
};

thread_local resident_calls* innermost_resident = nullptr;

/// The calls each resident site's last resident made, by site (its string's address): a
/// caller's time loop runs as long the next time, so that auto spreads the upload over
/// the whole loop from its first call.
class resident_history {
 public:
  static resident_history& instance() {
    static auto* history = new resident_history;  // leaked: usable until the process ends
    return *history;
  }
  region_counts last_time(const char* site) {
    std::lock_guard<std::mutex> lock(mutex_);
    const auto found = by_site_.find(site);
    return found == by_site_.end() ? region_counts{} : found->second;
  }
  void record(const char* site, const region_counts& calls) {
    std::lock_guard<std::mutex> lock(mutex_);
    by_site_[site] = calls;
  }

 private:
  std::mutex mutex_;
  std::unordered_map<const char*, region_counts> by_site_;
};

}  // namespace

void data_scope::release_all() { end_holds(holds_, site_); }

resident_hold::resident_hold(const view_arg* views, std::size_t count, const char* site) noexcept
    : site_(site) {
  // Out of memory: the views are simply not held, or their calls not counted, which
  // costs speed, not correctness.
  try {
    residency_lock lock;
    auto* list = new handle_list;
    holds_ = list;  // what is held before a failure is released with the rest
    for (std::size_t i = 0; i < count; ++i)
      if (const std::optional<byte_range> range = range_of(views[i])) list->hold(*range);
  } catch (...) {
  }
  try {
    auto calls = std::make_unique<resident_calls>();
    for (std::size_t i = 0; i < count; ++i)
      if (const std::optional<byte_range> range = range_of(views[i]))
        calls->ranges.push_back(*range);
    if (site != nullptr) {
      calls->site = site;
      calls->last_time = resident_history::instance().last_time(site);
    }
    calls->outer = innermost_resident;
    innermost_resident = calls.get();
    calls_ = calls.release();
  } catch (...) {
  }
}

resident_hold::~resident_hold() noexcept(false) {
  if (auto* calls = static_cast<resident_calls*>(calls_)) {
    resident_calls** link = &innermost_resident;
    while (*link != nullptr && *link != calls) link = &(*link)->outer;
    if (*link == calls) *link = calls->outer;
    if (calls->site != nullptr) {
      try {
        resident_history::instance().record(calls->site, calls->calls);
      } catch (...) {
        // Out of memory: the next resident of this site spreads its uploads as it goes.
      }
    }
    delete calls;
  }
  if (holds_ != nullptr) end_holds(holds_, site_);
}

resident_call_count count_resident_call(const void* region,
                                        std::span<const byte_span> spans) noexcept {
  if (spans.empty()) return {};
  for (resident_calls* hold = innermost_resident; hold != nullptr; hold = hold->outer) {
    bool all = true;
    for (const byte_span& span : spans) all = all && hold->holds(span);
    if (all) return {hold->calls.count(region), hold->last_time.calls(region)};
  }
  return {};
}

void sync_host(const view_arg& view, const char* site) {
  if (!residency_active()) return;
  const std::optional<byte_range> range = range_of(view);
  if (!range) return;
  residency_lock lock;
  charge_to charge(site);
  if (const char* lost = residency_registry().make_host_valid(*range, true))
    residency_data_lost(lost, &*range, site);
}

void prepare_host_access(const view_arg* views, std::size_t count, const char* site) {
  if (!residency_active()) return;
  residency_lock lock;
  charge_to charge(site);
  const char* first_lost = nullptr;
  byte_range lost_range{};
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<byte_range> range = range_of(views[i]);
    if (!range) continue;
    const char* lost = residency_registry().make_host_valid(*range, views[i].written);
    if (lost != nullptr && first_lost == nullptr) {
      first_lost = lost;
      lost_range = *range;
    }
  }
  if (first_lost != nullptr) residency_data_lost(first_lost, &lost_range, site);
}

std::vector<site_transfers> transfer_summary() {
  residency_lock lock;
  std::vector<site_transfers> all;
  for (const std::string& site : summary().order)
    all.push_back({site, summary().by_site.at(site)});
  return all;
}

transfer_totals transfer_total() {
  residency_lock lock;
  return summary().total;
}

}  // namespace clpar::rt
