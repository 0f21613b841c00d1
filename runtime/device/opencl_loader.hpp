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
// Before forwarding, each function asks fault_injection.hpp whether CLPAR_FAULT wants it to
// fail.
#ifndef CLPAR_RUNTIME_DEVICE_OPENCL_LOADER_HPP
#define CLPAR_RUNTIME_DEVICE_OPENCL_LOADER_HPP

namespace clpar::rt {

/// Null when the ICD loader is open; otherwise why it could not be opened ("cannot open
/// libOpenCL.so.1: ..."), kept for the life of the process.  Opens it on the first call.
const char* opencl_unavailable() noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_OPENCL_LOADER_HPP
