//===- tools/clpar++/main.cpp - the clpar++ compiler driver ------------------===//
//
// A drop-in C++ compiler that translates clpar's prange loops and slice expressions
// (SPEC section 2.1).  Everything happens in lib/Driver.
//
//===----------------------------------------------------------------------===//
#include "Driver/Driver.h"

int main(int Argc, const char **Argv) {
  return clpar::driver::runDriver(llvm::ArrayRef(Argv, Argc));
}
