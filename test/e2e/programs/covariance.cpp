// e2e: PolyBench covariance: column means by a prange sum reduction, centring by a 2-D
// prange, the covariance matrix by a 2-D prange with an inner loop (doubles; 16 samples,
// so means are exact; the division by n - 1 is undone before printing).
#include <clpar/clpar.hpp>

#include <cmath>
#include <cstdio>
#include <vector>

double column_mean(clpar::view<const double, 2> data, std::size_t j) {
  double sum = 0;
  for (auto i : clpar::prange(data.extent(0))) sum += data(i, j);
  return sum / double(data.extent(0));
}

void covariance(clpar::view<double, 2> data, std::vector<double>& mean,
                clpar::view<double, 2> cov) {
  const std::size_t n = data.extent(0), m = data.extent(1);
  for (std::size_t j = 0; j < m; ++j) mean[j] = column_mean(data, j);
  for (auto i : clpar::prange(n))
    for (auto j : clpar::prange(m)) data(i, j) -= mean[j];
  for (auto i : clpar::prange(m))
    for (auto j : clpar::prange(m)) {
      double s = 0;
      for (std::size_t k = 0; k < n; ++k) s += data(k, i) * data(k, j);
      cov(i, j) = s / (double(n) - 1.0);
    }
}

int main() {
  const std::size_t n = 16, m = 27;  // n samples of m variables
  std::vector<double> data(n * m), mean(m), cov(m * m);
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = 0; j < m; ++j)
      data[i * m + j] = double(int((i * i + j * 5 + i * j) % 17) - 8);
  covariance(clpar::view<double, 2>(data.data(), n, m), mean,
             clpar::view<double, 2>(cov.data(), m, m));
  // Means and centred data are multiples of 1/16, covariance sums multiples of 1/256.
  long long msum = 0, dsum = 0, csum = 0;
  for (std::size_t j = 0; j < m; ++j) msum += (long long)(j + 1) * (long long)(mean[j] * 16.0);
  for (std::size_t i = 0; i < data.size(); ++i)
    dsum += (long long)(i % 7 + 1) * (long long)(data[i] * 16.0);
  for (std::size_t i = 0; i < cov.size(); ++i)
    csum += (long long)(i % 11 + 1) * std::llround(cov[i] * double(n - 1) * 256.0);
  std::printf("mean=%lld centred=%lld cov=%lld\n", msum, dsum, csum);
}
