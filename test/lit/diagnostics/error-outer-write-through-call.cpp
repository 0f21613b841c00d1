// Outer variables changed through calls are writes to outer variables too; through
// std::invoke, judged by the parameters of what it calls.
// RUN: not %translate %flags 2>&1 | FileCheck %s
#include <functional>
#include <vector>
#include <clpar/clpar.hpp>

void bump(int &x) { ++x; }
int plus_one(int x) { return x + 1; }
struct Add {
  int operator()(const int &a, int &b) const { return a + b; }
};

void f(clpar::view<int> v, std::vector<int> &log) {
  int count = 0;
  for (auto i : clpar::prange(v.size())) {
    bump(count);
    // CHECK: error-outer-write-through-call.cpp:[[@LINE-1]]:10: error: passes 'count', declared outside the prange loop, to 'bump' by non-const reference; only reductions may update outer variables
    log.push_back(v[i]);
    // CHECK: error-outer-write-through-call.cpp:[[@LINE-1]]:9: error: calls 'push_back' on 'log', declared outside the prange loop, which may modify it; only reductions may update outer variables
    int local = 0;
    bump(local);
    v[i] = local + int(log.size());
    std::invoke(bump, count);
    // CHECK: error-outer-write-through-call.cpp:[[@LINE-1]]:23: error: passes 'count', declared outside the prange loop, to 'invoke' by non-const reference; only reductions may update outer variables
    v[i] += std::invoke(plus_one, count) + std::invoke(Add{}, count, local);
    // CHECK-NOT: error-outer-write-through-call.cpp:[[@LINE-1]]
    v[i] += std::invoke(Add{}, local, count);
    // CHECK: error-outer-write-through-call.cpp:[[@LINE-1]]:39: error: passes 'count', declared outside the prange loop, to 'invoke' by non-const reference
  }
}
