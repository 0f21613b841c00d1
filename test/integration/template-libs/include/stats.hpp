// stats.hpp - the shared library `stats`: sums, for float and int, and a fill.
#ifndef TEMPLATE_LIBS_STATS_HPP
#define TEMPLATE_LIBS_STATS_HPP

#include <vector>

namespace stats {

float sum(const std::vector<float>& v);
int sum(const std::vector<int>& v);
/// v[i] = i mod m, then every element times `factor`.
void fill(std::vector<float>& v, int m, float factor);
void fill(std::vector<int>& v, int m);

}  // namespace stats

#endif  // TEMPLATE_LIBS_STATS_HPP
