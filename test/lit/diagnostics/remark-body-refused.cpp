// What kernel bodies still refuse keeps the loop on OpenMP, with a remark naming it:
// private arrays of more than 4096 elements, a std::array initialized from an array the
// kernel does not hold (a constexpr one passed as a view) rather than a braced list or a
// copy of a held array, a case range of more than 256 values, a static local variable
// whose value is no constant (in the body or in a called function), a range-based for
// over an initializer list, other uses of a private array than its elements and size
// (fill()), a structured binding, a constant array past the tables' 48 KiB.
// The limits themselves are accepted: 4096 elements, a range of 256 values, a static
// const local with a constant value.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: %syntax-check-output
#include <array>
#include <vector>
#include <clpar/clpar.hpp>

constexpr std::array<int, 3> table = {1, 2, 3};
std::array<int, 3> settings = {1, 2, 3}; // not constant: passed as a view

void too_big(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    std::array<float, 4097> a{};
    // CHECK: remark-body-refused.cpp:[[@LINE-1]]:29: remark: prange loop not offloaded to OpenCL: it declares 'a', an array of 4097 elements; kernels hold arrays of 1 to 4096 elements; the OpenMP variant is used [-Rclpar]
    a[i % 4097] = v[i];
    v[i] = a[0];
  }
}

void largest(clpar::view<float> v) {
  // CHECK: remark-body-refused.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_largest_{{[0-9]+}}_3' and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    float a[4096] = {};
    a[i % 4096] = v[i];
    v[i] = a[0];
  }
}

// A copy of a table is a private array of its values.
void copied_table(clpar::view<int> v) {
  // CHECK: remark-body-refused.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_copied_table_{{[0-9]+}}_3' and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    std::array<int, 3> c = table;
    v[i] = c[i % 3];
  }
}

void copied_view(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    std::array<int, 3> c = settings;
    // CHECK: remark-body-refused.cpp:[[@LINE-1]]:24: remark: prange loop not offloaded to OpenCL: it initializes the array 'c' other than with a braced list of values; the OpenMP variant is used [-Rclpar]
    v[i] = c[i % 3];
  }
}

void wide_range(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    switch (v[i]) {
    case 0 ... 256:
      // CHECK: remark-body-refused.cpp:[[@LINE-1]]:5: remark: prange loop not offloaded to OpenCL: it uses the case range '0 ... 256' of more than 256 values; the OpenMP variant is used [-Rclpar]
      v[i] = 1;
      break;
    default:
      v[i] = 0;
    }
  }
}

void widest_range(clpar::view<int> v) {
  // CHECK: remark-body-refused.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_widest_range_{{[0-9]+}}_3' and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    switch (v[i]) {
    case -255 ... 0:
      v[i] = 1;
      break;
    default:
      v[i] = 0;
    }
  }
}

void counter(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    static int calls = 0;
    // CHECK: remark-body-refused.cpp:[[@LINE-1]]:16: remark: prange loop not offloaded to OpenCL: it declares the static variable 'calls'; the OpenMP variant is used [-Rclpar]
    v[i] = calls;
  }
}

int bump(int x) {
  static int n = 0;
  // CHECK: remark-body-refused.cpp:[[@LINE-1]]:14: remark: prange loop not offloaded to OpenCL: it declares the static variable 'n'; the OpenMP variant is used [-Rclpar]
  return x + n;
}

void counter_in_call(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = bump(v[i]);
}

void constant_static(clpar::view<int> v) {
  // CHECK: remark-body-refused.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_constant_static_{{[0-9]+}}_3' and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(v.size())) {
    static const int base = 4;
    v[i] = base;
  }
}

// A range-based for over an initializer list (over a local array, or a vector from
// outside, it translates: translate/range-for.cpp).
void range_for(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    int s = 0;
    for (int x : {1, 2, 3})
      // CHECK: remark-body-refused.cpp:[[@LINE-1]]:5: remark: prange loop not offloaded to OpenCL: it contains a range-based 'for' loop over something other than an array the kernel holds (a local array, a constant table or a struct's array member) or a vector or view from outside the loop; the OpenMP variant is used [-Rclpar]
      s += x;
    v[i] = s;
  }
}

void whole_array(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    std::array<int, 3> a;
    a.fill(int(i));
    // CHECK: remark-body-refused.cpp:[[@LINE-1]]:7: remark: prange loop not offloaded to OpenCL: it uses the local array 'a' other than through element access, size(), front() or back(); the OpenMP variant is used [-Rclpar]
    v[i] = a[0];
  }
}

void structured_binding(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    auto [p, q] = std::array<int, 2>{3, int(i)};
    // CHECK: remark-body-refused.cpp:[[@LINE-1]]:10: remark: prange loop not offloaded to OpenCL: it declares a structured binding of a type other than a struct; the OpenMP variant is used [-Rclpar]
    v[i] = p + q;
  }
}

// Constant arrays become __constant tables up to 48 KiB in all: the fourth of 16000 bytes
// does not fit, and is a view of the host's array instead (translate/builtin-array.cpp).
constexpr int c1[4000] = {1}, c2[4000] = {2}, c3[4000] = {3}, c4[4000] = {4};
void table_budget(clpar::view<int> w) {
  // CHECK: remark-body-refused.cpp:[[@LINE+1]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_table_budget_[[@LINE+1]]_3' and an OpenMP variant [-Rclpar]
  for (auto i : clpar::prange(w.size()))
    w[i] = c1[i % 4000] + c2[i % 4000] + c3[i % 4000] + c4[i % 4000];
}
