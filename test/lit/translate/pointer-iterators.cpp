// Pointers into the arrays a work-item holds: a long position in a known array.  A
// pointer local is the position (`++p` increments it, `*p` reads the element there,
// checked against the array's length); a pointer parameter takes the array's first
// element, the position and the length, and indexes through them; a function returning
// a pointer returns the position, in the array of the parameter it points into (a range's
// end, the array of another parameter, as its distance from that array's start, which
// makes the callers give both parameters one array).  Pointers into two parameters'
// arrays compare by address.  A const local array used as a pointer stays a private
// array (no __constant table, which a private pointer cannot reach).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=LOCALS < %t.cl/clpar_locals_24_3.cl
// RUN: FileCheck %s --check-prefix=PARAMS < %t.cl/clpar_params_57_3.cl
// RUN: FileCheck %s --check-prefix=TABLE < %t.cl/clpar_table_84_3.cl
// RUN: FileCheck %s --check-prefix=STD < %t.cl/clpar_algorithms_95_3.cl
// RUN: FileCheck %s --check-prefix=OUTS < %t.cl/clpar_outs_130_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <algorithm>
#include <array>
#include <numeric>

void locals(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[4] = {1, 2, 3, v[i]};
    float s = 0;
    for (const float *p = a; p != a + 4; ++p)
      s += *p;
    float *q = &a[1];
    q += 2;
    v[i] = s + q[-1] + *q + float(q - a);
  }
}
// REMARK: pointer-iterators.cpp:24:3: remark: 1-D prange nest offloaded
// LOCALS: for (long p = 0L; p != (0L + 4L); ++p)
// LOCALS-NEXT: s += a[clpar_checked(clpar_err, {{[0-9]+}}, (long)p, 4UL)];
// LOCALS-NEXT: long q = 0L + 1L;
// LOCALS-NEXT: q += 2L;
// LOCALS-NEXT: a[clpar_checked(clpar_err, {{[0-9]+}}, (long)(q + ((long)(-1))), 4UL)]) + a[clpar_checked(clpar_err, {{[0-9]+}}, (long)q, 4UL)]) + ((float)(q - 0L))

void scale(float *p, int n, float by) {
  for (int k = 0; k < n; ++k)
    p[k] *= by;
}

const float *largest(const float *first, const float *last) {
  if (first == last)
    return last;
  const float *best = first;
  for (; first != last; ++first)
    if (*first > *best)
      best = first;
  return best;
}

void params(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[3] = {v[i], 2, 1};
    scale(a + 1, 2, 0.5f);
    v[i] = *largest(a, a + 3);
  }
}
// REMARK: pointer-iterators.cpp:57:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_params_57_3' calling 'scale', 'largest'
// PARAMS: void clpar_fn_scale(__global int *clpar_err, float *p, long clpar_at_p, ulong clpar_n_p, int n, float by)
// PARAMS: p[clpar_checked(clpar_err, {{[0-9]+}}, (long)(clpar_at_p + ((long)k)), clpar_n_p)] *= by;
// PARAMS: long clpar_fn_largest(__global int *clpar_err, const float *first, long clpar_at_first, ulong clpar_n_first, const float *last, long clpar_at_last, ulong clpar_n_last)
// PARAMS: if ((first + clpar_at_first) == (last + clpar_at_last))
// PARAMS-NEXT: return clpar_at_last;
// PARAMS-NEXT: long best = clpar_at_first;
// PARAMS-NEXT: for (; (first + clpar_at_first) != (last + clpar_at_last); ++clpar_at_first)
// PARAMS: return (first + best) - last;
// PARAMS: clpar_fn_scale(clpar_err, &a[0UL], 0L + 1L, 3UL, 2, 0.5f);
// PARAMS: a[clpar_checked(clpar_err, {{[0-9]+}}, (long)clpar_fn_largest(clpar_err, a, 0L, 3UL, a, 0L + 3L, 3UL), 3UL)]

void two_arrays(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1}, b[2] = {2, 3};
    v[i] = *largest(a, b + 2);
    // REMARK: pointer-iterators.cpp:[[@LINE-1]]:13: remark: prange loop not offloaded to OpenCL: it passes pointers into two arrays to 'largest', whose pointers must point into one (a range's ends); the OpenMP variant is used [-Rclpar]
  }
}

void table(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    const float k[3] = {1, 2, 3};
    v[i] = std::accumulate(k, k + 3, v[i]);
  }
}
// REMARK: pointer-iterators.cpp:84:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_table_84_3' calling 'std::accumulate'
// TABLE-NOT: __constant
// TABLE: const float k[3] = {1.0f, 2.0f, 3.0f};
// TABLE: clpar_fn_accumulate(clpar_err, k, 0L, 3UL, k, 0L + 3L, 3UL, {{.*}})

void algorithms(clpar::view<float> v, clpar::view<long> at) {
  for (auto i : clpar::prange(v.size())) {
    std::array<float, 4> w{v[i], 1, 4, 2};
    at[i] = std::max_element(w.begin(), w.end()) - w.begin();
    v[i] = *std::min_element(w.data(), w.data() + w.size()) + *std::begin(w);
  }
}
// REMARK: pointer-iterators.cpp:95:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_algorithms_95_3' calling {{.*}}'std::max_element'{{.*}}'std::min_element'
// STD: at[{{.*}}] = clpar_fn_max_element(clpar_err, w, 0L, 4UL, w, 4L, 4UL) - 0L;
// STD-NEXT: w[clpar_checked(clpar_err, {{[0-9]+}}, (long)clpar_fn_min_element(clpar_err, w, 0L, 4UL, w, 0L + 4L, 4UL), 4UL)] + w[0L];

void refused(clpar::view<float> v, clpar::view<float> w) {
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1};
    const float *p = a;
    if (p != nullptr)
      // REMARK: pointer-iterators.cpp:[[@LINE-1]]:14: remark: prange loop not offloaded to OpenCL: it uses a pointer other than one into an array the work-item holds (a local array or std::array: its name, &a[k], a.begin(), a.data(), and arithmetic on such pointers); the OpenMP variant is used [-Rclpar]
      v[i] = *p;
  }
  for (auto i : clpar::prange(v.size())) {
    float a[2] = {v[i], 1};
    v[i] = *largest(&w[0], a + 2);
    // REMARK: pointer-iterators.cpp:[[@LINE-1]]:21: remark: prange loop not offloaded to OpenCL: it passes a pointer other than one into an array the work-item holds (a local array or std::array) or to a variable of the loop to the parameter 'first' of 'largest'; the OpenMP variant is used [-Rclpar]
  }
}

// A variable's address for a pointer parameter (C's out-parameters): an array of one.
void bounds(const float *a, int n, float *lo, float *hi) {
  *lo = *hi = a[0];
  for (int k = 1; k < n; ++k) {
    *lo = a[k] < *lo ? a[k] : *lo;
    *hi = a[k] > *hi ? a[k] : *hi;
  }
}

void outs(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[3] = {v[i], 2, -1}, lo, hi;
    bounds(a, 3, &lo, &hi);
    v[i] = hi - lo;
  }
}
// REMARK: pointer-iterators.cpp:[[@LINE-6]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_outs_{{[0-9]+}}_3' calling 'bounds'
// OUTS: void clpar_fn_bounds(__global int *clpar_err, const float *a, long clpar_at_a, ulong clpar_n_a, int n, float *lo, long clpar_at_lo, ulong clpar_n_lo, float *hi, long clpar_at_hi, ulong clpar_n_hi)
// OUTS: lo[clpar_checked(clpar_err, {{[0-9]+}}, (long)clpar_at_lo, clpar_n_lo)] = hi[
// OUTS: clpar_fn_bounds(clpar_err, a, 0L, 3UL, 3, &lo, 0L, 1UL, &hi, 0L, 1UL);

// Two pointers stepped together in a `for` increment: the comma operator.
void pairs(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    float a[3] = {v[i], 1, 2}, b[3] = {3, 4, 5};
    float s = 0;
    const float *p = a, *q = b;
    for (; p != a + 3; ++p, ++q)
      s += *p * *q;
    v[i] = s;
  }
}
// REMARK: pointer-iterators.cpp:[[@LINE-9]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_pairs_{{[0-9]+}}_3'
