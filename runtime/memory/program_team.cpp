// runtime/memory/program_team.cpp - the registered OpenMP team function.
#include "memory/program_team.hpp"

#include <atomic>

#include <unistd.h>

namespace {
std::atomic<clpar_rt_team_function> registered{nullptr};
}  // namespace

extern "C" void clpar_rt_set_program_team(clpar_rt_team_function run) noexcept {
  registered.store(run, std::memory_order_release);
}

namespace clpar::rt {

bool run_on_program_team(void (*slice)(void*, unsigned), void* context, unsigned count) noexcept {
  const clpar_rt_team_function run = registered.load(std::memory_order_acquire);
  // The main thread's id is the process's.
  if (run == nullptr || ::gettid() != ::getpid()) return false;
  return run(slice, context, count) != 0;
}

}  // namespace clpar::rt
