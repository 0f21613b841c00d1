// clpar/errors.hpp - the exceptions of the user header: bounds_error, shape_error and
// device_error.
//
// bounds_error reports an element access outside a view (SPEC 1.4); shape_error reports
// operands of a slice expression whose extents differ (SPEC 1.2); device_error reports
// memory whose only up-to-date copy was on an OpenCL device that failed (SPEC 5).  They
// keep their details in shared, immutable storage so that copying an exception never
// throws.
#ifndef CLPAR_ERRORS_HPP
#define CLPAR_ERRORS_HPP

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>

namespace clpar {

/// An index outside a view's extent.  what() reads
/// "file:line:col: index I out of range for extent E", followed by " of 'name'" when the
/// view's name is known (clpar++ builds).
class bounds_error : public std::out_of_range {
 public:
  bounds_error(const char* file, unsigned line, unsigned column, std::size_t index,
               std::size_t extent, const char* view_name = nullptr)
      : std::out_of_range(message(file, line, column, index, extent, view_name)),
        site_(std::make_shared<const site>(site{file ? file : "", view_name ? view_name : "",
                                                view_name != nullptr})),
        line_(line),
        column_(column),
        index_(index),
        extent_(extent) {}

  const char* file() const noexcept { return site_->file.c_str(); }
  unsigned line() const noexcept { return line_; }
  unsigned column() const noexcept { return column_; }
  std::size_t index() const noexcept { return index_; }
  std::size_t extent() const noexcept { return extent_; }
  /// The view's name, or nullptr where it is not known (header-only builds).
  const char* view_name() const noexcept {
    return site_->named ? site_->view_name.c_str() : nullptr;
  }

 private:
  struct site {
    std::string file;
    std::string view_name;
    bool named;
  };

  static std::string message(const char* file, unsigned line, unsigned column,
                             std::size_t index, std::size_t extent, const char* view_name) {
    std::string m = file ? file : "";
    m += ':' + std::to_string(line) + ':' + std::to_string(column) + ": index " +
         std::to_string(index) + " out of range for extent " + std::to_string(extent);
    if (view_name) {
      m += " of '";
      m += view_name;
      m += '\'';
    }
    return m;
  }

  std::shared_ptr<const site> site_;
  unsigned line_;
  unsigned column_;
  std::size_t index_;
  std::size_t extent_;
};

/// Operands of an element-wise expression, or an expression and the view it is assigned
/// to, whose extents differ.  Thrown before any element is written.
class shape_error : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// The only up-to-date copy of some memory was on an OpenCL device, and it could not be
/// read back (the device was lost, or the read kept failing).  Thrown by clpar++ builds
/// where the host next needs that memory: a region call, a view's sync_host(), host code
/// after offloaded regions, or the end of the scope that kept the memory on the device.
/// what() names the memory (its address and size, and the scope or clpar::resident that
/// kept it when known) and the failure; the memory then holds what the host had before the
/// device wrote it.  A header-only build never throws it.
class device_error : public std::runtime_error {
 public:
  device_error(const std::string& what, const void* address, std::size_t bytes)
      : std::runtime_error(what), address_(address), bytes_(bytes) {}

  /// The first byte of the memory whose device copy was lost (null where not known).
  const void* address() const noexcept { return address_; }
  /// Its size in bytes (0 where not known).
  std::size_t bytes() const noexcept { return bytes_; }

 private:
  const void* address_;
  std::size_t bytes_;
};

}  // namespace clpar

#endif  // CLPAR_ERRORS_HPP
