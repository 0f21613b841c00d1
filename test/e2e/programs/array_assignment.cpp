// e2e: whole std::arrays in kernels: assigned as statements of their own (a private array
// from another, a time loop's state; from a braced list that reads the target; rows of a
// 2-D std::array from a row and from a list; a struct's array member; an array of
// structs; through a reference parameter), and returned by value from functions (a braced
// list, a local array, another function's result passed on; a function template, a
// lambda, an array of structs) into a declaration or an assignment.  Every loop here
// offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are halves and quarters, few steps: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace {

using state = std::array<double, 3>;

struct holder {
  std::array<float, 2> v;
  int n;
};

struct vec2 {
  float x, y;
};

void rotate(std::array<float, 4> &a) { a = {a[3], a[0], a[1], a[2]}; }

state deriv(const state &y) { return {y[1], -y[0], 0.5 * y[2]}; }

state euler(const state &y, double h) {
  const state k = deriv(y);
  state n;
  for (int c = 0; c < 3; ++c) n[c] = y[c] + h * k[c];
  return n;
}

state slope(const state &y) { return deriv(y); }  // passed on

template <std::size_t N>
std::array<float, N> reversed(const std::array<float, N> &a) {
  std::array<float, N> r{};
  for (std::size_t k = 0; k < N; ++k) r[k] = a[N - 1 - k];
  return r;
}

std::array<vec2, 2> swapped(const std::array<vec2, 2> &p) { return {p[1], p[0]}; }

/// A time loop over a private state: the next state computed into another array and
/// assigned back, then rotated through a braced list that reads the target.
void steps(clpar::view<const double> in, clpar::view<double> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    state y{in[i], 0.5, -0.25};
    state next{};
    for (int s = 0; s < 6; ++s) {
      for (int c = 0; c < 3; ++c) next[c] = y[(c + 1) % 3] * 0.5 + y[c];
      y = next;
      y = {y[2], y[0], y[1]};
    }
    out[i] = y[0] + 100 * y[1] + 10000 * y[2];
  }
}

/// Functions returning std::arrays: Euler steps of y' = (y1, -y0, y2 / 2).
void integrate(clpar::view<const double> in, clpar::view<double> out) {
  const auto halve = [](state y) {
    for (double &v : y) v *= 0.5;
    return y;
  };
  for (auto i : clpar::prange(in.size())) {  // region: 1
    state y{in[i], 1.0, 0.25};
    for (int s = 0; s < 4; ++s) y = euler(y, 0.25);
    state d = slope(y);
    d = halve(d);
    const std::array<float, 3> f{float(d[0]), 2, 4};
    const std::array<float, 3> r = reversed(f);
    std::array<vec2, 2> p{{{float(y[0]), 1}, {2, 3}}};
    p = swapped(p);
    out[i] = y[0] + 10 * y[1] + 100 * y[2] + 1000 * d[0] + r[0] + r[2] * 64 + p[1].x * 8;
  }
}

/// Rows, struct members and arrays of structs assigned whole; an array rotated by a
/// function through a reference.
void shapes(clpar::view<const float> in, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {  // region: 1
    std::array<std::array<int, 2>, 3> m{{{1, 2}, {3, 4}, {5, static_cast<int>(i % 9)}}};
    m[0] = m[2];
    m[1] = {m[1][1], m[0][1]};
    holder h{{in[i], 2.5f}, 3};
    h.v = {h.v[1], h.v[0]};
    std::array<float, 2> w{};
    w = h.v;
    std::array<vec2, 2> ps{{{in[i], 1}, {2, -in[i]}}}, qs{};
    qs = ps;
    ps[0] = qs[1];
    std::array<float, 4> r{in[i], 1, 2, 3};
    rotate(r);
    rotate(r);
    out[i] = float(m[0][1] + 10 * m[1][0] + 100 * m[1][1]) + w[0] * 1000 + w[1] * 10000 +
             ps[0].x * 0.25f + ps[1].y * 0.5f + qs[0].x + r[0] * 4 + r[3] * 16;
  }
}

}  // namespace

int main() {
  const std::size_t n = 500;
  std::vector<double> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = 0.25 * double(int(i % 37) - 18);
  steps(clpar::view<const double>(in), clpar::view<double>(out));
  show("steps", out);
  integrate(clpar::view<const double>(in), clpar::view<double>(out));
  show("integrate", out);
  std::vector<float> inf(n), outf(n);
  for (std::size_t i = 0; i < n; ++i) inf[i] = 0.5f * float(int(i % 23) - 11);
  shapes(clpar::view<const float>(inf), clpar::view<float>(outf));
  show("shapes", outf);
  return 0;
}
