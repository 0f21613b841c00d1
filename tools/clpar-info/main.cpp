// tools/clpar-info/main.cpp - prints OpenCL devices and the runtime's device choice.
//
// A thin main over clpar/rt/info.hpp.  The kernel cache and calibration lines of SPEC 2.3
// come with those parts of the runtime.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "clpar/rt/info.hpp"

namespace {

void print_help() {
  std::puts(
      "usage: clpar-info [--help] [--version]\n"
      "\n"
      "Prints the OpenCL platforms and devices with the P:D indices that CLPAR_DEVICE takes,\n"
      "and which device the clpar runtime would use under the current CLPAR_DEVICE.");
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
                d.usable ? "" : ", not usable (unavailable or no compiler)");
  }
}

}  // namespace

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      print_help();
      return 0;
    }
    if (std::strcmp(argv[i], "--version") == 0) {
      std::printf("clpar-info %s\n", clpar::rt::runtime_version());
      return 0;
    }
    std::fprintf(stderr, "clpar-info: error: unknown option '%s'; see --help\n", argv[i]);
    return 2;
  }

  std::printf("clpar runtime %s\n\n", clpar::rt::runtime_version());
  print_devices();
  const char* value = std::getenv("CLPAR_DEVICE");
  std::printf("\nCLPAR_DEVICE=%s: %s\n", value != nullptr ? value : "(unset, auto)",
              clpar::rt::selected_device_for(value).c_str());
  return 0;
}
