// A translation error: clpar-translate reports it at the user's line, clpar++ exits
// non-zero, does not run the compiler, and leaves no output file.
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: not env TMPDIR=%t/tmp %clparxx -v -c %s -o %t/out.o 2>&1 | FileCheck %s
// RUN: test ! -e %t/out.o
// RUN: ls -A %t/tmp | count 0

#include <clpar/clpar.hpp>

#include <vector>

void scale(std::vector<float> &V) {
  for (auto I : clpar::prange(V.size())) {
    if (V[I] < 0)
      break;
    // CHECK: translation-error.cpp:[[# @LINE - 1]]:{{[0-9]+}}: error: {{.*}}break
    V[I] *= 2.0f;
  }
}

// The compiler line is the only one with -iquote.
// CHECK-NOT: -iquote
