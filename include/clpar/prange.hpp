// clpar/prange.hpp - clpar::prange, the parallel loop range (SPEC 1.3).
//
// Compiled by a plain compiler, a prange is an ordinary serial integer range: the loop runs
// first, first + step, ... in order.  clpar++ rewrites each prange loop into an OpenMP and an
// OpenCL variant; the options (schedule, num_threads, on, unchecked) are read by that
// rewrite and by the runtime, and change nothing in serial code.
#ifndef CLPAR_PRANGE_HPP
#define CLPAR_PRANGE_HPP

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <type_traits>

namespace clpar {

enum class schedule_kind { static_, dynamic, guided };
inline constexpr schedule_kind static_ = schedule_kind::static_;
inline constexpr schedule_kind dynamic = schedule_kind::dynamic;
inline constexpr schedule_kind guided = schedule_kind::guided;

enum class placement { automatic, host, device, all_devices };
inline constexpr placement automatic = placement::automatic;
inline constexpr placement host = placement::host;
inline constexpr placement device = placement::device;
/// Shares the loop's iterations out over every usable OpenCL device (SPEC 1.3).
inline constexpr placement all_devices = placement::all_devices;

namespace detail {
template <class I>
concept range_integer = std::integral<I> && !std::same_as<std::remove_cv_t<I>, bool>;
}  // namespace detail

/// The values first + k * step for k < size().  Options return a new range by value:
/// returning *this by reference would dangle in a range-for over a temporary.
template <class I>
class prange_t {
  static_assert(detail::range_integer<I>, "clpar::prange: bounds and step must be integers");

 public:
  using value_type = I;

  class iterator {
   public:
    using iterator_concept = std::forward_iterator_tag;
    using iterator_category = std::input_iterator_tag;  // yields prvalues, as iota_view
    using value_type = I;
    using difference_type = std::ptrdiff_t;
    using reference = I;
    using pointer = void;

    constexpr iterator() noexcept = default;
    constexpr iterator(I first, I step, std::uint64_t k) noexcept
        : first_(first), step_(step), k_(k) {}

    constexpr I operator*() const noexcept { return value_at(first_, step_, k_); }
    constexpr iterator& operator++() noexcept {
      ++k_;
      return *this;
    }
    constexpr iterator operator++(int) noexcept {
      iterator old = *this;
      ++k_;
      return old;
    }
    friend constexpr bool operator==(const iterator& a, const iterator& b) noexcept {
      return a.k_ == b.k_;
    }

   private:
    I first_{};
    I step_{};
    std::uint64_t k_ = 0;
  };

  /// Throws std::invalid_argument when step <= 0.
  constexpr prange_t(I lo, I hi, I step) : first_(lo), step_(step), count_(count(lo, hi, step)) {}

  constexpr I first() const noexcept { return first_; }
  constexpr I step() const noexcept { return step_; }
  /// The number of iterations (0 for an empty range), computed without overflow.
  constexpr std::uint64_t size() const noexcept { return count_; }
  constexpr bool empty() const noexcept { return count_ == 0; }
  /// The k-th value, first + k * step.
  constexpr I at(std::uint64_t k) const noexcept { return value_at(first_, step_, k); }

  constexpr iterator begin() const noexcept { return iterator(first_, step_, 0); }
  constexpr iterator end() const noexcept { return iterator(first_, step_, count_); }

  // --- options: each returns a new range ---

  constexpr prange_t schedule(schedule_kind kind, std::size_t chunk = 0) const noexcept {
    prange_t r = *this;
    r.schedule_ = kind;
    r.chunk_ = chunk;
    return r;
  }
  /// n threads for the host variant; 0 means the default.  Throws std::invalid_argument
  /// when n < 0.
  constexpr prange_t num_threads(int n) const {
    if (n < 0) throw std::invalid_argument("clpar::prange: num_threads must not be negative");
    prange_t r = *this;
    r.num_threads_ = n;
    return r;
  }
  constexpr prange_t on(placement p) const noexcept {
    prange_t r = *this;
    r.placement_ = p;
    return r;
  }
  /// No bounds checks in this loop (clpar++ builds; views still check in header-only ones).
  constexpr prange_t unchecked() const noexcept {
    prange_t r = *this;
    r.checked_ = false;
    return r;
  }

  constexpr schedule_kind get_schedule() const noexcept { return schedule_; }
  constexpr std::size_t get_chunk() const noexcept { return chunk_; }
  constexpr int get_num_threads() const noexcept { return num_threads_; }
  constexpr placement get_placement() const noexcept { return placement_; }
  constexpr bool is_checked() const noexcept { return checked_; }

 private:
  // Computed modulo 2^64 and converted back, so that the value after the last one (never
  // dereferenced) cannot overflow a signed I.
  static constexpr I value_at(I first, I step, std::uint64_t k) noexcept {
    return static_cast<I>(static_cast<std::uint64_t>(first) + k * static_cast<std::uint64_t>(step));
  }

  static constexpr std::uint64_t count(I lo, I hi, I step) {
    if (!(step > I{0})) throw std::invalid_argument("clpar::prange: step must be positive");
    if (!(lo < hi)) return 0;
    // hi - lo fits in the unsigned type of I's width; 64 bits hold every such type.
    const auto span = static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<I>>(
        static_cast<std::make_unsigned_t<I>>(hi) - static_cast<std::make_unsigned_t<I>>(lo)));
    return (span - 1) / static_cast<std::uint64_t>(step) + 1;
  }

  I first_;
  I step_;
  std::uint64_t count_;
  schedule_kind schedule_ = schedule_kind::static_;
  std::size_t chunk_ = 0;
  int num_threads_ = 0;
  placement placement_ = placement::automatic;
  bool checked_ = true;
};

/// 0, 1, ..., n - 1, in the type of n.
template <detail::range_integer N>
constexpr prange_t<N> prange(N n) {
  return prange_t<N>(N{0}, n, N{1});
}

/// lo, lo + 1, ..., hi - 1, in the common type of lo and hi.
template <detail::range_integer L, detail::range_integer H>
constexpr prange_t<std::common_type_t<L, H>> prange(L lo, H hi) {
  using I = std::common_type_t<L, H>;
  return prange_t<I>(static_cast<I>(lo), static_cast<I>(hi), I{1});
}

/// lo, lo + step, ... while < hi, in the common type of the three.  Throws
/// std::invalid_argument when step <= 0.
template <detail::range_integer L, detail::range_integer H, detail::range_integer S>
constexpr prange_t<std::common_type_t<L, H, S>> prange(L lo, H hi, S step) {
  using I = std::common_type_t<L, H, S>;
  // Before the conversion: -1 would become a huge unsigned step.
  if (!(step > S{0})) throw std::invalid_argument("clpar::prange: step must be positive");
  return prange_t<I>(static_cast<I>(lo), static_cast<I>(hi), static_cast<I>(step));
}

}  // namespace clpar

#endif  // CLPAR_PRANGE_HPP
