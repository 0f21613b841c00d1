// With an MPI compiler wrapper as the underlying compiler, clpar++ asks the wrapper which
// include directories it adds (`mpicxx -show`) and gives them to the translator, so a
// source including <mpi.h> translates; the same through CLPAR_CXX and as a launcher.
// REQUIRES: mpi
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clparxx --clpar-cxx=mpicxx -v -O2 %s -o %t/prog 2>&1 | FileCheck %s
// RUN: env CLPAR_CXX=mpicxx %clparxx -c %s -o %t/env.o
// RUN: %clparxx --clpar-launch mpicxx -c %s -o %t/launch.o
// RUN: test -x %t/prog -a -s %t/env.o -a -s %t/launch.o

// CHECK: mpicxx -show > {{.*}}/mpi-show.out
// CHECK: clpar-translate {{.*}}mpi-wrapper.cpp {{.*}} -- {{.*}} -O2 -isystem {{[^ ]*}}mpi{{[^ ]*}}/include {{.*}}-fopenmp
// CHECK-NOT: clpar++: note

#include <clpar/clpar.hpp>
#include <mpi.h>

#include <vector>

void scale(clpar::view<float> v, float a) {
  for (auto i : clpar::prange(v.size())) v[i] *= a;
}

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  std::vector<float> v(16, 1.0f);
  scale(clpar::view<float>(v), float(rank + 1));
  MPI_Finalize();
  return v[0] == float(rank + 1) ? 0 : 1;
}
