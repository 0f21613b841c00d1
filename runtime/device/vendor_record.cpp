// runtime/device/vendor_record.cpp - the vendor library of the wanted devices, remembered.
#include "device/vendor_record.hpp"

#include <sys/stat.h>

#include <algorithm>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>
#include <vector>

#include "cache/kernel_cache.hpp"
#include "cache/program_cache.hpp"

namespace clpar::rt {
namespace {

// <record> ::= "clpar-vendor-record 1\n" <library> "\n" <bytes> "\n" <mtime ns> "\n"
//              <platform index> "\n" <platform name> "\n" <platform version> "\n"
// (docs/cache-format.md)
constexpr std::string_view record_header = "clpar-vendor-record 1";

// The variables ocl-icd and the Khronos ICD loader read to find vendors and layers.
constexpr const char* loader_variables[] = {
    "OCL_ICD_VENDORS",       "OCL_ICD_FILENAMES",        "OPENCL_VENDOR_PATH",
    "OPENCL_LAYERS",         "OPENCL_LAYER_PATH",        "OCL_ICD_PLATFORM_SORT",
    "OCL_ICD_DEFAULT_PLATFORM", "OCL_ICD_ENABLE_TRACE"};

template <class Number>
bool parse_number(std::string_view text, Number& value) {
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  return error == std::errc() && end == text.data() + text.size() && !text.empty();
}

struct file_identity {
  std::uint64_t bytes = 0;
  std::int64_t mtime_ns = 0;
};

/// The size and modification time of `path`; nullopt when it cannot be read.
std::optional<file_identity> identity_of(const std::string& path) {
  struct stat status {};
  if (path.empty() || ::stat(path.c_str(), &status) != 0) return std::nullopt;
  return file_identity{static_cast<std::uint64_t>(status.st_size),
                       static_cast<std::int64_t>(status.st_mtim.tv_sec) * 1000000000 +
                           status.st_mtim.tv_nsec};
}

/// "size mtime" of `path`, or "-" when it cannot be read.
std::string file_stamp(const std::string& path) {
  const std::optional<file_identity> id = identity_of(path);
  return id ? std::to_string(id->bytes) + " " + std::to_string(id->mtime_ns) : "-";
}

/// The library a vendor file names: its first line, blanks trimmed.
std::string named_library(const std::string& file) {
  std::ifstream in(file);
  std::string line;
  std::getline(in, line);
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!line.empty() && blank(line.back())) line.pop_back();
  std::size_t start = 0;
  while (start < line.size() && blank(line[start])) ++start;
  return line.substr(start);
}

/// Each vendor file of `directory` (sorted) with its stamp, and the library it names; the
/// path's own stamp (and library) when it is a file, not a directory.
void add_directory(icd_setup& setup, const std::string& directory) {
  std::error_code error;
  if (!std::filesystem::is_directory(directory, error)) {
    setup.fingerprint += directory + " " + file_stamp(directory) + "\n";
    if (std::filesystem::is_regular_file(directory, error))
      setup.libraries.push_back(named_library(directory));
    return;
  }
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::directory_iterator(directory, error))
    files.push_back(entry.path().string());
  std::sort(files.begin(), files.end());
  setup.fingerprint += directory + ":\n";
  for (const std::string& file : files) {
    setup.fingerprint += "  " + file + " " + file_stamp(file) + "\n";
    if (file.size() > 4 && file.compare(file.size() - 4, 4, ".icd") == 0)
      setup.libraries.push_back(named_library(file));
  }
}

std::string record_key(std::string_view kind, const std::string& fingerprint) {
  return kernel_cache::key_of({"vendor-record", kind, fingerprint});
}

}  // namespace

std::string format_vendor_record(const vendor_record& record) {
  return std::string(record_header) + "\n" + record.library + "\n" +
         std::to_string(record.library_bytes) + "\n" + std::to_string(record.library_mtime_ns) +
         "\n" + std::to_string(record.platform_index) + "\n" + record.platform_name + "\n" +
         record.platform_version + "\n";
}

std::optional<vendor_record> parse_vendor_record(std::string_view text) {
  std::vector<std::string_view> lines;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    if (end == std::string_view::npos) return std::nullopt;  // every line ends
    lines.push_back(text.substr(0, end));
    text.remove_prefix(end + 1);
  }
  if (lines.size() != 7 || lines[0] != record_header) return std::nullopt;
  vendor_record record;
  record.library = std::string(lines[1]);
  if (record.library.empty() || record.library.front() != '/') return std::nullopt;
  if (!parse_number(lines[2], record.library_bytes) ||
      !parse_number(lines[3], record.library_mtime_ns) ||
      !parse_number(lines[4], record.platform_index) || record.platform_index < 0)
    return std::nullopt;
  record.platform_name = std::string(lines[5]);
  record.platform_version = std::string(lines[6]);
  return record;
}

std::optional<vendor_record> with_library_file(vendor_record record) {
  const std::optional<file_identity> id = identity_of(record.library);
  if (!id) return std::nullopt;
  record.library_bytes = id->bytes;
  record.library_mtime_ns = id->mtime_ns;
  return record;
}

bool library_unchanged(const vendor_record& record) {
  const std::optional<vendor_record> now = with_library_file(record);
  return now && now->library_bytes == record.library_bytes &&
         now->library_mtime_ns == record.library_mtime_ns;
}

icd_setup read_icd_setup(const std::string& loader_file, const char* (*getenv)(const char*),
                         const std::string& vendors_default) {
  icd_setup setup;
  std::string& out = setup.fingerprint;
  out = "loader " + loader_file + " " + file_stamp(loader_file) + "\n";
  for (const char* name : loader_variables) {
    const char* value = getenv(name);
    out += std::string(name) + "=" + (value != nullptr ? value : "(unset)") + "\n";
  }
  add_directory(setup, vendors_default);
  for (const char* name : {"OCL_ICD_VENDORS", "OPENCL_VENDOR_PATH"}) {
    const char* value = getenv(name);
    if (value != nullptr && *value != '\0') add_directory(setup, value);
  }
  // The libraries OCL_ICD_FILENAMES names (colon- or semicolon-separated).
  if (const char* names = getenv("OCL_ICD_FILENAMES")) {
    std::string_view rest = names;
    while (!rest.empty()) {
      const std::size_t end = rest.find_first_of(":;");
      const std::string file(rest.substr(0, end));
      if (!file.empty()) {
        out += "  " + file + " " + file_stamp(file) + "\n";
        setup.libraries.push_back(file);
      }
      if (end == std::string_view::npos) break;
      rest.remove_prefix(end + 1);
    }
  }
  return setup;
}

bool names_library(const icd_setup& setup, const std::string& library) {
  const std::string file = std::filesystem::path(library).filename().string();
  if (file.empty()) return false;
  for (const std::string& named : setup.libraries)
    if (std::filesystem::path(named).filename().string() == file) return true;
  return false;
}

std::optional<vendor_record> load_vendor_record(std::string_view kind,
                                                const std::string& fingerprint) {
  kernel_cache& cache = process_kernel_cache();
  if (cache.usable() != nullptr) return std::nullopt;
  const std::optional<std::vector<unsigned char>> payload =
      cache.load(record_key(kind, fingerprint));
  if (!payload) return std::nullopt;
  return parse_vendor_record(
      std::string_view(reinterpret_cast<const char*>(payload->data()), payload->size()));
}

void store_vendor_record(std::string_view kind, const std::string& fingerprint,
                         const vendor_record& record) {
  kernel_cache& cache = process_kernel_cache();
  if (cache.usable() != nullptr) return;
  const std::string text = format_vendor_record(record);
  (void)cache.store(record_key(kind, fingerprint),
                    std::vector<unsigned char>(text.begin(), text.end()));
}

}  // namespace clpar::rt
