// runtime/device/opencl_loader.hpp - the OpenCL ICD loader, opened at run time.
//
// The runtime does not link libOpenCL: a program built with clpar++ starts on a machine
// without an ICD loader and runs its host variants there (SPEC 5).  opencl_loader.cpp
// defines every OpenCL function the runtime calls (opencl_functions.def) as a hidden symbol
// of the runtime library, so that the C++ bindings' calls land there; each looks up its
// function in the loader, opened on the first call with dlopen, and forwards to it.  The
// definitions are hidden, so a program that links libOpenCL itself keeps calling the real
// loader, and the two share its platforms and objects.
//
// The functions come from CLPAR_OPENCL_LIBRARY when it is set; else from the process itself
// where it already has them (a program linked with libOpenCL, or run under a tool that
// preloads its own OpenCL, as oclgrind does); else from "libOpenCL.so.1".  Without any, every
// function answers CL_PLATFORM_NOT_FOUND_KHR, so clGetPlatformIDs finds no platform, and
// platform_list says why.  A loader that lacks some of the functions (one older than
// OpenCL 1.2) answers CL_INVALID_OPERATION for those.
//
// One vendor's library may instead be opened directly (opencl_open_vendor), so that the ICD
// loader does not load every vendor's (PoCL's LLVM with it) when one platform is all a run
// needs: platform_list does so where an earlier run recorded which library holds the
// devices the run wants (device/vendor_record.hpp).  A call then goes through the dispatch
// table of the object it names, as the ICD loader would send it.
//
// Before forwarding, each function asks fault_injection.hpp whether CLPAR_FAULT wants it to
// fail.
#ifndef CLPAR_RUNTIME_DEVICE_OPENCL_LOADER_HPP
#define CLPAR_RUNTIME_DEVICE_OPENCL_LOADER_HPP

#include <string>

struct _cl_platform_id;  // cl_platform_id, without CL/cl.h's declarations

namespace clpar::rt {

/// Null when the ICD loader is open; otherwise why it could not be opened ("cannot open
/// libOpenCL.so.1: ..."), kept for the life of the process.  Opens it on the first call.
const char* opencl_unavailable() noexcept;

/// Whether opencl_open_vendor may be used: the ICD loader is open, no CLPAR_OPENCL_LIBRARY
/// names another library, and the process has no OpenCL functions of its own (a tool such as
/// oclgrind, or a program linked with the loader, keeps every call).
bool opencl_vendor_may_open() noexcept;

/// The file the ICD loader was opened from (dladdr); empty when there is none.
std::string opencl_loader_file();

/// The file of the vendor library whose dispatch table `platform` carries; empty when not
/// known.
std::string opencl_vendor_library_of(_cl_platform_id* platform);

/// Opens the vendor's ICD library `library` and sends every later OpenCL call to it, without
/// the ICD loader: clGetPlatformIDs lists its platforms (clIcdGetPlatformIDsKHR).  Null on
/// success, else why not (the ICD loader stays in use).  Called before any platform is
/// listed.
const char* opencl_open_vendor(const std::string& library) noexcept;

/// Back to the ICD loader (after a vendor's library did not hold what its record said);
/// objects obtained from the vendor meanwhile are abandoned.
void opencl_close_vendor() noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_OPENCL_LOADER_HPP
