// Element-wise assignments in prange nests (Analysis/ElementwiseRows.h) get four
// iterations of the innermost prange per work-item and the aligned-rows form: which
// iterations qualify, each read's offset along rows, the kernel's vector statement with
// the build-time shift of each read, and what the stub and the remark say.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl --dump-regions -Rclpar %flags > %t.regions 2> %t.remarks
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=DUMP < %t.regions
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_jacobi_18_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-OMP < %t.cpp
// A read under ?: is checked per access, so the form needs bounds checks off:
// RUN: FileCheck %s --check-prefix=SELECT < %t.cl/clpar_select_50_3.cl
// RUN: rm -rf %t.nb && %clpar-translate %s -o %t.nb.cpp --no-bounds-check --keep-generated=%t.nb %flags
// RUN: FileCheck %s --check-prefix=NOCHECK < %t.nb/clpar_select_50_3.cl
#include <clpar/clpar.hpp>

void jacobi(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  for (auto i : clpar::prange(std::size_t(1), in.extent(0) - 1))
    for (auto j : clpar::prange(std::size_t(1), in.extent(1) - 1))
      out(i, j) = 0.2f * (in(i, j) + in(i, j - 1) + in(i, j + 2) + in(i + 1, j) + in(i - 1, j));
}
// REMARK: elementwise-rows.cpp:18:3: remark: 2-D prange nest offloaded: OpenCL kernel 'clpar_jacobi_18_3' taking four iterations of 'j' per work-item and an OpenMP variant [-Rclpar]
// DUMP-LABEL: kernel=clpar_jacobi_18_3
// DUMP: elementwise-rows dest=out out:0 in:0 in:-1 in:2 in:0 in:0 checked-before-launch{{$}}
// The destination's element at the prange's first value decides the alignment; each read
// is shifted by its view's position against the destination plus its own offset:
// CHECK-CL: {{^}}float4 clpar_window4(__global const float *p, const uint k) {
// CHECK-CL: {{^ *}}const ulong clpar_block = get_global_id(0);
// CHECK-CL: {{^}}#ifdef CLPAR_ROWS4
// CHECK-CL-NEXT: {{^ *}}const long clpar_j0 = 4 * (long)clpar_block - ((out_off + clpar_first1) & 3);
// CHECK-CL: {{^ *}}ulong j = (ulong)(clpar_first1 + (long)clpar_k1 * clpar_step1);
// CHECK-CL-NEXT: {{^ *}}(*(__global float4 *)(out + out_off + ((clpar_idx)i * (clpar_idx)out_s0 + (clpar_idx)j))) = 0.200000003f * ((((clpar_window4(in + in_off + ((clpar_idx)i * (clpar_idx)in_s0 + (clpar_idx)j), CLPAR_SHIFT1) + clpar_window4(in + in_off + ((clpar_idx)i * (clpar_idx)in_s0 + (clpar_idx)(j - 1UL)), (CLPAR_SHIFT1 + 3) & 3)) + clpar_window4(in + in_off + ((clpar_idx)i * (clpar_idx)in_s0 + (clpar_idx)(j + 2UL)), (CLPAR_SHIFT1 + 2) & 3)) + clpar_window4(in + in_off + ((clpar_idx)(i + 1UL) * (clpar_idx)in_s0 + (clpar_idx)j), CLPAR_SHIFT1)) + clpar_window4(in + in_off + ((clpar_idx)(i - 1UL) * (clpar_idx)in_s0 + (clpar_idx)j), CLPAR_SHIFT1));
// CHECK-CL: {{^}}#else
// CHECK-CL: {{^ *}}const ulong clpar_k1 = clpar_block + clpar_j * get_global_size(0);
// CHECK-CL: {{^}}#endif
// Four iterations per work-item (inner_block), and the aligned-rows form:
// CHECK-OMP: {{^ *}}2, false, false, false, nullptr, false, 4, false, false, true, true, 0, {{clpar_split|nullptr}}, false, true, true};

// The destination read where it is written, a compound assignment, a double scalar.
void update(clpar::view<double, 2> ex, clpar::view<const double, 2> hz, double c) {
  for (auto i : clpar::prange(ex.extent(0)))
    for (auto j : clpar::prange(std::size_t(1), ex.extent(1)))
      ex(i, j) -= c * (hz(i, j) - hz(i, j - 1)) + ex(i, j);
}
// DUMP-LABEL: kernel=clpar_update_
// DUMP: elementwise-rows dest=ex ex:0 hz:0 hz:-1 ex:0 checked-before-launch{{$}}

// A read under ?: is checked per access unless bounds checks are off.
void select(clpar::view<const float> x, clpar::view<float> y) {
  for (auto i : clpar::prange(y.size())) y[i] = x[i] > 0.0f ? x[i] : 2.0f * y[i];
}
// DUMP-LABEL: kernel=clpar_select_
// DUMP: elementwise-rows dest=y y:0 x:0 x:0 y:0{{$}}
// SELECT: clpar_checked(
// SELECT-NOT: CLPAR_ROWS4
// NOCHECK: {{^}}#ifdef CLPAR_ROWS4
// NOCHECK: {{^ *}}(*(__global float4 *)(y + y_off + ((clpar_idx)i))) = (clpar_window4(x + x_off + ((clpar_idx)i), CLPAR_SHIFT1) > 0.0f) ? clpar_window4(x + x_off + ((clpar_idx)i), CLPAR_SHIFT1) : (2.0f * (*(__global float4 *)(y + y_off + ((clpar_idx)i))));

// Not element-wise, or not along rows: no such form.
void others(clpar::view<const float, 2> a, clpar::view<float, 2> b, clpar::view<float, 2> c,
            clpar::view<const double, 2> d, clpar::view<const int> idx) {
  // The destination read at another element.
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(std::size_t(1), b.extent(1))) b(i, j) = b(i, j - 1) + a(i, j);
  // The innermost index moving with the outer prange.
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(b.extent(1) - b.extent(0))) b(i, j) = a(i, i + j);
  // Transposed: the destination not at the loop variables in order.
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(b.extent(1))) b(j, i) = a(i, j);
  // Another element type.
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(b.extent(1))) b(i, j) = float(d(i, j));
  // A gathered index.
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(b.extent(1))) b(i, j) = a(i, idx[j]);
  // Two statements.
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(b.extent(1))) {
      b(i, j) = a(i, j);
      c(i, j) = a(i, j);
    }
  // A step along rows still qualifies (the runtime takes the general path for it).
  for (auto i : clpar::prange(b.extent(0)))
    for (auto j : clpar::prange(std::size_t(0), b.extent(1), 2)) b(i, j) = a(i, j) * 2.0f;
}
// DUMP-LABEL: kernel=clpar_others_
// DUMP-NOT: elementwise-rows
// DUMP: kernel=clpar_others_
// DUMP-NOT: elementwise-rows
// DUMP: kernel=clpar_others_
// DUMP-NOT: elementwise-rows
// DUMP: kernel=clpar_others_
// DUMP-NOT: elementwise-rows
// DUMP: kernel=clpar_others_
// DUMP-NOT: elementwise-rows
// DUMP: kernel=clpar_others_
// DUMP-NOT: elementwise-rows
// DUMP: kernel=clpar_others_
// DUMP: elementwise-rows dest=b b:0 a:0 checked-before-launch{{$}}
