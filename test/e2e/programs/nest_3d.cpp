// e2e: a 3-D nest (z-projection style data) and a loop whose body has an inner serial loop,
// each level in braces (the translated nest ends at the outermost loop's brace).
#include <clpar/clpar.hpp>

#include <cstdio>
#include <vector>

void fill(clpar::view<float, 3> stack) {
  for (auto z : clpar::prange(stack.extent(0))) {
    for (auto y : clpar::prange(stack.extent(1))) {
      for (auto x : clpar::prange(stack.extent(2))) {
        stack(z, y, x) = float((z * 7 + y * 3 + x) % 23);
      }
    }
  }
}

void max_projection(clpar::view<const float, 3> stack, clpar::view<float, 2> out) {
  for (auto y : clpar::prange(out.extent(0))) {
    for (auto x : clpar::prange(out.extent(1))) {
      float m = stack(0, y, x);
      for (std::size_t z = 1; z < stack.extent(0); ++z)
        if (stack(z, y, x) > m) m = stack(z, y, x);
      out(y, x) = m;
    }
  }
}

int main() {
  const std::size_t nz = 9, ny = 31, nx = 45;
  std::vector<float> s(nz * ny * nx), p(ny * nx);
  fill(clpar::view<float, 3>(s.data(), nz, ny, nx));
  max_projection(clpar::view<const float, 3>(s.data(), nz, ny, nx),
                 clpar::view<float, 2>(p.data(), ny, nx));
  double sum = 0, psum = 0;
  for (float v : s) sum += v;
  for (float v : p) psum += v;
  std::printf("stack=%.1f projection=%.1f\n", sum, psum);
}
