// Known failure, not in the suite: clpar-translate crashes (SIGSEGV) on this program.
// Found by scripts/difftest.sh (seed 6014 of 10 programs, program 3), reduced line by line.
//
//   build/bin/clpar-translate test/generated/known/translator_crash_lambda_call.cpp \
//     -o /tmp/out.cpp -- -std=c++20 -Iinclude -Itest/generated
//
// The crash is in Builder::callTranslated (lib/Analysis/KernelBodyBuilder.cpp), reached
// from lambdaCall for the call of the generic lambda 'lam' in the first loop: it reads
// Args[I] for a parameter index I past the call's arguments (dyn_cast_or_null on a bad
// pointer): the ir::Function it finds for the lambda has more parameters than the call has
// arguments and captures.  The second lambda (p3_k8, capturing by reference, holding a
// prange) is needed: without it the file translates.  Smaller hand-written variants of the
// two lambdas translate, so the exact trigger is not yet known.
#include <clpar/clpar.hpp>
template <class T>
T gen_mix(T a, T b) {
}
template <class T>
T gen_clamp(T x) {
  const T lo = T(1), hi = T(100);
  return x < lo ? lo : (x > hi ? hi : x);
}
static float gen_soft(float x) {
}
template <class T>
T gen_step(T x) {
}
constexpr int gen_tri(int k) {
  return k % 37 * (k % 37 + 1) / 2;
}
static double gen_poly(double x) {
}
template <class T>
T gen_hash(T x) {
}
static void program_3() {
  const auto lam = [](auto x, auto y) { return x * y + y; };
  std::vector<int> a0(481);
  clpar::view<int> v0(a0);
  std::vector<double> a1(528);
  clpar::view<double, 3> v1(a1.data(), 4, 12, 11);
  const float c2 = 0.375f;
  for (auto i : clpar::prange(v0.extent(0)).schedule(clpar::dynamic, 7)) {
      float t4 = 0.0f;
      for (int k4 = 0; k4 < 3; ++k4) t4 += lam(gen_step(float(v1(3 - k4, k4, (k4 + 3) % 11))), (((gen_clamp(k4) != k4) && ((int(i) & v0[i]) >= k4)) ? 0.5f : c2));
  }
  auto p3_k8 = [&]() {
    for (auto i : clpar::prange(2, 481, 2).schedule(clpar::guided)) {
    }
  };
}
int main() {
}
