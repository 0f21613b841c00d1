// filters.hpp - the static library `filters`: smoothing, for float and double.
#ifndef TEMPLATE_LIBS_FILTERS_HPP
#define TEMPLATE_LIBS_FILTERS_HPP

#include <vector>

namespace filters {

/// Smooths v with the weights 1 2 1 `passes` times, then scales by 1/4 each time (the ends
/// stay as they are).
void smooth(std::vector<float>& v, int passes);
void smooth(std::vector<double>& v, int passes);

}  // namespace filters

#endif  // TEMPLATE_LIBS_FILTERS_HPP
