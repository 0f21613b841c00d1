// Arguments in a response file (@file) are read like gcc reads them, sources included.
// RUN: rm -rf %t && mkdir -p %t
// RUN: echo '--no-opencl -c "%s" -o "%t/from rsp.o"' > %t/args.rsp
// RUN: %clparxx @%t/args.rsp
// RUN: ls %t | FileCheck %s

// CHECK: from rsp.o

int in_response_file() { return 0; }
