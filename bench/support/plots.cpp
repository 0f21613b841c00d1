// bench/support/plots.cpp - draws the grouped bar chart of plots.hpp.
//
// Layout, top down: title (font scale 2), note, legend, the plot (category labels on the
// left, bars, value labels on the right, tick labels under it and, for tall plots, over it
// too), axis label.  The axis range and its ticks come from the data: padded to "nice"
// ends, then the densest nice tick set whose labels fit the plot's width.
#include "support/plots.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace bench {
namespace {

const rgb white{255, 255, 255}, black{0, 0, 0}, axis_grey{90, 90, 90}, grid_grey{215, 215, 215},
    stripe_grey{244, 244, 244};
const int margin = 16, row_pad = 5, line_height = glyph_height + 4;

std::string short_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

bool drawn(double v) {
  return v > 0 && std::isfinite(v);
}

/// The smallest value of the form m * 10^k, m in {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8}, that
/// is at least v (up), or the largest at most v: axis ends that read well as ticks.
double nice(double v, bool up) {
  static const double steps[] = {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10};
  const double decade = std::pow(10.0, std::floor(std::log10(v)));
  if (up) {
    for (double m : steps)
      if (m * decade >= v * (1 - 1e-9)) return m * decade;
    return 10 * decade;
  }
  for (int i = 10; i >= 0; --i)
    if (steps[i] * decade <= v * (1 + 1e-9)) return steps[i] * decade;
  return decade;
}

struct axis {
  double lo = 0, hi = 1;
  bool log = false;
  int left = 0, right = 1;

  /// Pixel column of a value, clamped to the plot.
  int x(double v) const {
    double f = log ? (std::log(std::max(v, lo)) - std::log(lo)) / (std::log(hi) - std::log(lo))
                   : (v - lo) / (hi - lo);
    f = std::clamp(f, 0.0, 1.0);
    return left + static_cast<int>(std::lround(f * (right - left)));
  }
};

/// Candidate tick sets, sparse to dense: for a log axis, the powers of ten times ever more
/// mantissas; for a linear axis, multiples of 5, 2 or 1 times a power of ten.  Each is
/// thinned from the left where labels would collide (on a log axis the top of a decade is
/// crowded, its bottom is not).  The densest set of at most 12 wins, unless thinning lost
/// a power of ten: a log axis without those does not read as one.
std::vector<double> choose_ticks(const axis& a, const std::function<std::string(double)>& text) {
  std::vector<std::vector<double>> candidates;
  const auto inside = [&](double v) { return v >= a.lo * (1 - 1e-9) && v <= a.hi * (1 + 1e-9); };
  if (a.log) {
    for (const std::vector<double>& mantissas : {std::vector<double>{1},
                                                 {1, 2, 5},
                                                 {1, 1.5, 2, 3, 5, 7},
                                                 {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8}}) {
      std::vector<double> ticks;
      for (int k = int(std::floor(std::log10(a.lo))); k <= int(std::ceil(std::log10(a.hi))); ++k)
        for (double m : mantissas)
          if (inside(m * std::pow(10.0, k))) ticks.push_back(m * std::pow(10.0, k));
      candidates.push_back(ticks);
    }
  } else {
    const int top = int(std::floor(std::log10(a.hi - a.lo)));
    for (int k = top; k >= top - 2; --k)
      for (double m : {5.0, 2.0, 1.0}) {
        const double step = m * std::pow(10.0, k);
        std::vector<double> ticks;
        for (double n = std::ceil(a.lo / step - 1e-9); n * step <= a.hi * (1 + 1e-9); ++n)
          ticks.push_back(n * step + 0.0);  // + 0.0: no "-0"
        candidates.push_back(ticks);
      }
  }
  const auto decades = [&](const std::vector<double>& ticks) {
    int n = 0;
    for (double t : ticks) n += std::abs(std::log10(t) - std::round(std::log10(t))) < 1e-9;
    return n;
  };
  std::vector<double> best;
  for (const std::vector<double>& all : candidates) {
    std::vector<double> ticks;
    for (double t : all) {
      const int room =
          ticks.empty() ? 0 : (text_width(text(ticks.back())) + text_width(text(t))) / 2 + 12;
      if (ticks.empty() || a.x(t) - a.x(ticks.back()) >= room) ticks.push_back(t);
    }
    if (ticks.size() < 2 || ticks.size() > 12 || ticks.size() <= best.size()) continue;
    if (a.log && decades(ticks) < decades(all)) continue;
    best = ticks;
  }
  return best.empty() ? std::vector<double>{a.lo, a.hi} : best;
}

}  // namespace

image draw_bar_chart(const bar_chart& chart) {
  const auto tick_text = chart.tick_format ? chart.tick_format : short_number;
  const auto value_text = chart.value_format ? chart.value_format : short_number;
  const std::size_t rows = chart.categories.size();
  const auto label = [&](const bar_series& s, std::size_t i) {
    if (i < s.labels.size()) return s.labels[i];
    return i < s.values.size() && drawn(s.values[i]) ? value_text(s.values[i]) : std::string();
  };

  // The value axis from the data and the reference lines, padded so no bar ends at an edge.
  axis a;
  a.log = chart.log_scale;
  double lo = std::numeric_limits<double>::infinity(), hi = 0;
  const auto include = [&](double v) {
    if (drawn(v)) lo = std::min(lo, v), hi = std::max(hi, v);
  };
  for (const bar_series& s : chart.series)
    for (double v : s.values) include(v);
  for (const reference_line& r : chart.references) include(r.value);
  if (hi == 0) lo = 1, hi = 10;
  if (a.log) {
    a.lo = chart.min > 0 ? chart.min : nice(lo / 1.15, false);
    a.hi = chart.max > 0 ? chart.max : nice(hi * 1.15, true);
  } else {
    a.lo = chart.min;
    a.hi = chart.max > chart.min ? chart.max : nice(hi * 1.05, true);
  }
  if (!(a.hi > a.lo)) a.hi = a.log ? a.lo * 10 : a.lo + 1;

  // Horizontal layout: category labels, the plot, room for the value labels.
  int category_width = 0, value_width = 0;
  for (const std::string& c : chart.categories)
    category_width = std::max(category_width, text_width(c));
  for (const bar_series& s : chart.series)
    for (std::size_t i = 0; i < rows; ++i)
      value_width = std::max(value_width, text_width(label(s, i)));
  const int width = std::max(
      {chart.width, text_width(chart.title, 2) + 2 * margin, text_width(chart.note) + 2 * margin});
  a.left = margin + category_width + 10;
  a.right = width - margin - std::max(value_width + 6, 24);
  const std::vector<double> ticks = choose_ticks(a, tick_text);

  // The legend flows left to right and wraps; measured first, drawn once the image exists.
  struct entry {
    const std::string* name;
    rgb color;
    bool line;
    int x, y;
  };
  std::vector<entry> legend;
  for (const bar_series& s : chart.series) legend.push_back({&s.name, s.color, false, 0, 0});
  for (const reference_line& r : chart.references) legend.push_back({&r.name, r.color, true, 0, 0});
  int y = margin + 2 * glyph_height + 6;  // under the title
  if (!chart.note.empty()) y += line_height;
  y += 4;
  int legend_x = margin;
  for (entry& e : legend) {
    const int w = 18 + text_width(*e.name);
    if (legend_x > margin && legend_x + w > width - margin) legend_x = margin, y += line_height;
    e.x = legend_x;
    e.y = y;
    legend_x += w + 20;
  }
  y += line_height + 8;

  // Vertical layout of the plot; tall plots repeat the tick labels over it.
  const int row_height = int(chart.series.size()) * chart.bar_height + 2 * row_pad;
  const int plot_height = int(rows) * row_height;
  const bool top_ticks = plot_height > 400;
  const int plot_top = y + (top_ticks ? line_height + 4 : 0), plot_bottom = plot_top + plot_height;
  const int height =
      plot_bottom + 6 + line_height + (chart.axis_label.empty() ? 0 : line_height) + margin;

  image im(width, height);
  for (std::size_t i = 0; i < rows; i += 2)
    im.fill_rect(margin, plot_top + int(i) * row_height, width - 2 * margin, row_height,
                 stripe_grey);
  for (double t : ticks) im.line(a.x(t), plot_top, a.x(t), plot_bottom - 1, grid_grey);

  for (std::size_t i = 0; i < rows; ++i) {
    const int row_top = plot_top + int(i) * row_height;
    const std::string& c = chart.categories[i];
    im.text(a.left - 8 - text_width(c), row_top + (row_height - glyph_ascent) / 2, c, black);
    for (std::size_t j = 0; j < chart.series.size(); ++j) {
      const bar_series& s = chart.series[j];
      const int bar_top = row_top + row_pad + int(j) * chart.bar_height;
      if (i < s.values.size() && drawn(s.values[i]))
        im.fill_rect(a.left + 1, bar_top, a.x(s.values[i]) - a.left, chart.bar_height - 1, s.color);
    }
  }

  // Reference lines over the bars, two pixels wide so they stay visible across a bar.
  for (const reference_line& r : chart.references)
    for (int dx = 0; dx < 2; ++dx)
      im.line(a.x(r.value) + dx, plot_top, a.x(r.value) + dx, plot_bottom - 1, r.color, 4);

  // Value labels last, on the row's background so a reference line does not cross them.
  for (std::size_t i = 0; i < rows; ++i)
    for (std::size_t j = 0; j < chart.series.size(); ++j) {
      const bar_series& s = chart.series[j];
      const std::string text = label(s, i);
      if (text.empty()) continue;
      const int x = (i < s.values.size() && drawn(s.values[i]) ? a.x(s.values[i]) : a.left) + 4;
      const int bar_top = plot_top + int(i) * row_height + row_pad + int(j) * chart.bar_height;
      im.fill_rect(x - 2, bar_top, text_width(text) + 4, chart.bar_height,
                   i % 2 ? white : stripe_grey);
      im.text(x, bar_top + (chart.bar_height - 1 - glyph_ascent) / 2, text, axis_grey);
    }

  im.line(a.left, plot_top, a.left, plot_bottom, axis_grey);
  im.line(a.left, plot_bottom, a.right, plot_bottom, axis_grey);
  if (top_ticks) im.line(a.left, plot_top - 1, a.right, plot_top - 1, axis_grey);
  for (double t : ticks) {
    const std::string text = tick_text(t);
    const int x = a.x(t);
    im.line(x, plot_bottom, x, plot_bottom + 3, axis_grey);
    im.text(x - text_width(text) / 2, plot_bottom + 6, text, black);
    if (top_ticks) {
      im.line(x, plot_top - 4, x, plot_top - 1, axis_grey);
      im.text(x - text_width(text) / 2, plot_top - 4 - line_height, text, black);
    }
  }
  if (!chart.axis_label.empty())
    im.text((a.left + a.right - text_width(chart.axis_label)) / 2, plot_bottom + 6 + line_height,
            chart.axis_label, black);

  im.text(margin, margin, chart.title, black, 2);
  if (!chart.note.empty()) im.text(margin, margin + 2 * glyph_height + 6, chart.note, axis_grey);
  for (const entry& e : legend) {
    if (e.line) {
      // A horizontal dashed stroke: reads as "a dashed line" at legend size.
      for (int dy = 3; dy < 5; ++dy) im.line(e.x, e.y + dy, e.x + 13, e.y + dy, e.color, 3);
    } else {
      im.fill_rect(e.x, e.y - 1, 14, 9, e.color);
    }
    im.text(e.x + 18, e.y, *e.name, black);
  }
  return im;
}

}  // namespace bench
