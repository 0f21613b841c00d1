// clpar++ refuses to run itself as its underlying compiler (it would translate forever).
// RUN: not env CLPAR_CXX=%clparxx %clparxx -c %s -o %t.o 2>&1 | FileCheck %s

// CHECK: clpar++: error: CLPAR_CXX is clpar++ itself; name the C++ compiler it should run with --clpar-cxx=PATH or CLPAR_CXX
