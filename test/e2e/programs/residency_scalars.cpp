// e2e: data residency (SPEC 1.5) and host accesses that look like scalar code: a
// reference to an element (declared before the region, a reference parameter, structured
// bindings), and a plain scalar variable with a view over it.  Reading or writing such a
// name after a region touches memory the device may hold, exactly like `v[i]` does, and
// so does passing it to a library function or to the next region as a scalar argument,
// or reducing into it.  Last, std::exit from a function whose regions' results an atexit
// handler prints.
#include <clpar/clpar.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <utility>
#include <vector>

#include "digest.hpp"

using iview = clpar::view<int>;

static std::vector<int> make(std::size_t n, int seed) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = int((i * 23 + std::size_t(seed) * 5) % 991) - 450;
  return v;
}

// --- references to elements --------------------------------------------------------------

static void element_references() {
  std::vector<int> v = make(500, 1), w(500, 0);
  int& r = v[42];
  const int& cr = v[43];
  iview a(v), b(w);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 5 + 1;
  r += 7;                 // reads and writes v[42]
  const int seen = cr;    // reads v[43]
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 2;
  for (auto i : clpar::prange(b.size())) b[i] = a[i] + r;  // r as a scalar argument
  int& s = v[100];
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2;
  std::swap(r, s);        // a library call on two elements
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 1;
  std::printf("references: seen=%d r=%d s=%d cr=%d\n", seen, r, s, cr);
  show("refs v", v);
  show("refs w", w);
}

// `out` is an element of the memory `a` views.
static void bump_through_reference(int& out, iview a) {
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2;
  out += 1;
  const int o = out % 10;
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + o;
}

static int read_through_reference(const int& in, iview a) {
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 3;
  const int got = in * 2;
  return got;
}

static void reference_parameters() {
  std::vector<int> v = make(400, 2);
  bump_through_reference(v[3], iview(v));
  const int got = read_through_reference(v[7], iview(v));
  std::printf("reference parameters: v[3]=%d got=%d\n", v[3], got);
  show("ref params", v);
}

static void structured_bindings() {
  std::array<int, 4> arr{1, 2, 3, 4};
  auto& [a0, a1, a2, a3] = arr;
  for (auto i : clpar::prange(arr.size())) arr[i] = arr[i] * 10;
  a1 += 5;
  for (auto i : clpar::prange(arr.size())) arr[i] = arr[i] + 1;
  std::printf("bindings: %d %d %d %d\n", a0, a1, a2, a3);
  const int sum = a0 + a1 + a2 + a3;
  for (auto i : clpar::prange(arr.size())) arr[i] = arr[i] - sum;
  std::printf("bindings: %d %d %d %d\n", arr[0], arr[1], arr[2], arr[3]);
}

// --- scalar variables seen through views -------------------------------------------------

static int g_cell = 4;

static void scalar_variables() {
  int cell = 5;
  clpar::view<int> one(&cell, 1);
  for (auto i : clpar::prange(one.size())) one[i] = one[i] * 3;
  std::printf("cell after one region: %d\n", cell);  // a library call reading it
  const int got = cell + 1;
  cell += 2;
  for (auto i : clpar::prange(one.size())) one[i] = one[i] + got;
  std::printf("cell=%d got=%d\n", cell, got);
  // The loop condition reads the variable a region writes.
  int rounds = 0;
  while (cell < 1000 && rounds < 50) {
    for (auto i : clpar::prange(one.size())) one[i] = one[i] * 2;
    ++rounds;
  }
  std::printf("cell=%d rounds=%d\n", cell, rounds);
  // A region's scalar argument that another region's view wrote.
  std::vector<int> w(300, 1);
  for (auto i : clpar::prange(one.size())) one[i] = one[i] % 97;
  for (auto i : clpar::prange(w.size())) w[i] = w[i] + cell * int(i);
  show("scalar arg", w);
  // A global.
  clpar::view<int> gv(&g_cell, 1);
  for (auto i : clpar::prange(gv.size())) gv[i] = gv[i] * 11;
  g_cell -= 1;
  for (auto i : clpar::prange(gv.size())) gv[i] = gv[i] * 2;
  std::printf("g_cell=%d\n", g_cell);
  // A small array of scalars and a view over two of them.
  int pair[2] = {6, 7};
  clpar::view<int> pv(pair, 2);
  for (auto i : clpar::prange(pv.size())) pv[i] = pv[i] * pv[i];
  std::printf("pair=%d %d\n", pair[0], pair[1]);
}

// Block-scoped scalars with views over them, touched on the host only by their
// declarations: the second block's variable may live where the first one's did, with new
// contents, and the results come out through reductions.
static void scalar_blocks() {
  int out1 = 0, out2 = 0, out3 = 0;
  {
    int cell = 5;
    clpar::view<int> one(&cell, 1);
    for (auto i : clpar::prange(one.size())) one[i] = one[i] * 3;
    int s1 = 0;
    for (auto i : clpar::prange(one.size())) s1 += one[i];
    out1 = s1;
  }
  {
    int cell2 = 7;
    clpar::view<int> two(&cell2, 1);
    for (auto i : clpar::prange(two.size())) two[i] = two[i] + 100;
    int s2 = 0;
    for (auto i : clpar::prange(two.size())) s2 += two[i];
    out2 = s2;
  }
  for (int k = 0; k < 3; ++k) {
    int cell3 = k;
    clpar::view<int> three(&cell3, 1);
    for (auto i : clpar::prange(three.size())) three[i] = three[i] * 10 + 1;
    int s3 = 0;
    for (auto i : clpar::prange(three.size())) s3 += three[i];
    out3 = out3 * 100 + s3;
  }
  std::printf("blocks: %d %d %d\n", out1, out2, out3);
}

// Reductions (SPEC 1.3) into names for memory the device holds: a reference to an element
// of a vector a region just wrote, and a scalar variable with a view over it.
static void reductions_into_aliases() {
  std::vector<int> v = make(300, 3), a(300, 1);
  iview vv(v), va(a);
  int& total = v[0];
  for (auto i : clpar::prange(vv.size())) vv[i] = vv[i] * 2;
  for (auto i : clpar::prange(va.size())) total += va[i] * int(i % 3);
  for (auto i : clpar::prange(std::size_t(1), vv.size())) vv[i] = vv[i] + 1;
  std::printf("reduction into a reference: total=%d\n", total);
  show("reduction ref", v);
  int cell = 10;
  clpar::view<int> one(&cell, 1);
  for (auto i : clpar::prange(one.size())) one[i] = one[i] * 7;
  for (auto i : clpar::prange(va.size())) cell += va[i];
  for (auto i : clpar::prange(one.size())) one[i] = one[i] - 1;
  std::printf("reduction into a viewed scalar: cell=%d\n", cell);
}

// std::exit ends the program from inside a function with regions: the function never
// returns, yet the atexit handler must see the regions' results.
static std::vector<int> g_final;

static void print_final() { show("at exit", g_final); }

[[noreturn]] static void finish() {
  iview f(g_final);
  for (auto i : clpar::prange(f.size())) f[i] = f[i] * 3 + int(i);
  std::exit(0);
}

int main() {
  element_references();
  reference_parameters();
  structured_bindings();
  scalar_variables();
  scalar_blocks();
  reductions_into_aliases();
  g_final = make(200, 4);
  std::atexit(print_final);
  finish();
}
