// e2e: region calls from several host threads at once (issue 17).  The same functions,
// holding prange loops (a reduction, a 2-D nest) and slice statements (element-wise, one
// that overlaps itself and so falls back to the header, an integer reduction), are called
// by a user's std::threads and by an outer OpenMP loop of the program's own, on the same
// memory (every thread reads the same input views and writes its own output) and on
// different memory (each thread its own input), with outputs in separate vectors and in
// adjacent blocks of one vector (blocks that share the device's 256-byte granules), and
// with clpar::resident scopes held per thread, with host reads and writes through views
// between calls.  The serial build runs the std::threads too (the header alone is thread
// safe), but its OpenMP pragma is not compiled: every thread's results depend only on
// its own sequence of calls, so they must equal the serial build's bit for bit.
#include <clpar/clpar.hpp>

#include <cstdint>
#include <cstdio>
#include <thread>
#include <vector>

#include "digest.hpp"

using clpar::all;
using clpar::slice;

namespace {

constexpr int threads = 4;
constexpr int calls = 50;

// The input every thread reads: a vector, a float vector and a square matrix.
struct input {
  std::vector<int> x;
  std::vector<float> f;
  std::vector<int> m;
  std::size_t side = 0;
};

input make_input(std::size_t n, std::size_t side, int seed) {
  input in;
  in.x.resize(n);
  in.f.resize(n);
  in.m.resize(side * side);
  in.side = side;
  for (std::size_t i = 0; i < n; ++i) {
    in.x[i] = int((i * 37 + std::size_t(seed) * 101) % 97);
    in.f[i] = float((i * 13 + std::size_t(seed)) % 29);
  }
  for (std::size_t i = 0; i < in.m.size(); ++i) in.m[i] = int((i * 7 + std::size_t(seed)) % 113);
  return in;
}

// A thread's output: what its calls write and what they return.
struct output {
  std::vector<int> y;
  std::vector<float> g;
  std::vector<int> t;  // side x side
  long long log = 0;   // the reductions' results, folded
};

output make_output(const input& in) {
  output out;
  out.y.assign(in.x.size(), 1);
  out.g.assign(in.f.size(), 2.0f);
  out.t.assign(in.m.size(), 3);
  return out;
}

// A prange loop with a reduction over the shared input and the thread's own output.
long long stencil(clpar::view<const int> x, clpar::view<int> y, int k) {
  const std::size_t n = x.size();
  long long total = 0;
  for (auto i : clpar::prange(std::size_t(1), n - 1)) {
    y[i] = (y[i] * 3 + x[i - 1] - 2 * x[i] + x[i + 1] + k) % 10007;
    total += y[i];
  }
  return total;
}

// A 2-D nest that reads the input matrix transposed.
void transpose_add(clpar::view<const int, 2> m, clpar::view<int, 2> t, int k) {
  for (auto i : clpar::prange(t.extent(0)))
    for (auto j : clpar::prange(t.extent(1))) t(i, j) = (t(i, j) * 5 + m(j, i) + k) % 65521;
}

// Slice statements: element-wise (values stay whole numbers, so every variant rounds
// alike), a shift that overlaps its source (the header's fallback), a strided reduction.
int slices(clpar::view<const float> f, clpar::view<float> g, clpar::view<const int> x,
           clpar::view<int> y, float w) {
  const std::ptrdiff_t n = static_cast<std::ptrdiff_t>(g.size());
  g[all] = clpar::floor(0.5f * g + 3.0f * f) + w;
  g[slice(1, n)] = g[slice(0, n - 1)] + 1.0f;
  y[slice(0, n, 2)] = (y[slice(0, n, 2)] + x[slice(0, n, 2)]) % 4093;
  return clpar::sum(x[slice(0, n, 3)] * (y[slice(0, n, 3)] % 101));
}

// One call of everything on `in` and `out`; `k` varies per call.
void run_once(const input& in, output& out, int k) {
  clpar::view<const int> x(in.x.data(), in.x.size());
  clpar::view<const float> f(in.f.data(), in.f.size());
  clpar::view<const int, 2> m(in.m.data(), in.side, in.side);
  clpar::view<int> y(out.y);
  clpar::view<float> g(out.g);
  clpar::view<int, 2> t(out.t.data(), in.side, in.side);
  const long long s = stencil(x, y, k);
  transpose_add(m, t, k);
  const int r = slices(f, g, x, y, float(k % 7));
  out.log = (out.log * 31 + s + r) % 1000000007;
}

// `count` calls, as one thread of the program makes them.
void run_calls(const input& in, output& out, int lane, int count) {
  for (int c = 0; c < count; ++c) run_once(in, out, lane * 1000 + c);
}

// The same inside a clpar::resident scope of the thread's own: the shared input and the
// thread's outputs stay on the device across the calls; every tenth call the thread reads
// its output through a view, and once it writes an element through one.
void run_calls_resident(const input& in, output& out, int lane, int count) {
  clpar::view<const int> x(in.x.data(), in.x.size());
  clpar::view<int> y(out.y);
  clpar::view<float> g(out.g);
  clpar::view<int> t(out.t);
  clpar::resident keep(x, y, g, t);
  for (int c = 0; c < count; ++c) {
    run_once(in, out, lane * 1000 + c);
    if (c % 10 == 9) {
      y.sync_host();
      out.log = (out.log * 7 + y[c] + y[y.size() - 1 - std::size_t(c)]) % 1000000007;
    }
    if (c == count / 2) {
      g.sync_host();
      y.sync_host();
      y[std::size_t(lane)] += int(g[std::size_t(lane)]);
    }
  }
}

void show_outputs(const char* what, const std::vector<output>& outs) {
  for (std::size_t i = 0; i < outs.size(); ++i) {
    std::printf("%s, thread %zu: log %lld\n", what, i, outs[i].log);
    show("  y", outs[i].y);
    show("  g", outs[i].g);
    show("  t", outs[i].t);
  }
}

// std::threads, each calling `body` for its lane.
template <class Body>
void on_threads(int count, Body body) {
  std::vector<std::thread> pool;
  for (int lane = 0; lane < count; ++lane) pool.emplace_back(body, lane);
  for (std::thread& thread : pool) thread.join();
}

}  // namespace

int main() {
  const std::size_t n = 1001, side = 33;
  const input shared = make_input(n, side, 1);

  // Same input, separate outputs.
  {
    std::vector<output> outs(threads, make_output(shared));
    on_threads(threads, [&](int lane) { run_calls(shared, outs[lane], lane, calls); });
    show_outputs("threads, same input", outs);
  }
  // Different memory: an input of each thread's own.
  {
    std::vector<input> ins;
    for (int lane = 0; lane < threads; ++lane) ins.push_back(make_input(n + lane, side, lane + 2));
    std::vector<output> outs;
    for (const input& in : ins) outs.push_back(make_output(in));
    on_threads(threads, [&](int lane) { run_calls(ins[lane], outs[lane], lane, calls); });
    show_outputs("threads, own input", outs);
  }
  // Outputs in adjacent blocks of one vector, whose boundaries fall inside 256-byte
  // granules (1001 ints per block): each thread's writes must leave its neighbours' alone.
  {
    std::vector<int> ys(threads * n, 1);
    std::vector<long long> logs(threads, 0);
    on_threads(threads, [&](int lane) {
      clpar::view<const int> x(shared.x.data(), n);
      clpar::view<int> y(ys.data() + std::size_t(lane) * n, n);
      for (int c = 0; c < calls; ++c) {
        logs[lane] = (logs[lane] * 31 + stencil(x, y, lane * 1000 + c)) % 1000000007;
        const std::ptrdiff_t e = std::ptrdiff_t(n);
        y[slice(0, e, 2)] = y[slice(0, e, 2)] + x[slice(e - 1, -1, -2)] % 13;
      }
    });
    for (int lane = 0; lane < threads; ++lane)
      std::printf("blocks, thread %d: log %lld\n", lane, logs[lane]);
    show("blocks", ys);
  }
  // clpar::resident scopes held per thread, over the shared input too.
  {
    std::vector<output> outs(threads, make_output(shared));
    on_threads(threads, [&](int lane) { run_calls_resident(shared, outs[lane], lane, calls); });
    show_outputs("threads, resident", outs);
  }
  // An outer OpenMP loop of the program's own over lanes: each lane's calls run in order
  // on one thread, lanes in parallel (serial in the reference build).
  {
    const int lanes = 2 * threads;
    std::vector<output> outs(lanes, make_output(shared));
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
    for (int lane = 0; lane < lanes; ++lane) {
      if (lane % 2 == 0)
        run_calls(shared, outs[lane], lane, calls / 2);
      else
        run_calls_resident(shared, outs[lane], lane, calls / 2);
    }
    show_outputs("openmp lanes", outs);
  }
  // An outer OpenMP loop over single calls, each writing its own block of one vector.
  {
    const int jobs = threads * calls;
    const std::size_t block = 67;
    std::vector<int> ys(std::size_t(jobs) * block, 2);
    std::vector<long long> sums(jobs, 0);
#pragma omp parallel for num_threads(threads) schedule(static, 1)
    for (int job = 0; job < jobs; ++job) {
      clpar::view<const int> x(shared.x.data() + std::size_t(job), block);
      clpar::view<int> y(ys.data() + std::size_t(job) * block, block);
      sums[job] = stencil(x, y, job) + clpar::sum(y * x);
    }
    long long fold = 0;
    for (long long s : sums) fold = (fold * 31 + s) % 1000000007;
    std::printf("openmp jobs: %lld\n", fold);
    show("openmp jobs", ys);
  }
}
