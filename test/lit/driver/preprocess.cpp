// -E works (the source is translated first) and its line markers name the user's
// source, never the translated copy, whether the output goes to stdout or to -o.
// RUN: rm -rf %t && mkdir -p %t/tmp
// RUN: env TMPDIR=%t/tmp %clparxx --no-opencl -E %s | FileCheck --implicit-check-not=%t/tmp %s
// RUN: env TMPDIR=%t/tmp %clparxx --no-opencl -E %s -o %t/out.ii
// RUN: FileCheck --implicit-check-not=%t/tmp --input-file=%t/out.ii %s
// RUN: ls -A %t/tmp | count 0

// CHECK: # {{[0-9]+}} "{{.*}}preprocess.cpp"
// CHECK: int preprocessed_value = 7 * 6;

#define PREPROCESS_VALUE 7
int preprocessed_value = PREPROCESS_VALUE * 6;
