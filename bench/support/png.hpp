// bench/support/png.hpp - an RGB image, the few drawing primitives the benchmark plots
// need, and a PNG encoder.
//
// Neither machine has a plotting or image library, and the report should not grow a
// dependency for a few charts, so this draws them itself: filled rectangles, lines
// (optionally dashed) and text in a built-in 5x9 bitmap font for ASCII 32..126, scaled by
// an integer factor.  The encoder writes 8-bit RGB PNGs; charts are mostly flat colour, so
// fixed-Huffman deflate that only looks for repeats of the pixel to the left and of the row
// above keeps them small.  Coordinates are pixels, x to the right and y down from the top
// left; whatever falls outside the image is clipped.
#ifndef CLPAR_BENCH_SUPPORT_PNG_HPP
#define CLPAR_BENCH_SUPPORT_PNG_HPP

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace bench {

struct rgb {
  std::uint8_t r = 0, g = 0, b = 0;
};

/// Font metrics at scale 1: every glyph is 5 pixels wide, 7 above the baseline and 2 below
/// (descenders); text advances 6 pixels per character.
inline constexpr int glyph_width = 5, glyph_ascent = 7, glyph_height = 9, glyph_advance = 6;

/// The width in pixels of `text` drawn at `scale` (no trailing gap).
int text_width(std::string_view text, int scale = 1);

class image {
 public:
  image(int width, int height, rgb background = {255, 255, 255});

  int width() const { return width_; }
  int height() const { return height_; }
  rgb at(int x, int y) const;

  void set(int x, int y, rgb c);
  void fill_rect(int x, int y, int w, int h, rgb c);
  /// Both ends included.  With dash > 0 the line is `dash` pixels on, `dash` pixels off.
  void line(int x0, int y0, int x1, int y1, rgb c, int dash = 0);
  /// Draws `text` with the top of its capitals at y; returns the x just past the last glyph.
  /// Characters outside ASCII 32..126 are drawn as '?'.
  int text(int x, int y, std::string_view text, rgb c, int scale = 1);

  /// The PNG file's bytes.
  std::string png() const;
  bool write_png(const std::string& path) const;

 private:
  int width_, height_;
  std::vector<std::uint8_t> pixels_;  // RGB triples, rows top down
};

}  // namespace bench

#endif
