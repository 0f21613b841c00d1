// runtime/device/device_selector.hpp - where one region call runs: CLPAR_DEVICE and policy.
//
// Pure functions of their arguments (but process_local_rank): they start no OpenCL and read
// no environment, so they are unit tested with made-up device lists.
//
// CLPAR_DEVICE grammar (SPEC section 3; surrounding blanks are ignored, an unset or empty
// variable means auto):
//   <value> ::= "auto" | "host" | "opencl" | "opencl-cpu" | "opencl-gpu" | "gpu-by-rank"
//             | "all" | <P> ":" <D>
//   <P>, <D> ::= decimal digits, the platform and device indices clpar-info prints
//
// Policies:
//   auto        the first GPU device as the candidate (in an MPI or SLURM process, the
//               rank's GPU, as gpu-by-rank picks it), else the host.  Whether a call
//               uses it is the cost model's choice (schedule/cost_model.hpp), made by
//               region_call from measured costs.  CPU OpenCL devices are candidates only
//               with CLPAR_AUTO_DEVICES=all, and only where there is no GPU: on the
//               machines measured so far the OpenMP variant beats them, and trying one
//               costs a kernel build and a call.
//   host        always the host.
//   opencl      the first GPU device, else the first CPU device, else the first other one.
//   opencl-cpu  the first CPU device, else the host.
//   opencl-gpu  the first GPU device, else the host.
//   gpu-by-rank the GPU of the process's node-local rank r (local_rank_from_env): the
//               (r mod n)-th of the n usable GPUs, else the host; without a rank, rank 0.
//               Every call goes there, as with opencl-gpu.
//   all         every call that can be shared out is, over every device that can run it
//               (launch/shared_call.hpp); any other call, and any call when fewer than
//               two devices can run it, as under opencl.
//   P:D         that device; a P:D that names no device is treated as auto (with a warning).
// "First" is in clpar-info's P:D order.  Devices that cannot run the call are skipped first:
// unavailable ones, GPUs for regions built with --no-opencl-gpu, ones without cl_khr_fp64
// for kernels that use double, and, for regions built with --strict-fp, ones that cannot
// round float division and sqrt correctly (OpenCL allows -cl-fp32-correctly-rounded-
// divide-sqrt only where CL_DEVICE_SINGLE_FP_CONFIG has CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT;
// elsewhere the kernel would not get the rounding --strict-fp promises).
//
// placement_request::host (prange(...).on(clpar::host)) always runs on the host.
// placement_request::device uses the device CLPAR_DEVICE names, or under auto the opencl
// rule; CLPAR_DEVICE=host still wins, so a run can always be forced onto the host.
// placement_request::all_devices is shared out under auto and all; a CLPAR_DEVICE that
// names one device (opencl, opencl-gpu, P:D, ...) puts it on that device alone.
#ifndef CLPAR_RUNTIME_DEVICE_DEVICE_SELECTOR_HPP
#define CLPAR_RUNTIME_DEVICE_DEVICE_SELECTOR_HPP

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "clpar/rt/region.hpp"

namespace clpar::rt {

enum class device_policy : std::uint8_t {
  automatic,
  host,
  opencl,
  opencl_cpu,
  opencl_gpu,
  gpu_by_rank,
  all_devices,
  index
};

/// A process's rank among those of its job on the same node, as MPI and SLURM launchers
/// export it.
struct local_rank {
  int rank = -1;                   ///< -1: not started by such a launcher
  const char* variable = nullptr;  ///< the variable it came from
};

/// OMPI_COMM_WORLD_LOCAL_RANK (Open MPI), MPI_LOCALRANKID (MPICH, Intel MPI), SLURM_LOCALID
/// (srun), the first that holds a decimal number, read through `getenv`.
local_rank local_rank_from_env(const char* (*getenv)(const char*));

/// local_rank_from_env of the process's environment, read once (launchers set it before
/// the program starts); the one function here that reads the environment.
const local_rank& process_local_rank();

struct device_selection {
  device_policy policy = device_policy::automatic;
  int platform = -1;  ///< for device_policy::index
  int device = -1;    ///< for device_policy::index
  /// For automatic and gpu_by_rank: the node-local rank that picks among several GPUs.
  local_rank rank;
};

struct parsed_selection {
  device_selection selection;
  std::string warning;  ///< empty when the value was valid
};

/// Parses a CLPAR_DEVICE value; null means unset.  An invalid value gives auto and a warning.
parsed_selection parse_device_selection(const char* value);

/// A device as the selector sees it.
struct device_traits {
  int platform = 0;
  int device = 0;
  bool gpu = false;
  bool cpu = false;
  bool fp64 = false;
  /// CL_FP_CORRECTLY_ROUNDED_DIVIDE_SQRT in CL_DEVICE_SINGLE_FP_CONFIG.
  bool correctly_rounded_divide_sqrt = false;
  bool usable = true;  ///< available and with a compiler
};

/// What the selector needs to know about one call.
struct call_traits {
  std::uint64_t iterations = 0;
  placement_request placement = placement_request::automatic;
  bool needs_fp64 = false;
  bool cpu_devices_only = false;
  bool strict_fp = false;  ///< built with --strict-fp (region_info::strict_fp)
  bool auto_cpu_devices = false;  ///< CLPAR_AUTO_DEVICES=all: auto weighs CPU devices too
};

struct device_choice {
  int device = -1;             ///< index into the device list; -1 = host
  const char* why = "";        ///< a string literal
  bool unknown_index = false;  ///< CLPAR_DEVICE=P:D named no device (warn once)

  bool on_host() const noexcept { return device < 0; }
};

/// The choice when it does not depend on the devices, so discovery can be skipped: the host
/// for an empty call, .on(host), CLPAR_DEVICE=host, and auto in a --no-opencl-gpu build.
std::optional<device_choice> choose_without_devices(const device_selection& selection,
                                                    const call_traits& call);

/// The full choice over `devices` (clpar-info order); under auto, the candidate device.
device_choice choose_device(const device_selection& selection, const call_traits& call,
                            std::span<const device_traits> devices);

/// Whether a call with `placement` is to be shared out over several devices under
/// `selection` (when it can be: launch/shared_call.hpp).
bool shares_out(const device_selection& selection, placement_request placement);

/// Every device that can run `call`, in clpar-info order: those a shared call uses.
std::vector<int> sharing_devices(const call_traits& call, std::span<const device_traits> devices);

/// The GPU that node-local rank `rank` uses: the (rank mod n)-th of the n usable GPUs
/// (rank -1 counts as 0), as an index into `devices`; -1 when there is no usable GPU.  The
/// pick does not depend on the call, so a rank's data stays on one device.
int rank_gpu(std::span<const device_traits> devices, int rank);

/// The number of usable GPUs in `devices`.
int usable_gpu_count(std::span<const device_traits> devices);

/// "CLPAR_DEVICE=opencl-gpu" and the like, for messages.
std::string selection_name(const device_selection& selection);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_DEVICE_SELECTOR_HPP
