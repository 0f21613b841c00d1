// `clpar++ -c x.cpp` writes x.o in the working directory, as any compiler does, and
// leaves nothing in the temporary directory.
// RUN: rm -rf %t && mkdir -p %t/tmp %t/work
// RUN: cd %t/work && env TMPDIR=%t/tmp %clparxx --no-opencl -c %s
// RUN: ls -A %t/work | FileCheck %s
// RUN: ls -A %t/tmp | count 0

// CHECK-NOT: {{.}}
// CHECK: compile-without-o.o
// CHECK-NOT: {{.}}

int answer() { return 42; }
