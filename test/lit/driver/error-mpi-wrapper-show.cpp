// An MPI compiler wrapper that cannot say which flags it adds: clpar++ translates without
// them.  A source that needs <mpi.h> then fails in translation, followed by the reason; one
// that does not builds, with the reason only under -v.
// RUN: not %clparxx --no-opencl --clpar-cxx=%S/Inputs/mpi-wrapper-broken/mpicxx -DNEEDS_MPI \
// RUN:   -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FAIL %s
// RUN: %clparxx --no-opencl --clpar-cxx=%S/Inputs/mpi-wrapper-broken/mpicxx -c %s -o %t.o \
// RUN:   2>&1 | FileCheck --check-prefix=QUIET --allow-empty %s
// RUN: %clparxx --no-opencl --clpar-cxx=%S/Inputs/mpi-wrapper-broken/mpicxx -v -c %s -o %t.o \
// RUN:   2>&1 | FileCheck --check-prefix=VERBOSE %s

// FAIL: error: 'mpi.h' file not found
// FAIL: clpar++: note: the MPI compiler wrapper did not say which flags it adds: '{{.*}}mpicxx -show' exited with status 1: mpicxx: cannot open the wrapper data file; sources are translated without its include directories
// QUIET-NOT: note
// VERBOSE: clpar++: note: the MPI compiler wrapper did not say which flags it adds
// VERBOSE: broken-mpicxx

#ifdef NEEDS_MPI
#include <mpi.h>
#endif
#include <clpar/clpar.hpp>

void twice(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) v[i] = 2 * v[i];
}
