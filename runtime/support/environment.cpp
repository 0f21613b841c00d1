// runtime/support/environment.cpp - CLPAR_* variables read per call, cheaply.
#include "support/environment.hpp"

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace clpar::rt {
namespace {

/// The environment's table of entries as a count and a digest of its entry pointers.
struct table_digest {
  std::size_t count = 0;
  std::uint64_t digest = 0;
  bool operator==(const table_digest&) const = default;
};

table_digest digest_of_environ() noexcept {
  table_digest d;
  std::uint64_t h = 0xcbf29ce484222325ull;  // FNV-1a's, a pointer at a time
  for (char** entry = ::environ; entry != nullptr && *entry != nullptr; ++entry) {
    h = (h ^ reinterpret_cast<std::uintptr_t>(*entry)) * 0x100000001b3ull;
    ++d.count;
  }
  d.digest = h;
  return d;
}

/// The values found since the table last changed, per thread.  Trivially destructible:
/// it is read during the process's exit, after thread_local objects with destructors are
/// gone, and it allocates nothing.
struct memo {
  struct found {
    const char* name;
    const char* value;
  };
  static constexpr std::size_t capacity = 32;

  table_digest table;  ///< environ's table when `values` were read
  bool table_read = false;
  found values[capacity] = {};
  std::size_t count = 0;
  unsigned pins = 0;
  std::uint64_t epoch = 0;  ///< counts the tables read; 0 before the first

  /// Makes `values` those of environ's table now: kept while the table is the same.
  void refresh() noexcept {
    const table_digest now = digest_of_environ();
    if (table_read && now == table) return;
    table = now;
    table_read = true;
    count = 0;
    ++epoch;
  }
};

constinit thread_local memo values_of_thread;

}  // namespace

const char* environment_value(const char* name) noexcept {
  memo& m = values_of_thread;
  if (m.pins == 0) m.refresh();
  for (std::size_t i = 0; i < m.count; ++i)
    if (m.values[i].name == name) return m.values[i].value;
  const char* value = std::getenv(name);
  if (m.count < memo::capacity) m.values[m.count++] = {name, value};
  return value;
}

bool environment_switch(const char* name) noexcept {
  const char* value = environment_value(name);
  return value != nullptr && *value != '\0' && std::strcmp(value, "0") != 0;
}

std::uint64_t environment_epoch() noexcept {
  memo& m = values_of_thread;
  if (m.pins == 0) m.refresh();
  return m.epoch;
}

environment_pin::environment_pin() noexcept {
  memo& m = values_of_thread;
  if (m.pins == 0) m.refresh();
  ++m.pins;
}

environment_pin::~environment_pin() {
  --values_of_thread.pins;
}

}  // namespace clpar::rt
