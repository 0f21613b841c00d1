// e2e: clpar::resident (SPEC 1.5): views' memory kept on the device across calls.  Inside
// a scope the host touches the memory only through views, after sync_host(); after the
// scope it reads the containers directly.  Time loops of regions in the same function and
// in callees, sync_host() on a child view, a host write through a view inside the scope,
// nested and overlapping scopes over the same memory, scopes left by return and by an
// exception, and a scope over memory that regions reach through other views.
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;
using iview = clpar::view<int>;

static std::vector<int> make(std::size_t n, int seed) {
  std::vector<int> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = int((i * 31 + std::size_t(seed) * 11) % 1021) - 500;
  return v;
}

// One time step in a callee, on the caller's resident views.
static void step(iview a, iview b, int t) {
  const std::size_t n = a.size();
  for (auto i : clpar::prange(std::size_t(1), n - 1)) b[i] = (a[i - 1] + a[i] + a[i + 1] + t) % 4099;
  for (auto i : clpar::prange(std::size_t(1), n - 1)) a[i] = b[i] - (b[i] >> 2);
}

// A callee that reads on the host through a view (after sync_host), inside the scope.
static int probe(iview a, std::size_t k) {
  a.sync_host();
  return a[k] * 2 + a[k + 1];
}

static void time_loop() {
  std::vector<int> av = make(2000, 1), bv(2000, 0), log;
  iview a(av), b(bv);
  {
    clpar::resident keep(a, b);
    for (int t = 0; t < 12; ++t) {
      for (auto i : clpar::prange(a.size())) a[i] = a[i] + int(i % 5) - 2;
      step(a, b, t);
      if (t % 4 == 3) {
        a.sync_host();
        log.push_back(a[3]);
        log.push_back(a[1999]);
        b.sync_host();
        log.push_back(b[1000]);
      }
      if (t == 6) {
        a.sync_host();
        a[10] = -a[10];  // a host write through a view inside the scope
        a[11] = 12345;
      }
      if (t == 8) log.push_back(probe(a, 500));
      // sync_host on a child only, then read inside it.
      iview head = a[slice(0, 16)];
      head.sync_host();
      if (t == 9) log.push_back(head[15] - head[0]);
    }
  }
  std::printf("time loop log:");
  for (int e : log) std::printf(" %d", e);
  std::printf("\n");
  show("resident a", av);
  show("resident b", bv);
}

// Scopes inside scopes, over the same memory, a child and overlapping windows.
static void nested_scopes() {
  std::vector<int> v = make(3000, 2);
  iview whole(v);
  iview left = whole[slice(0, 2000)], right = whole[slice(1000, 3000)];
  iview mid = whole[slice(1200, 1800)];
  iview evens = whole[slice(0, 3000, 2)];
  std::vector<int> log;
  {
    clpar::resident outer(whole);
    for (auto i : clpar::prange(whole.size())) whole[i] = whole[i] * 2 + 1;
    {
      clpar::resident inner(mid);  // a child of an already resident record
      for (auto i : clpar::prange(mid.size())) mid[i] = mid[i] - int(i);
      mid.sync_host();
      log.push_back(mid[0]);
      {
        clpar::resident again(whole, left);  // the same memory again, and a child
        for (auto i : clpar::prange(left.size())) left[i] = left[i] ^ 0x0f;
      }  // ends: whole is still resident through outer
      for (auto i : clpar::prange(whole.size())) whole[i] = whole[i] + 3;
    }
    {
      clpar::resident windows(left, right);  // two overlapping windows: one merged record
      for (int t = 0; t < 3; ++t) {
        for (auto i : clpar::prange(left.size())) left[i] = left[i] + t;
        for (auto i : clpar::prange(right.size())) right[i] = right[i] * 3 % 10007;
        right.sync_host();
        log.push_back(right[0] + right[999]);  // elements 1000 and 1999, in both windows
      }
    }
    for (auto i : clpar::prange(evens.size())) evens[i] = evens[i] - 1;
    whole.sync_host();
    log.push_back(whole[2998] + whole[2999]);
  }
  // Scopes that overlap without nesting: a ends while b, over part of a's memory, lives on.
  {
    std::optional<clpar::resident> first;
    first.emplace(left);
    for (auto i : clpar::prange(left.size())) left[i] = left[i] + 100;
    clpar::resident second(right);
    for (auto i : clpar::prange(right.size())) right[i] = right[i] - 50;
    first.reset();  // left's scope ends; right's, over part of it, goes on
    for (auto i : clpar::prange(left.size())) left[i] = left[i] * 2;
    right.sync_host();
    log.push_back(right[5]);
  }
  std::printf("nested log:");
  for (int e : log) std::printf(" %d", e);
  std::printf("\n");
  show("nested", v);
}

// Scopes left early: by return, and by an exception the caller catches.
static int leave_by_return(std::vector<int>& v, bool early) {
  iview a(v);
  clpar::resident keep(a);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 5 + 2;
  if (early) return 1;
  for (auto i : clpar::prange(a.size())) a[i] = a[i] - 9;
  return 0;
}

static void leave_by_throw(std::vector<int>& v, int when) {
  iview a(v);
  clpar::resident keep(a);
  for (int t = 0; t < 5; ++t) {
    for (auto i : clpar::prange(a.size())) a[i] = a[i] + t * 10;
    if (t == when) throw std::runtime_error("leaving the scope");
  }
}

static void early_exits() {
  for (int early = 0; early < 2; ++early) {
    std::vector<int> v = make(1000, 3 + early);
    const int r = leave_by_return(v, early != 0);
    std::printf("return early=%d r=%d v[0]=%d\n", early, r, v[0]);
    show("return", v);
  }
  for (int when = 2; when < 6; ++when) {
    std::vector<int> v = make(1000, 5);
    try {
      leave_by_throw(v, when);
      std::printf("no throw when=%d\n", when);
    } catch (const std::runtime_error&) {
      std::printf("caught when=%d v[0]=%d v[999]=%d\n", when, v[0], v[999]);
    }
    show("throw", v);
  }
}

// A resident view, while regions in this function and a callee use other views of the
// same memory (the same record, a reversed view, a 2-D view).
static void reverse_step(iview r) {
  for (auto i : clpar::prange(r.size())) r[i] = r[i] + int(i);
}

static void other_views() {
  std::vector<int> v = make(1200, 6), w(1200, 0);
  iview a(v), out(w);
  {
    clpar::resident keep(a, out);
    iview same(v);
    iview rev = a[slice(1199, -1, -1)];
    clpar::view<int, 2> m(v.data(), 40, 30);
    for (int t = 0; t < 4; ++t) {
      for (auto i : clpar::prange(same.size())) same[i] = same[i] + 1;
      reverse_step(rev);
      for (auto i : clpar::prange(m.extent(0)))
        for (auto j : clpar::prange(m.extent(1))) m(i, j) = m(i, j) * 2 - int(j);
      out[all] = a * 3 + out;
      for (auto i : clpar::prange(out.size())) out[i] = out[i] % 65521;
    }
    rev.sync_host();
    std::printf("other views: rev[0]=%d m(39,29) after sync=%d\n", rev[0], m(39, 29));
  }
  show("other v", v);
  show("other w", w);
}

int main() {
  time_loop();
  nested_scopes();
  early_exits();
  other_views();
}
