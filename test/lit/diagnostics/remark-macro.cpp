// A prange loop written by a macro is left as written (serial).
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#define FILL(v, x) for (auto i : clpar::prange(v.size())) v[i] = x

void f(clpar::view<int> v) {
  FILL(v, 3);
  // CHECK: remark-macro.cpp:[[@LINE-1]]:3: remark: prange loop written in a macro expansion is not translated; it runs serially [-Rclpar]
}
