// e2e: an out-of-range index inside an offloaded loop throws clpar::bounds_error with
// the user's file, line and column, the index and the extent, in every variant: the error
// of the access that fails first in the serial loop, where several iterations fail, for
// checks made before the region (affine indices) and per access alike.
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void shift(clpar::view<const int> in, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out[i] = in[i + 1];
}

// Iterations 7, 8 and 9 fail; the serial loop stops at 7.
void shift_many(clpar::view<const int> in, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out[ i ] = in[ i + 3 ];
}

// m(i, i + 5): every row fails, the first at index 5 of dimension 1.
void diagonal(clpar::view<int, 2> m) {
  for (auto i : clpar::prange(m.extent(0)))
    m(i, i + 5) = 1;
}

// Two accesses fail: out[2 * i] from i = 50, in[i + 60] from i = 40, which comes first.
void two_accesses(clpar::view<const int> in, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out[2 * i] = in[i + 60];
}

// Indices read from memory (checked per access): every iteration from 20 on fails, in
// parallel, and the error is still the first one's.
void gather(clpar::view<const int> in, clpar::view<const int> at, clpar::view<int> out) {
  for (auto i : clpar::prange(out.size()))
    out(i) = in( at[i] );
}

// The same in a 2-D nest.
void gather2(clpar::view<const int> in, clpar::view<const int, 2> at, clpar::view<int, 2> out) {
  for (auto i : clpar::prange(out.extent(0)))
    for (auto j : clpar::prange(out.extent(1)))
      out(i, j) = in[at(i, j)];
}

template <class F>
void report(F&& f) {
  try {
    f();
    std::printf("no error\n");
  } catch (const clpar::bounds_error& e) {
    std::printf("bounds_error line=%u column=%u index=%zu extent=%zu\n", e.line(), e.column(),
                e.index(), e.extent());
  }
}

int main() {
  std::vector<int> a(100, 1), b(100, 0);
  report([&] { shift(a, b); });
  std::vector<int> ten(10, 1), ten_out(10, 0);
  report([&] { shift_many(ten, ten_out); });
  std::vector<int> cells(20, 0);
  report([&] { diagonal(clpar::view<int, 2>(cells.data(), 4, 5)); });
  report([&] { two_accesses(a, b); });
  std::vector<int> at(4096), out(4096);
  for (int i = 0; i < 4096; ++i) at[static_cast<std::size_t>(i)] = i < 20 ? i : 5000 + i;
  std::vector<int> in(4096, 3);
  report([&] { gather(in, at, out); });
  report([&] {
    gather2(in, clpar::view<const int, 2>(at.data(), 64, 64), clpar::view<int, 2>(out.data(), 64, 64));
  });
}
