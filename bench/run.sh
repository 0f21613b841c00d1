#!/bin/sh
# bench/run.sh BUILD_DIR OUT_DIR [--quick] - the benchmark suite (issue 6) in one command.
#
# Runs, one process each: the device limits and a cached kernel's load (kernel_load); the
# clpar suite once per variant (CLPAR_DEVICE=host, which also times the serial reference
# and the hand-written OpenMP loop; opencl-gpu and opencl-cpu when such devices exist, the GPU twice: first with an
# empty kernel cache, then again with the kernels it stored, as clpar-gpu-cached; auto,
# with the cache and the calibration the runs before stored; the cached GPU then once more,
# the host and auto twice more each, the report keeping each one's lowest median and
# listing each process's runtime start); the hand-written OpenCL reference; the
# hand-written CUDA reference with its cuBLAS variants, built here with nvcc when nvcc and
# an NVIDIA GPU are present (without cuBLAS where it does not link).  Writes
# OUT_DIR/records.tsv (raw records), OUT_DIR/run.log (stderr and timings),
# OUT_DIR/results.md and OUT_DIR/results.json (bench_report), and the PNG plots that
# results.md ends with, OUT_DIR/plots/*.png (bench/support/plots.py draws them with
# matplotlib, in the Python that PYTHON names, python3 by default).
#
# --quick: small sizes, one call per workload, correctness only (the ctest test).  The exit
# status is non-zero when a program fails, any result differs from its reference or the
# plots fail; a Python without matplotlib only leaves the plots out, with a warning.
#
# BUILD_DIR holds bench/ (bench_suite, opencl_reference, device_limits, kernel_load,
# bench_report) and, in a carried build, lib/ with libclpar_rt.so*.
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 BUILD_DIR OUT_DIR [--quick]" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
out=$2
quick=
[ "${3:-}" = --quick ] && quick=--quick
src=$(cd "$(dirname "$0")" && pwd)
bin=$build/bench
mkdir -p "$out"
records=$out/records.tsv
log=$out/run.log
: >"$records"
: >"$log"
[ -d "$build/lib" ] && export LD_LIBRARY_PATH="$build/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# Cold calls must build their kernels: no PoCL kernel cache, and clpar's own starts empty.
# NVIDIA's driver keeps its compiled kernels (its own internal ones, which a context needs,
# and every program's PTX compiled for the GPU) in CUDA_CACHE_PATH: one of its own, empty at
# the start, so that clpar-gpu starts as cold as a machine's first run and the runs after
# it as warm as a user's second run (with the driver's cache off, making a context takes
# about 2 s and every cached kernel is compiled again from PTX; docs/performance.md).  The
# hand-written references run with the driver's cache off, cold as before.
export POCL_KERNEL_CACHE=0
export CUDA_CACHE_PATH="$out/cuda-cache"
rm -rf "$CUDA_CACHE_PATH"
export CLPAR_CACHE_DIR="$out/kernel-cache"
rm -rf "$CLPAR_CACHE_DIR"
status=0

# step LABEL COMMAND... - runs one program, appending its records; notes its time and status.
step() {
  label=$1
  shift
  echo "== $label: $*" >>"$log"
  start=$(date +%s)
  "$@" >>"$records" 2>>"$log"
  rc=$?
  echo "== $label: exit $rc after $(($(date +%s) - start)) s" >>"$log"
  [ $rc -eq 0 ] || status=1
  echo "bench: $label: exit $rc after $(($(date +%s) - start)) s" >&2
}

# The limits keep the driver's cache of their own, so clpar-gpu still finds it empty.
limits_cuda_cache="$out/cuda-cache-limits"
rm -rf "$limits_cuda_cache"
step limits env CUDA_CACHE_PATH="$limits_cuda_cache" "$bin/device_limits" $quick
# A cached kernel's load in a new process against a bare binary load (one round when quick).
step kernel-load env CUDA_CACHE_PATH="$limits_cuda_cache" "$bin/kernel_load" \
  "$([ -n "$quick" ] && echo 1 || echo 7)"
step clpar-host env CLPAR_DEVICE=host "$bin/bench_suite" --variant clpar-host --references $quick
if "$bin/device_limits" --has gpu; then
  step clpar-gpu env CLPAR_DEVICE=opencl-gpu "$bin/bench_suite" --variant clpar-gpu $quick
  step clpar-gpu-cached env CLPAR_DEVICE=opencl-gpu "$bin/bench_suite" \
    --variant clpar-gpu-cached $quick
fi
if "$bin/device_limits" --has cpu; then
  step clpar-pocl env CLPAR_DEVICE=opencl-cpu "$bin/bench_suite" --variant clpar-pocl $quick
fi
step clpar-auto env CLPAR_DEVICE=auto "$bin/bench_suite" --variant clpar-auto $quick
# auto against the faster variant compares end-to-end medians of different processes, which
# move by 1.5x to 1.9x from one process of the same variant to the next on the H100
# machines (bench/results/h100-2026-11-27-process-order.txt): the cached GPU, the host
# and auto run again, alternating, and the report keeps each one's lowest median, three
# processes a side (the GPU's first, cold process counts among its three: its calls after
# the first are as warm as the cached one's).
if [ -z "$quick" ]; then
  if "$bin/device_limits" --has gpu; then
    step clpar-gpu-cached-2 env CLPAR_DEVICE=opencl-gpu "$bin/bench_suite" \
      --variant clpar-gpu-cached
  fi
  step clpar-host-2 env CLPAR_DEVICE=host "$bin/bench_suite" --variant clpar-host
  step clpar-auto-2 env CLPAR_DEVICE=auto "$bin/bench_suite" --variant clpar-auto
  step clpar-host-3 env CLPAR_DEVICE=host "$bin/bench_suite" --variant clpar-host
  step clpar-auto-3 env CLPAR_DEVICE=auto "$bin/bench_suite" --variant clpar-auto
fi
step opencl-hand env CUDA_CACHE_DISABLE=1 "$bin/opencl_reference" $quick

# build_cuda [FLAGS...] - builds the CUDA reference into $cuda_bin with FLAGS for this GPU
# (-arch=native), else for sm_90 (an nvcc that does not know native); nvcc's output to the log.
build_cuda() {
  for arch in native sm_90; do
    nvcc -O3 -std=c++17 -arch=$arch -Xcompiler -fopenmp -I "$src" "$src/reference/cuda.cu" \
      "$@" -o "$cuda_bin" >>"$log" 2>&1 && return 0
  done
  return 1
}

if command -v nvcc >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then
  cuda_bin=$(mktemp -d)/cuda_reference
  echo "== nvcc" >>"$log"
  if build_cuda -DCLPAR_BENCH_CUBLAS -lcublas; then
    built="with cuBLAS"
  elif build_cuda; then
    built="without cuBLAS (building with it failed, above)"
  else
    built=
  fi
  if [ -n "$built" ]; then
    echo "== nvcc: CUDA reference built $built" >>"$log"
    step cuda-hand env CUDA_CACHE_DISABLE=1 "$cuda_bin" $quick
  else
    echo "bench: nvcc failed; see $log" >&2
    status=1
  fi
else
  echo "== no nvcc or no NVIDIA GPU: CUDA reference skipped" >>"$log"
fi

"$bin/bench_report" "$records" "$out/results.md" "$out/results.json" || status=1
rm -rf "$out/plots"
"${PYTHON:-python3}" "$src/support/plots.py" "$out/results.json" "$out/plots" "$out/results.md"
case $? in
  0) ;;
  3) echo "bench: no plots (see above); the tables are in $out/results.md" >&2 ;;
  *) echo "bench: bench/support/plots.py failed" >&2; status=1 ;;
esac
echo "bench: $out/results.md, $out/results.json (exit $status)" >&2
exit $status
