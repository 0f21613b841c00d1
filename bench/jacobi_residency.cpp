// bench/jacobi_residency.cpp - SPEC 1.5 on a GPU: PolyBench jacobi-2d with its time loop
// in one function, so the arrays stay on the device between the 2 x steps regions.
// Prints, per repetition, the function's whole time (both arrays copied in and out), the
// sum of its kernels' times (OpenCL profiling) and their ratio, and the transfers made.
//
//   CLPAR_DEVICE=opencl-gpu jacobi_residency [n] [steps] [repetitions]
#include <clpar/clpar.hpp>
#include <clpar/rt/residency.hpp>
#include <clpar/rt/stats.hpp>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using mat = clpar::view<float, 2>;

static void jacobi_2d(int steps, mat a, mat b) {
  const std::size_t n = a.extent(0);
  for (int t = 0; t < steps; ++t) {
    for (auto i : clpar::prange(std::size_t(1), n - 1))
      for (auto j : clpar::prange(std::size_t(1), n - 1))
        b(i, j) = 0.2f * (a(i, j) + a(i, j - 1) + a(i, j + 1) + a(i + 1, j) + a(i - 1, j));
    for (auto i : clpar::prange(std::size_t(1), n - 1))
      for (auto j : clpar::prange(std::size_t(1), n - 1))
        a(i, j) = 0.2f * (b(i, j) + b(i, j - 1) + b(i, j + 1) + b(i + 1, j) + b(i - 1, j));
  }
}

int main(int argc, char** argv) {
  // Kernel times (clpar/rt/stats.hpp) are measured only on request.
  ::setenv("CLPAR_KERNEL_TIMES", "1", 1);
  const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 2800;
  const int steps = argc > 2 ? std::atoi(argv[2]) : 500;
  const int repetitions = argc > 3 ? std::atoi(argv[3]) : 3;
  std::vector<float> a(n * n), b(n * n);
  auto reset = [&] {
    for (std::size_t k = 0; k < n * n; ++k) {
      a[k] = float(k % 97) / 97.0f;
      b[k] = float(k % 89) / 89.0f;
    }
  };
  reset();
  jacobi_2d(1, mat(a.data(), n, n), mat(b.data(), n, n));  // builds the kernels
  std::printf("jacobi-2d n=%zu steps=%d\n", n, steps);
  for (int r = 0; r < repetitions; ++r) {
    reset();
    const clpar::rt::transfer_totals before = clpar::rt::transfer_total();
    const double kernels_before = clpar::rt::kernel_seconds_total();
    const auto start = std::chrono::steady_clock::now();
    jacobi_2d(steps, mat(a.data(), n, n), mat(b.data(), n, n));
    const double whole =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const double kernels = clpar::rt::kernel_seconds_total() - kernels_before;
    const clpar::rt::transfer_totals after = clpar::rt::transfer_total();
    std::printf("end-to-end %.2f ms, kernels %.2f ms, ratio %.3f; to device %llu (%llu B), "
                "to host %llu (%llu B); a[n+1]=%g\n",
                whole * 1e3, kernels * 1e3, kernels > 0 ? whole / kernels : 0.0,
                (unsigned long long)(after.to_device_transfers - before.to_device_transfers),
                (unsigned long long)(after.to_device_bytes - before.to_device_bytes),
                (unsigned long long)(after.to_host_transfers - before.to_host_transfers),
                (unsigned long long)(after.to_host_bytes - before.to_host_bytes),
                double(a[n + 1]));
  }
}
