// e2e: dense layers over a batch: y = sigmoid(W x + b) with a helper function (integer
// pre-activations, so sigmoid rounds to the same 3 decimals everywhere), then an exact
// 2-layer MLP forward pass with integer-valued weights and ReLU, and its argmax classes.
#include <clpar/clpar.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

float sigmoid(float z) {
  return 1.0f / (1.0f + std::exp(-z));
}
float relu(float z) {
  return z > 0.0f ? z : 0.0f;
}

// y(b, o) = act(sum_i w(o, i) * x(b, i) + bias[o]); act is sigmoid, relu or none.
void dense(clpar::view<const float, 2> w, const std::vector<float>& bias,
           clpar::view<const float, 2> x, clpar::view<float, 2> y, int act) {
  for (auto b : clpar::prange(y.extent(0)))
    for (auto o : clpar::prange(y.extent(1))) {
      float z = bias[o];
      for (std::size_t i = 0; i < w.extent(1); ++i) z += w(o, i) * x(b, i);
      y(b, o) = act == 0 ? sigmoid(z) : act == 1 ? relu(z) : z;
    }
}

// n small integers in [-range / 2, range / 2], stored as floats.
std::vector<float> ints(std::size_t n, std::size_t seed, std::size_t range) {
  std::vector<float> v(n);
  for (std::size_t i = 0; i < n; ++i) {
    const std::size_t h = i * i * 3 + i * seed * 7 + seed + i / 11;
    v[i] = float(int(h % range) - int(range / 2));
  }
  return v;
}

int main() {
  const std::size_t batch = 7, nin = 13, nhid = 19, nout = 5;
  std::vector<float> x = ints(batch * nin, 1, 5), w1 = ints(nhid * nin, 2, 5),
                     b1 = ints(nhid, 3, 7);
  std::vector<float> w2 = ints(nout * nhid, 4, 3), b2 = ints(nout, 5, 9);
  std::vector<float> s(batch * nhid), h(batch * nhid), out(batch * nout);
  clpar::view<const float, 2> X(x.data(), batch, nin), W1(w1.data(), nhid, nin),
      W2(w2.data(), nout, nhid);
  // One sigmoid layer: print the activations to 3 decimals as integers in thousandths.
  dense(W1, b1, X, clpar::view<float, 2>(s.data(), batch, nhid), 0);
  long long sig = 0, mid = 0;
  for (float v : s) {
    sig += std::lround(double(v) * 1000.0);
    mid += v > 0.001f && v < 0.999f;
  }
  std::printf("sigmoid: sum=%lld unsaturated=%lld s[1]=%.3f s[last]=%.3f\n", sig, mid, s[1],
              s.back());
  // The 2-layer MLP: relu(W1 x + b1), then W2 h + b2, all exact integers.
  dense(W1, b1, X, clpar::view<float, 2>(h.data(), batch, nhid), 1);
  dense(W2, b2, clpar::view<const float, 2>(h.data(), batch, nhid),
        clpar::view<float, 2>(out.data(), batch, nout), 2);
  for (std::size_t b = 0; b < batch; ++b) {
    std::size_t best = 0;
    for (std::size_t o = 0; o < nout; ++o) {
      if (out[b * nout + o] > out[b * nout + best]) best = o;
      std::printf("%6.0f", double(out[b * nout + o]));
    }
    std::printf("  -> class %zu\n", best);
  }
}
