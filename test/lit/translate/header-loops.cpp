// Loops in the user's own headers are translated too: the translated file includes a
// translated copy of the header, listed in the header directory's headers.txt.
// RUN: rm -rf %t.h && %translate --header-dir=%t.h -Rclpar %flags -I%S/Inputs/kernels 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=CHECK-MAIN < %t.cpp
// RUN: FileCheck %s --check-prefix=CHECK-LIST < %t.h/headers.txt
// RUN: FileCheck %s --check-prefix=CHECK-COPY < %t.h/0/header-kernels.h
// RUN: %syntax-check-output
#include "header-kernels.h"

// REMARK-DAG: header-kernels.h:7:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_header_kernels_twice_7_3' calling 'helper_double' and an OpenMP variant [-Rclpar]
// REMARK-DAG: header-kernels.h:13:3: remark: 1-D prange nest in 'fill<int>' offloaded: OpenCL kernel 'clpar_header_kernels_fill_13_3_int' taking four iterations of 'i' per work-item and an OpenMP variant [-Rclpar]
// CHECK-MAIN: {{^}}#include "{{.*}}.h/0/header-kernels.h"
// CHECK-LIST: {{^}}{{.*}}.h/0/header-kernels.h{{	}}{{.*}}Inputs/kernels/header-kernels.h{{$}}
// CHECK-COPY: {{^}}#line 1 "{{.*}}Inputs/kernels/header-kernels.h"
// A quoted include of the copy names the file it found, which is not beside the copy.
// CHECK-COPY: {{^}}#include "{{/.*}}/Inputs/kernels/header-helper.h"
// CHECK-COPY: {{^}}inline void twice(clpar::view<float> v) {
// CHECK-COPY-NEXT: {{^  }}{ // clpar: 1-D prange nest at {{.*}}header-kernels.h:7:3: OpenCL kernel 'clpar_header_kernels_twice_7_3' and OpenMP variant
// CHECK-COPY: if constexpr (std::is_same_v<T, int>)

void use(clpar::view<float> v, clpar::view<int> n) {
  twice(v);
  fill(n, 3);
}
