// examples/mpi_jacobi/mpi_jacobi.cpp - jacobi-2d (5-point stencil) over MPI ranks, each
// rank's sweep a clpar prange nest.
//
//   mpirun -np 4 ./mpi_jacobi [--n N] [--steps T] [--check]
//
// The N x N grid keeps its border fixed; its interior rows 1..N-2 are split into blocks of
// consecutive rows, one per rank.  A rank holds its rows and one ghost row above and one
// below (the neighbour's edge row, or the grid's border).  Each step a rank sweeps its rows
// from one buffer into the other (a 2-D prange nest, on the OpenCL device or the host as
// CLPAR_DEVICE says), swaps the buffers, and exchanges edge rows with the ranks above and
// below through MPI_Sendrecv.  At the end MPI_Allreduce combines each rank's checksum (the
// sum of its values) and residual (the largest change in the last step), and rank 0 prints
// them.  With --check, rank 0 also runs the same steps on the whole grid in plain serial
// loops, gathers every rank's rows, and exits with status 1 unless they are identical.
//
// Where the data lives.  clpar::resident keeps both buffers on the device for the whole
// run; only the rows MPI needs come home.  Before the exchange, sync_host() on a view of a
// rank's first and last rows copies back exactly those rows, and on a view of each ghost
// row it drops the device's copy, so that the rows MPI writes go to the device at the next
// sweep.  sync_host() also drops the device's copy of the edge rows it brought home, so
// per neighbour and step one row (N floats) comes home and two go out (the edge row and
// the ghost row).  CLPAR_TRACE=1 prints the transfers per site at exit.
//
// The sweep multiplies a sum of five by 0.2f and nothing else: built with --strict-fp
// (no contraction, on the host or the device), every variant computes every value with
// the same operations in the same order, so the check compares exactly.  The checksum
// alone is a reduction whose order differs between variants and rank counts.
#include <clpar/clpar.hpp>
#include <mpi.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

namespace {

using mat = clpar::view<float, 2>;

/// The ranks above and below; MPI_PROC_NULL at the grid's border (MPI then skips them).
struct neighbours {
  int up;
  int down;
};

/// The initial value of the grid at global row i, column j: the top border at 1, the rest
/// of the border at 0, the interior pseudo-random in [0, 1) (exact in float).
float initial(std::size_t i, std::size_t j, std::size_t n) {
  if (i == 0) return 1.0f;
  if (i == n - 1 || j == 0 || j == n - 1) return 0.0f;
  return float((i * 7919 + j * 104729) % 1024) / 1024.0f;
}

/// Sends this rank's first row up and last row down, and receives the neighbours' edge
/// rows into the ghost rows.
void exchange_halos(mat a, neighbours nb) {
  const std::size_t rows = a.extent(0) - 2;
  const int n = int(a.extent(1));
  auto top_ghost = a(0, clpar::all), first = a(1, clpar::all);
  auto last = a(rows, clpar::all), bottom_ghost = a(rows + 1, clpar::all);
  // The edge rows come home, and nothing else; the ghost rows, current on the host (the
  // sweep writes only a rank's own rows), lose their device copies, so that the next
  // sweep uploads what MPI writes into them.
  if (nb.up != MPI_PROC_NULL) {
    first.sync_host();
    top_ghost.sync_host();
  }
  if (nb.down != MPI_PROC_NULL) {
    last.sync_host();
    bottom_ghost.sync_host();
  }
  MPI_Sendrecv(first.data(), n, MPI_FLOAT, nb.up, 0, bottom_ghost.data(), n, MPI_FLOAT, nb.down, 0,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  MPI_Sendrecv(last.data(), n, MPI_FLOAT, nb.down, 1, top_ghost.data(), n, MPI_FLOAT, nb.up, 1,
               MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

struct outcome {
  bool latest_is_a;  ///< the last sweep wrote the first buffer
  double checksum;   ///< this rank's sum of its rows
  float residual;    ///< this rank's largest change in the last step
  double first_step_s;
  double later_steps_s;  ///< the other steps together
};

/// `steps` sweeps over rows 1..rows of a and b (rows + 2 rows each), exchanging edge rows
/// after each; then this rank's checksum and residual.
outcome run(mat a, mat b, int steps, neighbours nb) {
  const std::size_t rows = a.extent(0) - 2, n = a.extent(1);
  clpar::resident keep(a, b);
  const double start = MPI_Wtime();
  double after_first = start;
  for (int t = 0; t < steps; ++t) {
    // The sweep writes through a view of b's own rows alone: the runtime counts every
    // byte of a view that a kernel writes as written on the device, and b's ghost rows
    // must stay current on the host, or their sync_host() would copy them back before MPI
    // overwrites them.  out's row i is b's row i + 1.
    mat out = b(clpar::slice(1, rows + 1), clpar::all);
    for (auto i : clpar::prange(rows))
      for (auto j : clpar::prange(std::size_t(1), n - 1))
        out(i, j) =
            0.2f * (a(i, j) + a(i + 1, j - 1) + a(i + 1, j) + a(i + 1, j + 1) + a(i + 2, j));
    std::swap(a, b);
    exchange_halos(a, nb);
    if (t == 0) after_first = MPI_Wtime();
  }
  const double end = MPI_Wtime();

  // a holds the last step, b the one before.
  double checksum = 0.0;
  float residual = 0.0f;
  for (auto i : clpar::prange(std::size_t(1), rows + 1))
    for (auto j : clpar::prange(std::size_t(1), n - 1)) {
      checksum += a(i, j);
      residual = std::max(residual, std::fabs(a(i, j) - b(i, j)));
    }
  return {steps % 2 == 0, checksum, residual, after_first - start, end - after_first};
}

/// The same steps on the whole n x n grid in plain loops, on one process.
std::vector<float> serial_grid(std::size_t n, int steps, double& checksum, float& residual) {
  std::vector<float> a(n * n), b(n * n);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < n; ++j) a[i * n + j] = b[i * n + j] = initial(i, j, n);
  for (int t = 0; t < steps; ++t) {
    for (std::size_t i = 1; i + 1 < n; ++i)
      for (std::size_t j = 1; j + 1 < n; ++j)
        b[i * n + j] = 0.2f * (a[(i - 1) * n + j] + a[i * n + j - 1] + a[i * n + j] +
                               a[i * n + j + 1] + a[(i + 1) * n + j]);
    std::swap(a, b);
  }
  checksum = 0.0;
  residual = 0.0f;
  for (std::size_t i = 1; i + 1 < n; ++i)
    for (std::size_t j = 1; j + 1 < n; ++j) {
      checksum += a[i * n + j];
      residual = std::max(residual, std::fabs(a[i * n + j] - b[i * n + j]));
    }
  return a;
}

int usage() {
  std::fprintf(stderr, "usage: mpi_jacobi [--n N] [--steps T] [--check]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);

  std::size_t n = 1024;
  int steps = 100;
  bool check = false;
  for (int k = 1; k < argc; ++k) {
    if (std::strcmp(argv[k], "--n") == 0 && k + 1 < argc) {
      n = std::strtoul(argv[++k], nullptr, 10);
    } else if (std::strcmp(argv[k], "--steps") == 0 && k + 1 < argc) {
      steps = std::atoi(argv[++k]);
    } else if (std::strcmp(argv[k], "--check") == 0) {
      check = true;
    } else {
      if (rank == 0) usage();
      MPI_Finalize();
      return 2;
    }
  }
  if (n < std::size_t(ranks) + 2 || steps < 1) {
    if (rank == 0)
      std::fprintf(stderr, "mpi_jacobi: need --n of at least ranks + 2 (%d) and --steps >= 1\n",
                   ranks + 2);
    MPI_Finalize();
    return 2;
  }

  // This rank's interior rows [lo, hi) of the grid; local row k is global row lo - 1 + k.
  const std::size_t interior = n - 2;
  const std::size_t lo = 1 + interior * rank / ranks, hi = 1 + interior * (rank + 1) / ranks;
  const std::size_t rows = hi - lo;
  const neighbours nb{rank > 0 ? rank - 1 : MPI_PROC_NULL,
                      rank + 1 < ranks ? rank + 1 : MPI_PROC_NULL};
  std::vector<float> a((rows + 2) * n), b((rows + 2) * n);
  for (std::size_t k = 0; k < rows + 2; ++k)
    for (std::size_t j = 0; j < n; ++j) a[k * n + j] = b[k * n + j] = initial(lo - 1 + k, j, n);

  MPI_Barrier(MPI_COMM_WORLD);
  const outcome out = run(mat(a.data(), rows + 2, n), mat(b.data(), rows + 2, n), steps, nb);
  const std::vector<float>& mine = out.latest_is_a ? a : b;

  double checksum = 0.0, times[2] = {out.first_step_s, out.later_steps_s}, slowest[2];
  float residual = 0.0f;
  MPI_Allreduce(&out.checksum, &checksum, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  MPI_Allreduce(&out.residual, &residual, 1, MPI_FLOAT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Reduce(times, slowest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  if (rank == 0) {
    std::printf("mpi_jacobi: %zux%zu grid, %d steps, %d ranks\n", n, n, steps, ranks);
    std::printf("checksum %.12e residual %.9e\n", checksum, double(residual));
    std::printf("time (slowest rank): first step %.3f ms, then %.3f ms per step\n",
                slowest[0] * 1e3, steps > 1 ? slowest[1] * 1e3 / (steps - 1) : 0.0);
  }

  int status = 0;
  if (check) {
    // Every rank's rows into the whole grid on rank 0.
    std::vector<int> counts(ranks), offsets(ranks);
    for (int r = 0; r < ranks; ++r) {
      const std::size_t rlo = 1 + interior * r / ranks, rhi = 1 + interior * (r + 1) / ranks;
      counts[r] = int((rhi - rlo) * n);
      offsets[r] = int(rlo * n);
    }
    std::vector<float> grid(rank == 0 ? n * n : 0);
    MPI_Gatherv(mine.data() + n, int(rows * n), MPI_FLOAT, grid.data(), counts.data(),
                offsets.data(), MPI_FLOAT, 0, MPI_COMM_WORLD);
    if (rank == 0) {
      double want_checksum = 0.0;
      float want_residual = 0.0f;
      const std::vector<float> want = serial_grid(n, steps, want_checksum, want_residual);
      std::size_t differ = 0, first = 0;
      for (std::size_t k = n; k < (n - 1) * n; ++k)
        if (grid[k] != want[k] && differ++ == 0) first = k;
      // The sum's order differs from the serial loop's: only its rounding may.
      const bool checksum_ok =
          std::fabs(checksum - want_checksum) <= 1e-12 * std::fabs(want_checksum);
      if (differ != 0)
        std::printf(
            "check: FAILED: %zu of %zu values differ from the serial run, the first "
            "at (%zu, %zu): %.9e, serial %.9e\n",
            differ, interior * n, first / n, first % n, double(grid[first]), double(want[first]));
      if (residual != want_residual)
        std::printf("check: FAILED: residual %.9e, serial %.9e\n", double(residual),
                    double(want_residual));
      if (!checksum_ok)
        std::printf("check: FAILED: checksum %.12e, serial %.12e\n", checksum, want_checksum);
      if (differ == 0 && residual == want_residual && checksum_ok)
        std::printf(
            "check: grid and residual identical to the serial run, checksum within "
            "1e-12\n");
      else
        status = 1;
    }
    MPI_Bcast(&status, 1, MPI_INT, 0, MPI_COMM_WORLD);
  }
  MPI_Finalize();
  return status;
}
