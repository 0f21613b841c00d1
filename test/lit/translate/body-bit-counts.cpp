// <bit>'s counts and std::bit_cast in kernels.  The compiler's __builtin_popcount and
// __builtin_clz (which std::popcount and std::countl_zero call) are OpenCL's popcount and
// clz of the unsigned width they take; __builtin_ctz, which OpenCL C 1.2 lacks, is a helper
// the kernel defines for the widths it uses; __builtin_parity is popcount's low bit.
// std::bit_cast between scalars is as_type (the same bits), not a conversion; of a struct
// it stays on OpenMP with its own remark.  libstdc++'s __builtin_unreachable() behind
// std::is_constant_evaluated() (std::bit_ceil's assert) is nothing to run.
// RUN: rm -rf %t.cl && %translate -Rclpar --keep-generated=%t.cl %flags 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %syntax-check-output
// RUN: FileCheck %s --check-prefix=COUNTS < %t.cl/clpar_counts_27_3.cl
// RUN: FileCheck %s --check-prefix=WIDE < %t.cl/clpar_wide_38_3.cl
// RUN: FileCheck %s --check-prefix=CAST < %t.cl/clpar_casts_48_3.cl
// RUN: FileCheck %s --check-prefix=CEIL < %t.cl/clpar_ceil_58_3.cl
#include <clpar/clpar.hpp>

#include <bit>
#include <cstdint>

struct two {
  float a, b;
};

// REMARK-NOT: __builtin_popcount
// REMARK-NOT: __builtin_ctz

void counts(clpar::view<const std::uint32_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size()))
    out[i] = std::popcount(in[i]) + std::countl_zero(in[i]) + std::countr_zero(in[i]);
}
// REMARK-DAG: body-bit-counts.cpp:27:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_counts_27_3' calling 'std::__popcount', 'std::popcount', 'std::__countl_zero', 'std::countl_zero', 'std::__countr_zero', 'std::countr_zero' and an OpenMP variant [-Rclpar]
// COUNTS: {{^}}uint clpar_ctz_uint(uint x) { return popcount(~x & (x - 1)); }
// COUNTS-NOT: clpar_ctz_ulong
// COUNTS: return (int)popcount(clpar_u___x_);
// COUNTS: return ((int)clz(clpar_u___x_)) - clpar_u___diff_;
// COUNTS: return (int)clpar_ctz_uint(clpar_u___x_);

void wide(clpar::view<const std::uint64_t> in, clpar::view<int> out) {
  for (auto i : clpar::prange(in.size())) {
    const unsigned long long x = in[i] | 1;
    out[i] = __builtin_ctzll(x) + __builtin_parityll(x) + __builtin_clz(unsigned(x));
  }
}
// WIDE: {{^}}ulong clpar_ctz_ulong(ulong x) { return popcount(~x & (x - 1)); }
// WIDE-NOT: clpar_ctz_uint(
// WIDE: = (((int)clpar_ctz_ulong(x)) + ((int)(popcount(x) & 1UL))) + ((int)clz((uint)x));

void casts(clpar::view<const float> in, clpar::view<std::uint32_t> bits, clpar::view<float> out) {
  for (auto i : clpar::prange(in.size())) {
    bits[i] = std::bit_cast<std::uint32_t>(in[i]);
    out[i] = __builtin_bit_cast(float, bits[i] & 0x7fffffffu);
  }
}
// REMARK-DAG: body-bit-counts.cpp:48:3: remark: 1-D prange nest offloaded: OpenCL kernel 'clpar_casts_48_3' calling 'std::bit_cast' and an OpenMP variant [-Rclpar]
// CAST: return as_uint(clpar_u___from_);
// CAST: = as_float(bits[{{.*}}] & 2147483647u);

void ceil(clpar::view<const std::uint32_t> in, clpar::view<std::uint32_t> out) {
  for (auto i : clpar::prange(in.size()))
    out[i] = std::bit_ceil(in[i] & 0xffffu);
}
// CEIL: if (false && (!(clpar_u___shift_exponent_ != 32)))
// CEIL-NEXT: {{^ *;$}}

void records(clpar::view<const two> in, clpar::view<std::uint64_t> out) {
  for (auto i : clpar::prange(in.size()))
    out[i] = std::bit_cast<std::uint64_t>(in[i]);
}
// REMARK-DAG: body-bit-counts.cpp:[[@LINE-2]]:{{[0-9]+}}: remark: prange loop not offloaded to OpenCL: it reinterprets the bits of a 'const two' as a 'unsigned long' (only between arithmetic types other than bool); the OpenMP variant is used [-Rclpar]

// std::rotl and std::rotr are OpenCL's rotate (a count modulo the width; rotr's negated in
// uint, where it wraps, then narrowed).
// RUN: FileCheck %s --check-prefix=ROTATE < %t.cl/clpar_rotations_74_3.cl
void rotations(clpar::view<const std::uint8_t> in, clpar::view<std::uint32_t> out, int s) {
  for (auto i : clpar::prange(in.size()))
    out[i] = std::rotl(std::uint32_t(in[i]), s) ^ std::rotr(in[i], s);
}
// ROTATE: = rotate((uint)in[{{.*}}], (uint)s) ^ ((uint)rotate(in[{{.*}}], (uchar)(-((uint)s))));
