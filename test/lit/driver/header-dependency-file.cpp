// A translated header's copy is compiled in its place, but -MMD's dependency file names
// the user's header, as it would without clpar++.
// RUN: %clparxx -c %s -o %t.o -MMD -MF %t.d -I%S/../translate/Inputs/kernels
// RUN: FileCheck %s < %t.d
#include "header-kernels.h"

// CHECK: header-dependency-file.cpp.tmp.o:
// CHECK: {{.*}}header-dependency-file.cpp
// CHECK: {{.*}}translate/Inputs/kernels/header-kernels.h
// CHECK-NOT: clpar-
// CHECK-NOT: headers/0
void use(clpar::view<float> v) { twice(v); }
