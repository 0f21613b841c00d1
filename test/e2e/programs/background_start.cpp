// e2e: calls large enough for auto to want a device, in a program that may end before the
// device is ready (test/e2e/background_start.sh).  Arguments: the number of calls (3) and
// milliseconds to sleep after each (0).
#include <clpar/clpar.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "digest.hpp"

void fill(clpar::view<float> v, float a) {
  for (auto i : clpar::prange(v.size()))  // region: 3
    v[i] = a * static_cast<float>(i % 1000) + 1.0f;
}

int main(int argc, char** argv) {
  const int calls = argc > 1 ? std::atoi(argv[1]) : 3;
  const int sleep_ms = argc > 2 ? std::atoi(argv[2]) : 0;
  std::vector<float> data(std::size_t{1} << 20);
  for (int c = 0; c < calls; ++c) {
    fill(data, static_cast<float>(c + 1));
    char tag[16];
    std::snprintf(tag, sizeof tag, "call %d", c);
    show(tag, data);
    std::fflush(stdout);
    if (sleep_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(sleep_ms));
  }
}
