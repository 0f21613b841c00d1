// A statement that uses a stored expression variable stays with the header (the
// translator offloads the statements in which an expression is written out).
// The statement says so in the trace when it runs (CLPAR_TRACE=1).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=TRACE < %t.cpp
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

void f(float a, clpar::view<const float> x, clpar::view<float> y) {
  auto e = a * x;
  y[clpar::all] = e + y;
  // CHECK: remark-slice-stored-expression.cpp:[[@LINE-1]]:3: remark: slice statement not offloaded: it builds an element-wise expression it cannot follow; the header evaluates it serially [-Rclpar]
  // TRACE: {{^}}  (::clpar::rt::trace_header_statement("{{.*}}remark-slice-stored-expression.cpp:[[@LINE-2]]:3", "slice statement not offloaded: it builds an element-wise expression it cannot follow"), {{$}}
  // TRACE-NEXT: {{^}}#line [[@LINE-3]] 
  // TRACE-NEXT: {{^}}  y[clpar::all] = e + y);
}
