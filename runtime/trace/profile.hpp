// runtime/trace/profile.hpp - CLPAR_PROFILE and CLPAR_SUMMARY: what the runtime did, and when.
//
// One recorder, two outputs.  While either variable is set, the runtime records an activity
// per region call, transfer, kernel build or kernel-cache load, step of OpenCL's start and
// copy-back outside a call; at exit CLPAR_PROFILE=FILE writes them as a Chrome trace event
// file (Perfetto, chrome://tracing) and CLPAR_SUMMARY=1 prints one table of totals per site
// on stderr.  Neither set, every recording function returns after one cached check.
//
// Terminology:
//   activity  one timed span on one thread: begin and end on the steady clock
//   site      the text a region's trace line starts with ("file.cpp:12:5"), or the
//             function's or holder's site that a copy-back is charged to (residency.hpp)
//   sync      bytes brought home outside any region call: a data scope's end, a
//             resident's end, view::sync_host(), a slice statement's host fallback
//
// The trace file (JSON object format of the Chrome trace event format):
//   <file>    ::= {"traceEvents": [<event>, ...], "displayTimeUnit": "ms"}
//   <event>   ::= {"name", "cat", "ph": "X", "ts", "dur", "pid", "tid", "args"}
//               | {"name": "process_name" | "thread_name", "ph": "M", "pid", "tid", "args"}
//   cat       ::= "call" | "transfer" | "build" | "cache" | "start" | "sync"
// ts and dur are microseconds (three decimals: nanoseconds) from the earliest activity;
// an activity inside another on its thread lies within it (a transfer within its call).
#ifndef CLPAR_RUNTIME_TRACE_PROFILE_HPP
#define CLPAR_RUNTIME_TRACE_PROFILE_HPP

#include <chrono>
#include <cstdint>
#include <map>
#include <mutex>
#include <ostream>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace clpar::rt {

using profile_clock = std::chrono::steady_clock;

enum class activity_kind : std::uint8_t { call, transfer, build, cache_load, start, sync };

/// One recorded span.  Which fields beyond the first five mean something depends on kind.
struct activity {
  activity_kind kind = activity_kind::call;
  std::string name;  ///< the span's title: the site, "to device", "build k", a start step
  std::string site;  ///< empty where none applies (a start step)
  profile_clock::time_point begin;
  profile_clock::time_point end;
  std::uint64_t thread = 0;  ///< the OS thread id
  // call
  bool on_device = false;
  std::string decision;  ///< "host" or the device's name
  std::string why;       ///< the reason CLPAR_TRACE prints
  std::uint64_t iterations = 0;
  // transfer and sync
  std::uint64_t bytes = 0;  ///< a sync: what came home in all
  bool to_device = false;
  // build and cache_load
  std::string kernel;   ///< the kernel's name
  std::string options;  ///< the program's build options
};

/// The totals of one site, as CLPAR_SUMMARY prints them.
struct site_totals {
  std::uint64_t host_calls = 0;
  std::uint64_t device_calls = 0;
  double host_seconds = 0;  ///< the calls' spans, decision and copies included
  double device_seconds = 0;
  std::uint64_t bytes_to_device = 0;
  std::uint64_t bytes_to_host = 0;
  std::uint64_t builds = 0;      ///< programs built from source
  std::uint64_t cache_hits = 0;  ///< programs made from the kernel cache's binary
};

/// Activities in memory (thread-safe), and the two outputs.  Totals are kept per site as
/// activities come; the activities themselves only with `keep_activities` (CLPAR_PROFILE).
class profile_recorder {
 public:
  explicit profile_recorder(bool keep_activities) : keep_activities_(keep_activities) {}

  void record(activity a);
  /// Names `thread` in the trace file.
  void name_thread(std::uint64_t thread, std::string name);

  /// The kept activities, in the order recorded.
  std::vector<activity> activities() const;
  /// Each site's totals, sites in the order first seen.
  std::vector<std::pair<std::string, site_totals>> totals() const;

  /// The trace event file (grammar above) for process `pid` named `process_name`.
  void write_trace(std::ostream& out, std::uint64_t pid, std::string_view process_name) const;
  /// The summary table, each line "clpar: "-prefixed; nothing when nothing was recorded.
  std::string summary_table() const;

 private:
  site_totals& totals_of(const std::string& site);

  const bool keep_activities_;
  mutable std::mutex mutex_;
  std::vector<activity> activities_;
  std::vector<std::string> site_order_;
  std::unordered_map<std::string, site_totals> totals_;
  std::map<std::uint64_t, std::string> thread_names_;
};

/// CLPAR_PROFILE's value with every "%p" replaced by `pid`.
std::string profile_path(std::string_view value, std::uint64_t pid);

/// Writes `recorder`'s trace to `path` through "<path>.<pid>.tmp" and a rename, so that no
/// reader ever sees half a file; empty, or why it could not be written.
std::string write_trace_file(const profile_recorder& recorder, const std::string& path,
                             std::uint64_t pid, std::string_view process_name);

// --- the process's recorder ----------------------------------------------------------------

/// Whether CLPAR_PROFILE or CLPAR_SUMMARY was set when the runtime was loaded.  Inline and
/// read once, so that a region call pays a load and a branch for each check.
extern const bool profile_requested;
inline bool profiling() noexcept {
  return profile_requested;
}

/// The time now while profiling, else the clock's epoch (no clock read).
inline profile_clock::time_point profile_now() noexcept {
  return profiling() ? profile_clock::now() : profile_clock::time_point();
}

/// The out-of-line halves of the inline functions below, for while profiling.
namespace profile_detail {
void enter_call() noexcept;
void leave_call() noexcept;
const char* swap_site(const char* site) noexcept;
}  // namespace profile_detail

/// Records `a` for this thread (filling in its thread) while profiling.
void profile_record(activity a) noexcept;

/// A transfer of `bytes` that began at `begin`, charged to this thread's current site.
void profile_transfer(bool to_device, std::uint64_t bytes,
                      profile_clock::time_point begin) noexcept;

/// Region calls mark their thread from their start to their end, so that a copy-back is
/// recorded as a sync only outside one.
inline void profile_enter_call() noexcept {
  if (profiling()) profile_detail::enter_call();
}
inline void profile_leave_call() noexcept {
  if (profiling()) profile_detail::leave_call();
}

/// The site this thread's transfers are charged to (residency.hpp's charge_to); returns
/// the one before, for charge_to to put back.
inline const char* profile_swap_site(const char* site) noexcept {
  return profiling() ? profile_detail::swap_site(site) : nullptr;
}

/// Bytes came home at `site` since `begin`: a sync activity, unless inside a region call.
void profile_sync(const char* site, std::uint64_t bytes, profile_clock::time_point begin) noexcept;

/// Names this thread in the trace file (the background worker).
void profile_name_thread(const char* name) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_TRACE_PROFILE_HPP
