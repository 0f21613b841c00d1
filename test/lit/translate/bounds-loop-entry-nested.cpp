// A loop whose accesses are checked when it starts, written as the body of another loop
// without braces: its checks declare a variable, so the checks and the loop are printed
// as a block of their own (printed bare, the kernel did not compile).
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl %flags
// RUN: %syntax-check-output
// RUN: FileCheck %s --strict-whitespace < %t.cl/clpar_nested_10_3.cl
#include <clpar/clpar.hpp>

void nested(clpar::view<const float> a, clpar::view<float> out, int j) {
  for (auto i : clpar::prange(out.size())) {
    float m[3][2];
    for (int r = 0; r < 3; ++r)
      for (int c = 0; c < 2; ++c)
        m[r][c] = a[(j + c) % 7];
    out[i] = m[2][1];
  }
}
// CHECK: {{^  }}for (int r = 0; r < 3; ++r)
// CHECK-NEXT: {{^    }}{
// CHECK-NEXT: {{^      }}bool clpar_ok0 = true;
// CHECK: {{^ *}}if (clpar_ok0){{$}}
// CHECK-NEXT: {{^        }}for (int c = 0; c < 2; ++c)
// CHECK-NEXT: {{^          }}m[{{.*}}] = a[{{.*}}];
// CHECK-NEXT: {{^    }}}
// CHECK-NEXT: {{^  }}out[{{.*}}] = m[5L];
