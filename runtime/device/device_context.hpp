// runtime/device/device_context.hpp - one OpenCL device in use: context, queue, kernels.
//
// Made the first time a call chooses the device and kept (leaked) for the life of the
// process, like platform_list.  Each holds one in-order queue, a buffer pool, the 4-int
// error word buffer, a host staging area for reductions' partials and a staged_transfer
// for user memory; a region call holds launch_mutex() for its whole use of these and of
// the kernel objects (clSetKernelArg is not thread-safe on one kernel), so calls from
// several user threads on one device run one after the other.
//
// Programs are made once per process per (source, kernel name, build options) and device,
// the options being CLPAR_CL_BUILD_OPTIONS plus, for regions built with --strict-fp,
// strict_fp_build_option: from the kernel cache's stored binary, else built from source
// and stored (cache/program_cache.hpp).  A failed build is remembered too, with its log, so
// later calls of the region go to the host at once.  Calls with different sources build
// concurrently.
#ifndef CLPAR_RUNTIME_DEVICE_DEVICE_CONTEXT_HPP
#define CLPAR_RUNTIME_DEVICE_DEVICE_CONTEXT_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "clpar/rt/region.hpp"
#include "device/cl_error.hpp"
#include "device/opencl.hpp"
#include "device/pending_kernels.hpp"
#include "device/platform_list.hpp"
#include "memory/buffer_pool.hpp"
#include "memory/staged_transfer.hpp"

namespace clpar::rt {

/// Appended to the build options of regions built with --strict-fp.
inline constexpr const char* strict_fp_build_option = "-cl-fp32-correctly-rounded-divide-sqrt";

/// The build options of `info`'s program: `user` (CLPAR_CL_BUILD_OPTIONS) and, for
/// region_info::strict_fp, strict_fp_build_option.
std::string program_build_options(const region_info& info, const char* user);

/// Whether an asynchronous launch on a device's queue needs a clFlush to start
/// (launch/kernel_launch.cpp), as its last tracked launch showed.
enum class launch_submission : std::uint8_t {
  /// Not shown otherwise (no tracked launch yet, or the last read CL_QUEUED): a clFlush
  /// after each launch.  A queued command may wait for a flush (oclgrind's do) or only for
  /// the commands before it (PoCL's, on a busy queue); either way the flush is safe.
  on_flush,
  /// The last tracked launch's event read CL_SUBMITTED or later right after its enqueue,
  /// before any flush: the queue issues commands to the device as they come (NVIDIA's and,
  /// on an idle queue, PoCL's), so launches leave the flush out.
  at_enqueue
};

/// What `was` becomes once a tracked launch's event read `status` right after the enqueue:
/// at_enqueue for a submitted, running or complete command, on_flush for a queued one; an
/// error status (the command failed; pending_kernels reports it) changes nothing.
launch_submission after_launch_status(launch_submission was, cl_int status) noexcept;

/// A kernel argument's value as last set, for one that is not a buffer.
struct kernel_arg_value {
  static constexpr std::size_t max_size = 16;  ///< larger values are set every time
  std::uint32_t size = 0;  ///< 0: not known
  bool local = false;      ///< a __local size, set with no value
  std::byte bytes[max_size] = {};
};

/// A region's kernel on one device, or why it could not be made.
struct kernel_entry {
  cl::Program program;
  cl::Kernel kernel;
  std::size_t work_group_size = 1;  ///< CL_KERNEL_WORK_GROUP_SIZE
  /// The work-items of the group the kernel declares with reqd_work_group_size
  /// (CL_KERNEL_COMPILE_WORK_GROUP_SIZE's product); 0 when it declares none or more than
  /// the device's CL_DEVICE_MAX_WORK_GROUP_SIZE.
  std::size_t compile_group = 0;
  /// Set when an enqueue with compile_group work-items was refused with
  /// CL_INVALID_WORK_GROUP_SIZE (launch/kernel_form.hpp).
  std::atomic<bool> group_refused{false};
  cl_uint arg_count = 0;            ///< CL_KERNEL_NUM_ARGS
  const char* why = nullptr;        ///< null when the kernel is ready
  std::string build_log;            ///< the compiler's log when the build failed
  bool from_cache = false;          ///< made from the kernel cache's stored binary
  /// CL_KERNEL_LOCAL_MEM_SIZE before any argument is set: the kernel's own __local
  /// variables, which share the device's local memory with the reduction scratch arguments.
  std::uint64_t local_memory_bytes = 0;
  /// Per argument, the value it was last set to where it is not a buffer, so that a call
  /// sets only the arguments that changed (launch/kernel_launch.cpp); under the context's
  /// launch_mutex().  Buffers are set every time: a buffer released and another made may
  /// have the same handle.
  std::vector<kernel_arg_value> arg_values;
};

class device_context {
 public:
  /// The context of platform_list::instance().devices()[index], made on first use.  A failure
  /// to make it is remembered and answered again to later calls.
  static outcome<device_context*> of(std::size_t index);
  /// settle(wait) on the pending kernels of every context made so far; null, or why the
  /// first failed kernel found failed.
  static const char* settle_all(bool wait);

  device_context(const device_context&) = delete;
  device_context& operator=(const device_context&) = delete;

  const device_entry& device() const noexcept { return *device_; }
  cl::Context& context() noexcept { return context_; }
  cl::CommandQueue& queue() noexcept { return queue_; }
  std::mutex& launch_mutex() noexcept { return launch_mutex_; }
  /// Kernels launched on the queue that no call waited for (thread-safe).
  pending_kernels& pending() noexcept { return pending_; }

  // Under launch_mutex() or the residency lock (memory/residency.hpp), which every use of
  // device memory takes first:
  buffer_pool& pool() noexcept { return pool_; }
  /// Transfers between user memory and device buffers, through pinned staging memory.
  staged_transfer& transfer() noexcept { return transfer_; }
  cl::Buffer& error_word() noexcept { return error_word_; }
  /// Whether the error word is known to hold zeros: read back as zeros after the last
  /// kernel that could write it, so the next such kernel needs no write of zeros first.
  bool& error_word_clear() noexcept { return error_word_clear_; }
  /// Counts an untimed asynchronous launch; the count before it.
  unsigned count_untimed_launch() noexcept { return untimed_launches_++; }
  /// How the queue starts its commands, as its tracked launches showed so far.
  launch_submission& submission() noexcept { return submission_; }
  /// At least `size` bytes of host memory for reading reductions' partials back.  Up to staging_kept_bytes of it stays allocated between calls.
  std::byte* staging(std::size_t size);
  void trim_staging();

  static constexpr std::size_t staging_kept_bytes = std::size_t{64} << 20;

  /// The kernel of `info` for this device, built on first use.
  kernel_entry& kernel_for(const region_info& info);
  /// The program's form that `variant` (build options, such as launch/aligned_rows.hpp's)
  /// selects, built on first use; null when it failed to build, or when it is new and
  /// max_variants forms of this kernel were already made on this device (each new one is
  /// a program build, so a statement called with ever new layouts stops there).
  kernel_entry* variant_for(const region_info& info, const std::string& variant);

  static constexpr unsigned max_variants = 16;

  /// kernel_for (empty `variant`) or variant_for without waiting for a build.
  struct kernel_lookup {
    kernel_entry* entry = nullptr;  ///< built (why says whether it failed); else null
    bool building = false;          ///< its build is queued on the background worker
  };
  /// The form's kernel when its build has finished; otherwise queues the build on the
  /// background worker (device/background_start.hpp), once, and answers `building`.
  /// Neither when it would be a new form past max_variants.
  kernel_lookup kernel_if_built(const region_info& info, const std::string& variant);

 private:
  struct kernel_slot {
    std::string source;
    std::string name;
    std::string options;
    std::string user_options;  ///< CLPAR_CL_BUILD_OPTIONS when it was made
    const char* site = "?";    ///< the region's site, for the profile
    bool strict_fp = false;    ///< region_info::strict_fp when it was made
    std::once_flag built;
    std::atomic<bool> done{false};    ///< entry is final
    std::atomic<bool> queued{false};  ///< a background build was asked for
    kernel_entry entry;
  };
  struct pointer_key {
    const char* source;
    const char* name;
    std::string variant;
  };
  /// A pointer_key to look up without copying the variant.
  struct pointer_view {
    const char* source;
    const char* name;
    std::string_view variant;
  };
  struct pointer_hash {
    using is_transparent = void;
    std::size_t operator()(const pointer_view& key) const noexcept;
    std::size_t operator()(const pointer_key& key) const noexcept {
      return (*this)(pointer_view{key.source, key.name, key.variant});
    }
  };
  struct pointer_equal {
    using is_transparent = void;
    static pointer_view view(const pointer_key& key) noexcept {
      return {key.source, key.name, key.variant};
    }
    static pointer_view view(const pointer_view& key) noexcept { return key; }
    template <class A, class B>
    bool operator()(const A& a, const B& b) const noexcept {
      const pointer_view x = view(a), y = view(b);
      return x.source == y.source && x.name == y.name && x.variant == y.variant;
    }
  };

  explicit device_context(const device_entry& device) : device_(&device) {}
  const char* open();
  /// The slot of `info` built with `variant`; null when it would be a new form past
  /// max_variants.
  kernel_slot* slot_for(const region_info& info, const std::string& variant);
  void build(kernel_slot& slot);
  /// Builds the slot once, whichever thread comes first; the others wait for it.
  void ensure_built(kernel_slot& slot);

  const device_entry* device_;
  cl::Context context_;
  cl::CommandQueue queue_;
  std::mutex launch_mutex_;
  pending_kernels pending_;
  buffer_pool pool_;
  staged_transfer transfer_;
  cl::Buffer error_word_;
  bool error_word_clear_ = false;  ///< made without contents
  unsigned untimed_launches_ = 0;
  launch_submission submission_ = launch_submission::on_flush;
  std::vector<std::byte> staging_;

  std::mutex slots_mutex_;
  // Keyed by content; slots are never removed, so pointers to them stay valid.
  std::unordered_map<std::string, std::unique_ptr<kernel_slot>> slots_;
  // Fast path keyed by the region's string addresses, checked against the slot's content
  // (a test or a JIT may reuse an address for another source).
  std::unordered_map<pointer_key, kernel_slot*, pointer_hash, pointer_equal> recent_;
  // Forms made per kernel (keyed by the region's string addresses), for max_variants.
  std::unordered_map<pointer_key, unsigned, pointer_hash, pointer_equal> variants_made_;
  /// Whether a build was queued on the background worker yet: the first may load the
  /// compiler's libraries.
  std::atomic<bool> background_build_queued_{false};
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_DEVICE_CONTEXT_HPP
