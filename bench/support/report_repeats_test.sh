#!/bin/sh
# bench/support/report_repeats_test.sh BENCH_REPORT OUT_DIR - the bench.report_repeats test:
# records where the cached GPU comes from two processes and the host and auto from two or
# three (as bench/run.sh writes them).  The report must keep each variant's lower median (auto: 0.50
# ms, not 0.90; cached GPU: 0.40 ms, not 0.60, so auto / faster = 0.50 / 0.40 = 1.25; in b,
# the host's 0.30 ms, not 2, so auto / faster = 0.45 / 0.30 = 1.5), list a limit measured
# in each process once per process, numbered, and keep a failed check wherever one process's check
# failed (its exit status 1, the failure in results.json).
set -u
report=$1 out=$2
rm -rf "$out"
mkdir -p "$out" || exit 1
row() {  # row WORKLOAD VARIANT MEDIAN_S CHECK
  printf 'result\t%s\t64\t%s\tdevice\t0.01\t-1\t%s\t-1\t9\t%s\t0\t1e6\t1e6\tcompute\n' "$@"
}
{
  row a clpar-host 0.002 ok
  row a clpar-gpu 0.0007 ok
  row a clpar-gpu-cached 0.0006 ok
  row a clpar-auto 0.0009 ok
  row a clpar-gpu-cached 0.0004 ok
  row a clpar-auto 0.0005 ok
  row b clpar-host 0.002 ok
  row b clpar-gpu-cached 0.0006 ok
  row b clpar-auto 0.00045 ok
  row b clpar-host 0.0003 ok
  row b clpar-auto 0.0007 ok
  printf 'limit\truntime start (clpar-auto)\t0.25\ts\thost\n'
  printf 'limit\truntime start (clpar-gpu)\t0.4\ts\thost\n'
  printf 'limit\truntime start (clpar-auto)\t0.21\ts\thost\n'
  printf 'limit\truntime start (clpar-auto)\t0.23\ts\thost\n'
} >"$out/good.tsv"
"$report" "$out/good.tsv" "$out/good.md" "$out/good.json" || { echo "report failed"; exit 1; }
python3 - "$out/good.json" <<'PY' || exit 1
import json, sys
d = json.load(open(sys.argv[1]))
ratios = [a["auto_vs_faster_of_openmp_and_gpu"] for a in d["aims"]]
kept = sorted((r["workload"], r["variant"], r["median_s"]) for r in d["results"])
print("auto / faster:", ratios, "kept:", kept)
assert abs(ratios[0] - 1.25) < 1e-9 and abs(ratios[1] - 1.5) < 1e-9, ratios
assert len(kept) == 7, kept
assert ("b", "clpar-host", 0.0003) in kept, kept
starts = [(l["name"], l["value"]) for l in d["limits"]]
assert starts == [("runtime start (clpar-auto)", 0.25),
                  ("runtime start (clpar-gpu)", 0.4),
                  ("runtime start (clpar-auto) (process 2)", 0.21),
                  ("runtime start (clpar-auto) (process 3)", 0.23)], starts
PY
{
  row a clpar-host 0.002 ok
  row a clpar-auto 0.0009 differs
  row a clpar-auto 0.0005 ok
} >"$out/bad.tsv"
if "$report" "$out/bad.tsv" "$out/bad.md" "$out/bad.json"; then
  echo "a failed check in one of auto's processes was not reported"
  exit 1
fi
python3 -c 'import json, sys; r = json.load(open(sys.argv[1]))["results"]; sys.exit(not any(x["variant"] == "clpar-auto" and x["check"] is False for x in r))' "$out/bad.json" ||
  { echo "results.json lost the failed check"; exit 1; }
echo "ok"
