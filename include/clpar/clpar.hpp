// clpar/clpar.hpp - the clpar user header: views, slice expressions, prange, resident.
//
// Compiled by a plain compiler, everything here is correct serial C++; compiled through
// clpar++, prange loops and slice expressions also get OpenMP and OpenCL variants.
//
//   errors.hpp    bounds_error, shape_error
//   slice.hpp     slice, all
//   view.hpp      view<T, Rank>: strided views, element access, slicing, assignment
//   expr.hpp      element-wise operators and functions, where, cast, reductions
//   prange.hpp    prange, schedule_kind, placement
//   resident.hpp  resident
//
// Define CLPAR_NO_BOUNDS_CHECK before including it to turn bounds checks off (like NDEBUG,
// it must be the same in every translation unit of a program).
#ifndef CLPAR_CLPAR_HPP
#define CLPAR_CLPAR_HPP

#include "clpar/errors.hpp"
#include "clpar/expr.hpp"
#include "clpar/prange.hpp"
#include "clpar/resident.hpp"
#include "clpar/slice.hpp"
#include "clpar/view.hpp"

#endif  // CLPAR_CLPAR_HPP
