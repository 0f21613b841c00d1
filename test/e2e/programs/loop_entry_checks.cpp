// e2e: bounds checks a kernel makes when a loop starts (Analysis/LoopEntryChecks.h): a
// called function's loop over a local bound, in range (its results must equal the serial
// build's) and out of range for one iteration (clpar::bounds_error with the access's line,
// column, index and extent, as every variant reports it).
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

// The edges of a closed polyline that a horizontal line at height y crosses; both vertices
// of an edge (i and (i + 1) % n) are checked when the loop starts.
int crossings(clpar::view<const int, 2> v, int y) {
  const int n = static_cast<int>(v.extent(0));
  int count = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    if ((v(i, 1) > y) != (v(j, 1) > y)) ++count;
  }
  return count;
}

// Sums w[from..to] (to included): the loop's bounds come from the call.
int span_sum(clpar::view<const int> w, int from, int to) {
  int s = 0;
  for (int k = from; k <= to; ++k) s += 2 * w[k] + w[2 * k - from];
  return s;
}

// Four elements from a rotating start: the check made when the loop starts assumes the
// index may reach m - 1, so m past the extent sends the call to the host, which finds every
// access in range (the results must not change).
int rotated(clpar::view<const int> w, int start, int m) {
  int s = 0;
  for (int k = 0; k < 4; ++k) {
    const int at = (start + k) % m;
    s += w[at];
  }
  return s;
}

void rotations(clpar::view<const int> w, std::vector<int>& out, int m) {
  for (auto i : clpar::prange(out.size())) out[i] = rotated(w, int(i), m);
}

void count_all(clpar::view<const int, 2> v, std::vector<int>& out) {
  for (auto y : clpar::prange(out.size())) out[y] = crossings(v, int(y));
}

void spans(clpar::view<const int> w, std::vector<int>& out, int last) {
  for (auto i : clpar::prange(out.size()))
    out[i] = span_sum(w, int(i % 5), i == 7 ? last : int(i % 5) + 3);
}

int main() {
  std::vector<int> verts = {1, 0, 9, 4, 5, 12, 2, 7, 0, 3};
  std::vector<int> rows(14);
  count_all(clpar::view<const int, 2>(verts.data(), 5, 2), rows);
  for (int r : rows) std::printf("%d ", r);
  std::printf("\n");

  std::vector<int> w(40);
  for (std::size_t k = 0; k < w.size(); ++k) w[k] = int(k * 3 % 7);
  std::vector<int> sums(12);
  spans(w, sums, 9);
  for (int s : sums) std::printf("%d ", s);
  std::printf("\n");
  std::vector<int> turns(30);
  rotations(w, turns, 40);
  for (int t : turns) std::printf("%d ", t);
  std::printf("\n");
  rotations(w, turns, 41);  // in range, though m - 1 is not
  for (int t : turns) std::printf("%d ", t);
  std::printf("\n");
  try {
    spans(w, sums, 40);  // iteration 7 reads w[40]
    std::printf("no error\n");
  } catch (const clpar::bounds_error& e) {
    std::printf("bounds_error line=%u column=%u index=%zu extent=%zu\n", e.line(), e.column(),
                e.index(), e.extent());
  }
}
