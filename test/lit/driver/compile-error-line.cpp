// An error the compiler finds in the translated copy is reported at the user's file and
// line (the translator's #line directives), never at the temporary copy.  -Werror is the
// compiler's alone: the translator sees no warning flags, so only the compiler fails.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not env TMPDIR=%t %clparxx --no-opencl -Wunused-variable -Werror -c %s -o %t/out.o 2>&1 \
// RUN:   | FileCheck --implicit-check-not=%t/clpar- %s
// RUN: test ! -e %t/out.o

int f() {
  int unused_variable_here = 1;
  // CHECK: compile-error-line.cpp:[[# @LINE - 1]]:{{[0-9]+}}: error: unused variable 'unused_variable_here'
  return 0;
}
