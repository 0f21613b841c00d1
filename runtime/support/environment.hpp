// runtime/support/environment.hpp - CLPAR_* variables read per call, cheaply.
//
// Settings such as CLPAR_DEVICE, CLPAR_TRACE and CLPAR_KERNEL_TIMES are read on every region
// call (docs/environment.md), so that a program, or a test, may change them between calls
// with setenv, unsetenv or putenv.  std::getenv scans the whole environment for each name:
// on a machine with 90 variables, the half-dozen reads of one call cost about a microsecond,
// a tenth of a device call.  environment_value answers from a per-thread memo of the
// values it found, kept while the environment's table of entries is the one it read them
// from (the same entry pointers in the same order, compared by count and a 64-bit digest):
// setenv, unsetenv and putenv each change that table, so a change made through them is seen
// at the next read.  Writing into a string given to putenv, which changes no entry pointer,
// is not seen.
#ifndef CLPAR_RUNTIME_SUPPORT_ENVIRONMENT_HPP
#define CLPAR_RUNTIME_SUPPORT_ENVIRONMENT_HPP

#include <cstdint>

namespace clpar::rt {

/// std::getenv(name), memoized as described above.  `name` must stay valid for the
/// thread's life (a string literal).
const char* environment_value(const char* name) noexcept;

/// Which table of the environment this thread's reads answer from: the same number as
/// long as the table is unchanged (never 0), another after setenv, unsetenv or putenv.
/// What a caller works out from CLPAR_* values may be kept while the epoch stays.
std::uint64_t environment_epoch() noexcept;

/// For its lifetime on this thread, the environment is taken as unchanged: reads skip
/// comparing the table (one comparison when made).  A region call holds one, so that its
/// reads cost a lookup each; pins nest.
class environment_pin {
 public:
  environment_pin() noexcept;
  ~environment_pin();
  environment_pin(const environment_pin&) = delete;
  environment_pin& operator=(const environment_pin&) = delete;
};

/// Whether a variable is set to something other than "", "0": a CLPAR_* switch.
bool environment_switch(const char* name) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_SUPPORT_ENVIRONMENT_HPP
