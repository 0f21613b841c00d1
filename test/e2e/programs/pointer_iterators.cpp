// e2e: pointers into the arrays a work-item holds, as C++'s iterators over small arrays:
// std::accumulate, std::inner_product, std::max_element and std::min_element, std::find,
// std::count and std::fill over local arrays and std::arrays (their begin(), end(),
// data(), std::begin and std::end); helpers of the program's taking `const float *` or
// `float *` (writing through it; a variable's address as C's out-parameter) and
// returning a pointer into their argument; pointer
// locals walked with ++ and +=, compared, subtracted, indexed, through `->` to a
// struct's member and member function; a const local table read through a pointer; and
// a function template over iterators called from a function template's kernel.
// Every loop offloads (sites.sh); the outputs must equal the serial build's.
//
// Values are small integers and halves: exact in every variant.
#include <clpar/clpar.hpp>

#include "digest.hpp"

#include <algorithm>
#include <array>
#include <iterator>
#include <numeric>
#include <vector>

namespace {

void spreads(clpar::view<const float, 2> in, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    std::array<float, 4> w{in(i, 0), in(i, 1), in(i, 2), in(i, 3)};
    out[i] = std::accumulate(w.begin(), w.end(), 0.0f) +
             *std::max_element(w.begin(), w.end()) - *std::min_element(w.cbegin(), w.cend());
  }
}

void searches(clpar::view<const float, 2> in, clpar::view<float> out, clpar::view<long> at) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    float a[4] = {in(i, 0), in(i, 1), in(i, 2), in(i, 3)};
    float half[4];
    std::fill(half, half + 4, 0.5f);
    const float *two = std::find(std::begin(a), std::end(a), 2.0f);
    at[i] = two - a;
    out[i] = std::inner_product(a, a + 4, half, 0.0f) + float(std::count(a, a + 4, 1.0f));
  }
}

void scale(float *p, int n, float by) {
  for (int k = 0; k < n; ++k) p[k] *= by;
}

void bounds(const float *a, int n, float *lo, float *hi) {
  *lo = *hi = a[0];
  for (int k = 1; k < n; ++k) {
    *lo = a[k] < *lo ? a[k] : *lo;
    *hi = a[k] > *hi ? a[k] : *hi;
  }
}

const float *largest(const float *first, const float *last) {
  const float *best = first;
  for (; first != last; ++first)
    if (*first > *best) best = first;
  return best;
}

void helpers(clpar::view<const float, 2> in, clpar::view<float> out, clpar::view<long> at) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    float a[4] = {in(i, 0), in(i, 1), in(i, 2), in(i, 3)};
    scale(a + 1, 3, 2.0f);
    const float *m = largest(a, a + 4);
    float s = 0;
    for (const float *p = a; p < a + 4; p++) s += *p;
    float *q = &a[1];
    q += 2;
    *q -= 0.5f;
    float lo, hi;
    bounds(a, 4, &lo, &hi);
    at[i] = m - a;
    out[i] = *m + s + m[0] + q[-1] + a[3] + 4 * (hi - lo);
  }
}

void table(clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    const float k[3] = {1, 2, 3};
    out[i] = std::accumulate(k, k + 3, float(i % 7));
  }
}

struct point {
  float x, y;
  float norm1() const { return (x < 0 ? -x : x) + (y < 0 ? -y : y); }
};

void points(clpar::view<const float, 2> in, clpar::view<float> out) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    point ps[2] = {{in(i, 0), in(i, 1)}, {in(i, 2), in(i, 3)}};
    const point *p = ps;
    float s = 0;
    while (p != ps + 2) {
      s += p->x * 2 + p->norm1();
      ++p;
    }
    out[i] = s;
  }
}

template <class It>
float first_above(It first, It last, float limit) {
  while (first != last && *first <= limit) ++first;
  return first == last ? -1.0f : *first;
}

template <class T>
void above(clpar::view<const T, 2> in, clpar::view<T> out) {
  for (auto i : clpar::prange(out.size())) {  // region: 1
    std::array<T, 4> w{in(i, 0), in(i, 1), in(i, 2), in(i, 3)};
    out[i] = first_above(w.data(), w.data() + w.size(), 1.5f);
  }
}

}  // namespace

int main() {
  const std::size_t n = 1000;
  std::vector<float> data(n * 4);
  for (std::size_t k = 0; k < data.size(); ++k) data[k] = float(int((k * 7 + k / 5) % 6)) * 0.5f;
  clpar::view<const float, 2> in(data.data(), n, 4);
  std::vector<float> out(n);
  std::vector<long> at(n);
  clpar::view<float> o(out.data(), n);
  clpar::view<long> a(at.data(), n);

  spreads(in, o);
  show("spreads", out);
  searches(in, o, a);
  show("searches", out);
  show("found", std::vector<int>(at.begin(), at.end()));
  helpers(in, o, a);
  show("helpers", out);
  show("largest", std::vector<int>(at.begin(), at.end()));
  table(o);
  show("table", out);
  points(in, o);
  show("points", out);
  above<float>(in, o);
  show("above", out);
  return 0;
}
