// Objects made by clpar++ -c are linked by clpar++ like by any compiler; the program
// links against the runtime's directory and runs.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clparxx -c %s -o %t/main.o
// RUN: %clparxx -c %S/Inputs/several-sources-helper.cpp -o %t/helper.o
// RUN: %clparxx %t/main.o %t/helper.o -o %t/program -v 2>&1 | FileCheck --check-prefix=LINK %s
// RUN: %clparxx %t/main.o %t/helper.o -o %t/program -v 2>&1 | FileCheck --check-prefix=NOCL %s
// RUN: %t/program | FileCheck --check-prefix=OUT %s

// Linking objects translates nothing and adds OpenMP and the runtime.
// LINK-NOT: clpar-translate
// LINK: -fopenmp {{.*}}main.o {{.*}}helper.o -o {{.*}}program {{.*}}-L{{.*}} -Wl,-rpath,{{.*}} -lclpar_rt -Wl,--pop-state
// The runtime opens OpenCL's ICD loader itself: the program does not link it.
// NOCL-NOT: -lOpenCL

// OUT: helper says 42

#include <cstdio>

int helper(int);

int main() {
  std::printf("helper says %d\n", helper(41));
  return 0;
}
