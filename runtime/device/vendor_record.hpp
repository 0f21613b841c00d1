// runtime/device/vendor_record.hpp - which vendor's library holds the devices a run wants,
// remembered from one run to the next.
//
// The ICD loader's first clGetPlatformIDs loads every vendor's library it finds: on the GPU
// machine NVIDIA's (about 100 ms) and PoCL's with its LLVM (20 to 40 ms more), though a run
// under CLPAR_DEVICE=opencl-gpu or auto can use only the GPU.  A run that lists every
// platform therefore records, in the kernel cache, the library that holds every device of
// the kind the run wants (every GPU; every CPU device for opencl-cpu) when one platform
// holds them all; a later run that wants the same kind opens that library alone
// (opencl_loader.hpp, opencl_open_vendor) and lists that platform, keeping its index.
//
// A record counts only while the ICD loader would answer as it did: the key holds the
// loader's file, the variables the ICD loaders read and every vendor file (.icd) they would
// read, each with its size and modification time, so a driver installed or removed, or a
// variable changed, makes the next run list every platform again.  The library itself must
// still have the recorded size and time, and be one the vendor files name.  The functions
// here (format, parse, the setup read from given directories and variables) are unit
// tested; load and store go through the kernel cache.
#ifndef CLPAR_RUNTIME_DEVICE_VENDOR_RECORD_HPP
#define CLPAR_RUNTIME_DEVICE_VENDOR_RECORD_HPP

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace clpar::rt {

struct vendor_record {
  std::string library;                ///< the vendor library's file, as dladdr names it
  std::uint64_t library_bytes = 0;    ///< its size when recorded
  std::int64_t library_mtime_ns = 0;  ///< its modification time when recorded
  int platform_index = 0;             ///< P of the platform in the ICD loader's list
  std::string platform_name;          ///< CL_PLATFORM_NAME
  std::string platform_version;       ///< CL_PLATFORM_VERSION

  bool operator==(const vendor_record&) const = default;
};

/// The record as the cache entry's text: a first line naming the format, then one field a
/// line.
std::string format_vendor_record(const vendor_record& record);

/// The record in `text`; nullopt when it is not one (another format, a field missing or
/// malformed, a relative library path).
std::optional<vendor_record> parse_vendor_record(std::string_view text);

/// `library` with the size and modification time of the file now; nullopt when it cannot
/// be read.
std::optional<vendor_record> with_library_file(vendor_record record);

/// Whether the record's library is still the file it recorded (size and time).
bool library_unchanged(const vendor_record& record);

/// What the ICD loader's list of platforms depends on, read once per run.
struct icd_setup {
  /// The loader's own file, the variables the ICD loaders read (OCL_ICD_VENDORS,
  /// OCL_ICD_FILENAMES, OPENCL_VENDOR_PATH, OPENCL_LAYERS, ...) and each vendor file in the
  /// directories they name (by default /etc/OpenCL/vendors), every file with its size and
  /// time: the record's key.
  std::string fingerprint;
  /// The libraries the vendor files and OCL_ICD_FILENAMES name, as written there.
  std::vector<std::string> libraries;
};

/// The setup seen through `getenv`; `vendors_default` is the loaders' default directory
/// (tests pass their own).
icd_setup read_icd_setup(const std::string& loader_file, const char* (*getenv)(const char*),
                         const std::string& vendors_default = "/etc/OpenCL/vendors");

/// Whether `library` (a path) is one the ICD loader would open: its file name is that of a
/// library the setup names.  A record naming another file is not opened (the cache is the
/// user's, but what a run loads into itself should be what the loader would load anyway).
bool names_library(const icd_setup& setup, const std::string& library);

/// The record stored for devices of `kind` ("gpu", "cpu") under `fingerprint`, if any.
std::optional<vendor_record> load_vendor_record(std::string_view kind,
                                                const std::string& fingerprint);

/// Stores `record` for `kind` under `fingerprint` (a failure only means the next run lists
/// every platform).
void store_vendor_record(std::string_view kind, const std::string& fingerprint,
                         const vendor_record& record);

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_DEVICE_VENDOR_RECORD_HPP
