// e2e: data residency (SPEC 1.5) and the lifetime of memory: containers freed while their
// data may still be on the device, and new ones that get the same address (heap and stack)
// with new host data; reallocation by push_back/resize, std::move, std::swap, copies, and
// new[]/delete[].  A runtime that keys device copies by address must not hand a new
// allocation the old one's device data, nor copy device data back into freed memory.
#include <clpar/clpar.hpp>

#include <array>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <numeric>
#include <utility>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;
using iview = clpar::view<int>;

// A vector born, initialised on the host, offloaded and freed on every call: each call
// probably gets the previous call's address.
static long long fresh_each_call(int seed) {
  std::vector<int> t(1000);
  for (std::size_t i = 0; i < t.size(); ++i) t[i] = int(i % 100) * seed - 7;
  for (auto i : clpar::prange(t.size())) t[i] = t[i] * 3 + seed;
  for (auto i : clpar::prange(t.size())) t[i] = t[i] - int(i);
  long long s = 0;
  for (auto i : clpar::prange(t.size())) s += (long long)(i % 7 + 1) * t[i];
  return s;
}

// Written on the device and never read on the host before it is freed.
static void scratch(std::size_t n, int k) {
  std::vector<int> tmp(n, 1);
  for (auto i : clpar::prange(tmp.size())) tmp[i] = int(i) * k;
  for (auto i : clpar::prange(tmp.size())) tmp[i] = tmp[i] + 1;
}

// Reads a vector whose memory may be the memory scratch() just freed.
static void consume(std::vector<int>& v) {
  for (auto i : clpar::prange(v.size())) v[i] = v[i] * 2 + 1;
}

static long long on_stack(int seed) {
  std::array<int, 512> a;
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = int(i) + seed;
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * seed;
  long long s = 0;
  for (std::size_t i = 0; i < a.size(); ++i) s += (long long)(i + 1) * a[i];
  return s;
}

static long long on_stack_other(int seed) {
  std::array<int, 700> b;
  b.fill(seed);
  for (auto i : clpar::prange(b.size())) b[i] = b[i] + int(i % 9);
  long long s = 0;
  for (int e : b) s += e;
  return s;
}

static long long stack_no_host_read(int seed) {
  std::array<int, 512> a;
  for (std::size_t i = 0; i < a.size(); ++i) a[i] = seed;
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + int(i);
  long long s = 0;
  for (auto i : clpar::prange(a.size())) s += a[i];
  return s;
}

// Within one function: a vector per iteration, filled only by its constructor and touched
// only by regions, so nothing on the host marks the new memory as changed; the next
// iteration's vector probably gets the same address with different contents.
static void reuse_in_one_function() {
  unsigned long long digest = 0;
  std::vector<int> src(800);
  for (std::size_t i = 0; i < src.size(); ++i) src[i] = int(i % 17);
  for (int k = 0; k < 5; ++k) {
    std::vector<int> t(800, k * 10);
    long long s = 0;
    for (auto i : clpar::prange(t.size())) s += t[i];
    for (auto i : clpar::prange(t.size())) t[i] = t[i] + int(i);
    std::vector<int> u(src.begin(), src.end());  // a copy made by the constructor
    for (auto i : clpar::prange(u.size())) u[i] = u[i] * (k + 1) + t[i];
    long long su = 0;
    for (auto i : clpar::prange(u.size())) su += (long long)(i % 3 + 1) * u[i];
    digest = digest * 1000003u + (unsigned long long)(s * 7 + su);
    for (std::size_t i = 0; i < src.size(); i += 7) src[i] += 1;  // new host values for u
  }
  std::printf("one function: %016llx\n", digest);
  // A view that outlives the block of the vector it was made from, rebound to a new one.
  iview w;
  long long ws = 0;
  for (int k = 0; k < 3; ++k) {
    std::vector<int> t(600, k + 1);
    w = iview(t);
    for (auto i : clpar::prange(w.size())) w[i] = w[i] * 4 + int(i);
    for (auto i : clpar::prange(w.size())) ws += w[i];
  }
  std::printf("rebound view: %lld\n", ws);
}

static void reuse() {
  for (int seed = 1; seed <= 4; ++seed) std::printf("fresh %d: %lld\n", seed, fresh_each_call(seed));
  for (int k = 1; k <= 3; ++k) {
    scratch(1000, k * 1000);
    std::vector<int> v(1000, 5 * k);  // likely scratch's memory, with new host values
    consume(v);
    show("consume", v);
  }
  for (int seed = 1; seed <= 3; ++seed)
    std::printf("stack %d: %lld %lld %lld\n", seed, on_stack(seed), on_stack_other(seed),
                stack_no_host_read(seed));
  // A vector per loop iteration.
  long long total = 0;
  for (int k = 0; k < 4; ++k) {
    std::vector<int> t(800, k);
    for (auto i : clpar::prange(t.size())) t[i] = t[i] * 10 + int(i);
    total += t[5] + t[799];
  }
  std::printf("per iteration: %lld\n", total);
  // new[] and delete[], then a new array of the same size.
  int* raw = new int[600];
  for (int i = 0; i < 600; ++i) raw[i] = i;
  clpar::view<int> rv(raw, 600);
  for (auto i : clpar::prange(rv.size())) rv[i] = rv[i] * 3;
  const int r0 = raw[599];
  delete[] raw;
  int* raw2 = new int[600];
  for (int i = 0; i < 600; ++i) raw2[i] = -i;
  clpar::view<int> rv2(raw2, 600);
  for (auto i : clpar::prange(rv2.size())) rv2[i] = rv2[i] + 1;
  std::printf("raw: %d %d %d\n", r0, raw2[0], raw2[599]);
  delete[] raw2;
  auto owned = std::make_unique<int[]>(600);
  clpar::view<int> ov(owned.get(), 600);
  for (auto i : clpar::prange(ov.size())) ov[i] = int(i) - 300;
  owned.reset();
  auto owned2 = std::make_unique<int[]>(600);  // value-initialised: all zero
  clpar::view<int> ov2(owned2.get(), 600);
  long long zs = 0;
  for (auto i : clpar::prange(ov2.size())) zs += ov2[i] + 1;
  std::printf("unique_ptr: %lld\n", zs);
}

// Reallocation: the old memory is freed while a region's data may be on the device.
static void realloc_vectors() {
  std::vector<int> v(500);
  std::iota(v.begin(), v.end(), 0);
  for (auto i : clpar::prange(v.size())) v[i] = v[i] * 2;
  v.push_back(-1);  // reallocates (the capacity was 500)
  for (auto i : clpar::prange(v.size())) v[i] = v[i] + 1;
  v.resize(2000, 9);
  for (auto i : clpar::prange(v.size())) v[i] = v[i] * 3 - int(i % 10);
  v.resize(300);
  v.shrink_to_fit();
  for (auto i : clpar::prange(v.size())) v[i] = v[i] + 1000;
  show("realloc", v);
  v.assign(400, 4);
  for (auto i : clpar::prange(v.size())) v[i] = v[i] + int(i);
  v.clear();
  v.resize(400, 8);  // the same capacity: the same memory, all new host values
  for (auto i : clpar::prange(v.size())) v[i] = v[i] - int(i);
  show("assign/clear", v);
}

// Ownership moves between vectors; views keep pointing at the memory, not the vector.
static void moves_and_swaps() {
  std::vector<int> a(700), b(700);
  for (std::size_t i = 0; i < 700; ++i) a[i] = int(i), b[i] = int(1000 - i);
  iview va(a), vb(b);
  for (auto i : clpar::prange(va.size())) va[i] = va[i] * 2;
  for (auto i : clpar::prange(vb.size())) vb[i] = vb[i] + 5;
  std::swap(a, b);  // a now owns vb's memory, b owns va's
  a[0] = -1;        // vb[0]
  for (auto i : clpar::prange(va.size())) va[i] = va[i] + 1;   // b's memory now
  for (auto i : clpar::prange(vb.size())) vb[i] = vb[i] * 3;   // a's memory now
  show("swap a", a);
  show("swap b", b);
  std::vector<int> c = std::move(a);  // c owns vb's memory
  for (auto i : clpar::prange(vb.size())) vb[i] = vb[i] - 7;
  c[1] = c[2] + c[3];
  for (auto i : clpar::prange(c.size())) c[i] = c[i] ^ 1;
  show("moved", c);
  // Copies: assignment reads one vector and writes another on the host.
  std::vector<int> d(700, 0);
  iview vd(d);
  for (auto i : clpar::prange(vd.size())) vd[i] = int(i) * 5;
  d = c;  // same size: same memory, new host values
  for (auto i : clpar::prange(d.size())) d[i] = d[i] + 2;
  std::vector<int> e = d;  // a copy made from the device's latest values
  for (auto i : clpar::prange(d.size())) d[i] = d[i] * 2;
  for (auto i : clpar::prange(e.size())) e[i] = e[i] - d[i];
  show("copy d", d);
  show("copy e", e);
}

int main() {
  reuse();
  reuse_in_one_function();
  realloc_vectors();
  moves_and_swaps();
}
