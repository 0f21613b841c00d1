// runtime/schedule/cost_model.hpp - auto's choice between the host and a device (SPEC 1.6).
//
// Pure data and functions: no OpenCL, no clock, no environment, so every rule is unit
// tested with made-up costs.  region_call feeds it measurements and asks it per call.
//
// Terminology
//   variant      the host (the stub's OpenMP loop) or the device (the region's kernel)
//   bucket       the calls of one site whose iteration counts n share floor(log2 n).  A
//                site keeps its measured speed per bucket, since a kernel's time is far
//                from proportional to n at small n
//   work time    what one call's own work took: the OpenMP variant's run (host), the
//                kernel's profiled execution (device).  Transfers are in neither: they are
//                predicted from the bytes a choice would move and the device's calibration
//   calibration  a device's launch latency and transfer bandwidths, measured on this
//                machine (schedule/calibration.hpp)
//
// Prediction for a call of n iterations:
//   host   = work(host, n)   + transfer(stale_on_host,     to_host_bandwidth)
//   device = work(device, n) + launch
//            + (transfer(missing_on_device, to_device_bandwidth) + written / to_host_bandwidth)
//              / (k + 1),   k the region's earlier calls in this execution of its scope
// where transfer(0, _) is 0 and transfer(b, bw) = the calibration's fixed cost + b / bw, the
// fixed cost of a small (direct) transfer when b < small_transfer_bytes
// where work(v, n) is n times the seconds per iteration v took in n's bucket, or, when v has
// not run in that bucket, in the nearest bucket where it has, at most max_scaled_buckets
// away (a rate measured at 1000 iterations, made mostly of fixed costs, says little about
// a million).  A bucket's rate is the fastest call's, drifting up slowly when calls stay
// slower (site_costs::record).  The bytes are those the
// region registry would move for the call (memory/region_registry.hpp): a device choice
// uploads what the device lacks, a host choice brings home what only a device has.  What
// a device call writes comes home too, at the end of its data scope or when the host
// reads it: a call alone in its scope (a stencil through slices) pays for that copy-back,
// which can be most of its time (its bytes only: the call's transfer already pays the fixed
// cost, and most calls that write little move nothing else).  Consecutive device calls
// share one copy-back, so the upload and the copy-back of a region called for the k-th
// time in one execution of its scope are spread over k calls: in a time loop the host runs
// until what it has lost to the device would have paid for moving the data, then the data
// moves once and stays.
//
// The choice:
//   both variants predicted     the smaller prediction; every retry_interval-th choice of
//                               the site, and any choice while the other's prediction
//                               rests on one call, the other once, where it is within
//                               retry_factor or costs less than retry_cost_seconds a call
//                               to retry (retry_due); every slowed_retry_interval-th, where
//                               the other has slowed to slowed_factor times its fastest
//                               call and would win at that speed
//   one predicted (p), the other not measured near n
//                               try the other once, unless it cannot win: its transfers and
//                               launch latency alone already reach p, or its time at other
//                               sizes, scaled to n, is hopeless_factor times p (matmul 2048
//                               after the host took 90 ns a row-element at 512)
//   neither                     the device when n >= first_call_device_iterations (1024
//                               when each iteration runs a loop of its own), else the host
//                               (a first guess; the next calls measure and correct it)
// So a site tries each variant at most once per range of sizes (2 * max_scaled_buckets + 1
// buckets), and only where the untried one could be faster; every other call follows the
// predictions.
#ifndef CLPAR_RUNTIME_SCHEDULE_COST_MODEL_HPP
#define CLPAR_RUNTIME_SCHEDULE_COST_MODEL_HPP

#include <array>
#include <cstdint>
#include <mutex>
#include <optional>
#include <unordered_map>

namespace clpar::rt {

/// One device's measured fixed costs (schedule/calibration.hpp).
struct device_costs {
  double launch_seconds = 0;             ///< enqueue to completion of an empty kernel
  double to_device_bytes_per_second = 0; ///< from pageable host memory, as calls transfer
  double to_host_bytes_per_second = 0;
  double transfer_seconds = 0;           ///< a transfer's fixed cost, whatever its size
  /// The same for a transfer below small_transfer_bytes, which goes direct (blocking), not
  /// through the pinned pipeline that the fixed cost above includes starting.
  double small_transfer_seconds = 0;
};

/// Transfers of fewer bytes go direct (memory/staged_transfer.hpp's direct_threshold) and
/// cost device_costs::small_transfer_seconds besides their bytes.
inline constexpr std::uint64_t small_transfer_bytes = std::uint64_t{1} << 20;

/// Iterations from which a site's first call, with nothing measured yet, goes to a device.
inline constexpr std::uint64_t first_call_device_iterations = std::uint64_t{1} << 16;
/// The same for a region whose iterations each run a loop (region_info::iteration_loops):
/// a row of a matrix product, not one element.
inline constexpr std::uint64_t first_call_device_iterations_with_loops = 1024;

/// The first-call threshold of a region.
constexpr std::uint64_t first_call_threshold(bool iteration_loops) noexcept {
  return iteration_loops ? first_call_device_iterations_with_loops : first_call_device_iterations;
}

/// How many buckets (factors of two) a measured rate is scaled across.
inline constexpr unsigned max_scaled_buckets = 2;
/// Every retry_interval-th choice of a site whose predictions are within retry_factor of
/// each other runs the predicted slower variant once more: a measurement made while the
/// machine was busy (or OpenMP was starting) would otherwise keep a site on the wrong side
/// for good, since only the variant that runs is measured again.  It costs at most
/// retry_factor / retry_interval of the site's time (5%), or retry_cost_seconds a call.
/// A loser whose prediction rests on one call is retried at once: a variant's first run at
/// a site (its memory touched the first time, the caches cold, under auto often while the
/// kernel builds) is often its slowest.
inline constexpr std::uint64_t retry_interval = 64;
/// Whether a site's `decisions`-th choice measures a close loser again, whose prediction
/// comes from `loser_calls` calls.
constexpr bool retry_due(std::uint64_t decisions, std::uint32_t loser_calls) noexcept {
  return decisions > 0 && (decisions % retry_interval == 0 || loser_calls == 1);
}
inline constexpr double retry_factor = 3;
/// A close loser whose prediction has slowed to slowed_factor times its fastest call in
/// the bucket, and that at that fastest call would win, is measured again every
/// slowed_retry_interval-th choice rather than every retry_interval-th: the host variant's
/// calls right after a workload that used gigabytes run 5 to 9 times their usual time for
/// about ten calls (bench/results/h100-2026-11-27-auto-host-warmup.txt), long enough to
/// drift the estimate past the device's, and only the variant that runs is measured.
/// Each such retry costs at most the two predictions' difference, below retry_factor.
inline constexpr std::uint64_t slowed_retry_interval = 8;
inline constexpr double slowed_factor = 2;
/// Also retried, whatever the ratio, when the retry costs at most this per call on average
/// (tiny calls, whose first host runs are often slow while OpenMP's threads wake up).
inline constexpr double retry_cost_seconds = 2e-6;
/// A variant not measured near a call's size is not tried when, scaled from the sizes it
/// was measured at, it comes out this many times slower than the other's prediction.
inline constexpr double hopeless_factor = 10;
/// What of a distant measurement may be fixed costs or interference rather than work, and
/// is taken off before scaling it (a descheduled OpenMP thread costs a time slice, ms).
inline constexpr double distant_fixed_seconds = 5e-3;

/// A site's measured work times, per variant and bucket.
class site_costs {
 public:
  enum class variant : std::uint8_t { host, device };

  /// Adds one call's work time: a faster call at once, a slower one by an eighth, so a
  /// spike is forgotten and a lasting change of speed followed within a dozen calls.
  void record(variant v, std::uint64_t iterations, double seconds) noexcept;
  /// The predicted work time of n iterations; nullopt when `v` never ran at this site
  /// with a count within max_scaled_buckets of n's bucket.
  std::optional<double> work_seconds(variant v, std::uint64_t iterations) const noexcept;
  /// The same at the fastest call the bucket ever had (work_seconds drifts up from it when
  /// calls stay slower).
  std::optional<double> best_work_seconds(variant v, std::uint64_t iterations) const noexcept;
  /// The same from the nearest measured bucket at any distance, less distant_fixed_seconds
  /// at that bucket's size (nullopt when nothing is left): too rough to predict from,
  /// enough to tell a variant that was many times slower (hopeless_factor).
  std::optional<double> distant_work_seconds(variant v, std::uint64_t iterations) const noexcept;
  /// `costs` without its device measurements.
  static site_costs without_device(const site_costs& costs) noexcept;
  /// How many choices the site's costs have been copied out for (cost_table::snapshot
  /// counts them): every retry_interval-th, a close loser is measured again.
  std::uint64_t decisions() const noexcept { return decisions_; }
  void count_decision() noexcept { ++decisions_; }
  /// Whether `v` has a measurement in n's own bucket.
  bool measured_in_bucket(variant v, std::uint64_t iterations) const noexcept;
  /// How many calls made the bucket work_seconds predicts n from (0: none).
  std::uint32_t measured_calls(variant v, std::uint64_t iterations) const noexcept;

 private:
  struct bucket {
    double seconds_per_iteration = 0;
    double best_seconds_per_iteration = 0;
    std::uint32_t count = 0;
  };
  /// n times `rate` of the bucket work_seconds predicts n from.
  std::optional<double> scaled(variant v, std::uint64_t iterations,
                               double bucket::*rate) const noexcept;
  /// The measured bucket nearest n's, at most `max_distance` buckets away.
  std::optional<unsigned> nearest_bucket(variant v, std::uint64_t iterations,
                                         unsigned max_distance) const noexcept;
  static constexpr unsigned bucket_count = 64;
  std::array<std::array<bucket, bucket_count>, 2> buckets_{};
  std::uint64_t decisions_ = 0;
};

/// The process's site_costs, one per region (keyed by its region_info's address).  Device
/// measurements count for the device they were made on: the first one recorded for the
/// region (auto offers the same candidate device to every call of a process).
/// Thread-safe.
class cost_table {
 public:
  static cost_table& instance();

  /// A copy of the region's costs, and the device its device measurements come from (-1:
  /// none yet); counts a decision (site_costs::decisions).
  site_costs snapshot(const void* region, int& device);
  void record_host(const void* region, std::uint64_t iterations, double seconds);
  void record_device(const void* region, int device, std::uint64_t iterations, double seconds);

 private:
  struct entry {
    site_costs costs;
    int device = -1;
  };
  mutable std::mutex mutex_;
  std::unordered_map<const void*, entry> entries_;
};

/// What one call would move, per choice (memory/region_registry.hpp).
struct call_bytes {
  std::uint64_t missing_on_device = 0;  ///< uploaded if the call runs on the device
  std::uint64_t stale_on_host = 0;      ///< brought home if it runs on the host
  /// What the call writes: on the device, if it runs there, until the host needs it back.
  std::uint64_t written = 0;
};

struct cost_choice {
  bool device = false;
  const char* why = "";            ///< a literal, for the trace
  /// Decided by predictions (measured times), not by a first guess or a trial.
  bool predicted = false;
  std::optional<double> host_seconds;    ///< the predictions it compared, when known
  std::optional<double> device_seconds;
};

/// The choice for a call of `iterations` at a site with `costs`, on a device with
/// `device` calibration.
/// `upload_shares` is how many calls of the region an upload serves, this one included: in
/// an execution of its data scope (or under a clpar::resident) the data stays for the
/// calls that follow, so the upload and copy-back are spread over them.  The caller counts
/// the calls made so far (a time loop rents the host until buying the upload pays) or, where
/// the scope ran before, as many as its last execution made.
cost_choice choose_by_cost(const site_costs& costs, const device_costs& device,
                           std::uint64_t iterations, const call_bytes& bytes,
                           std::uint64_t first_call_iterations = first_call_device_iterations,
                           std::uint64_t upload_shares = 1) noexcept;

/// Shorter than any device launch seen (PoCL on a CPU is the fastest, at a few
/// microseconds): host work below it never pays for starting OpenCL.
inline constexpr double no_launch_below_seconds = 5e-6;

/// The choice when the devices need not be looked at (OpenCL is not even started): the
/// host for a call whose measured host work is below no_launch_below_seconds, and for a
/// site's first calls below `first_call_iterations` (first_call_threshold).  nullopt: ask
/// choose_by_cost.
std::optional<cost_choice> choose_without_device(
    const site_costs& costs, std::uint64_t iterations,
    std::uint64_t first_call_iterations = first_call_device_iterations) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_SCHEDULE_COST_MODEL_HPP
