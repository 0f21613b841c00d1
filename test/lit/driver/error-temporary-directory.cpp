// The translated copies need a private temporary directory, in TMPDIR.
// RUN: not env TMPDIR=%t.nonexistent %clparxx --no-opencl -c %s -o %t.o 2>&1 | FileCheck %s

// CHECK: clpar++: error: cannot create a temporary directory in '{{.*}}.nonexistent': No such file or directory
