// bench/limits/kernel_shapes.cpp - which kernel shape reaches the device's copy bandwidth:
// hand-written OpenCL in the forms the translator could emit for a memory-bound
// element-wise statement and for a reduction, timed side by side (OpenCL profiling,
// median of `repeat` after a warm-up) against clEnqueueCopyBuffer in the same run.
//
//   kernel_shapes [repeat] [log2 elements]     on the first GPU, else the first device
//
// Shapes of y = a * x + y (and of the copy y = x), also with offsets of one element:
//   strided   one element per work-item, 64-bit offset + index * stride per view (the
//             translator's general form)
//   unit      the same with a uniform branch to plain indexing when every stride is 1
//   vec4      four elements per work-item through float4 when strides are 1 and offsets
//             are multiples of 4, scalar tail
//   loop4     four elements per work-item, k = id + j * global size (coalesced), strided
//   loop4_ls  the same with every load issued before any store; _dst with the destination
//             a parameter of its own (as the translator passes it), _dst_clamp with the
//             loads unconditional; translated: the translator's first form of it
// Shapes of the 4-neighbour stencil through 2-D slices (the destination one element into
// a row, so never all aligned; every output is checked against the host's), each
// described above its kernel:
//   one, spread4, vload4    one, four a global size apart, four consecutive per work-item
//                           (spread4 is the translator's unaligned path), in 32x8 and
//                           256x1 work-groups, and with the destination aligned
//   spread4_ls(_clamp)      loads before stores (unconditional loads)
//   rows4_ls                four rows of a column per work-item
//   vload4_nc, spread4_i32  restrict pointers; 32-bit index arithmetic
//   gs4, march16, tile4     grid-stride over rows; register marching down a column;
//                           local-memory tiles
//   shift4, rowload...      aligned float4 loads shifted in registers: per view, per
//                           distinct row, with the shifts known at compile time, with
//                           the middle row as float4 and scalars, with one row pointer
//   rows_float4             each row of u loaded once as aligned float4s
//   kshift(_else)           each view's four elements from the aligned float4s around
//                           them, its shift a build-time constant, the partial work-items
//                           lane by lane (the translator's aligned-rows form)
// STENCIL_PAD=k narrows u's rows by k elements (a row pitch that is not a power of two,
// or rows aligned differently).
// Shapes of jacobi-2d's step (a prange nest, one element per work-item): translated (64-bit
// offsets with every stride), i32, unit (innermost stride 1 as a constant), i32_unit, and
// the hand-written reference's form.
// Shapes of sum(x[::2] * x[::2]):
//   tree      one element per work-item, interleaved local tree, one partial per group
//   stride    a grid-stride loop over few work-groups (8 per compute unit), then a
//             sequential-addressing local tree; the partials summed on the host
// Bandwidth counts the bytes each statement must move (copy 8, saxpy 12 per element, the
// stencil 8 per interior element, the strided sum 8 per selected element: every 32-byte
// sector of x is read).
#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#define CL_HPP_ENABLE_EXCEPTIONS
#include <CL/opencl.hpp>
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "support/cl_devices.hpp"
#include "support/measure.hpp"

namespace {

const char* source = R"CLC(
#define VIEW(p) __global float *p, long p##_off, long p##_s
#define CVIEW(p) __global const float *p, long p##_off, long p##_s

__kernel void saxpy_strided(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  if (k >= n) return;
  y[y_off + (long)k * y_s] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
}

__kernel void saxpy_unit(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  if (k >= n) return;
  if (x_s == 1 && y_s == 1) {
    __global const float *xp = x + x_off;
    __global float *yp = y + y_off;
    yp[k] = a * xp[k] + yp[k];
  } else {
    y[y_off + (long)k * y_s] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
  }
}

__kernel void saxpy_vec4(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  ulong first = 4 * k;
  if (first >= n) return;
  if (x_s == 1 && y_s == 1 && (x_off & 3) == 0 && (y_off & 3) == 0 && first + 4 <= n) {
    __global const float4 *xp = (__global const float4 *)(x + x_off);
    __global float4 *yp = (__global float4 *)(y + y_off);
    yp[k] = a * xp[k] + yp[k];
  } else {
    for (ulong e = first; e < first + 4 && e < n; ++e)
      y[y_off + (long)e * y_s] = a * x[x_off + (long)e * x_s] + y[y_off + (long)e * y_s];
  }
}

__kernel void saxpy_loop4(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong g = get_global_size(0);
  for (ulong k = get_global_id(0), j = 0; j < 4 && k < n; ++j, k += g)
    y[y_off + (long)k * y_s] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
}

__kernel void copy_strided(ulong n, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  if (k >= n) return;
  y[y_off + (long)k * y_s] = x[x_off + (long)k * x_s];
}

__kernel void copy_vec4(ulong n, CVIEW(x), VIEW(y)) {
  ulong k = get_global_id(0);
  ulong first = 4 * k;
  if (first >= n) return;
  if (x_s == 1 && y_s == 1 && (x_off & 3) == 0 && (y_off & 3) == 0 && first + 4 <= n) {
    ((__global float4 *)(y + y_off))[k] = ((__global const float4 *)(x + x_off))[k];
  } else {
    for (ulong e = first; e < first + 4 && e < n; ++e)
      y[y_off + (long)e * y_s] = x[x_off + (long)e * x_s];
  }
}

// 5-point stencil over the interior of an r x c array, as the translator passes 2-D views:
// dst = 0.25 * (up + down + left + right), every view a shifted window of u or v.
#define V2(p) long p##_off, long p##_s0, long p##_s1
#define AT(base, p, i, j) base[p##_off + (long)(i) * p##_s0 + (long)(j) * p##_s1]
#define STENCIL_AT(i, j) \
  AT(v, d, i, j) = 0.25f * (AT(u, n, i, j) + AT(u, s, i, j) + AT(u, w, i, j) + AT(u, e, i, j))
#define STENCIL_ARGS ulong rows, ulong cols, __global float *v, V2(d), \
  __global const float *u, V2(n), V2(s), V2(w), V2(e)

__kernel void stencil_one(STENCIL_ARGS) {
  ulong i = get_global_id(1), j = get_global_id(0);
  if (i >= rows || j >= cols) return;
  STENCIL_AT(i, j);
}

__kernel void stencil_spread4(STENCIL_ARGS) {
  ulong i = get_global_id(1);
  if (i >= rows) return;
  for (uint q = 0; q < 4; ++q) {
    ulong j = get_global_id(0) + q * get_global_size(0);
    if (j >= cols) return;
    STENCIL_AT(i, j);
  }
}

#define VLOAD4_KERNEL(name, ARGS)                                                          \
__kernel void name(ARGS) {                                                                 \
  ulong i = get_global_id(1), j = 4 * get_global_id(0);                                   \
  if (i >= rows || j >= cols) return;                                                      \
  if (j + 4 <= cols) {                                                                     \
    float4 r = 0.25f * (vload4(0, u + n_off + (long)i * n_s0 + (long)j) +                  \
                        vload4(0, u + s_off + (long)i * s_s0 + (long)j) +                  \
                        vload4(0, u + w_off + (long)i * w_s0 + (long)j) +                  \
                        vload4(0, u + e_off + (long)i * e_s0 + (long)j));                  \
    vstore4(r, 0, v + d_off + (long)i * d_s0 + (long)j);                                   \
  } else {                                                                                 \
    for (; j < cols; ++j) STENCIL_AT(i, j);                                                \
  }                                                                                        \
}
VLOAD4_KERNEL(stencil_vload4, STENCIL_ARGS)

// The same four per work-item, every load issued before any store: the values go to
// registers first, so the loads of all four elements are in flight together.
__kernel void stencil_spread4_ls(STENCIL_ARGS) {
  ulong i = get_global_id(1);
  if (i >= rows) return;
  float r[4];
  for (uint q = 0; q < 4; ++q) {
    ulong j = get_global_id(0) + q * get_global_size(0);
    if (j < cols) r[q] = 0.25f * (AT(u, n, i, j) + AT(u, s, i, j) + AT(u, w, i, j) + AT(u, e, i, j));
  }
  for (uint q = 0; q < 4; ++q) {
    ulong j = get_global_id(0) + q * get_global_size(0);
    if (j < cols) AT(v, d, i, j) = r[q];
  }
}

// spread4_ls with unconditional loads (a column past the end reads the last one).
__kernel void stencil_spread4_ls_clamp(STENCIL_ARGS) {
  ulong i = get_global_id(1);
  if (i >= rows) return;
  float r[4];
  for (uint q = 0; q < 4; ++q) {
    const ulong k = get_global_id(0) + q * get_global_size(0), j = k < cols ? k : cols - 1;
    r[q] = 0.25f * (AT(u, n, i, j) + AT(u, s, i, j) + AT(u, w, i, j) + AT(u, e, i, j));
  }
  for (uint q = 0; q < 4; ++q) {
    ulong j = get_global_id(0) + q * get_global_size(0);
    if (j < cols) AT(v, d, i, j) = r[q];
  }
}

// Four consecutive rows of one column per work-item, loads first: a column's rows share
// their neighbours in the work-item's own cache lines.
__kernel void stencil_rows4_ls(STENCIL_ARGS) {
  ulong j = get_global_id(0), i0 = 4 * get_global_id(1);
  if (j >= cols) return;
  float r[4];
  for (uint q = 0; q < 4; ++q) {
    ulong i = i0 + q;
    if (i < rows) r[q] = 0.25f * (AT(u, n, i, j) + AT(u, s, i, j) + AT(u, w, i, j) + AT(u, e, i, j));
  }
  for (uint q = 0; q < 4; ++q) {
    ulong i = i0 + q;
    if (i < rows) AT(v, d, i, j) = r[q];
  }
}

// vload4 with restrict-qualified pointers (the read-only cache path).
#define STENCIL_ARGS_R ulong rows, ulong cols, __global float *restrict v, V2(d), \
  __global const float *restrict u, V2(n), V2(s), V2(w), V2(e)
VLOAD4_KERNEL(stencil_vload4_nc, STENCIL_ARGS_R)

// A 32 x (8 * ROWS) tile of outputs per 32 x 8 work-group: the window of u it reads
// (one more row and column on each side, u's row stride w_s0) staged in local memory
// with aligned row loads, the outputs computed from there. u's window starts at the west
// view's offset, one row up.
#define TILE_KERNEL(name, ROWS)                                                           \
__kernel __attribute__((reqd_work_group_size(32, 8, 1))) void name(STENCIL_ARGS) {        \
  __local float t[8 * ROWS + 2][36];                                                       \
  const ulong j0 = get_group_id(0) * 32, i0 = get_group_id(1) * 8 * ROWS;                  \
  const uint lx = get_local_id(0), ly = get_local_id(1);                                   \
  const long base = w_off - w_s0;                                                          \
  for (uint r = ly; r < 8 * ROWS + 2; r += 8)                                              \
    for (uint c = lx; c < 34; c += 32) {                                                   \
      ulong gi = i0 + r, gj = j0 + c;                                                      \
      if (gi < rows + 2 && gj < cols + 2) t[r][c] = u[base + (long)gi * w_s0 + (long)gj];  \
    }                                                                                      \
  barrier(CLK_LOCAL_MEM_FENCE);                                                            \
  for (uint q = 0; q < ROWS; ++q) {                                                        \
    const uint r = ly + 8 * q;                                                             \
    const ulong i = i0 + r, j = j0 + lx;                                                   \
    if (i < rows && j < cols)                                                              \
      AT(v, d, i, j) = 0.25f * (t[r][lx + 1] + t[r + 2][lx + 1] + t[r + 1][lx] + t[r + 1][lx + 2]); \
  }                                                                                        \
}
TILE_KERNEL(stencil_tile4, 4)

// spread4 with 32-bit index arithmetic (int offsets, strides and products): a 64-bit
// multiply is several instructions on GPUs, and a stencil does ten per element.
#define AT32(base, p, i, j) base[(int)p##_off + (int)(i) * (int)p##_s0 + (int)(j) * (int)p##_s1]
#define STENCIL_AT32(i, j) \
  AT32(v, d, i, j) = 0.25f * (AT32(u, n, i, j) + AT32(u, s, i, j) + AT32(u, w, i, j) + AT32(u, e, i, j))
__kernel void stencil_spread4_i32(STENCIL_ARGS) {
  int i = get_global_id(1);
  if (i >= (int)rows) return;
  for (int q = 0; q < 4; ++q) {
    int j = get_global_id(0) + q * get_global_size(0);
    if (j >= (int)cols) return;
    STENCIL_AT32(i, j);
  }
}

// spread4 with a grid-stride over rows: few work-groups (8 per compute unit), each
// work-item walking down its columns a global size of rows at a time.
__kernel void stencil_gs4(STENCIL_ARGS) {
  for (ulong i = get_global_id(1); i < rows; i += get_global_size(1))
    for (uint q = 0; q < 4; ++q) {
      ulong j = get_global_id(0) + q * get_global_size(0);
      if (j >= cols) break;
      STENCIL_AT(i, j);
    }
}

// Marching down a column with the rows kept in registers: one column and MARCH rows per
// work-item. Each step loads the row below (south view), and the west and east
// neighbours (which the warp's neighbours load as their south values one step earlier, so
// they come from L1); the north value is the register from two steps before. Four rows
// are loaded before any is stored. Valid for this benchmark's views (all of u, one row
// stride), which is what a translator would have to prove at run time.
#define MARCH_KERNEL(name, MARCH)                                                        \
__kernel void name(STENCIL_ARGS) {                                                        \
  const ulong j = get_global_id(0), i0 = get_global_id(1) * MARCH;                       \
  if (j >= cols || i0 >= rows) return;                                                    \
  const ulong end = min(rows, i0 + MARCH);                                                \
  __global const float *col = u + w_off + (long)j + 1; /* the centre column, row i0 */    \
  const long pitch = w_s0;                                                                \
  float up = col[(long)i0 * pitch - pitch], mid = col[(long)i0 * pitch];                  \
  for (ulong i = i0; i < end; i += 4) {                                                   \
    float down[4], west[4], east[4];                                                      \
    for (uint q = 0; q < 4; ++q) {                                                        \
      const long at = (long)(i + q) * pitch;                                              \
      if (i + q < end) { down[q] = col[at + pitch]; west[q] = col[at - 1]; east[q] = col[at + 1]; } \
    }                                                                                     \
    for (uint q = 0; q < 4; ++q) {                                                        \
      if (i + q < end) AT(v, d, i + q, j) = 0.25f * (up + down[q] + west[q] + east[q]);   \
      up = mid; mid = down[q];                                                            \
    }                                                                                     \
  }                                                                                       \
}
MARCH_KERNEL(stencil_march16, 16)

// Aligned float4 rows with the shifted neighbours built in registers: four outputs per
// work-item, centred on four aligned columns c..c+3 of u (the destination aligned with
// them, as a destination of the same layout as u would be); west and east take one element of the
// neighbouring float4s, which the warp's neighbours load (L1).
__kernel void stencil_rows_float4(STENCIL_ARGS) {
  const ulong i = get_global_id(1) + 1, c = 4 * get_global_id(0);  // u coordinates
  if (i > rows || c >= cols + 2) return;
  const long pitch = w_s0;
  __global const float4 *row = (__global const float4 *)(u + (long)i * pitch + (long)c);
  const long p4 = pitch / 4;
  const float4 up = row[-p4], down = row[p4], mid = row[0];
  const float before = c > 0 ? u[(long)i * pitch + (long)c - 1] : 0.0f;
  const float after = c + 4 < cols + 2 ? u[(long)i * pitch + (long)c + 4] : 0.0f;
  const float4 west = (float4)(before, mid.x, mid.y, mid.z), east = (float4)(mid.y, mid.z, mid.w, after);
  const float4 r = 0.25f * (up + down + west + east);
  __global float *out = v + (long)i * pitch + (long)c;
  if (c > 0 && c + 4 < cols + 2) {
    *(__global float4 *)out = r;
  } else {
    if (c > 0) out[0] = r.x;
    out[1] = r.y; out[2] = r.z;
    if (c + 4 < cols + 2) out[3] = r.w;
  }
}

// The elements of a destination-aligned work-item (four from j) that its float4 does not
// cover: all of them for a partial work-item, the row's tail for the last one.
#define STENCIL_PASS rows, cols, v, d_off, d_s0, d_s1, u, n_off, n_s0, n_s1, s_off, s_s0, \
  s_s1, w_off, w_s0, w_s1, e_off, e_s0, e_s1
void stencil_rest(STENCIL_ARGS, ulong i, long j) {
  const bool last = get_global_id(0) + 1 == get_global_size(0);
  const bool full = j >= 0 && j + 4 <= (long)cols;
  const long first = full ? j + 4 : max(j, 0L);
  const long end = last ? (long)cols : full ? first : min(j + 4, (long)cols);
  for (long t = first; t < end; ++t) STENCIL_AT(i, (ulong)t);
}

// The general form of the above, for any views whose rows are contiguous: each work-item
// takes four destination elements on an aligned float4 of the destination, and each
// source's four elements come from the two aligned float4s around them, shifted by the
// source's own misalignment (uniform along a row, so the branch is too).
// p's four elements out of the aligned float4s around them, k = p's position past a
// four-element boundary (a build-time constant where the caller passes one).
float4 window_at(__global const float *p, const uint k) {
  __global const float4 *a = (__global const float4 *)(p - k);
  if (k == 0) return a[0];
  const float4 lo = a[0], hi = a[1];
  if (k == 1) return (float4)(lo.yzw, hi.x);
  if (k == 2) return (float4)(lo.zw, hi.xy);
  return (float4)(lo.w, hi.xyz);
}
float4 load4_shifted(__global const float *p) {
  return window_at(p, (uint)((size_t)p / sizeof(float)) & 3);
}

__kernel void stencil_shift4(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  __global float *drow = v + d_off + (long)i * d_s0;
  const long h = (long)((size_t)drow / sizeof(float) & 3);
  const long j = 4 * (long)get_global_id(0) - h;
  if (j >= 0 && j + 4 <= (long)cols) {
    const float4 r = 0.25f * (load4_shifted(u + n_off + (long)i * n_s0 + j) +
                              load4_shifted(u + s_off + (long)i * s_s0 + j) +
                              load4_shifted(u + w_off + (long)i * w_s0 + j) +
                              load4_shifted(u + e_off + (long)i * e_s0 + j));
    *(__global float4 *)(drow + j) = r;
  }
  stencil_rest(STENCIL_PASS, i, j);
}

// What a translator can emit for shifted windows of one array, known to be such at
// compile time (shifts by constants) and checked at run time: the work-item takes four
// destination elements on an aligned float4 of the destination; each distinct row of u
// the views read is loaded once, as the aligned float4s covering the columns the views
// need; each view's four elements are taken out of them (the shift is uniform in a row).
float4 window4(float4 a, float4 b, float4 c, uint k) {
  switch (k) {
  case 0: return a;
  case 1: return (float4)(a.yzw, b.x);
  case 2: return (float4)(a.zw, b.xy);
  case 3: return (float4)(a.w, b.xyz);
  case 4: return b;
  case 5: return (float4)(b.yzw, c.x);
  case 6: return (float4)(b.zw, c.xy);
  default: return (float4)(b.w, c.xyz);
  }
}

__kernel void stencil_rowload(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  __global float *drow = v + d_off + (long)i * d_s0;
  const long h = (long)((size_t)drow / sizeof(float) & 3);
  const long j = 4 * (long)get_global_id(0) - h;
  if (j >= 0 && j + 4 <= (long)cols) {
    // Row -1 (north, shift 0), row +1 (south), row 0 (west and east, columns -1 .. +4).
    __global const float *pn = u + n_off + (long)i * n_s0 + j;
    const uint kn = (uint)((size_t)pn / sizeof(float)) & 3;
    __global const float4 *bn = (__global const float4 *)(pn - kn);
    const float4 n0 = bn[0], n1 = kn > 0 ? bn[1] : n0;
    __global const float *ps = u + s_off + (long)i * s_s0 + j;
    const uint ks = (uint)((size_t)ps / sizeof(float)) & 3;
    __global const float4 *bs = (__global const float4 *)(ps - ks);
    const float4 s0 = bs[0], s1 = ks > 0 ? bs[1] : s0;
    __global const float *pm = u + w_off + (long)i * w_s0 + j;  /* the west view's elements */
    const uint km = (uint)((size_t)pm / sizeof(float)) & 3;
    __global const float4 *bm = (__global const float4 *)(pm - km);
    const float4 m0 = bm[0], m1 = km + 6 > 4 ? bm[1] : m0, m2 = km + 6 > 8 ? bm[2] : m0;
    const float4 r = 0.25f * (window4(n0, n1, n1, kn) + window4(s0, s1, s1, ks) +
                              window4(m0, m1, m2, km) + window4(m0, m1, m2, km + 2));
    *(__global float4 *)(drow + j) = r;
  }
  stencil_rest(STENCIL_PASS, i, j);
}

// The row loads above with the alignments this benchmark's layout gives written in as
// constants (north and south aligned, the middle row three elements in): what the
// run-time choice among shifts costs.
__kernel void stencil_rowload_static(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  __global float *drow = v + d_off + (long)i * d_s0;
  const long j = 4 * (long)get_global_id(0) - 1;
  if (j >= 0 && j + 4 <= (long)cols) {
    const float4 n0 = *(__global const float4 *)(u + n_off + (long)i * n_s0 + j);
    const float4 s0 = *(__global const float4 *)(u + s_off + (long)i * s_s0 + j);
    __global const float4 *bm = (__global const float4 *)(u + w_off + (long)i * w_s0 + j - 3);
    const float4 m0 = bm[0], m1 = bm[1], m2 = bm[2];
    const float4 r = 0.25f * (n0 + s0 + window4(m0, m1, m2, 3) + window4(m0, m1, m2, 5));
    *(__global float4 *)(drow + j) = r;
  }
  stencil_rest(STENCIL_PASS, i, j);
}

// Steps from rowload_static towards rows_float4, one change each:
// rowload_mid: the middle row as one float4 and two scalars, the neighbours built by
// swizzles (no window4);
__kernel void stencil_rowload_mid(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  __global float *drow = v + d_off + (long)i * d_s0;
  const long j = 4 * (long)get_global_id(0) - 1;
  if (j >= 0 && j + 4 <= (long)cols) {
    const float4 n0 = *(__global const float4 *)(u + n_off + (long)i * n_s0 + j);
    const float4 s0 = *(__global const float4 *)(u + s_off + (long)i * s_s0 + j);
    __global const float *pm = u + w_off + (long)i * w_s0 + j;  // column j - 1 of the centre
    const float4 mid = *(__global const float4 *)(pm + 1);
    const float4 west = (float4)(pm[0], mid.xyz), east = (float4)(mid.yzw, pm[5]);
    *(__global float4 *)(drow + j) = 0.25f * (n0 + s0 + west + east);
  }
  stencil_rest(STENCIL_PASS, i, j);
}

// rowload_pitch: the same with every address from one row pointer and the pitch.
__kernel void stencil_rowload_pitch(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  const long j = 4 * (long)get_global_id(0) - 1;
  if (j >= 0 && j + 4 <= (long)cols) {
    const long pitch = w_s0;
    __global const float *pm = u + w_off + (long)i * pitch + j;
    const float4 mid = *(__global const float4 *)(pm + 1);
    const float4 n0 = *(__global const float4 *)(pm + 1 - pitch);
    const float4 s0 = *(__global const float4 *)(pm + 1 + pitch);
    const float4 west = (float4)(pm[0], mid.xyz), east = (float4)(mid.yzw, pm[5]);
    *(__global float4 *)(v + (pm + 1 - u)) = 0.25f * (n0 + s0 + west + east);
  }
  stencil_rest(STENCIL_PASS, i, j);
}

// Per-view shifts as build-time constants, as the runtime can build a translated kernel
// once it knows every view's rows lie alike on four-element boundaries: KS_H is the
// destination's misalignment, KS_K<view> each source's shift against it (this benchmark's
// layout: the destination one element in; north and south aligned with it, west three,
// east one).  Full work-items load each view as the aligned float4s around its four
// elements; the two partial ones of a row go lane by lane with clamped loads.
#define KS_H 1
#define KS_KN 0
#define KS_KS 0
#define KS_KW 3
#define KS_KE 1
#define KS_FULL                                                                           \
  *(__global float4 *)(v + d_off + (long)i * d_s0 + j) =                                  \
      0.25f * (window_at(u + n_off + (long)i * n_s0 + j, KS_KN) +                         \
               window_at(u + s_off + (long)i * s_s0 + j, KS_KS) +                         \
               window_at(u + w_off + (long)i * w_s0 + j, KS_KW) +                         \
               window_at(u + e_off + (long)i * e_s0 + j, KS_KE))
#define KS_PARTIAL                                                                        \
  float value[4];                                                                         \
  _Pragma("unroll") for (uint q = 0; q < 4; ++q) {                                        \
    const long t = clamp(j + (long)q, 0L, (long)cols - 1);                               \
    value[q] = 0.25f * (AT(u, n, i, t) + AT(u, s, i, t) + AT(u, w, i, t) + AT(u, e, i, t)); \
  }                                                                                       \
  _Pragma("unroll") for (uint q = 0; q < 4; ++q)                                          \
    if (j + (long)q >= 0 && j + (long)q < (long)cols) AT(v, d, i, j + (long)q) = value[q]

__kernel void stencil_kshift(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  const long j = 4 * (long)get_global_id(0) - KS_H;
  if (j >= 0 && j + 4 <= (long)cols) {
    KS_FULL;
    return;
  }
  KS_PARTIAL;
}

// The same with the partial work-items in an else branch.
__kernel void stencil_kshift_else(STENCIL_ARGS) {
  const ulong i = get_global_id(1);
  if (i >= rows) return;
  const long j = 4 * (long)get_global_id(0) - KS_H;
  if (j >= 0 && j + 4 <= (long)cols) {
    KS_FULL;
  } else {
    KS_PARTIAL;
  }
}

// The translator's unaligned saxpy as it emits it (y[1:] = a * x[:-1] + y[1:]: the
// destination and the second source the same elements, through two parameters), and the
// same without the multiply by the step.
#define TR_ARGS long first, long step, ulong count, __global float *d, long d_off, long d_s, \
  __global const float *v1, long v1_off, long v1_s, __global const float *v2, long v2_off, \
  long v2_s, float a
__kernel void saxpy_translated(TR_ARGS) {
  const ulong block = get_global_id(0);
  float value[4];
  for (uint j = 0; j < 4; ++j) {
    const ulong k = block + j * get_global_size(0);
    if (k < count) {
      ulong i = (ulong)(first + (long)k * step);
      value[j] = (a * v1[v1_off + (long)i * v1_s]) + v2[v2_off + (long)i * v2_s];
    }
  }
  for (uint j = 0; j < 4; ++j) {
    const ulong k = block + j * get_global_size(0);
    if (k < count) {
      ulong i = (ulong)(first + (long)k * step);
      d[d_off + (long)i * d_s] = value[j];
    }
  }
}

__kernel void saxpy_translated_nostep(TR_ARGS) {
  const ulong block = get_global_id(0);
  float value[4];
  for (uint j = 0; j < 4; ++j) {
    const ulong k = block + j * get_global_size(0);
    if (k < count) value[j] = (a * v1[v1_off + (long)k * v1_s]) + v2[v2_off + (long)k * v2_s];
  }
  for (uint j = 0; j < 4; ++j) {
    const ulong k = block + j * get_global_size(0);
    if (k < count) d[d_off + (long)k * d_s] = value[j];
  }
}

// loop4_ls with the destination a parameter of its own (the same buffer as y).
__kernel void saxpy_loop4_ls_dst(ulong n, float a, CVIEW(x), CVIEW(y), VIEW(d)) {
  ulong g = get_global_size(0);
  float r[4];
  for (ulong k = get_global_id(0), j = 0; j < 4; ++j, k += g)
    if (k < n) r[j] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
  for (ulong k = get_global_id(0), j = 0; j < 4; ++j, k += g)
    if (k < n) d[d_off + (long)k * d_s] = r[j];
}

// The same with the loads made unconditional: an index past the end reads the last
// element instead (its value is not stored), so the compiler can issue all loads at once.
__kernel void saxpy_loop4_ls_dst_clamp(ulong n, float a, CVIEW(x), CVIEW(y), VIEW(d)) {
  ulong g = get_global_size(0);
  float r[4];
  for (ulong k = get_global_id(0), j = 0; j < 4; ++j, k += g) {
    const ulong c = k < n ? k : n - 1;
    r[j] = a * x[x_off + (long)c * x_s] + y[y_off + (long)c * y_s];
  }
  for (ulong k = get_global_id(0), j = 0; j < 4; ++j, k += g)
    if (k < n) d[d_off + (long)k * d_s] = r[j];
}

__kernel void saxpy_loop4_ls(ulong n, float a, CVIEW(x), VIEW(y)) {
  ulong g = get_global_size(0);
  float r[4];
  for (ulong k = get_global_id(0), j = 0; j < 4; ++j, k += g)
    if (k < n) r[j] = a * x[x_off + (long)k * x_s] + y[y_off + (long)k * y_s];
  for (ulong k = get_global_id(0), j = 0; j < 4; ++j, k += g)
    if (k < n) y[y_off + (long)k * y_s] = r[j];
}

// jacobi-2d's step (a prange nest) as the translator emits it: 64-bit offsets, every
// view's strides multiplied in; then one change each: 32-bit index arithmetic (valid
// while every view's buffer holds fewer than 2^31 elements), the innermost stride a
// constant 1, both; and the hand-written reference's form (one row-major offset).
#define JACOBI_ARGS long first0, long step0, ulong count0, long first1, long step1,      \
  ulong count1, __global int *err, __global float *out, long out_off, ulong out_e0,     \
  ulong out_e1, long out_s0, long out_s1, __global const float *in, long in_off,         \
  ulong in_e0, ulong in_e1, long in_s0, long in_s1
#define JACOBI_STEP(T, S1)                                                                \
  const ulong k0 = get_global_id(1), k1 = get_global_id(0);                               \
  if (k0 >= count0 || k1 >= count1) return;                                               \
  ulong i = (ulong)(first0 + (long)k0 * step0), j = (ulong)(first1 + (long)k1 * step1);  \
  out[(T)out_off + (T)i * (T)out_s0 + (T)j * (T)S1(out_s1)] =                             \
      0.2f * ((((in[(T)in_off + (T)i * (T)in_s0 + (T)j * (T)S1(in_s1)] +                  \
                 in[(T)in_off + (T)i * (T)in_s0 + (T)(j - 1UL) * (T)S1(in_s1)]) +         \
                in[(T)in_off + (T)i * (T)in_s0 + (T)(j + 1UL) * (T)S1(in_s1)]) +          \
               in[(T)in_off + (T)(i + 1UL) * (T)in_s0 + (T)j * (T)S1(in_s1)]) +           \
              in[(T)in_off + (T)(i - 1UL) * (T)in_s0 + (T)j * (T)S1(in_s1)])
#define STRIDE(s) (s)
#define UNIT(s) 1
__kernel void jacobi_translated(JACOBI_ARGS) { JACOBI_STEP(long, STRIDE); }
__kernel void jacobi_i32(JACOBI_ARGS) { JACOBI_STEP(int, STRIDE); }
__kernel void jacobi_unit(JACOBI_ARGS) { JACOBI_STEP(long, UNIT); }
__kernel void jacobi_i32_unit(JACOBI_ARGS) { JACOBI_STEP(int, UNIT); }
__kernel void jacobi_hand(JACOBI_ARGS) {
  const int n = (int)in_s0;
  const int j = get_global_id(0) + 1, i = get_global_id(1) + 1;
  if (i >= n - 1 || j >= n - 1) return;
  const size_t c = (size_t)i * n + j;
  out[c] = 0.2f * ((((in[c] + in[c - 1]) + in[c + 1]) + in[c + n]) + in[c - n]);
}

__kernel void sum_tree(ulong n, CVIEW(x), __global float *partials, __local float *scratch) {
  ulong k = get_global_id(0);
  float acc = 0;
  if (k < n) { float v = x[x_off + (long)k * x_s]; acc = v * v; }
  uint lid = get_local_id(0), lsize = get_local_size(0);
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint s = 1; s < lsize; s <<= 1) {
    if (lid % (2 * s) == 0 && lid + s < lsize) scratch[lid] += scratch[lid + s];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partials[get_group_id(0)] = scratch[0];
}

__kernel void sum_stride(ulong n, CVIEW(x), __global float *partials, __local float *scratch) {
  float acc = 0;
  for (ulong k = get_global_id(0); k < n; k += get_global_size(0)) {
    float v = x[x_off + (long)k * x_s];
    acc += v * v;
  }
  uint lid = get_local_id(0), lsize = get_local_size(0);
  scratch[lid] = acc;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint span = 1;
  while (span < lsize) span <<= 1;
  for (span >>= 1; span > 0; span >>= 1) {
    if (lid < span && lid + span < lsize) scratch[lid] += scratch[lid + span];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) partials[get_group_id(0)] = scratch[0];
}
)CLC";

/// The first GPU, else the first device.
cl::Device pick_device() {
  std::vector<cl::Device> devices = bench::devices_of(CL_DEVICE_TYPE_GPU);
  if (devices.empty()) devices = bench::devices_of(CL_DEVICE_TYPE_ALL);
  if (devices.empty()) throw cl::Error(CL_DEVICE_NOT_FOUND, "no OpenCL device");
  return devices.front();
}

}  // namespace

int main(int argc, char** argv) try {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 5;
  const int shift = argc > 2 ? std::atoi(argv[2]) : 28;
  const cl_ulong n = cl_ulong(1) << shift;
  const std::size_t bytes = n * sizeof(float);
  const cl::Device device = pick_device();
  cl::Context context(device);
  cl::CommandQueue queue(context, device, CL_QUEUE_PROFILING_ENABLE);
  cl::Program program(context, source);
  try {
    program.build({device});
  } catch (const cl::Error&) {
    std::fprintf(stderr, "%s\n", program.getBuildInfo<CL_PROGRAM_BUILD_LOG>(device).c_str());
    return 1;
  }
  if (const char* path = std::getenv("KERNEL_SHAPES_BINARY")) {  // PTX on NVIDIA
    const std::vector<std::vector<unsigned char>> binaries =
        program.getInfo<CL_PROGRAM_BINARIES>();
    if (FILE* out = std::fopen(path, "wb")) {
      std::fwrite(binaries.front().data(), 1, binaries.front().size(), out);
      std::fclose(out);
    }
  }
  const cl_uint units = device.getInfo<CL_DEVICE_MAX_COMPUTE_UNITS>();
  std::printf("device %s, %u compute units, 2^%d floats\n",
              device.getInfo<CL_DEVICE_NAME>().c_str(), units, shift);

  cl::Buffer x(context, CL_MEM_READ_WRITE, bytes), y(context, CL_MEM_READ_WRITE, bytes);
  std::vector<float> ones(n, 1.0f);
  queue.enqueueWriteBuffer(x, CL_TRUE, 0, bytes, ones.data());
  queue.enqueueWriteBuffer(y, CL_TRUE, 0, bytes, ones.data());

  const double copy = bench::median_of(repeat, [&] {
    cl::Event e;
    queue.enqueueCopyBuffer(x, y, 0, 0, bytes, nullptr, &e);
    e.wait();
    return bench::event_seconds(e);
  });
  const double copy_gbs = 8.0 * double(n) / copy * 1e-9;
  std::printf("| shape | ms | GB/s | of device copy |\n|---|---:|---:|---:|\n");
  std::printf("| clEnqueueCopyBuffer | %.3f | %.0f | 100%% |\n", copy * 1e3, copy_gbs);
  const auto row = [&](const char* name, double moved, double s) {
    const double gbs = moved / s * 1e-9;
    std::printf("| %s | %.3f | %.0f | %.0f%% |\n", name, s * 1e3, gbs, 100 * gbs / copy_gbs);
  };

  const cl_long zero = 0, one = 1;
  const auto elementwise = [&](const char* name, bool saxpy, cl_ulong items, double moved,
                                cl_long x_off = 0, cl_long y_off = 0) {
    cl::Kernel k(program, name);
    int a = 0;
    k.setArg(a++, n - 1);
    if (saxpy) k.setArg(a++, 0.5f);
    k.setArg(a++, x), k.setArg(a++, x_off), k.setArg(a++, one);
    k.setArg(a++, y), k.setArg(a++, y_off), k.setArg(a++, one);
    const cl_ulong local = 256, global = (items + local - 1) / local * local;
    char label[96];
    std::snprintf(label, sizeof label, "%s (offsets %lld, %lld)", name, (long long)x_off, (long long)y_off);
    row(label, moved, bench::median_of(repeat, [&] {
          cl::Event e;
          queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                                     nullptr, &e);
          e.wait();
          return bench::event_seconds(e);
        }));
  };
  elementwise("copy_strided", false, n, 8.0 * double(n));
  elementwise("copy_vec4", false, n / 4, 8.0 * double(n));
  elementwise("saxpy_strided", true, n, 12.0 * double(n));
  elementwise("saxpy_unit", true, n, 12.0 * double(n));
  elementwise("saxpy_vec4", true, n / 4, 12.0 * double(n));
  elementwise("saxpy_loop4", true, n / 4, 12.0 * double(n));
  elementwise("saxpy_loop4_ls", true, n / 4, 12.0 * double(n));
  for (const char* name : {"saxpy_translated", "saxpy_translated_nostep"}) {
    cl::Kernel k(program, name);
    const cl_long first = 0, step = 1;
    k.setArg(0, first), k.setArg(1, step), k.setArg(2, n - 1);
    k.setArg(3, y), k.setArg(4, one), k.setArg(5, one);
    k.setArg(6, x), k.setArg(7, zero), k.setArg(8, one);
    k.setArg(9, y), k.setArg(10, one), k.setArg(11, one), k.setArg(12, 0.5f);
    const cl_ulong local = 256, global = ((n - 1) / 4 + local) / local * local;
    row(name, 12.0 * double(n), bench::median_of(repeat, [&] {
          cl::Event e;
          queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                                     nullptr, &e);
          e.wait();
          return bench::event_seconds(e);
        }));
  }
  for (const char* name : {"saxpy_loop4_ls_dst", "saxpy_loop4_ls_dst_clamp"})
  for (const cl_long y_off : {cl_long(0), cl_long(1)}) {
    cl::Kernel k(program, name);
    k.setArg(0, n - 1), k.setArg(1, 0.5f);
    k.setArg(2, x), k.setArg(3, zero), k.setArg(4, one);
    k.setArg(5, y), k.setArg(6, y_off), k.setArg(7, one);
    k.setArg(8, y), k.setArg(9, y_off), k.setArg(10, one);
    const cl_ulong local = 256, global = (n / 4 + local - 1) / local * local;
    char label[96];
    std::snprintf(label, sizeof label, "%s (offsets 0, %lld)", name, (long long)y_off);
    row(label, 12.0 * double(n), bench::median_of(repeat, [&] {
          cl::Event e;
          queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(global), cl::NDRange(local),
                                     nullptr, &e);
          e.wait();
          return bench::event_seconds(e);
        }));
  }
  elementwise("copy_strided", false, n, 8.0 * double(n), 1, 0);
  elementwise("copy_strided", false, n, 8.0 * double(n), 0, 1);
  elementwise("copy_strided", false, n, 8.0 * double(n), 1, 1);
  elementwise("saxpy_loop4_ls", true, n / 4, 12.0 * double(n), 1, 0);
  elementwise("saxpy_loop4_ls", true, n / 4, 12.0 * double(n), 0, 1);

  // The 5-point stencil through 2-D windows of a side x side array (u is x, v is y).
  // STENCIL_PAD (elements) narrows the rows so that the row pitch is not a power of two.
  const char* pad_text = std::getenv("STENCIL_PAD");
  const cl_ulong pad = pad_text ? cl_ulong(std::atoll(pad_text)) : 0;
  const cl_ulong side = cl_ulong(1) << (shift / 2), width = n / side - pad;
  const cl_ulong rows = side - 2, cols = width - 2;
  cl_ulong lx = 32, ly = 8;
  cl_long dst_shift = 0;  // -1 writes each output one element left: an aligned destination
  // u holds a pattern so that every output is checked against the host's.
  std::vector<float> pattern(n), result(n);
  for (cl_ulong k = 0; k < n; ++k) pattern[k] = float(k % 13);
  cl::Buffer ux(context, CL_MEM_READ_WRITE, bytes);
  queue.enqueueWriteBuffer(ux, CL_TRUE, 0, bytes, pattern.data());
  // The median kernel time of k over an NDRange.
  const auto time_2d = [&](cl::Kernel& k, const cl::NDRange& global, const cl::NDRange& local) {
    return bench::median_of(repeat, [&] {
      cl::Event e;
      queue.enqueueNDRangeKernel(k, cl::NullRange, global, local, nullptr, &e);
      e.wait();
      return bench::event_seconds(e);
    });
  };
  // Interior outputs in y (each `shift` elements from its place) that differ from
  // want(pointer to the element of pattern they are centred on).
  const auto wrong_outputs = [&](cl_long shift, const auto& want) {
    queue.enqueueReadBuffer(y, CL_TRUE, 0, bytes, result.data());
    cl_ulong wrong = 0;
    for (cl_ulong i = 1; i <= rows; ++i)
      for (cl_ulong j = 1; j <= cols; ++j)
        wrong += result[i * width + j + shift] != want(&pattern[i * width + j]);
    return wrong;
  };
  const auto stencil = [&](const char* name, cl_ulong items_per_row, cl_ulong row_items = 0) {
    cl::Kernel k(program, name);
    const cl_long w = cl_long(width);
    const cl_long offsets[5] = {w + 1 + dst_shift, 1, 2 * w + 1, w, w + 2};  // d, n, s, w, e
    int a = 0;
    k.setArg(a++, rows), k.setArg(a++, cols), k.setArg(a++, y);
    for (int v = 0; v < 5; ++v) {
      if (v == 1) k.setArg(a++, ux);
      k.setArg(a++, offsets[v]), k.setArg(a++, w), k.setArg(a++, one);
    }
    if (row_items == 0) row_items = rows;
    const cl_ulong gx = (items_per_row + lx - 1) / lx * lx, gy = (row_items + ly - 1) / ly * ly;
    char label[96];
    std::snprintf(label, sizeof label, "%s %llux%llu%s", name, (unsigned long long)lx,
                  (unsigned long long)ly, dst_shift ? ", aligned destination" : "");
    row(label, 8.0 * double(rows) * double(cols),
        time_2d(k, cl::NDRange(gx, gy), cl::NDRange(lx, ly)));
    const cl_ulong wrong = wrong_outputs(dst_shift, [&](const float* c) {
      return 0.25f * (c[-width] + c[width] + c[-1] + c[1]);
    });
    if (wrong) std::fprintf(stderr, "%s: %llu wrong outputs\n", name, (unsigned long long)wrong);
  };
  for (const auto& [x_items, y_items] : {std::pair<cl_ulong, cl_ulong>{32, 8}, {256, 1}}) {
    lx = x_items, ly = y_items;
    stencil("stencil_one", cols);
    stencil("stencil_spread4", (cols + 3) / 4);
    stencil("stencil_vload4", (cols + 3) / 4);
  }
  lx = 32, ly = 8;
  stencil("stencil_spread4_ls", (cols + 3) / 4);
  stencil("stencil_spread4_ls_clamp", (cols + 3) / 4);
  stencil("stencil_rows4_ls", cols, (rows + 3) / 4);
  dst_shift = -1;
  stencil("stencil_spread4", (cols + 3) / 4);
  stencil("stencil_vload4", (cols + 3) / 4);
  dst_shift = 0;
  stencil("stencil_vload4_nc", (cols + 3) / 4);
  stencil("stencil_spread4_i32", (cols + 3) / 4);
  {
    const cl_ulong groups_per_band = ((cols + 3) / 4 + lx - 1) / lx;
    stencil("stencil_gs4", (cols + 3) / 4, std::max<cl_ulong>(1, units * 8 / groups_per_band) * ly);
  }
  stencil("stencil_march16", cols, (rows + 15) / 16);
  stencil("stencil_tile4", cols, (rows + 3) / 4);
  stencil("stencil_shift4", (cols + 3) / 4 + 1);
  stencil("stencil_rowload", (cols + 3) / 4 + 1);
  if (width % 4 == 0) {  // these assume rows of u that are all aligned alike
    stencil("stencil_rowload_static", (cols + 3) / 4 + 1);
    stencil("stencil_rowload_mid", (cols + 3) / 4 + 1);
    stencil("stencil_rowload_pitch", (cols + 3) / 4 + 1);
    stencil("stencil_rows_float4", (cols + 2 + 3) / 4);
    stencil("stencil_kshift", (cols + 3) / 4 + 1);
    stencil("stencil_kshift_else", (cols + 3) / 4 + 1);
  }

  // jacobi-2d's step over a side x width array (u into v), every output checked.
  const auto jacobi = [&](const char* name) {
    cl::Kernel k(program, name);
    const cl_long w = cl_long(width), first = 1;
    int a = 0;
    k.setArg(a++, first), k.setArg(a++, one), k.setArg(a++, rows);
    k.setArg(a++, first), k.setArg(a++, one), k.setArg(a++, cols);
    k.setArg(a++, y);  // the error word: never written
    for (cl::Buffer* b : {&y, &ux}) {
      k.setArg(a++, *b), k.setArg(a++, zero), k.setArg(a++, side), k.setArg(a++, width);
      k.setArg(a++, w), k.setArg(a++, one);
    }
    const cl_ulong gx = (cols + 31) / 32 * 32, gy = (rows + 7) / 8 * 8;
    row(name, 8.0 * double(rows) * double(cols),
        time_2d(k, cl::NDRange(gx, gy), cl::NDRange(32, 8)));
    const cl_ulong wrong = wrong_outputs(0, [&](const float* c) {
      return 0.2f * ((((c[0] + c[-1]) + c[1]) + c[width]) + c[-cl_long(width)]);
    });
    if (wrong) std::fprintf(stderr, "%s: %llu wrong outputs\n", name, (unsigned long long)wrong);
  };
  if (width == side) {  // jacobi_hand takes the pitch for the side
    jacobi("jacobi_translated");
    jacobi("jacobi_i32");
    jacobi("jacobi_unit");
    jacobi("jacobi_i32_unit");
    jacobi("jacobi_hand");
  }

  // sum(x[::2] * x[::2]): n / 2 elements, stride 2.
  const cl_ulong selected = n / 2;
  const cl_long two = 2;
  const auto reduction = [&](const char* name, cl_ulong groups) {
    const cl_ulong local = 256;
    cl::Kernel k(program, name);
    cl::Buffer partials(context, CL_MEM_READ_WRITE, groups * sizeof(float));
    std::vector<float> host(groups);
    k.setArg(0, selected), k.setArg(1, x), k.setArg(2, zero), k.setArg(3, two);
    k.setArg(4, partials), k.setArg(5, cl::Local(local * sizeof(float)));
    float total = 0;
    const double s = bench::median_of(repeat, [&] {
      cl::Event e;
      queue.enqueueNDRangeKernel(k, cl::NullRange, cl::NDRange(groups * local),
                                 cl::NDRange(local), nullptr, &e);
      queue.enqueueReadBuffer(partials, CL_TRUE, 0, groups * sizeof(float), host.data());
      total = 0;
      for (float v : host) total += v;
      return bench::event_seconds(e);
    });
    row(name, 8.0 * double(selected), s);
    if (total != float(selected)) std::fprintf(stderr, "%s: sum %g, want %g\n", name, total, double(selected));
  };
  reduction("sum_tree", (selected + 255) / 256);
  reduction("sum_stride", cl_ulong(units) * 8);
  reduction("sum_stride", cl_ulong(units) * 32);
  return 0;
} catch (const cl::Error& e) {
  std::fprintf(stderr, "kernel_shapes: %s (%d)\n", e.what(), e.err());
  return 1;
}
