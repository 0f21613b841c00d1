// clpar/rt/region.hpp - the runtime API that translated code calls for each region.
//
// clpar-translate replaces every offloadable prange nest with a host stub that fills a
// launch_request and opens a region_call.  The runtime decides where the call runs; when it
// ran the OpenCL kernel, the stub skips its OpenMP variant.  Any OpenCL failure makes the
// runtime answer "host", so the OpenMP variant always remains the safety net.
//
// Terminology
//   region      one prange nest (1 to 3 dimensions) of the user's program
//   site        "file:line:col" of the region's outermost prange
//   dimension   one prange of the nest; the outermost is dimension 0
//   view arg    a clpar::view, std::vector or std::array used in the body, described by its
//               element pointer, element size, extents and strides (in elements)
//   scalar arg  a variable from outside the region that the body only reads
//
// Kernel argument convention (what the OpenCL C emitted by the translator declares, and
// what the runtime sets, in this order):
//   <kernel-args>  ::= <dim>{dims} <error> <view>* <scalar>* <reduction>*
//   <dim>          ::= long first, long step, ulong count
//   <error>        ::= __global int *   (4 ints: code, access site, index low/high; 0 = ok)
//   <view>         ::= __global T *base, long offset, ulong extent{rank}, long stride{rank}
//   <scalar>       ::= the scalar's OpenCL type, by value
//   <reduction>    ::= __global T *partials, __local T *scratch
// Reductions: each work-group writes its combined value to partials[g], g the linear
// group id (get_group_id(0) + get_num_groups(0) * (get_group_id(1) + get_num_groups(1) *
// get_group_id(2))); partials holds one T per work-group and scratch one T per work-item
// of a group.  After the kernel the runtime combines *target with every partial, in group
// order, and stores the result in *target (only when the call succeeded).
// base points at the lowest byte any view of the same memory touches; offset is the
// element index of the view's element (0, ..., 0) relative to base.
//
// This header depends only on the standard library: generated code includes it, the
// runtime implements it, and nothing here includes OpenCL.
#ifndef CLPAR_RT_REGION_HPP
#define CLPAR_RT_REGION_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>

namespace clpar::rt {

/// Which elements of a view the iterations with dimension 0's value v touch: those whose
/// index `axis` lies in [coef * v + low, coef * v + high]; axis -1: any element.
struct split_access {
  std::int8_t axis;
  std::int64_t coef;
  std::int64_t low;
  std::int64_t high;
};

/// A view's elements touched by any access, and by its writes (axis -1 for a view the
/// region only reads).
struct split_view {
  split_access touched;
  split_access written;
};

/// Constant description of one translated region, emitted once per region.
struct region_info {
  const char* site;           ///< "file.cpp:12:5"
  const char* kernel_name;    ///< stable across rebuilds of the same source
  const char* kernel_source;  ///< OpenCL C; null when the region has only its OpenMP variant
  unsigned dims;              ///< 1 to 3
  bool needs_fp64;            ///< the kernel uses double
  bool cpu_devices_only;      ///< built with --no-opencl-gpu
  /// Built with --strict-fp: the kernel must be built with correctly rounded float
  /// division and sqrt (and has FP_CONTRACT OFF); devices that cannot are not used.
  bool strict_fp = false;
  /// For a region without an OpenCL variant (kernel_source null): why, for the trace.
  const char* host_only_reason = nullptr;
  /// The kernel checks some accesses itself, so it may stop part-way (the error word);
  /// the runtime then keeps the host's copy of written memory current before the launch.
  bool checks_in_kernel = true;
  /// Iterations of the innermost dimension each work-item takes (the kernel loops over
  /// them, consecutive or a global size apart): the NDRange's innermost size is the count
  /// divided by this, rounded up.
  unsigned inner_block = 1;
  /// The kernel steps through every dimension by the NDRange's global size, so the runtime
  /// may launch fewer work-items than iterations (for reductions: a few work-groups per
  /// compute unit, hence few partials).
  bool grid_stride = false;
  /// One iteration runs a loop of its own (in the body or a function it calls), so its cost
  /// is more than a handful of operations: auto's first guess, before anything is measured,
  /// sends such a region to a device from fewer iterations (schedule/cost_model.hpp).
  bool iteration_loops = false;
  /// The kernel has an aligned-rows form, compiled with CLPAR_ROWS4 defined, for calls
  /// whose views all lie alike on four-element boundaries row by row (the runtime's
  /// launch/aligned_rows.hpp says when, and which build-time constants it passes).
  bool aligned_rows = false;
  /// The kernel has a form for calls whose every view has innermost stride 1, compiled
  /// with CLPAR_UNIT_INNER defined (the stride a constant instead of a multiply).
  bool unit_inner = false;
  /// The kernel has a split form, compiled with CLPAR_LANES, CLPAR_ITEMS and
  /// CLPAR_LANES_FIRST defined, in which several work-items share an iteration that reduces
  /// over an inner loop (launch/inner_split.hpp in the runtime): 0 none, 1 one, 2 one whose
  /// loop reads along rows (its lanes should be neighbouring work-items).
  std::uint8_t inner_split = 0;
  /// How the iterations of dimension 0 touch each view (one entry per view, in the
  /// request's order), for sharing a call out over several devices (.on(clpar::all_devices),
  /// CLPAR_DEVICE=all).  Null for a region without views, and for one that writes a view
  /// where dimension 0 does not decide: only the first can be shared out.
  const split_view* split_views = nullptr;
  /// The kernel has a tiled form for a product, compiled with CLPAR_TILE_R, CLPAR_TILE_C,
  /// CLPAR_GROUP_R, CLPAR_GROUP_C and CLPAR_TILE_K defined, in which a work-group stages
  /// the inner loop's reads in local memory and each work-item computes a block of
  /// iterations (launch/product_tiles.hpp in the runtime).
  bool product_tiles = false;
  /// The kernel has a form for calls whose every view's elements lie within 2^31 - 1
  /// elements of its first, compiled with CLPAR_INDEX32 defined: an access's position
  /// from the view's offset is computed in 32 bits (launch/index_width.hpp in the runtime).
  /// Kept in the padding after product_tiles: the struct's size is unchanged.
  bool index32 = false;
  /// The kernel has a form for calls whose written views share no memory with any other
  /// view, compiled with CLPAR_NO_ALIAS defined: its view parameters are `restrict`
  /// (launch/view_aliasing.hpp in the runtime).  In the padding too.
  bool no_alias = false;
};


/// One prange dimension as evaluated at the call: values first + k * step, k < count.
struct dim_arg {
  std::int64_t first;
  std::int64_t step;
  std::uint64_t count;
};

inline constexpr std::size_t max_rank = 4;

/// One array the body uses.  `data` points at element (0, ..., 0).
struct view_arg {
  void* data;
  std::uint32_t elem_size;
  std::uint32_t rank;
  std::uint64_t extent[max_rank];
  std::int64_t stride[max_rank];
  bool written;  ///< the body may write through it
  /// The kernel takes this view's offset in bytes, not elements: a view of structs, whose
  /// elements need not fall on whole elements of a device buffer placed at 256 bytes.
  bool byte_offset;
};

/// One scalar the body reads, passed by value.
struct scalar_arg {
  const void* value;
  std::uint32_t size;
};

/// Where the user asked the region to run (prange(...).on(...)).
enum class placement_request : std::uint8_t { automatic, host, device, all_devices };

/// The combining operation of a reduction variable (SPEC 1.3).
enum class reduction_op : std::uint8_t { add, mul, bit_and, bit_or, bit_xor, min, max };

/// The arithmetic type of a reduction variable.
enum class scalar_kind : std::uint8_t { i8, u8, i16, u16, i32, u32, i64, u64, f32, f64 };

/// A variable from outside the region that the body updates only with `op`.
struct reduction_arg {
  void* target;  ///< the variable; read before the call, written after a device run
  scalar_kind kind;
  reduction_op op;
};

class data_scope;

struct launch_request {
  const region_info* info;
  const dim_arg* dims;  ///< info->dims entries
  const view_arg* views;
  std::size_t view_count;
  const scalar_arg* scalars;
  std::size_t scalar_count;
  placement_request placement;
  const reduction_arg* reductions = nullptr;
  std::size_t reduction_count = 0;
  /// The calling function's data scope (residency.hpp); null: results come back at once.
  data_scope* scope = nullptr;
  /// The trip count of the inner loop that the kernel's split or tiled form shares out
  /// (region_info::inner_split, region_info::product_tiles), evaluated before the call; 0
  /// otherwise.
  std::uint64_t inner_trips = 0;
};

/// One call of a region.  The constructor decides where the call runs and, for a device,
/// runs it (results copied back, or kept on the device within a data scope, where a kernel
/// that reports nothing back may still be running on return: later commands on the device
/// see its results).  ran_on_device() false means the stub must run its OpenMP variant; the
/// destructor records the call (trace, timing).
class region_call {
 public:
  /// Throws clpar::device_error (SPEC 5) where memory that only a failed device had is
  /// needed; runs on the host after any other failure.
  explicit region_call(const launch_request& request);
  region_call(const region_call&) = delete;
  region_call& operator=(const region_call&) = delete;
  ~region_call();

  bool ran_on_device() const noexcept { return on_device_; }

 private:
  /// Gives the cost model this call's work time (runtime/schedule/cost_model.hpp).
  void record_costs(std::chrono::steady_clock::time_point end) const noexcept;

  const launch_request* request_;
  bool on_device_ = false;
  const char* why_ = "";
  const char* where_ = "host";  ///< the device's name when ran_on_device(), for the trace
  int device_ = -1;             ///< the device's index when ran_on_device()
  bool shared_ = false;         ///< shared out over several devices
  /// Under auto, how an .on(clpar::all_devices) call went, for weighing the two ways
  /// (0: not weighed, 1: shared out, 2: one device).
  std::uint8_t weighed_ = 0;
  bool traced_ = false;  ///< CLPAR_TRACE as the call began: its trace line is written
  /// The cost model's predictions, in seconds (negative: none), for the trace.
  float predicted_host_ = -1;
  float predicted_device_ = -1;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point work_start_;  ///< when the chosen variant began
};

/// A statement the translator left to the header (a slice statement it could not
/// offload) is running: with CLPAR_TRACE=1, writes "clpar: <site> -> header (<why>)".
void trace_header_statement(const char* site, const char* why) noexcept;

/// Total iterations of a request: the product of its dimension counts.
std::uint64_t iteration_count(const launch_request& request) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RT_REGION_HPP
