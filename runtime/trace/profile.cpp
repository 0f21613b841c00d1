// runtime/trace/profile.cpp - the activity recorder, its trace file and summary table, and
// the process's recorder written at exit.
#include "trace/profile.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>

#include "clpar/rt/info.hpp"

namespace clpar::rt {
namespace {

using json = nlohmann::ordered_json;

const char* category(activity_kind kind) {
  switch (kind) {
    case activity_kind::call: return "call";
    case activity_kind::transfer: return "transfer";
    case activity_kind::build: return "build";
    case activity_kind::cache_load: return "cache";
    case activity_kind::start: return "start";
    case activity_kind::sync: return "sync";
  }
  return "?";
}

/// Microseconds from `epoch`, to the nanosecond.
double microseconds(profile_clock::duration since_epoch) {
  return static_cast<double>(
             std::chrono::duration_cast<std::chrono::nanoseconds>(since_epoch).count()) /
         1e3;
}

json args_of(const activity& a) {
  json args = json::object();
  if (!a.site.empty()) args["site"] = a.site;
  switch (a.kind) {
    case activity_kind::call:
      args["decision"] = a.decision;
      args["why"] = a.why;
      args["iterations"] = a.iterations;
      break;
    case activity_kind::transfer:
      args["bytes"] = a.bytes;
      args["direction"] = a.to_device ? "host-to-device" : "device-to-host";
      break;
    case activity_kind::sync: args["bytes"] = a.bytes; break;
    case activity_kind::build:
    case activity_kind::cache_load:
      args["kernel"] = a.kernel;
      args["cache"] = a.kind == activity_kind::cache_load ? "hit" : "miss";
      if (!a.options.empty()) args["options"] = a.options;
      break;
    case activity_kind::start: break;
  }
  return args;
}

/// One JSON text per line; texts that are not UTF-8 (a site from a file name in another
/// encoding) have the bad bytes replaced rather than failing the file.
std::string dump(const json& value) {
  return value.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string milliseconds_text(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.3f", seconds * 1e3);
  return text;
}

void add(site_totals& sum, const site_totals& t) {
  sum.host_calls += t.host_calls;
  sum.device_calls += t.device_calls;
  sum.host_seconds += t.host_seconds;
  sum.device_seconds += t.device_seconds;
  sum.bytes_to_device += t.bytes_to_device;
  sum.bytes_to_host += t.bytes_to_host;
  sum.builds += t.builds;
  sum.cache_hits += t.cache_hits;
}

}  // namespace

site_totals& profile_recorder::totals_of(const std::string& site) {
  auto [it, fresh] = totals_.try_emplace(site);
  if (fresh) site_order_.push_back(site);
  return it->second;
}

void profile_recorder::record(activity a) {
  std::lock_guard lock(mutex_);
  if (!a.site.empty()) {
    site_totals& t = totals_of(a.site);
    const double seconds = std::chrono::duration<double>(a.end - a.begin).count();
    switch (a.kind) {
      case activity_kind::call:
        ++(a.on_device ? t.device_calls : t.host_calls);
        (a.on_device ? t.device_seconds : t.host_seconds) += seconds;
        break;
      case activity_kind::transfer:
        (a.to_device ? t.bytes_to_device : t.bytes_to_host) += a.bytes;
        break;
      case activity_kind::build: ++t.builds; break;
      case activity_kind::cache_load: ++t.cache_hits; break;
      case activity_kind::start:
      case activity_kind::sync: break;  // a sync's bytes are its transfers'
    }
  }
  if (keep_activities_) activities_.push_back(std::move(a));
}

void profile_recorder::name_thread(std::uint64_t thread, std::string name) {
  std::lock_guard lock(mutex_);
  thread_names_[thread] = std::move(name);
}

std::vector<activity> profile_recorder::activities() const {
  std::lock_guard lock(mutex_);
  return activities_;
}

std::vector<std::pair<std::string, site_totals>> profile_recorder::totals() const {
  std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, site_totals>> all;
  for (const std::string& site : site_order_) all.emplace_back(site, totals_.at(site));
  return all;
}

void profile_recorder::write_trace(std::ostream& out, std::uint64_t pid,
                                   std::string_view process_name) const {
  std::lock_guard lock(mutex_);
  profile_clock::time_point epoch = profile_clock::time_point::max();
  for (const activity& a : activities_) epoch = std::min(epoch, a.begin);
  out << "{\"traceEvents\": [\n";
  out << dump(json{{"name", "process_name"},
                   {"ph", "M"},
                   {"pid", pid},
                   {"tid", pid},
                   {"args", {{"name", process_name}}}});
  for (const auto& [thread, name] : thread_names_)
    out << ",\n"
        << dump(json{{"name", "thread_name"},
                     {"ph", "M"},
                     {"pid", pid},
                     {"tid", thread},
                     {"args", {{"name", name}}}});
  for (const activity& a : activities_) {
    out << ",\n"
        << dump(json{{"name", a.name},
                     {"cat", category(a.kind)},
                     {"ph", "X"},
                     {"ts", microseconds(a.begin - epoch)},
                     {"dur", microseconds(a.end - a.begin)},
                     {"pid", pid},
                     {"tid", a.thread},
                     {"args", args_of(a)}});
  }
  out << "\n], \"displayTimeUnit\": \"ms\"}\n";
}

std::string profile_recorder::summary_table() const {
  const std::vector<std::pair<std::string, site_totals>> rows = totals();
  if (rows.empty()) return {};
  auto cells = [](const site_totals& t) {
    return std::vector<std::string>{
        std::to_string(t.host_calls),   milliseconds_text(t.host_seconds),
        std::to_string(t.device_calls), milliseconds_text(t.device_seconds),
        bytes_text(t.bytes_to_device),  bytes_text(t.bytes_to_host),
        std::to_string(t.builds),       std::to_string(t.cache_hits)};
  };
  // The header, a row per site, the totals: the site left-aligned, numbers right-aligned.
  std::vector<std::pair<std::string, std::vector<std::string>>> table{
      {"site",
       {"host calls", "host ms", "device calls", "device ms", "to device", "to host", "builds",
        "cache hits"}}};
  site_totals total;
  for (const auto& [site, t] : rows) {
    add(total, t);
    table.emplace_back(site, cells(t));
  }
  table.emplace_back("total", cells(total));

  std::size_t site_width = 0;
  std::vector<std::size_t> width(table.front().second.size(), 0);
  for (const auto& [site, row] : table) {
    site_width = std::max(site_width, site.size());
    for (std::size_t c = 0; c < row.size(); ++c) width[c] = std::max(width[c], row[c].size());
  }
  std::string out = "clpar: summary of region calls, transfers and kernels (CLPAR_SUMMARY=1)\n";
  for (const auto& [site, row] : table) {
    out += "clpar: " + site + std::string(site_width - site.size(), ' ');
    for (std::size_t c = 0; c < row.size(); ++c)
      out += "  " + std::string(width[c] - row[c].size(), ' ') + row[c];
    out += '\n';
  }
  return out;
}

std::string profile_path(std::string_view value, std::uint64_t pid) {
  std::string path;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] == '%' && i + 1 < value.size() && value[i + 1] == 'p') {
      path += std::to_string(pid);
      ++i;
    } else {
      path += value[i];
    }
  }
  return path;
}

std::string write_trace_file(const profile_recorder& recorder, const std::string& path,
                             std::uint64_t pid, std::string_view process_name) {
  const std::string temporary = path + "." + std::to_string(pid) + ".tmp";
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) return std::strerror(errno);
    recorder.write_trace(out, pid, process_name);
    out.close();
    if (!out) {
      const std::string why = std::strerror(errno != 0 ? errno : EIO);
      std::remove(temporary.c_str());
      return why;
    }
  }
  if (std::rename(temporary.c_str(), path.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    std::remove(temporary.c_str());
    return why;
  }
  return {};
}

// --- the process's recorder ----------------------------------------------------------------

namespace {

const char* profile_value() noexcept {
  const char* value = std::getenv("CLPAR_PROFILE");
  return value != nullptr && *value != '\0' ? value : nullptr;
}

bool summary_requested() noexcept {
  const char* value = std::getenv("CLPAR_SUMMARY");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

}  // namespace

const bool profile_requested = profile_value() != nullptr || summary_requested();

namespace {

/// The process's recorder, made at its first use while profiling; leaked, so that what
/// runs during exit may still record.
profile_recorder* process_recorder() noexcept {
  static profile_recorder* recorder = []() -> profile_recorder* {
    if (!profiling()) return nullptr;
    try {
      return new profile_recorder(profile_value() != nullptr);
    } catch (...) {
      return nullptr;  // no memory for a recorder: the program runs unprofiled
    }
  }();
  return recorder;
}

std::uint64_t this_thread_id() noexcept {
  return static_cast<std::uint64_t>(::gettid());
}

thread_local const char* current_site = nullptr;
thread_local unsigned open_calls = 0;

/// Writes the file and prints the table at exit (a static destructor of the runtime).
struct profile_writer {
  ~profile_writer() {
    const profile_recorder* recorder = process_recorder();
    if (recorder == nullptr) return;
    try {
      if (const char* value = profile_value()) {
        const auto pid = static_cast<std::uint64_t>(::getpid());
        const std::string path = profile_path(value, pid);
        if (const std::string why =
                write_trace_file(*recorder, path, pid, program_invocation_short_name);
            !why.empty())
          std::fprintf(stderr, "clpar: warning: cannot write profile %s: %s\n", path.c_str(),
                       why.c_str());
      }
      if (summary_requested()) {
        const std::string table = recorder->summary_table();
        std::fwrite(table.data(), 1, table.size(), stderr);
      }
    } catch (...) {
      // Out of memory at exit: the profile is lost, the program's exit is not.
    }
  }
};
profile_writer writer_at_exit;

}  // namespace

void profile_record(activity a) noexcept {
  profile_recorder* recorder = process_recorder();
  if (recorder == nullptr) return;
  try {
    a.thread = this_thread_id();
    recorder->record(std::move(a));
  } catch (...) {
    // Out of memory for the record: the activity is missing from the profile.
  }
}

void profile_transfer(bool to_device, std::uint64_t bytes,
                      profile_clock::time_point begin) noexcept {
  if (!profiling()) return;
  try {
    activity a;
    a.kind = activity_kind::transfer;
    a.name = to_device ? "to device" : "to host";
    a.site = current_site != nullptr ? current_site : "?";
    a.begin = begin;
    a.end = profile_clock::now();
    a.bytes = bytes;
    a.to_device = to_device;
    profile_record(std::move(a));
  } catch (...) {
    // Out of memory for the record's texts.
  }
}

void profile_detail::enter_call() noexcept {
  ++open_calls;
}

void profile_detail::leave_call() noexcept {
  if (open_calls > 0) --open_calls;
}

const char* profile_detail::swap_site(const char* site) noexcept {
  const char* before = current_site;
  current_site = site;
  return before;
}

void profile_sync(const char* site, std::uint64_t bytes, profile_clock::time_point begin) noexcept {
  if (!profiling() || open_calls > 0) return;
  try {
    activity a;
    a.kind = activity_kind::sync;
    a.site = site != nullptr ? site : "?";
    a.name = "sync " + a.site;
    a.begin = begin;
    a.end = profile_clock::now();
    a.bytes = bytes;
    profile_record(std::move(a));
  } catch (...) {
    // Out of memory for the record's texts.
  }
}

void profile_name_thread(const char* name) noexcept {
  profile_recorder* recorder = process_recorder();
  if (recorder == nullptr) return;
  try {
    recorder->name_thread(this_thread_id(), name);
  } catch (...) {
    // Out of memory: the thread keeps its number.
  }
}

}  // namespace clpar::rt
