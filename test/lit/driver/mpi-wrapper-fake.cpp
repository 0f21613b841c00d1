// An MPI compiler wrapper's -show output reaches the translator: its -I (the only way to
// find this <mpi.h>) as -isystem, its -D and -pthread, after the command's own flags; the
// compile itself is left to the wrapper, which adds them by itself.
// RUN: %clparxx --no-opencl --clpar-cxx=%S/Inputs/mpi-wrapper/mpicxx -v -DMINE=1 -c %s \
// RUN:   -o %t.o 2>&1 | FileCheck %s

// CHECK: {{.*}}Inputs/mpi-wrapper/mpicxx -show > {{.*}}/mpi-show.out
// CHECK: clpar-translate {{.*}} -- {{.*}} -DMINE=1 -isystem {{.*}}Inputs/mpi-wrapper/include -D FAKE_MPI_WRAPPER=1 -pthread -fopenmp
// CHECK-NOT: -lmpi
// CHECK: fake-mpicxx -iquote {{.*}} -DMINE=1 -c {{.*}}mpi-wrapper-fake.cpp -o
// CHECK-NOT: FAKE_MPI_WRAPPER

#include <clpar/clpar.hpp>
#include <mpi.h>

void twice(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) v[i] = 2 * v[i] + fake_mpi_rank();
}
