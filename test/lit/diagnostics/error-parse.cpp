// Malformed source: Clang's error, a non-zero exit and no output file.
// RUN: rm -f %t.cpp && not %clpar-translate %S/Inputs/malformed.cpp -o %t.cpp %flags 2>&1 | FileCheck %s
// RUN: not test -e %t.cpp
// CHECK: malformed.cpp:4:{{[0-9]+}}: error:
