// A fold expression over a non-type pack ends the loop's body without braces: an
// instantiation's expanded fold ends at its last operand, before the ')', so the loop's
// replacement ends at the statement's ';' in the text.  The output compiles and each
// kernel holds its instantiation's sum.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-CL < %t.cl/clpar_add_all_12_3_1_2_3.cl
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

template <int... Ns>
void add_all(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) v[i] = (Ns + ...);
}
// REMARK: remark: 1-D prange nest in 'add_all<1, 2, 3>' offloaded: OpenCL kernel 'clpar_add_all_12_3_1_2_3'
// CHECK-CL: 1 + (2 + 3)

void use(clpar::view<int> v) { add_all<1, 2, 3>(v); }
