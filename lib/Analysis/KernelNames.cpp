//===- Analysis/KernelNames.cpp - Collision-free names in OpenCL C -------===//
#include "Analysis/KernelNames.h"

#include <cctype>
#include <cstring>

namespace clpar {

namespace {

const std::set<std::string> &reservedWords() {
  static const std::set<std::string> Words = {
      // OpenCL C and C99 keywords that are not C++ keywords
      "global", "__global", "local", "__local", "constant", "__constant", "private",
      "__private", "kernel", "__kernel", "read_only", "__read_only", "write_only",
      "__write_only", "read_write", "__read_write", "uniform", "pipe", "restrict",
      "_Bool", "_Complex", "_Imaginary", "generic", "__generic", "complex", "imaginary",
      // scalar, vector and opaque types
      "bool", "half", "quad", "uchar", "ushort", "uint", "ulong", "size_t", "ptrdiff_t",
      "intptr_t", "uintptr_t", "event_t", "sampler_t", "queue_t", "ndrange_t",
      "clk_event_t", "reserve_id_t", "cl_mem_fence_flags", "memory_scope", "memory_order",
      "image1d_t", "image1d_array_t", "image1d_buffer_t", "image2d_t", "image2d_array_t",
      "image3d_t", "image2d_depth_t", "image2d_array_depth_t",
      // built-in functions a body's names could shadow
      "acos", "acosh", "acospi", "asin", "asinh", "asinpi", "atan", "atan2", "atanh",
      "atanpi", "atan2pi", "cbrt", "ceil", "copysign", "cos", "cosh", "cospi", "erfc",
      "erf", "exp", "exp2", "exp10", "expm1", "fabs", "fdim", "floor", "fma", "fmax",
      "fmin", "fmod", "fract", "frexp", "hypot", "ilogb", "ldexp", "lgamma", "lgamma_r",
      "log", "log2", "log10", "log1p", "logb", "mad", "maxmag", "minmag", "modf", "nan",
      "nextafter", "pow", "pown", "powr", "remainder", "remquo", "rint", "rootn", "round",
      "rsqrt", "sin", "sincos", "sinh", "sinpi", "sqrt", "tan", "tanh", "tanpi",
      "tgamma", "trunc", "abs", "abs_diff", "add_sat", "hadd", "rhadd", "clamp", "clz",
      "ctz", "mad_hi", "mad_sat", "max", "min", "mul_hi", "rotate", "sub_sat", "upsample",
      "popcount", "mad24", "mul24", "degrees", "mix", "radians", "step", "smoothstep",
      "sign", "cross", "dot", "distance", "length", "normalize", "fast_distance",
      "fast_length", "fast_normalize", "isequal", "isnotequal", "isgreater",
      "isgreaterequal", "isless", "islessequal", "islessgreater", "isfinite", "isinf",
      "isnan", "isnormal", "isordered", "isunordered", "signbit", "any", "all",
      "bitselect", "select", "shuffle", "shuffle2", "barrier", "mem_fence",
      "read_mem_fence", "write_mem_fence", "printf", "prefetch", "work_group_barrier",
      "get_work_dim", "get_global_size", "get_global_id", "get_local_size",
      "get_local_id", "get_num_groups", "get_group_id", "get_global_offset",
      "get_enqueued_local_size", "get_global_linear_id", "get_local_linear_id",
      "to_global", "to_local", "to_private", "get_fence", "ndrange_1D", "ndrange_2D",
      "ndrange_3D", "enqueue_kernel", "NULL", "MAXFLOAT", "HUGE_VALF", "HUGE_VAL",
      "INFINITY", "NAN", "FLT_MAX", "FLT_MIN", "DBL_MAX", "DBL_MIN", "M_PI", "M_PI_F",
      "M_E", "M_E_F", "CHAR_BIT", "INT_MAX", "INT_MIN", "UINT_MAX", "LONG_MAX",
      "LONG_MIN", "ULONG_MAX", "SHRT_MAX", "SHRT_MIN", "USHRT_MAX", "SCHAR_MAX",
      "SCHAR_MIN", "UCHAR_MAX", "CHAR_MAX", "CHAR_MIN", "FLT_EPSILON", "DBL_EPSILON",
  };
  return Words;
}

bool startsWith(const std::string &S, const std::string &P) {
  return S.compare(0, P.size(), P) == 0;
}

bool endsWithDerivedSuffix(const std::string &S) {
  for (const char *Suffix : {"_off", "_boff", "_bytes"}) {
    const size_t N = std::strlen(Suffix);
    if (S.size() >= N && S.compare(S.size() - N, N, Suffix) == 0)
      return true;
  }
  size_t U = S.rfind('_');
  if (U == std::string::npos || U + 2 > S.size() || (S[U + 1] != 'e' && S[U + 1] != 's'))
    return false;
  for (size_t I = U + 2; I < S.size(); ++I)
    if (!std::isdigit(static_cast<unsigned char>(S[I])))
      return false;
  return U + 2 < S.size();
}

} // namespace

bool isOpenCLReservedName(const std::string &Name) {
  if (reservedWords().count(Name))
    return true;
  // Vector types (float4, uint16, ...), conversions and families of built-ins.
  static const char *const TypePrefixes[] = {"char", "uchar", "short", "ushort", "int",
                                             "uint", "long", "ulong", "float", "double",
                                             "half", "bool"};
  for (const char *P : TypePrefixes) {
    std::string Prefix = P;
    if (startsWith(Name, Prefix) && Name.size() > Prefix.size()) {
      bool Digits = true;
      for (size_t I = Prefix.size(); I < Name.size(); ++I)
        Digits &= std::isdigit(static_cast<unsigned char>(Name[I])) != 0;
      if (Digits)
        return true;
    }
  }
  static const char *const FamilyPrefixes[] = {
      "convert_", "as_", "vload", "vstore", "atomic_", "atom_", "async_", "native_",
      "half_", "read_image", "write_image", "get_image", "work_group_", "sub_group_",
      "__", "cl_", "CL_", "CLK_"};
  for (const char *P : FamilyPrefixes)
    if (startsWith(Name, P))
      return true;
  return false;
}

std::string identifierPart(const std::string &S) {
  std::string R;
  for (char C : S)
    R += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  return R;
}

std::string KernelNames::nameFor(const void *Key, const std::string &UserName) {
  auto It = Assigned.find(Key);
  if (It != Assigned.end())
    return It->second;
  std::string Name = UserName;
  if (isOpenCLReservedName(Name) || startsWith(Name, "clpar_") ||
      endsWithDerivedSuffix(Name) || Used.count(Name))
    Name = "clpar_u_" + UserName + "_";
  // Two declarations of the same name (shadowing) get numbered.
  for (unsigned N = 2; Used.count(Name); ++N)
    Name = "clpar_u_" + UserName + "_" + std::to_string(N) + "_";
  Used.insert(Name);
  Assigned.emplace(Key, Name);
  return Name;
}

} // namespace clpar
