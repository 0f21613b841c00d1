// Unit tests of CLPAR_NO_BOUNDS_CHECK: the same header with bounds checks compiled out.
// The build defines the macro for this file only.
#ifndef CLPAR_NO_BOUNDS_CHECK
#error "this test must be compiled with -DCLPAR_NO_BOUNDS_CHECK"
#endif
#include "clpar/clpar.hpp"

#include <gtest/gtest.h>

#include <numeric>
#include <vector>

namespace {

using clpar::all;
using clpar::slice;
using clpar::view;

// Each access below lies outside its view but inside the buffer the view was cut from, so
// the unchecked access is well defined and shows that no check ran.

TEST(NoBoundsCheck, IndexPastTheExtentIsNotChecked) {
  std::vector<int> buf(8);
  std::iota(buf.begin(), buf.end(), 0);
  const view<int> v(buf.data(), 4);
  EXPECT_NO_THROW((void)v[4]);
  EXPECT_EQ(v[5], 5);
  EXPECT_EQ(v(6), 6);
}

TEST(NoBoundsCheck, MatrixIndicesAreNotChecked) {
  std::vector<int> buf(12);
  std::iota(buf.begin(), buf.end(), 0);
  const view<int, 2> m(buf.data(), 2, 4);  // the first two rows of a 3x4 matrix
  EXPECT_EQ(m(0, 5), 5);
  EXPECT_EQ(m(2, 1), 9);
  EXPECT_EQ(m(2, all)[3], 11);
}

TEST(NoBoundsCheck, SlicesStillClampAndShapesStillMatter) {
  std::vector<int> buf(6, 1);
  const view<int> v(buf);
  EXPECT_EQ(v[slice(-10, 100)].size(), 6u);
  EXPECT_THROW(v[slice(0, 3)] = v[slice(0, 2)], clpar::shape_error);
  EXPECT_THROW(slice(0, 1, 0), std::invalid_argument);
}

}  // namespace
