// Classes a kernel cannot hold, and uses of records it cannot translate: each loop keeps
// its OpenMP variant with the reason.
// RUN: %translate -Rclpar %flags 2>&1 | FileCheck %s
// RUN: %syntax-check-output
#include <clpar/clpar.hpp>

#include <array>

struct with_pointer {
  float *p;
  float get() const { return *p; }
};
void pointer_member(clpar::view<float> v, with_pointer w) {
  for (auto i : clpar::prange(v.size()))
    v[i] = w.get();
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it uses type 'with_pointer', which OpenCL C cannot represent: its member 'p' has type 'float *'; the OpenMP variant is used [-Rclpar]
}

struct base { float a; };
struct derived : virtual base { float b; };
void base_class(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    derived d{};
    v[i] = d.b;
  }
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-3]]:13: remark: prange loop not offloaded to OpenCL: it uses type 'derived', which OpenCL C cannot represent: it has a virtual base class; the OpenMP variant is used [-Rclpar]
}

// A base without data members has no object in a kernel, nor needs one: an object bound
// to a reference of its type is a stateless object (translate/function-objects.cpp), and
// its member functions run on the derived object (the CRTP's: translate/inheritance.cpp).
struct tag {};
struct tagged : tag { float a; };
void empty_base(clpar::view<float> v, tagged c) {
  for (auto i : clpar::prange(v.size())) {
    const tag &t = c;
    v[i] = c.a + float(sizeof(t));
  }
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-4]]:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_empty_base_{{[0-9]+}}_3' and an OpenMP variant [-Rclpar]
}

struct shape {
  float s;
  virtual float area() const { return s * s; }
};
void virtual_function(clpar::view<float> v, const shape &sh) {
  for (auto i : clpar::prange(v.size()))
    v[i] = sh.area();
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it uses type 'shape', which OpenCL C cannot represent: it has virtual functions; the OpenMP variant is used [-Rclpar]
}

struct packed {
  unsigned lo : 4, hi : 4;
};
void bit_field(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    packed p{1, 2};
    v[i] = float(p.lo);
  }
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-3]]:12: remark: prange loop not offloaded to OpenCL: it uses type 'packed', which OpenCL C cannot represent: its member 'lo' is a bit-field; the OpenMP variant is used [-Rclpar]
}

struct tally {
  int n;
  int add(int k) { return n += k; }
  void absorb(const tally &o) { n += o.n; }
  void take(clpar::view<tally> all, std::size_t k) { n += all[k].n; }
  tally &operator+=(int k) {
    n += k;
    return *this;
  }
  tally &same() {
    tally &self = *this;
    return self; // CHECK-DAG: remark-record-refused.cpp:[[@LINE]]:5: remark: prange loop not offloaded to OpenCL: it returns a reference other than '*this'; the OpenMP variant is used [-Rclpar]
  }
};
// A member function that changes its object needs the object's address: a variable of
// the loop, not one the host passes in.
void changes_outer(clpar::view<int> v, tally t) {
  for (auto i : clpar::prange(v.size()))
    v[i] = t.add(1);
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:14: remark: prange loop not offloaded to OpenCL: it calls the non-const member function 'tally::add' on an object other than a variable the loop declares or, as a whole statement or initializer, the element of a view; the OpenMP variant is used [-Rclpar]
}
// On the element of a view, the kernel changes a copy and stores it back: only where the
// call is a statement of its own, and nothing it is given reads that view.
void changes_element_value_used(clpar::view<int> v, clpar::view<tally> t) {
  for (auto i : clpar::prange(v.size()))
    v[i] = t[i].add(1);
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:17: remark: prange loop not offloaded to OpenCL: it calls the non-const member function 'tally::add' on an object other than a variable the loop declares or, as a whole statement or initializer, the element of a view; the OpenMP variant is used [-Rclpar]
}
void changes_element_argument_reads_view(clpar::view<tally> t) {
  for (auto i : clpar::prange(t.size()))
    t[i].absorb(t[i]);
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:10: remark: prange loop not offloaded to OpenCL: it calls the non-const member function 'tally::absorb' on the element of a view that an argument reads too; the OpenMP variant is used [-Rclpar]
}
void changes_element_given_its_view(clpar::view<tally> t) {
  for (auto i : clpar::prange(t.size()))
    t[i].take(t, i);
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:10: remark: prange loop not offloaded to OpenCL: it calls the non-const member function 'tally::take' on the element of a view that an argument reads too; the OpenMP variant is used [-Rclpar]
}
void changes_element_in_for_header(clpar::view<int> v, clpar::view<tally> t) {
  for (auto i : clpar::prange(v.size()))
    for (int k = t[i].add(1); k < 4; ++k)
      // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:23: remark: prange loop not offloaded to OpenCL: it calls the non-const member function 'tally::add' on an object other than a variable the loop declares or, as a whole statement or initializer, the element of a view; the OpenMP variant is used [-Rclpar]
      v[i] += k;
}
// `*this` by reference becomes nothing in the kernel: its value cannot be used.
void uses_this_reference(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    tally t{0};
    v[i] = (t += 2).n;
  }
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-2]]:15: remark: prange loop not offloaded to OpenCL: it uses the value of 'tally::operator+=', which returns '*this' by reference; the OpenMP variant is used [-Rclpar]
}
void returns_other_reference(clpar::view<int> v) {
  for (auto i : clpar::prange(v.size())) {
    tally t{0};
    t.same();
    v[i] = t.n;
  }
}

struct delegating {
  float a, b;
  delegating(float x, float y) : a(x), b(y) {}
  explicit delegating(float x) : delegating(x, x) {}
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:34: remark: prange loop not offloaded to OpenCL: it calls a constructor of 'delegating' that delegates to another constructor; the OpenMP variant is used [-Rclpar]
};
void delegates(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = delegating(v[i]).b;
}

struct early {
  float a;
  explicit early(float x) : a(x) {
    if (x < 0)
      return; // CHECK-DAG: remark-record-refused.cpp:[[@LINE]]:7: remark: prange loop not offloaded to OpenCL: it returns from a constructor; the OpenMP variant is used [-Rclpar]
    a = 2 * x;
  }
};
void returns_from_constructor(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = early(v[i]).a;
}

class half_initialized {
  float a = 1;
  float b;

public:
  float sum() const { return a + b; }
};
void value_initializes(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size()))
    v[i] = half_initialized{}.sum();
  // CHECK-DAG: remark-record-refused.cpp:[[@LINE-1]]:12: remark: prange loop not offloaded to OpenCL: it value-initializes 'half_initialized', whose default constructor is not trivial; the OpenMP variant is used [-Rclpar]
}

// A lambda gets the value of what it captures by copy: a mutable one cannot change its
// copy of a struct from outside the loop.  (One captured by reference is passed by address:
// translate/lambda-captures-by-reference.cpp.)
void lambda_writes_capture(clpar::view<float> v) {
  tally t{0};
  for (auto i : clpar::prange(v.size())) {
    auto first = [t]() mutable { t.n = 1; return t.n; }; // CHECK-DAG: remark-record-refused.cpp:[[@LINE]]:38: remark: prange loop not offloaded to OpenCL: it assigns to a member of a variable a lambda captured; the OpenMP variant is used [-Rclpar]
    v[i] = float(first());
  }
}

// An array member initialized from another array, and one reached through a pointer.
struct pair_of {
  std::array<float, 2> w;
};
struct with_array {
  float v[3];
};
void array_member_copied(clpar::view<float> v) {
  for (auto i : clpar::prange(v.size())) {
    std::array<float, 2> a{v[i], 1.0f};
    pair_of p{a}; // CHECK-DAG: remark-record-refused.cpp:[[@LINE]]:15: remark: prange loop not offloaded to OpenCL: it initializes the array member 'w' other than with a braced list of values; the OpenMP variant is used [-Rclpar]
    v[i] = p.w[0];
  }
}
void array_member_through_pointer(clpar::view<float> v, const with_array *q) {
  for (auto i : clpar::prange(v.size()))
    v[i] = q->v[1]; // CHECK-DAG: remark-record-refused.cpp:[[@LINE]]:15: remark: prange loop not offloaded to OpenCL: it uses the member 'v' through a pointer; the OpenMP variant is used [-Rclpar]
}
