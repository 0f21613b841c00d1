// An underlying compiler killed by a signal fails the build with a message.
// RUN: not %clparxx --no-opencl --clpar-cxx=%S/Inputs/crashing-cxx.sh -c %s -o %t.o 2>&1 | FileCheck %s

// CHECK: clpar++: error: '{{.*}}crashing-cxx.sh' terminated: Segmentation fault
