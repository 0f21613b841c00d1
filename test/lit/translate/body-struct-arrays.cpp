// Local arrays of structs in a kernel body: a std::array<S, N> or S[N] (arrays of them
// too) declared in the body is a private array of the struct's record; a braced list
// gives each element a record value (clpar_rec_S_make), what it leaves out is zero
// (`= {0}`); elements are assigned whole, their fields read and written, a non-const
// member function or a reference parameter gets the element's address; a range-based
// for copies each element (by value) or names it (by reference); a whole array is copied
// element by element and passed to a const array parameter one element a parameter.  An
// array of structs as a struct's member, or beyond 4096 elements, stays on OpenMP.
// RUN: rm -rf %t.cl && %translate --keep-generated=%t.cl -Rclpar %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=NEAR < %t.cl/clpar_nearest_40_3.cl
// RUN: FileCheck %s --check-prefix=POLY < %t.cl/clpar_corners_70_3.cl
// RUN: %syntax-check-output
#include <array>
#include <clpar/clpar.hpp>

struct candidate {
  float d2;
  int index;
};

struct vec2 {
  float x, y;
  void scale(float s) {
    x *= s;
    y *= s;
  }
};

float spread(const std::array<vec2, 2> &p) { return p[1].x - p[0].x; }

// REMARK-DAG: body-struct-arrays.cpp:40:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_nearest_40_3' and an OpenMP variant [-Rclpar]
// NEAR: {{^}}  clpar_rec_candidate best[4] = {clpar_rec_candidate_make({{.*}}e+30f, -1)};
// NEAR: {{^}}    const clpar_rec_candidate c = clpar_rec_candidate_make(
// NEAR: best[clpar_checked(clpar_err, {{[0-9]+}}, (long)k, 4UL)] = best[clpar_checked(clpar_err, {{[0-9]+}}, (long)(k - 1), 4UL)];
// NEAR: {{^}}  for (ulong range_k = 0UL; range_k < 4UL; ++range_k)
// NEAR-NEXT: {{^}}  {
// NEAR-NEXT: {{^}}    const clpar_rec_candidate e = best[range_k];
// NEAR-NEXT: {{^}}    code = (code * 64) + e.index;
void nearest(clpar::view<const float> d, clpar::view<int> out) {
  for (auto q : clpar::prange(out.size())) {
    candidate best[4] = {{1e30f, -1}};
    for (int j = 0; j < 16; ++j) {
      const candidate c{d[(q + j) % d.size()], j};
      if (c.d2 < best[0].d2) {
        // The newest smaller value first: the others move one place along.
        for (int k = 3; k > 0; k = k - 1)
          best[k] = best[k - 1];
        best[0] = c;
      }
    }
    int code = 0; // the indices, nearest first, in base 64
    for (const candidate e : best)
      code = code * 64 + e.index;
    out[q] = code;
  }
}

// REMARK-DAG: body-struct-arrays.cpp:70:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_corners_70_3' calling 'vec2::scale', 'spread' and an OpenMP variant [-Rclpar]
// POLY: {{^}}float clpar_fn_spread(__global int *clpar_err, clpar_rec_vec2 clpar_arg_p_0, clpar_rec_vec2 clpar_arg_p_1)
// POLY-NEXT: {{^}}{
// POLY-NEXT: {{^}}  const clpar_rec_vec2 p[2] = {clpar_arg_p_0, clpar_arg_p_1};
// POLY: {{^}}  clpar_rec_vec2 grid[4] = {0};
// POLY-NEXT: {{^}}  grid[3L].y = x;
// POLY-NEXT: {{^}}  clpar_fn_vec2_scale(clpar_err, &grid[1L], 2.0f);
// POLY-NEXT: {{^}}  clpar_rec_vec2 pair[2] = {clpar_rec_vec2_make(x, 1.0f), grid[3L]};
// POLY-NEXT: {{^}}  clpar_rec_vec2 copy[2] = {pair[0UL], pair[1UL]};
// POLY-NEXT: {{^}}  copy[0UL].x += 1.0f;
// POLY-NEXT: {{^}}  out[{{.*}}] = clpar_fn_spread(clpar_err, copy[0UL], copy[1UL]) + grid[1L].x;
void corners(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    const float x = in[i];
    vec2 grid[2][2]{};
    grid[1][1].y = x;
    grid[0][1].scale(2.0f);
    std::array<vec2, 2> pair{{{x, 1.0f}, grid[1][1]}};
    auto copy = pair;
    copy[0].x += 1.0f;
    out[i] = spread(copy) + grid[0][1].x;
  }
}

struct polygon {
  vec2 v[4];
};

// REMARK-DAG: body-struct-arrays.cpp:[[@LINE+3]]:13: remark: prange loop not offloaded to OpenCL: it uses type 'polygon', which OpenCL C cannot represent: its member 'v' has type 'vec2[4]'; the OpenMP variant is used [-Rclpar]
void members(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    polygon p{};
    out[i] = p.v[1].x;
  }
}

// REMARK-DAG: body-struct-arrays.cpp:[[@LINE+3]]:10: remark: prange loop not offloaded to OpenCL: it declares 'many', an array of 5000 elements; kernels hold arrays of 1 to 4096 elements; the OpenMP variant is used [-Rclpar]
void large(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {
    vec2 many[5000];
    many[i % 5000].x = 1;
    out[i] = many[0].x;
  }
}
