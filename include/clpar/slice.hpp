// clpar/slice.hpp - clpar::slice and clpar::all: selecting a strided part of one dimension.
//
// slice(b, e, s) selects b, b+s, b+2s, ... while < e (s > 0) or > e (s < 0).  Unlike
// Python, bounds never count from the end: they are clamped to [0, n] for s > 0 and to
// [-1, n-1] for s < 0, so slice(n - 1, -1, -1) reverses a dimension of extent n.
#ifndef CLPAR_SLICE_HPP
#define CLPAR_SLICE_HPP

#include <concepts>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <type_traits>

namespace clpar {

namespace detail {

/// An integer of any type as a ptrdiff_t.  Unsigned values above PTRDIFF_MAX saturate
/// rather than wrap, so that slice(0, SIZE_MAX) still means "to the end".
template <std::integral I>
constexpr std::ptrdiff_t to_bound(I i) noexcept {
  if constexpr (std::is_unsigned_v<I>) {
    if (i > static_cast<std::make_unsigned_t<std::ptrdiff_t>>(
                std::numeric_limits<std::ptrdiff_t>::max()))
      return std::numeric_limits<std::ptrdiff_t>::max();
  }
  return static_cast<std::ptrdiff_t>(i);
}

}  // namespace detail

class slice {
 public:
  /// The whole dimension.
  constexpr slice() noexcept = default;

  template <std::integral B, std::integral E>
  constexpr slice(B begin, E end) noexcept
      : begin_(detail::to_bound(begin)), end_(detail::to_bound(end)) {}

  /// Throws std::invalid_argument when step is 0.
  template <std::integral B, std::integral E, std::integral S>
  constexpr slice(B begin, E end, S step)
      : begin_(detail::to_bound(begin)),
        end_(detail::to_bound(end)),
        step_(detail::to_bound(step)) {
    if (step_ == 0) throw std::invalid_argument("clpar::slice: step must not be 0");
  }

  constexpr std::ptrdiff_t begin() const noexcept { return begin_; }
  constexpr std::ptrdiff_t end() const noexcept { return end_; }
  constexpr std::ptrdiff_t step() const noexcept { return step_; }

 private:
  std::ptrdiff_t begin_ = 0;
  std::ptrdiff_t end_ = std::numeric_limits<std::ptrdiff_t>::max();
  std::ptrdiff_t step_ = 1;
};

/// The whole dimension: v[all], m(all, j).
inline constexpr slice all{};

namespace detail {

/// What a slice selects from a dimension of extent n: count indices first, first + step, ...
struct slice_range {
  std::ptrdiff_t first;
  std::size_t count;
  std::ptrdiff_t step;
};

constexpr slice_range resolve(const slice& s, std::size_t extent) noexcept {
  const auto n = static_cast<std::ptrdiff_t>(extent);
  const auto clamp = [](std::ptrdiff_t x, std::ptrdiff_t lo, std::ptrdiff_t hi) {
    return x < lo ? lo : (x > hi ? hi : x);
  };
  const std::ptrdiff_t step = s.step();
  if (step > 0) {
    const std::ptrdiff_t b = clamp(s.begin(), 0, n);
    const std::ptrdiff_t e = clamp(s.end(), 0, n);
    if (e <= b) return {0, 0, step};
    const auto span = static_cast<std::size_t>(e - b);
    return {b, (span - 1) / static_cast<std::size_t>(step) + 1, step};
  }
  const std::ptrdiff_t b = clamp(s.begin(), -1, n - 1);
  const std::ptrdiff_t e = clamp(s.end(), -1, n - 1);
  if (b <= e) return {0, 0, step};
  const auto span = static_cast<std::size_t>(b - e);
  // 0 - step computed unsigned, so that PTRDIFF_MIN is safe.
  const std::size_t magnitude = std::size_t{0} - static_cast<std::size_t>(step);
  return {b, (span - 1) / magnitude + 1, step};
}

}  // namespace detail

}  // namespace clpar

#endif  // CLPAR_SLICE_HPP
