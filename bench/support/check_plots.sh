#!/bin/sh
# bench/support/check_plots.sh RESULTS.md NAME... - checks what bench/support/plots.py left:
# RESULTS.md ends with a Plots section that links NAME.png for every NAME given, and every
# file the section links (relative to RESULTS.md's directory) is a PNG file.
set -u
md=$1
shift
dir=$(dirname "$md")
links=$(sed -n '/^### Plots$/,$p' "$md" | sed -n 's/^!\[[^]]*\](\(.*\))$/\1/p')
if [ -z "$links" ]; then
  echo "error: $md has no Plots section with links"
  exit 1
fi
status=0
for name in "$@"; do
  if ! echo "$links" | grep -q "\(^\|/\)$name\.png\$"; then
    echo "error: no link to $name.png"
    status=1
  fi
done
for link in $links; do
  signature=$(head -c 8 "$dir/$link" 2>/dev/null | od -An -tx1 | tr -d ' \n')
  if [ "$signature" = 89504e470d0a1a0a ]; then
    echo "ok: $link ($(wc -c <"$dir/$link") bytes)"
  else
    echo "error: $dir/$link is missing or not a PNG file"
    status=1
  fi
done
exit $status
