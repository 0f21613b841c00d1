// --no-opencl: OpenMP variants only, and the program needs neither the runtime nor
// OpenCL.  Without it, a program with an offloadable loop depends on the runtime.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clparxx --no-opencl -O1 %s -o %t/no-opencl
// RUN: readelf -d %t/no-opencl \
// RUN:   | FileCheck --check-prefix=NO-OPENCL --implicit-check-not=libOpenCL --implicit-check-not=libclpar_rt %s
// RUN: %t/no-opencl | FileCheck --check-prefix=OUT %s
// RUN: %clparxx -O1 %s -o %t/with-opencl
// RUN: readelf -d %t/with-opencl | FileCheck --check-prefix=WITH-OPENCL %s
// RUN: env CLPAR_DEVICE=host %t/with-opencl | FileCheck --check-prefix=OUT %s

// NO-OPENCL: (NEEDED){{.*}}libc.so

// WITH-OPENCL: (NEEDED){{.*}}libclpar_rt.so
// WITH-OPENCL: (RUNPATH){{.*}}lib

// OUT: sum 4950

#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

int main() {
  std::vector<int> V(100);
  for (auto I : clpar::prange(V.size()))
    V[I] = static_cast<int>(I);
  long Sum = 0;
  for (int X : V)
    Sum += X;
  std::printf("sum %ld\n", Sum);
  return 0;
}
