// test/unit/runtime/launch/view_aliasing_test.cpp - when a call takes its kernel's no-alias
// form: no written view shares a byte with another view, the region has the form, and
// CLPAR_NO_ALIAS does not say 0.
#include "launch/view_aliasing.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <limits>
#include <vector>

namespace clpar::rt {
namespace {

view_arg view_of(float* data, std::uint64_t extent, std::int64_t stride, bool written) {
  view_arg v{};
  v.data = data;
  v.elem_size = sizeof(float);
  v.rank = 1;
  v.extent[0] = extent;
  v.stride[0] = stride;
  v.written = written;
  return v;
}

TEST(WrittenViewsApart, SeparateArraysAreApart) {
  std::vector<float> x(100), y(100), z(100);
  const view_arg views[] = {view_of(x.data(), 100, 1, true), view_of(y.data(), 100, 1, false),
                            view_of(z.data(), 100, 1, true)};
  EXPECT_TRUE(written_views_apart(views));
}

TEST(WrittenViewsApart, TheSameArrayTwiceIsNotWhenOneIsWritten) {
  std::vector<float> x(100);
  const view_arg written[] = {view_of(x.data(), 100, 1, true), view_of(x.data(), 100, 1, false)};
  EXPECT_FALSE(written_views_apart(written));
  const view_arg read[] = {view_of(x.data(), 100, 1, false), view_of(x.data(), 100, 1, false)};
  EXPECT_TRUE(written_views_apart(read));  // read-only views may share memory
}

TEST(WrittenViewsApart, NeighbouringHalvesAreApartAndOneElementOfOverlapIsNot) {
  std::vector<float> x(100);
  const view_arg halves[] = {view_of(x.data(), 50, 1, true), view_of(x.data() + 50, 50, 1, false)};
  EXPECT_TRUE(written_views_apart(halves));
  const view_arg shifted[] = {view_of(x.data(), 51, 1, true),
                              view_of(x.data() + 50, 50, 1, false)};
  EXPECT_FALSE(written_views_apart(shifted));
}

TEST(WrittenViewsApart, InterleavedStridedViewsCountAsSharing) {
  // x[::2] written, x[1::2] read: no element in common, but the spans overlap.
  std::vector<float> x(100);
  const view_arg views[] = {view_of(x.data(), 50, 2, true), view_of(x.data() + 1, 50, 2, false)};
  EXPECT_FALSE(written_views_apart(views));
}

TEST(WrittenViewsApart, NegativeStridesSpanBelowTheirFirstElement) {
  // x[99::-1] written reaches down to x[0]; a view of x[0:10] shares its low end.
  std::vector<float> x(100);
  const view_arg views[] = {view_of(x.data() + 99, 100, -1, true),
                            view_of(x.data(), 10, 1, false)};
  EXPECT_FALSE(written_views_apart(views));
}

TEST(WrittenViewsApart, EmptyViewsTouchNothing) {
  std::vector<float> x(100);
  const view_arg views[] = {view_of(x.data(), 0, 1, true), view_of(x.data(), 100, 1, false)};
  EXPECT_TRUE(written_views_apart(views));
}

TEST(WrittenViewsApart, AnOverflowingViewCountsAsSharing) {
  std::vector<float> x(100), y(100);
  const view_arg views[] = {
      view_of(x.data(), 3, std::numeric_limits<std::int64_t>::max(), false),
      view_of(y.data(), 100, 1, true)};
  EXPECT_FALSE(written_views_apart(views));
}

TEST(NoAliasOf, NeedsTheRegionsFormAndHonoursTheSetting) {
  std::vector<float> x(100), y(100);
  const view_arg views[] = {view_of(x.data(), 100, 1, true), view_of(y.data(), 100, 1, false)};
  region_info info{"site", "k", "", 1, false, false};
  launch_request request{};
  request.info = &info;
  request.views = views;
  request.view_count = 2;
  ::unsetenv("CLPAR_NO_ALIAS");
  EXPECT_FALSE(no_alias_of(request));  // the region has no such form
  info.no_alias = true;
  EXPECT_TRUE(no_alias_of(request));
  ::setenv("CLPAR_NO_ALIAS", "0", 1);
  EXPECT_FALSE(no_alias_of(request));
  ::setenv("CLPAR_NO_ALIAS", "1", 1);
  EXPECT_TRUE(no_alias_of(request));
  ::unsetenv("CLPAR_NO_ALIAS");
}

}  // namespace
}  // namespace clpar::rt
