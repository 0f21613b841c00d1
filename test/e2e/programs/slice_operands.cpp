// e2e: operands of slice statements with side effects are evaluated once, as the statement
// as written evaluates them (issue 17): functions that return a view and count their calls,
// a std::vector returned by value and viewed through data(), a scalar from a counting call,
// in statements that run as written (shapes differ and shape_error is caught, a source
// overlaps the destination, min of nothing) and in ones that do not.  The counts and the
// results must be the serial build's.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;

namespace {

int view_calls = 0, vector_calls = 0, scalar_calls = 0, caught = 0;

clpar::view<int> counted(std::vector<int>& v) {
  ++view_calls;
  return clpar::view<int>(v);
}

std::vector<int> made(std::size_t n) {
  ++vector_calls;
  std::vector<int> r(n);
  std::iota(r.begin(), r.end(), int(vector_calls) * 100);
  return r;
}

int scalar() {
  return ++scalar_calls;
}

void counts(const char* after) {
  std::printf("%s: view calls %d, vector calls %d, scalar calls %d, caught %d\n", after,
              view_calls, vector_calls, scalar_calls, caught);
}

}  // namespace

int main() {
  const long n = 4096;
  std::vector<int> a(n), b(n);
  std::iota(a.begin(), a.end(), 1);
  std::iota(b.begin(), b.end(), -7);
  clpar::view<int> va(a), vb(b);

  // Disjoint memory, equal shapes: the offloaded path.
  counted(b)[all] = counted(a) * scalar() + 1;
  counts("disjoint");
  vb[all] = clpar::view<const int>(made(std::size_t(n)).data(), std::size_t(n)) +
                             scalar();
  counts("vector by value");

  // A source overlapping the destination: the statement as written, with a temporary.
  counted(a)[slice(1, n)] = counted(a)[slice(0, n - 1)] + scalar();
  counts("overlap");
  counted(a)[all] += counted(a)[slice(n - 1, -1, -1)] * scalar();
  counts("reversed overlap");
  va[slice(0, n, 2)] =
      clpar::view<const int>(made(std::size_t(n)).data(), std::size_t(n))[slice(0, n, 2)] -
      counted(a)[slice(1, n, 2)];
  counts("interleaved");

  // Shapes that differ: shape_error before anything is written.
  try {
    counted(a)[slice(0, 10)] = counted(b)[slice(0, 11)] * scalar();
  } catch (const clpar::shape_error&) {
    ++caught;
  }
  counts("shapes differ");
  try {
    vb[slice(0, 5)] =
        clpar::view<const int>(made(std::size_t(n)).data(), std::size_t(n)) + scalar();
  } catch (const clpar::shape_error&) {
    ++caught;
  }
  counts("vector shapes differ");

  // Reductions: offloaded, and min of nothing, which throws.
  const long long s = clpar::sum(counted(a) * scalar());
  counts("sum");
  try {
    std::printf("min %d\n", clpar::min(counted(a)[slice(0, 0)] + scalar()));
  } catch (const std::invalid_argument&) {
    ++caught;
  }
  counts("min of nothing");
  std::printf("sum %lld\n", s);
  show("a", a);
  show("b", b);
}
