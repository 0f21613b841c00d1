// -v prints each command before it runs: the translation, then the compiler with the
// translated copy in place of the source.
// RUN: %clparxx --no-opencl -v -c %s -o %t.o 2>&1 | FileCheck %s

// CHECK: clpar++ version {{[0-9]+\.[0-9]+\.[0-9]+}}
// CHECK: clpar-translate {{.*}}verbose.cpp -o [[COPY:.*/verbose.cpp]] --header-dir={{.*}}/headers --no-opencl -- -I{{.*}}include {{.*}}-fopenmp
// CHECK: -iquote {{.*}} -fopenmp {{.*}} -v -c [[COPY]] -o {{.*}}verbose.cpp.tmp.o

int verbose() { return 1; }
