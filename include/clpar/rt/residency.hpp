// clpar/rt/residency.hpp - keeping data on the device between region calls (SPEC 1.5).
//
// The translator gives each function with offloaded regions a data_scope and passes it to
// every region call of the function (launch_request::scope).  A region that ran on a device
// leaves what it wrote there, held by the scope; the next region of the scope finds it
// without a transfer.  The translator calls sync() before host code that may touch the
// memory (any statement other than offloaded regions and scalar code), before jumps out of
// blocks and at the end of the function: sync() brings every byte only the device has back
// to the host and lets the scope's hold go.  A region without a scope (one the translator
// could not place in one) copies its results back at once.
//
// clpar::resident (resident_hold here) holds memory across calls: while one holds a byte, a
// scope's sync() leaves that byte on the device, and the program brings it home with
// view::sync_host() (sync_host here) when it wants to look at it.
//
// Transfers are counted per site (a region's site for what it uploads; the scope's or the
// hold's site for what comes back); with CLPAR_TRACE=1 the totals are printed at exit as
//   clpar: transfers at <site>: to device <n> (<bytes> B), to host <n> (<bytes> B)
//   clpar: transfers in total: to device <n> (<bytes> B), to host <n> (<bytes> B)
//
// Depends only on the standard library, like region.hpp.
#ifndef CLPAR_RT_RESIDENCY_HPP
#define CLPAR_RT_RESIDENCY_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

class data_scope {
 public:
  /// `site`: "file:line:col function", for the transfer summary; must outlive the scope.
  explicit data_scope(const char* site) noexcept : site_(site) {}
  data_scope(const data_scope&) = delete;
  data_scope& operator=(const data_scope&) = delete;
  /// Brings everything home, as sync() does (the translator has normally done so already),
  /// then gives auto the scope's time when any of its regions was decided under auto.
  /// Throws clpar::device_error as sync() does, unless an exception is already on its way
  /// (then the program stops with the reason: see residency_data_lost).
  ~data_scope() noexcept(false) {
    if (run_.load(std::memory_order_acquire) == nullptr) {
      sync();
      return;
    }
    try {
      sync();
    } catch (...) {
      end_run();
      throw;
    }
    end_run();
  }

  /// Every byte this scope keeps that only a device has comes back to the host; bytes a
  /// clpar::resident holds stay.  Cheap when the scope holds nothing.  Throws
  /// clpar::device_error (after letting every hold go) when some bytes could not be read
  /// back.
  void sync() {
    if (holds_.load(std::memory_order_acquire) != nullptr) release_all();
  }

  const char* site() const noexcept { return site_; }

 private:
  friend struct scope_access;
  void release_all();
  void end_run() noexcept;

  // Atomic: the threads of an OpenMP loop in the scope's function make region calls and
  // sync() through the one scope at once (the runtime changes both under its locks).
  const char* site_;
  /// the runtime's list of held ranges; null when empty
  std::atomic<void*> holds_{nullptr};
  /// auto's record of this execution (runtime/schedule/scope_costs.hpp); null until a
  /// region of the scope is decided under auto.
  std::atomic<void*> run_{nullptr};
};

/// The runtime side of clpar::resident: holds the memory of `views` on the device until
/// destroyed (they go to the device at the first region that uses them).
class resident_hold {
 public:
  resident_hold(const view_arg* views, std::size_t count, const char* site) noexcept;
  resident_hold(const resident_hold&) = delete;
  resident_hold& operator=(const resident_hold&) = delete;
  /// Lets the memory go (what only a device has comes home); throws clpar::device_error as
  /// data_scope's destructor does.
  ~resident_hold() noexcept(false);

 private:
  const char* site_;
  std::atomic<void*> holds_{nullptr};
  /// auto's count of the region calls this hold covers (runtime/memory/residency.hpp);
  /// destroyed on the thread that made it, as a scoped guard is.
  void* calls_ = nullptr;
};

/// Brings `view`'s memory up to date on the host, and forgets the device copies of it, so
/// that the host may read and write it (view::sync_host()).  Throws clpar::device_error
/// when the only up-to-date copy could not be read back.
void sync_host(const view_arg& view, const char* site);

/// Makes the memory of `views` valid on the host before host code reads them, and drops
/// the device copies of those marked written (before a region's OpenMP variant or a slice
/// statement's header fallback).  Transfers are charged to `site`.  Throws
/// clpar::device_error, after trying every view, when some memory could not be read back.
void prepare_host_access(const view_arg* views, std::size_t count, const char* site);

struct transfer_totals {
  std::uint64_t to_device_transfers = 0;
  std::uint64_t to_device_bytes = 0;
  std::uint64_t to_host_transfers = 0;
  std::uint64_t to_host_bytes = 0;
};

struct site_transfers {
  std::string site;
  transfer_totals totals;
};

/// Transfers so far, per site in order of first appearance.
std::vector<site_transfers> transfer_summary();
/// Transfers so far, in total.
transfer_totals transfer_total();

}  // namespace clpar::rt

#endif  // CLPAR_RT_RESIDENCY_HPP
