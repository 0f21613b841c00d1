// test/unit/runtime/launch/region_call_test.cpp - region calls running real kernels.
//
// The kernels are written by hand in the argument convention of clpar/rt/region.hpp, as
// the translator would emit them, and run on whatever OpenCL device is present (PoCL in CI;
// oclgrind when ctest runs this binary under it).  Where a call ran, and why, is read from
// its CLPAR_TRACE line.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

#include "clpar/rt/info.hpp"
#include "clpar/rt/region.hpp"
#include "clpar/rt/residency.hpp"
#include "clpar/rt/start.hpp"
#include "clpar/rt/stats.hpp"
#include "cache/program_cache.hpp"
#include "device/background_start.hpp"
#include "device/device_context.hpp"
#include "device/pending_kernels.hpp"
#include "launch/form_trials.hpp"
#include "launch/kernel_launch.hpp"
#include "launch/repeat_call.hpp"
#include "memory/residency.hpp"
#include "schedule/cost_model.hpp"
#include "support/environment.hpp"

namespace clpar::rt {
namespace {

// ---- kernels -----------------------------------------------------------------------------

// for (i : prange(n)) y[i] = a * x[i] + y[i];
constexpr const char* saxpy_source = R"(
__kernel void saxpy(long first0, long step0, ulong count0, __global int *error,
                    __global const float *x, long x_offset, ulong x_extent0, long x_stride0,
                    __global float *y, long y_offset, ulong y_extent0, long y_stride0,
                    float a) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  if ((ulong)i >= x_extent0 || (ulong)i >= y_extent0) { atomic_cmpxchg(error, 0, 1); return; }
  y[y_offset + i * y_stride0] = a * x[x_offset + i * x_stride0] + y[y_offset + i * y_stride0];
}
)";

// for (i : prange(n).unchecked()) y[i] = 0.5f * y[i] + x[i];  (no error word use)
constexpr const char* relax_source = R"(
__kernel void relax(long first0, long step0, ulong count0, __global int *error,
                    __global const float *x, long x_offset, ulong x_extent0, long x_stride0,
                    __global float *y, long y_offset, ulong y_extent0, long y_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  y[y_offset + i * y_stride0] = 0.5f * y[y_offset + i * y_stride0] + x[x_offset + i * x_stride0];
}
)";

// The same with a third, unused view (an empty one in the test).
constexpr const char* saxpy_extra_view_source = R"(
__kernel void saxpy_extra(long first0, long step0, ulong count0, __global int *error,
                          __global const float *x, long x_offset, ulong x_extent0, long x_stride0,
                          __global float *y, long y_offset, ulong y_extent0, long y_stride0,
                          __global float *z, long z_offset, ulong z_extent0, long z_stride0,
                          float a) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  if ((ulong)i >= x_extent0 || (ulong)i >= y_extent0) { atomic_cmpxchg(error, 0, 1); return; }
  y[y_offset + i * y_stride0] = a * x[x_offset + i * x_stride0] + y[y_offset + i * y_stride0];
}
)";

// for (i : prange(first, last, step)) out[i] = i;
constexpr const char* iota_source = R"(
__kernel void iota(long first0, long step0, ulong count0, __global int *error,
                   __global int *out, long out_offset, ulong out_extent0, long out_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  if ((ulong)i >= out_extent0) { atomic_cmpxchg(error, 0, 1); return; }
  out[out_offset + i * out_stride0] = (int)i;
}
)";

// for (i : prange(n)) out[i] = CLPAR_TEST_VALUE: the value comes from the build options.
constexpr const char* option_value_source = R"(
#ifndef CLPAR_TEST_VALUE
#define CLPAR_TEST_VALUE 0
#endif
__kernel void option_value(long first0, long step0, ulong count0, __global int *error,
                           __global int *out, long out_offset, ulong out_extent0,
                           long out_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  out[out_offset + i * out_stride0] = CLPAR_TEST_VALUE;
}
)";

// for (i : prange(rows)) for (j : prange(cols)) c(i, j) = 10 * a(i, j) + b(i, j);
constexpr const char* combine_2d_source = R"(
#define AT(v, i, j) v[v##_offset + (i) * v##_stride0 + (j) * v##_stride1]
__kernel void combine(long first0, long step0, ulong count0,
                      long first1, long step1, ulong count1, __global int *error,
                      __global const int *a, long a_offset, ulong a_extent0, ulong a_extent1,
                      long a_stride0, long a_stride1,
                      __global const int *b, long b_offset, ulong b_extent0, ulong b_extent1,
                      long b_stride0, long b_stride1,
                      __global int *c, long c_offset, ulong c_extent0, ulong c_extent1,
                      long c_stride0, long c_stride1) {
  ulong k0 = get_global_id(1);
  ulong k1 = get_global_id(0);
  if (k0 >= count0 || k1 >= count1) return;
  long i = first0 + (long)k0 * step0;
  long j = first1 + (long)k1 * step1;
  if ((ulong)i >= c_extent0 || (ulong)j >= c_extent1) { atomic_cmpxchg(error, 0, 1); return; }
  AT(c, i, j) = 10 * AT(a, i, j) + AT(b, i, j);
}
)";

// for (i : prange(ni)) for (j : prange(nj)) for (k : prange(nk)) out(i, j, k) = 100i+10j+k;
constexpr const char* index_3d_source = R"(
__kernel void index3(long f0, long s0, ulong n0, long f1, long s1, ulong n1,
                     long f2, long s2, ulong n2, __global int *error,
                     __global int *out, long o, ulong e0, ulong e1, ulong e2,
                     long t0, long t1, long t2) {
  ulong k0 = get_global_id(2), k1 = get_global_id(1), k2 = get_global_id(0);
  if (k0 >= n0 || k1 >= n1 || k2 >= n2) return;
  long i = f0 + (long)k0 * s0, j = f1 + (long)k1 * s1, k = f2 + (long)k2 * s2;
  if ((ulong)i >= e0 || (ulong)j >= e1 || (ulong)k >= e2) { atomic_cmpxchg(error, 0, 1); return; }
  out[o + i * t0 + j * t1 + k * t2] = (int)(100 * i + 10 * j + k);
}
)";

// for (i : prange(n)) even[i] = 2 * odd[i] + whole[99 - 2 * i];   (three views of one array)
constexpr const char* overlap_source = R"(
__kernel void overlap(long first0, long step0, ulong count0, __global int *error,
                      __global float *even, long even_offset, ulong even_extent0, long even_stride0,
                      __global const float *odd, long odd_offset, ulong odd_extent0, long odd_stride0,
                      __global const float *whole, long whole_offset, ulong whole_extent0,
                      long whole_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  long w = 99 - 2 * i;
  if ((ulong)i >= even_extent0 || (ulong)i >= odd_extent0 || (ulong)w >= whole_extent0) {
    atomic_cmpxchg(error, 0, 1);
    return;
  }
  even[even_offset + i * even_stride0] =
      2.0f * odd[odd_offset + i * odd_stride0] + whole[whole_offset + w * whole_stride0];
}
)";

// A buggy kernel that writes through a view the call declares read-only.
constexpr const char* writes_read_only_source = R"(
__kernel void scribble(long first0, long step0, ulong count0, __global int *error,
                       __global float *x, long x_offset, ulong x_extent0, long x_stride0,
                       __global float *y, long y_offset, ulong y_extent0, long y_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  x[x_offset + i * x_stride0] = -1.0f;
  y[y_offset + i * y_stride0] = 1.0f;
}
)";

// Writes every element, then reports an out-of-range access at i == 5.
constexpr const char* stops_source = R"(
__kernel void stops(long first0, long step0, ulong count0, __global int *error,
                    __global float *y, long y_offset, ulong y_extent0, long y_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  y[y_offset + i * y_stride0] = 42.0f;
  if (i == 5 && atomic_cmpxchg(error, 0, 1) == 0) {
    error[1] = 7;          // access site
    error[2] = (int)i;     // index, low half
    error[3] = 0;          // index, high half
  }
}
)";

constexpr const char* compile_error_source = R"(
__kernel void broken(long first0, long step0, ulong count0, __global int *error) {
  this is not OpenCL C;
}
)";

constexpr const char* daxpy_source = R"(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void daxpy(long first0, long step0, ulong count0, __global int *error,
                    __global const double *x, long x_offset, ulong x_extent0, long x_stride0,
                    __global double *y, long y_offset, ulong y_extent0, long y_stride0,
                    double a) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  if ((ulong)i >= x_extent0 || (ulong)i >= y_extent0) { atomic_cmpxchg(error, 0, 1); return; }
  y[y_offset + i * y_stride0] = a * x[x_offset + i * x_stride0] + y[y_offset + i * y_stride0];
}
)";

// ---- reduction kernels -------------------------------------------------------------------
// As the translator emits them: every work-item, also those past the counts (they hold the
// operation's identity), takes part in a tree reduction over its work-group, for any local
// size, and work-item 0 writes the group's partial value.

constexpr const char* reduce_prelude = R"(
#define ADD(a, b) ((a) + (b))
#define MUL(a, b) ((a) * (b))
#define XOR(a, b) ((a) ^ (b))
#define MIN(a, b) ((b) < (a) ? (b) : (a))
#define MAX(a, b) ((a) < (b) ? (b) : (a))
uint group_linear_id(void) {
  return get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) *
                                                get_group_id(2));
}
uint local_linear_id(void) {
  return get_local_id(0) + get_local_size(0) * (get_local_id(1) + get_local_size(1) *
                                                get_local_id(2));
}
// scratch[lid] = value; then, for any local size n, pairs at distance s = 1, 2, 4, ...
#define REDUCE_GROUP(OP, value, partials, scratch)                           \
  do {                                                                       \
    uint lid = local_linear_id();                                            \
    uint n = get_local_size(0) * get_local_size(1) * get_local_size(2);      \
    scratch[lid] = (value);                                                  \
    barrier(CLK_LOCAL_MEM_FENCE);                                            \
    for (uint s = 1; s < n; s <<= 1) {                                       \
      if (lid % (2 * s) == 0 && lid + s < n)                                 \
        scratch[lid] = OP(scratch[lid], scratch[lid + s]);                   \
      barrier(CLK_LOCAL_MEM_FENCE);                                          \
    }                                                                        \
    if (lid == 0) partials[group_linear_id()] = scratch[0];                  \
  } while (0)
)";

/// A reduction kernel: the prelude above, then `kernel`.
std::string with_prelude(const char* kernel) {
  return std::string(reduce_prelude) + kernel;
}

// for (i : prange(n)) sum += x[i];   (int)
const std::string sum_source = with_prelude(R"(
__kernel void sum(long first0, long step0, ulong count0, __global int *error,
                  __global const int *x, long x_offset, ulong x_extent0, long x_stride0,
                  __global int *sum_partials, __local int *sum_scratch) {
  ulong k0 = get_global_id(0);
  int sum = 0;
  if (k0 < count0) {
    long i = first0 + (long)k0 * step0;
    if ((ulong)i >= x_extent0) atomic_cmpxchg(error, 0, 1);
    else sum = ADD(sum, x[x_offset + i * x_stride0]);
  }
  REDUCE_GROUP(ADD, sum, sum_partials, sum_scratch);
}
)");

// for (i : prange(rows)) for (j : prange(cols)) total += a(i, j);   (long)
const std::string sum_2d_source = with_prelude(R"(
__kernel void sum2(long first0, long step0, ulong count0,
                   long first1, long step1, ulong count1, __global int *error,
                   __global const long *a, long a_offset, ulong a_extent0, ulong a_extent1,
                   long a_stride0, long a_stride1,
                   __global long *total_partials, __local long *total_scratch) {
  ulong k0 = get_global_id(1);
  ulong k1 = get_global_id(0);
  long total = 0;
  if (k0 < count0 && k1 < count1) {
    long i = first0 + (long)k0 * step0;
    long j = first1 + (long)k1 * step1;
    if ((ulong)i >= a_extent0 || (ulong)j >= a_extent1) atomic_cmpxchg(error, 0, 1);
    else total = ADD(total, a[a_offset + i * a_stride0 + j * a_stride1]);
  }
  REDUCE_GROUP(ADD, total, total_partials, total_scratch);
}
)");

// for (i : prange(n)) { lo = min(lo, x[i]); hi = max(hi, x[i]); }   (float)
const std::string min_max_source = with_prelude(R"(
__kernel void min_max(long first0, long step0, ulong count0, __global int *error,
                      __global const float *x, long x_offset, ulong x_extent0, long x_stride0,
                      __global float *lo_partials, __local float *lo_scratch,
                      __global float *hi_partials, __local float *hi_scratch) {
  ulong k0 = get_global_id(0);
  float lo = INFINITY, hi = -INFINITY;
  if (k0 < count0) {
    long i = first0 + (long)k0 * step0;
    if ((ulong)i >= x_extent0) {
      atomic_cmpxchg(error, 0, 1);
    } else {
      float v = x[x_offset + i * x_stride0];
      lo = MIN(lo, v);
      hi = MAX(hi, v);
    }
  }
  REDUCE_GROUP(MIN, lo, lo_partials, lo_scratch);
  REDUCE_GROUP(MAX, hi, hi_partials, hi_scratch);
}
)");

// for (i : prange(n)) { total += a[i]; peak = max(peak, b[i]); bits ^= c[i]; } with a scalar
// scale: total is long, peak double, bits uint.
const std::string mixed_source = with_prelude(R"(
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void mixed(long first0, long step0, ulong count0, __global int *error,
                    __global const long *a, long a_offset, ulong a_extent0, long a_stride0,
                    __global const double *b, long b_offset, ulong b_extent0, long b_stride0,
                    __global const uint *c, long c_offset, ulong c_extent0, long c_stride0,
                    double scale,
                    __global long *total_partials, __local long *total_scratch,
                    __global double *peak_partials, __local double *peak_scratch,
                    __global uint *bits_partials, __local uint *bits_scratch) {
  ulong k0 = get_global_id(0);
  long total = 0;
  double peak = -INFINITY;
  uint bits = 0;
  if (k0 < count0) {
    long i = first0 + (long)k0 * step0;
    if ((ulong)i >= a_extent0 || (ulong)i >= b_extent0 || (ulong)i >= c_extent0) {
      atomic_cmpxchg(error, 0, 1);
    } else {
      total = ADD(total, a[a_offset + i * a_stride0]);
      peak = MAX(peak, scale * b[b_offset + i * b_stride0]);
      bits = XOR(bits, c[c_offset + i * c_stride0]);
    }
  }
  REDUCE_GROUP(ADD, total, total_partials, total_scratch);
  REDUCE_GROUP(MAX, peak, peak_partials, peak_scratch);
  REDUCE_GROUP(XOR, bits, bits_partials, bits_scratch);
}
)");

// for (i : prange(n)) product *= x[i];   (uint, wrapping)
const std::string product_source = with_prelude(R"(
__kernel void product(long first0, long step0, ulong count0, __global int *error,
                      __global const uint *x, long x_offset, ulong x_extent0, long x_stride0,
                      __global uint *product_partials, __local uint *product_scratch) {
  ulong k0 = get_global_id(0);
  uint product = 1;
  if (k0 < count0) {
    long i = first0 + (long)k0 * step0;
    if ((ulong)i >= x_extent0) atomic_cmpxchg(error, 0, 1);
    else product = MUL(product, x[x_offset + i * x_stride0]);
  }
  REDUCE_GROUP(MUL, product, product_partials, product_scratch);
}
)");

// The sum kernel, reporting an out-of-range access at i == 5; it still takes part in the
// group's reduction, so the partials are complete but must be discarded.
const std::string sum_stops_source = with_prelude(R"(
__kernel void sum_stops(long first0, long step0, ulong count0, __global int *error,
                        __global const int *x, long x_offset, ulong x_extent0, long x_stride0,
                        __global int *sum_partials, __local int *sum_scratch) {
  ulong k0 = get_global_id(0);
  int sum = 0;
  if (k0 < count0) {
    long i = first0 + (long)k0 * step0;
    if (i == 5 && atomic_cmpxchg(error, 0, 1) == 0) {
      error[1] = 3;
      error[2] = (int)i;
      error[3] = 0;
    }
    if ((ulong)i < x_extent0) sum = ADD(sum, x[x_offset + i * x_stride0]);
  }
  REDUCE_GROUP(ADD, sum, sum_partials, sum_scratch);
}
)");

constexpr const char* sum_broken_source = R"(
__kernel void sum_broken(long first0, long step0, ulong count0, __global int *error,
                         __global int *sum_partials, __local int *sum_scratch) {
  sum_partials[0] = no_such_variable;
}
)";

// for (i : prange(n)) y[i] = sqrt(x[i]) / d;   built with --strict-fp
constexpr const char* strict_source = R"(
#pragma OPENCL FP_CONTRACT OFF
__kernel void strict(long first0, long step0, ulong count0, __global int *error,
                     __global const float *x, long x_offset, ulong x_extent0, long x_stride0,
                     __global float *y, long y_offset, ulong y_extent0, long y_stride0,
                     float d) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  if ((ulong)i >= x_extent0 || (ulong)i >= y_extent0) { atomic_cmpxchg(error, 0, 1); return; }
  y[y_offset + i * y_stride0] = sqrt(x[x_offset + i * x_stride0]) / d;
}
)";

// for (i : prange(n)) out[i] = the width of the kernel's positions (4 in its 32-bit form).
constexpr const char* width_source = R"(
#ifdef CLPAR_INDEX32
typedef int clpar_idx;
#else
typedef long clpar_idx;
#endif
__kernel void width(long first0, long step0, ulong count0, __global int *error,
                    __global int *out, long out_offset, ulong out_extent0, long out_stride0) {
  ulong k0 = get_global_id(0);
  if (k0 >= count0) return;
  long i = first0 + (long)k0 * step0;
  out[out_offset + ((clpar_idx)i * (clpar_idx)out_stride0)] = (int)sizeof(clpar_idx);
}
)";

// ---- helpers -----------------------------------------------------------------------------

/// Sets (or unsets, for null) an environment variable for one scope.
class scoped_env {
 public:
  scoped_env(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    had_ = std::getenv(name) != nullptr;
    if (value != nullptr)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~scoped_env() {
    if (had_)
      ::setenv(name_, old_.c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::string old_;
  bool had_ = false;
};

template <class T>
view_arg view_1d(T* data, std::uint64_t n, std::int64_t stride, bool written) {
  view_arg v{};
  v.data = data;
  v.elem_size = sizeof(T);
  v.rank = 1;
  v.extent[0] = n;
  v.stride[0] = stride;
  v.written = written;
  return v;
}

template <class T>
view_arg view_2d(T* data, std::uint64_t rows, std::uint64_t cols, std::int64_t row_stride,
                 std::int64_t col_stride, bool written) {
  view_arg v = view_1d(data, rows, row_stride, written);
  v.rank = 2;
  v.extent[1] = cols;
  v.stride[1] = col_stride;
  return v;
}

dim_arg range(std::uint64_t n) {
  return {0, 1, n};
}

/// One call's arguments, kept alive while the call runs.
struct call_setup {
  region_info info{};
  std::vector<dim_arg> dims;
  std::vector<view_arg> views;
  std::vector<scalar_arg> scalars;
  std::vector<reduction_arg> reductions;
  placement_request placement = placement_request::device;

  call_setup(const char* name, const char* source, unsigned dim_count, bool fp64 = false) {
    info = {"region_call_test.cpp:1:1", name, source, dim_count, fp64, false};
  }

  launch_request request() const {
    return {&info,          dims.data(), views.data(),      views.size(),     scalars.data(),
            scalars.size(), placement,   reductions.data(), reductions.size()};
  }
};

struct call_result {
  bool on_device = false;
  std::string trace;  ///< all of stderr during the call
};

/// Makes the call with the trace on; `host_variant` stands for the stub's OpenMP loop, run
/// within the call when it stays on the host.
call_result run_traced(const call_setup& setup, const std::function<void()>& host_variant = {},
                       data_scope* scope = nullptr) {
  scoped_env trace("CLPAR_TRACE", "1");
  launch_request request = setup.request();
  request.scope = scope;
  testing::internal::CaptureStderr();
  call_result result;
  {
    region_call call(request);
    result.on_device = call.ran_on_device();
    if (!result.on_device && host_variant) host_variant();
  }
  result.trace = testing::internal::GetCapturedStderr();
  return result;
}

/// The process's first host run is not timed (it starts OpenMP's threads); tests of the
/// cost model make it first, so that the runs they look at are timed.
void make_the_first_host_run() {
  static std::vector<int> out(1);
  static call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::host;
  setup.dims = {range(1)};
  setup.views = {view_1d(out.data(), 1, 1, true)};
  (void)run_traced(setup);
}

/// Makes `setup` and `probe` (a region of the test's own, never called) automatic iotas
/// over all of `out`, and returns the device auto measures (the probe's first call runs
/// there), or -1 where that call did not run on a device.
int auto_site_over(call_setup& setup, call_setup& probe, std::vector<int>& out) {
  for (call_setup* s : {&probe, &setup}) {
    s->placement = placement_request::automatic;
    s->dims = {range(out.size())};
    s->views = {view_1d(out.data(), out.size(), 1, true)};
  }
  const call_result first = run_traced(probe);
  EXPECT_TRUE(first.on_device) << first.trace;
  int device = -1;
  (void)cost_table::instance().snapshot(&probe.info, device);
  return first.on_device ? device : -1;
}

std::string first_device_name() {
  const auto devices = list_devices();
  return devices.empty() ? "" : devices[0].device_name;
}

bool has_device_of_type(const char* type) {
  for (const auto& d : list_devices())
    if (d.type == type) return true;
  return false;
}

/// Calls that must reach a device: skipped where the machine has none.
class RegionCall : public testing::Test {
 protected:
  void SetUp() override {
    if (list_devices().empty()) GTEST_SKIP() << "no OpenCL device: " << why_no_devices();
  }
  scoped_env device_{"CLPAR_DEVICE", nullptr};
  // auto builds at the call (tests of the background start set it themselves).
  scoped_env start_{"CLPAR_AUTO_START", "wait"};
};

/// Calls that stay on the host whatever the machine has.
class RegionCallHost : public testing::Test {
 protected:
  scoped_env device_{"CLPAR_DEVICE", nullptr};
  scoped_env start_{"CLPAR_AUTO_START", "wait"};
};

// ---- tests -------------------------------------------------------------------------------

TEST(IterationCount, IsTheProductOfTheCounts) {
  const region_info info{"s", "k", "", 3, false, false};
  const dim_arg dims[3] = {{0, 1, 4}, {5, 2, 3}, {0, 1, 7}};
  launch_request request{&info, dims, nullptr, 0, nullptr, 0, placement_request::automatic};
  EXPECT_EQ(iteration_count(request), 84u);
  const dim_arg with_empty[3] = {{0, 1, 4}, {0, 1, 0}, {0, 1, 7}};
  request.dims = with_empty;
  EXPECT_EQ(iteration_count(request), 0u);
  const dim_arg huge[3] = {{0, 1, 1ULL << 40}, {0, 1, 1ULL << 40}, {0, 1, 0}};
  request.dims = huge;
  EXPECT_EQ(iteration_count(request), 0u);
}

TEST_F(RegionCall, Saxpy1D) {
  const std::size_t n = 1000;  // not a multiple of the work-group size
  std::vector<float> x(n), y(n);
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i);
    y[i] = static_cast<float>(2 * i);
  }
  const float a = 3.0f;
  call_setup setup("saxpy", saxpy_source, 1);
  setup.dims = {range(n)};
  setup.views = {view_1d(x.data(), n, 1, false), view_1d(y.data(), n, 1, true)};
  setup.scalars = {{&a, sizeof a}};
  const call_result result = run_traced(setup);
  ASSERT_TRUE(result.on_device) << result.trace;
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], 5.0f * static_cast<float>(i)) << i;
  // The line of the call (after the kernel's build line on its first use).
  EXPECT_NE(result.trace.find("\nclpar: region_call_test.cpp:1:1 n=1000 -> " + first_device_name() +
                              " (.on(clpar::device)) "),
            std::string::npos)
      << result.trace;
  EXPECT_NE(result.trace.find(" us\n"), std::string::npos) << result.trace;
}

// A call made before finds its kernel from the thread's last lookups (launch/kernel_form.hpp);
// what the lookup depends on must still choose the kernel.
TEST_F(RegionCall, ChangedBuildOptionsRunTheKernelBuiltWithThem) {
  std::vector<int> out(64, -1);
  call_setup setup("option_value", option_value_source, 1);
  setup.dims = {range(64)};
  setup.views = {view_1d(out.data(), 64, 1, true)};
  for (const char* value : {"1", "2", "1"}) {
    const std::string options = std::string("-D CLPAR_TEST_VALUE=") + value;
    scoped_env build_options("CLPAR_CL_BUILD_OPTIONS", options.c_str());
    ASSERT_TRUE(run_traced(setup).on_device) << value;
    for (int v : out) ASSERT_EQ(v, std::atoi(value));
  }
  ASSERT_TRUE(run_traced(setup).on_device);
  for (int v : out) ASSERT_EQ(v, 0);
}

TEST_F(RegionCall, ARegionAtTheAddressOfAnotherRunsItsOwnKernel) {
  std::vector<int> out(64, -1);
  // Another kernel of the same name: the value defined before the #ifndef.
  const std::string other = std::string("#define CLPAR_TEST_VALUE 77\n") + option_value_source;
  std::optional<call_setup> setup;
  for (const char* source : {option_value_source, other.c_str(), option_value_source}) {
    setup.emplace("option_value", source, 1);  // the same address each time
    setup->dims = {range(64)};
    setup->views = {view_1d(out.data(), 64, 1, true)};
    ASSERT_TRUE(run_traced(*setup).on_device);
    for (int v : out) ASSERT_EQ(v, source == other.c_str() ? 77 : 0);
  }
}

// A region with a 32-bit form: with CLPAR_FORM_TRIALS=1 its first calls time both index
// widths (the rule's first; the call builds the other), later calls take the one kept,
// and a new site of the same kernel (as in a second process) finds the choice in the
// kernel cache.  Each kernel writes its width, so the form every call ran is seen.
TEST_F(RegionCall, FormTrialsTimeBothIndexWidthsAndKeepOne) {
  if (process_kernel_cache().usable() != nullptr) GTEST_SKIP() << "no kernel cache";
  scoped_env trials("CLPAR_FORM_TRIALS", "1");
  // A kernel text of its own, so that no earlier run's stored choice is found.
  const std::string source = "// " + std::to_string(::getpid()) + " " +
                             std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) +
                             "\n" + width_source;
  const std::size_t n = 256;
  std::vector<int> out(n, 0);
  call_setup setup("width", source.c_str(), 1);
  setup.info.index32 = true;
  setup.dims = {range(n)};
  setup.views = {view_1d(out.data(), n, 1, true)};
  std::vector<int> widths;
  std::string decided;
  for (int call = 0; call < 40 && decided.empty(); ++call) {
    const call_result result = run_traced(setup);
    ASSERT_TRUE(result.on_device) << result.trace;
    for (int v : out) ASSERT_EQ(v, out[0]);
    widths.push_back(out[0]);
    if (const std::size_t at = result.trace.find("forms timed on"); at != std::string::npos)
      decided = result.trace.substr(at, result.trace.find('\n', at) - at);
  }
  ASSERT_FALSE(decided.empty()) << "no trial decided in 40 calls";
  EXPECT_NE(std::find(widths.begin(), widths.end(), 4), widths.end());
  EXPECT_NE(std::find(widths.begin(), widths.end(), 8), widths.end());
  EXPECT_EQ(std::count(widths.begin(), widths.end(), 8),
            static_cast<long>(form_trial::samples_per_form));
  const bool kept32 = decided.find("keeps '-D CLPAR_INDEX32'") != std::string::npos;
  EXPECT_TRUE(kept32 || decided.find("keeps ''") != std::string::npos) << decided;
  for (int call = 0; call < 3; ++call) {
    ASSERT_TRUE(run_traced(setup).on_device);
    EXPECT_EQ(out[0], kept32 ? 4 : 8) << decided;
  }
  // Another site of the same kernel and size class: the stored choice, nothing timed.
  call_setup again("width", source.c_str(), 1);
  again.info.index32 = true;
  again.dims = setup.dims;
  again.views = setup.views;
  std::fill(out.begin(), out.end(), 0);
  const call_result first = run_traced(again);
  ASSERT_TRUE(first.on_device) << first.trace;
  EXPECT_NE(first.trace.find("from the kernel cache: '" +
                             std::string(kept32 ? "-D CLPAR_INDEX32" : "") + "'"),
            std::string::npos)
      << first.trace;
  EXPECT_EQ(out[0], kept32 ? 4 : 8);
  // Without trials every call takes the rule form: 32-bit positions, but on CPU devices.
  scoped_env no_trials("CLPAR_FORM_TRIALS", "0");
  ASSERT_TRUE(run_traced(setup).on_device);
  const bool cpu = platform_list::instance().devices().front().kind == device_kind::cpu;
  EXPECT_EQ(out[0], cpu ? 8 : 4);
}

TEST_F(RegionCall, FirstAndStepOfARange) {
  std::vector<int> out(25, -1);
  call_setup setup("iota", iota_source, 1);
  setup.dims = {{3, 2, 10}};  // prange(3, 23, 2)
  setup.views = {view_1d(out.data(), out.size(), 1, true)};
  ASSERT_TRUE(run_traced(setup).on_device);
  for (int i = 0; i < 25; ++i) {
    const bool hit = i >= 3 && i < 23 && (i - 3) % 2 == 0;
    EXPECT_EQ(out[i], hit ? i : -1) << i;
  }
}

TEST_F(RegionCall, StridedViews2D) {
  // a: a 4x4 block of a 6x10 matrix, every second column;
  // b: the transpose of a 4x4 matrix;  c: a 4x4 matrix with its rows reversed.
  std::vector<int> a_store(60), bt(16), c_store(16, -1);
  for (int i = 0; i < 60; ++i) a_store[i] = i;
  for (int i = 0; i < 16; ++i) bt[i] = 1000 * i;
  call_setup setup("combine", combine_2d_source, 2);
  setup.dims = {range(4), range(4)};
  setup.views = {view_2d(a_store.data() + 12, 4, 4, 10, 2, false),
                 view_2d(bt.data(), 4, 4, 1, 4, false),
                 view_2d(c_store.data() + 12, 4, 4, -4, 1, true)};
  const call_result result = run_traced(setup);
  ASSERT_TRUE(result.on_device) << result.trace;
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j) {
      const int a = a_store[12 + 10 * i + 2 * j];
      const int b = bt[i + 4 * j];
      EXPECT_EQ(c_store[12 - 4 * i + j], 10 * a + b) << i << "," << j;
    }
}

TEST_F(RegionCall, ThreeDimensionsMapInnermostToIdZero) {
  std::vector<int> out(3 * 4 * 5, -1);
  call_setup setup("index3", index_3d_source, 3);
  setup.dims = {range(3), range(4), range(5)};
  view_arg v = view_2d(out.data(), 3, 4, 20, 5, true);
  v.rank = 3;
  v.extent[2] = 5;
  v.stride[2] = 1;
  setup.views = {v};
  ASSERT_TRUE(run_traced(setup).on_device);
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j)
      for (int k = 0; k < 5; ++k) EXPECT_EQ(out[20 * i + 5 * j + k], 100 * i + 10 * j + k);
}

TEST_F(RegionCall, OverlappingViewsShareOneBuffer) {
  std::vector<float> v(100);
  for (int i = 0; i < 100; ++i) v[i] = static_cast<float>(i);
  call_setup setup("overlap", overlap_source, 1);
  setup.dims = {range(50)};
  setup.views = {view_1d(v.data(), 50, 2, true), view_1d(v.data() + 1, 50, 2, false),
                 view_1d(v.data(), 100, 1, false)};
  ASSERT_TRUE(run_traced(setup).on_device);
  for (int i = 0; i < 50; ++i) {
    EXPECT_EQ(v[2 * i], static_cast<float>(2 * i + 101)) << i;  // 2 (2i+1) + (99-2i)
    EXPECT_EQ(v[2 * i + 1], static_cast<float>(2 * i + 1)) << i;
  }
}

TEST_F(RegionCall, ReadOnlyViewIsNotCopiedBack) {
  std::vector<float> x(64, 5.0f), y(64, 0.0f);
  call_setup setup("scribble", writes_read_only_source, 1);
  setup.dims = {range(64)};
  setup.views = {view_1d(x.data(), 64, 1, false), view_1d(y.data(), 64, 1, true)};
  ASSERT_TRUE(run_traced(setup).on_device);
  for (int i = 0; i < 64; ++i) {
    EXPECT_EQ(x[i], 5.0f);
    EXPECT_EQ(y[i], 1.0f);
  }
}

/// `calls` calls of y = 0.5 * y + x (the relax kernel, no error word) over n elements,
/// and the y they should leave.
struct relax_calls {
  std::vector<float> x, y, want;
  call_setup setup{"relax", relax_source, 1};
  relax_calls(std::size_t n, std::size_t calls) : x(n), y(n, 1.0f), want(n, 1.0f) {
    for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 7);
    for (std::size_t c = 0; c < calls; ++c)
      for (std::size_t i = 0; i < n; ++i) want[i] = 0.5f * want[i] + x[i];
    setup.info.checks_in_kernel = false;
    setup.dims = {range(n)};
    setup.views = {view_1d(x.data(), n, 1, false), view_1d(y.data(), n, 1, true)};
  }
  /// Runs the calls in `scope`, each on the device.
  void run_in(data_scope& scope, std::size_t calls) {
    launch_request request = setup.request();
    request.scope = &scope;
    for (std::size_t c = 0; c < calls; ++c) {
      region_call call(request);
      ASSERT_TRUE(call.ran_on_device()) << c;
    }
  }
  /// Whether y holds what the calls should leave.
  void expect_done() const {
    for (std::size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], want[i]) << i;
  }
};

TEST_F(RegionCall, UncheckedKernelsInAScopeRunWithoutWaiting) {
  scoped_env times("CLPAR_KERNEL_TIMES", "1");
  // More calls than pending_kernels keeps, so the oldest is waited for on the way.
  const std::size_t n = 64, calls = pending_kernels::max_pending + 10;
  relax_calls relax(n, calls);
  const double kernels_before = kernel_seconds_total();
  {
    data_scope scope("region_call_test.cpp:1:1 relax_loop");
    relax.run_in(scope, calls);
    // The last kernel is kept until a later call or wait sees it complete, unless every
    // call waits for its kernel (runtime.region_call_sync_launches).
    outcome<device_context*> context = device_context::of(0);
    ASSERT_TRUE(context) << context.why;
    if (sync_launches_requested()) {
      EXPECT_EQ(context.value->pending().size(), 0u);
    } else {
      EXPECT_GE(context.value->pending().size(), 1u);
      EXPECT_LE(context.value->pending().size(), pending_kernels::max_pending);
    }
    EXPECT_GT(last_call().kernel_seconds, 0.0);  // waits for it
    scope.sync();
  }
  relax.expect_done();
  EXPECT_GT(kernel_seconds_total(), kernels_before);
  outcome<device_context*> context = device_context::of(0);
  ASSERT_TRUE(context) << context.why;
  EXPECT_EQ(context.value->pending().size(), 0u);  // kernel_seconds_total waited
}

// A call repeating one of the thread's last device calls takes its decision
// (launch/repeat_call.hpp); a change of the environment decides afresh, and other views
// are another call, remembered beside the first.
TEST_F(RegionCall, ARepeatedCallInAScopeTakesTheLastDecision) {
  const std::size_t n = 64;
  relax_calls relax(n, 4);
  call_memos* memos = thread_call_memos();
  ASSERT_NE(memos, nullptr);
  memos->forget_all();
  launch_request request = relax.setup.request();
  {
    data_scope scope("region_call_test.cpp:1:1 relax_loop");
    request.scope = &scope;
    relax.run_in(scope, 1);
    EXPECT_NE(memos->find(request, environment_epoch()), nullptr);
    relax.run_in(scope, 2);  // taken from the memo
    EXPECT_NE(memos->find(request, environment_epoch()), nullptr);
    {
      // CLPAR_DEVICE changed between calls: the host, as without the memo.
      scoped_env host("CLPAR_DEVICE", "host");
      EXPECT_EQ(memos->find(request, environment_epoch()), nullptr);
      region_call call(request);
      EXPECT_FALSE(call.ran_on_device());
      for (std::size_t i = 0; i < n; ++i) relax.y[i] = 0.5f * relax.y[i] + relax.x[i];
    }
    scope.sync();
  }
  relax.expect_done();
  // Other views: not a remembered call; once made, it is, beside the first.
  std::vector<float> other(n, 1.0f);
  relax.setup.views[1] = view_1d(other.data(), n, 1, true);
  const launch_request changed = relax.setup.request();
  EXPECT_EQ(memos->find(changed, environment_epoch()), nullptr);
  for (int c = 0; c < 2; ++c) {
    region_call call(changed);
    ASSERT_TRUE(call.ran_on_device()) << c;
  }
  EXPECT_NE(memos->find(changed, environment_epoch()), nullptr);
  request.scope = nullptr;
  EXPECT_NE(memos->find(request, environment_epoch()), nullptr);
  for (std::size_t i = 0; i < n; ++i)
    ASSERT_EQ(other[i], 0.5f * (0.5f * 1.0f + relax.x[i]) + relax.x[i]) << i;
}

// A repeated call whose memory the registry has not changed since its last time takes that
// placement (launch/kernel_launch.hpp's placement_memo); host code writing a view between
// the calls changes the registry, and the next call uploads what it wrote.
TEST_F(RegionCall, ARepeatedCallPlacesAgainOnlyWhereTheMemoryChanged) {
  const std::size_t n = 64;
  relax_calls relax(n, 3);
  call_memos* memos = thread_call_memos();
  ASSERT_NE(memos, nullptr);
  memos->forget_all();
  launch_request request = relax.setup.request();
  {
    data_scope scope("region_call_test.cpp:1:1 relax_placed");
    request.scope = &scope;
    relax.run_in(scope, 3);  // the second keeps its placement, the third takes it
    call_memo* memo = memos->find(request, environment_epoch());
    ASSERT_NE(memo, nullptr);
    const std::uint64_t changes = residency_registry().changes();
    EXPECT_EQ(memo->placement().registry_changes, changes);
    relax.run_in(scope, 1);
    EXPECT_EQ(residency_registry().changes(), changes);  // nothing moved, nothing marked
    // The host writes x between calls, as host code of the scope does through its view.
    const view_arg x_written = view_1d(relax.x.data(), n, 1, true);
    prepare_host_access(&x_written, 1, "region_call_test.cpp:1:1 host");
    EXPECT_NE(residency_registry().changes(), changes);
    for (std::size_t i = 0; i < n; ++i) relax.x[i] += 1.0f;
    relax.run_in(scope, 2);
    scope.sync();
  }
  // Four calls with the old x, two with the new.
  std::vector<float> want(n, 1.0f);
  for (int c = 0; c < 6; ++c)
    for (std::size_t i = 0; i < n; ++i)
      want[i] = 0.5f * want[i] + static_cast<float>(i % 7) + (c >= 4 ? 1.0f : 0.0f);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(relax.y[i], want[i]) << i;
}

// A kernel's arguments are set only where they changed since its last launch
// (kernel_launch.cpp's arg_writer): calls that change only a scalar, a view's offset
// within its buffer or the iteration space each see their own values.
TEST_F(RegionCall, EachCallSeesItsOwnArgumentsWhereOnlySomeChange) {
  const std::size_t n = 256;
  std::vector<float> x(n), y(n, 0.0f), want(n, 0.0f);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 11);
  data_scope scope("region_call_test.cpp:1:1 arguments");
  call_setup setup("saxpy", saxpy_source, 1);
  float a = 1.0f;
  setup.scalars = {{&a, sizeof a}};
  for (int c = 0; c < 6; ++c) {
    // Calls 0-1 the whole arrays, 2-3 their second halves (a view's offset), 4-5 their
    // first quarter (the count); a differs at every call.
    const std::size_t part = static_cast<std::size_t>(c / 2);
    const std::size_t first = part == 1 ? n / 2 : 0;
    const std::size_t count = part == 0 ? n : part == 1 ? n / 2 : n / 4;
    a = 1.0f + static_cast<float>(c);
    setup.dims = {range(count)};
    setup.views = {view_1d(x.data() + first, count, 1, false),
                   view_1d(y.data() + first, count, 1, true)};
    launch_request request = setup.request();
    request.scope = &scope;
    {
      region_call call(request);
      ASSERT_TRUE(call.ran_on_device()) << c;
    }
    for (std::size_t i = first; i < first + count; ++i) want[i] += a * x[i];
  }
  scope.sync();
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], want[i]) << i;
}

// A scalar argument that lies in memory a kernel wrote on the device (an element of a view
// passed by value) is read after the host's copy of it is made current.
TEST_F(RegionCall, AScalarInMemoryOnTheDeviceIsBroughtHomeFirst) {
  const std::size_t n = 64;
  std::vector<float> x(n), y(n, 0.0f), z(n, 0.0f);
  for (std::size_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 5);
  data_scope scope("region_call_test.cpp:1:1 scalar_home");
  call_setup setup("saxpy", saxpy_source, 1);
  const float one = 1.0f;
  setup.dims = {range(n)};
  const auto call_with = [&](const float& a, std::vector<float>& into) {
    setup.scalars = {{&a, sizeof a}};
    setup.views = {view_1d(x.data(), n, 1, false), view_1d(into.data(), n, 1, true)};
    launch_request request = setup.request();
    request.scope = &scope;
    region_call call(request);
    EXPECT_TRUE(call.ran_on_device());
  };
  call_with(one, y);   // y = x, on the device only
  call_with(y[3], z);  // z = y[3] * x: y[3] comes home first
  scope.sync();
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(y[i], x[i]) << i;
    ASSERT_EQ(z[i], x[3] * x[i]) << i;
  }
}

// Under auto nothing is remembered: the cost model weighs every call.
TEST_F(RegionCall, AutoCallsAreNotRemembered) {
  scoped_env automatic("CLPAR_DEVICE", "auto");
  relax_calls relax(64, 1);
  relax.setup.placement = placement_request::automatic;
  call_memos* memos = thread_call_memos();
  ASSERT_NE(memos, nullptr);
  memos->forget_all();
  for (int c = 0; c < 3; ++c) {
    region_call call(relax.setup.request());
    if (!call.ran_on_device())
      for (std::size_t i = 0; i < 64; ++i) relax.y[i] = 0.5f * relax.y[i] + relax.x[i];
  }
  EXPECT_EQ(memos->find(relax.setup.request(), environment_epoch()), nullptr);
}

TEST_F(RegionCall, ATrackedLaunchShowsWhetherLaunchesNeedAFlush) {
  if (sync_launches_requested()) GTEST_SKIP() << "every call waits: no asynchronous launch";
  scoped_env times("CLPAR_KERNEL_TIMES", "1");  // every launch tracked
  const std::size_t n = 64, calls = 3;
  relax_calls relax(n, calls);
  outcome<device_context*> context = device_context::of(0);
  ASSERT_TRUE(context) << context.why;
  // PoCL issues a command on an idle queue at once; oclgrind runs it at the flush.
  const bool issues_at_once = context.value->device().name.find("Oclgrind") == std::string::npos;
  {
    data_scope scope("region_call_test.cpp:1:1 relax_loop");
    for (std::size_t c = 0; c < calls; ++c) {
      relax.run_in(scope, 1);
      EXPECT_EQ(context.value->submission(), issues_at_once ? launch_submission::at_enqueue
                                                            : launch_submission::on_flush)
          << c;
      scope.sync();  // an idle queue for the next launch
    }
  }
  relax.expect_done();
}

TEST_F(RegionCall, ThreadsShareOneDataScope) {
  // The threads of an OpenMP loop in a translated function call regions through the
  // function's one data scope, and sync() it before host code, all at once: the scope's
  // holds and auto's record of it are shared.  Each thread relaxes its own block of y.
  constexpr int threads = 4, rounds = 25;
  constexpr std::size_t block = 64;
  std::vector<float> x(threads * block), y(threads * block, 1.0f), want(y.size(), 1.0f);
  for (std::size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>(i % 5);
  for (int r = 0; r < rounds; ++r)
    for (std::size_t i = 0; i < y.size(); ++i) want[i] = 0.5f * want[i] + x[i];
  {
    data_scope scope("region_call_test.cpp:1:1 shared_scope");
    std::vector<std::thread> workers;
    for (int t = 0; t < threads; ++t)
      workers.emplace_back([&, t] {
        call_setup setup("relax", relax_source, 1);
        setup.info.checks_in_kernel = false;
        setup.dims = {range(block)};
        setup.views = {view_1d(x.data() + t * block, block, 1, false),
                       view_1d(y.data() + t * block, block, 1, true)};
        // Half the threads let auto decide (the scope's record), half go to the device.
        setup.placement = t % 2 ? placement_request::automatic : placement_request::device;
        launch_request request = setup.request();
        request.scope = &scope;
        for (int r = 0; r < rounds; ++r) {
          {
            region_call call(request);
            if (!call.ran_on_device())
              for (std::size_t i = t * block; i < (t + 1) * block; ++i)
                y[i] = 0.5f * y[i] + x[i];
          }
          if (r % 5 == 4) scope.sync();  // the host reads: every thread's data comes home
        }
      });
    for (std::thread& w : workers) w.join();
  }
  for (std::size_t i = 0; i < y.size(); ++i) ASSERT_EQ(y[i], want[i]) << i;
}

TEST_F(RegionCall, UntimedCallsKeepAnEventForOneKernelInSixteen) {
  // Without CLPAR_KERNEL_TIMES a call not decided by auto gets no profiling event, except
  // for one asynchronous launch in untimed_tracking_interval, which pending_kernels keeps
  // to find a failure.
  scoped_env times("CLPAR_KERNEL_TIMES", nullptr);
  const std::size_t n = 64, calls = 4 * untimed_tracking_interval;
  relax_calls relax(n, calls);
  outcome<device_context*> context = device_context::of(0);
  ASSERT_TRUE(context) << context.why;
  const double kernels_before = kernel_seconds_total();
  {
    data_scope scope("region_call_test.cpp:1:1 relax_loop");
    relax.run_in(scope, calls);
    if (!sync_launches_requested())
      EXPECT_LE(context.value->pending().size(), calls / untimed_tracking_interval);
    EXPECT_EQ(last_call().kernel_seconds, 0.0);  // not measured
    scope.sync();
  }
  relax.expect_done();
  EXPECT_EQ(kernel_seconds_total(), kernels_before);
  EXPECT_EQ(context.value->pending().size(), 0u);
}

TEST_F(RegionCall, CallsWithoutAScopeWaitForTheirKernel) {
  scoped_env times("CLPAR_KERNEL_TIMES", "1");
  const std::size_t n = 64;
  std::vector<float> x(n, 2.0f), y(n, 6.0f);
  call_setup setup("relax", relax_source, 1);
  setup.info.checks_in_kernel = false;
  setup.dims = {range(n)};
  setup.views = {view_1d(x.data(), n, 1, false), view_1d(y.data(), n, 1, true)};
  ASSERT_TRUE(run_traced(setup).on_device);
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], 5.0f) << i;  // 0.5 * 6 + 2, home at once
  const call_stats stats = last_call();
  EXPECT_TRUE(stats.on_device);
  EXPECT_GT(stats.kernel_seconds, 0.0);
}

TEST_F(RegionCall, EmptyViewIsPassedAsNull) {
  std::vector<float> x(300, 1.0f), y(300, 1.0f);
  const float a = 2.0f;
  call_setup setup("saxpy_extra", saxpy_extra_view_source, 1);
  setup.dims = {range(300)};
  setup.views = {view_1d(x.data(), 300, 1, false), view_1d(y.data(), 300, 1, true),
                 view_1d<float>(nullptr, 0, 1, true)};
  setup.scalars = {{&a, sizeof a}};
  const call_result result = run_traced(setup);
  ASSERT_TRUE(result.on_device) << result.trace;
  for (float value : y) ASSERT_EQ(value, 3.0f);
}

TEST_F(RegionCall, CompileErrorRunsOnTheHostWithTheBuildLog) {
  std::vector<float> y(10, 7.0f);
  call_setup setup("broken", compile_error_source, 1);
  setup.dims = {range(10)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11))"),
            std::string::npos)
      << result.trace;
  EXPECT_NE(result.trace.find("build log of kernel 'broken'"), std::string::npos) << result.trace;
  // The failure is remembered: the second call neither rebuilds nor prints the log again.
  const call_result again = run_traced(setup);
  EXPECT_FALSE(again.on_device);
  EXPECT_EQ(again.trace.find("build log"), std::string::npos) << again.trace;
}

TEST_F(RegionCall, ErrorWordDiscardsDeviceResults) {
  std::vector<float> y(100, 7.0f);
  call_setup setup("stops", stops_source, 1);
  setup.dims = {range(100)};
  setup.views = {view_1d(y.data(), 100, 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (kernel stopped an out-of-range access)"), std::string::npos)
      << result.trace;
  for (float value : y) ASSERT_EQ(value, 7.0f);
}

TEST_F(RegionCall, ACheckedCallAfterAnErrorStartsFromZeros) {
  // The error word is zeroed only when not known to be zero: after a kernel that reported
  // an error, the next checked call must not see that error again; after a clean one, the
  // word is reused as it is, and calls stay on the device.
  std::vector<float> stopped(100, 7.0f);
  call_setup stops("stops", stops_source, 1);
  stops.dims = {range(100)};
  stops.views = {view_1d(stopped.data(), 100, 1, true)};
  EXPECT_FALSE(run_traced(stops).on_device);
  std::vector<float> x(50, 1.0f), y(50, 2.0f);
  const float a = 3.0f;
  call_setup saxpy("saxpy", saxpy_source, 1);
  saxpy.dims = {range(50)};
  saxpy.views = {view_1d(x.data(), 50, 1, false), view_1d(y.data(), 50, 1, true)};
  saxpy.scalars = {{&a, sizeof a}};
  for (int call = 0; call < 3; ++call) {
    const call_result result = run_traced(saxpy);
    EXPECT_TRUE(result.on_device) << call << ": " << result.trace;
  }
  for (float value : y) ASSERT_EQ(value, 11.0f);  // 2 + 3 * (3 * 1)
  EXPECT_FALSE(run_traced(stops).on_device);
  EXPECT_TRUE(run_traced(saxpy).on_device);
}

TEST_F(RegionCall, Fp64Kernel) {
  std::vector<double> x(500), y(500);
  for (int i = 0; i < 500; ++i) {
    x[i] = 0.5 * i;
    y[i] = 1e-300;
  }
  const double a = 4.0;
  call_setup setup("daxpy", daxpy_source, 1, /*fp64=*/true);
  setup.dims = {range(500)};
  setup.views = {view_1d(x.data(), 500, 1, false), view_1d(y.data(), 500, 1, true)};
  setup.scalars = {{&a, sizeof a}};
  const call_result result = run_traced(setup);
  if (!list_devices()[0].fp64) {
    EXPECT_FALSE(result.on_device);
    EXPECT_NE(result.trace.find("device lacks cl_khr_fp64"), std::string::npos);
    return;
  }
  ASSERT_TRUE(result.on_device) << result.trace;
  for (int i = 0; i < 500; ++i) ASSERT_EQ(y[i], 2.0 * i + 1e-300) << i;  // needs double
}

TEST_F(RegionCall, ArgumentCountMismatchRunsOnTheHost) {
  std::vector<float> x(10), y(10);
  call_setup setup("saxpy", saxpy_source, 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(x.data(), 10, 1, false), view_1d(y.data(), 10, 1, true)};
  // The scalar `a` is missing.
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("kernel 'saxpy' takes 13 arguments, the call passes 12"),
            std::string::npos)
      << result.trace;
}

TEST_F(RegionCall, MisalignedViewsRunOnTheHost) {
  alignas(8) unsigned char bytes[64] = {};
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(8)};
  setup.views = {view_1d(reinterpret_cast<int*>(bytes), 8, 1, true),
                 view_1d(reinterpret_cast<int*>(bytes + 2), 8, 1, false)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("not a whole number of elements"), std::string::npos) << result.trace;
}

TEST_F(RegionCall, DeviceIndexFromTheEnvironment) {
  scoped_env device("CLPAR_DEVICE", "0:0");
  std::vector<int> out(10, -1);
  call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::automatic;
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_TRUE(result.on_device) << result.trace;
  EXPECT_NE(result.trace.find("(CLPAR_DEVICE names it)"), std::string::npos) << result.trace;
  EXPECT_EQ(out[9], 9);
}

/// One automatic call of `setup` (an iota kernel) over n elements of `out`, whose host
/// variant is slow (20 ms unless said otherwise), so that the device stays worth trying
/// (unless the device is slower still, as under oclgrind).
call_result call_iota_slowly(call_setup& setup, std::vector<int>& out, std::size_t n,
                             int host_milliseconds = 20) {
  setup.placement = placement_request::automatic;
  setup.dims = {range(n)};
  out.assign(n, -1);
  setup.views = {view_1d(out.data(), n, 1, true)};
  const call_result result = run_traced(setup, [&] {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i);
    std::this_thread::sleep_for(std::chrono::milliseconds(host_milliseconds));
  });
  EXPECT_EQ(out[n - 1], static_cast<int>(n - 1)) << result.trace;
  return result;
}

/// Calls decided by auto with the background start, PoCL a candidate device, after the
/// process's first (untimed) host run.
class RegionCallBackground : public RegionCall {
 protected:
  void SetUp() override {
    RegionCall::SetUp();
    if (!IsSkipped()) make_the_first_host_run();
  }
  scoped_env devices_{"CLPAR_AUTO_DEVICES", "all"};
  scoped_env background_{"CLPAR_AUTO_START", "background"};  // after RegionCall's "wait"
};

TEST_F(RegionCallBackground, AutoStartsOpenCLAndBuildsInTheBackground) {
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  // A source of its own: no earlier test in this process (under oclgrind) built it, and no
  // earlier run left it in the kernel cache (the process id makes it new).
  static const std::string source = std::string(iota_source) +
                                    "// built in the background by process " +
                                    std::to_string(::getpid()) + "\n";
  static call_setup setup("iota", source.c_str(), 1);
  const auto call = [&] { return call_iota_slowly(setup, out, n); };
  // In a process where nothing started OpenCL yet (ctest runs each test alone), starting
  // takes long enough that the first call sees it and the second sees the build.  Where
  // earlier tests in this process started it (all of them under oclgrind), the worker's
  // start is instant and its build may be over before either call decides.
  const call_result first = call();
  EXPECT_FALSE(first.on_device);
  const bool starting =
      first.trace.find("-> host (auto: OpenCL is starting in the background)") !=
      std::string::npos;
  EXPECT_TRUE(starting ||
              first.trace.find("-> host (auto: the kernel is building in the background)") !=
                  std::string::npos)
      << first.trace;
  wait_for_background_work();
  const call_result second = call();
  if (starting) {
    EXPECT_FALSE(second.on_device);
    EXPECT_NE(second.trace.find("-> host (auto: the kernel is building in the background)"),
              std::string::npos)
        << second.trace;
  }
  wait_for_background_work();
  // Built: from now on the cost model decides, as under CLPAR_AUTO_START=wait.
  const call_result third = call();
  EXPECT_EQ(third.trace.find("in the background"), std::string::npos) << third.trace;
}

// The first call that wants a device asks for OpenCL's start only once its OpenMP variant
// has run, so that the program's first result does not share the host with the drivers'
// loading.
TEST_F(RegionCallBackground, TheFirstCallRunsOnTheHostBeforeOpenCLStarts) {
  if (devices_start_asked()) GTEST_SKIP() << "an earlier test in this process started OpenCL";
  const std::size_t n = first_call_device_iterations;
  std::vector<int> out(n, -1);
  call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::automatic;
  setup.dims = {range(n)};
  setup.views = {view_1d(out.data(), n, 1, true)};
  bool asked_while_running = true;
  const call_result first = run_traced(setup, [&] {
    asked_while_running = devices_start_asked();
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i);
  });
  EXPECT_FALSE(first.on_device);
  EXPECT_NE(first.trace.find("-> host (auto: OpenCL is starting in the background)"),
            std::string::npos)
      << first.trace;
  EXPECT_FALSE(asked_while_running);
  EXPECT_TRUE(devices_start_asked());
  EXPECT_EQ(out[n - 1], static_cast<int>(n - 1));
  wait_for_background_work();
}

TEST_F(RegionCallBackground, WaitForAutoDevicesStartsThemBeforeAnyCall) {
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  static const std::string source = std::string(iota_source) + "// started ahead by process " +
                                    std::to_string(::getpid()) + "\n";
  static call_setup setup("iota", source.c_str(), 1);
  const auto call = [&] { return call_iota_slowly(setup, out, n); };
  // clpar/rt/start.hpp: the start is done when it returns, so the first call only waits
  // for its own kernel.
  wait_for_auto_devices();
  EXPECT_TRUE(devices_started(true));
  const call_result first = call();
  EXPECT_EQ(first.trace.find("OpenCL is starting"), std::string::npos) << first.trace;
  // The build that call queued is waited for too.
  wait_for_auto_devices();
  const call_result second = call();
  EXPECT_EQ(second.trace.find("in the background"), std::string::npos) << second.trace;
}

TEST_F(RegionCallBackground, AutoWaitsForTheDeviceWhereTheHostRunIsLong) {
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  static const std::string source = std::string(iota_source) + "// waited for\n";
  static call_setup setup("iota", source.c_str(), 1);
  const auto call = [&](int host_milliseconds) {
    return call_iota_slowly(setup, out, n, host_milliseconds);
  };
  // Nothing measured yet: the host, while the start (or, where an earlier test in this
  // process started OpenCL, the build) goes on in the background.
  const call_result first = call(80);
  EXPECT_FALSE(first.on_device);
  EXPECT_NE(first.trace.find("in the background)"), std::string::npos) << first.trace;
  // 80 ms on the host: the next call waits for the start and the build (the worker's own
  // "started in the background" line may come during it: the start begins once the first
  // call is over).
  const call_result second = call(80);
  EXPECT_EQ(second.trace.find("is starting in the background)"), std::string::npos)
      << second.trace;
  EXPECT_EQ(second.trace.find("is building in the background)"), std::string::npos)
      << second.trace;
}

TEST_F(RegionCall, AutoMeasuresEachVariantThenFollowsThePredictions) {
  // Where there is no GPU (PoCL here), CLPAR_AUTO_DEVICES=all makes the CPU device auto's
  // candidate.  The cost model keys on the region_info's address: a static one is this
  // test's own even when every test runs in one process.
  scoped_env devices("CLPAR_AUTO_DEVICES", "all");
  make_the_first_host_run();
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  static call_setup setup("iota", iota_source, 1);
  // After one measurement of each, the slow host variant makes the device predicted faster.
  const auto call = [&] { return call_iota_slowly(setup, out, n); };
  const call_result first = call();
  EXPECT_TRUE(first.on_device) << first.trace;
  EXPECT_NE(first.trace.find("(auto: first call, large enough for a device)"), std::string::npos)
      << first.trace;
  const call_result second = call();
  EXPECT_FALSE(second.on_device) << second.trace;
  EXPECT_NE(second.trace.find("(auto: measuring the host; predicted host not measured, device "),
            std::string::npos)
      << second.trace;
  for (int i = 0; i < 3; ++i) {
    const call_result later = call();
    EXPECT_NE(later.trace.find(" predicted faster; predicted host "), std::string::npos)
        << later.trace;
  }
}

TEST_F(RegionCall, AutoWaitsForTheDeviceWhereItMeasuresItAgain) {
  // A close loser whose prediction rests on one call is measured again at once.  In a data
  // scope a device call launches without waiting for its kernel, whose time then never
  // reaches the cost model: a retry must wait, or the loser's prediction stays on one call
  // and every later call retries it.
  scoped_env devices("CLPAR_AUTO_DEVICES", "all");
  make_the_first_host_run();
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  static call_setup probe("iota", iota_source, 1), setup("iota", iota_source, 1);
  static const char site[] = "region_call_test.cpp:3:1 retry";
  out.assign(n, -1);
  const int device = auto_site_over(setup, probe, out);
  ASSERT_GE(device, 0);
  // A kernel without checks of its own reports nothing back: in a scope it does not wait.
  setup.info.checks_in_kernel = false;
  // The site's device measured once, slow (10 ms), and its host once, faster but within
  // retry_factor: the device is the close loser, its prediction resting on one call.
  cost_table::instance().record_device(&setup.info, device, n, 10e-3);
  cost_table::instance().record_host(&setup.info, n, 6e-3);
  const auto in_scope = [&] {
    data_scope scope(site);
    return run_traced(setup, [&] {
      for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i);
    }, &scope);
  };
  const call_result retry = in_scope();
  EXPECT_TRUE(retry.on_device) << retry.trace;
  EXPECT_NE(retry.trace.find("(auto: measuring the predicted slower side again"),
            std::string::npos)
      << retry.trace;
  // The retry's kernel time was recorded: the device's prediction now rests on two calls,
  // and no later call retries it (on PoCL the device then wins; under oclgrind, whose
  // kernels take milliseconds, the host).
  for (int i = 0; i < 3; ++i) {
    const call_result later = in_scope();
    EXPECT_EQ(later.trace.find("10080 us"), std::string::npos) << later.trace;
    EXPECT_FALSE(later.on_device &&
                 later.trace.find("measuring the predicted slower side again") !=
                     std::string::npos)
        << later.trace;
  }
  EXPECT_EQ(out[n - 1], static_cast<int>(n - 1));
}

TEST_F(RegionCall, AutoSpreadsAnUploadOverAsManyCallsAsTheLastResidentMade) {
  // A time loop whose caller keeps its arrays with clpar::resident: the first resident
  // spreads the upload over the calls made so far (its first call bears it whole); the
  // next resident of the same site knows the loop's length from the last one and spreads
  // it over all of them from its first call on (a jacobi-2d step's first call stayed on
  // the host in each run of the loop, and the second uploaded the arrays anyway).
  scoped_env devices("CLPAR_AUTO_DEVICES", "all");
  make_the_first_host_run();
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  static call_setup probe("iota", iota_source, 1), setup("iota", iota_source, 1);
  static const char site[] = "region_call_test.cpp:4:1 resident loop";
  static const char other_site[] = "region_call_test.cpp:5:1 another resident loop";
  out.assign(n, -1);
  const int device = auto_site_over(setup, probe, out);
  ASSERT_GE(device, 0);
  // The predictions compared below differ by the transfers alone only where the kernel
  // times that calls keep recording stay below them.
  if (last_call().kernel_seconds > 1e-3)
    GTEST_SKIP() << "kernels take milliseconds on this device (" << last_call().kernel_seconds
                 << " s): each recorded time moves the device's prediction more than the "
                    "transfers do";
  // Both sides measured: the device's kernel quick, the host far slower, so that each call
  // runs on the device and its trace gives the device's prediction, transfers included.
  cost_table::instance().record_device(&setup.info, device, n, 10e-6);
  cost_table::instance().record_host(&setup.info, n, 1.0);
  const auto predicted_device = [](const std::string& trace) {
    const std::size_t at = trace.find(", device ");
    return at == std::string::npos ? -1.0 : std::atof(trace.c_str() + at + 9);
  };
  const auto loop = [&](const char* at) {
    std::vector<double> predictions;
    const view_arg views[] = {setup.views[0]};
    resident_hold keep(views, 1, at);
    for (int step = 0; step < 8; ++step) {
      const call_result step_call = run_traced(setup);
      EXPECT_TRUE(step_call.on_device) << step_call.trace;
      predictions.push_back(predicted_device(step_call.trace));
    }
    return predictions;
  };
  (void)loop(site);
  // The same site again, then a site that never ran, each after a resident ended: the
  // first call of each moves the same bytes.
  const std::vector<double> again = loop(site);
  const std::vector<double> fresh = loop(other_site);
  ASSERT_GT(fresh[7], 0) << "no device prediction in the trace";
  // Without history the first call bears its transfers alone, the second half of its
  // copy-back, and so on; the eighth shares them with seven.  With the last resident's
  // calls known, the first call already shares them with eight.
  const double alone = fresh[0] - fresh[7];
  EXPECT_GT(alone, 8) << fresh[0] << " us against " << fresh[7];
  EXPECT_LT(again[0] - fresh[7], alone / 4) << again[0] << " us against " << fresh[0];
  EXPECT_LE(again[1], fresh[1]);
  EXPECT_EQ(out[n - 1], static_cast<int>(n - 1));
}

TEST_F(RegionCall, AScopeSplitByThePredictionsTriesWholeModes) {
  // Two regions in one function: one whose host variant is slow (the device wins), one
  // whose host variant is quick (the host wins against a launch).  Once the predictions
  // split an execution so, the scope tries all on the device and all on the host.
  scoped_env devices("CLPAR_AUTO_DEVICES", "all");
  make_the_first_host_run();
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> slow_out, quick_out;
  static call_setup slow("iota", iota_source, 1), quick("iota", iota_source, 1);
  static const char site[] = "region_call_test.cpp:2:1 split";
  for (call_setup* setup : {&slow, &quick}) {
    setup->placement = placement_request::automatic;
    setup->dims = {range(n)};
  }
  const auto fill = [n](std::vector<int>& out) {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i);
  };
  std::vector<std::string> traces;
  for (int execution = 0; execution < 6; ++execution) {
    slow_out.assign(n, -1);
    quick_out.assign(n, -1);
    slow.views = {view_1d(slow_out.data(), n, 1, true)};
    quick.views = {view_1d(quick_out.data(), n, 1, true)};
    std::string trace;
    {
      data_scope scope(site);
      trace += run_traced(slow, [&] {
                 fill(slow_out);
                 std::this_thread::sleep_for(std::chrono::milliseconds(20));
               }, &scope).trace;
      trace += run_traced(quick, [&] { fill(quick_out); }, &scope).trace;
    }
    EXPECT_EQ(slow_out[n - 1], static_cast<int>(n - 1)) << trace;
    EXPECT_EQ(quick_out[n - 1], static_cast<int>(n - 1)) << trace;
    traces.push_back(trace);
  }
  // Executions 1 and 2 make first calls and trials; 3 follows the predictions.
  if (traces[2].find("device predicted faster") == std::string::npos ||
      traces[2].find("host predicted faster") == std::string::npos)
    GTEST_SKIP() << "the predictions did not split this device's calls: " << traces[2];
  EXPECT_NE(traces[3].find("(auto: the scope runs all on the device)"), std::string::npos)
      << traces[3];
  EXPECT_NE(traces[4].find("(auto: the scope runs all on the host)"), std::string::npos)
      << traces[4];
  // Then the fastest mode: not all on the host, which waits 20 ms for the slow region.
  EXPECT_EQ(traces[5].find("the scope runs all on the host"), std::string::npos) << traces[5];
}

TEST_F(RegionCall, TheProcesssFirstHostRunIsNotTimed) {
  // It starts OpenMP's threads: timed, it would make its site's host look slow for good.
  scoped_env devices("CLPAR_AUTO_DEVICES", "all");
  if (call_totals().on_host != 0)
    GTEST_SKIP() << "an earlier test in this process made its first host run";
  const std::size_t n = first_call_device_iterations;
  static std::vector<int> out;
  static call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::automatic;
  setup.dims = {range(n)};
  out.assign(n, -1);
  setup.views = {view_1d(out.data(), n, 1, true)};
  ASSERT_TRUE(run_traced(setup).on_device);  // first call: the size guess
  const call_result trial = run_traced(setup, [&] {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i);
  });
  ASSERT_FALSE(trial.on_device) << trial.trace;
  // That trial was the process's first host run: the host is still unmeasured.
  const call_result next = run_traced(setup, [&] {
    for (std::size_t i = 0; i < n; ++i) out[i] = static_cast<int>(i);
  });
  EXPECT_NE(next.trace.find("(auto: measuring the host; predicted host not measured"),
            std::string::npos)
      << next.trace;
  EXPECT_EQ(out[n - 1], static_cast<int>(n - 1));
}

TEST_F(RegionCall, OpenclCpuUsesACpuDevice) {
  if (!has_device_of_type("cpu")) GTEST_SKIP() << "no CPU OpenCL device";
  scoped_env device("CLPAR_DEVICE", "opencl-cpu");
  std::vector<int> out(10, -1);
  call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::automatic;
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  EXPECT_TRUE(run_traced(setup).on_device);
  EXPECT_EQ(out[9], 9);
}

TEST_F(RegionCall, OpenclGpuWithoutAGpuRunsOnTheHost) {
  if (has_device_of_type("gpu")) GTEST_SKIP() << "this machine has a GPU";
  scoped_env device("CLPAR_DEVICE", "opencl-gpu");
  std::vector<int> out(10, -1);
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("(CLPAR_DEVICE=opencl-gpu but no GPU device)"), std::string::npos)
      << result.trace;
  EXPECT_EQ(out[9], -1);
}

TEST_F(RegionCall, AutoWithoutAGpuRunsOnTheHost) {
  if (has_device_of_type("gpu")) GTEST_SKIP() << "this machine has a GPU";
  std::vector<int> out(1 << 16);
  call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::automatic;
  setup.dims = {range(out.size())};
  setup.views = {view_1d(out.data(), out.size(), 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (auto: no GPU device)"), std::string::npos) << result.trace;
}

TEST_F(RegionCall, InvalidDeviceValueWarnsOnce) {
  scoped_env device("CLPAR_DEVICE", "bogus");
  std::vector<int> out(10);
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  const call_result first = run_traced(setup);
  const call_result second = run_traced(setup);
  EXPECT_NE(first.trace.find("warning: CLPAR_DEVICE='bogus'"), std::string::npos) << first.trace;
  EXPECT_EQ(second.trace.find("warning"), std::string::npos) << second.trace;
  EXPECT_TRUE(second.on_device);  // auto, and the call asked for a device
}

TEST_F(RegionCall, ConcurrentCallsFromThreads) {
  constexpr int threads = 4;
  constexpr int calls = 10;
  constexpr std::size_t n = 2000;
  std::vector<std::thread> workers;
  std::vector<int> failures(threads, 0);
  for (int t = 0; t < threads; ++t) {
    workers.emplace_back([t, &failures] {
      std::vector<float> x(n, 1.0f), y(n, 0.0f);
      const float a = static_cast<float>(t + 1);
      call_setup setup("saxpy", saxpy_source, 1);
      setup.dims = {range(n)};
      setup.views = {view_1d(x.data(), n, 1, false), view_1d(y.data(), n, 1, true)};
      setup.scalars = {{&a, sizeof a}};
      for (int c = 0; c < calls; ++c) {
        const launch_request request = setup.request();
        region_call call(request);
        if (!call.ran_on_device()) ++failures[t];
      }
      for (float value : y)
        if (value != a * calls) ++failures[t];
    });
  }
  for (auto& worker : workers) worker.join();
  for (int t = 0; t < threads; ++t) EXPECT_EQ(failures[t], 0) << "thread " << t;
}

// ---- reductions ----

TEST_F(RegionCall, IntSumOverSizesAroundTheWorkGroup) {
  for (std::size_t n : {std::size_t{1}, std::size_t{255}, std::size_t{256}, std::size_t{257},
                        std::size_t{100000}}) {
    std::vector<int> x(n);
    int expected = 1000;  // the variable's value before the loop takes part
    for (std::size_t i = 0; i < n; ++i) {
      x[i] = static_cast<int>(i % 17) - 5;
      expected += x[i];
    }
    int sum = 1000;
    call_setup setup("sum", sum_source.c_str(), 1);
    setup.dims = {range(n)};
    setup.views = {view_1d(x.data(), n, 1, false)};
    setup.reductions = {{&sum, scalar_kind::i32, reduction_op::add}};
    const call_result result = run_traced(setup);
    ASSERT_TRUE(result.on_device) << n << ": " << result.trace;
    EXPECT_EQ(sum, expected) << n;
  }
}

TEST_F(RegionCall, SumOverARangeWithFirstAndStep) {
  std::vector<int> x(100);
  for (int i = 0; i < 100; ++i) x[i] = i;
  int sum = -7;
  call_setup setup("sum", sum_source.c_str(), 1);
  setup.dims = {{99, -3, 34}};  // prange(99, -3, -3): 99, 96, ..., 0
  setup.views = {view_1d(x.data(), 100, 1, false)};
  setup.reductions = {{&sum, scalar_kind::i32, reduction_op::add}};
  ASSERT_TRUE(run_traced(setup).on_device);
  EXPECT_EQ(sum, -7 + 3 * (33 * 34 / 2));
}

TEST_F(RegionCallHost, EmptyReductionStaysOnTheHostAndKeepsTheTarget) {
  int sum = 1000;
  call_setup setup("sum", sum_source.c_str(), 1);
  setup.dims = {range(0)};
  setup.views = {view_1d<int>(nullptr, 0, 1, false)};
  setup.reductions = {{&sum, scalar_kind::i32, reduction_op::add}};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("n=0 -> host (nothing to do)"), std::string::npos) << result.trace;
  EXPECT_EQ(sum, 1000);
}

TEST_F(RegionCall, Sum2D) {
  // 37 x 101: neither dimension a multiple of its work-group size, so the NDRange has
  // several work-groups in both OpenCL dimensions and idle work-items in the last ones.
  constexpr std::uint64_t rows = 37, cols = 101;
  std::vector<std::int64_t> a(rows * cols);
  std::int64_t expected = 5;
  for (std::uint64_t i = 0; i < rows; ++i)
    for (std::uint64_t j = 0; j < cols; ++j) {
      a[i * cols + j] = static_cast<std::int64_t>(1000 * i + j) * 1000003;
      expected += a[i * cols + j];
    }
  std::int64_t total = 5;
  call_setup setup("sum2", sum_2d_source.c_str(), 2);
  setup.dims = {range(rows), range(cols)};
  setup.views = {view_2d(a.data(), rows, cols, cols, 1, false)};
  setup.reductions = {{&total, scalar_kind::i64, reduction_op::add}};
  const call_result result = run_traced(setup);
  ASSERT_TRUE(result.on_device) << result.trace;
  EXPECT_EQ(total, expected);
}

TEST_F(RegionCall, FloatMinAndMax) {
  constexpr std::size_t n = 3001;
  std::vector<float> x(n);
  for (std::size_t i = 0; i < n; ++i)
    x[i] = static_cast<float>((i * 7919) % 1009) * 0.25f - 100.0f;  // -100 .. 152
  x[1234] = -123.5f;
  x[2999] = 200.75f;
  {
    float lo = 0.5f, hi = 0.5f;  // inside the range: the array decides
    call_setup setup("min_max", min_max_source.c_str(), 1);
    setup.dims = {range(n)};
    setup.views = {view_1d(x.data(), n, 1, false)};
    setup.reductions = {{&lo, scalar_kind::f32, reduction_op::min},
                        {&hi, scalar_kind::f32, reduction_op::max}};
    const call_result result = run_traced(setup);
    ASSERT_TRUE(result.on_device) << result.trace;
    EXPECT_EQ(lo, -123.5f);
    EXPECT_EQ(hi, 200.75f);
  }
  {
    float lo = -1000.0f, hi = 1000.0f;  // outside: the variables' values win
    call_setup setup("min_max", min_max_source.c_str(), 1);
    setup.dims = {range(n)};
    setup.views = {view_1d(x.data(), n, 1, false)};
    setup.reductions = {{&lo, scalar_kind::f32, reduction_op::min},
                        {&hi, scalar_kind::f32, reduction_op::max}};
    ASSERT_TRUE(run_traced(setup).on_device);
    EXPECT_EQ(lo, -1000.0f);
    EXPECT_EQ(hi, 1000.0f);
  }
}

TEST_F(RegionCall, SeveralReductionsOfDifferentTypes) {
  constexpr std::size_t n = 5000;
  std::vector<std::int64_t> a(n);
  std::vector<double> b(n);
  std::vector<std::uint32_t> c(n);
  std::int64_t total = std::int64_t{1} << 40;
  double peak = -1.0;
  std::uint32_t bits = 0xdeadbeefu;
  std::int64_t expected_total = total;
  double expected_peak = peak;
  std::uint32_t expected_bits = bits;
  const double scale = 0.5;
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = (static_cast<std::int64_t>(i) - 2500) * 4000000007LL;
    b[i] = static_cast<double>((i * 104729) % 4999) + 1e-9 * static_cast<double>(i);
    c[i] = static_cast<std::uint32_t>(i * 2654435761u);
    expected_total += a[i];
    expected_peak = std::max(expected_peak, scale * b[i]);
    expected_bits ^= c[i];
  }
  call_setup setup("mixed", mixed_source.c_str(), 1, /*fp64=*/true);
  setup.dims = {range(n)};
  setup.views = {view_1d(a.data(), n, 1, false), view_1d(b.data(), n, 1, false),
                 view_1d(c.data(), n, 1, false)};
  setup.scalars = {{&scale, sizeof scale}};
  setup.reductions = {{&total, scalar_kind::i64, reduction_op::add},
                      {&peak, scalar_kind::f64, reduction_op::max},
                      {&bits, scalar_kind::u32, reduction_op::bit_xor}};
  const call_result result = run_traced(setup);
  if (!list_devices()[0].fp64) {
    EXPECT_FALSE(result.on_device);
    EXPECT_EQ(total, std::int64_t{1} << 40);
    return;
  }
  ASSERT_TRUE(result.on_device) << result.trace;
  EXPECT_EQ(total, expected_total);
  EXPECT_EQ(peak, expected_peak);
  EXPECT_EQ(bits, expected_bits);
}

TEST_F(RegionCall, WrappingProduct) {
  constexpr std::size_t n = 1000;
  std::vector<std::uint32_t> x(n);
  std::uint32_t product = 3;
  std::uint32_t expected = product;
  for (std::size_t i = 0; i < n; ++i) {
    x[i] = static_cast<std::uint32_t>(2 * i + 1);
    expected *= x[i];
  }
  call_setup setup("product", product_source.c_str(), 1);
  setup.dims = {range(n)};
  setup.views = {view_1d(x.data(), n, 1, false)};
  setup.reductions = {{&product, scalar_kind::u32, reduction_op::mul}};
  ASSERT_TRUE(run_traced(setup).on_device);
  EXPECT_EQ(product, expected);
}

TEST_F(RegionCall, ErrorWordLeavesTheReductionTargetUntouched) {
  std::vector<int> x(600, 1);
  int sum = 1000;
  call_setup setup("sum_stops", sum_stops_source.c_str(), 1);
  setup.dims = {range(600)};
  setup.views = {view_1d(x.data(), 600, 1, false)};
  setup.reductions = {{&sum, scalar_kind::i32, reduction_op::add}};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (kernel stopped an out-of-range access)"), std::string::npos)
      << result.trace;
  EXPECT_EQ(sum, 1000);
}

TEST_F(RegionCall, BuildFailureLeavesTheReductionTargetUntouched) {
  int sum = 1000;
  call_setup setup("sum_broken", sum_broken_source, 1);
  setup.dims = {range(600)};
  setup.reductions = {{&sum, scalar_kind::i32, reduction_op::add}};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (clBuildProgram failed"), std::string::npos) << result.trace;
  EXPECT_EQ(sum, 1000);
}

TEST_F(RegionCall, ReductionArgumentsCountInTheConvention) {
  // The call forgets its reduction: the kernel takes two arguments more.
  std::vector<int> x(10, 1);
  call_setup setup("sum", sum_source.c_str(), 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(x.data(), 10, 1, false)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("kernel 'sum' takes 10 arguments, the call passes 8"),
            std::string::npos)
      << result.trace;
}

TEST_F(RegionCall, BitwiseFloatReductionRunsOnTheHost) {
  std::vector<int> x(10, 1);
  float bogus = 1.0f;
  call_setup setup("sum", sum_source.c_str(), 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(x.data(), 10, 1, false)};
  setup.reductions = {{&bogus, scalar_kind::f32, reduction_op::bit_or}};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("(bitwise reduction of a floating-point variable)"),
            std::string::npos)
      << result.trace;
  EXPECT_EQ(bogus, 1.0f);
}

// ---- --strict-fp ----

TEST_F(RegionCall, StrictFpRunsOnlyWhereDivisionAndSqrtRoundCorrectly) {
  constexpr std::size_t n = 4096;
  std::vector<float> x(n), y(n, -1.0f);
  for (std::size_t i = 0; i < n; ++i) x[i] = 1.0f + static_cast<float>(i) * 0.37f;
  const float d = 3.0f;
  call_setup setup("strict", strict_source, 1);
  setup.info.strict_fp = true;
  setup.dims = {range(n)};
  setup.views = {view_1d(x.data(), n, 1, false), view_1d(y.data(), n, 1, true)};
  setup.scalars = {{&d, sizeof d}};
  const call_result result = run_traced(setup);
  if (!list_devices()[0].correctly_rounded_divide_sqrt) {
    EXPECT_FALSE(result.on_device);
    EXPECT_NE(
        result.trace.find("(device cannot round float division and sqrt correctly (--strict-fp))"),
        std::string::npos)
        << result.trace;
    EXPECT_EQ(y[0], -1.0f);
    return;
  }
  ASSERT_TRUE(result.on_device) << result.trace;
  // Correctly rounded on both sides: the device's results are the host's, bit for bit.
  for (std::size_t i = 0; i < n; ++i) ASSERT_EQ(y[i], std::sqrt(x[i]) / d) << i;
}

TEST_F(RegionCallHost, HostFromTheEnvironment) {
  scoped_env device("CLPAR_DEVICE", "host");
  std::vector<int> out(10, -1);
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (CLPAR_DEVICE=host)"), std::string::npos) << result.trace;
  EXPECT_EQ(out[9], -1);
}

TEST_F(RegionCallHost, HostPlacement) {
  scoped_env device("CLPAR_DEVICE", "opencl");
  std::vector<int> out(10, -1);
  call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::host;
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("-> host (.on(clpar::host))"), std::string::npos) << result.trace;
}

TEST_F(RegionCallHost, EmptyIterationSpace) {
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(0)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("n=0 -> host (nothing to do)"), std::string::npos) << result.trace;
}

TEST_F(RegionCallHost, SmallAutoCallsStayOnTheHost) {
  std::vector<int> out(100, -1);
  // The cost model keys on the region_info's address: a static one is this test's own
  // (a first call) even when every test runs in one process.
  static call_setup setup("iota", iota_source, 1);
  setup.placement = placement_request::automatic;
  setup.dims = {range(100)};
  setup.views = {view_1d(out.data(), 100, 1, true)};
  const call_result result = run_traced(setup);
  EXPECT_FALSE(result.on_device);
  EXPECT_NE(result.trace.find("(auto: first call, too small for a device)"), std::string::npos)
      << result.trace;
}

TEST_F(RegionCallHost, NoOpenclMeansHostSilently) {
  // Run by ctest with OCL_ICD_VENDORS pointing at an empty folder (see CMakeLists.txt).
  if (!list_devices().empty()) GTEST_SKIP() << "this machine has OpenCL devices";
  std::vector<int> out(10, -1);
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(10)};
  setup.views = {view_1d(out.data(), 10, 1, true)};
  const call_result traced = run_traced(setup);
  EXPECT_FALSE(traced.on_device);
  EXPECT_NE(traced.trace.find("-> host (" + why_no_devices() + ")"), std::string::npos)
      << traced.trace;
  scoped_env trace("CLPAR_TRACE", nullptr);
  const launch_request request = setup.request();
  testing::internal::CaptureStderr();
  {
    region_call call(request);
    EXPECT_FALSE(call.ran_on_device());
  }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
  EXPECT_EQ(out[9], -1);
}

TEST_F(RegionCallHost, NoTraceWithoutClparTrace) {
  scoped_env trace("CLPAR_TRACE", nullptr);
  scoped_env device("CLPAR_DEVICE", "host");
  call_setup setup("iota", iota_source, 1);
  setup.dims = {range(10)};
  const launch_request request = setup.request();
  testing::internal::CaptureStderr();
  { region_call call(request); }
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(HeaderStatementTrace, OneLineWithTheSiteAndWhyUnderClparTrace) {
  {
    scoped_env trace("CLPAR_TRACE", "1");
    testing::internal::CaptureStderr();
    trace_header_statement("k.cpp:7:3", "slice statement not offloaded: it does X");
    EXPECT_EQ(testing::internal::GetCapturedStderr(),
              "clpar: k.cpp:7:3 -> header (slice statement not offloaded: it does X)\n");
  }
  scoped_env trace("CLPAR_TRACE", nullptr);
  testing::internal::CaptureStderr();
  trace_header_statement("k.cpp:7:3", "why");
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

}  // namespace
}  // namespace clpar::rt
