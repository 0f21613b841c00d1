// clpar++ finds clpar-translate beside itself; without it, sources cannot be compiled
// (objects still link).
// RUN: rm -rf %t && mkdir -p %t/bin
// RUN: cp %clparxx %t/bin/clpar++
// RUN: not %t/bin/clpar++ -c %s -o %t/x.o 2>&1 | FileCheck %s

// CHECK: clpar++: error: cannot find the translator: '{{.*}}bin/clpar-translate' is not an executable file
