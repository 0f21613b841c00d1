// test/unit/runtime/launch/aligned_rows_test.cpp - when a call takes its kernel's
// aligned-rows or unit-inner form, with which lead and shifts, and the options that
// select it.
#include "launch/aligned_rows.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace clpar::rt {
namespace {

region_info info_of(unsigned dims, bool aligned_rows) {
  region_info info{"a.cpp:1:1", "k", "__kernel void k() {}", dims, false, false};
  info.inner_block = 4;
  info.aligned_rows = aligned_rows;
  info.unit_inner = true;
  return info;
}

/// A 2-D view of `rows` x `columns` of `data` from element (row, column) on, rows `pitch`
/// elements apart.
template <class T>
view_arg window(T* data, std::int64_t pitch, std::int64_t row, std::int64_t column,
                std::uint64_t rows, std::uint64_t columns, bool written) {
  view_arg v{};
  v.data = data + row * pitch + column;
  v.elem_size = sizeof(T);
  v.rank = 2;
  v.extent[0] = rows, v.extent[1] = columns;
  v.stride[0] = pitch, v.stride[1] = 1;
  v.written = written;
  return v;
}

struct stencil_call {
  alignas(64) float u[64 * 64] = {};
  alignas(64) float v[64 * 64] = {};
  region_info info = info_of(2, true);
  dim_arg dims[2] = {{0, 1, 62}, {0, 1, 62}};
  std::vector<view_arg> views;

  explicit stencil_call(std::int64_t pitch = 64) {
    views = {window(v, pitch, 1, 1, 62, 62, true), window(u, pitch, 0, 1, 62, 62, false),
             window(u, pitch, 2, 1, 62, 62, false), window(u, pitch, 1, 0, 62, 62, false),
             window(u, pitch, 1, 2, 62, 62, false)};
  }
  launch_request request() const {
    return {&info, dims, views.data(), views.size(), nullptr, 0, placement_request::device};
  }
};

TEST(AlignedRows, FivePointStencilLeadAndShifts) {
  stencil_call call;
  const std::optional<row_layout> layout = aligned_rows_of(call.request());
  ASSERT_TRUE(layout.has_value());
  EXPECT_EQ(layout->lead, 1u);  // the destination starts one element into a row
  EXPECT_EQ(layout->shift, (std::vector<unsigned>{0, 0, 0, 3, 1}));
  EXPECT_EQ(aligned_rows_options(*layout),
            "-D CLPAR_ROWS4 -D CLPAR_SHIFT0=0 -D CLPAR_SHIFT1=0 "
            "-D CLPAR_SHIFT2=0 -D CLPAR_SHIFT3=3 -D CLPAR_SHIFT4=1");
  // 62 columns from one element in: a partial work-item, 15 full ones, a partial one.
  EXPECT_EQ(layout->items(62), 16u);
  EXPECT_EQ(layout->items(3), 1u);
  EXPECT_TRUE(layout->places(0, 64 + 1));
  EXPECT_TRUE(layout->places(3, 64));
  EXPECT_FALSE(layout->places(3, 65));
}

TEST(AlignedRows, EveryLeadAndShift) {
  alignas(64) double a[64] = {}, b[64] = {};
  const region_info info = info_of(1, true);
  const dim_arg dims[1] = {{0, 1, 20}};
  for (unsigned lead = 0; lead < 4; ++lead)
    for (unsigned shift = 0; shift < 8; ++shift) {
      view_arg views[2] = {window(a, 0, 0, lead, 1, 20, true),
                           window(b, 0, 0, lead + shift, 1, 20, false)};
      for (view_arg& v : views) v.rank = 1, v.extent[0] = 20, v.stride[0] = 1;
      const launch_request request{&info, dims, views, 2, nullptr, 0, placement_request::device};
      const std::optional<row_layout> layout = aligned_rows_of(request);
      ASSERT_TRUE(layout.has_value());
      EXPECT_EQ(layout->lead, lead);
      EXPECT_EQ(layout->shift[1], shift % 4);
      EXPECT_EQ(layout->items(20), (20 + lead + 3) / 4);
    }
}

TEST(AlignedRows, NotForKernelsWithoutTheForm) {
  stencil_call call;
  call.info.aligned_rows = false;
  EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
}

TEST(AlignedRows, NotWhenRowsLieDifferently) {
  stencil_call call(62);  // a pitch that is not a multiple of 4
  call.views = {window(call.v, 62, 1, 1, 60, 60, true), window(call.u, 62, 0, 1, 60, 60, false)};
  EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
}

TEST(AlignedRows, NotForStridedRowsOrSteps) {
  {
    stencil_call call;
    call.views[2].stride[1] = 2;  // every other element of a row
    EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  }
  {
    stencil_call call;
    call.views[0].stride[1] = -1;  // a reversed row
    EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  }
  {
    stencil_call call;
    call.dims[1] = {0, 2, 31};
    EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  }
}

TEST(AlignedRows, AFirstValueMovesTheStartNotTheShifts) {
  // A prange nest from column 1 (prange(1, n - 1)): the views are whole arrays, the
  // destination's element of the first iteration lies one past a boundary.
  alignas(64) float in[8 * 64] = {}, out[8 * 64] = {};
  stencil_call call;
  call.views = {window(out, 64, 0, 0, 8, 64, true), window(in, 64, 0, 0, 8, 64, false)};
  for (std::int64_t first = -5; first < 6; ++first) {
    call.dims[1] = {first, 1, 40};
    const std::optional<row_layout> layout = aligned_rows_of(call.request());
    ASSERT_TRUE(layout.has_value());
    EXPECT_EQ(layout->lead, 0u);
    EXPECT_EQ(layout->start, static_cast<unsigned>(first & 3));
    EXPECT_EQ(layout->shift, (std::vector<unsigned>{0, 0}));
    EXPECT_EQ(layout->items(40), (40 + static_cast<std::uint64_t>(first & 3) + 3) / 4);
  }
}

TEST(AlignedRows, TheDestinationIsTheViewWritten) {
  // The view written last among the views, one element into its rows: shifts against it.
  alignas(64) float in[8 * 64] = {}, out[8 * 64] = {};
  stencil_call call;
  call.views = {window(in, 64, 0, 0, 8, 60, false), window(in, 64, 0, 3, 8, 60, false),
                window(out, 64, 0, 1, 8, 60, true)};
  const std::optional<row_layout> layout = aligned_rows_of(call.request());
  ASSERT_TRUE(layout.has_value());
  EXPECT_EQ(layout->lead, 1u);
  EXPECT_EQ(layout->shift, (std::vector<unsigned>{3, 2, 0}));
  EXPECT_TRUE(layout->places(2, 1));
  EXPECT_TRUE(layout->places(0, 0));
  EXPECT_FALSE(layout->places(0, 1));
  // Two views written, or none: no destination.
  call.views[0].written = true;
  EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  call.views[0].written = call.views[2].written = false;
  EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
}

TEST(AlignedRows, NegativeRowStridesAreRowsAlike) {
  stencil_call call;
  call.views[1].stride[0] = -64;  // rows upwards: still every row on the same boundary
  EXPECT_TRUE(aligned_rows_of(call.request()).has_value());
}

TEST(AlignedRows, NotForEmptyCallsOrOddElements) {
  {
    stencil_call call;
    call.dims[0].count = 0;
    EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  }
  {
    alignas(64) std::uint16_t s[64] = {}, t[64] = {};
    stencil_call call;
    call.views = {window(s, 8, 0, 0, 8, 8, true), window(t, 8, 0, 0, 8, 8, false)};
    EXPECT_FALSE(aligned_rows_of(call.request()).has_value());  // 2-byte elements
  }
  {
    stencil_call call;
    alignas(64) unsigned char bytes[64 * 64 * 4 + 4] = {};
    call.views[1].data = bytes + 2;  // a float not on a 4-byte boundary
    EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  }
}

TEST(KernelForm, AlignedRowsAlsoTakeUnitInnerStrides) {
  stencil_call call;
  EXPECT_TRUE(unit_inner_of(call.request()));
  EXPECT_EQ(form_options(call.request(), aligned_rows_of(call.request())),
            "-D CLPAR_ROWS4 -D CLPAR_SHIFT0=0 -D CLPAR_SHIFT1=0 -D CLPAR_SHIFT2=0 "
            "-D CLPAR_SHIFT3=3 -D CLPAR_SHIFT4=1 -D CLPAR_UNIT_INNER");
}

TEST(KernelForm, UnitInnerStridesWithoutAlignedRows) {
  stencil_call call(62);  // rows lie differently, each still contiguous
  call.views = {window(call.v, 62, 1, 1, 60, 60, true), window(call.u, 62, 0, 1, 60, 60, false)};
  EXPECT_FALSE(aligned_rows_of(call.request()).has_value());
  EXPECT_TRUE(unit_inner_of(call.request()));
  EXPECT_EQ(form_options(call.request(), std::nullopt), "-D CLPAR_UNIT_INNER");
  call.info.unit_inner = false;  // a kernel without that form
  EXPECT_EQ(form_options(call.request(), std::nullopt), "");
}

TEST(KernelForm, AStridedRowTakesTheGeneralForm) {
  stencil_call call;
  call.views[2].stride[1] = 2;
  EXPECT_FALSE(unit_inner_of(call.request()));
  EXPECT_EQ(form_options(call.request(), aligned_rows_of(call.request())), "");
}

TEST(KernelForm, AnEmptyViewsStrideDoesNotMatter) {
  stencil_call call;
  call.views[2].stride[1] = 7;
  call.views[2].extent[0] = 0;
  EXPECT_TRUE(unit_inner_of(call.request()));
}

}  // namespace
}  // namespace clpar::rt
