// prange loops in templates are left as written (serial) and a remark says so.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
#include <clpar/clpar.hpp>

template <class T> void f(clpar::view<T> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = 1;
  // CHECK: remark-template.cpp:[[@LINE-2]]:3: remark: prange loop in a template is not translated yet; it runs serially [-Rclpar]
}
void g(clpar::view<int> v) { f(v); }
