// A misspelt or incomplete clpar option is an error, not something for the compiler.
// RUN: not %clparxx --clpar-cx=g++ -c %s 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// RUN: not %clparxx --keep-generated= -c %s 2>&1 | FileCheck --check-prefix=KEEP %s
// RUN: not %clparxx --clpar-cxx= -c %s 2>&1 | FileCheck --check-prefix=CXX %s
// RUN: not %clparxx --clpar-launch -c %s 2>&1 | FileCheck --check-prefix=LAUNCH %s
// RUN: not %clparxx -Rclpar-offload -c %s 2>&1 | FileCheck --check-prefix=REMARK %s

// UNKNOWN: clpar++: error: unknown clpar++ option '--clpar-cx=g++'; see 'clpar++ --help'
// KEEP: clpar++: error: '--keep-generated=' needs a directory
// CXX: clpar++: error: '--clpar-cxx=' needs the path of a C++ compiler
// LAUNCH: clpar++: error: '--clpar-launch' must be followed by a compiler
// REMARK: clpar++: error: unknown clpar++ option '-Rclpar-offload'; see 'clpar++ --help'
