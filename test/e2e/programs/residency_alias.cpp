// e2e: data residency (SPEC 1.5) with many views of one std::vector<int>: the same memory
// twice, a contained child, partly overlapping windows that merge (also cascading, and
// created only after their neighbours already live on the device), windows that only
// touch, every-second-element and reversed views, 2-D and transposed views, a
// non-contiguous 2-D block, unsigned and byte views of the same memory, windows that die
// and are re-created in a loop, a call whose second view merges the record its first lies
// in, and slice statements and reductions between the loops.
// Each step writes through one view and reads through another, and the host reads only at
// the end of each function, so a wrong merge, a lost device write or a stale upload
// changes the digests printed.
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;
using iview = clpar::view<int>;
using imat = clpar::view<int, 2>;

// A position-sensitive digest, a digest per eighth (to point at the part that differs)
// and a few elements.
static void fill(std::vector<int>& v, int seed) {
  for (std::size_t i = 0; i < v.size(); ++i) v[i] = int((i * 37 + std::size_t(seed)) % 1009) - 500;
}

// The same memory through two views, a child, partly overlapping windows.
static long long same_child_overlap(std::vector<int>& buf, std::vector<int>& aux) {
  const std::ptrdiff_t n = std::ptrdiff_t(buf.size());  // 1200
  iview a(buf), b(buf);
  for (auto i : clpar::prange(a.size())) a[i] = a[i] * 2 + int(i % 7);
  // b is a's memory: it must see the values just written on the device.
  for (auto i : clpar::prange(b.size())) b[i] = b[i] + 1;
  // A child of a's record, written from a part of b outside it.
  iview child = a[slice(100, 500)];
  for (auto i : clpar::prange(child.size())) child[i] = child[i] * 3 + b[700 + i];
  // Two windows that overlap in [500, 700), each written alone.
  iview left = a[slice(0, 700)], right = b[slice(500, n)];
  for (auto i : clpar::prange(left.size())) left[i] = left[i] ^ int(i * 3);
  for (auto i : clpar::prange(right.size())) right[i] = right[i] - int(i);
  // A region over both windows and the child writing another vector.
  for (auto i : clpar::prange(std::size_t(200)))
    aux[i] = left[500 + i] * 5 + right[i] - child[i];
  // Slice statements over the same memory: an overlapping shift and a child update.
  b[slice(1, n)] = a[slice(0, n - 1)];
  child[all] += a[slice(700, 1100)];
  long long s = 0;
  for (auto i : clpar::prange(a.size())) s += (long long)(i % 5 + 1) * b[i];
  return s;
}

// Every second element, the other half of the elements, reversed views.
static int strides_reversed(std::vector<int>& buf, std::vector<int>& aux) {
  const std::ptrdiff_t n = std::ptrdiff_t(buf.size());
  iview whole(buf);
  iview evens = whole[slice(0, n, 2)], odds = whole[slice(1, n, 2)];
  iview rev = whole[slice(n - 1, -1, -1)];
  for (auto i : clpar::prange(evens.size())) evens[i] = evens[i] + odds[i];
  for (auto i : clpar::prange(odds.size())) odds[i] = odds[i] * 2 - evens[i];
  for (auto i : clpar::prange(rev.size())) aux[i] = rev[i] * 7 + whole[i];
  for (auto i : clpar::prange(rev.size())) rev[i] = rev[i] + int(i);
  // Every second element of the reversal: the odd elements, in reverse.
  iview rev_odds = rev[slice(0, n, 2)];
  for (auto i : clpar::prange(rev_odds.size())) rev_odds[i] = rev_odds[i] - evens[i] % 11;
  // Reversed halves through slice statements.
  whole[slice(n / 2 - 1, -1, -1)] = whole[slice(n / 2, n)] + 1;
  evens[all] = odds * 2 + evens;
  // Every third element of a reversed window, a grand-child with a negative stride.
  iview third = rev[slice(10, 610, 3)];
  for (auto i : clpar::prange(third.size())) third[i] = -third[i];
  return clpar::max(odds) - clpar::min(evens);
}

// 2-D views over the same 1-D buffer: row-major, transposed, a strided block.
static long long two_d(std::vector<int>& buf) {
  imat g(buf.data(), 30, 40);
  imat gt(buf.data(), {40, 30}, {1, 40});                    // g transposed
  imat block = g(slice(5, 25), slice(10, 30));               // not contiguous
  clpar::view<int, 2> cols = g(all, slice(39, -1, -2));      // every 2nd column, reversed
  iview flat(buf);
  for (auto i : clpar::prange(g.extent(0)))
    for (auto j : clpar::prange(g.extent(1))) g(i, j) = g(i, j) * 3 - int(j);
  for (auto j : clpar::prange(gt.extent(0)))
    for (auto i : clpar::prange(gt.extent(1))) gt(j, i) = gt(j, i) + int(i) * 100;
  for (auto i : clpar::prange(block.extent(0)))
    for (auto j : clpar::prange(block.extent(1))) block(i, j) = block(i, j) ^ 0x155;
  for (auto i : clpar::prange(cols.extent(0)))
    for (auto j : clpar::prange(cols.extent(1))) cols(i, j) = cols(i, j) + flat[1200 + i];
  // The rest of the buffer (past 30 * 40) through the flat view.
  for (auto k : clpar::prange(std::size_t(1200), flat.size())) flat[k] = flat[k] + flat[k - 1200];
  // Overlapping, transposed source: NumPy semantics.
  block(all, all) = block * 2 + gt(slice(10, 30), slice(5, 25));
  long long s = 0;
  for (auto i : clpar::prange(gt.extent(0)))
    for (auto j : clpar::prange(gt.extent(1))) s += (long long)(i + 2 * j + 1) * gt(i, j);
  return s;
}

// Windows that meet only through later ones: A and C are disjoint and both written on the
// device, then B bridges them (A, B and C merge), then D overlaps C's end (merge again).
// The gaps between the windows are written by the host before any region.
static void cascade(std::vector<int>& buf) {
  iview whole(buf);
  iview wa = whole[slice(0, 300)], wc = whole[slice(600, 900)];
  for (auto i : clpar::prange(wa.size())) wa[i] = wa[i] * 3 + 1;
  for (auto i : clpar::prange(wc.size())) wc[i] = wc[i] * 5 + 2;
  iview wb = whole[slice(250, 650)];
  for (auto i : clpar::prange(wb.size())) wb[i] = wb[i] - int(i);
  iview wd = whole[slice(850, 1200)];
  for (auto i : clpar::prange(wd.size())) wd[i] = wd[i] + wc[250 - (i % 50) - 1];
  // A window strictly inside the merged record, and then the whole vector.
  iview we = whole[slice(280, 620)];
  for (auto i : clpar::prange(we.size())) we[i] = we[i] ^ 0x2a;
  for (auto i : clpar::prange(whole.size())) whole[i] = whole[i] + (whole[i] & 3);
}

// Views that live for one iteration: each iteration's window overlaps the previous one's,
// whose view (and maybe record) is gone while its data may still be on the device.
static void dying_windows(std::vector<int>& buf) {
  for (int k = 0; k < 10; ++k) {
    iview w = iview(buf)[slice(k * 100, k * 100 + 250)];
    for (auto i : clpar::prange(w.size())) w[i] = w[i] * 2 + k;
    iview back = iview(buf)[slice(k * 100 + 249, k * 100 - 1, -1)];
    for (auto i : clpar::prange(std::size_t(50))) back[i] = back[i] - int(i);
  }
}

// Elements shared with an unsigned view and with a byte view of the same memory.
static void other_types(std::vector<int>& buf) {
  const std::size_t n = buf.size();
  iview s(buf);
  clpar::view<unsigned> u(reinterpret_cast<unsigned*>(buf.data()), n);
  clpar::view<unsigned char> bytes(reinterpret_cast<unsigned char*>(buf.data()), n * sizeof(int));
  for (auto i : clpar::prange(n)) s[i] = s[i] * 3 - 7;
  for (auto i : clpar::prange(n)) u[i] = u[i] * 2654435761u + 12345u;
  for (auto i : clpar::prange(n)) bytes[i * sizeof(int) + 1] = (unsigned char)(bytes[i * sizeof(int) + 1] ^ 0x5a);
  for (auto i : clpar::prange(n)) s[i] = (s[i] >> 3) + int(i);
}

// The same memory twice as regions' arguments and one empty view of it.
static void degenerate(std::vector<int>& buf) {
  iview a(buf);
  iview none = a[slice(5, 5)];
  for (auto i : clpar::prange(a.size())) a[i] = a[i] + 11;
  for (auto i : clpar::prange(none.size())) none[i] = 0;
  for (auto i : clpar::prange(std::size_t(1), a.size())) a[i] = a[i] - a[0];  // a[0] only read
  iview a2(buf);
  for (auto i : clpar::prange(a.size())) a[i] = a2[i] * 2;
}

// Windows that touch but do not overlap (separate records, whose device buffers may cover
// each other's bytes), written alternately, then one view over all of them merges them
// with the untouched bytes between.
static void touching(std::vector<int>& buf) {
  iview whole(buf);
  for (int round = 0; round < 3; ++round) {
    for (std::ptrdiff_t w = 0; w < 12; w += 2) {
      iview win = whole[slice(w * 10, w * 10 + 10)];  // 10 ints: many share 256 bytes
      for (auto i : clpar::prange(win.size())) win[i] = win[i] * 2 + int(w) + round;
    }
    for (std::ptrdiff_t w = 1; w < 12; w += 2) {
      iview win = whole[slice(w * 10, w * 10 + 10)];
      for (auto i : clpar::prange(win.size())) win[i] = win[i] - int(i) * round;
    }
  }
  iview span = whole[slice(5, 1195)];
  for (auto i : clpar::prange(span.size())) span[i] = span[i] + (span[i] & 7);
  iview tail = whole[slice(1190, 1200)];
  for (auto i : clpar::prange(tail.size())) tail[i] = tail[i] ^ 0x3c;
}

// One call whose first view lies inside a resident record and whose second, disjoint from
// the first, only overlaps that record: holding the second merges the record into a
// larger one with a new buffer after the first view's buffer was taken.
static void merge_between_views(std::vector<int>& buf) {
  iview whole(buf);
  iview held = whole[slice(100, 700)];
  clpar::resident keep(held);
  for (auto i : clpar::prange(held.size())) held[i] = held[i] * 3 - 1;
  iview inside = whole[slice(150, 350)], across = whole[slice(600, 800)];
  for (auto i : clpar::prange(inside.size())) inside[i] = inside[i] + across[i];
  for (auto i : clpar::prange(held.size())) held[i] = held[i] ^ int(i);
}

int main() {
  std::vector<int> buf(1200), aux(1200, 0);
  fill(buf, 1);
  const long long s1 = same_child_overlap(buf, aux);
  std::printf("same/child/overlap: s=%lld\n", s1);
  show("buf", buf);
  show("aux", aux);

  fill(buf, 2);
  const int r2 = strides_reversed(buf, aux);
  std::printf("strides/reversed: r=%d\n", r2);
  show("buf", buf);
  show("aux", aux);

  std::vector<int> big(1500);
  fill(big, 3);
  const long long s3 = two_d(big);
  std::printf("2d: s=%lld\n", s3);
  show("2d", big);

  fill(buf, 4);
  cascade(buf);
  show("cascade", buf);

  fill(buf, 5);
  dying_windows(buf);
  show("dying", buf);

  fill(buf, 8);
  merge_between_views(buf);
  show("merge between views", buf);

  fill(buf, 6);
  other_types(buf);
  show("types", buf);

  fill(buf, 7);
  degenerate(buf);
  show("degenerate", buf);

  fill(buf, 8);
  touching(buf);
  show("touching", buf);
}
