#!/bin/sh
# mpi_jacobi.sh MODE MPIEXEC PROGRAM SOURCE [ARGS...]
#
# Runs PROGRAM (examples/mpi_jacobi, built by clpar++ with the MPI compiler wrapper from
# SOURCE) on 4 ranks with --check: rank 0 compares the gathered grid with a serial run of
# its own and the program exits with 1 unless they are identical.
#   MODE opencl  CLPAR_DEVICE=opencl-cpu (PoCL, one thread per rank: 4 ranks share the
#                machine's cores): also fails unless each rank traced one call per step
#                (the sweep) and one more (the checksum), every one on the OpenCL device,
#                and unless the halo exchange brought home exactly the edge rows: per step
#                one row of N floats at `first.sync_host()` where there is a rank above,
#                one at `last.sync_host()` where there is one below, and nothing at the
#                ghost rows' sync_host() (they only drop the device's copy)
#   MODE host    CLPAR_DEVICE=host, OMP_NUM_THREADS=1: the same calls, on the host
# ARGS go to the program (--n, --steps); each rank's transfers are printed.
# Each rank's standard error (its CLPAR_TRACE lines) goes to a file of its own, so that
# the ranks' lines cannot interleave.
set -u
mode=$1 mpiexec=$2 program=$3 source=$4
shift 4
ranks=4
n=1024 steps=100 # the program's defaults
prev=
for arg in "$@"; do
  [ "$prev" = --n ] && n=$arg
  [ "$prev" = --steps ] && steps=$arg
  prev=$arg
done
line_of() { grep -n -F "$1" "$source" | head -1 | cut -d: -f1; }
first_line=$(line_of 'first.sync_host();') last_line=$(line_of 'last.sync_host();')
top_line=$(line_of 'top_ghost.sync_host();') bottom_line=$(line_of 'bottom_ghost.sync_host();')
[ -n "$first_line" ] && [ -n "$last_line" ] && [ -n "$top_line" ] && [ -n "$bottom_line" ] ||
  { echo "the sync_host() calls are not in $source"; exit 2; }
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

flags="-np $ranks"
if "$mpiexec" --version 2>&1 | grep -q -e 'Open MPI' -e 'OpenRTE'; then
  # This node only, through shared memory: no network interface is probed (some hang in
  # containers), more ranks than cores are allowed, and none is bound to a core.
  flags="$flags --oversubscribe --bind-to none --mca btl self,vader --mca pml ob1"
  flags="$flags --mca btl_vader_single_copy_mechanism none --mca oob_tcp_if_include lo"
  [ "$(id -u)" = 0 ] && flags="$flags --allow-run-as-root"
fi

export CLPAR_TRACE=1 POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache"
case $mode in
  opencl) export CLPAR_DEVICE=opencl-cpu POCL_MAX_PTHREAD_COUNT=1 ;;
  host) export CLPAR_DEVICE=host OMP_NUM_THREADS=1 ;;
  *) echo "unknown mode $mode"; exit 2 ;;
esac

# The rank's number: Open MPI's, else PMI's (MPICH, Intel MPI, srun).
rank_stderr="exec \"\$0\" \"\$@\" 2>'$work'/trace.\${OMPI_COMM_WORLD_RANK:-\${PMI_RANK:-x}}"
# shellcheck disable=SC2086
timeout 120 "$mpiexec" $flags sh -c "$rank_stderr" "$program" --check "$@" \
  >"$work/out" 2>"$work/mpiexec.err" </dev/null
status=$?
cat "$work/out" "$work/mpiexec.err"
if [ $status -ne 0 ]; then
  for f in "$work"/trace.*; do echo "--- ${f##*/}"; tail -20 "$f"; done
  echo "mpiexec exited with $status"; exit 1
fi
grep -q '^check: grid and residual identical' "$work/out" || { echo "no check line"; exit 1; }

for r in $(seq 0 $((ranks - 1))); do
  trace=$work/trace.$r
  [ -f "$trace" ] || { echo "rank $r wrote no trace"; exit 1; }
  # Region calls: "clpar: <site> n=<iterations> -> <where> (<why>)".
  calls=$(grep -c '^clpar: .* -> ' "$trace")
  if [ "$mode" = host ]; then
    elsewhere=$(grep '^clpar: .* -> ' "$trace" | grep -c -v -e '-> host')
  else
    elsewhere=$(grep '^clpar: .* -> ' "$trace" | grep -c -e '-> host')
  fi
  echo "rank $r: $calls region calls, $elsewhere of them not on the $mode side"
  grep '^clpar: transfers' "$trace" | sed "s/^/rank $r: /"
  if [ "$calls" -ne $((steps + 1)) ]; then
    echo "rank $r: $((steps + 1)) region calls expected"; exit 1
  fi
  if [ "$elsewhere" -ne 0 ]; then
    grep '^clpar: .* -> ' "$trace" | head -5
    echo "rank $r: a region call ran elsewhere than on the $mode side"; exit 1
  fi
  [ "$mode" = opencl ] || continue
  # "clpar: transfers at <site>: to device <n> (<bytes> B), to host <n> (<bytes> B)"
  row="to device 0 (0 B), to host $steps ($((steps * n * 4)) B)"
  for at in "$first_line:$([ "$r" -gt 0 ] && echo "$row")" \
            "$last_line:$([ "$r" -lt $((ranks - 1)) ] && echo "$row")" "$top_line:" "$bottom_line:"; do
    line=${at%%:*} want=${at#*:}
    got=$(grep "^clpar: transfers at .*${source##*/}:$line:[0-9]*: " "$trace" | sed 's/.*: to device/to device/')
    if [ "$got" != "$want" ]; then
      echo "rank $r: at line $line transfers '${got:-none}', expected '${want:-none}'"; exit 1
    fi
  done
done
echo "mpi_jacobi: $ranks ranks checked ($mode)"
