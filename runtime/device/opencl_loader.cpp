// runtime/device/opencl_loader.cpp - the OpenCL functions of the runtime, forwarded to the
// ICD loader that dlopen finds at run time (see the header).
//
// CL/cl.h is included under hidden visibility, so the definitions below (which take the
// declarations' visibility) are not exported from the runtime library.  The C headers it
// includes come first, with their own visibility: a library function declared hidden would
// have to be defined here (the link's --no-undefined says so).
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#pragma GCC visibility push(hidden)
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#pragma GCC visibility pop

#include "device/opencl_loader.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <string>

#include "device/fault_injection.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

constexpr cl_int no_loader = -1001;  // CL_PLATFORM_NOT_FOUND_KHR

struct loaded_api {
  const char* unavailable = nullptr;
#define CLPAR_CL_STATUS(name, fault, target, params, args) cl_int(CL_API_CALL* name) params = nullptr;
#define CLPAR_CL_OBJECT(type, name, fault, target, params, args) \
  type(CL_API_CALL* name) params = nullptr;
#define CLPAR_CL_LAUNCH CLPAR_CL_STATUS
#include "device/opencl_functions.def"
#undef CLPAR_CL_STATUS
#undef CLPAR_CL_OBJECT
#undef CLPAR_CL_LAUNCH
};

const loaded_api& api() noexcept {
  // Leaked, and the library never closed: OpenCL objects may be released during exit.
  static const loaded_api* loaded = [] {
    auto* made = new loaded_api;
    const char* chosen = std::getenv("CLPAR_OPENCL_LIBRARY");
    const bool named = chosen != nullptr && *chosen != '\0';
    const char* file = named ? chosen : "libOpenCL.so.1";
    // OpenCL functions the process already has (a program that links the loader itself, or
    // a tool that preloads its own OpenCL such as oclgrind) are the ones to use.
    // (RTLD_DEFAULT is a null handle.)
    const bool in_process = !named && dlsym(RTLD_DEFAULT, "clGetPlatformIDs") != nullptr;
    void* library = in_process ? RTLD_DEFAULT : dlopen(file, RTLD_NOW | RTLD_LOCAL);
    if (!in_process && library == nullptr) {
      const char* error = dlerror();
      made->unavailable = keep_text(std::string("cannot open the OpenCL ICD loader: ") +
                                    (error != nullptr ? error : file));
      return made;
    }
#define CLPAR_CL_STATUS(name, fault, target, params, args) \
  made->name = reinterpret_cast<decltype(made->name)>(dlsym(library, #name));
#define CLPAR_CL_OBJECT(type, name, fault, target, params, args) \
  CLPAR_CL_STATUS(name, fault, target, params, args)
#define CLPAR_CL_LAUNCH CLPAR_CL_STATUS
#include "device/opencl_functions.def"
#undef CLPAR_CL_STATUS
#undef CLPAR_CL_STATUS_AND
#undef CLPAR_CL_OBJECT
#undef CLPAR_CL_LAUNCH
    return made;
  }();
  return *loaded;
}

// What a call runs on, for CLPAR_FAULT=device-lost (asked only while faults are planned).
// Every context, queue and program of the runtime has one device.
namespace target {

// The device an info query of `object` names (the first, for CL_PROGRAM_DEVICES).
template <class Query, class Object, class Name>
const void* device_named(Query* query, Object object, Name name) noexcept {
  cl_device_id device = nullptr;
  if (object == nullptr || query == nullptr ||
      query(object, name, sizeof device, &device, nullptr) != CL_SUCCESS)
    return nullptr;
  return device;
}

const void* queue(cl_command_queue q) noexcept {
  return device_named(api().clGetCommandQueueInfo, q, CL_QUEUE_DEVICE);
}

const void* context(cl_context c) noexcept {
  return device_named(api().clGetContextInfo, c, CL_CONTEXT_DEVICES);
}

const void* program(cl_program p) noexcept {
  return device_named(api().clGetProgramInfo, p, CL_PROGRAM_DEVICES);
}

const void* devices(cl_uint count, const cl_device_id* list) noexcept {
  return count > 0 && list != nullptr ? list[0] : nullptr;
}

const void* events(cl_uint count, const cl_event* list) noexcept {
  cl_command_queue q = nullptr;
  if (count == 0 || list == nullptr || api().clGetEventInfo == nullptr ||
      api().clGetEventInfo(list[0], CL_EVENT_COMMAND_QUEUE, sizeof q, &q, nullptr) != CL_SUCCESS)
    return nullptr;
  return queue(q);
}

const void* nothing() noexcept { return nullptr; }

}  // namespace target

/// Whether a launch names a work-group of more than one work-item.
bool several_items(cl_uint dims, const size_t* local) noexcept {
  if (local == nullptr) return false;
  size_t items = 1;
  for (cl_uint d = 0; d < dims && d < 3; ++d) items *= local[d];
  return items > 1;
}

// The status a function answers instead of running: no loader, a loader without it, or a
// planned fault.  0 lets it run.
template <class Target>
cl_int refusal(bool present, fault_kind fault, Target&& on, const char* call) noexcept {
  if (api().unavailable != nullptr) return no_loader;
  if (!present) return CL_INVALID_OPERATION;
  if (!faults_planned()) return CL_SUCCESS;
  return fault_for(fault, on(), call);
}

}  // namespace

const char* opencl_unavailable() noexcept { return api().unavailable; }

}  // namespace clpar::rt

// `more`: further refusals, after the ones every call gets.
#define CLPAR_CL_STATUS_AND(name, fault, on, params, args, more)                           \
  cl_int CL_API_CALL name params {                                                         \
    using namespace clpar::rt;                                                             \
    if (const cl_int refused = refusal(api().name != nullptr, fault_kind::fault,           \
                                       [&]() noexcept { return target::on; }, #name))      \
      return refused;                                                                      \
    more return api().name args;                                                           \
  }
#define CLPAR_CL_STATUS(name, fault, on, params, args) \
  CLPAR_CL_STATUS_AND(name, fault, on, params, args, )
#define CLPAR_CL_OBJECT(type, name, fault, on, params, args)                               \
  type CL_API_CALL name params {                                                           \
    using namespace clpar::rt;                                                             \
    if (const cl_int refused = refusal(api().name != nullptr, fault_kind::fault,           \
                                       [&]() noexcept { return target::on; }, #name)) {    \
      if (errcode_ret != nullptr) *errcode_ret = refused;                                  \
      return nullptr;                                                                      \
    }                                                                                      \
    return api().name args;                                                                \
  }
// A launch with an explicit group of more than one work-item may also be refused it
// (CLPAR_FAULT=group:N).
#define CLPAR_CL_LAUNCH(name, fault, on, params, args)                                     \
  CLPAR_CL_STATUS_AND(name, fault, on, params, args,                                       \
                      if (faults_planned() && several_items(work_dim, local_work_size))    \
                          if (const cl_int group_refused =                                 \
                                  fault_for(fault_kind::group, target::on, #name))         \
                              return group_refused;)
#include "device/opencl_functions.def"
#undef CLPAR_CL_STATUS
#undef CLPAR_CL_STATUS_AND
#undef CLPAR_CL_OBJECT
#undef CLPAR_CL_LAUNCH
