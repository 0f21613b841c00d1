// e2e: a program that changes CLPAR_DEVICE between its calls (setenv), which the runtime
// reads per call: the first call with the variable as started, the later ones with
// argv[1] when given.  (The list of OpenCL platforms is made for the first call's value;
// vendor_record.sh checks the warning when a later value wants devices it lacks.)
#include <clpar/clpar.hpp>

#include <cstdio>
#include <cstdlib>
#include <vector>

void scale(float a, clpar::view<float> y) {
  for (auto i : clpar::prange(y.size()))
    y[i] = a * y[i] + 1.0f;
}

int main(int argc, char** argv) {
  std::vector<float> y(3000);
  for (std::size_t i = 0; i < y.size(); ++i) y[i] = float(i % 13);
  for (int call = 0; call < 3; ++call) {
    scale(0.5f, y);
    if (call == 0 && argc > 1) setenv("CLPAR_DEVICE", argv[1], 1);
  }
  double checksum = 0;
  for (float v : y) checksum += v;
  std::printf("checksum=%.3f last=%.3f\n", checksum, y.back());
}
