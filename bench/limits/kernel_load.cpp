// bench/limits/kernel_load.cpp - what loading a cached kernel costs a new process, against a
// plain OpenCL program loading the same binary (issue 16's "within 2x of a bare load").
//
// On the first OpenCL GPU (else the first device), a kernel of the suite's size (a 2-D
// stencil with the bounds checks clpar emits) is built once through the runtime, which
// stores it in a private kernel cache, and its binary is written to a file.  Then, each in
// a new process (the driver's in-process caches would make a second load in one process
// free), alternately:
//   bare   reads the file, clCreateProgramWithBinary + clBuildProgram + clCreateKernel
//   clpar  the runtime's load: the cache key, the entry's read and check, the same three
//          calls (cache/program_cache.hpp's build_program)
// timed from before the file read to the kernel, after the context exists.  Prints the
// medians of `rounds` runs each, and their ratio, as limit records (measure.hpp).
//
//   kernel_load [rounds]            (forks itself: kernel_load --load bare|clpar DIR)
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cache/program_cache.hpp"
#include "device/device_context.hpp"
#include "device/platform_list.hpp"
#include "support/measure.hpp"

namespace {

using clpar::rt::device_context;
using clpar::rt::device_entry;
using clpar::rt::platform_list;

constexpr const char* kernel_source = R"(
long clpar_checked(__global int *err, int access, long i, ulong n) {
  if ((ulong)i < n) return i;
  atomic_cmpxchg(&err[0], 0, 1);
  err[1] = access;
  err[2] = (int)i;
  return 0;
}
__kernel void stencil(long first0, long step0, ulong count0, long first1, long step1,
                      ulong count1, __global int *err,
                      __global const float *a, long a_off, ulong a_n0, ulong a_n1, long a_s0,
                      long a_s1,
                      __global float *b, long b_off, ulong b_n0, ulong b_n1, long b_s0,
                      long b_s1) {
  const ulong k0 = get_global_id(1), k1 = get_global_id(0);
  if (k0 >= count0 || k1 >= count1) return;
  const long i = first0 + (long)k0 * step0, j = first1 + (long)k1 * step1;
  float sum = 0.0f;
  for (int di = -1; di <= 1; ++di)
    for (int dj = -1; dj <= 1; ++dj) {
      const long ii = clpar_checked(err, 0, i + di, a_n0);
      const long jj = clpar_checked(err, 1, j + dj, a_n1);
      sum += a[a_off + ii * a_s0 + jj * a_s1] * (di == 0 && dj == 0 ? 0.5f : 0.0625f);
    }
  b[b_off + clpar_checked(err, 2, i, b_n0) * b_s0 + clpar_checked(err, 3, j, b_n1) * b_s1] =
      sqrt(fabs(sum)) + exp(-sum * sum);
}
)";

/// platform_list's index of the first GPU, else 0; -1 without devices.
int chosen_device() {
  const auto devices = platform_list::instance().devices();
  for (std::size_t i = 0; i < devices.size(); ++i)
    if (devices[i].traits.gpu) return static_cast<int>(i);
  return devices.empty() ? -1 : 0;
}

/// In a new process: one load the given way; prints its seconds.
int load(const std::string& how, const std::string& dir) {
  const int index = chosen_device();
  if (index < 0) return 1;
  const device_entry& entry = platform_list::instance().devices()[index];
  const clpar::rt::outcome<device_context*> context = device_context::of(index);
  if (!context) return 1;
  const cl::Context& cl_context = context.value->context();
  const double start = bench::now();
  cl::Program program;
  if (how == "bare") {
    std::ifstream file(dir + "/kernel.bin", std::ios::binary);
    std::vector<unsigned char> binary((std::istreambuf_iterator<char>(file)),
                                      std::istreambuf_iterator<char>());
    cl_int status = CL_SUCCESS;
    program = cl::Program(cl_context, {entry.device}, cl::Program::Binaries{binary}, nullptr,
                          &status);
    if (status != CL_SUCCESS || program.build({entry.device}, "") != CL_SUCCESS) return 1;
  } else {
    clpar::rt::outcome<clpar::rt::built_program> built =
        clpar::rt::build_program(cl_context, entry, kernel_source, "");
    if (!built || !built.value.from_cache) return 1;
    program = built.value.program;
  }
  cl_int status = CL_SUCCESS;
  const cl::Kernel kernel(program, "stencil", &status);
  if (status != CL_SUCCESS) return 1;
  std::printf("%.9f\n", bench::now() - start);
  return 0;
}

/// Runs `self --load how dir` and returns the seconds it printed; negative on failure.
double timed_child(const char* self, const char* how, const std::string& dir) {
  const std::string command = std::string("'") + self + "' --load " + how + " '" + dir + "'";
  FILE* pipe = ::popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  double seconds = -1;
  if (std::fscanf(pipe, "%lf", &seconds) != 1) seconds = -1;
  return ::pclose(pipe) == 0 ? seconds : -1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "--load") {
    ::setenv("CLPAR_CACHE_DIR", (std::string(argv[3]) + "/cache").c_str(), 1);
    return load(argv[2], argv[3]);
  }
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
  char dir_template[] = "/tmp/clpar-kernel-load-XXXXXX";
  const char* dir = ::mkdtemp(dir_template);
  if (dir == nullptr) return 1;
  ::setenv("CLPAR_CACHE_DIR", (std::string(dir) + "/cache").c_str(), 1);

  // The build: stored in the cache by the runtime, and the same binary in a file.
  const int index = chosen_device();
  if (index < 0) {
    std::fprintf(stderr, "kernel_load: no OpenCL device\n");
    return 1;
  }
  const device_entry& entry = platform_list::instance().devices()[index];
  const clpar::rt::outcome<device_context*> context = device_context::of(index);
  if (!context) return 1;
  clpar::rt::outcome<clpar::rt::built_program> built =
      clpar::rt::build_program(context.value->context(), entry, kernel_source, "");
  if (!built) {
    std::fprintf(stderr, "kernel_load: build failed: %s\n%s\n", built.why,
                 built.value.build_log.c_str());
    return 1;
  }
  std::vector<std::vector<unsigned char>> binaries;
  if (built.value.program.getInfo(CL_PROGRAM_BINARIES, &binaries) != CL_SUCCESS ||
      binaries.size() != 1)
    return 1;
  std::ofstream(std::string(dir) + "/kernel.bin", std::ios::binary)
      .write(reinterpret_cast<const char*>(binaries[0].data()),
             static_cast<std::streamsize>(binaries[0].size()));

  std::vector<double> bare, cached;
  for (int r = 0; r < rounds; ++r) {
    bare.push_back(timed_child(argv[0], "bare", dir));
    cached.push_back(timed_child(argv[0], "clpar", dir));
    if (bare.back() < 0 || cached.back() < 0) {
      std::fprintf(stderr, "kernel_load: a load failed\n");
      return 1;
    }
  }
  const double bare_seconds = bench::median(bare), cached_seconds = bench::median(cached);
  bench::print_limit("kernel load, bare binary (new process)", bare_seconds * 1e3, "ms",
                     entry.name);
  bench::print_limit("kernel load, clpar cache (new process)", cached_seconds * 1e3, "ms",
                     entry.name);
  bench::print_limit("kernel load, clpar cache / bare binary", cached_seconds / bare_seconds,
                     "fraction", entry.name);
  const std::string remove = std::string("rm -rf '") + dir + "'";
  return std::system(remove.c_str()) == 0 ? 0 : 1;
}
