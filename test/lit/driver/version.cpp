// --version names clpar++ with its build's identity (for compiler caches) and then lets
// the underlying compiler say its own; the compiler is chosen by --clpar-cxx, else
// CLPAR_CXX, else the one clpar was built with.
// RUN: %clparxx --version | FileCheck --check-prefix=DEFAULT %s
// RUN: env CLPAR_CXX=%S/Inputs/fake-cxx.sh %clparxx --version | FileCheck --check-prefix=ENV %s
// RUN: env CLPAR_CXX=/nonexistent/c++ %clparxx --clpar-cxx=%S/Inputs/fake-cxx.sh --version | FileCheck --check-prefix=OPTION %s

// DEFAULT: clpar++ {{[0-9]+\.[0-9]+\.[0-9]+}} (build {{[0-9a-f]{16}\)$}}
// DEFAULT-NEXT: {{.+}}

// ENV: clpar++ {{[0-9]+\.[0-9]+\.[0-9]+}} (build {{[0-9a-f]{16}\)$}}
// ENV-NEXT: fake-cxx --version

// OPTION: fake-cxx --version
