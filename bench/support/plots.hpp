// bench/support/plots.hpp - the one chart the benchmark report draws: horizontal grouped
// bars, one row per category (a workload instance), one bar per series in each row.
//
// The value axis is linear or logarithmic (run times span six decades, ratios cluster
// around 1); dashed vertical reference lines mark the aims; a legend names the series and
// the lines.  Ticks and the image height follow from the data, so a caller fills in a
// bar_chart and draws it.  Drawn with png.hpp, no plotting library.
#ifndef CLPAR_BENCH_SUPPORT_PLOTS_HPP
#define CLPAR_BENCH_SUPPORT_PLOTS_HPP

#include <functional>
#include <string>
#include <vector>

#include "support/png.hpp"

namespace bench {

struct bar_series {
  std::string name;
  rgb color;
  std::vector<double> values;       ///< one per category; a value not above 0 draws no bar
  std::vector<std::string> labels;  ///< printed past each bar's end; empty: value_format
};

struct reference_line {
  double value = 1;
  std::string name;  ///< the legend's text for it
  rgb color;
};

struct bar_chart {
  std::string title, note, axis_label;  ///< note: one line under the title
  std::vector<std::string> categories;  ///< rows, top down
  std::vector<bar_series> series;       ///< bars of a row, top down, as the legend lists them
  std::vector<reference_line> references;
  bool log_scale = false;
  double min = 0, max = 0;  ///< the value axis; 0: from the data (a linear axis from 0)
  std::function<std::string(double)> tick_format, value_format;  ///< empty: printf's %g
  int width = 960;                                               ///< grows to fit the title
  int bar_height = 10;
};

image draw_bar_chart(const bar_chart& chart);

}  // namespace bench

#endif
