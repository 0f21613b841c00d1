// e2e: the program that faults.sh runs with CLPAR_FAULT making chosen OpenCL operations
// fail (SPEC 5).  Each phase prints what it computed as soon as it has it: a build, an
// allocation, an enqueue or a write that fails sends its call to the host, and the output
// equals the serial build's; a device lost while it held the only current copy of memory
// (inside the clpar::resident phase) ends in clpar::device_error, which main reports on
// stdout with exit code 3, after the lines of the phases that completed.
//   phase 1: independent calls, no memory kept between them (results come home per call)
//   phase 2: a function whose regions keep data on the device between them, a reduction
//   phase 3: slice statements
//   phase 4: clpar::resident over a time loop, host reads through sync_host() between steps
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

#include "digest.hpp"

using fview = clpar::view<float>;
using iview = clpar::view<int>;

static std::vector<float> make(std::size_t n, int seed) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = float((i * 37 + std::size_t(seed) * 13) % 101) * 0.25f;
  return v;
}

static void saxpy(float a, fview x, fview y) {
  for (auto i : clpar::prange(x.size())) y[i] = a * x[i] + y[i];
}

static void independent_calls() {
  std::vector<float> x = make(4096, 1), y = make(4096, 2);
  for (int k = 0; k < 3; ++k) saxpy(0.5f + float(k), fview(x), fview(y));
  show("independent", y);
}

// Two regions and a reduction; the host reads the result only at the end.
static long pipeline(iview a, iview b) {
  const std::size_t n = a.size();
  for (auto i : clpar::prange(n)) b[i] = a[i] * 3 - int(i % 7);
  for (auto i : clpar::prange(std::size_t(1), n - 1)) a[i] = b[i - 1] + b[i + 1];
  long total = 0;
  for (auto i : clpar::prange(n)) total += a[i] % 13;
  return total;
}

static void kept_between_regions() {
  std::vector<int> av(5000), bv(5000, 0);
  for (std::size_t i = 0; i < av.size(); ++i) av[i] = int(i % 97) - 40;
  const long total = pipeline(iview(av), iview(bv));
  std::printf("pipeline total=%ld\n", total);
  show("pipeline a", av);
  show("pipeline b", bv);
}

static void slices() {
  std::vector<float> x = make(3000, 3), y = make(3000, 4), z(3000, 0.0f);
  fview xv(x), yv(y), zv(z);
  zv[clpar::all] = xv * 2.0f + yv;
  zv[clpar::slice(0, 3000, 2)] = zv[clpar::slice(1, 3000, 2)] - xv[clpar::slice(0, 1500)];
  show("slices", z);
}

static void step(iview a, iview b) {
  const std::size_t n = a.size();
  for (auto i : clpar::prange(std::size_t(1), n - 1)) b[i] = (a[i - 1] + a[i] + a[i + 1]) % 4099;
  for (auto i : clpar::prange(std::size_t(1), n - 1)) a[i] = b[i] - (b[i] >> 2) + 1;
}

static void resident_time_loop() {
  std::vector<int> av(6000), bv(6000, 0);
  for (std::size_t i = 0; i < av.size(); ++i) av[i] = int((i * 29) % 1013) - 300;
  iview a(av), b(bv);
  {
    clpar::resident keep(a, b);
    for (int t = 0; t < 8; ++t) {
      step(a, b);
      if (t % 2 == 1) {
        a.sync_host();
        std::printf("resident t=%d a[7]=%d a[5000]=%d\n", t, a[7], a[5000]);
      }
    }
  }
  show("resident a", av);
  show("resident b", bv);
}

int main() {
  try {
    independent_calls();
    kept_between_regions();
    slices();
    resident_time_loop();
  } catch (const clpar::device_error& e) {
    std::printf("device_error: %s\n", e.what());
    std::fflush(stdout);
    return e.bytes() > 0 && e.address() != nullptr ? 3 : 4;
  }
  return 0;
}
