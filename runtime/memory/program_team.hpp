// runtime/memory/program_team.hpp - the program's own OpenMP threads, lent for the
// staged transfers' copies.
//
// A large transfer copies user memory into pinned chunks on several threads
// (memory/staged_transfer.hpp).  Threads of its own compete with the program's OpenMP
// threads, which after each parallel region keep spinning for a while (libgomp's default
// GOMP_SPINCOUNT; always, under OMP_WAIT_POLICY=active; libomp's KMP_BLOCKTIME): on the
// H100 machine's 16 cores a device call under auto, right after host runs, copied its
// input at a third of the speed, and under OMP_WAIT_POLICY=active at an eighth
// (docs/performance.md, "Copies on the program's OpenMP threads").  The program's threads
// themselves do not compete with each other: so where the program was built with OpenMP
// (clpar++ builds always are), clpar/rt/openmp.hpp registers a function that runs a
// copy's slices as an OpenMP parallel loop of the program, and the copies go there.
//
// Only from the process's main thread, and not inside a parallel region (the function
// refuses; nested regions would get one thread): another thread would make an OpenMP
// thread pool of its own, and a copy there runs on the engine's helper threads as before.
#ifndef CLPAR_RUNTIME_MEMORY_PROGRAM_TEAM_HPP
#define CLPAR_RUNTIME_MEMORY_PROGRAM_TEAM_HPP

/// The function clpar/rt/openmp.hpp registers: runs slice(context, i) for every i in
/// [0, count) on `count` threads of the program's OpenMP team and returns 1, or returns 0
/// having run nothing (inside a parallel region).
using clpar_rt_team_function = int (*)(void (*slice)(void*, unsigned), void* context,
                                       unsigned count);

extern "C" {
/// Called by the program's static initialisation (clpar/rt/openmp.hpp); the last call
/// wins.  nullptr forgets the function.
void clpar_rt_set_program_team(clpar_rt_team_function run) noexcept;
}

namespace clpar::rt {

/// Runs slice(context, i) for i in [0, count) on the program's OpenMP team; false where
/// there is none to use from this thread, and then nothing ran.
bool run_on_program_team(void (*slice)(void*, unsigned), void* context, unsigned count) noexcept;

}  // namespace clpar::rt

#endif  // CLPAR_RUNTIME_MEMORY_PROGRAM_TEAM_HPP
