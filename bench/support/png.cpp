// bench/support/png.cpp - the image primitives, the bitmap font and the PNG encoder of
// png.hpp.
//
// The font is drawn for this file: one row per byte, bit 4 the leftmost column, rows 0..6
// above the baseline and 7..8 for descenders (rows left out are blank).  The encoder needs
// no compression library: CRC-32, Adler-32 and a fixed-Huffman deflate are written here.
#include "support/png.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>

namespace bench {
namespace {

// clang-format off
const std::uint8_t font[95][glyph_height] = {
    {},  // space
    {0x04, 0x04, 0x04, 0x04, 0x04, 0x00, 0x04},  // !
    {0x0a, 0x0a},  // "
    {0x0a, 0x0a, 0x1f, 0x0a, 0x1f, 0x0a, 0x0a},  // #
    {0x04, 0x0f, 0x14, 0x0e, 0x05, 0x1e, 0x04},  // $
    {0x18, 0x19, 0x02, 0x04, 0x08, 0x13, 0x03},  // %
    {0x0c, 0x12, 0x14, 0x08, 0x15, 0x12, 0x0d},  // &
    {0x04, 0x04},  // '
    {0x02, 0x04, 0x08, 0x08, 0x08, 0x04, 0x02},  // (
    {0x08, 0x04, 0x02, 0x02, 0x02, 0x04, 0x08},  // )
    {0x00, 0x04, 0x15, 0x0e, 0x15, 0x04},  // *
    {0x00, 0x04, 0x04, 0x1f, 0x04, 0x04},  // +
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x0c, 0x04, 0x08},  // ,
    {0x00, 0x00, 0x00, 0x0e},  // -
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x0c, 0x0c},  // .
    {0x00, 0x01, 0x02, 0x04, 0x08, 0x10},  // /
    {0x0e, 0x11, 0x13, 0x15, 0x19, 0x11, 0x0e},  // 0
    {0x04, 0x0c, 0x04, 0x04, 0x04, 0x04, 0x0e},  // 1
    {0x0e, 0x11, 0x01, 0x02, 0x04, 0x08, 0x1f},  // 2
    {0x1f, 0x02, 0x04, 0x02, 0x01, 0x11, 0x0e},  // 3
    {0x02, 0x06, 0x0a, 0x12, 0x1f, 0x02, 0x02},  // 4
    {0x1f, 0x10, 0x1e, 0x01, 0x01, 0x11, 0x0e},  // 5
    {0x06, 0x08, 0x10, 0x1e, 0x11, 0x11, 0x0e},  // 6
    {0x1f, 0x01, 0x02, 0x04, 0x08, 0x08, 0x08},  // 7
    {0x0e, 0x11, 0x11, 0x0e, 0x11, 0x11, 0x0e},  // 8
    {0x0e, 0x11, 0x11, 0x0f, 0x01, 0x02, 0x0c},  // 9
    {0x00, 0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c},  // :
    {0x00, 0x00, 0x0c, 0x0c, 0x00, 0x0c, 0x0c, 0x04, 0x08},  // ;
    {0x02, 0x04, 0x08, 0x10, 0x08, 0x04, 0x02},  // <
    {0x00, 0x00, 0x1f, 0x00, 0x1f},  // =
    {0x08, 0x04, 0x02, 0x01, 0x02, 0x04, 0x08},  // >
    {0x0e, 0x11, 0x01, 0x02, 0x04, 0x00, 0x04},  // ?
    {0x0e, 0x11, 0x01, 0x0d, 0x15, 0x15, 0x0e},  // @
    {0x0e, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11},  // A
    {0x1e, 0x11, 0x11, 0x1e, 0x11, 0x11, 0x1e},  // B
    {0x0e, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0e},  // C
    {0x1c, 0x12, 0x11, 0x11, 0x11, 0x12, 0x1c},  // D
    {0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x1f},  // E
    {0x1f, 0x10, 0x10, 0x1e, 0x10, 0x10, 0x10},  // F
    {0x0e, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0f},  // G
    {0x11, 0x11, 0x11, 0x1f, 0x11, 0x11, 0x11},  // H
    {0x0e, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e},  // I
    {0x07, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c},  // J
    {0x11, 0x12, 0x14, 0x18, 0x14, 0x12, 0x11},  // K
    {0x10, 0x10, 0x10, 0x10, 0x10, 0x10, 0x1f},  // L
    {0x11, 0x1b, 0x15, 0x15, 0x11, 0x11, 0x11},  // M
    {0x11, 0x11, 0x19, 0x15, 0x13, 0x11, 0x11},  // N
    {0x0e, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e},  // O
    {0x1e, 0x11, 0x11, 0x1e, 0x10, 0x10, 0x10},  // P
    {0x0e, 0x11, 0x11, 0x11, 0x15, 0x12, 0x0d},  // Q
    {0x1e, 0x11, 0x11, 0x1e, 0x14, 0x12, 0x11},  // R
    {0x0f, 0x10, 0x10, 0x0e, 0x01, 0x01, 0x1e},  // S
    {0x1f, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04},  // T
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0e},  // U
    {0x11, 0x11, 0x11, 0x11, 0x11, 0x0a, 0x04},  // V
    {0x11, 0x11, 0x11, 0x15, 0x15, 0x15, 0x0a},  // W
    {0x11, 0x11, 0x0a, 0x04, 0x0a, 0x11, 0x11},  // X
    {0x11, 0x11, 0x0a, 0x04, 0x04, 0x04, 0x04},  // Y
    {0x1f, 0x01, 0x02, 0x04, 0x08, 0x10, 0x1f},  // Z
    {0x0e, 0x08, 0x08, 0x08, 0x08, 0x08, 0x0e},  // [
    {0x00, 0x10, 0x08, 0x04, 0x02, 0x01},  // backslash
    {0x0e, 0x02, 0x02, 0x02, 0x02, 0x02, 0x0e},  // ]
    {0x04, 0x0a, 0x11},  // ^
    {0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x1f},  // _
    {0x08, 0x04},  // `
    {0x00, 0x00, 0x0e, 0x01, 0x0f, 0x11, 0x0f},  // a
    {0x10, 0x10, 0x1e, 0x11, 0x11, 0x11, 0x1e},  // b
    {0x00, 0x00, 0x0f, 0x10, 0x10, 0x10, 0x0f},  // c
    {0x01, 0x01, 0x0f, 0x11, 0x11, 0x11, 0x0f},  // d
    {0x00, 0x00, 0x0e, 0x11, 0x1f, 0x10, 0x0e},  // e
    {0x06, 0x09, 0x08, 0x1c, 0x08, 0x08, 0x08},  // f
    {0x00, 0x00, 0x0f, 0x11, 0x11, 0x11, 0x0f, 0x01, 0x0e},  // g
    {0x10, 0x10, 0x16, 0x19, 0x11, 0x11, 0x11},  // h
    {0x04, 0x00, 0x0c, 0x04, 0x04, 0x04, 0x0e},  // i
    {0x02, 0x00, 0x06, 0x02, 0x02, 0x02, 0x02, 0x12, 0x0c},  // j
    {0x10, 0x10, 0x12, 0x14, 0x18, 0x14, 0x12},  // k
    {0x0c, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0e},  // l
    {0x00, 0x00, 0x1a, 0x15, 0x15, 0x15, 0x15},  // m
    {0x00, 0x00, 0x16, 0x19, 0x11, 0x11, 0x11},  // n
    {0x00, 0x00, 0x0e, 0x11, 0x11, 0x11, 0x0e},  // o
    {0x00, 0x00, 0x1e, 0x11, 0x11, 0x11, 0x1e, 0x10, 0x10},  // p
    {0x00, 0x00, 0x0f, 0x11, 0x11, 0x11, 0x0f, 0x01, 0x01},  // q
    {0x00, 0x00, 0x16, 0x19, 0x10, 0x10, 0x10},  // r
    {0x00, 0x00, 0x0f, 0x10, 0x0e, 0x01, 0x1e},  // s
    {0x08, 0x08, 0x1c, 0x08, 0x08, 0x09, 0x06},  // t
    {0x00, 0x00, 0x11, 0x11, 0x11, 0x13, 0x0d},  // u
    {0x00, 0x00, 0x11, 0x11, 0x11, 0x0a, 0x04},  // v
    {0x00, 0x00, 0x11, 0x11, 0x15, 0x15, 0x0a},  // w
    {0x00, 0x00, 0x11, 0x0a, 0x04, 0x0a, 0x11},  // x
    {0x00, 0x00, 0x11, 0x11, 0x11, 0x11, 0x0f, 0x01, 0x0e},  // y
    {0x00, 0x00, 0x1f, 0x02, 0x04, 0x08, 0x1f},  // z
    {0x02, 0x04, 0x04, 0x08, 0x04, 0x04, 0x02},  // {
    {0x04, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04},  // |
    {0x08, 0x04, 0x04, 0x02, 0x04, 0x04, 0x08},  // }
    {0x00, 0x00, 0x08, 0x15, 0x02},  // ~
};
// clang-format on

// ---- checksums ----

std::uint32_t crc32(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = [] {
    std::array<std::uint32_t, 256> t{};
    for (std::uint32_t n = 0; n < 256; ++n) {
      std::uint32_t c = n;
      for (int k = 0; k < 8; ++k) c = c & 1 ? 0xedb88320u ^ (c >> 1) : c >> 1;
      t[n] = c;
    }
    return t;
  }();
  std::uint32_t c = 0xffffffffu;
  for (unsigned char b : bytes) c = table[(c ^ b) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

std::uint32_t adler32(const std::vector<std::uint8_t>& bytes) {
  std::uint32_t a = 1, b = 0;
  for (std::uint8_t x : bytes) {
    a = (a + x) % 65521;
    b = (b + a) % 65521;
  }
  return b << 16 | a;
}

// ---- deflate (RFC 1951), one final block with the fixed Huffman codes ----

/// Deflate packs bits from the least significant end of each byte; Huffman codes go in
/// most significant bit first, everything else (extra bits, header fields) as numbers.
struct bit_writer {
  std::string& out;
  std::uint32_t pending = 0;
  int count = 0;

  void bits(std::uint32_t value, int n) {
    pending |= value << count;
    count += n;
    for (; count >= 8; count -= 8, pending >>= 8) out += static_cast<char>(pending & 0xff);
  }
  void code(std::uint32_t value, int n) {
    std::uint32_t reversed = 0;
    for (int i = 0; i < n; ++i) reversed |= (value >> i & 1) << (n - 1 - i);
    bits(reversed, n);
  }
  void flush() {
    if (count > 0) out += static_cast<char>(pending & 0xff);
    pending = 0;
    count = 0;
  }
};

/// A literal byte (0..255), the end of the block (256) or a length code (257..285).
void put_symbol(bit_writer& w, int s) {
  if (s < 144)
    w.code(0x30 + s, 8);
  else if (s < 256)
    w.code(0x190 + s - 144, 9);
  else if (s < 280)
    w.code(s - 256, 7);
  else
    w.code(0xc0 + s - 280, 8);
}

const int length_base[29] = {3,  4,  5,  6,  7,  8,  9,  10, 11,  13,  15,  17,  19,  23, 27,
                             31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
const int length_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                              2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
const int distance_base[30] = {1,    2,    3,    4,    5,    7,    9,    13,    17,    25,
                               33,   49,   65,   97,   129,  193,  257,  385,   513,   769,
                               1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
const int distance_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

void put_match(bit_writer& w, int length, int distance) {
  int l = 28;
  while (length_base[l] > length) --l;
  put_symbol(w, 257 + l);
  w.bits(length - length_base[l], length_extra[l]);
  int d = 29;
  while (distance_base[d] > distance) --d;
  w.code(d, 5);
  w.bits(distance - distance_base[d], distance_extra[d]);
}

/// LZ77 with just two candidates, the pixel to the left and the same byte one row up:
/// flat areas and repeated rows, which is nearly all of a chart, in a few lines.
std::string deflate(const std::vector<std::uint8_t>& data, int row_bytes) {
  std::string out;
  bit_writer w{out};
  w.bits(1, 1);  // BFINAL: the only block
  w.bits(1, 2);  // BTYPE 01: fixed Huffman codes
  const std::size_t n = data.size();
  for (std::size_t i = 0; i < n;) {
    int best_length = 0, best_distance = 0;
    for (int distance : {3, row_bytes}) {
      if (distance > 32768 || static_cast<std::size_t>(distance) > i) continue;
      int length = 0;
      while (length < 258 && i + length < n && data[i + length] == data[i + length - distance])
        ++length;
      if (length > best_length) best_length = length, best_distance = distance;
    }
    if (best_length >= 3) {
      put_match(w, best_length, best_distance);
      i += best_length;
    } else {
      put_symbol(w, data[i++]);
    }
  }
  put_symbol(w, 256);
  w.flush();
  return out;
}

// ---- PNG ----
//
// The file this writes (every integer big-endian, 4 bytes unless noted):
//
//   png       ::= signature IHDR IDAT IEND
//   signature ::= 89 50 4E 47 0D 0A 1A 0A
//   chunk     ::= length type data crc      length counts data only; crc is CRC-32 of
//                                           type and data
//   IHDR      ::= chunk "IHDR": width height depth=8 (1 byte) colour=2 (RGB, 1 byte)
//                 compression=0 filter=0 interlace=0 (1 byte each)
//   IDAT      ::= chunk "IDAT": zlib
//   IEND      ::= chunk "IEND", no data
//   zlib      ::= 78 01 deflate(scanlines) adler32(scanlines)
//   scanlines ::= (filter=0 (1 byte) (r g b){width}){height}

void put_u32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>(v >> shift & 0xff);
}

void put_chunk(std::string& out, std::string_view type, const std::string& data) {
  put_u32(out, static_cast<std::uint32_t>(data.size()));
  const std::string body = std::string(type) + data;
  out += body;
  put_u32(out, crc32(body));
}

}  // namespace

int text_width(std::string_view text, int scale) {
  return text.empty() ? 0 : (static_cast<int>(text.size()) * glyph_advance - 1) * scale;
}

image::image(int width, int height, rgb background)
    : width_(std::max(width, 1)), height_(std::max(height, 1)) {
  pixels_.reserve(std::size_t(width_) * height_ * 3);
  for (int i = 0; i < width_ * height_; ++i)
    pixels_.insert(pixels_.end(), {background.r, background.g, background.b});
}

rgb image::at(int x, int y) const {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return {};
  const std::uint8_t* p = &pixels_[(std::size_t(y) * width_ + x) * 3];
  return {p[0], p[1], p[2]};
}

void image::set(int x, int y, rgb c) {
  if (x < 0 || y < 0 || x >= width_ || y >= height_) return;
  std::uint8_t* p = &pixels_[(std::size_t(y) * width_ + x) * 3];
  p[0] = c.r;
  p[1] = c.g;
  p[2] = c.b;
}

void image::fill_rect(int x, int y, int w, int h, rgb c) {
  const int x1 = std::min(x + w, width_), y1 = std::min(y + h, height_);
  for (int row = std::max(y, 0); row < y1; ++row)
    for (int col = std::max(x, 0); col < x1; ++col) set(col, row, c);
}

void image::line(int x0, int y0, int x1, int y1, rgb c, int dash) {
  // Bresenham, stepping one pixel along the longer axis each time.
  const int dx = std::abs(x1 - x0), dy = -std::abs(y1 - y0);
  const int sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
  int error = dx + dy;
  for (int step = 0;; ++step) {
    if (dash <= 0 || step / dash % 2 == 0) set(x0, y0, c);
    if (x0 == x1 && y0 == y1) break;
    const int e2 = 2 * error;
    if (e2 >= dy) error += dy, x0 += sx;
    if (e2 <= dx) error += dx, y0 += sy;
  }
}

int image::text(int x, int y, std::string_view text, rgb c, int scale) {
  for (char ch : text) {
    const int index = ch >= 32 && ch <= 126 ? ch - 32 : '?' - 32;
    for (int row = 0; row < glyph_height; ++row)
      for (int col = 0; col < glyph_width; ++col)
        if (font[index][row] >> (glyph_width - 1 - col) & 1)
          fill_rect(x + col * scale, y + row * scale, scale, scale, c);
    x += glyph_advance * scale;
  }
  return x;
}

std::string image::png() const {
  const int row_bytes = 1 + width_ * 3;
  std::vector<std::uint8_t> scanlines;
  scanlines.reserve(std::size_t(row_bytes) * height_);
  for (int y = 0; y < height_; ++y) {
    scanlines.push_back(0);
    const auto row = pixels_.begin() + std::size_t(y) * width_ * 3;
    scanlines.insert(scanlines.end(), row, row + width_ * 3);
  }
  std::string header;
  put_u32(header, width_);
  put_u32(header, height_);
  header += std::string{8, 2, 0, 0, 0};
  std::string zlib = "\x78\x01";
  zlib += deflate(scanlines, row_bytes);
  put_u32(zlib, adler32(scanlines));

  std::string out = "\x89PNG\r\n\x1a\n";
  put_chunk(out, "IHDR", header);
  put_chunk(out, "IDAT", zlib);
  put_chunk(out, "IEND", "");
  return out;
}

bool image::write_png(const std::string& path) const {
  const std::string bytes = png();
  std::ofstream out(path, std::ios::binary);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  return static_cast<bool>(out);
}

}  // namespace bench
