// test/unit/runtime/device/vendor_record_test.cpp - the vendor library of the wanted devices,
// remembered: the record's text, and what makes a record stale.
#include "device/vendor_record.hpp"

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>

namespace clpar::rt {
namespace {

vendor_record sample() {
  vendor_record record;
  record.library = "/usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1";
  record.library_bytes = 123456;
  record.library_mtime_ns = 1700000000123456789;
  record.platform_index = 1;
  record.platform_name = "NVIDIA CUDA";
  record.platform_version = "OpenCL 3.0 CUDA 13.0.97";
  return record;
}

TEST(VendorRecord, ReadsBackWhatItWrites) {
  const vendor_record record = sample();
  const std::string text = format_vendor_record(record);
  EXPECT_EQ(text.rfind("clpar-vendor-record 1\n", 0), 0u) << text;
  const std::optional<vendor_record> read = parse_vendor_record(text);
  ASSERT_TRUE(read.has_value());
  EXPECT_EQ(*read, record);
}

TEST(VendorRecord, RefusesWhatIsNotARecord) {
  const std::string good = format_vendor_record(sample());
  EXPECT_FALSE(parse_vendor_record(""));
  EXPECT_FALSE(parse_vendor_record(good.substr(0, good.size() - 1)));  // last line cut
  EXPECT_FALSE(parse_vendor_record(good + "extra\n"));
  std::string other_format = good;
  other_format.replace(0, std::string("clpar-vendor-record 1").size(), "clpar-vendor-record 2");
  EXPECT_FALSE(parse_vendor_record(other_format));
  vendor_record relative = sample();
  relative.library = "libnvidia-opencl.so.1";
  EXPECT_FALSE(parse_vendor_record(format_vendor_record(relative)));
  std::string bad_number = good;
  bad_number.replace(bad_number.find("123456\n"), 6, "12x456");
  EXPECT_FALSE(parse_vendor_record(bad_number));
  std::string negative = good;
  negative.replace(negative.find("\n1\nNVIDIA"), 3, "\n-1\n");
  EXPECT_FALSE(parse_vendor_record(negative));
}

// A temporary directory with vendor files, and an environment of its own.
class Fingerprint : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("clpar-vendor-record-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_ / "vendors");
    write(dir_ / "vendors" / "pocl.icd", "libpocl.so.2\n");
    write(dir_ / "libvendor.so", "first");
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static void write(const std::filesystem::path& path, const std::string& text) {
    std::ofstream(path) << text;
  }
  icd_setup setup() const {
    return read_icd_setup((dir_ / "libOpenCL.so.1").string(), &Fingerprint::getenv,
                          (dir_ / "vendors").string());
  }
  std::string print() const { return setup().fingerprint; }
  static const char* getenv(const char* name) {
    const auto found = environment().find(name);
    return found == environment().end() ? nullptr : found->second.c_str();
  }
  static std::map<std::string, std::string>& environment() {
    static std::map<std::string, std::string> values;
    return values;
  }

  std::filesystem::path dir_;
};

TEST_F(Fingerprint, ChangesWithTheVendorFiles) {
  environment().clear();
  const std::string before = print();
  EXPECT_EQ(print(), before);
  write(dir_ / "vendors" / "nvidia.icd", "libnvidia-opencl.so.1\n");
  const std::string added = print();
  EXPECT_NE(added, before);
  write(dir_ / "vendors" / "nvidia.icd", "/usr/lib/libnvidia-opencl.so.1\n");  // longer
  EXPECT_NE(print(), added);
  std::filesystem::remove(dir_ / "vendors" / "nvidia.icd");
  EXPECT_EQ(print(), before);
}

TEST_F(Fingerprint, ChangesWithTheLoadersVariables) {
  environment().clear();
  const std::string before = print();
  environment()["OCL_ICD_VENDORS"] = (dir_ / "vendors").string();
  const std::string named = print();
  EXPECT_NE(named, before);
  environment()["OCL_ICD_FILENAMES"] = (dir_ / "libvendor.so").string();
  const std::string files = print();
  EXPECT_NE(files, named);
  write(dir_ / "libvendor.so", "second, longer");  // a file it names changed
  EXPECT_NE(print(), files);
  environment().clear();
  EXPECT_EQ(print(), before);
}

TEST_F(Fingerprint, OnlyALibraryTheVendorFilesNameIsOpened) {
  environment().clear();
  write(dir_ / "vendors" / "nvidia.icd", "  libnvidia-opencl.so.1 \n");
  write(dir_ / "vendors" / "notes.txt", "libother.so\n");  // not a vendor file
  const icd_setup found = setup();
  EXPECT_TRUE(names_library(found, "/usr/lib/x86_64-linux-gnu/libpocl.so.2"));
  EXPECT_TRUE(names_library(found, "/usr/local/nvidia/lib64/libnvidia-opencl.so.1"));
  EXPECT_FALSE(names_library(found, "/tmp/libother.so"));
  EXPECT_FALSE(names_library(found, "/usr/lib/libnvidia-opencl.so"));
  EXPECT_FALSE(names_library(found, "/"));
  environment()["OCL_ICD_FILENAMES"] = "/opt/a/libfirst.so:/opt/b/libsecond.so.1";
  const icd_setup named = setup();
  EXPECT_TRUE(names_library(named, "/opt/b/libsecond.so.1"));
  EXPECT_TRUE(names_library(named, "/somewhere/else/libfirst.so"));
  environment().clear();
}

TEST_F(Fingerprint, ALibraryRecordedIsCheckedBySizeAndTime) {
  vendor_record record = sample();
  record.library = (dir_ / "libvendor.so").string();
  const std::optional<vendor_record> described = with_library_file(record);
  ASSERT_TRUE(described.has_value());
  EXPECT_EQ(described->library_bytes, 5u);
  EXPECT_TRUE(library_unchanged(*described));
  write(dir_ / "libvendor.so", "another");
  EXPECT_FALSE(library_unchanged(*described));
  std::filesystem::remove(dir_ / "libvendor.so");
  EXPECT_FALSE(library_unchanged(*described));
  EXPECT_FALSE(with_library_file(*described));
}

}  // namespace
}  // namespace clpar::rt
