// Compiler errors in the translated file point at the user's source lines (the input
// hides an error from the translator's own parse, which defines CLPAR_TRANSLATING).
// RUN: %clpar-translate %S/Inputs/type-error.cpp -o %t.cpp %flags
// RUN: not %cxx -std=c++20 -fsyntax-only -I%clpar_include %t.cpp 2>&1 | FileCheck %s
// CHECK: type-error.cpp:7:16: error:
