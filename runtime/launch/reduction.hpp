// runtime/launch/reduction.hpp - a reduction variable's type, checks and host combine step.
//
// The kernel leaves one partial value per work-group (region.hpp's convention); after a
// successful call the runtime folds them into the variable on the host, in group order:
//   result = *target;  for g in 0 .. groups-1: result = op(result, partials[g]);
//   *target = result
// op is a + b, a * b, a & b, a | b, a ^ b, min `b < a ? b : a`, max `a < b ? b : a`: the
// same expressions the translator's kernels use, so NaNs and signed zeros come out as
// they do inside a work-group.  Integer add and mul wrap (computed in unsigned
// arithmetic, no undefined behaviour); bitwise operations on f32/f64 are rejected.
#ifndef CLPAR_RUNTIME_LAUNCH_REDUCTION_HPP
#define CLPAR_RUNTIME_LAUNCH_REDUCTION_HPP

#include <cstddef>
#include <cstdint>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

/// sizeof the OpenCL C type of `kind` (char ... double: 1, 1, 2, 2, 4, 4, 8, 8, 4, 8); 0 for
/// a value outside the enumeration.
std::size_t scalar_size(scalar_kind kind) noexcept;

/// Null when the runtime can combine `reduction`; otherwise why not (no target, a kind or
/// an op outside the enumerations, a bitwise op on a floating-point kind).
const char* reduction_problem(const reduction_arg& reduction) noexcept;

/// Folds `groups` partial values (packed, scalar_size(kind) bytes each, any alignment)
/// into *reduction.target in group order.  `reduction` must pass reduction_problem().
void combine_partials(const reduction_arg& reduction, const std::byte* partials,
                      std::uint64_t groups) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_LAUNCH_REDUCTION_HPP
