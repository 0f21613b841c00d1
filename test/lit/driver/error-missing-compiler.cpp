// An underlying compiler that cannot be found or run is reported with where its name
// came from.
// RUN: not %clparxx --clpar-cxx=no-such-compiler-for-clpar -c %s 2>&1 | FileCheck --check-prefix=PATH %s
// RUN: not env CLPAR_CXX=/nonexistent/c++ %clparxx -c %s 2>&1 | FileCheck --check-prefix=ENV %s

// PATH: clpar++: error: cannot find --clpar-cxx 'no-such-compiler-for-clpar' in PATH
// ENV: clpar++: error: cannot execute CLPAR_CXX '/nonexistent/c++'
