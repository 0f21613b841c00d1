// e2e: a region writes a strided view on the device while another host thread writes the
// elements between the view's (the gaps) during the call; afterwards both writes must be
// there (issue 17: no writes outside what the program wrote).  Views: every other element
// of an array, one column of a row-major matrix, every other row's middle columns, every
// other element of every other row, and a 3-D block of every other plane's rows.
//
// The thread sleeps a while after it starts (longer than copying the array to the device
// takes) and then writes all gaps, so its writes land after the copy-in; the kernel's work
// per element grows until the call outlasts the thread's writes, so they land before the
// copy-back.  Only what is checked is printed, so the serial build prints the same.
#include <clpar/clpar.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <thread>
#include <vector>

using clpar::all;
using clpar::slice;
using std::chrono::steady_clock;

/// Work per element: `rounds` steps of a hash that no compiler folds away.
unsigned mix(unsigned seed, unsigned rounds) {
  unsigned x = seed * 2654435761u + 1u;
  for (unsigned r = 0; r < rounds; ++r) {
    x = x * 1103515245u + 12345u;
    x ^= x >> 13;
  }
  return x & 0x3fffffffu;
}

void fill1(clpar::view<int> w, unsigned rounds) {
  for (auto i : clpar::prange(w.size())) w[i] = int(mix(unsigned(i), rounds));
}

void fill2(clpar::view<int, 2> w, unsigned rounds) {
  for (auto i : clpar::prange(w.extent(0)))
    for (auto j : clpar::prange(w.extent(1)))
      w(i, j) = int(mix(unsigned(i * 7919 + j), rounds));
}

void fill3(clpar::view<int, 3> w, unsigned rounds) {
  for (auto i : clpar::prange(w.extent(0)))
    for (auto j : clpar::prange(w.extent(1)))
      for (auto k : clpar::prange(w.extent(2)))
        w(i, j, k) = int(mix(unsigned((i * 131 + j) * 7919 + k), rounds));
}

/// What the other thread writes into gap element k of the array.
int gap_value(std::size_t k) {
  return int(k) ^ 0x5a5a;
}

/// One case: `call(rounds)` runs the region on `a`; `in_view(k)` says whether array
/// element k is in the written view, `expected(k, rounds)` what the region writes there.
/// Retries with more work per element until the thread's writes end before the call.
void run_case(const char* name, std::vector<int>& a, const std::function<void(unsigned)>& call,
              const std::function<bool(std::size_t)>& in_view,
              const std::function<int(std::size_t, unsigned)>& expected) {
  unsigned rounds = 256;
  bool overlapped = false;
  for (int attempt = 0; attempt < 8 && !overlapped; ++attempt, rounds *= 4) {
    std::fill(a.begin(), a.end(), 7);
    std::atomic<bool> thread_done{false};
    std::atomic<bool> call_done{false};
    bool written_before_return = false;
    std::thread other([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(60));
      for (std::size_t k = 0; k < a.size(); ++k)
        if (!in_view(k)) a[k] = gap_value(k);
      written_before_return = !call_done.load();
      thread_done = true;
    });
    call(rounds);
    call_done = true;
    other.join();
    overlapped = written_before_return;

    std::size_t wrong_gaps = 0, wrong_view = 0, checked = 0;
    for (std::size_t k = 0; k < a.size(); ++k) {
      if (!in_view(k)) {
        wrong_gaps += a[k] != gap_value(k);
      } else if (checked++ % 17 == 0) {  // the hash costs as much as the region: a sample
        wrong_view += a[k] != expected(k, rounds);
      }
    }
    if (wrong_gaps + wrong_view != 0 || overlapped)
      std::printf("%s: gaps overwritten=%zu view elements wrong=%zu\n", name, wrong_gaps,
                  wrong_view);
    if (wrong_gaps + wrong_view != 0) return;
  }
  std::printf("%s: the thread wrote during the call: %s\n", name, overlapped ? "yes" : "no");
}

int main() {
  // Every other element of an array.
  {
    std::vector<int> a(1 << 18);
    run_case(
        "every other element", a,
        [&](unsigned rounds) { fill1(clpar::view<int>(a)[slice(0, long(a.size()), 2)], rounds); },
        [](std::size_t k) { return k % 2 == 0; },
        [](std::size_t k, unsigned rounds) { return int(mix(unsigned(k / 2), rounds)); });
  }
  // Column 3 of a row-major matrix.
  const std::size_t rows = 256, cols = 512;
  {
    std::vector<int> a(rows * cols);
    run_case(
        "one column", a,
        [&](unsigned rounds) {
          fill1(clpar::view<int, 2>(a.data(), rows, cols)(all, 3), rounds * 64);
        },
        [&](std::size_t k) { return k % cols == 3; },
        [&](std::size_t k, unsigned rounds) { return int(mix(unsigned(k / cols), rounds * 64)); });
  }
  // Every other row, columns 8 to cols - 8: rows of whole elements.
  {
    std::vector<int> a(rows * cols);
    run_case(
        "every other row's middle", a,
        [&](unsigned rounds) {
          fill2(clpar::view<int, 2>(a.data(), rows, cols)(slice(0, rows, 2), slice(8, cols - 8)),
                rounds);
        },
        [&](std::size_t k) { return k / cols % 2 == 0 && k % cols >= 8 && k % cols < cols - 8; },
        [&](std::size_t k, unsigned rounds) {
          return int(mix(unsigned(k / cols / 2 * 7919 + k % cols - 8), rounds));
        });
  }
  // Every other element of every other row.
  {
    std::vector<int> a(rows * cols);
    run_case(
        "every other element of every other row", a,
        [&](unsigned rounds) {
          fill2(clpar::view<int, 2>(a.data(), rows, cols)(slice(0, rows, 2), slice(0, cols, 2)),
                rounds);
        },
        [&](std::size_t k) { return k / cols % 2 == 0 && k % cols % 2 == 0; },
        [&](std::size_t k, unsigned rounds) {
          return int(mix(unsigned(k / cols / 2 * 7919 + k % cols / 2), rounds));
        });
  }
  // Planes 0 to 3, every other row, columns 0 to 200 of a 4 x 16 x 256 block.
  {
    const std::size_t planes = 4, prow = 16, pcol = 256;
    std::vector<int> a(planes * prow * pcol);
    run_case(
        "3-D block of every other row", a,
        [&](unsigned rounds) {
          clpar::view<int, 3> t(a.data(), {planes, prow, pcol}, {prow * pcol, pcol, 1});
          fill3(t(all, slice(0, prow, 2), slice(0, 200)), rounds * 2);
        },
        [&](std::size_t k) { return k / pcol % prow % 2 == 0 && k % pcol < 200; },
        [&](std::size_t k, unsigned rounds) {
          const std::size_t i = k / (prow * pcol), j = k / pcol % prow / 2, c = k % pcol;
          return int(mix(unsigned((i * 131 + j) * 7919 + c), rounds * 2));
        });
  }
}
