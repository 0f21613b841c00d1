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
#include <CL/cl_icd.h>
#pragma GCC visibility pop

#include "device/opencl_loader.hpp"

#include <dlfcn.h>

#include <atomic>
#include <cstdlib>
#include <string>
#include <type_traits>
#include <vector>

#include "device/fault_injection.hpp"
#include "trace/trace.hpp"

namespace clpar::rt {
namespace {

constexpr cl_int no_loader = -1001;  // CL_PLATFORM_NOT_FOUND_KHR

struct loaded_api {
  const char* unavailable = nullptr;
  bool named_or_in_process = false;  ///< CLPAR_OPENCL_LIBRARY, or the process's own functions
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
    made->named_or_in_process = named || in_process;
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

// One vendor's library opened by the runtime itself (opencl_open_vendor): a call then goes
// where the ICD loader would send it, through the dispatch table that the first field of
// every OpenCL object points to.  `home` is the table of the vendor's first platform, with
// its clGetPlatformIDs replaced by the vendor's clIcdGetPlatformIDsKHR; it serves the calls
// that name no object.  Set once, before the platforms are listed; leaked.
std::atomic<const cl_icd_dispatch*> home_table{nullptr};

template <class T>
constexpr bool is_cl_object =
    std::is_same_v<T, cl_platform_id> || std::is_same_v<T, cl_device_id> ||
    std::is_same_v<T, cl_context> || std::is_same_v<T, cl_command_queue> ||
    std::is_same_v<T, cl_mem> || std::is_same_v<T, cl_program> ||
    std::is_same_v<T, cl_kernel> || std::is_same_v<T, cl_event> || std::is_same_v<T, cl_sampler>;

// The object whose table a call goes through: its first argument, as in the ICD loader;
// clCreateContext's first device and clWaitForEvents' first event; none for
// clGetPlatformIDs (the home table).
template <class First, class... Rest>
const void* dispatch_object(First first, Rest...) noexcept {
  if constexpr (is_cl_object<First>)
    return first;
  else
    return nullptr;
}
template <class... Rest>
const void* dispatch_object(const cl_context_properties*, cl_uint count,
                            const cl_device_id* devices, Rest...) noexcept {
  return count > 0 && devices != nullptr ? devices[0] : nullptr;
}
const void* dispatch_object(cl_uint count, const cl_event* events) noexcept {
  return count > 0 && events != nullptr ? events[0] : nullptr;
}

const cl_icd_dispatch* dispatch_table(const void* object, const cl_icd_dispatch* home) noexcept {
  if (object == nullptr) return home;
  const cl_icd_dispatch* table = *static_cast<const cl_icd_dispatch* const*>(object);
  return table != nullptr ? table : home;
}

// What a call runs on, for CLPAR_FAULT=device-lost (asked only while faults are planned).
// Every context, queue and program of the runtime has one device.  The queries go through
// the runtime's own definitions below (no fault of their own), so that they reach the
// vendor the object came from.
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
  return device_named(&::clGetCommandQueueInfo, q, CL_QUEUE_DEVICE);
}

const void* context(cl_context c) noexcept {
  return device_named(&::clGetContextInfo, c, CL_CONTEXT_DEVICES);
}

const void* program(cl_program p) noexcept {
  return device_named(&::clGetProgramInfo, p, CL_PROGRAM_DEVICES);
}

const void* devices(cl_uint count, const cl_device_id* list) noexcept {
  return count > 0 && list != nullptr ? list[0] : nullptr;
}

const void* events(cl_uint count, const cl_event* list) noexcept {
  cl_command_queue q = nullptr;
  if (count == 0 || list == nullptr ||
      ::clGetEventInfo(list[0], CL_EVENT_COMMAND_QUEUE, sizeof q, &q, nullptr) != CL_SUCCESS)
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

bool opencl_vendor_may_open() noexcept {
  return api().unavailable == nullptr && !api().named_or_in_process &&
         api().clGetPlatformIDs != nullptr;
}

std::string opencl_loader_file() {
  Dl_info in{};
  if (api().clGetPlatformIDs == nullptr ||
      dladdr(reinterpret_cast<const void*>(api().clGetPlatformIDs), &in) == 0 ||
      in.dli_fname == nullptr)
    return {};
  return in.dli_fname;
}

std::string opencl_vendor_library_of(cl_platform_id platform) {
  if (platform == nullptr) return {};
  const cl_icd_dispatch* table = *reinterpret_cast<const cl_icd_dispatch* const*>(platform);
  Dl_info in{};
  if (table == nullptr || table->clGetPlatformInfo == nullptr ||
      dladdr(reinterpret_cast<const void*>(table->clGetPlatformInfo), &in) == 0 ||
      in.dli_fname == nullptr)
    return {};
  return in.dli_fname;
}

const char* opencl_open_vendor(const std::string& library) noexcept {
  if (home_table.load() != nullptr) return "a vendor's library is open already";
  void* handle = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char* error = dlerror();
    return keep_text("cannot open " + library + ": " + (error != nullptr ? error : "dlopen"));
  }
  // The ICD entry point, exported or through clGetExtensionFunctionAddress (as the ICD
  // loaders look for it).  The library stays open: its platforms may be in use.
  using list_platforms = cl_int(CL_API_CALL*)(cl_uint, cl_platform_id*, cl_uint*);
  auto list = reinterpret_cast<list_platforms>(dlsym(handle, "clIcdGetPlatformIDsKHR"));
  if (list == nullptr) {
    using extension_address = void*(CL_API_CALL*)(const char*);
    if (auto address =
            reinterpret_cast<extension_address>(dlsym(handle, "clGetExtensionFunctionAddress")))
      list = reinterpret_cast<list_platforms>(address("clIcdGetPlatformIDsKHR"));
  }
  if (list == nullptr) return keep_text(library + " has no clIcdGetPlatformIDsKHR");
  cl_uint count = 0;
  std::vector<cl_platform_id> platforms;
  if (list(0, nullptr, &count) != CL_SUCCESS || count == 0)
    return keep_text(library + " lists no platform");
  platforms.resize(count);
  if (list(count, platforms.data(), nullptr) != CL_SUCCESS || platforms[0] == nullptr)
    return keep_text(library + " lists no platform");
  const cl_icd_dispatch* table = *reinterpret_cast<const cl_icd_dispatch* const*>(platforms[0]);
  if (table == nullptr || table->clGetPlatformInfo == nullptr || table->clGetDeviceIDs == nullptr)
    return keep_text(library + "'s platform has no dispatch table");
  auto* home = new cl_icd_dispatch(*table);
  home->clGetPlatformIDs = reinterpret_cast<decltype(home->clGetPlatformIDs)>(list);
  home_table.store(home);
  return nullptr;
}

void opencl_close_vendor() noexcept { home_table.store(nullptr); }


}  // namespace clpar::rt

// The function a call goes to: the ICD loader's, or with a vendor's library open
// (opencl_open_vendor) the one in the dispatch table of the object it names.
#define CLPAR_CL_FUNCTION(name, args)                                                      \
  (home == nullptr ? api().name                                                            \
                   : reinterpret_cast<decltype(api().name)>(                               \
                         dispatch_table(dispatch_object args, home)->name))
// `more`: further refusals, after the ones every call gets.
#define CLPAR_CL_STATUS_AND(name, fault, on, params, args, more)                           \
  cl_int CL_API_CALL name params {                                                         \
    using namespace clpar::rt;                                                             \
    const cl_icd_dispatch* home = home_table.load(std::memory_order_relaxed);              \
    const auto function = CLPAR_CL_FUNCTION(name, args);                                   \
    if (const cl_int refused = refusal(function != nullptr, fault_kind::fault,             \
                                       [&]() noexcept { return target::on; }, #name))      \
      return refused;                                                                      \
    more return function args;                                                             \
  }
#define CLPAR_CL_STATUS(name, fault, on, params, args) \
  CLPAR_CL_STATUS_AND(name, fault, on, params, args, )
#define CLPAR_CL_OBJECT(type, name, fault, on, params, args)                               \
  type CL_API_CALL name params {                                                           \
    using namespace clpar::rt;                                                             \
    const cl_icd_dispatch* home = home_table.load(std::memory_order_relaxed);              \
    const auto function = CLPAR_CL_FUNCTION(name, args);                                   \
    if (const cl_int refused = refusal(function != nullptr, fault_kind::fault,             \
                                       [&]() noexcept { return target::on; }, #name)) {    \
      if (errcode_ret != nullptr) *errcode_ret = refused;                                  \
      return nullptr;                                                                      \
    }                                                                                      \
    return function args;                                                                  \
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
#undef CLPAR_CL_FUNCTION
