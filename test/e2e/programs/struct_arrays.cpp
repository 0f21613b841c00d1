// e2e: local arrays of structs in kernels, built-in (`vec2 poly[4]`, `cell grid[2][3]`) and
// std::array (`std::array<candidate, 4>`): set by braced lists (nested, partial, empty),
// default-initialized and filled in loops, elements assigned whole and copied one to
// another (a k-nearest insertion), fields read and written through `a[k].x`, range-based
// for loops by value, by const and by non-const reference, references bound to elements,
// const and non-const member functions called on elements, elements passed by reference to
// a function and to std::swap, a structured binding of an element, whole arrays copied and
// passed to functions, structs that hold a struct and an array member, and a function
// template's array of a class template.
// Every loop here offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters, and sums of squares of them: exact in every
// variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <cstddef>
#include <utility>
#include <vector>

namespace {

struct point {
  float x, y;
};

struct candidate {
  float d2;
  int index;
};

/// The k nearest of `pts` to each query, nearest first (ties keep the lower index): an
/// insertion into a std::array of structs that moves elements one place along.
void nearest(clpar::view<const point> queries, clpar::view<const point> pts,
             clpar::view<int> out) {
  for (auto q : clpar::prange(queries.size())) {  // region: 1
    std::array<candidate, 4> best;
    for (auto &c : best) c = candidate{1e30f, -1};
    const point p = queries[q];
    for (std::size_t j = 0; j < pts.size(); ++j) {
      const float dx = pts[j].x - p.x, dy = pts[j].y - p.y;
      const candidate c{dx * dx + dy * dy, static_cast<int>(j)};
      if (!(c.d2 < best[3].d2)) continue;
      int k = 3;
      while (k > 0 && c.d2 < best[k - 1].d2) {
        best[k] = best[k - 1];
        --k;
      }
      best[k] = c;
    }
    int code = 0;
    for (const candidate &c : best) code = code * 64 + c.index;
    out[q] = code;
  }
}

struct vec2 {
  float x, y;
  float cross(const vec2 &o) const { return x * o.y - y * o.x; }
  void scale(float s) {
    x *= s;
    y *= s;
  }
};

void bump(vec2 &v, float by) { v.y += by; }

/// Twice the area of a quadrilateral made around each point (a built-in array of structs,
/// nested braces), after moving its corners through references, methods and swaps.
void areas(clpar::view<const point> centres, clpar::view<float> out) {
  for (auto i : clpar::prange(centres.size())) {  // region: 1
    const float cx = centres[i].x, cy = centres[i].y;
    vec2 poly[4] = {{cx - 1, cy - 1}, {cx + 2, cy - 1}, {cx + 2, cy + 1.5f}, {cx - 1, cy + 1}};
    poly[1].x += 0.25f;
    vec2 &top = poly[2];
    top.y -= 0.5f;
    poly[3].scale(2.0f);
    bump(poly[0], 0.25f);
    if (cx > 8) std::swap(poly[1], poly[3]);
    float twice = 0;
    for (int k = 0; k < 4; ++k) twice += poly[k].cross(poly[(k + 1) % 4]);
    for (vec2 v : poly) twice += v.x * 0.0f;  // a copy per element: the values unchanged
    const auto [lx, ly] = poly[0];
    out[i] = twice + lx - ly;
  }
}

struct cell {
  float weight[2];
  point at;
};

/// A 2-D array of structs with array members, partly braced, the rest zero; a
/// default-initialized std::array filled in a loop; an empty list.
void cells(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    const float v = in[i];
    cell grid[2][3] = {{{{v, 1}, {0.5f, v}}, {{2, 0}, {v, v}}}};
    std::array<point, 3> path;
    for (std::size_t k = 0; k < path.size(); ++k) path[k] = point{v * float(k), float(k)};
    std::array<point, 2> zero{};
    for (auto &p : path) p.y += zero[1].x + 1;
    float s = 0;
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 3; ++c)
        s += grid[r][c].weight[0] * grid[r][c].at.x + grid[r][c].weight[1] * grid[r][c].at.y;
    grid[1][2].at = path[2];
    out[i] = s + grid[1][2].at.x + path.back().y + path.front().x;
  }
}

float spread(const std::array<point, 3> &p) { return p[2].x - p[0].x + p[1].y; }
float first_y(const point (&p)[2]) { return p[0].y; }

/// Whole arrays of structs: copied to another local, passed to functions by const
/// reference (std::array and built-in).
void copies(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    std::array<point, 3> a{{{in[i], 1}, {2, in[i]}, {in[i] * 2, 0.5f}}};
    auto b = a;
    b[0].x = 1;
    const point pair[2] = {a[1], b[0]};
    out[i] = spread(a) + spread(b) * 2 + first_y(pair) + a[0].x;
  }
}

template <class T>
struct span_of {
  T lo, hi;
};

/// A function template's local array of a class template's structs.
template <class T>
void spans(clpar::view<const T> in, clpar::view<T> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 2
    span_of<T> s[3] = {{in[i], in[i] + 1}, {T(0), in[i]}, {}};
    T total = 0;
    for (const auto &p : s) total += p.hi - p.lo;
    s[2] = s[0];
    out[i] = total + s[2].lo;
  }
}

}  // namespace

int main() {
  const std::size_t n = 600, m = 90;
  std::vector<point> pts(m), queries(n);
  for (std::size_t j = 0; j < m; ++j)
    pts[j] = {float(int(j * 37 % 23)) * 0.5f, float(int(j * 11 % 19)) * 0.5f};
  for (std::size_t i = 0; i < n; ++i)
    queries[i] = {float(int(i * 13 % 29)) * 0.25f, float(int(i * 7 % 31)) * 0.25f};
  std::vector<int> near(n);
  nearest(clpar::view<const point>(queries), clpar::view<const point>(pts),
          clpar::view<int>(near));
  show("nearest", near);

  std::vector<float> out(n), in(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = 0.25f * float(int(i % 41) - 20);
  areas(clpar::view<const point>(queries), clpar::view<float>(out));
  show("areas", out);
  cells(clpar::view<const float>(in), clpar::view<float>(out));
  show("cells", out);
  copies(clpar::view<const float>(in), clpar::view<float>(out));
  show("copies", out);
  spans(clpar::view<const float>(in), clpar::view<float>(out));
  show("spans_float", out);
  std::vector<int> iin(n), iout(n);
  for (std::size_t i = 0; i < n; ++i) iin[i] = int(i % 17) - 8;
  spans(clpar::view<const int>(iin), clpar::view<int>(iout));
  show("spans_int", iout);
  return 0;
}
