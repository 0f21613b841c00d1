// Dependency files name the user's source, never the translated copy in the temporary
// directory (ninja and make would see a file that no longer exists).
// RUN: rm -rf %t && mkdir -p %t/tmp %t/work
//
// -MD with -MF and -MT, as CMake and ninja use it.
// RUN: env TMPDIR=%t/tmp %clparxx --no-opencl -MD -MT obj.o -MF %t/explicit.d -c %s -o %t/obj.o
// RUN: FileCheck --check-prefix=EXPLICIT --implicit-check-not=%t/tmp --input-file=%t/explicit.d %s
// EXPLICIT: obj.o:
// EXPLICIT: dependency-file.cpp
// EXPLICIT: Inputs/dependency-file.h
//
// -MMD without -MF: the name comes from -o ...
// RUN: env TMPDIR=%t/tmp %clparxx --no-opencl -MMD -c %s -o %t/beside.o
// RUN: FileCheck --check-prefix=BESIDE --implicit-check-not=%t/tmp --input-file=%t/beside.d %s
// BESIDE: beside.o:
// BESIDE: dependency-file.cpp
//
// ... or from the source, in the working directory.
// RUN: cd %t/work && env TMPDIR=%t/tmp %clparxx --no-opencl -MMD -c %s
// RUN: FileCheck --check-prefix=DEFAULT --implicit-check-not=%t/tmp --input-file=%t/work/dependency-file.d %s
// DEFAULT: dependency-file.o:
// DEFAULT: dependency-file.cpp
//
// -M and -MM write the dependencies to standard output.
// RUN: env TMPDIR=%t/tmp %clparxx --no-opencl -MM %s | FileCheck --check-prefix=STDOUT --implicit-check-not=%t/tmp %s
// STDOUT: dependency-file.o:
// STDOUT: dependency-file.cpp
//
// RUN: ls -A %t/tmp | count 0

#include "Inputs/dependency-file.h"

int main() { return dependency_file_value() - 3; }
