// switch statements in a kernel body: case and default labels, fallthrough (implicit and
// [[fallthrough]]), GNU case ranges (one label per value), a switch with an
// init-statement; if with an init-statement or a condition variable; if consteval (only
// its run-time branch); a switch in a called function that returns from a case.
// RUN: rm -rf %t.cl && %clpar-translate %s -o %t.cpp --keep-generated=%t.cl -Rclpar -- -std=c++23 -I%clpar_include 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.cl/clpar_classify_28_3.cl
// RUN: FileCheck %s --check-prefix=CHECK-FN < %t.cl/clpar_ranks_115_3.cl
// RUN: %cxx -std=c++23 -fopenmp -fsyntax-only -I%clpar_include %t.cpp
#include <clpar/clpar.hpp>

// REMARK: body-switch.cpp:28:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_classify_28_3' and an OpenMP variant [-Rclpar]
// REMARK: body-switch.cpp:115:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_ranks_115_3' calling 'rank' and an OpenMP variant [-Rclpar]

// The switch's init-statement and the switch share a block of their own.
// CHECK: {{^ *}}ulong i = (ulong)(clpar_first0 + (long)clpar_k0 * clpar_step0);
// CHECK-NEXT: {{^ *}}int r = 0;
// CHECK-NEXT: {{^ *}}{{{$}}
// CHECK-NEXT: {{^ *}}int k = v[{{.*}}] % 8;
// CHECK-NEXT: {{^ *}}switch (k){{$}}
// CHECK-NEXT: {{^ *}}{{{$}}
// CHECK-NEXT: {{^ *}}case 0:
// CHECK-NEXT: {{^ *}}r = 10;
// CHECK-NEXT: {{^ *}}break;
// CHECK-NEXT: {{^ *}}case 1:
// CHECK-NEXT: {{^ *}}case 2:
// CHECK-NEXT: {{^ *}}r += 1;
void classify(clpar::view<const int> v, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size())) {
    int r = 0;
    switch (int k = v[i] % 8; k) {
    case 0:
      r = 10;
      break;
    case 1:
    case 2:
      r += 1;
      [[fallthrough]];
    case 3:
      r += 2;
      break;
    case 4 ... 6:
      r = 40;
      break;
    case 7 ... 6: // empty: labels nothing
      r = 70;
    default:
      int neg = -k; // a declaration right after a label
      r = neg;
    }
    if (int w = v[i] * 2; w > 5)
      r += w;
    else if (int z = v[i])
      r -= z;
    if consteval {
      r = 999;
    } else {
      r += 1;
    }
    out[i] = r;
  }
}
// [[fallthrough]] is an empty statement; the range 4 ... 6 is one label per value.
// CHECK-NEXT: {{^ *}};{{$}}
// CHECK-NEXT: {{^ *}}case 3:
// CHECK-NEXT: {{^ *}}r += 2;
// CHECK-NEXT: {{^ *}}break;
// CHECK-NEXT: {{^ *}}case 4:
// CHECK-NEXT: {{^ *}}case 5:
// CHECK-NEXT: {{^ *}}case 6:
// CHECK-NEXT: {{^ *}}r = 40;
// CHECK-NEXT: {{^ *}}break;
// The empty range labels nothing: its statement stays, unreachable after the break.  OpenCL
// C takes no declaration right after a label, so the label gets an empty statement.
// CHECK-NEXT: {{^ *}}r = 70;
// CHECK-NEXT: {{^ *}}default: ;
// CHECK-NEXT: {{^ *}}int neg = -k;
// CHECK-NEXT: {{^ *}}r = neg;
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}

// The condition variable of the else-if gets a block inside the else.
// CHECK-NEXT: {{^ *}}{{{$}}
// CHECK-NEXT: {{^ *}}int w = v[{{.*}}] * 2;
// CHECK-NEXT: {{^ *}}if (w > 5)
// CHECK-NEXT: {{^ *}}r += w;
// CHECK-NEXT: {{^ *}}else
// CHECK-NEXT: {{^ *}}{{{$}}
// CHECK-NEXT: {{^ *}}int z = v[{{.*}}];
// CHECK-NEXT: {{^ *}}if ((bool)z)
// CHECK-NEXT: {{^ *}}r -= z;
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}}

// if consteval: a kernel runs, so only the else branch is there.
// CHECK-NEXT: {{^ *}}{{{$}}
// CHECK-NEXT: {{^ *}}r += 1;
// CHECK-NEXT: {{^ *}}}
// CHECK-NEXT: {{^ *}}out[{{.*}}] = r;
// CHECK-NOT: 999

// In a called function, a case may return; 'a' ... 'c' has three labels.
int rank(char c) {
  switch (c) {
  case 'a' ... 'c':
    return 1;
  case 'x':
    return 2;
  default:
    break;
  }
  return 0;
}

void ranks(clpar::view<const char> s, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = rank(s[i]);
}
// CHECK-FN: {{^}}int clpar_fn_rank(__global int *clpar_err, char c)
// CHECK-FN-NEXT: {{^}}{
// CHECK-FN-NEXT: {{^ *}}switch ((int)c)
// CHECK-FN-NEXT: {{^ *}}{{{$}}
// CHECK-FN-NEXT: {{^ *}}case 97:
// CHECK-FN-NEXT: {{^ *}}case 98:
// CHECK-FN-NEXT: {{^ *}}case 99:
// CHECK-FN-NEXT: {{^ *}}return 1;
// CHECK-FN-NEXT: {{^ *}}case 120:
// CHECK-FN-NEXT: {{^ *}}return 2;
// CHECK-FN-NEXT: {{^ *}}default:
// CHECK-FN-NEXT: {{^ *}}break;
// CHECK-FN-NEXT: {{^ *}}}
// CHECK-FN-NEXT: {{^ *}}return 0;
// CHECK-FN-NEXT: {{^}}}
// CHECK-FN: = clpar_fn_rank(clpar_err, s[
