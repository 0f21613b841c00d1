// Translated code compiles with clang++ as the underlying compiler too (prange regions,
// reductions, calls and slice statements), and gives the g++ build's results.
// RUN: env CLPAR_CXX=clang++-19 %clparxx -std=c++20 -O2 -Wall -Wextra -Werror %S/../../e2e/programs/slices.cpp -o %t.slices
// RUN: env CLPAR_CXX=clang++-19 %clparxx -std=c++20 -O2 -Wall -Wextra -Werror %S/../../e2e/programs/reductions.cpp -o %t.reductions
// RUN: env CLPAR_CXX=clang++-19 %clparxx -std=c++20 -O2 %S/../../e2e/programs/polygon_call.cpp -o %t.polygon
// RUN: %cxx -std=c++20 -O2 -I%clpar_include %S/../../e2e/programs/slices.cpp -o %t.slices.ref
// RUN: env CLPAR_DEVICE=host %t.slices > %t.slices.out
// RUN: %t.slices.ref > %t.slices.expected
// RUN: diff %t.slices.out %t.slices.expected
// RUN: env CLPAR_DEVICE=opencl POCL_KERNEL_CACHE=0 %t.polygon | FileCheck %s
// CHECK: wrong=0
