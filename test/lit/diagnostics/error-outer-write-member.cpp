// Writes to a member of an outer object or of *this, to an outer structured binding, and
// assignments of a whole outer struct or view (implicit or user operators) are writes to
// outer variables: errors, as SPEC 1.3 says.  Writes through an element or a pointer,
// to locals' members, and std::atomic's operators are not.
// RUN: rm -f %t.cpp && not %translate %flags 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not test -e %t.cpp
#include <clpar/clpar.hpp>

#include <atomic>
#include <vector>

struct point {
  float x, y;
  struct {
    float w;
  } in;
  point &operator+=(const point &o) {
    x += o.x;
    return *this;
  }
};

struct solver {
  float residual = 0;
  clpar::view<float> v;
  void step() {
    for (auto i : clpar::prange(v.size()))
      residual += v[i];
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:16: error: write to the member 'residual' of '*this', which every iteration shares; only reductions of variables (x += e, x *= e, x = std::min(x, e), ...) may update outer state: accumulate into a local declared before the loop
    for (auto i : clpar::prange(v.size()))
      v[i] = residual;  // reading is fine
  }
};

void f(clpar::view<float> v, point &q, std::vector<point> &ps, point *pp) {
  point p{};
  auto [a, b, c] = p;
  clpar::view<float> w = v;
  std::atomic<int> hits{0};
  for (auto i : clpar::prange(v.size())) {
    p.x = v[i];
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:9: error: write to 'p.x', part of 'p', declared outside the prange loop; only reductions of variables
    q.in.w += v[i];
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:12: error: write to 'q.in.w', part of 'q', declared outside the prange loop
    ++p.y;
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:5: error: write to 'p.y', part of 'p'
    a = v[i];
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:7: error: write to 'a', a structured binding declared outside the prange loop
    p = point{v[i], 0};
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:7: error: write to 'p', declared outside the prange loop; only reductions
    q += point{v[i], 0};
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:7: error: write to 'q', declared outside the prange loop
    w = v;
    // CHECK: error-outer-write-member.cpp:[[@LINE-1]]:7: error: write to 'w', declared outside the prange loop
    ps[i].x = v[i];
    pp->y = 1;
    point local = p;
    local.in.w = v[i];
    local += p;
    hits += 1;
    ++hits;
  }
}
