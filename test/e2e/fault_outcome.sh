# test/e2e/fault_outcome.sh - sourced by faults.sh and fault_sweep.sh: whether a run under
# CLPAR_FAULT ended as SPEC 5 allows a lost device to end it.

# ended_in_device_error STATUS EXPECTED ACTUAL: the run exited with 3 (clpar::device_error
# with the address and size known), its message names the memory, and everything it
# printed before is the start of the serial build's output EXPECTED.
ended_in_device_error() {
  [ "$1" -eq 3 ] || return 1
  grep -q '^device_error: clpar: device error: the only up-to-date copy of the [0-9]* bytes at 0x' \
    "$3" || return 1
  before=$(grep -v '^device_error: ' "$3" || true)
  lines=$(printf '%s' "$before" | grep -c '' || true)
  [ "$(head -n "$lines" "$2")" = "$before" ]
}
