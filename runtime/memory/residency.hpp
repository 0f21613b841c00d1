// runtime/memory/residency.hpp - the process's one region registry over OpenCL, its lock,
// the holders of handles (data scopes, resident holds, single calls) and the per-site
// transfer counts.
//
// Lock order: residency_lock first, then a device context's launch mutex.  Every use of
// the registry, and so of device buffers and transfers, happens under residency_lock.
//
// A holder keeps at most one handle per distinct byte range: a scope whose regions use the
// same arrays on every call of a loop holds them once.
#ifndef CLPAR_RUNTIME_MEMORY_RESIDENCY_HPP
#define CLPAR_RUNTIME_MEMORY_RESIDENCY_HPP

#include <atomic>
#include <cstdint>
#include <mutex>
#include <span>
#include <vector>

#include "clpar/rt/residency.hpp"
#include "memory/region_registry.hpp"
#include "memory/span_set.hpp"
#include "trace/profile.hpp"

namespace clpar::rt {

/// Held for every use of the registry.
class residency_lock {
 public:
  residency_lock();

 private:
  std::unique_lock<std::mutex> lock_;
};

/// The registry (under residency_lock).
region_registry& residency_registry();

/// Calls of one region under a clpar::resident.
struct resident_call_count {
  std::uint64_t earlier = 0;  ///< made before this one while the resident lived
  /// Made in all by the last resident of the same site (the previous run of the caller's
  /// time loop) that had ended; 0 when none has.
  std::uint64_t last_time = 0;
};

/// Under auto, for spreading an upload over the calls of a time loop whose arrays a
/// clpar::resident in a caller keeps on the device (as a data scope's execution does for
/// its own regions): counts this call of `region` in the innermost resident of this thread
/// that holds every span of the call, and says how many calls it made before and how many
/// the last one of its site made.  Zeros when no live resident holds them all.
resident_call_count count_resident_call(const void* region,
                                        std::span<const byte_span> spans) noexcept;

/// True when some memory is tracked: host code must then ask before touching memory.
/// Read without the lock; a stale true only costs a lock.
bool residency_active() noexcept;
/// Called after operations that may add or end records (under residency_lock).
void residency_update_active() noexcept;

/// A set of handles, one per distinct range (a scope's, a hold's or a single call's).
class handle_list {
 public:
  /// A handle on `range`; throws clpar::device_error where merging records lost data.
  region_registry::handle* hold(byte_range range);
  /// Releases every handle; bytes leaving tracking come home.  Throws clpar::device_error,
  /// after releasing them all, when some could not.
  void release_all(const char* site = nullptr);
  bool empty() const noexcept { return handles_.empty(); }

 private:
  std::vector<region_registry::handle*> handles_;
};

/// Registry transfer counts from construction to destruction are charged to `site`, and
/// so are the profile's transfers; what came home outside a region call is a sync activity
/// (trace/profile.hpp).
class charge_to {
 public:
  explicit charge_to(const char* site) noexcept;
  ~charge_to();

 private:
  const char* site_;
  transfer_counts before_;
  const char* outer_site_;  ///< the profile's site before this charge
  profile_clock::time_point begin_;
};

/// Called when the only valid copy of bytes cannot be brought back (SPEC 5): the host's
/// copy of `range` becomes the valid one (region_registry::abandon_device_copies), and
/// clpar::device_error is thrown naming `range` (when known) and the holder's `site`.  While
/// another exception unwinds the stack (a destructor ending a scope after the first
/// device_error, typically: a lost device loses all it held), it cannot throw; it prints the
/// same message on stderr and returns.  Call it under residency_lock.
void residency_data_lost(const char* why, const byte_range* range = nullptr,
                         const char* site = nullptr);

/// The runtime's way into a data_scope (a friend of it).
struct scope_access {
  /// The scope's handle list, made on first use (under residency_lock).
  static handle_list& holds(data_scope& scope);
  /// auto's record of the scope's execution (launch/region_call.cpp), owned through it.
  static std::atomic<void*>& run(data_scope& scope) noexcept { return scope.run_; }
};

/// The handle list of a data scope, made on first use (under residency_lock).
handle_list& holds_of(data_scope& scope);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_RESIDENCY_HPP
