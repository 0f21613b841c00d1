#!/usr/bin/env python3
"""test/generated/compare.py - compares a generated program's output with the reference's.

Usage: compare.py EXPECTED ACTUAL

Lines are those gen_support.hpp prints ("NAME KIND E VALUES...") and the "== program N"
headers.  Integers ("i", "u") must be equal.  Floating-point values ("f", "d") a and b
agree when

    |a - b| <= rtol * (max(|a|, |b|) + E)

with rtol = 1e-4 for float and 1e-9 for double, and E the error scale the generator
derived for the line: a bound on the magnitudes the value depends on (for a sum, the sum
of its terms' magnitudes; for a product, |a|*E(b) + |b|*E(a) + |ab|).  E is 0 where every
variant computes the value exactly, so those values must be equal (-0 equals +0).  Any other
line must be identical.  Prints each disagreement with its program and exits 1 if any.
"""

import sys

RTOL = {'f': 1e-4, 'd': 1e-9}


def agree(kind, scale, x, y):
    if kind not in RTOL:
        return x == y
    a, b = float(x), float(y)
    if a != a or b != b:  # the generator makes no NaN: any NaN is a failure
        return False
    if scale == 0:  # computed exactly in every variant (a zero's sign aside)
        return a == b
    return abs(a - b) <= RTOL[kind] * (max(abs(a), abs(b)) + scale)


def programs(lines):
    """The output split at the "== program N" headers: {N: lines}, in order."""
    blocks, name = {}, '?'
    for line in lines:
        if line.startswith('== program'):
            name = line.split()[2]
        blocks.setdefault(name, []).append(line)
    return blocks


def compare_program(name, expected, actual, out):
    """Whether one program's lines agree; reports the first disagreement."""
    if len(expected) != len(actual):
        out.write('program %s: %d lines expected, %d printed\n' % (name, len(expected), len(actual)))
    for e, a in zip(expected, actual):
        if e == a:
            continue
        ef, af = e.split(), a.split()
        if len(ef) == len(af) and len(ef) >= 3 and ef[:3] == af[:3]:
            kind, scale = ef[1], float(ef[2])
            bad = [k for k in range(3, len(ef)) if not agree(kind, scale, ef[k], af[k])]
            if not bad:
                continue
            k = bad[0]
            out.write('program %s: %s[%d] expected %s, got %s (%d elements differ, E=%s)\n'
                      % (name, ef[0], k - 3, ef[k], af[k], len(bad), ef[2]))
        else:
            out.write('program %s: expected "%s", got "%s"\n' % (name, e[:200], a[:200]))
        return False
    return len(expected) == len(actual)


def compare(expected, actual, out=sys.stdout):
    """The names of the programs whose outputs disagree (missing ones included)."""
    want, got = programs(expected), programs(actual)
    failed = []
    for name, lines in want.items():
        if not compare_program(name, lines, got.get(name, []), out):
            failed.append(name)
    failed += [name for name in got if name not in want]
    return failed


def main():
    with open(sys.argv[1]) as f:
        expected = f.read().splitlines()
    with open(sys.argv[2]) as f:
        actual = f.read().splitlines()
    failed = compare(expected, actual)
    if failed:
        print('programs that disagree: %s' % ' '.join(failed))
        return 1
    return 0


if __name__ == '__main__':
    sys.exit(main())
