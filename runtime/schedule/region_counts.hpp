// runtime/schedule/region_counts.hpp - how many times each region was called within some
// stretch of time: one execution of a data scope (launch/region_call.cpp), the life of a
// clpar::resident (memory/residency.cpp).  auto spreads an upload over those calls: the
// ones made so far, or as many as the last stretch of the same site made.
//
// Header-only and without dependencies, so that memory/ may keep one per resident.
#ifndef CLPAR_RUNTIME_SCHEDULE_REGION_COUNTS_HPP
#define CLPAR_RUNTIME_SCHEDULE_REGION_COUNTS_HPP

#include <cstdint>
#include <utility>
#include <vector>

namespace clpar::rt {

class region_counts {
 public:
  /// Counts a call of `region` and returns how many came before it.  Out of memory, the
  /// call is not counted (0): an upload is then not spread, which costs speed only.
  std::uint64_t count(const void* region) noexcept {
    for (auto& [counted, calls] : counts_)
      if (counted == region) return calls++;
    try {
      counts_.emplace_back(region, 1);
    } catch (...) {
    }
    return 0;
  }

  /// How many calls of `region` were counted.
  std::uint64_t calls(const void* region) const noexcept {
    for (const auto& [counted, calls] : counts_)
      if (counted == region) return calls;
    return 0;
  }

 private:
  std::vector<std::pair<const void*, std::uint64_t>> counts_;  ///< few regions: a short list
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_SCHEDULE_REGION_COUNTS_HPP
