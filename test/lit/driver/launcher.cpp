// As a compiler launcher (CMake's CXX_COMPILER_LAUNCHER), clpar++ runs the compiler
// that follows --clpar-launch with that compiler's arguments.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clparxx --no-opencl --clpar-launch %S/Inputs/fake-cxx.sh -DX=1 -c %s -o %t/x.o \
// RUN:   | FileCheck %s

// CHECK: fake-cxx -iquote {{.*}} -fopenmp {{.*}}-DX=1 -c {{.*}}launcher.cpp -o {{.*}}x.o

int launched() { return 0; }
