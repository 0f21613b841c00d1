// runtime/launch/form_trials.hpp - choosing among a call's plausible kernel forms by timing
// them on first use.
//
// form_for (launch/kernel_form.hpp) picks a call's form by rules measured on a few devices.
// Where the rules leave another form plausible, a rule cannot be right everywhere: 32-bit
// positions took 24% off matmul 2048's tiled kernel on an H100 and added 9% to the MLP's
// (docs/performance.md, "32-bit positions").  So the runtime times the candidates on the
// device itself: for each site, device and size class (the call's iteration count and
// inner trip count, each rounded down to a power of two), the first calls time the rule
// form, then the other candidates in turn, each `form_trial::samples_per_form` times, with
// a profiling event and a wait; then every later call takes the one with the shortest
// kernel time (the rule form unless another's best time is below `form_trial::margin` of
// its own).  The choice is stored in the kernel cache under the device's key
// (cache/program_cache.hpp), so a later process starts with the winner and times nothing.
//
// Under auto a candidate's kernel is built on the background worker
// (device/background_start.hpp) while the calls run the rule form, so a trial never makes
// a call wait for a build; with an explicit device (CLPAR_DEVICE=opencl, .on(clpar::device))
// the call that first times a candidate builds it, as calls there build every kernel, and
// OpenCL is used from the calling thread alone.  Only a region called more than
// `samples_per_form` times in a size class has a candidate built.  A candidate whose
// kernel fails to build, or whose call fails, drops out.
//
// Candidates today: the call's rule form; the same with the other index width, where the
// region has the 32-bit form and the call's positions fit (launch/index_width.hpp); and,
// where the region has the tiled form of a product, other tile shapes
// (launch/product_tiles.hpp, tile_alternatives), with 32-bit positions where they fit.
// A split form's lane counts halved and doubled were timed on an H100 and never won
// (docs/performance.md, "Tile shapes chosen by timing"): they are not candidates.
//
// CLPAR_FORM_TRIALS (read per call): `0` never times forms (every call takes its rule form),
// `1` times them on any device, other tile shapes included (tests time them on PoCL);
// unset, on GPUs only, as the tiled and split forms.
// CLPAR_TRACE says what each trial measured and which form it kept, and where a choice came
// from the kernel cache.
#ifndef CLPAR_RUNTIME_LAUNCH_FORM_TRIALS_HPP
#define CLPAR_RUNTIME_LAUNCH_FORM_TRIALS_HPP

#include <cstddef>
#include <cstdint>
#include <vector>

#include "clpar/rt/region.hpp"
#include "device/device_context.hpp"
#include "launch/kernel_form.hpp"

namespace clpar::rt {

/// The forms a call on `device` may take: `rule` first, then each alternative left
/// plausible.
std::vector<kernel_form> form_candidates(const launch_request& request,
                                         const device_entry& device, const kernel_form& rule);

/// One trial among `candidates` forms (candidate 0 the rule form): which to time next, and
/// which won.  One candidate is decided at once.  Not thread-safe (choose_form locks
/// around it).
class form_trial {
 public:
  static constexpr unsigned samples_per_form = 3;
  /// Another form replaces the rule form only when its best time is below this share of
  /// the rule form's best.
  static constexpr double margin = 0.97;

  explicit form_trial(std::size_t candidates);

  bool decided() const noexcept { return decided_; }
  /// The form every call takes once decided.
  std::size_t winner() const noexcept { return winner_; }
  /// The candidate a call should time next: the rule form until it has its samples (so
  /// that a site called only a few times never has another form built), then of those not
  /// dropped the one with the fewest samples (the lower index on a tie).  Only while not
  /// decided.
  std::size_t next() const noexcept;
  /// Whether `candidate` still needs samples.
  bool wants(std::size_t candidate) const noexcept;
  /// A kernel time of `candidate`; decides once every candidate left has its samples.
  void record(std::size_t candidate, double seconds);
  /// `candidate` cannot run (its kernel failed to build, its call failed): it drops out.
  /// With the rule form dropped the others decide; with every candidate dropped the trial
  /// decides for the rule form, untimed (nothing is then stored).
  void drop(std::size_t candidate);
  /// Decided from elsewhere (the kernel cache).
  void decide(std::size_t winner) noexcept;
  /// The best time of `candidate`, or a negative value when it has none.
  double best(std::size_t candidate) const noexcept;

 private:
  void decide_if_done();

  std::vector<std::vector<double>> times_;
  std::vector<bool> dropped_;
  bool decided_ = false;
  std::size_t winner_ = 0;
};

struct trial_site;

/// What choose_form answers a call.
struct trial_ticket {
  /// The trial this call times a candidate of; null when it times nothing.
  trial_site* site = nullptr;
  std::size_t candidate = 0;

  /// The form set is the one every later call of the same request takes (no trial, or a
  /// decided one), so that a call repeating this one may take it without asking again
  /// (launch/repeat_call.hpp).
  bool settled = false;

  bool timing() const noexcept { return site != nullptr; }
  static trial_ticket final_choice() noexcept { return {nullptr, 0, true}; }
};

/// Sets `form` (the call's rule form on entry) to the form the call takes on `context`'s
/// device, and answers whether the call times it for a trial (it must then be launched with
/// a profiling event and waited for, and report_form_time told its kernel time).
/// `iterations`: the call's iteration count; `in_background`: the call is auto's with the
/// background start, whose kernels build on the background worker.  The process's trials
/// are kept per device context, region and size class; thread-safe.
trial_ticket choose_form(device_context& context, const launch_request& request,
                         std::uint64_t iterations, bool in_background, kernel_form& form);

/// The kernel time of the ticket's launched call, or a negative `seconds` when its launch
/// failed.  `ran`: the form the call ran, which differs from the ticket's when its kernel
/// could not be used.  A failed launch or another form drops the candidate out.
void report_form_time(const trial_ticket& ticket, const kernel_form& ran, double seconds);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_FORM_TRIALS_HPP
