// runtime/cache/program_cache.hpp - OpenCL programs built through the process's kernel cache.
//
// The OpenCL side of cache/kernel_cache.hpp: a program is looked up by the key SPEC 4 names
// (kernel source, build options, platform, device, driver version, clpar version), made
// from the stored binary on a hit and from source otherwise, and a program built from source
// has its binary stored.  A stored binary the driver refuses is a miss: the program is
// built from source and the entry rewritten.
//
// The process's cache comes from the environment (CLPAR_CACHE, CLPAR_CACHE_DIR,
// CLPAR_CACHE_MAX_SIZE).  A directory that is not safe to use, a bad variable or a first
// failed write warns once on stderr; the program runs on, building from source.
#ifndef CLPAR_RUNTIME_CACHE_PROGRAM_CACHE_HPP
#define CLPAR_RUNTIME_CACHE_PROGRAM_CACHE_HPP

#include <string>
#include <string_view>

#include "cache/kernel_cache.hpp"
#include "device/cl_error.hpp"
#include "device/opencl.hpp"
#include "device/platform_list.hpp"

namespace clpar::rt {

/// The process's kernel cache (thread-safe; made on first use, kept for the process).
kernel_cache& process_kernel_cache();

/// The key of a program or of another per-device record (`kind` tells them apart): what
/// SPEC 4 lists, so a new driver or clpar version never reads an old entry.
std::string device_cache_key(std::string_view kind, const device_entry& device,
                             std::string_view source, std::string_view options);

struct built_program {
  cl::Program program;
  bool from_cache = false;  ///< made from a stored binary
  std::string build_log;    ///< the compiler's log when the build failed
  /// Time spent in the kernel cache itself (the key, the entry's read and check, or its
  /// store), apart from the driver's build or load, for the trace.
  double cache_seconds = 0;
  /// Of cache_seconds, the wait for another process's build of the same program.
  double waited_seconds = 0;
};

/// `source` built for `device` with `options`, through the process's kernel cache.
outcome<built_program> build_program(const cl::Context& context, const device_entry& device,
                                     const std::string& source, const std::string& options);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_CACHE_PROGRAM_CACHE_HPP
