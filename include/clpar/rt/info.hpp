// clpar/rt/info.hpp - what the runtime sees on this machine, for clpar-info and diagnostics.
//
// Calling any of these starts OpenCL (platform discovery), like the first region call does.
// Not for generated code; these may throw std::bad_alloc.
#ifndef CLPAR_RT_INFO_HPP
#define CLPAR_RT_INFO_HPP

#include <cstdint>
#include <string>
#include <vector>

namespace clpar::rt {

/// One OpenCL device.  `platform` and `device` are the indices CLPAR_DEVICE=P:D takes.
struct device_description {
  int platform = 0;
  int device = 0;
  std::string platform_name;
  std::string platform_version;  ///< CL_PLATFORM_VERSION
  std::string device_name;
  std::string type;            ///< "cpu", "gpu", "accelerator", "custom" or "other"
  std::string version;         ///< CL_DEVICE_VERSION, e.g. "OpenCL 3.0 PoCL 3.1 ..."
  std::string driver_version;  ///< CL_DRIVER_VERSION
  bool fp64 = false;           ///< cl_khr_fp64
  bool usable = false;         ///< available and with a compiler
  std::string why_unusable;    ///< "not available", "no compiler"; empty when usable
  /// Rounds float division and sqrt correctly (CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT), so
  /// regions built with --strict-fp may run on it.
  bool correctly_rounded_divide_sqrt = false;
  std::uint64_t global_memory_bytes = 0;
  std::uint32_t compute_units = 0;
};

/// All devices of all platforms, in P:D order.
std::vector<device_description> list_devices();

/// Why list_devices() is empty ("no OpenCL platform", a failing call); empty otherwise.
std::string why_no_devices();

/// Where a region call would run under CLPAR_DEVICE=`clpar_device_value` (null: unset),
/// in words, e.g. "0:0 NVIDIA H100 (CLPAR_DEVICE=opencl)" or "host (CLPAR_DEVICE=host)".
/// For auto it names the candidate GPU, used per call where the cost model predicts it
/// faster.
std::string selected_device_for(const char* clpar_device_value);

/// The process's node-local rank in an MPI or SLURM job (OMPI_COMM_WORLD_LOCAL_RANK,
/// MPI_LOCALRANKID, SLURM_LOCALID): rank -1 and an empty variable outside one.  With several
/// GPUs, auto and CLPAR_DEVICE=gpu-by-rank give rank r the (r mod n)-th of the n GPUs.
struct local_rank_description {
  int rank = -1;
  std::string variable;
};
local_rank_description node_local_rank();

/// The kernel cache (SPEC 4) under the current environment.
struct cache_description {
  std::string directory;
  bool enabled = true;       ///< CLPAR_CACHE is not 0
  std::string unusable_why;  ///< empty when the runtime would use it
  std::uint64_t bytes = 0;
  std::uint64_t entries = 0;
  std::uint64_t max_bytes = 0;  ///< CLPAR_CACHE_MAX_SIZE
  /// CLPAR_CACHE_READONLY_DIR (empty: none), read before `directory` and never written;
  /// its entries that the runtime would trust.
  std::string readonly_directory;
  std::uint64_t readonly_entries = 0;
  std::uint64_t readonly_bytes = 0;
  /// Whether new entries can be stored in `directory` (not on a read-only file system).
  bool writable = false;
};
cache_description describe_cache();

/// A vendor library that an earlier run recorded as holding every device of one kind, for
/// a later run to open alone (docs/environment.md, CLPAR_PLATFORMS), under the current ICD
/// loader, its variables and vendor files.
struct vendor_record_description {
  std::string kind;           ///< "gpu" or "cpu"
  std::string library;        ///< the vendor library's file
  int platform = 0;           ///< its platform's index P
  std::string platform_name;
  /// Whether a run would open it alone: the file is unchanged and the vendor files name it.
  bool usable = false;
};
/// The records for the GPU and CPU kinds that exist; none where the kernel cache or the ICD
/// loader is unavailable, or where this process has OpenCL functions of its own.
std::vector<vendor_record_description> recorded_vendors();

/// Removes every entry of the kernel cache; empty, or why something was left.
std::string clear_cache();

/// One device's calibration (launch latency, transfer bandwidths), in words and figures.
struct calibration_description {
  int platform = 0;
  int device = 0;
  std::string text;          ///< "launch 21.0 us, to device 41.2 GB/s, to host 48.0 GB/s"
  double launch_seconds = 0;  ///< the figures of `text`; 0 when the measurement failed
  double to_device_bytes_per_second = 0;
  double to_host_bytes_per_second = 0;
  double transfer_seconds = 0;  ///< a transfer's fixed cost
  double small_transfer_seconds = 0;  ///< the same for one below 1 MiB, which goes direct
  bool measured_now = false; ///< false: read from the kernel cache
  std::string why_failed;    ///< empty unless the measurement failed
};

/// The calibration of every usable device, read from the kernel cache or measured (and
/// stored); with `measure`, measured again whatever is stored.
std::vector<calibration_description> device_calibrations(bool measure);

/// A byte count as clpar-info and CLPAR_SUMMARY print it: "512 B", "64.0 KiB", "1.5 GiB".
std::string bytes_text(std::uint64_t bytes);

/// The runtime's version, "0.1.0".
const char* runtime_version() noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RT_INFO_HPP
