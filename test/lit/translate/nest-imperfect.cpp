// An imperfect nest, whose levels have declarations between them, is one region: the
// kernel makes the declarations in every work-item, the OpenMP variant runs the loops up
// to the first declaration in parallel and the rest as written.  Declarations a
// work-item could not make again for itself keep the inner loop serial, and say why.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl --dump-regions -Rclpar %flags > %t.dump 2> %t.remarks
// RUN: %syntax-check-output
// RUN: FileCheck --check-prefix=DUMP %s < %t.dump
// RUN: FileCheck --check-prefix=REMARK %s < %t.remarks
// RUN: FileCheck --check-prefix=KERNEL %s < %t.cl/clpar_rows_17_3.cl
// RUN: FileCheck --check-prefix=KERNEL3 %s < %t.cl/clpar_planes_40_3.cl
// RUN: FileCheck --check-prefix=HOST %s < %t.cpp
#include <clpar/clpar.hpp>

#include <cmath>

void rows(clpar::view<float, 2> out, clpar::view<const float, 1> w) {
  for (auto i : clpar::prange(out.extent(0))) {
    const float s = std::sqrt(w(i));
    float bias = 0.5f * s;
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = s * out(i, j) + bias;
  }
  // DUMP: {{^}}region [[@LINE-6]]:3 dims=2 kernel=clpar_rows_17_3 openmp-dims=1
  // REMARK: nest-imperfect.cpp:[[@LINE-7]]:3: remark: 2-D prange nest offloaded: OpenCL kernel 'clpar_rows_17_3' and an OpenMP variant [-Rclpar]
  // KERNEL: ulong j = (ulong)(clpar_first1 + (long)clpar_k1 * clpar_step1);
  // KERNEL-NEXT: const float s = sqrt(w[
  // KERNEL-NEXT: float bias = 0.5f * s;
  // KERNEL-NEXT: out[{{.*}}] = (s * out[{{.*}}]) + bias;
  // The prefix runs on the host even where the inner range is empty, which the checks
  // before launch skip: its views stay checked there.
  // HOST-NOT: {{^ *}}const auto clpar_unchecked
  // HOST: {{^}}#pragma omp parallel for
  // HOST-NEXT: {{^ *}}for (std::uint64_t clpar_k0 = 0; clpar_k0 < clpar_n0; ++clpar_k0) {
  // HOST: {{^ *}}const float s = std::sqrt(w(i));
  // HOST-NEXT: {{^ *}}float bias = 0.5f * s;
  // HOST-NEXT: {{^ *}}for (auto j : clpar::prange(out.extent(1)))
}

void planes(clpar::view<int, 3> out) {
  for (auto z : clpar::prange(out.extent(0)))
    for (auto y : clpar::prange(out.extent(1))) {
      const int row = int(z * 100 + y);
      for (auto x : clpar::prange(out.extent(2)))
        out(z, y, x) = row + int(x);
    }
  // DUMP: {{^}}region [[@LINE-6]]:3 dims=3 kernel=clpar_planes_40_3 openmp-dims=2
  // KERNEL3: ulong x = (ulong)(clpar_first2 + (long)clpar_k2 * clpar_step2);
  // KERNEL3-NEXT: const int row = (int)((z * 100UL) + y);
}

float scale(float x) { return 2 * x; }
float peek(clpar::view<const float> v, std::size_t i) { return v[i]; }
float bump(clpar::view<float> v, std::size_t i) { return v[i] += 1; }

void refused(clpar::view<float, 2> out, clpar::view<float> v, int n) {
  for (auto i : clpar::prange(out.extent(0))) {
    float s = scale(float(i)) + peek(v, i); // functions of values: may be made again
    v[i] += 1;
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = s;
  }
  // REMARK: nest-imperfect.cpp:[[@LINE-3]]:5: remark: prange loop not offloaded to OpenCL: it contains a prange loop after a statement that is not a declaration; it runs serially in each iteration; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(out.extent(0))) {
    float s = float(i);
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = s++;
  }
  // REMARK: nest-imperfect.cpp:[[@LINE-3]]:5: remark: prange loop not offloaded to OpenCL: it contains a prange loop that changes 's', declared before it (a work-item has its own copy; declare it const if it does not change); it runs serially in each iteration; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(out.extent(0))) {
    const std::size_t m = i + 1;
    for (auto j : clpar::prange(m))
      out(i, j) = 1;
  }
  // REMARK: nest-imperfect.cpp:[[@LINE-3]]:5: remark: prange loop not offloaded to OpenCL: it contains a prange loop whose bounds depend on 'm', declared before it; it runs serially in each iteration; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(out.extent(0)))
    for (auto j : clpar::prange(i))
      out(i, j) = 2;
  // REMARK: nest-imperfect.cpp:[[@LINE-2]]:5: remark: prange loop not offloaded to OpenCL: it contains a prange loop whose bounds depend on 'i'; it runs serially in each iteration; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(out.extent(0))) {
    const float k = bump(v, i) + float(n);
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = k;
  }
  // REMARK: nest-imperfect.cpp:[[@LINE-3]]:5: remark: prange loop not offloaded to OpenCL: it contains a prange loop after the declaration of 'k', whose initializer calls 'bump', which may change what its caller sees; it runs serially in each iteration; the OpenMP variant is used [-Rclpar]
  for (auto i : clpar::prange(out.extent(0))) {
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = 0;
    v[i] = 1;
  }
  // REMARK: nest-imperfect.cpp:[[@LINE-4]]:5: remark: prange loop not offloaded to OpenCL: it contains a prange loop followed by other statements; it runs serially in each iteration; the OpenMP variant is used [-Rclpar]
}

// A declaration that reads what the inner loop writes cannot be made again per
// work-item: (i, 1) would read m(i, 0) after (i, 0) wrote it.
void normalize(clpar::view<float, 2> m) {
  for (auto i : clpar::prange(m.extent(0))) {
    const float pivot = m(i, 0);
    for (auto j : clpar::prange(m.extent(1)))
      m(i, j) = m(i, j) / pivot;
  }
  // REMARK: nest-imperfect.cpp:[[@LINE-3]]:5: remark: prange loop not offloaded to OpenCL: it reads 'm' before its inner prange loop, which writes it (each work-item would read it again after others wrote it); the OpenMP variant is used [-Rclpar]
}
