// e2e: built-in arrays of one dimension declared outside the loop, as views of their
// elements: a local array of weights made at run time (also passed to a function by const
// reference), a global table, a reference parameter the loop writes, a const reference
// parameter a range-based for walks, an array of structs a lambda captures by reference,
// and one a lambda captures by copy; and arrays of arrays, each one flat view of all its
// elements: a local 3x3 built-in array made at run time, nested std::arrays by const
// reference, and a 4x6 built-in array the loop writes.  Every loop here offloads
// (sites.sh); the outputs must equal the serial build's.  (An out-of-range index of such an array is e2e
// bounds_error's: the header build cannot check it.)
//
// Values are small integers and quarters: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <array>
#include <cstddef>
#include <vector>

namespace {

float offsets[16];

struct tap {
  int at;
  float weight;
};

float weighted(const float (&w)[3], float a, float b, float c) {
  return w[0] * a + w[1] * b + w[2] * c;
}

/// A three-point stencil with weights made from the arguments (read in the loop and by a
/// function taking them by const reference), plus a global table.
void smooth(clpar::view<const float> in, clpar::view<float> out, float edge) {
  const float w[3] = {edge, 1 - 2 * edge, edge};
  for (auto i : clpar::prange(std::size_t(1), in.size() - 1))  // region: 1
    out[i] = w[0] * in[i - 1] + weighted(w, 0, in[i], in[i + 1]) + offsets[i % 16];
}

/// Writes the caller's array: one element per iteration, weighted by a const array.
void row_totals(clpar::view<const float, 2> m, float (&totals)[24], const float (&scale)[4]) {
  for (auto i : clpar::prange(std::size_t(24))) {  // region: 1
    float s = 0;
    for (float c : scale) s += c;
    float t = 0;
    for (std::size_t j = 0; j < m.extent(1); ++j) t += m(i, j);
    totals[i] = t * s;
  }
}

/// Taps as an array of structs; a lambda reads them by reference.
void filter(clpar::view<const float> in, clpar::view<float> out) {
  tap taps[4] = {{-2, 0.25f}, {-1, 0.5f}, {1, 0.5f}, {2, 0.25f}};
  taps[3].weight = 0.75f;  // made at run time: no constant table
  const auto sample = [&taps](clpar::view<const float> v, std::size_t i, int k) {
    return taps[k].weight * v[i + taps[k].at];
  };
  float bias[2] = {0.5f, -0.25f};
  bias[1] *= 2;  // made at run time, before the lambda copies it
  const auto biased = [bias](float x, std::size_t i) { return x + bias[i % 2]; };
  for (auto i : clpar::prange(std::size_t(2), in.size() - 2)) {  // region: 1
    float s = 0;
    for (int k = 0; k < 4; ++k) s += sample(in, i, k);
    out[i] = biased(s, i);
  }
}

/// A 3x3 stencil whose weights are made at run time, plus nested std::arrays; then a
/// 4x6 array of the caller's written element by element.
void blur(clpar::view<const float, 2> in, clpar::view<float, 2> out, float centre,
          const std::array<std::array<float, 2>, 3> &mix, float (&hits)[4][6]) {
  float k[3][3] = {{1, 2, 1}, {2, 4, 2}, {1, 2, 1}};
  k[1][1] = centre;  // made at run time: no constant table
  for (auto i : clpar::prange(std::size_t(1), in.extent(0) - 1))  // region: 1
    for (auto j : clpar::prange(std::size_t(1), in.extent(1) - 1)) {
      float s = 0;
      for (int a = 0; a < 3; ++a)
        for (int b = 0; b < 3; ++b) s += k[a][b] * in(i + a - 1, j + b - 1);
      out(i, j) = s * 0.0625f + mix[i % 3][j % 2];
    }
  for (auto r : clpar::prange(std::size_t(4)))  // region: 1
    for (auto c : clpar::prange(std::size_t(6))) hits[r][c] = k[r % 3][c % 3] + float(r * 6 + c);
}

}  // namespace

int main() {
  for (int k = 0; k < 16; ++k) offsets[k] = 0.25f * float(k % 5);
  const std::size_t n = 600;
  std::vector<float> in(n), out(n);
  for (std::size_t i = 0; i < n; ++i) in[i] = 0.25f * float(int(i % 37) - 18);
  smooth(clpar::view<const float>(in), clpar::view<float>(out), 0.25f);
  show("smooth", out);
  float totals[24] = {};
  const float scale[4] = {0.5f, 0.25f, 1, 2};
  row_totals(clpar::view<const float, 2>(in.data(), 24, 25), totals, scale);
  show("row_totals", std::vector<float>(totals, totals + 24));
  filter(clpar::view<const float>(in), clpar::view<float>(out));
  show("filter", out);
  std::vector<float> img(20 * 30), blurred(20 * 30);
  for (std::size_t i = 0; i < img.size(); ++i) img[i] = 0.25f * float(int(i % 23) - 11);
  const std::array<std::array<float, 2>, 3> mix{{{0.5f, -0.5f}, {1, 0}, {0.25f, 2}}};
  float hits[4][6] = {};
  blur(clpar::view<const float, 2>(img.data(), 20, 30), clpar::view<float, 2>(blurred.data(), 20, 30),
       4.0f, mix, hits);
  show("blur", blurred);
  show("hits", std::vector<float>(&hits[0][0], &hits[0][0] + 24));
  return 0;
}
