// runtime/device/opencl.hpp - the one place the runtime includes the OpenCL C++ bindings.
//
// Debian's CLHPP (2023.02.06) compiles with target 300 / minimum 200 or with 120 / 120, not
// with 300 / 120.  The runtime uses 120 / 120: it needs nothing newer than OpenCL 1.2, and a
// 1.2 minimum keeps the queue constructor on clCreateCommandQueue, which 1.2 platforms such
// as oclgrind provide.  Exceptions stay off: every call's status is checked where it is made.
#ifndef CLPAR_RUNTIME_DEVICE_OPENCL_HPP
#define CLPAR_RUNTIME_DEVICE_OPENCL_HPP

#define CL_HPP_TARGET_OPENCL_VERSION 120
#define CL_HPP_MINIMUM_OPENCL_VERSION 120
#include <CL/opencl.hpp>

#endif  // CLPAR_RUNTIME_DEVICE_OPENCL_HPP
