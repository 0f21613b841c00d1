// e2e: data residency (SPEC 1.5): host reads and writes between offloaded regions must see
// and be seen by the device.  The host touches the data through a view element, the
// std::vector itself, raw pointers, references and iterators taken before the regions,
// user functions (by reference, by pointer, through a global), standard algorithms, loops
// that alternate regions and host updates (also in the loop condition), early returns,
// exceptions, branches, lambdas, placement on the host, struct members, and functions that
// return the vector by value.  Each scenario prints a digest and a few elements.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;
using iview = clpar::view<int>;

static std::vector<int> make(std::size_t n, int seed) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = int((i * 29 + std::size_t(seed) * 7) % 997) - 400;
  return v;
}

// --- through a view element -------------------------------------------------------------

static void through_view_element() {
  std::vector<int> v = make(1000, 1);
  iview a(v);
  clpar::view<int, 2> m(v.data(), 20, 50);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 + int(i);
  const int x = a[5];          // read through the view the region wrote
  a[7] = x + 1000;             // write through it
  m(3, 4) = m(2, 2) - m(0, 7); // 2-D view of the same memory: reads a[7] just written
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 3;
  for (auto i : clpar::prange(m.extent(0)))
    for (auto j : clpar::prange(m.extent(1))) m(i, j) = m(i, j) * 2 - int(i);
  clpar::view<const int> c(v.data(), v.size());  // another view, made after the regions
  std::printf("view: x=%d a[7]=%d m(3,4)=%d c[999]=%d\n", x, a[7], m(3, 4), c[999]);
  a[0] = c[1] + c[2];
  for (auto i : clpar::prange(std::size_t(1), a.size())) a[i] = a[i] - a[0];
  show("view", v);
}

// --- through the container -----------------------------------------------------------------

static void through_container() {
  std::vector<int> v = make(1000, 2);
  for (auto i : clpar::prange(v.size())) v[i] = v[i] * 3;
  const int first = v.front(), last = v.back(), at = v.at(17);
  v[17] = first + last;
  v.back() = at;
  for (auto i : clpar::prange(v.size())) v[i] = v[i] - int(i % 5);
  for (int& e : v) e ^= 1;  // every element, on the host
  for (auto i : clpar::prange(v.size() / 2)) v[i] = v[i] + v[v.size() - 1 - i] % 7;
  long long s = 0;
  for (int e : v) s += e;
  std::printf("container: first=%d last=%d at=%d s=%lld\n", first, last, at, s);
  for (auto i : clpar::prange(v.size())) v[i] = v[i] / 2;
  show("container", v);
}

// --- raw pointers, references and iterators taken before the regions ---------------------

static void through_pointers() {
  std::vector<int> v = make(1000, 3);
  int* p = v.data();
  int* q = &v[500];
  int& r = v[42];
  auto it = v.begin() + 9;
  iview a(v);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 5 + 1;
  const int d = *q;  // a dereference right after a region
  p[3] += 100;
  *(p + 10) = p[11] + q[-1];
  r += 7;
  *it = -*it;
  const int seen = q[2];
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 2 * int(i);
  std::printf("pointers: d=%d p[3]=%d p[10]=%d r=%d *it=%d q[2]=%d seen=%d\n", d, p[3], p[10], r,
              *it, q[2], seen);
  q[0] = r;
  for (auto i : clpar::prange(a.size() / 2)) a[i] = a[i] + a[a.size() - 1 - i];
  *p += 1000;        // a write through a dereference, between two regions
  *(p + 1) -= 1000;
  for (auto i : clpar::prange(std::size_t(2), a.size())) a[i] = a[i] + a[0] % 3 - a[1] % 5;
  show("pointers", v);
}

// --- calls to user functions -------------------------------------------------------------

static std::vector<int> g_data;

static void bump(std::vector<int>& w, std::size_t k) { w[k] += 1000; }
static int peek(const int* p, std::size_t k) { return p[k]; }
static void poke(int* p, std::size_t k, int value) { p[k] = value; }
static void host_scale(iview w) {
  for (std::size_t i = 0; i < w.size(); i += 3) w[i] = w[i] * 2;
}
static long long sum_global() {
  long long s = 0;
  for (int e : g_data) s += e;
  return s;
}
static void bump_global() { g_data[1] += 77; }
// A callee that runs its own region on the caller's data.
static void device_callee(iview w, int k) {
  for (auto i : clpar::prange(w.size())) w[i] = w[i] * 2 + k;
}

static void through_calls() {
  std::vector<int> v = make(900, 4);
  iview a(v);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 5;
  bump(v, 3);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 3;
  const int seen = peek(v.data(), 3);
  poke(v.data(), 4, seen + 1);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 1;
  host_scale(a);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + int(i);
  device_callee(a, 9);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 3;
  device_callee(a[slice(100, 200)], -5);  // a child, from the caller's device copy
  for (auto i : clpar::prange(a.size())) a[i] = a[i] ^ 0x33;
  std::printf("calls: seen=%d v[3]=%d v[4]=%d\n", seen, v[3], v[4]);
  show("calls", v);

  // Global data, touched by functions that name it rather than take it.
  g_data = make(800, 5);
  for (auto i : clpar::prange(g_data.size())) g_data[i] = g_data[i] * 2 + 1;
  const long long s1 = sum_global();
  for (auto i : clpar::prange(g_data.size())) g_data[i] = g_data[i] - int(i);
  bump_global();
  for (auto i : clpar::prange(std::size_t(2), g_data.size())) g_data[i] = g_data[i] + g_data[1];
  const long long s2 = sum_global();
  std::printf("global: s1=%lld s2=%lld\n", s1, s2);
  show("global", g_data);
}

// Calls the translator cannot follow: through a function pointer, a std::function, a
// virtual function, and a function that writes through a pointer saved in a global.
static int* g_saved = nullptr;
static void negate_saved() { g_saved[5] = -g_saved[5]; }
static void add_first(std::vector<int>& w) { w[0] += 500; }
struct toucher {
  virtual ~toucher() = default;
  virtual void touch(int* p) const { p[2] = 2222; }
};
struct other_toucher : toucher {
  void touch(int* p) const override { p[2] = -2222; }
};

static void unknown_calls(const toucher& t) {
  std::vector<int> v = make(700, 8);
  iview a(v);
  g_saved = v.data();
  void (*fp)(std::vector<int>&) = add_first;
  std::function<void()> fn = negate_saved;
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 + 1;
  fp(v);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 3;
  fn();
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - int(i);
  t.touch(v.data());
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 3;
  negate_saved();
  std::printf("unknown calls: v[0]=%d v[2]=%d v[5]=%d\n", v[0], v[2], v[5]);
  show("unknown", v);
}

// Recursion: each level runs regions on a child of its caller's view, between host reads.
static int recurse(iview v, int depth) {
  for (auto i : clpar::prange(v.size())) v[i] = v[i] + depth;
  if (depth == 0 || v.size() < 4) return v[0];
  const std::ptrdiff_t h = std::ptrdiff_t(v.size() / 2);
  const int left = recurse(v[slice(0, h)], depth - 1);
  for (auto i : clpar::prange(v.size())) v[i] = v[i] * 2;
  const int right = recurse(v[slice(h, std::ptrdiff_t(v.size()))], depth - 1);
  v[0] = left - right;
  for (auto i : clpar::prange(std::size_t(1), v.size())) v[i] = v[i] - v[0] % 7;  // after the host write
  return v[v.size() - 1];
}

static void recursion() {
  std::vector<int> v = make(1024, 9);
  const int r = recurse(iview(v), 4);
  std::printf("recursion: r=%d\n", r);
  show("recursion", v);
}

// --- inputs only read on the device, changed on the host ------------------------------------

static void readonly_inputs() {
  std::vector<int> x = make(1000, 11), y(1000, 0), z(1000, 0);
  clpar::view<const int> cx(x.data(), x.size());
  iview vy(y), vz(z);
  for (auto i : clpar::prange(vy.size())) vy[i] = cx[i] * 2;       // x goes to the device
  x[10] = 10000;                                                   // and changes on the host
  for (auto i : clpar::prange(vz.size())) vz[i] = cx[i] + vy[i];   // must see x[10]
  std::fill(x.begin() + 100, x.begin() + 200, -3);
  for (auto i : clpar::prange(vy.size())) vy[i] = vy[i] + cx[i];
  std::memset(x.data() + 300, 0, 100 * sizeof(int));
  int* px = x.data();
  px[999] = 999;
  for (auto i : clpar::prange(vz.size())) vz[i] = vz[i] - cx[(i + 1) % cx.size()];
  for (int k = 0; k < 3; ++k) {
    for (std::size_t i = 0; i < x.size(); i += 50) x[i] += k;       // host loop
    for (auto i : clpar::prange(vy.size())) vy[i] = vy[i] + cx[i] * k;
  }
  show("readonly y", y);
  show("readonly z", z);
}

// --- regions that write without reading ---------------------------------------------------

// Elements the region does not write must keep their host values, even if the runtime does
// not copy a written-only view to the device.
static void write_only() {
  std::vector<int> v = make(1000, 12);
  iview a(v);
  for (auto i : clpar::prange(std::size_t(10), a.size() - 10)) a[i] = int(i) * 3;  // not the ends
  for (auto i : clpar::prange(a.size())) {
    if (i % 3 == 0) continue;
    a[i] = -int(i);  // not every third element
  }
  iview evens = a[slice(0, 1000, 2)];
  for (auto i : clpar::prange(evens.size())) evens[i] = 7;  // not the odd elements
  clpar::view<int, 2> m(v.data(), 25, 40);
  for (auto i : clpar::prange(std::size_t(1), std::size_t(24)))
    for (auto j : clpar::prange(std::size_t(1), std::size_t(39))) m(i, j) = int(i * j);  // not the border
  std::vector<int> w = make(1000, 13);
  for (auto i : clpar::prange(w.size()))
    if (v[i] > 100) w[i] = 0;  // a conditional write
  a[slice(0, 1000, 3)] = 5;    // a slice statement writing every third element
  show("write-only v", v);
  show("write-only w", w);
}

// --- host writes to elements no view covers, inside a view's address range ------------------

static void gaps() {
  std::vector<int> v = make(1000, 14);
  iview evens = iview(v)[slice(0, 1000, 2)];
  for (auto i : clpar::prange(evens.size())) evens[i] = evens[i] + 5;
  for (std::size_t i = 1; i < v.size(); i += 2) v[i] = -v[i];  // only odd elements
  for (auto i : clpar::prange(evens.size())) evens[i] = evens[i] * 3;
  v[1] = 12345;  // after the last region
  show("gaps 1-D", v);

  std::vector<int> g = make(1200, 15);
  clpar::view<int, 2> m(g.data(), 30, 40);
  clpar::view<int, 2> block = m(slice(5, 25), slice(10, 30));
  for (auto i : clpar::prange(block.extent(0)))
    for (auto j : clpar::prange(block.extent(1))) block(i, j) = block(i, j) + 1;
  g[6 * 40 + 35] = 777;  // between two rows of the block
  g[10 * 40 + 2] = 778;
  for (auto i : clpar::prange(block.extent(0)))
    for (auto j : clpar::prange(block.extent(1))) block(i, j) = block(i, j) * 2;
  g[20 * 40 + 5] = 779;  // after the last region
  show("gaps 2-D", g);
}

// --- the host's last word after the last region --------------------------------------------

static void write_after_last_region(std::vector<int>& v, bool read_first) {
  iview a(v);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 + 1;
  if (read_first) {
    const int x = a[3];
    a[4] = x + 99;
  } else {
    v[4] = 99;  // a write with no read before it: the exit's copy must not undo it
  }
  a.data()[6] = 66;
}

static void after_last_region() {
  for (int read_first = 0; read_first < 2; ++read_first) {
    std::vector<int> v = make(500, 16);
    write_after_last_region(v, read_first != 0);
    std::printf("after last region: read_first=%d v[3]=%d v[4]=%d v[5]=%d v[6]=%d\n", read_first,
                v[3], v[4], v[5], v[6]);
    show("after last", v);
  }
}

// --- standard algorithms -------------------------------------------------------------------

static void through_algorithms() {
  std::vector<int> v = make(1000, 6), w(1000, 0);
  iview a(v), b(w);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 - 1;
  const long long acc = std::accumulate(v.begin(), v.end(), 0LL);
  std::fill(v.begin() + 10, v.begin() + 20, 7);
  for (auto i : clpar::prange(a.size())) b[i] = a[i] + 1;
  std::sort(w.begin(), w.begin() + 100);
  std::reverse(v.begin() + 200, v.begin() + 300);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + b[i];
  std::memcpy(w.data() + 500, v.data(), 100 * sizeof(int));
  std::memset(v.data() + 900, 0, 50 * sizeof(int));
  std::iota(w.begin() + 700, w.begin() + 720, -10);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 + b[(i + 500) % b.size()];
  std::copy(v.begin(), v.begin() + 50, w.begin() + 950);
  const auto mx = *std::max_element(v.begin(), v.end());
  for (auto i : clpar::prange(b.size())) b[i] = b[i] - mx;
  std::printf("algorithms: acc=%lld max=%d count7=%ld\n", acc, mx,
              long(std::count(v.begin(), v.end(), 7)));
  show("algo v", v);
  show("algo w", w);
}

// --- loops alternating regions and host updates -------------------------------------------

static void alternating() {
  std::vector<int> v = make(1000, 7), w(1000, 1), log;
  iview a(v), b(w);
  for (int t = 0; t < 8; ++t) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + t * int(i % 3) + b[i];
    v[std::size_t(t) * 7] = -v[std::size_t(t) * 7];        // read-modify-write on the host
    if (t % 3 == 0) log.push_back(v[100]);                 // a read on some iterations only
    for (auto i : clpar::prange(b.size())) b[i] = (a[i] & 15) - 7;
    if (t % 2 == 1) w[std::size_t(t)] = 1000 + t;          // a write on some iterations only
  }
  // The host reads in the loop condition; the body is only regions.
  int rounds = 0;
  while (v[0] < 5000 && rounds < 100) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + int(i % 4) + 100;
    ++rounds;
  }
  // do-while whose condition is a host algorithm over the data.
  int more = 0;
  do {
    for (auto i : clpar::prange(b.size())) b[i] = b[i] + 3;
    ++more;
  } while (std::accumulate(w.begin(), w.end(), 0LL) < 20000 && more < 50);
  // The host write at the end of one iteration is read by the region starting the next.
  for (int t = 0; t < 5; ++t) {
    for (auto i : clpar::prange(b.size())) b[i] = b[i] * 2 - a[(i + 1) % a.size()] % 100;
    for (std::size_t i = 0; i < w.size(); i += 97) w[i] = t;
  }
  std::printf("alternating: rounds=%d more=%d log=", rounds, more);
  for (int e : log) std::printf("%d ", e);
  std::printf("\n");
  show("alt v", v);
  show("alt w", w);
}

// --- leaving a function early --------------------------------------------------------------

static int early_return(std::vector<int>& v, int mode) {
  iview a(v);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 10;
  if (mode == 1) return 1;
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 3;
  for (int t = 0; t < 4; ++t) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] - t;
    if (mode == 2 && t == 2) return 2;
  }
  for (auto i : clpar::prange(a.size())) a[i] = -a[i];
  return 0;
}

static void host_fails(bool fail) {
  if (fail) throw std::runtime_error("host failure");
}

static void may_throw(std::vector<int>& v, int mode) {
  iview a(v);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 + 1;
  if (mode == 1) throw std::runtime_error("after the first region");
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 4;
  host_fails(mode == 2);  // thrown inside a callee
  for (int t = 0; t < 5; ++t) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] ^ t;
    if (mode == 3 && t == 3) throw 42;
  }
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 100;
}

static void leaving_early() {
  for (int mode = 0; mode < 3; ++mode) {
    std::vector<int> v = make(500, 10 + mode);
    const int r = early_return(v, mode);
    std::printf("early return mode=%d r=%d v[0]=%d v[499]=%d\n", mode, r, v[0], v[499]);
    show("early", v);
  }
  for (int mode = 0; mode < 4; ++mode) {
    std::vector<int> v = make(500, 20 + mode);
    try {
      may_throw(v, mode);
      std::printf("no exception mode=%d v[0]=%d\n", mode, v[0]);
    } catch (const std::runtime_error& e) {
      std::printf("caught '%s' mode=%d v[0]=%d v[1]=%d\n", e.what(), mode, v[0], v[1]);
      show("caught", v);
    } catch (int code) {
      std::printf("caught %d mode=%d v[0]=%d v[1]=%d\n", code, mode, v[0], v[1]);
      show("caught", v);
    }
    show("after try", v);
  }
}

// --- branches, lambdas, host placement ----------------------------------------------------

static void branches(int flag) {
  std::vector<int> v = make(1000, 30 + flag);
  iview a(v);
  if (flag % 2 == 0) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + 1;
  } else {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] - 1;
    v[5] = 55;
  }
  for (int k = 0; k < 6; ++k) {
    if (k % 2 == 1) {
      for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 % 10007;
    } else {
      v[std::size_t(k)] += v[std::size_t(k) + 1];
    }
    switch (k % 3) {
      case 0:
        for (auto i : clpar::prange(a.size())) a[i] = a[i] + k;
        break;
      case 1:
        v[999] = k;
        break;
      default:
        break;
    }
  }
  int guard = 0;
  while (guard < 3) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + guard;
    if (v[0] > 1000000) break;
    ++guard;
  }
  show(flag % 2 == 0 ? "branch even" : "branch odd", v);
}

static void lambdas() {
  std::vector<int> v = make(1000, 40);
  iview a(v);
  auto step = [&](int k) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 - k;
  };
  auto step_copy = [a](int k) {  // captures the view by value
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + k;
  };
  auto peek = [&](std::size_t i) { return v[i]; };
  v[0] = 1;  // host writes after the lambdas were made, before they run
  step(1);
  const int p1 = peek(0);
  v[1] = p1 + 1;
  step_copy(5);
  step(2);
  const int p2 = peek(1);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] % 1000;
  step_copy(-1);
  std::printf("lambdas: p1=%d p2=%d v[0]=%d\n", p1, p2, v[0]);
  show("lambdas", v);
}

static void host_placement() {
  std::vector<int> v = make(1000, 50), w(1000, 0);
  iview a(v), b(w);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 7;                         // device
  for (auto i : clpar::prange(a.size()).on(clpar::host)) b[i] = a[i] + int(i);    // host
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - b[(i + 1) % b.size()];     // device
  long long s = 0;
  for (auto i : clpar::prange(a.size()).on(clpar::host)) s += a[i];               // host
  for (auto i : clpar::prange(b.size())) b[i] = b[i] + int(s % 1000);             // device
  b[slice(0, 500)] = a[slice(500, 1000)] - b[slice(500, 1000)];                   // slice
  for (auto i : clpar::prange(a.size()).on(clpar::host)) a[i] = a[i] + b[i] % 13; // host
  const int mx = clpar::max(a);                                                   // slice reduction
  std::printf("placement: s=%lld max=%d\n", s, mx);
  show("placement v", v);
  show("placement w", w);
}

// --- struct members and returning by value ------------------------------------------------

struct grid {
  std::size_t rows, cols;
  std::vector<int> cells;
  int at(std::size_t i, std::size_t j) const { return cells[i * cols + j]; }
  clpar::view<int, 2> view() { return clpar::view<int, 2>(cells.data(), rows, cols); }
};

static grid relax(grid g, int times) {
  clpar::view<int, 2> m = g.view();
  for (int t = 0; t < times; ++t) {
    for (auto i : clpar::prange(m.extent(0)))
      for (auto j : clpar::prange(m.extent(1))) m(i, j) = m(i, j) + int(i + j) + t;
    g.cells[std::size_t(t)] = g.at(1, 1);
  }
  return g;  // by value: the caller's copy must be up to date
}

static std::vector<int> computed(std::size_t n) {
  std::vector<int> r(n);
  for (auto i : clpar::prange(r.size())) r[i] = int(i * i % 1013);
  for (auto i : clpar::prange(n / 2)) r[i] = r[i] - r[n - 1 - i] / 2;
  return r;
}

static std::vector<int> transformed(std::vector<int> in) {
  for (auto i : clpar::prange(in.size())) in[i] = in[i] * 3 + 1;
  iview a(in);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] ^ 0x55;
  return in;  // a parameter: moved, not elided
}

static void by_value() {
  grid g{30, 40, make(1200, 60)};
  grid h = relax(g, 4);
  std::printf("grid: g.at(1,1)=%d h.at(1,1)=%d h.at(29,39)=%d\n", g.at(1, 1), h.at(1, 1), h.at(29, 39));
  show("grid", h.cells);
  std::vector<int> c = computed(777);
  show("computed", c);
  std::vector<int> t = transformed(c);
  for (auto i : clpar::prange(c.size())) c[i] = c[i] + t[i];
  show("transformed", t);
  show("computed+t", c);
}

// --- member functions, host code in loop headers -------------------------------

// Member vectors are reached through local views: a prange over `this->member[i]` is not
// offloaded (the translator reads it as a sub-view taken inside the loop).
class simulation {
 public:
  explicit simulation(std::size_t n) : cells_(make(n, 70)), flux_(n, 0) {
    iview c(cells_), f(flux_);
    for (auto i : clpar::prange(f.size())) f[i] = c[i] % 5;  // a region in a constructor
  }
  void step(int t) {
    iview c(cells_), f(flux_);
    for (auto i : clpar::prange(std::size_t(1), c.size() - 1)) f[i] = c[i + 1] - c[i - 1] + t;
    for (auto i : clpar::prange(c.size())) c[i] = c[i] + f[i] / 4;
  }
  int probe(std::size_t i) const { return cells_[i] * 1000 + flux_[i]; }
  void kick(std::size_t i) { cells_[i] += 500; }
  const std::vector<int>& cells() const { return cells_; }

 private:
  std::vector<int> cells_, flux_;
};

static void members_and_headers() {
  simulation sim(600);
  std::vector<int> probes;
  for (int t = 0; t < 6; ++t) {
    sim.step(t);
    if (t % 2 == 0) probes.push_back(sim.probe(std::size_t(100 + t)));
    if (t == 3) sim.kick(300);
  }
  std::printf("simulation probes:");
  for (int p : probes) std::printf(" %d", p);
  std::printf("\n");
  show("simulation", sim.cells());

  // Host code in a for loop's condition and increment, and in an if's init statement.
  std::vector<int> v = make(400, 72);
  iview a(v);
  int steps = 0;
  for (int t = 0; v[0] < 3000 && t < 30; ++t, v[1] += 3) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + 97 + int(i % 2);
    ++steps;
  }
  if (const int x = v[2]; x > 0) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] - x;
  } else {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + x;
  }
  // A range-for over host data around a region.
  for (int k : std::vector<int>{3, 1, 2}) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] * k % 10007;
    v[std::size_t(k)] = -v[std::size_t(k)];
  }
  std::printf("headers: steps=%d\n", steps);
  show("headers", v);
}

int main() {
  through_view_element();
  through_container();
  through_pointers();
  through_calls();
  unknown_calls(toucher{});
  unknown_calls(other_toucher{});
  recursion();
  readonly_inputs();
  write_only();
  gaps();
  after_last_region();
  through_algorithms();
  alternating();
  leaving_early();
  branches(0);
  branches(1);
  lambdas();
  host_placement();
  by_value();
  members_and_headers();
}
