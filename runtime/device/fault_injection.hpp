// runtime/device/fault_injection.hpp - CLPAR_FAULT: making chosen OpenCL operations fail, to
// test that every failure ends in correct results or a clear error (SPEC 5).
//
//   CLPAR_FAULT=KIND:N[,KIND:N...]
//
// makes the Nth OpenCL operation of KIND in the process fail (counting from 1, over all
// threads and devices), with the status a real failure of that kind returns:
//   build        clBuildProgram                          CL_BUILD_PROGRAM_FAILURE
//   alloc        clCreateBuffer, clCreateSubBuffer,
//                clEnqueueMapBuffer                      CL_MEM_OBJECT_ALLOCATION_FAILURE
//   enqueue      clEnqueueNDRangeKernel, clEnqueueCopyBuffer[Rect], clEnqueueFillBuffer
//                                                        CL_OUT_OF_RESOURCES
//   read         clEnqueueReadBuffer[Rect]               CL_OUT_OF_RESOURCES
//   write        clEnqueueWriteBuffer[Rect]              CL_OUT_OF_RESOURCES
//   group        clEnqueueNDRangeKernel with an explicit work-group of more than one
//                work-item (counted apart from enqueue)   CL_INVALID_WORK_GROUP_SIZE, as a
//                device answers a declared group it does not run after all
//   device-lost  the Nth command of any of enqueue, read and write: it fails, and so does
//                every later operation on its device (commands, waits, allocations,
//                builds, new contexts and queues), with CL_DEVICE_NOT_AVAILABLE; queries,
//                retains and releases keep working, as they do on a driver whose device
//                fell off the bus
// A KIND may appear more than once (read:1,read:2 fails the first two reads).  Under
// CLPAR_TRACE each injected failure is traced as "clpar: fault: ...".  A malformed value is
// reported once on stderr and ignored.  The loader (opencl_loader.cpp) calls fault_for
// before every operation it forwards; without CLPAR_FAULT that costs one load of a flag.
#ifndef CLPAR_RUNTIME_DEVICE_FAULT_INJECTION_HPP
#define CLPAR_RUNTIME_DEVICE_FAULT_INJECTION_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace clpar::rt {

enum class fault_kind : std::uint8_t {
  none,
  build,
  alloc,
  enqueue,
  read,
  write,
  device_lost,
  group
};

struct fault_point {
  fault_kind kind = fault_kind::none;
  std::uint64_t nth = 0;  ///< counted from 1

  bool operator==(const fault_point&) const = default;
};

struct fault_plan {
  std::vector<fault_point> points;
  std::string error;  ///< empty when the text was well formed
};

/// Parses CLPAR_FAULT's value; an empty text plans nothing.
fault_plan parse_fault_plan(std::string_view text);

/// "build", "alloc", ... "device-lost", "group".
const char* fault_kind_name(fault_kind kind) noexcept;

/// Whether CLPAR_FAULT plans any fault (read once, at the first OpenCL call).
bool faults_planned() noexcept;

/// Counts one operation of `kind` (fault_kind::none for calls that are not counted) named
/// `call`, on `device` (a cl_device_id; null where the call has none or it is unknown), and
/// returns the status it must fail with, or 0 (CL_SUCCESS) to let it run.
std::int32_t fault_for(fault_kind kind, const void* device, const char* call) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_FAULT_INJECTION_HPP
