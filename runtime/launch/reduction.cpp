// runtime/launch/reduction.cpp - combining a reduction's per-work-group partials on the host.
#include "launch/reduction.hpp"

#include <cstring>
#include <type_traits>

namespace clpar::rt {
namespace {

// OpenCL C's float and double, which the partials hold.
static_assert(sizeof(float) == 4 && sizeof(double) == 8);

bool is_floating(scalar_kind kind) {
  return kind == scalar_kind::f32 || kind == scalar_kind::f64;
}

bool is_bitwise(reduction_op op) {
  return op == reduction_op::bit_and || op == reduction_op::bit_or || op == reduction_op::bit_xor;
}

/// op(a, b) for one T.  Integers go through std::uint64_t so that add and mul wrap instead
/// of overflowing (and small types are not promoted to a signed int that could overflow);
/// converting back keeps the low bits, which C++20 defines for signed types too.
template <class T>
T apply(reduction_op op, T a, T b) noexcept {
  if constexpr (std::is_floating_point_v<T>) {
    switch (op) {
      case reduction_op::add: return a + b;
      case reduction_op::mul: return a * b;
      case reduction_op::min: return b < a ? b : a;
      case reduction_op::max: return a < b ? b : a;
      default: return a;  // rejected by reduction_problem()
    }
  } else {
    const auto x = static_cast<std::uint64_t>(a);
    const auto y = static_cast<std::uint64_t>(b);
    switch (op) {
      case reduction_op::add: return static_cast<T>(x + y);
      case reduction_op::mul: return static_cast<T>(x * y);
      case reduction_op::bit_and: return static_cast<T>(x & y);
      case reduction_op::bit_or: return static_cast<T>(x | y);
      case reduction_op::bit_xor: return static_cast<T>(x ^ y);
      case reduction_op::min: return b < a ? b : a;
      case reduction_op::max: return a < b ? b : a;
    }
    return a;
  }
}

template <class T>
void fold(const reduction_arg& reduction, const std::byte* partials,
          std::uint64_t groups) noexcept {
  // memcpy: the staging memory holding the partials is packed, not aligned for T.
  T result;
  std::memcpy(&result, reduction.target, sizeof(T));
  for (std::uint64_t g = 0; g < groups; ++g) {
    T partial;
    std::memcpy(&partial, partials + g * sizeof(T), sizeof(T));
    result = apply(reduction.op, result, partial);
  }
  std::memcpy(reduction.target, &result, sizeof(T));
}

}  // namespace

std::size_t scalar_size(scalar_kind kind) noexcept {
  switch (kind) {
    case scalar_kind::i8:
    case scalar_kind::u8: return 1;
    case scalar_kind::i16:
    case scalar_kind::u16: return 2;
    case scalar_kind::i32:
    case scalar_kind::u32:
    case scalar_kind::f32: return 4;
    case scalar_kind::i64:
    case scalar_kind::u64:
    case scalar_kind::f64: return 8;
  }
  return 0;
}

const char* reduction_problem(const reduction_arg& reduction) noexcept {
  if (reduction.target == nullptr) return "reduction without a target variable";
  if (scalar_size(reduction.kind) == 0) return "reduction of an unknown scalar kind";
  if (static_cast<unsigned>(reduction.op) > static_cast<unsigned>(reduction_op::max))
    return "reduction with an unknown operation";
  if (is_bitwise(reduction.op) && is_floating(reduction.kind))
    return "bitwise reduction of a floating-point variable";
  return nullptr;
}

void combine_partials(const reduction_arg& reduction, const std::byte* partials,
                      std::uint64_t groups) noexcept {
  switch (reduction.kind) {
    case scalar_kind::i8: return fold<std::int8_t>(reduction, partials, groups);
    case scalar_kind::u8: return fold<std::uint8_t>(reduction, partials, groups);
    case scalar_kind::i16: return fold<std::int16_t>(reduction, partials, groups);
    case scalar_kind::u16: return fold<std::uint16_t>(reduction, partials, groups);
    case scalar_kind::i32: return fold<std::int32_t>(reduction, partials, groups);
    case scalar_kind::u32: return fold<std::uint32_t>(reduction, partials, groups);
    case scalar_kind::i64: return fold<std::int64_t>(reduction, partials, groups);
    case scalar_kind::u64: return fold<std::uint64_t>(reduction, partials, groups);
    case scalar_kind::f32: return fold<float>(reduction, partials, groups);
    case scalar_kind::f64: return fold<double>(reduction, partials, groups);
  }
}

}  // namespace clpar::rt
