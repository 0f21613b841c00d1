// e2e: data residency (SPEC 1.5) around regions that run on the host although the device
// is chosen: loops with only an OpenMP variant (a raw pointer, a call the kernel cannot
// make) between offloaded loops over the same memory, and regions or slice statements that
// throw (SPEC 1.2, 1.4), also while the throwing function's locals live on the device.  A
// failed bounds check and a shape mismatch leave the data written by earlier regions (maybe
// still on the device) intact and visible in the handler; a data-dependent out-of-range
// index stops the kernel and the call is rerun on the host, which needs the device's latest
// inputs, and leaves its destination unspecified: the program rewrites it on the host, and
// the next region must use those host values.
// Not a "device" test: these calls run on the host by design.
#include <clpar/clpar.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;
using iview = clpar::view<int>;

// Fails its affine bounds check before launch (in clpar++ builds): nothing is written.
static void shifted(iview in, iview out) {
  for (auto i : clpar::prange(out.size())) out[i] = in[i + 1] * 2;
}

// Throws out of the function after regions whose results the caller then reads.
static void precheck_fails(std::vector<int>& a, std::vector<int>& b) {
  iview va(a), vb(b);
  for (auto i : clpar::prange(va.size())) va[i] = va[i] * 3 + 1;
  for (auto i : clpar::prange(vb.size())) vb[i] = va[i] - int(i);
  shifted(va, vb);  // throws: in[i + 1] reaches in.size()
  for (auto i : clpar::prange(va.size())) va[i] = 0;
}

static void gather_fails(std::vector<int>& a, std::vector<int>& b, const std::vector<int>& idx) {
  iview va(a), vb(b);
  for (auto i : clpar::prange(va.size())) va[i] = va[i] * 5 - 2;
  for (auto i : clpar::prange(vb.size())) vb[i] = va[i] + 7;
  // idx[77] is out of range.  The loop writes only b's first half: the second half keeps
  // the values the region before wrote (on the device), whatever the first half holds.
  for (auto i : clpar::prange(vb.size() / 2)) vb[i] = va[std::size_t(idx[i])] + 1;
  for (auto i : clpar::prange(va.size())) va[i] = 0;
}

// Not translatable into a kernel (it allocates): loops calling it keep the OpenMP variant.
static int host_only(int x) {
  std::vector<int> t(2, x);
  return t[0] + t[1];
}

static void openmp_only_between() {
  std::vector<int> v(700), w(700, 0);
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = int(i % 31) - 15;
  iview a(v), b(w);
  int* p = v.data();
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 3 + 1;                 // device
  for (auto i : clpar::prange(a.size())) p[i] = p[i] + int(i % 4);            // OpenMP: raw pointer
  for (auto i : clpar::prange(b.size())) b[i] = a[i] * 2;                     // device
  for (auto i : clpar::prange(b.size())) b[i] = host_only(b[i]) - a[i];       // OpenMP: the call
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + b[(i + 1) % b.size()]; // device
  for (auto i : clpar::prange(std::size_t(350))) p[i] = p[i] - p[i + 350];   // OpenMP: raw pointer
  long long s = 0;
  for (auto i : clpar::prange(a.size())) s += a[i];                           // device
  std::printf("openmp-only: s=%lld\n", s);
  show("openmp-only v", v);
  show("openmp-only w", w);
}

// A region throws while the function's own local vector has data only the device holds:
// that data must come home (or be dropped) before the vector is destroyed during the
// unwinding, never copied into its freed memory.  Small vectors: freed memory of this size
// is reused at once, and a write into it breaks the allocator's lists (and the vectors
// allocated next).
static long long local_then_throw(std::size_t n, int k) {
  std::vector<int> local(n, k);
  iview l(local);
  for (auto i : clpar::prange(l.size())) l[i] = l[i] * 7 + int(i);
  long long s = 0;
  for (auto i : clpar::prange(l.size())) s += l[i];
  for (auto i : clpar::prange(l.size())) l[i] = l[i + 1];  // throws: l[i + 1] reaches l.size()
  return s;
}

static void unwinding() {
  long long digest = 0;
  int caught = 0;
  for (int k = 0; k < 6; ++k) {
    try {
      digest += local_then_throw(200, k);
    } catch (const clpar::bounds_error&) {
      ++caught;
    }
    std::vector<int> first(200, k), second(200, -k);  // most likely the freed memory, and more
    iview f(first), g(second);
    for (auto i : clpar::prange(f.size())) f[i] = f[i] + g[i] + int(i);
    long long s = 0;
    for (int e : first) s += e;
    digest = digest * 31 + s;
  }
  std::printf("unwinding: caught=%d digest=%lld\n", caught, digest);
}

int main() {
  openmp_only_between();
  unwinding();
  const std::size_t n = 600;
  std::vector<int> a(n), b(n), idx(n);
  for (std::size_t i = 0; i < n; ++i) {
    a[i] = int(i % 50) - 20;
    b[i] = int(i);
    idx[i] = int((i * 7) % n);
  }
  try {
    precheck_fails(a, b);
    std::printf("no error\n");
  } catch (const clpar::bounds_error& e) {
    // Which of b's elements the failed loop wrote differs between the builds (the header
    // throws when the access is reached, clpar++ builds before launch), but no iteration
    // writes b's last element: it keeps the value the region before wrote.
    std::printf("precheck: bounds_error index=%zu extent=%zu a[0]=%d b[%zu]=%d\n", e.index(),
                e.extent(), a[0], n - 1, b[n - 1]);
  }
  show("precheck a", a);

  idx[77] = int(n) + 3;
  try {
    gather_fails(a, b, idx);
    std::printf("no error\n");
  } catch (const clpar::bounds_error& e) {
    std::printf("gather: bounds_error index=%zu extent=%zu a[0]=%d\n", e.index(), e.extent(), a[0]);
  }
  show("gather a", a);
  show("gather b's second half", std::vector<int>(b.begin() + std::ptrdiff_t(n / 2), b.end()));

  // In one function: errors caught between regions, a loop of them.
  iview va(a), vb(b);
  std::fill(b.begin(), b.end(), 1);
  int errors = 0;
  for (int t = 0; t < 4; ++t) {
    for (auto i : clpar::prange(va.size())) va[i] = va[i] + t + vb[i];
    try {
      if (t % 2 == 0) {
        for (auto i : clpar::prange(vb.size())) vb[i] = va[std::size_t(idx[i])] % 100;
      } else {
        vb[slice(0, 10)] = va[slice(0, 11)];  // shape_error: nothing written
      }
    } catch (const clpar::bounds_error&) {
      ++errors;
      std::fill(b.begin(), b.end(), t);  // b was left unspecified: rewrite it on the host
    } catch (const clpar::shape_error&) {
      errors += 100;
    }
    for (auto i : clpar::prange(va.size())) va[i] = va[i] * 2 - vb[i];
  }
  std::printf("loop: errors=%d\n", errors);
  show("loop a", a);
  show("loop b", b);
}
