// Links the static library `scale` only; checks its result.
#include <cstdio>
#include <vector>

void scale(std::vector<float> &v, float factor);

int main() {
  std::vector<float> v(1000, 3.0f);
  scale(v, 2.0f);
  for (float e : v) {
    if (e != 6.0f) {
      std::printf("scale wrong: %g\n", static_cast<double>(e));
      return 1;
    }
  }
  std::printf("scale ok\n");
  return 0;
}
