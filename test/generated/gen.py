#!/usr/bin/env python3
"""test/generated/gen.py - random valid clpar programs for differential testing.

Writes one C++ translation unit holding several generated programs (program_0() ...), each
with its own data, and a main() that runs them all.  Every program is valid and
deterministic by construction:

- in bounds: every index is a loop variable whose range fits the extent, a constant, or
  reduced modulo the extent;
- race free: a loop writes one view at the loop variables' own index (or, in a row loop,
  its own row), and reads the memory it writes only at that element;
- no undefined behaviour: each integer expression carries a bound on its magnitude and
  signed values stay far below 2^31 (unsigned values may wrap, which is defined);
  divisors are positive constants or 1 + |x|;
- no NaN or infinity: math functions get arguments inside their domains (sqrt(|x| + 1),
  exp of bounded values, ...);
- comparable: a floating-point expression carries an error scale E, a bound on the
  magnitudes its result depends on (linearised: |a*b| contributes Ea*|b| + Eb*|a| + |ab|);
  the program prints E with each array and scalar, and compare.py accepts a difference
  up to rtol * (|value| + E).  Branch conditions and other discontinuous uses (floor,
  comparisons) only see exact values: integers, and floating-point values that every
  variant computes without rounding (small multiples of powers of two).

Usage: gen.py --seed S [--programs K] [--size normal|small] [--only I] -o OUT.cpp
The same arguments always give the same file.  --only I writes program I of the batch
alone (same code as in the batch, for reducing a failure).
"""

import argparse
import math
import random
import re

INT_LIMIT = 1 << 27  # |signed values| stay below this: sums of a few never overflow
FLOAT_LIMIT = {'float': 1e6, 'double': 1e9}
MANT = {'float': 24, 'double': 53}
FLOAT_TO_DOUBLE_RTOL = 1e-4 / 1e-9  # compare.py's rtol for float over double's
CPP = {'int': 'int', 'unsigned': 'unsigned', 'size_t': 'std::size_t', 'float': 'float',
       'double': 'double'}
INF = float('inf')


def is_float(t):
    return t in ('float', 'double')


def is_unsigned(t):
    return t in ('unsigned', 'size_t')


class Expr:
    """An expression: code, type, bound V on |value|, error scale E, fraction bits G.

    E == 0 means exact: every variant computes the same bits.  G counts the binary
    fraction digits of an exact value (quarters have G = 2).  V is INF for unsigned
    values that may have wrapped.
    """

    def __init__(self, code, ty, V, E=0.0, G=0):
        self.code, self.ty, self.V, self.E, self.G = code, ty, V, E, G

    @property
    def exact(self):
        return self.E == 0.0


def lit(ty, value):
    """A literal of type ty (value exact in ty)."""
    if ty == 'float':
        s = repr(float(value)) + 'f'
        return Expr(s if value >= 0 else '(%s)' % s, ty, abs(value), 0.0, frac_bits(value))
    if ty == 'double':
        s = repr(float(value))
        return Expr(s if value >= 0 else '(%s)' % s, ty, abs(value), 0.0, frac_bits(value))
    if ty == 'unsigned':
        return Expr('%du' % value, ty, value)
    if ty == 'size_t':
        return Expr('std::size_t(%d)' % value, ty, value)
    return Expr(str(value) if value >= 0 else '(%d)' % value, ty, abs(value))


def frac_bits(x):
    g = 0
    while x != int(x) and g < 60:
        x *= 2
        g += 1
    return g


def rounded(e, ty=None):
    """e as computed in ty: exact if it fits the mantissa, else one rounding more."""
    ty = ty or e.ty
    if is_float(ty) and e.exact and e.V * 2.0 ** e.G >= 2.0 ** (MANT[ty] - 1):
        e.E = e.V
    return e


def convert(e, ty):
    """e converted to ty (never floating point to integer: that is discontinuous)."""
    if e.ty == ty:
        return e
    assert not (is_float(e.ty) and not is_float(ty))
    code = '%s(%s)' % (CPP[ty], e.code)
    if is_float(ty):
        V = e.V if e.V != INF else INF
        assert V != INF, 'wrapped unsigned to floating point'
        r = Expr(code, ty, V, e.E, e.G)
        if ty == 'float' and e.ty == 'double' and not e.exact:
            r.E = e.E + e.V
        if ty == 'double' and e.ty == 'float' and not e.exact:
            # The float's rounding, which variants may do differently (a sum split among
            # work-items), is compared at double's rtol from here on: scaled to match.
            r.E = (e.E + e.V) * FLOAT_TO_DOUBLE_RTOL
        return rounded(r)
    if ty == 'int':
        return Expr(code, ty, e.V)  # callers keep unsigned values small here
    return Expr(code, ty, e.V if not (e.ty == 'int') else INF)


def binop(op, a, b):
    """a op b for + - * of same-typed operands, with bounds."""
    ty = a.ty
    code = '(%s %s %s)' % (a.code, op, b.code)
    if op in '+-':
        V = a.V + b.V
        r = Expr(code, ty, V, a.E + b.E, max(a.G, b.G))
    else:
        V = a.V * b.V
        r = Expr(code, ty, V, a.E * b.V + b.E * a.V, a.G + b.G)
    if is_unsigned(ty) and (V > 2 ** 31 or op == '-'):
        r.V = INF  # wrapped, or may have: a - b below zero wraps
    if is_float(ty):
        if not r.exact:
            r.E += V
        rounded(r)
    return r


def unary_math(f, ns, a):
    """ns + f applied to a inside its domain (sqrt and log of |a| + 1, exp of a scaled to
    [-2, 2] by a power of two), with the result's bound and error scale."""
    ty, one = a.ty, lit(a.ty, 1.0).code
    fabs = 'clpar::fabs' if ns == 'clpar::' else 'std::fabs'
    if f in ('sqrt', 'log'):
        V = math.sqrt(a.V + 1) if f == 'sqrt' else math.log(a.V + 1)
        return Expr('%s%s(%s(%s) + %s)' % (ns, f, fabs, a.code, one), ty, V, a.E + V + 1)
    if f == 'exp':
        s = 1.0
        while a.V * s > 2:
            s /= 2
        V = math.exp(a.V * s)
        return Expr('%sexp(%s * %s)' % (ns, a.code, lit(ty, s).code), ty, V, V * (a.E * s + 1))
    return Expr('%s%s(%s)' % (ns, f, a.code), ty, 1.0, a.E + 2)


class View:
    """A view (or a container used as a 1-D view) of one buffer."""

    def __init__(self, name, buf, ext, writable, container=False, key=None):
        self.name, self.buf, self.ext = name, buf, ext
        self.writable, self.container = writable, container
        # Views of one buffer with the same key reach the same element at the same index.
        self.key = key or name

    @property
    def rank(self):
        return len(self.ext)

    def at(self, idx):
        if self.container or self.rank == 1:
            return '%s[%s]' % (self.name, idx[0])
        return '%s(%s)' % (self.name, ', '.join(idx))


class Buffer:
    def __init__(self, name, ty, size):
        self.name, self.ty, self.size = name, ty, size
        self.V, self.E, self.G = 0.0, 0.0, 0
        self.views = []
        self.builtin = False  # a built-in array, not a std::vector or std::array

    def value(self, code):
        return Expr(code, self.ty, self.V, self.E, self.G)

    def absorb(self, e):
        """A write of e into this buffer."""
        e = rounded(Expr(e.code, self.ty, e.V, e.E, e.G)) if is_float(self.ty) else e
        self.V = max(self.V, e.V)
        self.E = max(self.E, e.E)
        self.G = max(self.G, e.G)


class LoopVar:
    def __init__(self, name, ty, lo, hi):
        self.name, self.ty, self.lo, self.hi = name, ty, lo, hi  # values in [lo, hi)


class Ctx:
    """What a body can read: views, loop variables, locals, and what it must not."""

    def __init__(self, prog):
        self.prog = prog
        self.vars = []          # LoopVar
        self.locals = []        # Expr of named locals
        self.out = None         # (view, index code list) written by this loop
        self.forbidden = set()  # buffers not to read (written by the loop)
        self.used = set()       # names of program-level views and scalars used


class Program:
    def __init__(self, rng, index, size, helpers):
        self.rng, self.index, self.small = rng, index, size == 'small'
        self.helpers = helpers
        self.buffers, self.views, self.scalars = [], [], []  # scalars: (name, Expr)
        self.consts = []  # (name, Expr) program-level constants readable in loops
        self.const_struct = None  # (type, object) when the constants are its members
        self.lines, self.outlined = [], []
        self.count = 0
        self.operands = 0  # slice operands made so far
        self.uses_lambda = False
        self.in_scope = None

    def fresh(self, prefix):
        self.count += 1
        return '%s%d' % (prefix, self.count)

    # ------------------------------------------------------------------ data
    def make_buffers(self):
        rng = self.rng
        for b in range(rng.randint(2, 4)):
            ty = rng.choice(['int', 'int', 'unsigned', 'float', 'float', 'double', 'double',
                             'size_t'] if b else ['float', 'double', 'int'])
            rank = rng.choice([1, 1, 2, 2, 3])
            if self.small:
                ext = {1: lambda: [rng.randint(5, 90)],
                       2: lambda: [rng.randint(2, 11), rng.randint(3, 13)],
                       3: lambda: [rng.randint(2, 5), rng.randint(2, 6), rng.randint(3, 7)]}[rank]()
            else:
                ext = {1: lambda: [rng.randint(20, 900)],
                       2: lambda: [rng.randint(3, 40), rng.randint(5, 60)],
                       3: lambda: [rng.randint(2, 10), rng.randint(3, 12), rng.randint(4, 16)]}[rank]()
            name = 'a%d' % b
            size = math.prod(ext)
            buf = Buffer(name, ty, size)
            p, q, m = rng.choice([7, 13, 37, 101]), rng.randint(0, 50), rng.choice([17, 29, 61, 97])
            use_array = rank == 1 and size <= 256 and rng.random() < 0.3
            # A built-in array (`float a0[40]{};`) where a std::array would be, now and then.
            builtin = use_array and rng.random() < 0.4
            buf.builtin = builtin
            if builtin:
                self.lines.append('%s %s[%d]{};' % (CPP[ty], name, size))
            elif use_array:
                self.lines.append('std::array<%s, %d> %s{};' % (CPP[ty], size, name))
            else:
                self.lines.append('std::vector<%s> %s(%d);' % (CPP[ty], name, size))
            if is_float(ty):
                sc = rng.choice([0.25, 0.5, 0.125])
                init = '%s(int((k * %d + %d) %% %d) - %d) * %s' % (CPP[ty], p, q, m, m // 2,
                                                                  lit(ty, sc).code)
                buf.V, buf.G = (m // 2) * sc, frac_bits(sc)
            elif ty == 'int':
                init = 'int((k * %d + %d) %% %d) - %d' % (p, q, m, m // 2)
                buf.V = m // 2
            else:
                init = '%s((k * %d + %d) %% %d)' % (CPP[ty], p, q, m)
                buf.V = m
            self.lines.append('for (std::size_t k = 0; k < std::size(%s); ++k) %s[k] = %s;'
                              % (name, name, init))
            self.buffers.append(buf)
            self.add_views(buf, ext, builtin)

    def add_views(self, buf, ext, builtin):
        rng, T, n = self.rng, CPP[buf.ty], buf.size
        vn = 'v' + buf.name[1:]
        rank = len(ext)
        if builtin:
            self.lines.append('clpar::view<%s> %s(%s, %d);' % (T, vn, buf.name, n))
        elif rank == 1:
            self.lines.append('clpar::view<%s> %s(%s);' % (T, vn, buf.name))
        else:
            self.lines.append('clpar::view<%s, %d> %s(%s.data(), %s);'
                              % (T, rank, vn, buf.name, ', '.join(map(str, ext))))
        main = View(vn, buf, list(ext), True, key='main')
        buf.views.append(main)
        buf.views.append(View(buf.name, buf, [n], True, container=True,
                              key='main' if rank == 1 else 'flat'))
        extra = rng.sample(['flat', 'rev', 'stride', 'const', 'trans', 'sub'], rng.randint(1, 3))
        for kind in extra:
            name = vn + {'flat': 'f', 'rev': 'r', 'stride': 's', 'const': 'c', 'trans': 't',
                         'sub': 'w'}[kind]
            if kind == 'flat' and rank > 1:
                self.lines.append('clpar::view<%s> %s(%s.data(), %d);' % (T, name, buf.name, n))
                buf.views.append(View(name, buf, [n], True, key='flat'))
            elif kind == 'rev':
                sl = ', '.join(['clpar::slice(%d, -1, -1)' % (ext[0] - 1)] + ['clpar::all'] * (rank - 1))
                self.lines.append('clpar::view<%s, %d> %s = %s(%s);' % (T, rank, name, vn, sl)
                                  if rank > 1 else
                                  'clpar::view<%s> %s = %s[%s];' % (T, name, vn, sl))
                buf.views.append(View(name, buf, list(ext), True))
            elif kind == 'stride' and ext[-1] >= 4:
                s = rng.choice([2, 3])
                b = rng.randint(0, s - 1)
                cnt = len(range(b, ext[-1], s))
                sl = ', '.join(['clpar::all'] * (rank - 1) + ['clpar::slice(%d, %d, %d)' % (b, ext[-1], s)])
                self.lines.append('clpar::view<%s, %d> %s = %s(%s);' % (T, rank, name, vn, sl)
                                  if rank > 1 else
                                  'clpar::view<%s> %s = %s[%s];' % (T, name, vn, sl))
                buf.views.append(View(name, buf, list(ext[:-1]) + [cnt], True))
            elif kind == 'const':
                self.lines.append('clpar::view<const %s, %d> %s = %s;' % (T, rank, name, vn))
                buf.views.append(View(name, buf, list(ext), False, key='main'))
            elif kind == 'trans' and rank == 2:
                self.lines.append('clpar::view<%s, 2> %s(%s.data(), {%d, %d}, {1, %d});'
                                  % (T, name, buf.name, ext[1], ext[0], ext[1]))
                buf.views.append(View(name, buf, [ext[1], ext[0]], True))
            elif kind == 'sub' and all(e >= 3 for e in ext):
                lo = [rng.randint(0, e // 3) for e in ext]
                hi = [rng.randint(2 * e // 3, e) for e in ext]
                hi = [max(h, l + 1) for l, h in zip(lo, hi)]
                sl = ', '.join('clpar::slice(%d, %d)' % (l, h) for l, h in zip(lo, hi))
                self.lines.append('clpar::view<%s, %d> %s = %s(%s);' % (T, rank, name, vn, sl)
                                  if rank > 1 else
                                  'clpar::view<%s> %s = %s[%s];' % (T, name, vn, sl))
                buf.views.append(View(name, buf, [h - l for l, h in zip(lo, hi)], True))
        self.views.extend(v for v in buf.views)

    def make_consts(self):
        """Constants loops read: separate variables, or now and then the members of one
        struct object (read as `cfg.c1`, passed whole to outlined functions)."""
        rng = self.rng
        items = []
        for _ in range(rng.randint(0, 2)):
            ty = rng.choice(['int', 'float', 'double'])
            name = self.fresh('c')
            if ty == 'int':
                e = lit('int', rng.randint(-5, 9))
            else:
                e = lit(ty, rng.choice([0.5, 1.25, -0.75, 2.0, 0.375]))
            items.append((ty, name, e))
        if items and rng.random() < 0.4:
            stype, obj = 'p%d_cfg' % self.index, self.fresh('cfg')
            self.outlined += ['struct %s {' % stype] + \
                ['  %s %s;' % (CPP[ty], name) for ty, name, _ in items] + ['};', '']
            self.lines.append('%s%s %s = {%s};' % ('const ' if rng.random() < 0.5 else '', stype,
                                                   obj, ', '.join(e.code for _, _, e in items)))
            self.const_struct = (stype, obj)
            for ty, name, e in items:
                path = '%s.%s' % (obj, name)
                self.consts.append((path, Expr(path, ty, e.V, 0.0, e.G)))
            return
        for ty, name, e in items:
            self.lines.append('const %s %s = %s;' % (CPP[ty], name, e.code))
            self.consts.append((name, Expr(name, ty, e.V, 0.0, e.G)))

    # ------------------------------------------------------------ expressions
    def index_for(self, ctx, ext, allow_inner=True):
        """An in-bounds index expression for a dimension of extent ext."""
        rng = self.rng
        cands = []
        for v in ctx.vars:
            if not allow_inner and v.name.startswith('k'):
                continue
            if v.hi <= ext:
                cands.append(v.name)
                if v.lo >= 0:
                    cands.append('%d - %s' % (ext - 1, v.name)
                                 if v.ty == 'int' else 'std::size_t(%d) - %s' % (ext - 1, v.name))
            c = rng.randint(-3, 3)
            if c and v.lo + c >= 0 and v.hi - 1 + c < ext:
                cands.append('%s %s %d' % (v.name, '+' if c > 0 else '-', abs(c)))
            cands.append('(%s + %d) %% %d' % (v.name, rng.randint(0, 5), ext))
        cands.append(str(rng.randint(0, ext - 1)))
        return rng.choice(cands)

    def read(self, ctx, want):
        """A read of some buffer element whose type can become `want`."""
        rng = self.rng
        ok = []
        for v in self.views:
            b = v.buf
            if b in ctx.forbidden:
                continue
            if is_float(want):
                if is_unsigned(b.ty) and b.V == INF:
                    continue
                if is_unsigned(b.ty) or (b.ty == 'int'):
                    pass
            elif is_float(b.ty):
                continue
            elif want == 'int' and is_unsigned(b.ty) and b.V == INF:
                pass  # made small with % below
            ok.append(v)
        if ctx.out is not None and rng.random() < 0.3 and \
                (is_float(want) or not is_float(ctx.out[0].buf.ty)) and \
                set(ctx.out[1]) <= {v.name for v in ctx.vars}:
            view, idx = ctx.out
            # Now and then through another view of the same memory (the const view, the
            # container): a call whose written view shares memory with another view,
            # which takes the kernels' general form rather than the no-alias one.
            aliases = [w for w in view.buf.views if w is not view and w.key == view.key]
            if aliases and rng.random() < 0.4:
                view = rng.choice(aliases)
                ctx.used.add(view.name)
            e = view.buf.value(view.at(idx))
            return self.to_type(e, want)
        if not ok:
            return None
        v = rng.choice(ok)
        ctx.used.add(v.name)
        idx = [self.index_for(ctx, e) for e in v.ext]
        e = v.buf.value(v.at(idx))
        return self.to_type(e, want)

    def to_type(self, e, want):
        if e.ty == want:
            return e
        if want == 'int' and is_unsigned(e.ty):
            if e.V > 1000:
                m = self.rng.choice([97, 256, 1000])
                return Expr('int(%s %% %s)' % (e.code, lit(e.ty, m).code), 'int', m - 1)
            return Expr('int(%s)' % e.code, 'int', e.V)
        if is_float(want) and is_unsigned(e.ty) and (e.V == INF or e.V > 2 ** 20):
            return Expr('%s(%s %% %s)' % (CPP[want], e.code, lit(e.ty, 1000).code), want, 999)
        return convert(e, want)

    def leaf(self, ctx, ty):
        rng = self.rng
        r = rng.random()
        if r < 0.55:
            e = self.read(ctx, ty)
            if e is not None:
                return e
        if r < 0.7 and ctx.vars:
            v = rng.choice(ctx.vars)
            e = Expr(v.name, v.ty, max(abs(v.lo), abs(v.hi)))
            return self.to_type(e, ty)
        if r < 0.85:
            pool = [x for _, x in self.consts] + ctx.locals
            pool = [x for x in pool if x.ty == ty or (is_float(ty) and not is_unsigned(x.ty))
                    or (ty == 'int' and x.ty == 'int')]
            if pool:
                x = rng.choice(pool)
                ctx.used.add(x.code)
                return self.to_type(Expr(x.code, x.ty, x.V, x.E, x.G), ty)
        if is_float(ty):
            return lit(ty, rng.choice([0.5, 0.25, 1.5, 3.0, -2.0, 0.125, 1.0]))
        if is_unsigned(ty):
            return lit(ty, rng.choice([1, 3, 7, 255, 1000]))
        return lit('int', rng.randint(-9, 9))

    def cond(self, ctx, depth=1):
        """A boolean on exact values only."""
        rng = self.rng
        r = rng.random()
        if depth > 0 and r < 0.2:
            op = rng.choice(['&&', '||'])
            return '(%s %s %s)' % (self.cond(ctx, 0), op, self.cond(ctx, 0))
        if depth > 0 and r < 0.25:
            return '!%s' % self.cond(ctx, 0)
        ty = rng.choice(['int', 'int', 'float', 'double', 'unsigned'])
        a = self.expr(ctx, ty, 1, exact=True)
        if is_unsigned(ty) and rng.random() < 0.5:
            return '((%s & %s) != %s)' % (a.code, lit(ty, rng.choice([1, 2, 4])).code, lit(ty, 0).code)
        b = self.expr(ctx, ty, 0, exact=True)
        return '(%s %s %s)' % (a.code, rng.choice(['<', '<=', '>', '>=', '==', '!=']), b.code)

    def expr(self, ctx, ty, depth, exact=False):
        """An expression of type ty; exact=True: no rounding anywhere."""
        for _ in range(20):
            e = self._expr(ctx, ty, depth, exact)
            if e is None:
                continue
            if exact and not e.exact:
                continue
            if ty == 'int' and e.V > INT_LIMIT:
                continue
            if is_float(ty) and e.V > FLOAT_LIMIT[ty]:
                continue
            return e
        return lit(ty, 1) if not is_float(ty) else lit(ty, 0.5)

    def _expr(self, ctx, ty, depth, exact):
        rng = self.rng
        if depth <= 0:
            return self.leaf(ctx, ty)
        r = rng.random()
        sub = lambda d=depth - 1: self.expr(ctx, ty, d, exact)
        if r < 0.35:
            return binop(rng.choice('+-*' if not is_unsigned(ty) else '+-*^&|'[:3]), sub(), sub()) \
                if rng.random() < 0.8 or not is_unsigned(ty) else \
                self.unsigned_bits(ctx, ty, depth, exact)
        if r < 0.45:
            a = sub()
            return Expr('(-%s)' % a.code, ty, a.V, a.E, a.G) if not is_unsigned(ty) else a
        if r < 0.55:
            c = self.cond(ctx)
            a, b = sub(), sub()
            return Expr('(%s ? %s : %s)' % (c, a.code, b.code), ty, max(a.V, b.V),
                        max(a.E, b.E), max(a.G, b.G))
        if r < 0.65:
            a, b = sub(), sub()
            f = rng.choice(['std::min', 'std::max', 'clpar::min', 'clpar::max'] +
                           (['std::fmin', 'std::fmax'] if is_float(ty) else []))
            return Expr('%s(%s, %s)' % (f, a.code, b.code), ty, max(a.V, b.V), max(a.E, b.E),
                        max(a.G, b.G))
        if r < 0.8:
            return self.helper_call(ctx, ty, depth, exact)
        if is_float(ty):
            if exact:
                a = sub()
                f = rng.choice(['std::fabs', 'std::floor', 'std::ceil', 'std::trunc'])
                return Expr('%s(%s)' % (f, a.code), ty, a.V + 1, 0.0, a.G)
            return self.math(ctx, ty, depth)
        a = sub()
        if ty == 'int':
            k = rng.choice(['%', '/', 'abs', '&', '^'])
            c = rng.randint(2, 13)
            if k == '%':
                return Expr('(%s %% %d)' % (a.code, c), ty, min(a.V, c - 1))
            if k == '/':
                return Expr('(%s / %d)' % (a.code, c), ty, a.V / c)
            if k == 'abs':
                return Expr('std::abs(%s)' % a.code, ty, a.V)
            b = sub()
            p = 2 ** math.ceil(math.log2(max(a.V, b.V) + 2))
            return Expr('(%s %s %s)' % (a.code, k, b.code), ty, p)
        return self.unsigned_bits(ctx, ty, depth, exact)

    def unsigned_bits(self, ctx, ty, depth, exact):
        rng = self.rng
        a = self.expr(ctx, ty, depth - 1, exact)
        k = rng.choice(['^', '&', '|', '>>', '<<', '~', '%', '*'])
        if k in '^&|':
            b = self.expr(ctx, ty, depth - 1, exact)
            V = INF if INF in (a.V, b.V) else 2 ** math.ceil(math.log2(max(a.V, b.V) + 2))
            return Expr('(%s %s %s)' % (a.code, k, b.code), ty, V)
        if k == '>>':
            s = rng.randint(1, 7)
            return Expr('(%s >> %d)' % (a.code, s), ty, a.V / 2 ** s if a.V != INF else INF)
        if k == '<<':
            s = rng.randint(1, 7)
            return Expr('(%s << %d)' % (a.code, s), ty, INF)
        if k == '~':
            return Expr('(~%s)' % a.code, ty, INF)
        if k == '%':
            c = rng.choice([7, 64, 1000, 4099])
            return Expr('(%s %% %s)' % (a.code, lit(ty, c).code), ty, c - 1)
        return Expr('(%s * %s)' % (a.code, lit(ty, 2654435761).code), ty, INF)

    def math(self, ctx, ty, depth):
        """A math built-in applied inside its domain, with its error scale."""
        rng = self.rng
        a = self.expr(ctx, ty, depth - 1)
        T = CPP[ty]
        one = lit(ty, 1.0).code
        k = rng.choice(['sqrt', 'exp', 'sin', 'cos', 'tanh', 'log', 'atan', 'div', 'cbrt',
                        'hypot', 'fma', 'fabs', 'soft'])
        ns = rng.choice(['std::', 'std::', 'clpar::'])
        if k in ('sqrt', 'log', 'exp', 'sin', 'cos', 'tanh'):
            return unary_math(k, ns, a)
        if k == 'cbrt':
            V = (a.V + 1) ** (1 / 3)
            return Expr('std::cbrt(std::fabs(%s) + %s)' % (a.code, one), ty, V, a.E / 3 + V + 1)
        if k == 'atan':
            return Expr('std::atan(%s)' % a.code, ty, 1.6, a.E + 2.6)
        if k == 'div':
            b = self.expr(ctx, ty, depth - 1)
            c = rng.choice([1.0, 2.0, 0.5])
            V = a.V / c
            return Expr('(%s / (%s + std::fabs(%s)))' % (a.code, lit(ty, c).code, b.code), ty, V,
                        a.E / c + a.V * b.E / (c * c) + V)
        if k == 'hypot':
            b = self.expr(ctx, ty, depth - 1)
            V = a.V + b.V
            return Expr('std::hypot(%s, %s)' % (a.code, b.code), ty, V, a.E + b.E + V)
        if k == 'fma':
            b, c = self.expr(ctx, ty, depth - 1), self.expr(ctx, ty, depth - 1)
            V = a.V * b.V + c.V
            return Expr('std::fma(%s, %s, %s)' % (a.code, b.code, c.code), ty, V,
                        a.E * b.V + b.E * a.V + c.E + V)
        if k == 'soft':
            return Expr('(%s / (%s + std::fabs(%s)))' % (a.code, one, a.code), ty, 1.0,
                        2 * a.E + 1)
        return Expr('std::fabs(%s)' % a.code, ty, a.V, a.E, a.G)

    def helper_call(self, ctx, ty, depth, exact):
        rng = self.rng
        cands = [h for h in self.helpers if ty in h.types and (h.exact or not exact)]
        if not cands:
            return self.expr(ctx, ty, depth - 1, exact)
        if not exact and rng.random() < 0.25:
            # The program's own generic lambda (a local: loops that call it stay in place).
            a, b = self.expr(ctx, ty, depth - 1), self.expr(ctx, ty, depth - 1)
            ctx.used.add('lam')
            self.uses_lambda = True
            V = a.V * b.V + b.V
            if ty == 'int' and V > INT_LIMIT:
                return a
            E = (a.E * b.V + b.E * a.V + b.E + V) if is_float(ty) else 0.0
            return Expr('lam(%s, %s)' % (a.code, b.code), ty, V if not is_unsigned(ty) else INF, E)
        h = rng.choice(cands)
        if h.name == 'gen_pair_mix' and rng.random() < 0.5:
            # The struct in the loop body itself: temporaries, an operator and a const
            # member function, (a + b) * (c - 1).
            a, b = self.expr(ctx, ty, depth - 1, exact), self.expr(ctx, ty, depth - 1, exact)
            T = CPP[ty]
            V, E = (a.V + b.V) * (h.c - 1), (a.E + b.E) * (h.c - 1)
            if is_float(ty) and not (a.exact and b.exact):
                E += V
            return Expr('(gen_pair<%s>{%s, %s} + gen_pair<%s>{%s, %s}).mix()'
                        % (T, a.code, b.code, T, b.code, a.code), ty, V, E, max(a.G, b.G) + 2)
        args = [self.expr(ctx, ty, depth - 1, exact) for _ in range(h.arity)]
        return h.call(ty, args)

    # -------------------------------------------------------------- statements
    def loop_ranges(self, ext, outer_opts):
        """prange headers over extents ext: (header code, LoopVar) per dimension."""
        rng = self.rng
        res = []
        for d, e in enumerate(ext):
            name = 'ijl'[d] if len(ext) <= 3 else 'i%d' % d
            k = rng.random()
            if k < 0.35:
                head, lv = 'clpar::prange(%s)' % self.extent_code(d, e), LoopVar(name, 'size_t', 0, e)
            elif k < 0.5:
                head, lv = 'clpar::prange(%d)' % e, LoopVar(name, 'int', 0, e)
            elif k < 0.75:
                lo, hi = rng.randint(0, e // 3), rng.randint((2 * e) // 3, e)
                hi = max(hi, lo + 1)
                if rng.random() < 0.5:
                    head, lv = 'clpar::prange(%d, %d)' % (lo, hi), LoopVar(name, 'int', lo, hi)
                else:
                    head, lv = ('clpar::prange(std::size_t(%d), std::size_t(%d))' % (lo, hi),
                                LoopVar(name, 'size_t', lo, hi))
            else:
                lo, st = rng.randint(0, 2), rng.randint(2, 4)
                lo = min(lo, e - 1)
                head, lv = 'clpar::prange(%d, %d, %d)' % (lo, e, st), LoopVar(name, 'int', lo, e)
            res.append((head, lv))
        if outer_opts:
            head, lv = res[0]
            head += rng.choice(['.schedule(clpar::dynamic, %d)' % rng.randint(1, 8),
                                '.schedule(clpar::static_)', '.schedule(clpar::guided)',
                                '.num_threads(%d)' % rng.randint(1, 3), '.on(clpar::host)',
                                '.on(clpar::automatic)', '.unchecked()'])
            res[0] = (head, lv)
        return res

    def extent_code(self, d, e):
        return self._extent_view + '.extent(%d)' % d if getattr(self, '_extent_view', None) \
            else 'std::size_t(%d)' % e

    def reduction(self, ctx, n_iter, out):
        """Declares a reduction variable, returns (decl, update code, name)."""
        rng = self.rng
        ty = rng.choice(['int', 'unsigned', 'float', 'double', 'size_t', 'int', 'double'])
        name = self.fresh('r')
        kinds = ['+=', '-=', 'min', 'max', '*=']
        if not is_float(ty):
            kinds += ['&=', '|=', '^=']
        k = rng.choice(kinds)
        if is_unsigned(ty) and k == '-=':
            k = '+='
        T = CPP[ty]

        def float_sum(t, init):
            """(V, E, G) of init plus n_iter terms bounded as t."""
            V = init.V + n_iter * t.V
            E = n_iter * (t.E + t.V)
            if not (t.exact and V * 2 ** t.G < 2 ** (MANT[ty] - 1)):
                E += V
            else:
                E = 0.0
            return V, E, t.G

        if k in ('+=', '-=') and is_float(ty) and rng.random() < 0.3:
            # A std::complex sum: both parts, or a real term (the imaginary part stays).
            t = self.expr(ctx, ty, rng.randint(1, 2))
            init = lit(ty, rng.choice([0.0, 1.5, -4.0]))
            init_im = lit(ty, rng.choice([0.0, 2.0, -0.5]))
            re = float_sum(t, init)
            if rng.random() < 0.7:
                u = self.expr(ctx, ty, rng.randint(1, 2))
                im = float_sum(u, init_im)
                upd = '%s %s std::complex<%s>(%s, %s);' % (name, k, T, t.code, u.code)
            else:
                im = (init_im.V, 0.0, init_im.G)
                upd = '%s %s %s;' % (name, k, t.code)
            decl = 'std::complex<%s> %s{%s, %s};' % (T, name, init.code, init_im.code)
            parts = [('%s.real()' % name, Expr('%s.real()' % name, ty, *re)),
                     ('std::imag(%s)' % name, Expr('std::imag(%s)' % name, ty, *im))]
            return decl, upd, parts
        if k in ('+=', '-='):
            if is_float(ty):
                t = self.expr(ctx, ty, rng.randint(1, 2))
                init = lit(ty, rng.choice([0.0, 1.5, -4.0]))
                V, E, G = float_sum(t, init)
            elif ty == 'int':
                t = self.expr(ctx, ty, rng.randint(1, 2))
                if t.V * n_iter > INT_LIMIT:
                    t = Expr('(%s %% 64)' % t.code, 'int', 63)
                init, V, E, G = lit(ty, rng.randint(-20, 20)), 20 + n_iter * t.V, 0.0, 0
            else:
                t = self.expr(ctx, ty, rng.randint(1, 2))
                init, V, E, G = lit(ty, rng.randint(0, 9)), INF, 0.0, 0
            upd = '%s %s %s;' % (name, k, t.code)
        elif k in ('min', 'max'):
            t = self.expr(ctx, ty, rng.randint(1, 2))
            init = lit(ty, rng.choice([0, 3, 100]) if not is_float(ty) else rng.choice([0.0, 2.5, -50.0]))
            if ty == 'int' and rng.random() < 0.5:
                init = lit(ty, -100)
            f = rng.choice(['std::', 'clpar::'])
            upd = '%s = %s%s(%s, %s);' % (name, f, k, name, t.code)
            V, E, G = max(init.V, t.V), (t.E + t.V if not t.exact else 0.0), max(init.G, t.G)
        elif k == '*=':
            if is_float(ty):
                u = self.expr(ctx, ty, 1)
                term = '(%s + %s * %s(%s))' % (lit(ty, 1.0).code, lit(ty, 1 / 128).code,
                                                 'std::sin' if rng.random() < 0.5 else 'std::tanh',
                                                 u.code)
                init = lit(ty, rng.choice([1.0, 0.5, -2.0]))
                V = init.V * (1 + 1 / 128) ** n_iter
                E = V * n_iter * (u.E / 128 + 2)
                G = 0
                upd = '%s *= %s;' % (name, term)
            elif ty == 'int':
                c = self.cond(ctx)
                init, V, E, G = lit(ty, rng.choice([1, -3])), 3, 0.0, 0
                upd = '%s *= %s ? -1 : 1;' % (name, c)
            else:
                t = self.expr(ctx, ty, rng.randint(1, 2))
                init, V, E, G = lit(ty, 1), INF, 0.0, 0
                upd = '%s *= (%s) | %s;' % (name, t.code, lit(ty, 1).code)  # odd: never 0
        else:
            t = self.expr(ctx, ty, rng.randint(1, 2))
            init = lit(ty, rng.choice([0, 255, 1 << 20]) if k != '&=' else 0xFFFF)
            if is_unsigned(ty) and k == '&=':
                init = lit(ty, 4294967295 if ty == 'unsigned' else (1 << 40) - 1)
            upd = '%s %s %s;' % (name, k, t.code)
            V = INF if is_unsigned(ty) else 2 ** math.ceil(math.log2(max(init.V, t.V) + 2))
            E, G = 0.0, 0
        decl = '%s %s = %s;' % (T, name, init.code)
        return decl, upd, [(name, Expr(name, ty, V, E, G))]

    def loop_stmt(self, allow_outline=True):
        """A prange nest (perfect, or a row loop), with an output and/or reductions."""
        rng = self.rng
        ctx = Ctx(self)
        writable = [v for v in self.views if v.writable]
        out = rng.choice(writable) if rng.random() < 0.85 else None
        row_loop = out is not None and out.rank == 2 and rng.random() < 0.2
        if out is not None:
            ext = out.ext[:1] if row_loop else out.ext
            self._extent_view = out.name if not out.container else None
            ctx.used.add(out.name)
        else:
            src = rng.choice(self.views)
            ext = src.ext
            self._extent_view = src.name if not src.container else None
            ctx.used.add(src.name)
        heads = self.loop_ranges(ext, rng.random() < 0.4)
        self._extent_view = None
        ctx.vars = [lv for _, lv in heads]
        n_iter = math.prod(max(1, lv.hi - lv.lo) for lv in ctx.vars)
        body, pre = [], []
        ty = out.buf.ty if out is not None else None
        inner_k = None
        if row_loop:
            inner_k = LoopVar('k', 'size_t', 0, out.ext[1])
        if out is not None:
            ctx.forbidden.add(out.buf)
            idx = [lv.name for lv in ctx.vars] + ([inner_k.name] if row_loop else [])
            ctx.out = (out, idx)
        indent = '  ' * (len(heads) + 1)
        # Locals and inner accumulations.
        for _ in range(rng.randint(0, 2)):
            lty = rng.choice(['int', 'float', 'double'])
            name = self.fresh('t')
            kind = rng.random()
            if kind < 0.45:
                e = self.expr(ctx, lty, rng.randint(1, 2))
                body.append('const %s %s = %s;' % (CPP[lty], name, e.code))
                ctx.locals.append(Expr(name, lty, e.V, e.E, e.G))
            elif kind < 0.6:
                # A local array of arrays, filled in a nest and summed in another.
                R, C = rng.randint(2, 4), rng.randint(2, 4)
                rv = LoopVar(self.fresh('r'), 'int', 0, R)
                cv = LoopVar(self.fresh('c'), 'int', 0, C)
                ctx.vars.extend([rv, cv])
                a = self.expr(ctx, lty, rng.randint(1, 2))
                del ctx.vars[-2:]
                if lty == 'int' and a.V * R * C > INT_LIMIT:
                    a = Expr('(%s %% 64)' % a.code, 'int', 63)
                arr = self.fresh('m')
                if rng.random() < 0.5:
                    body.append('%s %s[%d][%d];' % (CPP[lty], arr, R, C))
                else:
                    body.append('std::array<std::array<%s, %d>, %d> %s{};' % (CPP[lty], C, R, arr))
                nest = 'for (int %s = 0; %s < %d; ++%s) for (int %s = 0; %s < %d; ++%s) ' % (
                    rv.name, rv.name, R, rv.name, cv.name, cv.name, C, cv.name)
                body.append(nest + '%s[%s][%s] = %s;' % (arr, rv.name, cv.name, a.code))
                body.append('%s %s = %s;' % (CPP[lty], name, lit(lty, 0).code))
                body.append(nest + '%s += %s[%s][%s];' % (name, arr, rv.name, cv.name))
                K = R * C
                V = K * a.V
                E = K * (a.E + a.V) if not (a.exact and is_float(lty) and V * 2 ** a.G < 2 ** 20) else 0.0
                if lty == 'int':
                    E = 0.0
                ctx.locals.append(Expr(name, lty, V, E, a.G))
            elif kind < 0.7:
                # A local array filled in a loop and summed through pointers: C++'s
                # iterators (std::accumulate over begin()/end() or the array's name) or a
                # pointer walked over it.
                K = rng.randint(2, 8 if not self.small else 4)
                kv = LoopVar(self.fresh('q'), 'int', 0, K)
                ctx.vars.append(kv)
                a = self.expr(ctx, lty, rng.randint(1, 2))
                ctx.vars.pop()
                if lty == 'int' and a.V * K > INT_LIMIT:
                    a = Expr('(%s %% 64)' % a.code, 'int', 63)
                arr = self.fresh('w')
                std = rng.random() < 0.5
                if std:
                    body.append('std::array<%s, %d> %s{};' % (CPP[lty], K, arr))
                    first, last = ('%s.begin()' % arr, '%s.end()' % arr) if rng.random() < 0.5 \
                        else ('%s.data()' % arr, '%s.data() + %d' % (arr, K))
                else:
                    body.append('%s %s[%d];' % (CPP[lty], arr, K))
                    first, last = (arr, '%s + %d' % (arr, K)) if rng.random() < 0.5 \
                        else ('std::begin(%s)' % arr, 'std::end(%s)' % arr)
                body.append('for (int %s = 0; %s < %d; ++%s) %s[%s] = %s;'
                            % (kv.name, kv.name, K, kv.name, arr, kv.name, a.code))
                if rng.random() < 0.5:
                    body.append('const %s %s = std::accumulate(%s, %s, %s);'
                                % (CPP[lty], name, first, last, lit(lty, 0).code))
                else:
                    p = self.fresh('p')
                    body.append('%s %s = %s;' % (CPP[lty], name, lit(lty, 0).code))
                    body.append('for (const %s *%s = %s; %s != %s; ++%s) %s += *%s;'
                                % (CPP[lty], p, first, p, last, p, name, p))
                V = K * a.V
                E = K * (a.E + a.V) if not (a.exact and is_float(lty) and V * 2 ** a.G < 2 ** 20) else 0.0
                if lty == 'int':
                    E = 0.0
                ctx.locals.append(Expr(name, lty, V, E, a.G))
            else:
                K = rng.randint(2, 12 if not self.small else 5)
                kv = LoopVar('k%d' % self.count, rng.choice(['int', 'size_t']), 0, K)
                ctx.vars.append(kv)
                a = self.expr(ctx, lty, rng.randint(1, 2))
                ctx.vars.pop()
                if lty == 'int' and a.V * K > INT_LIMIT:
                    a = Expr('(%s %% 64)' % a.code, 'int', 63)
                body.append('%s %s = %s;' % (CPP[lty], name, lit(lty, 0).code))
                if rng.random() < 0.8:
                    body.append('for (%s %s = 0; %s < %d; ++%s) %s += %s;'
                                % (CPP[kv.ty], kv.name, kv.name, K, kv.name, name, a.code))
                else:  # the work in the increment, before the count: the comma operator
                    body.append('for (%s %s = 0; %s < %d; %s += %s, ++%s) {}'
                                % (CPP[kv.ty], kv.name, kv.name, K, name, a.code, kv.name))
                V = K * a.V
                E = K * (a.E + a.V) if not (a.exact and is_float(lty) and V * 2 ** a.G < 2 ** 20) else 0.0
                if lty == 'int':
                    E = 0.0
                ctx.locals.append(Expr(name, lty, V, E, a.G))
        if rng.random() < 0.15:
            body.append('if (%s) continue;' % self.cond(ctx))
        reds = []
        for _ in range(rng.randint(0 if out is not None else 1, 2)):
            decl, upd, sc = self.reduction(ctx, n_iter * (out.ext[1] if row_loop else 1), out)
            reds.append((decl, upd, sc))
        for _, upd, _ in reds:
            body.append(upd)
        if out is not None:
            if row_loop:
                ctx.vars.append(inner_k)
            e = self.expr(ctx, ty, rng.randint(1, 3))
            target = out.at(ctx.out[1])
            r = rng.random()
            if r < 0.2 and not is_unsigned(ty):
                e2 = self.expr(ctx, ty, rng.randint(0, 2))
                old = out.buf.value(target)
                stmt = '%s += %s;' % (target, e.code)
                out.buf.absorb(binop('+', old, e))
            elif r < 0.4:
                c = self.cond(ctx)
                e2 = self.expr(ctx, ty, rng.randint(0, 2))
                stmt = 'if (%s)\n%s  %s = %s;\n%selse\n%s  %s = %s;' % (
                    c, indent, target, e.code, indent, indent, target, e2.code)
                out.buf.absorb(e)
                out.buf.absorb(e2)
            else:
                stmt = '%s = %s;' % (target, e.code)
                out.buf.absorb(e)
            if rng.random() < 0.2:
                # Through a reference to the element, as C++ code often writes it, or a
                # pointer to it, as C code does.
                ref = self.fresh('d')
                if rng.random() < 0.7:
                    stmt = 'auto &%s = %s;\n%s%s' % (ref, target, indent,
                                                     stmt.replace(target + ' ', ref + ' '))
                else:
                    stmt = 'auto *%s = &%s;\n%s%s' % (ref, target, indent,
                                                      stmt.replace(target + ' ', '(*%s) ' % ref))
            if row_loop:
                stmt = 'for (std::size_t k = 0; k < %s.extent(1); ++k) {\n%s  %s\n%s}' % (
                    out.name, indent, stmt.replace('\n', '\n  '), indent)
                if '\n' in stmt:
                    pass
            body.append(stmt)
        # Emit.
        code = []
        for d, (head, lv) in enumerate(heads):
            code.append('  ' * d + 'for (auto %s : %s)%s' % (lv.name, head, ' {' if d == len(heads) - 1 else ''))
        for s in body:
            code.append(indent + s.replace('\n', '\n'))
        code.append('  ' * (len(heads) - 1) + '}')
        decls = [d for d, _, _ in reds]
        for _, _, parts in reds:
            self.scalars += parts
        # An outlined loop returns its one reduction's value: not a complex one's parts.
        outline = allow_outline and rng.random() < 0.3 and len(reds) <= 1 and 'lam' not in ctx.used \
            and all(len(parts) == 1 for _, _, parts in reds)
        if outline:
            return self.outline(code, decls, reds, ctx)
        if allow_outline and len(heads) == 1 and not reds and 'lam' not in ctx.used \
                and rng.random() < 0.4:
            return self.library_call(code, heads[0], 'p%d_%s' % (self.index, self.fresh('k')),
                                     ctx)
        return decls + code

    def product_stmt(self):
        """A product: out(i, j) = init + sum over k of x(i, k) * y(k, j), the shape the
        kernel's tiled form takes (Analysis/ProductTiles.h), with x and y any two rank-2
        views of other buffers (transposed, strided, reversed, sub-blocks, the same one
        twice) and the bounds the three allow.  None where no views fit."""
        rng = self.rng
        outs = [v for v in self.views if v.writable and not v.container and v.rank == 2
                and v.buf.ty in ('int', 'float', 'double')]
        if not outs:
            return None
        out = rng.choice(outs)
        acc = out.buf.ty
        # int products of int views only: no floating point to integer conversion.
        srcs = [v for v in self.views if not v.container and v.rank == 2 and v.buf is not out.buf
                and v.buf.V != INF
                and (v.buf.ty == 'int' if acc == 'int' else v.buf.ty in ('int', 'float', 'double'))]
        if not srcs:
            return None
        x, y = rng.choice(srcs), rng.choice(srcs)
        m, n = min(out.ext[0], x.ext[0]), min(out.ext[1], y.ext[1])
        K = min(x.ext[1], y.ext[0])
        xa = convert(x.buf.value('%s(i, k)' % x.name), acc)
        ya = convert(y.buf.value('%s(k, j)' % y.name), acc)
        term = binop('*', xa, ya)
        if acc == 'int' and term.V * (K + 1) > INT_LIMIT:
            return None
        # The sum of K terms, as the inner accumulations above bound it.
        V = K * term.V
        exact = term.exact and (not is_float(acc) or V * 2 ** term.G < 2 ** 20)
        E = 0.0 if exact or acc == 'int' else K * (term.E + term.V)
        name = self.fresh('p')
        init = (lit(acc, rng.choice([0, 0, 1, -2])) if acc != 'int'
                else lit('int', rng.randint(-3, 3)))
        bound = lambda view, d, e: ('%s.extent(%d)' % (view.name, d)
                                    if view.ext[d] == e and rng.random() < 0.5 else str(e))
        code = ['for (auto i : clpar::prange(%s))' % bound(out, 0, m),
                '  for (auto j : clpar::prange(%s)) {' % bound(out, 1, n),
                '    %s %s = %s;' % (CPP[acc], name, init.code),
                '    for (std::size_t k = 0; k < %s; ++k)' % bound(x, 1, K),
                '      %s += %s;' % (name, term.code)]
        total = Expr(name, acc, V + init.V, E, term.G)
        target = out.at(['i', 'j'])
        if rng.random() < 0.25:
            code.append('    %s += %s;' % (target, name))
            out.buf.absorb(binop('+', out.buf.value(target), total))
        else:
            code.append('    %s = %s;' % (target, name))
            out.buf.absorb(total)
        code.append('  }')
        return code

    def outline(self, code, decls, reds, ctx):
        """Moves a loop into a function, a function template, a generic lambda or a
        member function of a class template, called here."""
        rng = self.rng
        kind = rng.choice(['function', 'template', 'lambda', 'class'])
        name = 'p%d_%s' % (self.index, self.fresh('k'))
        params = []
        for v in self.views:
            if v.name in ctx.used and not v.container:
                params.append((self.view_type(v), v.name))
        for cname, ce in self.consts:
            if cname in ctx.used:
                if '.' in cname:  # a member of the constants' struct: the object goes whole
                    stype, obj = self.const_struct
                    if ('const %s &' % stype, obj) not in params:
                        params.append(('const %s &' % stype, obj))
                else:
                    params.append(('const %s' % CPP[ce.ty], cname))
        containers = [v for v in self.views if v.container and v.name in ctx.used]
        if containers and kind != 'lambda':
            kind = 'lambda'
        ret = 'void'
        body = ['  ' + d for d in decls] + ['  ' + c for c in code]
        if reds:
            rname, rexpr = reds[0][2][0]
            ret = CPP[rexpr.ty]
            body.append('  return %s;' % rname)
            self.scalars.remove(reds[0][2][0])
            self.scalars.append((rname, rexpr))
        call_args = ', '.join(n for _, n in params)
        assign = '%s %s = ' % (ret, reds[0][2][0][0]) if reds else ''
        if kind == 'lambda':
            ps = ', '.join('auto %s' % n for _, n in params)
            cap = '[&]' if containers else '[]'
            lines = ['auto %s = %s(%s) {' % (name, cap, ps)] + body + ['};',
                     '%s%s(%s);' % (assign, name, call_args)]
            return lines
        if kind == 'function':
            ps = ', '.join('%s %s' % p for p in params)
            self.outlined += ['static %s %s(%s) {' % (ret, name, ps)] + body + ['}', '']
            return ['%s%s(%s);' % (assign, name, call_args)]
        if kind == 'template':
            # The output's (or first view's) element type becomes T.
            first = next((p for p in params if p[0].startswith('clpar::view')), None)
            if first is None:
                self.outlined += ['static %s %s() {' % (ret, name)] + body + ['}', '']
                return ['%s%s();' % (assign, name)]
            T = first[0].split('<')[1].split(',')[0].split('>')[0].replace('const ', '')
            ps = []
            for t, n in params:
                if n == first[1]:
                    t = t.replace('<%s' % T, '<T', 1).replace('<const %s' % T, '<const T', 1)
                ps.append('%s %s' % (t, n))
            self.outlined += ['template <class T>', 'static %s %s(%s) {' % (ret, name, ', '.join(ps))] \
                + body + ['}', '']
            return ['%s%s(%s);' % (assign, name, call_args)]
        # A class template whose members are the views and constants.
        members = ['  %s %s;' % (t if t.startswith('clpar') or t.endswith('&')
                                 else t.replace('const ', ''), n)
                   for t, n in params]
        self.outlined += ['template <class Tag>', 'struct %s {' % name] + members + \
            ['  %s run() const {' % ret] + ['  ' + b for b in body] + ['  }', '};', '']
        return ['%s%s<int>{%s}.run();' % (assign, name, call_args)]

    def library_call(self, code, head, name, ctx):
        """The loop's body as a lambda (capturing by reference, or by copy where the
        containers it uses are std::vectors or std::arrays it only reads, which the copy
        holds) that a function template calls for each index of the range it is given,
        directly or through std::invoke, as a header-only library does."""
        rng = self.rng
        range_text, lv = head
        take = rng.choice(['F f', 'F &&f', 'const F &f'])
        call = 'std::forward<F>(f)' if take == 'F &&f' else 'f'
        if rng.random() < 0.5:
            call_text = 'std::invoke(%s, %s)' % (call, lv.name)
        else:
            call_text = '%s(%s)' % (call, lv.name)
        self.outlined += ['template <class R, class F>',
                          'static void %s(R range, %s) {' % (name, take),
                          '  for (auto %s : range)' % lv.name,
                          '    %s;' % call_text, '}', '']
        text = '\n'.join(code)
        written = set(ctx.forbidden) | ({ctx.out[0].buf} if ctx.out else set())
        containers = [v for v in self.views if v.container and re.search(r'\b%s\b' % v.name, text)]
        copyable = all(not v.buf.builtin and v.buf not in written
                       for v in containers)
        cap = '[=]' if copyable and rng.random() < 0.5 else '[&]'
        # The iteration's `continue` is the lambda's `return`.
        body = ['  ' + line.replace(') continue;', ') return;') for line in code[1:-1]]
        fn = '%s(auto %s) {' % (cap, lv.name)
        if rng.random() < 0.5:
            return ['%s(%s, %s' % (name, range_text, fn)] + body + ['});']
        var = self.fresh('fn')
        return ['const auto %s = %s' % (var, fn)] + body + ['};', '%s(%s, %s);' % (name, range_text, var)]

    def view_type(self, v):
        T = CPP[v.buf.ty] if v.writable else 'const ' + CPP[v.buf.ty]
        return 'clpar::view<%s>' % T if v.rank == 1 else 'clpar::view<%s, %d>' % (T, v.rank)

    def slice_spec(self, ext, count, allow_neg=True):
        """A slice of a dimension of extent ext selecting count elements."""
        rng = self.rng
        opts = [s for s in ([1, 2, 3, -1, -2] if allow_neg else [1, 2, 3])
                if (count - 1) * abs(s) < ext]
        s = rng.choice(opts)
        span = (count - 1) * abs(s)
        if s > 0:
            b = rng.randint(0, ext - 1 - span)
            e = b + span + 1
            if e == ext and b == 0 and s == 1 and rng.random() < 0.5:
                return 'clpar::all'
            if s == 1:
                return 'clpar::slice(%d, %d)' % (b, e)
            return 'clpar::slice(%d, %d, %d)' % (b, e if rng.random() < 0.5 else min(ext + 5, e + abs(s) - 1), s)
        b = rng.randint(span, ext - 1)
        e = b - span - 1
        return 'clpar::slice(%d, %d, %d)' % (b, e, s)

    def slice_operand(self, shape, ty, dest_buf=None):
        """A view of some buffer sliced to shape (which may drop dimensions)."""
        rng = self.rng
        cands = []
        for v in self.views:
            if v.container:
                continue
            if is_float(ty) != is_float(v.buf.ty):
                continue
            if v.rank < len(shape):
                continue
            # Dimensions of v not in shape get an integer index; the rest must fit.
            dims = list(range(v.rank))
            keep = sorted(rng.sample(dims, len(shape)))
            if all(v.ext[d] >= c for d, c in zip(keep, shape)):
                cands.append((v, keep))
        if not cands:
            return None
        v, keep = rng.choice(cands)
        self.operands += 1
        parts = []
        for d in range(v.rank):
            if d in keep:
                parts.append(self.slice_spec(v.ext[d], shape[keep.index(d)]))
            else:
                parts.append(str(rng.randint(0, v.ext[d] - 1)))
        code = '%s[%s]' % (v.name, parts[0]) if v.rank == 1 else '%s(%s)' % (v.name, ', '.join(parts))
        e = v.buf.value(code)
        if v.buf.ty != ty:
            if is_unsigned(v.buf.ty) and not is_unsigned(ty):
                return None
            if is_float(ty):
                # Between float and double: the error carried over as convert() does (a
                # float's rounding differences, a sin's last bit on a GPU, scaled to
                # double's tolerance).
                c = convert(e, ty)
                return Expr('clpar::cast<%s>(%s)' % (CPP[ty], code), ty, c.V, c.E, c.G)
            e = Expr('clpar::cast<%s>(%s)' % (CPP[ty], code), ty, e.V, e.E, e.G)
            if e.V == INF and not is_unsigned(ty):
                return None
            rounded(e)
        return e

    def slice_expr(self, shape, ty, depth):
        rng = self.rng
        if depth <= 0 or rng.random() < 0.3:
            if rng.random() < 0.8:
                e = self.slice_operand(shape, ty)
                if e is not None:
                    return e
            if is_float(ty):
                return lit(ty, rng.choice([0.5, 2.0, 1.25, -1.0]))
            return lit(ty, rng.randint(1, 9))
        r = rng.random()
        a = self.slice_expr(shape, ty, depth - 1)
        if r < 0.5:
            b = self.slice_expr(shape, ty, depth - 1)
            op = rng.choice('+-*')
            e = binop(op, a, b)
            if (ty == 'int' and e.V > INT_LIMIT) or (is_float(ty) and e.V > FLOAT_LIMIT[ty]):
                return a
            return e
        if r < 0.65 and is_float(ty):
            return unary_math(rng.choice(['sqrt', 'log', 'sin', 'tanh', 'exp']), 'clpar::', a)
        if r < 0.8:
            # where(): the condition compares exact operands only.
            c = self.slice_operand(shape, ty)
            if c is None or not c.exact:
                return a
            b = self.slice_expr(shape, ty, depth - 1)
            cmp = rng.choice(['>', '<', '>='])
            return Expr('clpar::where(%s %s %s, %s, %s)' % (c.code, cmp, lit(ty, 0 if not is_float(ty) else 0.5).code,
                                                        a.code, b.code), ty, max(a.V, b.V),
                        max(a.E, b.E), max(a.G, b.G))
        if r < 0.9:
            b = self.slice_expr(shape, ty, depth - 1)
            f = rng.choice(['clpar::min', 'clpar::max'] + (['clpar::fmin', 'clpar::fmax'] if is_float(ty) else []))
            return Expr('%s(%s, %s)' % (f, a.code, b.code), ty, max(a.V, b.V), max(a.E, b.E), max(a.G, b.G))
        if ty == 'int':
            return Expr('(%s %% %d)' % (a.code, rng.randint(2, 9)), ty, min(a.V, 8))
        if is_unsigned(ty):
            return Expr('(%s ^ %s)' % (a.code, lit(ty, 0x5a5).code), ty, INF)
        return Expr('clpar::fabs(%s)' % a.code, ty, a.V, a.E, a.G)

    def slice_stmt(self):
        """A slice assignment or compound assignment (NumPy semantics on overlap)."""
        rng = self.rng
        dests = [v for v in self.views if v.writable and not v.container]
        d = rng.choice(dests)
        ty = d.buf.ty
        # The destination: each dimension a slice, or (rank > 1) sometimes an index.
        parts, shape = [], []
        for k, e in enumerate(d.ext):
            if d.rank > 1 and len(shape) < d.rank - 1 and rng.random() < 0.2:
                parts.append(str(rng.randint(0, e - 1)))
                continue
            c = rng.randint(1, e)
            parts.append(self.slice_spec(e, c))
            shape.append(c)
        if not shape:
            return []
        target = '%s[%s]' % (d.name, parts[0]) if d.rank == 1 else '%s(%s)' % (d.name, ', '.join(parts))
        e = self.slice_expr(shape, ty, rng.randint(1, 3))
        op = rng.choice(['=', '=', '+=', '-=', '*='])
        if op != '=' and not (is_float(ty) or ty == 'int'):
            op = '='
        if op == '*=':
            e2 = binop('*', d.buf.value(target), e)
            if (ty == 'int' and e2.V > INT_LIMIT) or (is_float(ty) and e2.V > FLOAT_LIMIT[ty]):
                op = '='
            else:
                d.buf.absorb(e2)
        if op in ('+=', '-='):
            d.buf.absorb(binop('+', d.buf.value(target), e))
        elif op == '=':
            d.buf.absorb(e)
        return ['%s %s %s;' % (target, op, e.code)]

    def array_expr(self, shape, ty, depth):
        """A slice expression with at least one view operand."""
        names = '|'.join(v.name for v in self.views if not v.container)
        while True:
            e = self.slice_expr(shape, ty, depth)
            if re.search(r'\b(%s)[\[(]' % names, e.code):
                return e

    def slice_reduction(self):
        rng = self.rng
        v = rng.choice([v for v in self.views if not v.container])
        ty = v.buf.ty
        shape = [rng.randint(1, e) for e in v.ext]
        if rng.random() < 0.3 and len(shape) > 1:
            shape = shape[1:]
        e = self.array_expr(shape, ty, rng.randint(0, 2))
        n = math.prod(shape)
        name = self.fresh('s')
        f = rng.choice(['sum', 'min', 'max', 'dot'])
        if f == 'dot':
            b = self.array_expr(shape, ty, 1)
            prod = binop('*', e, b)
            if ty == 'int' and prod.V * n > INT_LIMIT:
                f = 'sum'
            else:
                code = 'clpar::dot(%s, %s)' % (e.code, b.code)
                e = prod
        if f == 'sum':
            if ty == 'int' and e.V * n > INT_LIMIT:
                f = 'max'
            code = 'clpar::sum(%s)' % e.code
        if f in ('min', 'max'):
            code = 'clpar::%s(%s)' % (f, e.code)
            V, E = e.V, (0.0 if e.exact else e.E + e.V)
        else:
            V = n * e.V
            E = 0.0 if is_unsigned(ty) or ty == 'int' else n * (e.E + e.V)
            if is_float(ty) and e.exact and V * 2 ** e.G < 2 ** (MANT[ty] - 1):
                E = 0.0
            if is_unsigned(ty):
                V = INF
        # Sums of small integer types promote (C++ rules): auto keeps the result's type.
        self.scalars.append((name, Expr(name, ty, V, E, e.G)))
        return ['const auto %s = %s;' % (name, code)]

    def host_access(self):
        """Host code between regions: through containers, or (in a resident scope) through
        views after sync_host()."""
        rng = self.rng
        if self.in_scope is not None:
            views = [v for v in self.views if not v.container and v.buf in self.in_scope]
        else:
            views = [v for v in self.views if v.container]
        if not views:
            return []
        v = rng.choice(views)
        idx = [str(rng.randint(0, e - 1)) for e in v.ext]
        at = v.at(idx)
        lines = []
        if self.in_scope is not None:
            lines.append('%s.sync_host();' % v.name)
        if rng.random() < 0.5:
            name = self.fresh('h')
            lines.append('const %s %s = %s;' % (CPP[v.buf.ty], name, at))
            self.scalars.append((name, v.buf.value(name)))
        if v.writable:
            ty = v.buf.ty
            if is_float(ty):
                e = binop('+', binop('*', v.buf.value(at), lit(ty, 0.5)), lit(ty, 1.0))
            elif ty == 'int':
                e = binop('-', v.buf.value(at), lit(ty, 3))
            else:
                e = Expr('(%s ^ %s)' % (at, lit(ty, 0x35).code), ty, v.buf.V if v.buf.V == INF else v.buf.V + 64)
            lines.append('%s = %s;' % (at, e.code))
            v.buf.absorb(e)
        return lines

    def statements(self, count):
        rng = self.rng
        out = []
        for _ in range(count):
            r = rng.random()
            if r < 0.04:
                out += self.bounds_error()
            elif r < 0.16:
                out += self.product_stmt() or self.loop_stmt(allow_outline=self.in_scope is None)
            elif r < 0.5:
                out += self.loop_stmt(allow_outline=self.in_scope is None)
            elif r < 0.7:
                out += self.slice_stmt()
            elif r < 0.8:
                out += self.slice_reduction()
            elif r < 0.9:
                out += self.host_access()
            elif self.in_scope is None:
                out += self.resident_scope()
            else:
                out += self.loop_stmt(allow_outline=False)
        return out

    def bounds_error(self):
        """A loop that reads past a view's end on purpose, in a try block (SPEC 1.4): it
        must throw clpar::bounds_error.  It writes only a private vector, never printed:
        after the throw, which elements were written is unspecified."""
        rng = self.rng
        views = [v for v in self.views if not v.container and v.rank == 1]
        if not views:
            return []
        v = rng.choice(views)
        n = v.ext[0]
        name = self.fresh('oob')
        if rng.random() < 0.5:
            # Affine: the check can be made before the launch.
            index = 'i + %d' % rng.randint(1, 3)
        else:
            index = '(i * 7) %% %d' % (n + rng.randint(1, 5))
        return ['{',
                '  std::vector<%s> %s(%d);' % (CPP[v.buf.ty], name, n),
                '  try {',
                '    for (auto i : clpar::prange(%s.size()))' % v.name,
                '      %s[i] = %s[%s];' % (name, v.name, index),
                '    std::printf("%s: no bounds_error\\n");' % name,
                '  } catch (const clpar::bounds_error&) {',
                '    std::printf("%s: bounds_error\\n");' % name,
                '  }',
                '}']

    def resident_scope(self):
        rng = self.rng
        bufs = rng.sample(self.buffers, rng.randint(1, min(2, len(self.buffers))))
        keep = [rng.choice([v for v in b.views if not v.container]) for b in bufs]
        self.in_scope = set(bufs)
        before = len(self.scalars)
        body = self.statements(rng.randint(1, 3))
        self.in_scope = None
        # Scalars declared in the scope are printed before it ends.
        for name, e in self.scalars[before:]:
            body.append('gen::dump("%s", %s, %s);' % (name, name, error_scale(e.E)))
        del self.scalars[before:]
        return ['{', '  clpar::resident keep(%s);' % ', '.join(v.name for v in keep)] + \
            ['  ' + line for line in '\n'.join(body).split('\n')] + ['}']

    def generate(self, n_statements):
        self.make_buffers()
        self.make_consts()
        self.lines += self.statements(n_statements)
        if self.uses_lambda:
            self.lines.insert(0, 'const auto lam = [](auto x, auto y) { return x * y + y; };')
        for b in self.buffers:
            self.lines.append('gen::dump("%s", %s, %s);' % (b.name, b.name, error_scale(b.E)))
        for name, e in self.scalars:
            self.lines.append('gen::dump("%s", %s, %s);' % (name, name, error_scale(e.E)))
        fn = ['static void program_%d() {' % self.index] + \
            ['  ' + l for l in '\n'.join(self.lines).split('\n')] + ['}']
        return '\n'.join(self.outlined + fn)


def error_scale(E):
    return '%.6g' % E if E < 1e300 else '1e300'


class Helper:
    """A function defined at file scope and called in loop bodies, with its bounds."""

    def __init__(self, name, types, arity, exact, define, bound):
        self.name, self.types, self.arity, self.exact = name, types, arity, exact
        self.define, self.bound = define, bound

    def call(self, ty, args):
        V, E = self.bound(ty, args)
        return Expr('%s(%s)' % (self.name, ', '.join(a.code for a in args)), ty, V, E,
                    max(a.G for a in args) + (2 if self.name in ('gen_mix', 'gen_pair_mix') else 0))


def make_helpers(rng):
    c = rng.choice([2, 3])

    def fl(ty, V, E, exact_args):
        if is_float(ty) and not exact_args:
            return V, E + V
        return V, (0.0 if exact_args else E + V)

    helpers = [
        # Stateless function objects: the program's own with a templated call operator,
        # passed by value to a function template, and std::minus<>.
        Helper('gen_mix', ['int', 'float', 'double'], 2, True,
               'struct gen_times {\n  template <class T>\n  T operator()(T a) const { return a * T(%d); }\n};\n'
               'template <class F, class T>\nT gen_apply(F f, T x) {\n  return f(x);\n}\n'
               'template <class T>\nT gen_mix(T a, T b) {\n'
               '  return std::minus<>{}(gen_apply(gen_times{}, a), b);\n}' % c,
               lambda ty, a: fl(ty, c * a[0].V + a[1].V, c * a[0].E + a[1].E,
                                a[0].exact and a[1].exact)),
        # Lambdas that change a local they capture by reference, one by name and one by
        # [&].  Its value: x < lo ? lo : (x > hi ? hi : x).
        Helper('gen_clamp', ['int', 'float', 'double', 'unsigned'], 1, True,
               'template <class T>\nT gen_clamp(T x) {\n  const T lo = T(1), hi = T(%d);\n'
               '  T r = x;\n  auto raise_to = [&r](T bound) {\n    if (r < bound)\n'
               '      r = bound;\n  };\n  auto lower_to = [&](T bound) {\n    if (r > bound)\n'
               '      r = bound;\n  };\n  raise_to(lo);\n  lower_to(hi);\n  return r;\n}'
               % (50 * c),
               lambda ty, a: (min(a[0].V, 50 * c) if a[0].V != INF else 50 * c, a[0].E)),
        # |x| by its bits: std::bit_cast both ways (OpenCL's as_type).
        Helper('gen_soft', ['float'], 1, False,
               'static float gen_soft(float x) {\n'
               '  const float magnitude = std::bit_cast<float>(std::bit_cast<unsigned>(x) & 0x7fffffffu);\n'
               '  return x / (1.0f + magnitude);\n}',
               lambda ty, a: (1.0, 2 * a[0].E + 2)),
        # A std::pair returned by a function and taken apart by a structured binding; a
        # lambda without captures passed to a generic lambda that calls it.
        Helper('gen_step', ['float', 'double', 'int'], 1, True,
               'template <class T>\nstd::pair<T, int> gen_sign(T x) {\n'
               '  return {x, x > T(0) ? 1 : 0};\n}\n'
               'template <class T>\nT gen_step(T x) {\n  auto [y, positive] = gen_sign(x);\n'
               '  const auto apply = [](auto f, T v) { return f(v); };\n'
               '  if (positive)\n    y = apply([](T v) { return v * T(2); }, y);\n'
               '  else\n    y = -y;\n  return y;\n}',
               lambda ty, a: (2 * a[0].V, 2 * a[0].E)),
        Helper('gen_tri', ['int'], 1, True,
               'constexpr int gen_tri(int k) {\n  return k %% %d * (k %% %d + 1) / 2;\n}' % (37, 37),
               lambda ty, a: (36 * 37 / 2, 0.0)),
        # (x / 2 + 1) * x through std::complex<double>: the real part of a product with a
        # real number, the imaginary parts cancelling exactly.
        Helper('gen_poly', ['double'], 1, False,
               'static double gen_poly(double x) {\n  std::complex<double> z(x * 0.5, -x);\n'
               '  z += 1.0;\n  return (z * x).real() + std::imag(std::conj(z) + z);\n}',
               lambda ty, a: ((a[0].V / 2 + 1) * a[0].V, (a[0].V + 1) * a[0].E * 2 + (a[0].V / 2 + 1) * a[0].V)),
        # A struct of the program's (a record in kernels): a constructor, operators and a
        # const member function, used inside the helper on the elements of a local
        # std::array of them.  Its value: (x + y) * c - 2y.
        Helper('gen_pair_mix', ['int', 'float', 'double'], 2, True,
               'template <class T>\nstruct gen_pair {\n  T a, b;\n'
               '  gen_pair operator+(const gen_pair &o) const { return {a + o.a, b + o.b}; }\n'
               '  gen_pair &operator+=(const gen_pair &o) {\n    a += o.a;\n    b += o.b;\n'
               '    return *this;\n  }\n  T mix() const { return a * T(%d) - b; }\n};\n'
               'template <class T>\nT gen_pair_mix(T x, T y) {\n'
               '  std::array<gen_pair<T>, 2> p{{{x, y}, {y, T(0)}}};\n'
               '  p[0] += p[1];\n  return (p[0] + gen_pair<T>{T(0), y}).mix();\n}' % c,
               lambda ty, a: fl(ty, c * (a[0].V + a[1].V) + 2 * a[1].V,
                                c * (a[0].E + a[1].E) + 2 * a[1].E, a[0].exact and a[1].exact)),
        # A struct with an array member: a braced list leaving an element zero, an element
        # written, a const member function summing it in a range-based for; a function
        # returning a std::array, assigned whole and initializing one.  Its value: x + y.
        Helper('gen_trio_sum', ['int', 'float', 'double'], 2, True,
               'template <class T>\nstruct gen_trio {\n  T v[3];\n'
               '  T total() const {\n    T s = T(0);\n    for (T x : v)\n      s += x;\n'
               '    return s;\n  }\n};\n'
               'template <class T>\nstd::array<T, 2> gen_swap2(const std::array<T, 2> &a) {\n'
               '  return {a[1], a[0]};\n}\n'
               'template <class T>\nT gen_trio_sum(T x, T y) {\n  gen_trio<T> t{{x, y}};\n'
               '  t.v[2] = x;\n  std::array<T, 2> p{t.v[0], t.v[1]};\n  p = gen_swap2(p);\n'
               '  const std::array<T, 2> q = gen_swap2(p);\n'
               '  return t.total() - q[0] + (p[0] - q[1]);\n}',
               lambda ty, a: fl(ty, 2 * a[0].V + a[1].V, 2 * a[0].E + a[1].E,
                                a[0].exact and a[1].exact)),
        # A struct with a base class: a constructor initializing the base, the base's
        # member functions called on the derived object and from its own (`this->`, the
        # base depending on T), an inherited field read.  Its value: x + 2y.
        Helper('gen_based_sum', ['int', 'float', 'double'], 2, True,
               'template <class T>\nstruct gen_base {\n  T a;\n  T twice() const { return a + a; }\n'
               '  void add(T d) { a += d; }\n};\n'
               'template <class T>\nstruct gen_derived : gen_base<T> {\n  T b;\n'
               '  gen_derived(T x, T y) : gen_base<T>{x}, b(y) {}\n'
               '  T sum() const { return this->twice() + b; }\n};\n'
               'template <class T>\nT gen_based_sum(T x, T y) {\n  gen_derived<T> d(x, y);\n'
               '  d.add(y);\n  return d.sum() - d.a;\n}',
               lambda ty, a: fl(ty, 2 * a[0].V + 3 * a[1].V, 2 * a[0].E + 3 * a[1].E,
                                a[0].exact and a[1].exact)),
        # Pointers into local arrays: a function returning a pointer into the range it is
        # given, one writing through pointers to the caller's variables (C's
        # out-parameters), std::accumulate and std::max_element over a std::array, a
        # pointer walked over a built-in array.  Its value: (max - min of x, y) + x + y.
        Helper('gen_ptr_mix', ['int', 'float', 'double'], 2, True,
               'template <class T>\nconst T *gen_top(const T *first, const T *last) {\n'
               '  const T *best = first;\n  for (; first != last; ++first)\n'
               '    if (*best < *first)\n      best = first;\n  return best;\n}\n'
               'template <class T>\nvoid gen_span(const T *a, int n, T *lo, T *hi) {\n'
               '  *lo = *hi = a[0];\n  for (int k = 1; k < n; ++k) {\n'
               '    if (a[k] < *lo)\n      *lo = a[k];\n    if (*hi < a[k])\n      *hi = a[k];\n'
               '  }\n}\n'
               'template <class T>\nT gen_ptr_mix(T x, T y) {\n  T w[3] = {x, y, x};\n'
               '  std::array<T, 2> v{y, x};\n  T lo, hi;\n  gen_span(w, 3, &lo, &hi);\n'
               '  const T s = std::accumulate(v.begin(), v.end(), T(0));\n'
               '  const T *m = gen_top(w, w + 3);\n  T t = T(0);\n'
               '  for (const T *p = w + 1; p != w + 3; ++p)\n    t += *p;\n'
               '  return (hi - lo) + (*m - *std::max_element(v.data(), v.data() + v.size())) +\n'
               '         (t - s) + s;\n}',
               lambda ty, a: fl(ty, 3 * (a[0].V + a[1].V), 3 * (a[0].E + a[1].E),
                                a[0].exact and a[1].exact)),
        # <bit>'s counts and rotations (OpenCL's popcount, clz and rotate).
        Helper('gen_hash', ['unsigned', 'size_t'], 1, True,
               'template <class T>\nT gen_hash(T x) {\n  x ^= x >> 3;\n'
               '  x ^= T(std::popcount(x) + std::countl_zero(x)) + std::rotl(x, 5);\n'
               '  return x * T(%d);\n}' % rng.choice([31, 2654435761]),
               lambda ty, a: (INF, 0.0)),
    ]
    for h in helpers:
        h.c = c
    return helpers


def write_batch(seed, programs, size, only, out):
    rng = random.Random(seed)
    helpers = make_helpers(rng)
    bodies = []
    for p in range(programs):
        prng = random.Random('%d/%d' % (seed, p))
        prog = Program(prng, p, size, helpers)
        text = prog.generate(prng.randint(2, 4))
        if only is None or only == p:
            bodies.append((p, text))
    lines = ['// Generated by test/generated/gen.py --seed %d --programs %d --size %s%s: do not edit.'
             % (seed, programs, size, '' if only is None else ' --only %d' % only),
             '#include <clpar/clpar.hpp>', '', '#include "gen_support.hpp"', '',
             '#include <algorithm>', '#include <array>', '#include <bit>', '#include <cmath>',
             '#include <complex>', '#include <cstdio>',
             '#include <functional>', '#include <iterator>', '#include <numeric>',
             '#include <utility>',
             '#include <vector>', '']
    for h in helpers:
        lines += [h.define, '']
    for p, text in bodies:
        lines += [text, '']
    lines.append('int main() {')
    for p, _ in bodies:
        lines.append('  std::printf("== program %d (seed %d)\\n");' % (p, seed))
        lines.append('  program_%d();' % p)
    lines.append('}')
    with open(out, 'w') as f:
        f.write('\n'.join(lines) + '\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--seed', type=int, required=True)
    ap.add_argument('--programs', type=int, default=25)
    ap.add_argument('--size', choices=['normal', 'small'], default='normal')
    ap.add_argument('--only', type=int)
    ap.add_argument('-o', dest='out', required=True)
    args = ap.parse_args()
    write_batch(args.seed, args.programs, args.size, args.only, args.out)


if __name__ == '__main__':
    main()
