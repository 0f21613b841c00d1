// --keep-generated=DIR must be a directory clpar++ can create; nothing is compiled
// otherwise.
// RUN: rm -rf %t && mkdir -p %t && echo > %t/file
// RUN: not %clparxx --no-opencl --keep-generated=%t/file/sub -c %s -o %t/x.o 2>&1 | FileCheck %s
// RUN: test ! -e %t/x.o

// CHECK: clpar++: error: cannot create '{{.*}}file/sub': Not a directory
