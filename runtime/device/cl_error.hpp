// runtime/device/cl_error.hpp - naming OpenCL error codes and carrying a failure's reason.
//
// Runtime failures are not exceptions: a function that can fail returns an outcome whose
// `why` is null on success and otherwise says which OpenCL call failed and with what code,
// in the form `clBuildProgram failed: CL_BUILD_PROGRAM_FAILURE (-11)`.  Reasons are kept for
// the life of the process (keep_text), so they can travel as plain `const char*`.
#ifndef CLPAR_RUNTIME_DEVICE_CL_ERROR_HPP
#define CLPAR_RUNTIME_DEVICE_CL_ERROR_HPP

#include <cstdint>
#include <string>
#include <string_view>

namespace clpar::rt {

/// "CL_INVALID_VALUE" for -30; "unknown OpenCL error" for codes OpenCL does not define.
const char* cl_error_name(std::int32_t code) noexcept;

/// "<call> failed: <NAME> (<code>)".
std::string describe_cl_failure(std::string_view call, std::int32_t code);

/// describe_cl_failure kept for the life of the process.
const char* cl_failure_why(std::string_view call, std::int32_t code);

/// A value or the reason there is none.
template <class T>
struct outcome {
  T value{};
  const char* why = nullptr;  ///< null on success

  explicit operator bool() const noexcept { return why == nullptr; }
};

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_CL_ERROR_HPP
