// A function of the user's own that is named like a C math function is translated from
// its body; the library's functions of the same name still map to OpenCL built-ins.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck --check-prefix=REMARK %s
// RUN: %syntax-check-output
// RUN: FileCheck %s < %t.cl/clpar_f_21_3.cl
#include <clpar/clpar.hpp>

#include <cmath>

// The integer square root of x (rounded down), as a double.
double sqrt(long x) {
  long r = 0;
  while ((r + 1) * (r + 1) <= x)
    ++r;
  return double(r);
}

double round(double x, int places) { return std::round(x * places) / places; }

void f(clpar::view<double> w) {
  for (auto i : clpar::prange(w.size()))
    w[i] = sqrt(long(i) * 3) + round(double(i) / 7, 100) + std::sqrt(double(i));
  // REMARK: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_f_21_3' calling 'sqrt', 'round' and an OpenMP variant
  // CHECK: double clpar_fn_sqrt(__global int *clpar_err, long x)
  // CHECK: double clpar_fn_round(__global int *clpar_err, double x, int places)
  // CHECK-NEXT: {
  // CHECK-NEXT: return round(x * ((double)places)) / ((double)places);
  // CHECK: = (clpar_fn_sqrt(clpar_err, ((long)i) * 3L) + clpar_fn_round(clpar_err, ((double)i) / 7.0, 100)) + sqrt((double)i);
}
