// test/unit/runtime/device/device_selector_test.cpp - CLPAR_DEVICE parsing and device choice.
#include "device/device_selector.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace clpar::rt {
namespace {

TEST(ParseDeviceSelection, UnsetAndEmptyAreAuto) {
  EXPECT_EQ(parse_device_selection(nullptr).selection.policy, device_policy::automatic);
  EXPECT_EQ(parse_device_selection("").selection.policy, device_policy::automatic);
  EXPECT_EQ(parse_device_selection("auto").selection.policy, device_policy::automatic);
  EXPECT_TRUE(parse_device_selection(nullptr).warning.empty());
  EXPECT_TRUE(parse_device_selection("").warning.empty());
  EXPECT_TRUE(parse_device_selection("auto").warning.empty());
}

TEST(ParseDeviceSelection, Names) {
  EXPECT_EQ(parse_device_selection("host").selection.policy, device_policy::host);
  EXPECT_EQ(parse_device_selection("opencl").selection.policy, device_policy::opencl);
  EXPECT_EQ(parse_device_selection("opencl-cpu").selection.policy, device_policy::opencl_cpu);
  EXPECT_EQ(parse_device_selection("opencl-gpu").selection.policy, device_policy::opencl_gpu);
  EXPECT_EQ(parse_device_selection("gpu-by-rank").selection.policy, device_policy::gpu_by_rank);
  EXPECT_EQ(selection_name(parse_device_selection("gpu-by-rank").selection), "gpu-by-rank");
  EXPECT_EQ(parse_device_selection("all").selection.policy, device_policy::all_devices);
  EXPECT_EQ(selection_name(parse_device_selection("all").selection), "all");
  EXPECT_EQ(parse_device_selection("  host\n").selection.policy, device_policy::host);
  EXPECT_TRUE(parse_device_selection(" opencl-gpu ").warning.empty());
}

TEST(ParseDeviceSelection, PlatformAndDeviceIndex) {
  const parsed_selection parsed = parse_device_selection("1:12");
  EXPECT_TRUE(parsed.warning.empty());
  EXPECT_EQ(parsed.selection.policy, device_policy::index);
  EXPECT_EQ(parsed.selection.platform, 1);
  EXPECT_EQ(parsed.selection.device, 12);
  EXPECT_EQ(selection_name(parsed.selection), "1:12");
}

TEST(ParseDeviceSelection, InvalidValuesWarnAndUseAuto) {
  for (const char* value : {"gpu", "HOST", "opencl-fpga", "0:", ":0", "-1:0", "0:-1", "0:0:0",
                            "a:b", "0 : 0", "1:2x", "99999999999:0"}) {
    const parsed_selection parsed = parse_device_selection(value);
    EXPECT_EQ(parsed.selection.policy, device_policy::automatic) << value;
    EXPECT_NE(parsed.warning.find(std::string("CLPAR_DEVICE='") + value + "'"), std::string::npos)
        << parsed.warning;
  }
}

device_traits gpu(int p, int d, bool fp64 = true) {
  return {.platform = p, .device = d, .gpu = true, .cpu = false, .fp64 = fp64, .usable = true};
}
device_traits cpu(int p, int d, bool fp64 = true) {
  return {.platform = p, .device = d, .gpu = false, .cpu = true, .fp64 = fp64, .usable = true};
}

device_selection policy(device_policy p) {
  return {.policy = p};
}

call_traits big_call() {
  return {.iterations = std::uint64_t{1} << 20};
}

TEST(ChooseDevice, EmptyCallRunsNothingOnTheHost) {
  const std::vector<device_traits> devices{gpu(0, 0)};
  call_traits call;
  call.iterations = 0;
  const device_choice choice = choose_device(policy(device_policy::opencl), call, devices);
  EXPECT_TRUE(choice.on_host());
  EXPECT_STREQ(choice.why, "nothing to do");
}

TEST(ChooseDevice, AutoOffersTheFirstGpuAtAnySize) {
  // Whether a call uses it is the cost model's choice (schedule/cost_model.hpp).
  const std::vector<device_traits> devices{cpu(0, 0), gpu(1, 0), gpu(1, 1)};
  call_traits call = big_call();
  EXPECT_EQ(choose_device(policy(device_policy::automatic), call, devices).device, 1);
  call.iterations = 1;
  EXPECT_EQ(choose_device(policy(device_policy::automatic), call, devices).device, 1);
  EXPECT_FALSE(choose_without_devices(policy(device_policy::automatic), call).has_value());
}

TEST(ChooseDevice, AutoNeverUsesACpuDevice) {
  const std::vector<device_traits> devices{cpu(0, 0)};
  const device_choice choice = choose_device(policy(device_policy::automatic), big_call(), devices);
  EXPECT_TRUE(choice.on_host());
  EXPECT_STREQ(choice.why, "auto: no GPU device");
}

TEST(ChooseDevice, AutoWeighsACpuDeviceOnlyWhenAskedAndNoGpuIsThere) {
  call_traits call = big_call();
  call.auto_cpu_devices = true;
  const std::vector<device_traits> cpu_only{cpu(0, 0)};
  EXPECT_EQ(choose_device(policy(device_policy::automatic), call, cpu_only).device, 0);
  const std::vector<device_traits> both{cpu(0, 0), gpu(1, 0)};
  EXPECT_EQ(choose_device(policy(device_policy::automatic), call, both).device, 1);
  // --no-opencl-gpu builds: auto then has a candidate.
  call.cpu_devices_only = true;
  EXPECT_FALSE(choose_without_devices(policy(device_policy::automatic), call).has_value());
  EXPECT_EQ(choose_device(policy(device_policy::automatic), call, both).device, 0);
}

TEST(ChooseDevice, HostPolicyAndHostPlacementNeedNoDevices) {
  call_traits call = big_call();
  const auto by_policy = choose_without_devices(policy(device_policy::host), call);
  ASSERT_TRUE(by_policy.has_value());
  EXPECT_STREQ(by_policy->why, "CLPAR_DEVICE=host");
  call.placement = placement_request::host;
  const auto by_placement = choose_without_devices(policy(device_policy::opencl), call);
  ASSERT_TRUE(by_placement.has_value());
  EXPECT_STREQ(by_placement->why, ".on(clpar::host)");
}

TEST(ChooseDevice, HostPolicyWinsOverDevicePlacement) {
  const std::vector<device_traits> devices{gpu(0, 0)};
  call_traits call = big_call();
  call.placement = placement_request::device;
  EXPECT_TRUE(choose_device(policy(device_policy::host), call, devices).on_host());
}

TEST(ChooseDevice, DevicePlacementUnderAutoTakesAnyDeviceAtAnySize) {
  const std::vector<device_traits> devices{cpu(0, 0)};
  call_traits call;
  call.iterations = 10;
  call.placement = placement_request::device;
  const device_choice choice = choose_device(policy(device_policy::automatic), call, devices);
  EXPECT_EQ(choice.device, 0);
  EXPECT_STREQ(choice.why, ".on(clpar::device)");
}

TEST(SharesOut, AllDevicesPlacementUnderAutoAndEveryCallUnderAll) {
  EXPECT_TRUE(shares_out(policy(device_policy::automatic), placement_request::all_devices));
  EXPECT_FALSE(shares_out(policy(device_policy::automatic), placement_request::automatic));
  EXPECT_FALSE(shares_out(policy(device_policy::automatic), placement_request::device));
  EXPECT_TRUE(shares_out(policy(device_policy::all_devices), placement_request::automatic));
  EXPECT_TRUE(shares_out(policy(device_policy::all_devices), placement_request::device));
  EXPECT_TRUE(shares_out(policy(device_policy::all_devices), placement_request::all_devices));
  // The host wins, and a CLPAR_DEVICE naming one device keeps the call on it.
  EXPECT_FALSE(shares_out(policy(device_policy::all_devices), placement_request::host));
  EXPECT_FALSE(shares_out(policy(device_policy::host), placement_request::all_devices));
  for (device_policy one : {device_policy::opencl, device_policy::opencl_gpu,
                            device_policy::opencl_cpu, device_policy::gpu_by_rank,
                            device_policy::index})
    EXPECT_FALSE(shares_out(policy(one), placement_request::all_devices));
}

TEST(SharesOut, EveryDeviceThatCanRunTheCall) {
  device_traits broken = gpu(1, 1);
  broken.usable = false;
  const std::vector<device_traits> devices{cpu(0, 0, false), gpu(1, 0), broken, gpu(1, 2)};
  call_traits call = big_call();
  EXPECT_EQ(sharing_devices(call, devices), (std::vector<int>{0, 1, 3}));
  call.needs_fp64 = true;
  EXPECT_EQ(sharing_devices(call, devices), (std::vector<int>{1, 3}));
  call.needs_fp64 = false;
  call.cpu_devices_only = true;
  EXPECT_EQ(sharing_devices(call, devices), (std::vector<int>{0}));
}

TEST(ChooseDevice, AllDevicesOnOneDeviceTakesTheOpenclRule) {
  const std::vector<device_traits> devices{cpu(0, 0), gpu(1, 0)};
  call_traits call = big_call();
  call.placement = placement_request::all_devices;
  const device_choice placed = choose_device(policy(device_policy::automatic), call, devices);
  EXPECT_EQ(placed.device, 1);
  EXPECT_STREQ(placed.why, ".on(clpar::all_devices) on one device");
  call.placement = placement_request::automatic;
  const device_choice all = choose_device(policy(device_policy::all_devices), call, devices);
  EXPECT_EQ(all.device, 1);
  EXPECT_STREQ(all.why, "CLPAR_DEVICE=all on one device");
}

TEST(ChooseDevice, OpenclPrefersGpuThenCpu) {
  call_traits call;
  call.iterations = 1;
  const std::vector<device_traits> both{cpu(0, 0), cpu(0, 1), gpu(1, 0)};
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, both).device, 2);
  const std::vector<device_traits> cpus{cpu(0, 0), cpu(1, 0)};
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, cpus).device, 0);
  const std::vector<device_traits> none;
  EXPECT_TRUE(choose_device(policy(device_policy::opencl), call, none).on_host());
}

TEST(ChooseDevice, OpenclCpuAndGpuTakeTheFirstOfTheirType) {
  const std::vector<device_traits> devices{gpu(0, 0), cpu(1, 0), gpu(2, 0)};
  EXPECT_EQ(choose_device(policy(device_policy::opencl_cpu), big_call(), devices).device, 1);
  EXPECT_EQ(choose_device(policy(device_policy::opencl_gpu), big_call(), devices).device, 0);
  const std::vector<device_traits> cpus{cpu(0, 0)};
  const device_choice choice = choose_device(policy(device_policy::opencl_gpu), big_call(), cpus);
  EXPECT_TRUE(choice.on_host());
  EXPECT_STREQ(choice.why, "CLPAR_DEVICE=opencl-gpu but no GPU device");
}

TEST(ChooseDevice, IndexNamesOneDevice) {
  const std::vector<device_traits> devices{cpu(0, 0), gpu(1, 0), gpu(1, 1)};
  device_selection selection{.policy = device_policy::index, .platform = 1, .device = 1};
  call_traits call;
  call.iterations = 3;
  const device_choice choice = choose_device(selection, call, devices);
  EXPECT_EQ(choice.device, 2);
  EXPECT_FALSE(choice.unknown_index);
}

TEST(ChooseDevice, UnknownIndexFallsBackToAuto) {
  const std::vector<device_traits> devices{cpu(0, 0), gpu(1, 0)};
  device_selection selection{.policy = device_policy::index, .platform = 3, .device = 0};
  const device_choice choice = choose_device(selection, big_call(), devices);
  EXPECT_TRUE(choice.unknown_index);
  EXPECT_EQ(choice.device, 1);  // auto's GPU
}

TEST(ChooseDevice, CpuDevicesOnlyNeverTakesAGpu) {
  const std::vector<device_traits> devices{gpu(0, 0), cpu(1, 0)};
  call_traits call = big_call();
  call.cpu_devices_only = true;
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, devices).device, 1);
  EXPECT_TRUE(choose_device(policy(device_policy::automatic), call, devices).on_host());
  const device_choice gpu_only = choose_device(policy(device_policy::opencl_gpu), call, devices);
  EXPECT_TRUE(gpu_only.on_host());
  EXPECT_STREQ(gpu_only.why, "built with --no-opencl-gpu");
  device_selection index{.policy = device_policy::index, .platform = 0, .device = 0};
  EXPECT_TRUE(choose_device(index, call, devices).on_host());
}

TEST(ChooseDevice, Fp64KernelsSkipDevicesWithoutIt) {
  const std::vector<device_traits> devices{gpu(0, 0, /*fp64=*/false), cpu(1, 0)};
  call_traits call = big_call();
  call.needs_fp64 = true;
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, devices).device, 1);
  const device_choice gpu_only = choose_device(policy(device_policy::opencl_gpu), call, devices);
  EXPECT_TRUE(gpu_only.on_host());
  EXPECT_STREQ(gpu_only.why, "device lacks cl_khr_fp64");
  const device_choice automatic = choose_device(policy(device_policy::automatic), call, devices);
  EXPECT_TRUE(automatic.on_host());
  EXPECT_STREQ(automatic.why, "device lacks cl_khr_fp64");
  device_selection index{.policy = device_policy::index, .platform = 0, .device = 0};
  EXPECT_STREQ(choose_device(index, call, devices).why, "device lacks cl_khr_fp64");
}

TEST(ChooseDevice, StrictFpKernelsSkipDevicesWithoutCorrectRounding) {
  std::vector<device_traits> devices{gpu(0, 0), cpu(1, 0), cpu(1, 1)};
  devices[2].correctly_rounded_divide_sqrt = true;
  call_traits call = big_call();
  call.strict_fp = true;
  constexpr const char* why = "device cannot round float division and sqrt correctly (--strict-fp)";
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, devices).device, 2);
  EXPECT_EQ(choose_device(policy(device_policy::opencl_cpu), call, devices).device, 2);
  const device_choice gpu_only = choose_device(policy(device_policy::opencl_gpu), call, devices);
  EXPECT_TRUE(gpu_only.on_host());
  EXPECT_STREQ(gpu_only.why, why);
  const device_choice automatic = choose_device(policy(device_policy::automatic), call, devices);
  EXPECT_TRUE(automatic.on_host());
  EXPECT_STREQ(automatic.why, why);
  device_selection index{.policy = device_policy::index, .platform = 1, .device = 0};
  EXPECT_STREQ(choose_device(index, call, devices).why, why);
  index.device = 1;
  EXPECT_EQ(choose_device(index, call, devices).device, 2);
  // Without --strict-fp the rounding does not matter.
  call.strict_fp = false;
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, devices).device, 0);
  EXPECT_EQ(choose_device(policy(device_policy::automatic), call, devices).device, 0);
}

TEST(ChooseDevice, StrictFpAndFp64AreBothRequired) {
  std::vector<device_traits> devices{cpu(0, 0, /*fp64=*/false), cpu(0, 1, /*fp64=*/true)};
  devices[0].correctly_rounded_divide_sqrt = true;
  call_traits call = big_call();
  call.strict_fp = true;
  call.needs_fp64 = true;
  const device_choice none = choose_device(policy(device_policy::opencl), call, devices);
  EXPECT_TRUE(none.on_host());
  devices[1].correctly_rounded_divide_sqrt = true;
  EXPECT_EQ(choose_device(policy(device_policy::opencl), call, devices).device, 1);
}

TEST(ChooseDevice, UnusableDevicesAreSkipped) {
  std::vector<device_traits> devices{gpu(0, 0), gpu(0, 1)};
  devices[0].usable = false;
  EXPECT_EQ(choose_device(policy(device_policy::opencl_gpu), big_call(), devices).device, 1);
}

// ---- node-local ranks (MPI, SLURM) ----

struct fake_env {
  static inline std::vector<std::pair<std::string, std::string>> values;
  static const char* get(const char* name) {
    for (const auto& [key, value] : values)
      if (key == name) return value.c_str();
    return nullptr;
  }
};

TEST(LocalRank, LaunchersVariablesInOrder) {
  fake_env::values = {};
  EXPECT_EQ(local_rank_from_env(fake_env::get).rank, -1);
  fake_env::values = {{"SLURM_LOCALID", "3"}};
  EXPECT_EQ(local_rank_from_env(fake_env::get).rank, 3);
  EXPECT_STREQ(local_rank_from_env(fake_env::get).variable, "SLURM_LOCALID");
  fake_env::values = {{"SLURM_LOCALID", "3"}, {"MPI_LOCALRANKID", "2"}};
  EXPECT_EQ(local_rank_from_env(fake_env::get).rank, 2);
  fake_env::values = {{"SLURM_LOCALID", "3"}, {"MPI_LOCALRANKID", "2"},
                      {"OMPI_COMM_WORLD_LOCAL_RANK", " 1\n"}};
  EXPECT_EQ(local_rank_from_env(fake_env::get).rank, 1);
  EXPECT_STREQ(local_rank_from_env(fake_env::get).variable, "OMPI_COMM_WORLD_LOCAL_RANK");
  // A value that is not a rank is passed over.
  fake_env::values = {{"OMPI_COMM_WORLD_LOCAL_RANK", "x"}, {"SLURM_LOCALID", "5"}};
  EXPECT_EQ(local_rank_from_env(fake_env::get).rank, 5);
  fake_env::values = {{"OMPI_COMM_WORLD_LOCAL_RANK", "-1"}};
  EXPECT_EQ(local_rank_from_env(fake_env::get).rank, -1);
}

device_selection ranked(device_policy p, int rank) {
  device_selection selection{.policy = p};
  selection.rank = {rank, "OMPI_COMM_WORLD_LOCAL_RANK"};
  return selection;
}

TEST(ChooseDevice, RanksShareTheUsableGpusRoundRobin) {
  std::vector<device_traits> devices{cpu(0, 0), gpu(1, 0), gpu(1, 1), gpu(1, 2)};
  devices[2].usable = false;  // two usable GPUs: devices 1 and 3
  const std::vector<int> expected{1, 3, 1, 3, 1};
  for (int rank = 0; rank < 5; ++rank) {
    EXPECT_EQ(rank_gpu(devices, rank), expected[rank]) << rank;
    EXPECT_EQ(choose_device(ranked(device_policy::automatic, rank), big_call(), devices).device,
              expected[rank])
        << rank;
    EXPECT_EQ(choose_device(ranked(device_policy::gpu_by_rank, rank), big_call(), devices).device,
              expected[rank])
        << rank;
  }
  EXPECT_EQ(usable_gpu_count(devices), 2);
  EXPECT_EQ(rank_gpu(devices, -1), 1);
}

TEST(ChooseDevice, GpuByRankWithoutARankIsRankZero) {
  const std::vector<device_traits> devices{gpu(0, 0), gpu(0, 1)};
  EXPECT_EQ(choose_device(policy(device_policy::gpu_by_rank), big_call(), devices).device, 0);
  EXPECT_STREQ(choose_device(policy(device_policy::gpu_by_rank), big_call(), devices).why,
               "CLPAR_DEVICE=gpu-by-rank");
}

TEST(ChooseDevice, RankWithoutGpusRunsOnTheHost) {
  const std::vector<device_traits> devices{cpu(0, 0)};
  EXPECT_TRUE(
      choose_device(ranked(device_policy::gpu_by_rank, 2), big_call(), devices).on_host());
  EXPECT_TRUE(choose_device(ranked(device_policy::automatic, 2), big_call(), devices).on_host());
}

TEST(ChooseDevice, ARankKeepsItsGpuEvenWhereACallCannotRunThere) {
  // The pick does not depend on the call: a call the rank's GPU cannot run goes to the host
  // rather than to another rank's GPU.
  const std::vector<device_traits> devices{gpu(0, 0, /*fp64=*/true), gpu(0, 1, /*fp64=*/false)};
  call_traits call = big_call();
  call.needs_fp64 = true;
  const device_choice choice = choose_device(ranked(device_policy::automatic, 1), call, devices);
  EXPECT_TRUE(choice.on_host());
  EXPECT_STREQ(choice.why, "device lacks cl_khr_fp64");
  EXPECT_EQ(choose_device(ranked(device_policy::automatic, 0), call, devices).device, 0);
}

TEST(ChooseDevice, OneGpuIsEveryRanksUnderAuto) {
  const std::vector<device_traits> devices{gpu(0, 0), cpu(1, 0)};
  for (int rank = 0; rank < 3; ++rank)
    EXPECT_EQ(choose_device(ranked(device_policy::automatic, rank), big_call(), devices).device,
              0);
}

}  // namespace
}  // namespace clpar::rt
