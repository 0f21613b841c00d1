// runtime/trace/trace.hpp - CLPAR_TRACE: one line per region call on stderr.
//
// Line format (SPEC section 3):
//   clpar: <site> n=<iterations> -> <host|device name> (<why>) <microseconds> us
// Other runtime notes (a failed build's log) use the same "clpar: " prefix.
#ifndef CLPAR_RUNTIME_TRACE_TRACE_HPP
#define CLPAR_RUNTIME_TRACE_TRACE_HPP

#include <chrono>
#include <cstdint>
#include <string>
#include <string_view>

namespace clpar::rt {

/// True when CLPAR_TRACE is "1".  Read at every call, so a program (or a test) may change it.
bool trace_enabled() noexcept;

/// The trace line of one region call, without the final newline.
std::string format_call_line(std::string_view site, std::uint64_t iterations,
                             std::string_view where, std::string_view why,
                             std::int64_t microseconds);

/// Writes "clpar: <text>\n" to stderr in one piece, so lines from threads do not mix.
void trace_write(std::string_view text) noexcept;

/// Under CLPAR_TRACE, writes "start: <text>, <milliseconds> ms" with the time since `since`:
/// what starting OpenCL costs, step by step (platforms, each context, the pinned staging
/// memory, the calibration), so that a slow start can be told apart from slow kernels.
/// Under CLPAR_PROFILE the step is a "start" activity from `since` to now (profile.hpp).
void trace_start_step(std::string_view text, std::chrono::steady_clock::time_point since) noexcept;

/// Keeps a copy of `text` for the life of the process and returns it.  Equal texts share
/// one copy, so the set of kept texts stays as small as the set of distinct reasons.
const char* keep_text(std::string text);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_TRACE_TRACE_HPP
