// bench/reference/polygon_kernel.hpp - the hand-written OpenCL kernel of the polygon
// workload (seed 003), shared by the suite's OpenCL reference (opencl.cpp) and the survey
// of its forms (limits/polygon_shapes.cpp).
#ifndef CLPAR_BENCH_REFERENCE_POLYGON_KERNEL_HPP
#define CLPAR_BENCH_REFERENCE_POLYGON_KERNEL_HPP

namespace ref {

inline constexpr const char* polygon_source = R"CLC(
__kernel void polygon(__global const int* v, int n, int width, int height,
                      __global uchar* mask) {
  const int x = get_global_id(0), y = get_global_id(1);
  if (x >= width || y >= height) return;
  const long px = x, py = y;
  int crossings = 0;
  for (int i = 0; i < n; ++i) {
    const int j = (i + 1) % n;
    const long x1 = v[2 * i], y1 = v[2 * i + 1], x2 = v[2 * j], y2 = v[2 * j + 1];
    if ((y1 > py) != (y2 > py) && (((px - x1) * (y2 - y1) < (py - y1) * (x2 - x1)) == (y2 > y1)))
      ++crossings;
  }
  mask[(size_t)y * width + x] = crossings % 2;
}
)CLC";

}  // namespace ref

#endif  // CLPAR_BENCH_REFERENCE_POLYGON_KERNEL_HPP
