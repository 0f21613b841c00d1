// runtime/device/platform_list.hpp - the OpenCL platforms and devices of this process.
//
// Discovered once, on first use (never in a static constructor: test discovery and programs
// that never offload must not start OpenCL), and then fixed for the life of the process.
// The list is a deliberately leaked singleton: OpenCL objects destroyed at exit crash
// under oclgrind, and drivers may already be unloaded by then.
//
// Indices: P is the position in clGetPlatformIDs' answer, D the position in
// clGetDeviceIDs(CL_DEVICE_TYPE_ALL)'s answer for that platform; clinfo -l prints the same.
// CLPAR_DEVICE=P:D and clpar-info use these indices.
//
// A run whose CLPAR_DEVICE (read when the list is made) can use one kind of device only
// (wanted_device_kind) lists one platform where an earlier run recorded that its vendor's
// library holds every device of that kind (device/vendor_record.hpp): that library alone
// is opened (opencl_loader.hpp), not every vendor's through the ICD loader, and the
// platform keeps the index P it has in the full list.  CLPAR_PLATFORMS=all, or a record
// that no longer holds, lists every platform.  A later call whose CLPAR_DEVICE wants other
// devices then finds none of them (region_call warns once).
#ifndef CLPAR_RUNTIME_DEVICE_PLATFORM_LIST_HPP
#define CLPAR_RUNTIME_DEVICE_PLATFORM_LIST_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "device/device_selector.hpp"
#include "device/opencl.hpp"
#include "device/vendor_record.hpp"

namespace clpar::rt {

/// What a device is tuned as: the first of GPU, CPU, accelerator and custom its
/// CL_DEVICE_TYPE names.  A device may name several (oclgrind names all four); its traits
/// keep each flag, for CLPAR_DEVICE's selections, while the kernels' forms and the
/// transfers' staging follow this one kind, so such a device is tuned as a GPU.
enum class device_kind : std::uint8_t { gpu, cpu, accelerator, custom, other };

/// The kind a CL_DEVICE_TYPE bit set names.
device_kind device_kind_of(std::uint64_t type) noexcept;

/// "gpu", "cpu", "accelerator", "custom" or "other".
const char* device_kind_name(device_kind kind) noexcept;

struct device_entry {
  cl::Platform platform;
  cl::Device device;
  device_traits traits;          ///< indices, type, fp64, fp rounding, usable
  std::string why_unusable;      ///< empty when traits.usable
  std::string platform_name;     ///< CL_PLATFORM_NAME
  std::string platform_version;  ///< CL_PLATFORM_VERSION
  std::string name;              ///< CL_DEVICE_NAME
  device_kind kind = device_kind::other;  ///< what it is tuned as (device_kind_of)
  std::string version;           ///< CL_DEVICE_VERSION, e.g. "OpenCL 3.0 PoCL ..."
  std::string driver_version;    ///< CL_DRIVER_VERSION
  std::uint64_t global_memory_bytes = 0;
  std::uint64_t local_memory_bytes = 0;  ///< CL_DEVICE_LOCAL_MEM_SIZE, per work-group
  std::uint32_t compute_units = 0;
  std::size_t max_work_group_size = 1;
  std::size_t max_work_item_sizes[3] = {1, 1, 1};
};

/// The kind of device ("gpu", "cpu") that every call may want under `policy`, when calls
/// can use one kind only: GPUs under auto (unless `auto_cpu_devices`, CLPAR_AUTO_DEVICES=
/// all), opencl-gpu and gpu-by-rank; CPU devices under opencl-cpu.  Null otherwise.
const char* wanted_device_kind(device_policy policy, bool auto_cpu_devices) noexcept;

/// Which platforms the list is made of, when the first caller makes it.
enum class platform_scope : std::uint8_t {
  as_wanted,  ///< those the run's CLPAR_DEVICE can use, as described above
  every,      ///< every platform (clpar-info's list)
};

class platform_list {
 public:
  /// The process's list, discovered by the first call (thread-safe); the first call's
  /// scope decides what it holds.
  static const platform_list& instance(platform_scope scope = platform_scope::as_wanted);

  std::span<const device_entry> devices() const noexcept { return devices_; }
  std::span<const device_traits> traits() const noexcept { return traits_; }

  /// Why there is no device: "no OpenCL platform", or the failing call.  Empty otherwise.
  const char* why_none() const noexcept { return why_none_; }

  /// The kind of device the list was limited to ("gpu", "cpu"), the one platform of a
  /// recorded vendor library; null when every platform was listed.
  const char* limited_to() const noexcept { return limited_to_; }
  /// That vendor library's file; empty when every platform was listed.
  const std::string& vendor_library() const noexcept { return vendor_library_; }

 private:
  explicit platform_list(platform_scope scope);

  /// Lists every platform through the ICD loader.
  void list_every_platform(std::chrono::steady_clock::time_point start);
  /// Lists the recorded platform alone, from its vendor's library; false (and nothing
  /// listed) when the record no longer holds.
  bool list_recorded_platform(const vendor_record& record, const icd_setup& setup,
                              const char* kind, std::chrono::steady_clock::time_point start);
  /// Records the library holding every device of `kind`, when one platform holds them.
  void record_vendor(const char* kind, const icd_setup& setup,
                     const std::optional<vendor_record>& stored) const;

  std::vector<device_entry> devices_;
  std::vector<device_traits> traits_;
  const char* why_none_ = "";
  const char* limited_to_ = nullptr;
  std::string vendor_library_;
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_PLATFORM_LIST_HPP
