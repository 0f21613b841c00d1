#!/bin/sh
# bench/same_translation.sh OLD_TREE NEW_TREE
#
# Translates every benchmark program and example with the clpar-translate of two source
# trees (each built in its build/ directory, e.g. a `git worktree` of an earlier commit
# and this checkout) and reports, per program, whether the translated C++ and the
# kernels' OpenCL C are byte for byte the same.  Where both are, a change cannot have
# made that workload slower: the compiled program is the same.
set -eu
old=$(cd "$1" && pwd)
new=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$new"
status=0
for src in bench/*.cpp bench/workloads/*.cpp examples/*.cpp; do
  [ -f "$src" ] || continue
  name=$(echo "$src" | tr / _)
  for tree in old new; do
    root=$old
    [ "$tree" = new ] && root=$new
    # Relative paths, the same in both runs: sites and kernel comments name them.
    "$root/build/bin/clpar-translate" "$src" -o "$work/$name.$tree.cpp" \
      --keep-generated="$work/$name.$tree.cl" -- -std=c++20 -I"$root/include" -Ibench \
      -Ibench/workloads >"$work/$name.$tree.log" 2>&1 || true
    cat "$work/$name.$tree.cpp" "$work/$name.$tree.cl"/*.cl >"$work/$name.$tree.all" 2>/dev/null || true
  done
  if cmp -s "$work/$name.old.all" "$work/$name.new.all"; then
    echo "$src: same translation"
  else
    echo "$src: DIFFERENT translation"
    status=1
  fi
done
exit $status
