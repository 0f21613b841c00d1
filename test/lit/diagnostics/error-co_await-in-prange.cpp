// co_await inside a prange loop is an error.
// RUN: not %translate %flags 2>&1 | FileCheck %s
#include <coroutine>
#include <clpar/clpar.hpp>

struct task {
  struct promise_type {
    task get_return_object() { return {}; }
    std::suspend_never initial_suspend() { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};

task f(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    co_await std::suspend_never{};
    // CHECK: error-co_await-in-prange.cpp:[[@LINE-1]]:5: error: 'co_await' inside a prange loop
    v[i] = 1;
  }
}
