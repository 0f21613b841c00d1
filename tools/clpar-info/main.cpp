// tools/clpar-info/main.cpp - prints OpenCL devices, the runtime's device choice, the
// devices' calibration and the kernel cache (SPEC 2.3), as text or, with --json, as one
// JSON object for tools (docs/user-guide.md, "clpar-info --json").
//
// A thin main over clpar/rt/info.hpp.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>
#include <string>

#include "clpar/rt/info.hpp"

namespace {

/// The command line, in one table that the reader and --help share.
struct options {
  bool json = false;
  bool clear = false;
  bool calibrate = false;
  bool help = false;
  bool version = false;
};

struct option_entry {
  const char* name;
  bool options::* flag;
  const char* help;
};

const option_entry option_table[] = {
    {"--json", &options::json, "print the same as one JSON object (docs/user-guide.md)"},
    {"--clear-cache", &options::clear,
     "empty the kernel cache (CLPAR_CACHE_DIR), calibrations included"},
    {"--calibrate", &options::calibrate,
     "measure every device's calibration again and store it"},
    {"--version", &options::version, "print the clpar runtime's version"},
    {"--help", &options::help, "print this text (also -h)"},
};

void print_help() {
  std::puts(
      "usage: clpar-info [options]\n"
      "\n"
      "Prints the OpenCL platforms and devices with the P:D indices that CLPAR_DEVICE takes,\n"
      "which device the clpar runtime would use under the current CLPAR_DEVICE, each\n"
      "device's measured calibration (launch latency, transfer bandwidths) and the kernel\n"
      "cache's place, size and entry count.\n"
      "\n"
      "options:");
  for (const option_entry& o : option_table) std::printf("  %-14s %s\n", o.name, o.help);
}

/// "OpenCL 3.0" out of "OpenCL 3.0 PoCL HSTR: ..." (the rest is vendor text).
std::string short_version(const std::string& version) {
  const auto first = version.find(' ');
  if (first == std::string::npos) return version;
  const auto second = version.find(' ', first + 1);
  return version.substr(0, second);
}

std::string memory_text(std::uint64_t bytes) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f GiB", static_cast<double>(bytes) / (1ULL << 30));
  return text;
}

void print_devices() {
  const auto devices = clpar::rt::list_devices();
  if (devices.empty()) {
    std::printf("OpenCL: %s\n", clpar::rt::why_no_devices().c_str());
    return;
  }
  int platform = -1;
  for (const auto& d : devices) {
    if (d.platform != platform) {
      platform = d.platform;
      std::printf("platform %d: %s (%s)\n", d.platform, d.platform_name.c_str(),
                  d.platform_version.c_str());
    }
    std::printf("  %d:%d  %-11s %s\n", d.platform, d.device, d.type.c_str(),
                d.device_name.c_str());
    std::printf("        %s, driver %s, fp64 %s, strict-fp %s, %u compute units, %s%s\n",
                short_version(d.version).c_str(), d.driver_version.c_str(), d.fp64 ? "yes" : "no",
                d.correctly_rounded_divide_sqrt ? "yes" : "no", d.compute_units,
                memory_text(d.global_memory_bytes).c_str(),
                d.usable ? "" : (", not usable (" + d.why_unusable + ")").c_str());
  }
}

void print_calibrations(bool measure) {
  const auto calibrations = clpar::rt::device_calibrations(measure);
  if (calibrations.empty()) return;
  std::printf("\ncalibration%s:\n", measure ? " (measured now)" : "");
  for (const auto& c : calibrations) {
    if (!c.why_failed.empty()) {
      std::printf("  %d:%d  measurement failed: %s\n", c.platform, c.device,
                  c.why_failed.c_str());
      continue;
    }
    std::printf("  %d:%d  %s%s\n", c.platform, c.device, c.text.c_str(),
                measure || !c.measured_now ? "" : " (measured now)");
  }
}

void print_cache() {
  const clpar::rt::cache_description cache = clpar::rt::describe_cache();
  std::printf("\nkernel cache: %s\n", cache.directory.empty() ? "(no directory)"
                                                               : cache.directory.c_str());
  if (!cache.enabled)
    std::printf("  disabled (CLPAR_CACHE=0)\n");
  else if (!cache.unusable_why.empty())
    std::printf("  not used: %s\n", cache.unusable_why.c_str());
  std::printf("  %llu %s, %s of at most %s\n", static_cast<unsigned long long>(cache.entries),
              cache.entries == 1 ? "entry" : "entries", clpar::rt::bytes_text(cache.bytes).c_str(),
              clpar::rt::bytes_text(cache.max_bytes).c_str());
  if (cache.enabled && cache.unusable_why.empty() && !cache.writable)
    std::printf("  read-only: entries are read, new ones are not stored\n");
  for (const clpar::rt::vendor_record_description& v : clpar::rt::recorded_vendors())
    std::printf("  %s devices: %s, platform %d '%s', opened alone by runs that want only "
                "them%s\n",
                v.kind == "gpu" ? "GPU" : "CPU", v.library.c_str(), v.platform,
                v.platform_name.c_str(), v.usable ? "" : " (stale: the next run records again)");
  if (!cache.readonly_directory.empty())
    std::printf("read-only kernel cache (CLPAR_CACHE_READONLY_DIR): %s\n  %llu %s, %s\n",
                cache.readonly_directory.c_str(),
                static_cast<unsigned long long>(cache.readonly_entries),
                cache.readonly_entries == 1 ? "entry" : "entries",
                clpar::rt::bytes_text(cache.readonly_bytes).c_str());
}

using json = nlohmann::ordered_json;

/// What the text output says before the kernel cache, as JSON object members.
json devices_json(bool calibrate) {
  json info;
  info["runtime_version"] = clpar::rt::runtime_version();
  const auto calibrations = clpar::rt::device_calibrations(calibrate);
  json devices = json::array();
  for (const auto& d : clpar::rt::list_devices()) {
    json device{{"index", std::to_string(d.platform) + ":" + std::to_string(d.device)},
                {"platform", d.platform},
                {"device", d.device},
                {"platform_name", d.platform_name},
                {"platform_version", d.platform_version},
                {"name", d.device_name},
                {"type", d.type},
                {"version", d.version},
                {"driver_version", d.driver_version},
                {"fp64", d.fp64},
                {"strict_fp", d.correctly_rounded_divide_sqrt},
                {"compute_units", d.compute_units},
                {"global_memory_bytes", d.global_memory_bytes},
                {"usable", d.usable},
                {"why_unusable", d.usable ? json() : json(d.why_unusable)},
                {"calibration", nullptr}};
    for (const auto& c : calibrations) {
      if (c.platform != d.platform || c.device != d.device) continue;
      if (!c.why_failed.empty())
        device["calibration"] = {{"measured_now", c.measured_now}, {"error", c.why_failed}};
      else
        device["calibration"] = {{"measured_now", c.measured_now},
                                 {"launch_us", c.launch_seconds * 1e6},
                                 {"to_device_gb_per_s", c.to_device_bytes_per_second / 1e9},
                                 {"to_host_gb_per_s", c.to_host_bytes_per_second / 1e9},
                                 {"transfer_us", c.transfer_seconds * 1e6},
                                 {"small_transfer_us", c.small_transfer_seconds * 1e6},
                                 {"text", c.text}};
    }
    devices.push_back(std::move(device));
  }
  info["devices"] = std::move(devices);
  const std::string why_none = clpar::rt::why_no_devices();
  info["why_no_devices"] = why_none.empty() ? json() : json(why_none);
  const char* value = std::getenv("CLPAR_DEVICE");
  const clpar::rt::local_rank_description rank = clpar::rt::node_local_rank();
  info["selection"] = {
      {"clpar_device", value != nullptr ? json(value) : json()},
      {"choice", clpar::rt::selected_device_for(value)},
      {"local_rank", rank.rank >= 0 ? json{{"rank", rank.rank}, {"variable", rank.variable}}
                                    : json()}};
  return info;
}

json vendor_records_json() {
  json records = json::array();
  for (const clpar::rt::vendor_record_description& v : clpar::rt::recorded_vendors())
    records.push_back({{"kind", v.kind},
                       {"library", v.library},
                       {"platform", v.platform},
                       {"platform_name", v.platform_name},
                       {"usable", v.usable}});
  return records;
}

json cache_json() {
  const clpar::rt::cache_description cache = clpar::rt::describe_cache();
  return {{"directory", cache.directory.empty() ? json() : json(cache.directory)},
          {"enabled", cache.enabled},
          {"usable", cache.enabled && cache.unusable_why.empty()},
          {"why_unusable", cache.unusable_why.empty() ? json() : json(cache.unusable_why)},
          {"entries", cache.entries},
          {"bytes", cache.bytes},
          {"max_bytes", cache.max_bytes},
          {"writable", cache.writable},
          {"readonly_directory",
           cache.readonly_directory.empty() ? json() : json(cache.readonly_directory)},
          {"readonly_entries", cache.readonly_entries},
          {"readonly_bytes", cache.readonly_bytes},
          {"vendor_records", vendor_records_json()}};
}

/// Empties the kernel cache; false, after an error on stderr, when something was left.
bool clear_cache() {
  const std::string why = clpar::rt::clear_cache();
  if (why.empty()) return true;
  std::fprintf(stderr, "clpar-info: error: kernel cache not cleared: %s\n", why.c_str());
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  options opts;
  for (int i = 1; i < argc; ++i) {
    const char* arg = std::strcmp(argv[i], "-h") == 0 ? "--help" : argv[i];
    const option_entry* entry = nullptr;
    for (const option_entry& o : option_table)
      if (std::strcmp(arg, o.name) == 0) entry = &o;
    if (entry == nullptr) {
      std::fprintf(stderr, "clpar-info: error: unknown option '%s'; see --help\n", argv[i]);
      return 2;
    }
    opts.*(entry->flag) = true;
  }
  if (opts.help) {
    print_help();
    return 0;
  }
  if (opts.version) {
    std::printf("clpar-info %s\n", clpar::rt::runtime_version());
    return 0;
  }
  const bool clear = opts.clear;
  const bool calibrate = opts.calibrate;
  const bool as_json = opts.json;

  // The kernel cache is described after the calibrations, which a first run measures and
  // stores, and after clearing it: cleared means empty.
  if (as_json) {
    json info = devices_json(calibrate);
    if (clear && !clear_cache()) return 1;
    info["kernel_cache"] = cache_json();
    std::puts(info.dump(2, ' ', false, json::error_handler_t::replace).c_str());
    return 0;
  }
  std::printf("clpar runtime %s\n\n", clpar::rt::runtime_version());
  print_devices();
  const char* value = std::getenv("CLPAR_DEVICE");
  std::printf("\nCLPAR_DEVICE=%s: %s\n", value != nullptr ? value : "(unset, auto)",
              clpar::rt::selected_device_for(value).c_str());
  if (const clpar::rt::local_rank_description rank = clpar::rt::node_local_rank(); rank.rank >= 0)
    std::printf("node-local rank %d (%s)\n", rank.rank, rank.variable.c_str());
  print_calibrations(calibrate);
  if (clear && !clear_cache()) return 1;
  print_cache();
  return 0;
}
