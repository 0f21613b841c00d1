// e2e: arrays of arrays in kernels: local `float[3][3]` and
// `std::array<std::array<int, 4>, 2>` (braced, partly braced and value-initialized), a
// 2-D constant table, a struct with a 2-D array member (constructed with nested lists,
// read as an object from outside the loop, and as the element of a view, changed through
// a reference and a pointer to one of its elements), size() of a row, a range-based `for` over a row, arrays and rows
// passed to functions (`const float (&)[3]`, std::array by value), and a function
// template whose local array's extents are template parameters.
// Every loop here offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace {

constexpr float smooth[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};

struct mat3 {
  float m[3][3];
  mat3() : m{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {}
  float apply(int r, const float (&v)[3]) const {
    return m[r][0] * v[0] + m[r][1] * v[1] + m[r][2] * v[2];
  }
  float trace() const { return m[0][0] + m[1][1] + m[2][2]; }
};

float spread(std::array<float, 2> row) {
  row[1] -= row[0];
  return row[1] * row[1];
}

struct cell {
  std::array<std::array<float, 2>, 3> v;
  int tag;
};

void blur(clpar::view<const float, 2> in, clpar::view<float, 2> out) {
  for (auto i : clpar::prange(std::size_t{1}, in.extent(0) - 1))  // region: 1
    for (auto j : clpar::prange(std::size_t{1}, in.extent(1) - 1)) {
      float w[3][3] = {{0, 1, 0}, {1, 4}, {0, 1}};
      float s = 0;
      for (int di = 0; di < 3; ++di)
        for (int dj = 0; dj < 3; ++dj)
          s += (w[di][dj] + smooth[di][dj]) * in(i + di - 1, j + dj - 1);
      for (float x : w[1]) s += x;
      out(i, j) = s * 0.25f;
    }
}

void outer(clpar::view<const float, 2> a, clpar::view<int> out) {
  for (auto i : clpar::prange(a.extent(0))) {  // region: 1
    std::array<std::array<int, 4>, 2> m{};
    for (std::size_t r = 0; r < m.size(); ++r)
      for (std::size_t c = 0; c < m[r].size(); ++c)
        m[r][c] = int(a(i, r)) * int(c + 1);
    std::array<std::array<int, 4>, 2> k = {{{1, 2}, {3}}};
    int t = 0;
    for (std::size_t c = 0; c < 4; ++c) t += m[0][c] * k[0][c] - m[1][c] * k[1][c];
    out[i] = t;
  }
}

void rotate(clpar::view<float, 2> p, const mat3 &R) {
  for (auto i : clpar::prange(p.extent(0))) {  // region: 1
    float v[3] = {p(i, 0), p(i, 1), p(i, 2)};
    mat3 I;
    for (int r = 0; r < 3; ++r) p(i, r) = R.apply(r, v) + I.trace() * R.m[r][r];
  }
}

void cells(clpar::view<cell> cs, clpar::view<float> sums) {
  for (auto i : clpar::prange(cs.size())) {  // region: 1
    cell c = cs[i];
    float &corner = c.v[2][1];
    corner += float(c.tag);
    float *first = &c.v[0][0];
    *first *= 2;
    float s = 0;
    for (std::size_t r = 0; r < c.v.size(); ++r)
      for (std::size_t k = 0; k < c.v[r].size(); ++k) s += c.v[r][k];
    cs[i] = c;
    cs[i].v[1][0] = s;
    sums[i] = s + float(c.v[0].size()) + spread(c.v[1]);
  }
}

template <class T, int N>
void band(clpar::view<T> x) {
  for (auto i : clpar::prange(x.size())) {  // region: 2
    T b[N][N] = {};
    for (int r = 0; r < N; ++r)
      for (int c = 0; c < N; ++c) b[r][c] = (r == c) ? x[i] : T(r + c);
    T t = 0;
    for (int r = 0; r < N; ++r) t += b[r][(r + 1) % N];
    x[i] = t + b[N - 1][N - 1];
  }
}

}  // namespace

int main() {
  const std::size_t rows = 40, cols = 50;
  std::vector<float> in(rows * cols), out(rows * cols, 0.0f);
  for (std::size_t k = 0; k < in.size(); ++k) in[k] = float(int(k % 11)) * 0.25f;
  blur(clpar::view<const float, 2>(in.data(), rows, cols),
       clpar::view<float, 2>(out.data(), rows, cols));
  show("blur", out);

  std::vector<int> o(rows);
  outer(clpar::view<const float, 2>(in.data(), rows, cols), clpar::view<int>(o.data(), rows));
  show("outer", o);

  const std::size_t n = 500;
  std::vector<float> ps(n * 3);
  for (std::size_t k = 0; k < ps.size(); ++k) ps[k] = float(int(k % 7)) - 3.0f;
  mat3 R;
  R.m[0][1] = 0.5f;
  R.m[2][0] = -1.0f;
  R.m[1][1] = 2.0f;
  rotate(clpar::view<float, 2>(ps.data(), n, 3), R);
  show("rotate", ps);

  std::vector<cell> cs(n);
  for (std::size_t k = 0; k < n; ++k) {
    for (std::size_t r = 0; r < 3; ++r)
      for (std::size_t c = 0; c < 2; ++c) cs[k].v[r][c] = float(int((k + r * 2 + c) % 5));
    cs[k].tag = int(k % 4);
  }
  std::vector<float> sums(n);
  cells(clpar::view<cell>(cs.data(), n), clpar::view<float>(sums.data(), n));
  std::vector<float> flat;
  for (const cell &c : cs)
    for (const auto &row : c.v) flat.insert(flat.end(), row.begin(), row.end());
  show("cells", flat);
  show("sums", sums);

  std::vector<float> xf(n);
  std::vector<double> xd(n);
  for (std::size_t k = 0; k < n; ++k) xf[k] = xd[k] = double(int(k % 9)) * 0.5;
  band<float, 3>(clpar::view<float>(xf.data(), n));
  band<double, 4>(clpar::view<double>(xd.data(), n));
  show("band_f", xf);
  show("band_d", xd);
  return 0;
}
