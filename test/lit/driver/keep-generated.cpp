// --keep-generated keeps the translated source (default folder ./clpar-generated, or
// the one named), with #line directives back to the source.
// RUN: rm -rf %t && mkdir -p %t/work
// RUN: cd %t/work && %clparxx --no-opencl --keep-generated -c %s
// RUN: FileCheck --input-file=%t/work/clpar-generated/keep-generated.cpp %s
// RUN: %clparxx --no-opencl --keep-generated=%t/named -c %s -o %t/x.o
// RUN: FileCheck --input-file=%t/named/keep-generated.cpp %s

// CHECK: #line {{[0-9]+}} "{{.*}}keep-generated.cpp"
// CHECK: int kept_function

int kept_function() { return 5; }
