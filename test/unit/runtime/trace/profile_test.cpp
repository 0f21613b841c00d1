// test/unit/runtime/trace/profile_test.cpp - the activity recorder: totals per site, the
// trace event file (well-formed, escaped, nested) and the summary table.
#include "trace/profile.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace clpar::rt {
namespace {

using namespace std::chrono_literals;

const profile_clock::time_point t0 = profile_clock::time_point() + 1h;

activity call_at(std::string site, bool on_device, profile_clock::duration from,
                 profile_clock::duration to) {
  activity a;
  a.kind = activity_kind::call;
  a.name = site;
  a.site = std::move(site);
  a.begin = t0 + from;
  a.end = t0 + to;
  a.thread = 7;
  a.on_device = on_device;
  a.decision = on_device ? "Some Device" : "host";
  a.why = "CLPAR_DEVICE=opencl";
  a.iterations = 1000;
  return a;
}

activity transfer_at(std::string site, bool to_device, std::uint64_t bytes,
                     profile_clock::duration from, profile_clock::duration to) {
  activity a;
  a.kind = activity_kind::transfer;
  a.name = to_device ? "to device" : "to host";
  a.site = std::move(site);
  a.begin = t0 + from;
  a.end = t0 + to;
  a.thread = 7;
  a.bytes = bytes;
  a.to_device = to_device;
  return a;
}

activity made_at(std::string site, bool from_cache, profile_clock::duration from,
                 profile_clock::duration to) {
  activity a;
  a.kind = from_cache ? activity_kind::cache_load : activity_kind::build;
  a.name = "build clpar_k";
  a.kernel = "clpar_k";
  a.site = std::move(site);
  a.begin = t0 + from;
  a.end = t0 + to;
  a.thread = 7;
  return a;
}

nlohmann::json trace_of(const profile_recorder& recorder) {
  std::ostringstream out;
  recorder.write_trace(out, 42, "program");
  return nlohmann::json::parse(out.str());  // throws on a malformed file
}

TEST(Profile, TotalsPerSiteInOrderSeen) {
  profile_recorder recorder(false);
  recorder.record(call_at("b.cpp:1:1", true, 0ms, 2ms));
  recorder.record(transfer_at("b.cpp:1:1", true, 4096, 0ms, 1ms));
  recorder.record(made_at("b.cpp:1:1", false, 0ms, 1ms));
  recorder.record(call_at("a.cpp:9:3", false, 3ms, 4ms));
  recorder.record(call_at("b.cpp:1:1", true, 5ms, 6ms));
  recorder.record(made_at("b.cpp:1:1", true, 5ms, 6ms));
  recorder.record(transfer_at("b.cpp:1:1", false, 100, 5ms, 6ms));

  const auto totals = recorder.totals();
  ASSERT_EQ(totals.size(), 2u);
  EXPECT_EQ(totals[0].first, "b.cpp:1:1");
  EXPECT_EQ(totals[1].first, "a.cpp:9:3");
  const site_totals& b = totals[0].second;
  EXPECT_EQ(b.device_calls, 2u);
  EXPECT_EQ(b.host_calls, 0u);
  EXPECT_DOUBLE_EQ(b.device_seconds, 0.003);
  EXPECT_EQ(b.bytes_to_device, 4096u);
  EXPECT_EQ(b.bytes_to_host, 100u);
  EXPECT_EQ(b.builds, 1u);
  EXPECT_EQ(b.cache_hits, 1u);
  EXPECT_EQ(totals[1].second.host_calls, 1u);
  EXPECT_DOUBLE_EQ(totals[1].second.host_seconds, 0.001);
  // Totals only: the activities themselves are kept for a trace file alone.
  EXPECT_TRUE(recorder.activities().empty());
}

TEST(Profile, TraceFileHasEveryFieldAndTimesInMicroseconds) {
  profile_recorder recorder(true);
  recorder.record(call_at("a.cpp:2:3", true, 1ms, 3ms));
  recorder.record(transfer_at("a.cpp:2:3", true, 64, 1100us, 1200us));
  recorder.record(made_at("a.cpp:2:3", true, 1300us, 1400us));
  const nlohmann::json trace = trace_of(recorder);
  EXPECT_EQ(trace["displayTimeUnit"], "ms");
  const auto& events = trace["traceEvents"];
  ASSERT_EQ(events.size(), 4u);  // the process's name, then the three activities
  EXPECT_EQ(events[0]["ph"], "M");
  EXPECT_EQ(events[0]["args"]["name"], "program");
  for (std::size_t i = 1; i < events.size(); ++i)
    for (const char* key : {"name", "cat", "ph", "ts", "dur", "pid", "tid", "args"})
      EXPECT_TRUE(events[i].contains(key)) << key << " in " << events[i].dump();

  const auto& call = events[1];
  EXPECT_EQ(call["cat"], "call");
  EXPECT_EQ(call["ph"], "X");
  EXPECT_EQ(call["ts"], 0.0);  // the earliest activity is the file's time 0
  EXPECT_EQ(call["dur"], 2000.0);
  EXPECT_EQ(call["pid"], 42);
  EXPECT_EQ(call["tid"], 7);
  EXPECT_EQ(call["args"]["site"], "a.cpp:2:3");
  EXPECT_EQ(call["args"]["decision"], "Some Device");
  EXPECT_EQ(call["args"]["why"], "CLPAR_DEVICE=opencl");
  EXPECT_EQ(call["args"]["iterations"], 1000);

  const auto& transfer = events[2];
  EXPECT_EQ(transfer["cat"], "transfer");
  EXPECT_EQ(transfer["ts"], 100.0);
  EXPECT_EQ(transfer["dur"], 100.0);
  EXPECT_EQ(transfer["args"]["bytes"], 64);
  EXPECT_EQ(transfer["args"]["direction"], "host-to-device");

  const auto& load = events[3];
  EXPECT_EQ(load["cat"], "cache");
  EXPECT_EQ(load["args"]["kernel"], "clpar_k");
  EXPECT_EQ(load["args"]["cache"], "hit");
}

TEST(Profile, OddSiteNamesAreEscaped) {
  profile_recorder recorder(true);
  const std::string odd = "dir \"x\"\\y\n\tz\x01.cpp:1:2";
  recorder.record(call_at(odd, false, 0ms, 1ms));
  recorder.record(call_at(std::string("bad \xff byte.cpp:3:4"), false, 1ms, 2ms));
  const nlohmann::json trace = trace_of(recorder);
  const auto& events = trace["traceEvents"];
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[1]["name"], odd);  // read back exactly
  EXPECT_EQ(events[1]["args"]["site"], odd);
  // A byte that is not UTF-8 is replaced, not a reason to lose the file.
  EXPECT_EQ(events[2]["args"]["site"], "bad \xEF\xBF\xBD byte.cpp:3:4");
}

TEST(Profile, ActivitiesInsideACallNestInItsSpan) {
  profile_recorder recorder(true);
  recorder.record(transfer_at("s", true, 8, 10us, 20us));  // recorded first, as they are
  recorder.record(made_at("s", false, 20us, 900us));
  recorder.record(call_at("s", true, 5us, 1ms));
  const nlohmann::json trace = trace_of(recorder);
  const auto& events = trace["traceEvents"];
  const auto& call = events[3];
  ASSERT_EQ(call["cat"], "call");
  for (int i : {1, 2}) {
    const double ts = events[i]["ts"], dur = events[i]["dur"];
    const double call_ts = call["ts"], call_dur = call["dur"];
    EXPECT_EQ(events[i]["tid"], call["tid"]);
    EXPECT_GE(ts, call_ts);
    EXPECT_LE(ts + dur, call_ts + call_dur);
  }
}

TEST(Profile, ThreadNamesAreMetadata) {
  profile_recorder recorder(true);
  recorder.name_thread(99, "clpar background start");
  const nlohmann::json trace = trace_of(recorder);
  const auto& events = trace["traceEvents"];
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[1]["name"], "thread_name");
  EXPECT_EQ(events[1]["tid"], 99);
  EXPECT_EQ(events[1]["args"]["name"], "clpar background start");
}

TEST(Profile, SummaryTableHasAHeaderARowPerSiteAndTotals) {
  profile_recorder recorder(false);
  EXPECT_EQ(recorder.summary_table(), "");  // nothing recorded, nothing printed
  recorder.record(call_at("jacobi.cpp:20:5", true, 0ms, 2ms));
  recorder.record(transfer_at("jacobi.cpp:20:5", true, 3 << 20, 0ms, 1ms));
  recorder.record(made_at("jacobi.cpp:20:5", false, 0ms, 1ms));
  recorder.record(call_at("a.cpp:1:1", false, 3ms, 4500us));
  recorder.record(transfer_at("main.cpp:4:1 run", false, 512, 5ms, 6ms));

  const std::string table = recorder.summary_table();
  std::istringstream in(table);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 6u);  // title, header, three sites, total
  EXPECT_NE(lines[0].find("CLPAR_SUMMARY"), std::string::npos);
  EXPECT_EQ(lines[1],
            "clpar: site              host calls  host ms  device calls  device ms  to device  "
            "to host  builds  cache hits");
  EXPECT_EQ(lines[2],
            "clpar: jacobi.cpp:20:5            0    0.000             1      2.000    3.0 MiB  "
            "    0 B       1           0");
  EXPECT_EQ(lines[3],
            "clpar: a.cpp:1:1                  1    1.500             0      0.000        0 B  "
            "    0 B       0           0");
  EXPECT_EQ(lines[4].rfind("clpar: main.cpp:4:1 run", 0), 0u);
  EXPECT_NE(lines[4].find("512 B"), std::string::npos);
  EXPECT_EQ(lines[5],
            "clpar: total                      1    1.500             1      2.000    3.0 MiB  "
            "  512 B       1           0");
  for (const std::string& line : lines) {
    if (&line == &lines[0]) continue;
    EXPECT_EQ(line.size(), lines[1].size()) << line;  // aligned columns
  }
}

TEST(Profile, PercentPIsTheProcessId) {
  EXPECT_EQ(profile_path("run-%p.json", 1234), "run-1234.json");
  EXPECT_EQ(profile_path("%p/%p", 7), "7/7");
  EXPECT_EQ(profile_path("plain.json", 7), "plain.json");
  EXPECT_EQ(profile_path("100%", 7), "100%");
}

TEST(Profile, FileIsWrittenWholeOrNotAtAll) {
  profile_recorder recorder(true);
  recorder.record(call_at("a.cpp:1:1", false, 0ms, 1ms));
  const std::filesystem::path dir = std::filesystem::path(::testing::TempDir()) /
                                    ("clpar-profile-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "out.json").string();
  EXPECT_EQ(write_trace_file(recorder, path, 42, "program"), "");
  std::ifstream in(path);
  const nlohmann::json trace = nlohmann::json::parse(in);
  EXPECT_EQ(trace["traceEvents"].size(), 2u);
  // Only the file: the temporary is gone.
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir),
                          std::filesystem::directory_iterator()),
            1);

  const std::string missing = (dir / "no-such-dir" / "out.json").string();
  EXPECT_EQ(write_trace_file(recorder, missing, 42, "program"), "No such file or directory");
  EXPECT_FALSE(std::filesystem::exists(missing));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace clpar::rt
