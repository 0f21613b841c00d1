#!/bin/sh
# shared_devices.sh CLPAR SOURCE
#
# Runs CLPAR (SOURCE built with clpar++) over two PoCL devices (POCL_DEVICES="pthread
# pthread") and checks every call of each site marked "shared: yes" or "shared: no: TEXT"
# in SOURCE.  Under CLPAR_DEVICE=all: a shared call's trace line names both devices with
# their percentages; a call that is not shared ran on one device and says "not shared
# out: TEXT".  Under auto, which weighs sharing out against one device
# (launch/device_shares.hpp): a "yes" site's first two calls are shared out, its third and
# fourth run on one device, and every call says which way auto chose and why.
#
# A "yes" site's first call gives every device a share; a later call may leave out a
# device whose measured share was too slow to be worth its launch (two PoCL devices on a
# busy machine's cores time each other's work), so after the first call that reason is
# accepted too: which devices are fast enough is a measurement, not the analysis.
set -u
clpar=$1 source=$2
work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

run() {
  POCL_DEVICES="pthread pthread" POCL_KERNEL_CACHE=0 CLPAR_CACHE_DIR="$work/kernel-cache" \
    CLPAR_TRACE=1 CLPAR_DEVICE=$1 "$clpar" >/dev/null 2>"$work/trace" ||
    { echo "$clpar failed"; cat "$work/trace"; exit 1; }
  grep '^clpar: .* n=[0-9][0-9]* -> ' "$work/trace" >"$work/calls"
}
shared='-> [0-9]*:[0-9]* .*%, [0-9]*:[0-9]* .*%'
too_slow='not shared out: fewer than two devices have a share worth running'

run all

status=0 sites=0
grep -n 'shared: ' "$source" | sed 's/^\([0-9]*\):.*shared: \(.*\)$/\1 \2/' >"$work/marks"
while read -r line want; do
  sites=$((sites + 1))
  awk -v site="clpar: $source:$line:" 'index($0, site) == 1' "$work/calls" >"$work/site"
  calls=$(wc -l <"$work/site")
  if [ "$calls" -eq 0 ]; then
    echo "$source:$line: error: no call traced"; status=1; continue
  fi
  case $want in
    yes) bad=$( (sed -n 1p "$work/site" | grep -v -e "$shared"
                 sed 1d "$work/site" | grep -v -e "$shared" -e "$too_slow") | wc -l) ;;
    no:*) text=${want#no: }
          bad=$(grep -v -c -F -e "not shared out: $text" "$work/site") ;;
    *) echo "$source:$line: error: 'shared: $want' is neither yes nor no: TEXT"; status=1; continue ;;
  esac
  if [ "$bad" -eq 0 ]; then
    echo "$source:$line: $calls calls, shared: $want"
  else
    echo "$source:$line: error: $bad of $calls calls are not 'shared: $want':"
    grep -v -e "%, " "$work/site" | head -3
    status=1
  fi
done <"$work/marks"
if [ "$sites" -eq 0 ]; then echo "no line says 'shared:' in $source"; exit 1; fi

run auto
while read -r line want; do
  [ "$want" = yes ] || continue
  awk -v site="clpar: $source:$line:" 'index($0, site) == 1' "$work/calls" >"$work/site"
  calls=$(wc -l <"$work/site")
  problem=
  if sed -n 1p "$work/site" | grep -v -q -e "$shared.*(auto: shared out, to measure it)" ||
     sed -n 2p "$work/site" | grep -v -q -e "$shared.*(auto: shared out, to measure it)" -e "$too_slow"; then
    problem="its first calls are not shared out to be measured"
  elif [ "$calls" -ge 4 ] &&
       sed -n 3,4p "$work/site" | grep -v -q -e "to weigh it against sharing out"; then
    problem="its third and fourth calls do not run on one device to be weighed"
  elif grep -v -q -e '(auto: ' -e 'not shared out: auto: ' -e "$too_slow" "$work/site"; then
    problem="a call does not say which way auto chose"
  fi
  if [ -z "$problem" ]; then
    echo "$source:$line: auto: $calls calls, $(grep -c -e "$shared" "$work/site") shared out"
  else
    echo "$source:$line: error: auto: $problem:"; cat "$work/site"; status=1
  fi
done <"$work/marks"
exit $status
