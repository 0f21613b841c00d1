// runtime/trace/trace.cpp - CLPAR_TRACE output and the process-lifetime text store.
#include "trace/trace.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <unordered_set>

#include "support/environment.hpp"
#include "trace/profile.hpp"

namespace clpar::rt {

bool trace_enabled() noexcept {
  const char* value = environment_value("CLPAR_TRACE");
  return value != nullptr && std::strcmp(value, "1") == 0;
}

std::string format_call_line(std::string_view site, std::uint64_t iterations,
                             std::string_view where, std::string_view why,
                             std::int64_t microseconds) {
  std::string line(site);
  line += " n=";
  line += std::to_string(iterations);
  line += " -> ";
  line += where;
  line += " (";
  line += why;
  line += ") ";
  line += std::to_string(microseconds);
  line += " us";
  return line;
}

void trace_write(std::string_view text) noexcept {
  try {
    std::string line = "clpar: ";
    line += text;
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stderr);
  } catch (...) {
    // Out of memory while tracing: the trace line is lost, the program is not.
  }
}

void trace_start_step(std::string_view text,
                      std::chrono::steady_clock::time_point since) noexcept {
  const auto now = std::chrono::steady_clock::now();
  if (profiling()) {
    try {
      activity step;
      step.kind = activity_kind::start;
      step.name = text;
      step.begin = since;
      step.end = now;
      profile_record(std::move(step));
    } catch (...) {
      // Out of memory for the step's name: the profile lacks it.
    }
  }
  if (!trace_enabled()) return;
  const double milliseconds = std::chrono::duration<double, std::milli>(now - since).count();
  char number[32];
  std::snprintf(number, sizeof number, ", %.1f ms", milliseconds);
  try {
    trace_write("start: " + std::string(text) + number);
  } catch (...) {
    // Out of memory for the line: the start goes on untraced.
  }
}

const char* keep_text(std::string text) {
  // Leaked on purpose: kept texts are referenced by region_call objects until exit.
  static std::mutex* mutex = new std::mutex;
  static auto* texts = new std::unordered_set<std::string>;
  std::lock_guard lock(*mutex);
  return texts->insert(std::move(text)).first->c_str();
}

}  // namespace clpar::rt
