"""sa_harness.py - audit a Python shuffle with shuffle-audit, exactly.

Write a few lines that hand your shuffle to run():

    import sa_harness
    import random

    def my_shuffle(deck):
        for i in range(len(deck) - 1, 0, -1):
            j = random.randrange(i + 1)
            deck[i], deck[j] = deck[j], deck[i]

    sa_harness.run(my_shuffle)

and audit it:

    shuffle-audit census --exec 'python3 mine.py' -n 5

run() answers Python's own randomness from shuffle-audit, which walks
every run your shuffle can take.  Your function gets a list of the cards
0 .. n-1 and shuffles it in place, or returns the shuffled sequence.

  mode="draw" (the default) judges your loop.  random.Random._randbelow
  (and so randrange, randint, choice, sample and random.shuffle) asks
  "draw K", and random() (uniform, choices, ...) asks "real": a cell of M
  equal cells, M = lcm(1..n) unless --real-cells says otherwise, and a
  place among the run's earlier reals in it, so that floor(random() * k)
  is exactly uniform for every k dividing M and reals compare as
  independent uniform reals do (sorted(deck, key=lambda _:
  random.random()) is counted exactly).  getrandbits(k) is a draw below
  2^k when that has no more values than a real has cells (a coin is
  "draw 2"), else a real scaled to k bits, floor(u 2^k), so that keys
  compare exactly but as if two never tied: the run says "key 2^k" before
  its deck, and the audit states the odds that its keys tie and leaves
  the verdict to the model (exit status 4).  Fair here means your loop is
  right;
  a float's 53 bits are another question, answered by `shuffle-audit
  census -a durstenfeld --reduce multiply:53`.

  mode="library" judges CPython's own reduction: getrandbits(k) takes
  raw words of the --raw-bits B width, as the Mersenne Twister's 32-bit
  words are taken (the top k bits of one word; more bits from several),
  and _randbelow rejects as CPython does.  Exact at any B: getrandbits
  gives uniform k-bit numbers, so randrange, choice, sample and shuffle
  are counted as CPython runs them.  Rejection has no end of runs: audit
  it by layers (census --layers --depth D).  random() stays a real.

Every instance of random.Random is answered, the module's functions
(random.shuffle, random.randrange, ...) included.  A name bound before
run() to the C method random.random (from random import random) is not:
import this module first.  random.SystemRandom and os.urandom never are;
shuffle-audit sees such hidden randomness and says so.

The walk is streamed: run() offers it on its first line ("stream 1
plan"), and when shuffle-audit takes it, walks every run itself, in the
auditor's order, answering the hooks from its own odometer, and writes
each run's draws and deck in large writes with no reply awaited; the
auditor checks each run and replays runs of its choosing, each offered
as a plan (several plans in one write).  SHUFFLE_AUDIT_LOOP=N in the
environment walks N cards here, writing nothing, and prints the runs
and seconds (a benchmark's baseline).

In a test suite, assert_fair(shuffle, cards) runs the whole audit, as
`shuffle-audit census --exec ... -n CARDS --summary` would, from a test
of pytest or unittest:

    import sa_harness
    from shuffles import fisher_yates

    def test_fisher_yates_is_fair():
        sa_harness.assert_fair(fisher_yates, cards=5)

It returns the report when the shuffle is fair; raises AssertionError,
with the verdict, the report and the command that reproduces the audit
from a shell, when it is unfair or the model decides (exit status 1 or
4); and raises AuditError (a RuntimeError, which runners show as an
error) when the code misbehaved (3), the census refused its options (2)
or shuffle-audit is not found (SHUFFLE_AUDIT, a path, else PATH).  mode=
is run()'s, extra_args= further census options (with --layers, --depth
or --remainder, the report is the layers', not --summary's).  The
shuffle runs in a child process: a function importable by its module and
name is served by `python3 sa_harness.py MODULE:NAME` (which audits one
from a shell too); any other (a lambda, a closure, a function of
__main__) by its test run again alone (pytest NODE-ID, python3 -m
unittest ID, or the script), whose call of the same rank serves it
(SHUFFLE_AUDIT_CHILD=K), what the test did before the call done again.
The child speaks on descriptor 3; what else it writes to standard output
goes to standard error.

draw(k), real() and raw() ask shuffle-audit directly, for code that
takes its randomness from elsewhere.  An exception from the shuffle gives
the run up with a line "error ..." that shuffle-audit reports.  Lines are flushed before every
read that may wait (at the end of each run, unless the next run's line is
already read); --batch is understood.  Python 3.6 or
later, standard library only.
"""
import os
import random
import struct
import sys
import time

__all__ = ["run", "draw", "real", "raw", "assert_fair", "AuditError"]

_BITS = int(os.environ.get("SHUFFLE_AUDIT_RAW_BITS", "32"))
_CELLS = int(os.environ.get("SHUFFLE_AUDIT_REAL_CELLS", str(1 << 32)))
_PLACE = int(os.environ.get("SHUFFLE_AUDIT_REAL_PLACE", "0"))
_PLACES = 1 << 52  # a real's place within its cell, in 2^-52 of it
_out = sys.stdout
_lines = []        # standard input's whole lines read (os.read), ...
_li = 0            # ... those taken, ...
_rest = b""        # ... and the bytes read past the last of them
_np = 0            # this run's offered draws: how many (0: no plan), and
_pe = []           # each as (bound, value, the bound as the plan wrote it)
_at = 0            # the plan's draws taken so far
_used = []         # the words of "asked"
_told = True       # "asked" is said (or there was no plan)
_key_width = 0     # the run's narrowest wide key ("key K"), 0: none
_reals = {}        # the plan's reals taken this run: cell -> their places


def _fail(why):
    """Gives the run up: the reason goes to shuffle-audit, which reports
    it ("error ..."), and to standard error."""
    sys.stderr.write("sa_harness: %s\n" % why)
    sys.stderr.flush()
    text = "sa_harness: %s" % " ".join(str(why).splitlines())
    try:
        if _sbuf is not None:  # a streamed run, given up
            msg = text.encode("utf-8", "replace")[:1024]
            _sbuf.extend(b"RX" + struct.pack("<H", len(msg)) + msg)
            _out.buffer.write(_sbuf)
            _out.buffer.flush()
        else:
            _out.write("error %s\n" % text)
            _out.flush()
    except OSError:
        pass
    os._exit(2)


def _readline():
    """The next line of standard input, its newline kept ("" at its end),
    read here with os.read rather than through sys.stdin, so that whether
    a whole line already waits is known (_waiting); the whole lines of
    each read are decoded and split at once."""
    global _lines, _li, _rest
    while _li >= len(_lines):
        got = os.read(0, 1 << 16)
        if not got:
            line, _rest = _rest, b""
            return line.decode("utf-8", "replace")
        got = _rest + got
        nl = got.rfind(b"\n")
        if nl >= 0:
            _lines = got[:nl].decode("utf-8", "replace").split("\n")
            _li = 0
        _rest = got[nl + 1:]
    _li += 1
    return _lines[_li - 1] + "\n"


def _waiting():
    """Whether a whole line of input waits, read and not yet taken: the
    runs made again after a streamed walk come as many plans in one
    write, and their answers are flushed only when none waits."""
    return _li < len(_lines)


def _say(line):
    _out.write(line + "\n")


def _ask(line):
    """LINE to shuffle-audit, and its answer."""
    _tell()
    _say(line)
    _out.flush()
    answer = _readline()
    if not answer.endswith("\n"):
        _fail("shuffle-audit closed the line in the middle of a run")
    return answer


def _tell():
    global _told
    if not _told:
        _say(" ".join(["asked"] + _used))
        _told = True


def _take(bound, word):
    """The plan's next draw when it has the bound BOUND, else None; WORD
    is its word of "asked" (None: the bound, as the plan wrote it)."""
    global _at
    if _told:
        return None
    at = _at
    if at < _np and _pe[at][0] == bound:
        _used.append(_pe[at][2] if word is None else word)
        _at = at + 1
        return _pe[at][1]
    _tell()
    return None


def _p_draw(k):
    v = _take(k, None)
    return v if v is not None else int(_ask("draw %d" % k))


def draw(k):
    """A whole number in [0, k), 1 <= k <= 2**32."""
    return _draw(k)


def _real_at(cell, pos):
    """Cell CELL at place POS as a double, exactly as shuffle-audit makes
    it: (cell 2^d + a) / (M 2^d), pos = a 2^t with a odd, d = 52 - t."""
    t = (pos & -pos).bit_length() - 1
    d = 52 - t + _PLACE
    return ((cell << d) + (pos >> t)) / (_CELLS << d)


def _take_real():
    """The plan's next real: its cell, and its place among the earlier
    reals of the run in that cell when there are any; else None."""
    global _at
    if _told:
        return None
    if _at < _np and _pe[_at][0] == _CELLS:
        cell = _pe[_at][1]
        places = _reals.setdefault(cell, [])
        k = len(places)
        if k == 0 or (_at + 1 < _np and _pe[_at + 1][0] == k + 1):
            gap = _pe[_at + 1][1] if k else 0
            lo = places[gap - 1] if gap > 0 else 0
            hi = places[gap] if gap < k else _PLACES
            places.insert(gap, (lo + hi) // 2)
            _used.append("real")
            _at += 2 if k else 1
            return _real_at(cell, places[gap])
    _tell()
    return None


def _p_real():
    v = _take_real()
    return v if v is not None else float(_ask("real"))


def real():
    """A real in [0, 1): a cell of M and a place among the run's reals
    in it, so that floor(u * k) for k dividing M and comparisons between
    reals are exact."""
    return _real()


def _p_raw():
    v = _take(1 << _BITS, "raw")
    return v if v is not None else int(_ask("raw"))


def raw():
    """A raw word of the --raw-bits B width."""
    return _raw()


_draw, _real, _raw = _p_draw, _p_real, _p_raw

# ---- The streamed walk: the odometer here, a run's draws and deck out.
# The record of the odometer, a digit each: its value, bound, kind (0 a
# draw, 1 a raw word, 2 a real's cell, 3 a real's place) and, for a
# real, the double it gave.
_V, _B, _T, _U = [], [], [], []
_pos = 0           # the digit the run is at
_req = 0           # the run's requests so far (places not counted)
_cap = 0           # the most requests a run makes before it is cut
_from = 0          # the first digit that differs from the run before
_cut = None        # the item of the draw a run was cut at, else None
_mix = 1           # the state of the answers past a cut
_sreals = {}       # the run's reals: cell -> their places, in order
_sbuf = None       # the transcript not yet written, while streaming
_RK = struct.Struct("<ccI").pack
_ITEM = {0: struct.Struct("<cII").pack, 1: struct.Struct("<cQQ").pack}
_REAL = struct.Struct("<cd").pack
_PEND = struct.Struct("<cI").pack
_PEND8 = struct.Struct("<cQ").pack


def _digit(bound, kind):
    """A new digit of the odometer at _pos, below BOUND, of KIND: the
    record from here on was another run's, and goes."""
    global _pos, _from
    p = _pos
    if p < len(_V):
        del _V[p:], _B[p:], _T[p:], _U[p:]
        if p < _from:
            _from = p
    _V.append(0)
    _B.append(bound)
    _T.append(kind)
    _U.append(0)
    _pos = p + 1
    return 0


def _mixed(k):
    """An answer past the cut: anything will do, since nothing past it
    is counted, and varied ones end a rejection loop soon."""
    global _mix
    _mix = (_mix * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return (_mix >> 17) % k if k >= 1 else 0


def _cut_at(item):
    """The run is cut at this request (the depth, or --max-draws): its
    item is written left open, and the rest of the run answered anyhow."""
    global _cut
    _cut = item


def _s_draw(k, kind=0):
    """A draw below K (KIND 0) or a raw word (KIND 1, K = 2^B) from the
    odometer, or past the run's cut, anyhow."""
    global _req, _pos
    if _cut is not None:
        return _mixed(k)
    if _req == _cap or not 1 <= k <= 1 << 32:
        _cut_at(_PEND8(b"w", _BITS) if kind else
                _PEND(b"d", k - 1) if 1 <= k <= 1 << 32 else
                _PEND8(b"b", k if k > 0 else 0))
        return _mixed(k)
    _req += 1
    p = _pos
    if p < len(_V) and _B[p] == k and _T[p] == kind:
        _pos = p + 1
        return _V[p]
    return _digit(k, kind)


def _s_below(self, k):
    """random.Random._randbelow in draw mode while the walk streams:
    _s_draw's own case of a draw below K, in one call where the hook
    would take three, since every draw of the shuffle passes here."""
    global _req, _pos
    if _cut is None and _req != _cap and 1 <= k <= 4294967296:
        _req += 1
        p = _pos
        if p < len(_V) and _B[p] == k and _T[p] == 0:
            _pos = p + 1
            return _V[p]
        return _digit(k, 0)
    return _s_draw(k)


def _s_raw():
    return _s_draw(1 << _BITS, 1)


def _s_real():
    global _req, _pos
    if _cut is not None:
        return (_mixed(1 << 53)) / (1 << 53)
    if _req == _cap:
        _cut_at(b"u")
        return _mixed(1 << 53) / (1 << 53)
    _req += 1
    at = _pos
    if at < len(_V) and _B[at] == _CELLS and _T[at] == 2:
        _pos = at + 1
        cell = _V[at]
    else:
        cell = _digit(_CELLS, 2)
    places = _sreals.setdefault(cell, [])
    k = len(places)
    gap = 0
    if k:
        p = _pos
        if p < len(_V) and _B[p] == k + 1 and _T[p] == 3:
            _pos = p + 1
            gap = _V[p]
        else:
            gap = _digit(k + 1, 3)
    lo = places[gap - 1] if gap > 0 else 0
    hi = places[gap] if gap < k else _PLACES
    places.insert(gap, (lo + hi) // 2)
    u = _real_at(cell, places[gap])
    _U[at] = u
    return u


def _repeats(done, every, floor):
    """How many times the walk's run DONE + 1 (in its part) is run again,
    as the auditor's engine does: one in EVERY, and the k-th at least
    ceil(FLOOR / k) times."""
    k = done + 1
    least = (floor + k - 1) // k
    base = 1 if done % every == 0 else 0
    return least if k <= floor and least > base else base


def _advance(skip, part, parts):
    """The odometer past its run, as the auditor's: the last digit that
    can move goes up and the digits after it go; the first moves to the
    next value of the part.  False when the walk is over."""
    global _from
    if skip:
        k = 1 if _V else 0
    else:
        k = len(_V)
        while k and _V[k - 1] + 1 == _B[k - 1]:
            k -= 1
    if k == 0:
        return False
    if k == 1:
        v = _V[0] + 1
        while v % parts != part and v < _B[0]:
            v += 1
        if v >= _B[0]:
            return False
        _V[0] = v
    else:
        _V[k - 1] += 1
    del _V[k:], _B[k:], _T[k:], _U[k:]
    _from = k - 1
    return True


def _dealt(shuffle, deck):
    """DECK through SHUFFLE, in place or as the sequence it returns; an
    exception gives the run up, saying why."""
    try:
        result = shuffle(deck)
    except Exception as e:  # the reason, to shuffle-audit
        _fail("the shuffle raised %s: %s" % (type(e).__name__, e))
    return deck if result is None else list(result)


def _run_once(shuffle, cards, out):
    """One run of the odometer as it stands; its transcript onto OUT
    (None: nothing written).  CARDS is the starting deck, 0 .. n-1."""
    global _pos, _req, _cut, _from
    _pos = _req = 0
    _cut = None
    if _sreals:
        _sreals.clear()
    n = len(cards)
    deck = _dealt(shuffle, cards[:])
    if _cut is None and _pos < len(_V):
        del _V[_pos:], _B[_pos:], _T[_pos:], _U[_pos:]
    if out is None:
        return
    f = _from if _from < _pos else _pos
    if f < _pos and _T[f] == 3:
        f -= 1
    kept = f - _T[:f].count(3) if _sreals else f
    out += _RK(b"R", b"K", kept)
    for d in range(f, _pos):
        t = _T[d]
        if t < 2:
            out += _ITEM[t](b"v" if t == 0 else b"W",
                            _B[d] - 1 if t == 0 else _BITS, _V[d])
        elif t == 2:
            out += _REAL(b"U", _U[d])
    if _cut is not None:
        out += _cut
        return
    out.append(68)  # D
    out.append(n)
    try:
        out += bytes(deck)
    except (TypeError, ValueError):
        out += bytes(c if type(c) is int and 0 <= c < 255 else 255
                     for c in deck)


def _walk(shuffle, n, part, parts, depth, most, every, floor, out):
    """Every run of SHUFFLE on N cards in the auditor's order, its
    transcript written to OUT (a binary file; None: nothing written)."""
    global _draw, _raw, _real, _cap, _from, _sbuf
    _draw, _raw, _real = _s_draw, _s_raw, _s_real
    cls = random.Random
    if cls._randbelow is _below:
        cls._randbelow = _s_below
    _cap = depth if depth else most
    del _V[:], _B[:], _T[:], _U[:]
    _from = 0
    buf = _sbuf = bytearray() if out is not None else None
    done = runs = 0
    cards = list(range(n))
    last = time.monotonic()
    while True:
        _run_once(shuffle, cards, buf)
        skip = parts > 1 and (_V[0] if _V else 0) % parts != part
        if _cut is None and not skip:
            # Past the first FLOOR runs, --repeat all runs each once.
            t = (1 if every == 1 and done >= floor else
                 _repeats(done, every, floor) if every else 0)
            while t:
                _from = len(_V)
                _run_once(shuffle, cards, buf)
                t -= 1
            done += 1
        runs += 1
        if buf is not None and (len(buf) > 65536 or (runs & 63 == 0 and
                                time.monotonic() - last > 0.01)):
            out.write(buf)
            out.flush()
            del buf[:]
            last = time.monotonic()
        if not _advance(skip, part, parts):
            break
    if buf is not None:
        buf += struct.pack("<ciH", b"E", 0, 0)
        out.write(buf)
        out.flush()
    _draw, _raw, _real = _p_draw, _p_raw, _p_real
    if cls._randbelow is _s_below:
        cls._randbelow = _below
    _sbuf = None
    return runs


def _scaled(self, k):
    """getrandbits(k) in draw mode: a draw below 2^k when that has no more
    values than a real has cells (exact, ties and all: a coin is a draw
    below 2), else a real scaled to k bits, floor(u 2^k), whose order is
    the reals' (keys as if two never tied), and whose ties the run tells
    before its deck ("key K", 2^k or, wider, 2^64 - 1, which bounds them
    too) for the audit to bound."""
    global _key_width
    if k < 0:
        raise ValueError("number of bits must be non-negative")
    if (1 << k) <= _CELLS:
        return draw(1 << k) if k > 0 else 0
    width = min(1 << k, (1 << 64) - 1)
    if _key_width == 0 or width < _key_width:
        _key_width = width
    import fractions
    return int(fractions.Fraction(real()) * (1 << k))


def _getrandbits(self, k):
    if k <= _BITS:
        return raw() >> (_BITS - k)
    value, shift = 0, 0
    while k > 0:
        w = raw()
        if k < _BITS:
            w >>= _BITS - k
        value |= w << shift
        shift += _BITS
        k -= _BITS
    return value


def _below(self, k):
    """random.Random._randbelow in draw mode: a draw below K; the plan's
    next, _take's own case, in one call where the hook would take three,
    since every draw of a run made again from a plan passes here."""
    global _at
    at = _at
    if at < _np and not _told:
        e = _pe[at]
        if e[0] == k:
            _used.append(e[2])
            _at = at + 1
            return e[1]
    return _draw(k)


def _hook(mode):
    cls = random.Random
    if mode == "draw":
        cls._randbelow = _below
        cls.getrandbits = _scaled
    elif mode == "library":
        cls._randbelow = cls._randbelow_with_getrandbits
        cls.getrandbits = _getrandbits
    else:
        _fail('mode must be "draw" or "library", not %r' % (mode,))
    cls.random = lambda self: real()
    # The module's functions are bound methods of one hidden instance;
    # the C methods among them were bound before the class changed.
    inst = random._inst
    for name in ("random", "getrandbits", "randrange", "randint", "choice",
                 "shuffle", "sample", "uniform", "choices", "randbytes"):
        if hasattr(random, name) and hasattr(inst, name):
            setattr(random, name, getattr(inst, name))


def _loop(shuffle, n):
    """SHUFFLE_AUDIT_LOOP=N: every run of N cards walked here, as the
    streamed walk walks them, and nothing written: the runs, the seconds."""
    start = time.perf_counter()
    runs = _walk(shuffle, n, 0, 1, 0, 1 << 20, 0, 0, None)
    _say("%d runs in %.6f s" % (runs, time.perf_counter() - start))
    _out.flush()


def run(shuffle, mode="draw"):
    """Answer shuffle-audit's runs with SHUFFLE(deck) until it is done."""
    _hook(mode)
    # Lines held until a flush, even under PYTHONUNBUFFERED or -u (whose
    # text layer writes each line through): the flushes are the harness's.
    if hasattr(_out, "reconfigure"):
        _out.reconfigure(write_through=False)
    if os.environ.get("SHUFFLE_AUDIT_LOOP"):
        _loop(shuffle, int(os.environ["SHUFFLE_AUDIT_LOOP"]))
        return
    first = _readline()
    if first.startswith("shuffle "):
        # The offer of a streamed walk, on the first line.
        # raw-place: no raw word is widened here (getrandbits takes the top
        # bits of one, or whole words side by side), so every placement
        # (SHUFFLE_AUDIT_RAW_PLACE) is honoured as it is.
        _say("stream 1 plan raw-place")
        _out.flush()
        answer = _readline().split()
        if answer[:1] == ["walk"] and len(answer) == 8:
            a = [int(w) for w in answer[1:]]
            _walk(shuffle, a[0], a[1], a[2], a[3], a[4], a[5], a[6],
                  _out.buffer)
            first = _readline()
        elif answer != ["plain"]:
            _fail("expected \"walk ...\" or \"plain\" from shuffle-audit,"
                  " not %r" % " ".join(answer))
    _serve_lines(shuffle, first)


class _Offers(dict):
    """A plan's words, "K:V", each as (K, V, "K"): the runs made again
    after a walk offer the same few again and again, and looking a word
    up costs a tenth of reading it.  At most 65,536 are kept (raw words
    and reals offer many)."""

    def __missing__(self, word):
        k, v = word.split(":")
        if not (k.isdigit() and v.isdigit()):
            raise ValueError
        if len(self) >= 1 << 16:
            self.clear()
        e = self[word] = (int(k), int(v), k)
        return e


_offers = _Offers()
_INT = {int}


def _serve_lines(shuffle, first):
    """The runs of the lines from FIRST on, each answered: its plan read
    at once, its answer ("asked", "key" and "deck") in one write."""
    global _np, _pe, _at, _used, _told, _key_width, _li
    cards, n, text = [], -1, {}
    line = first
    while line:
        words = line.split()
        if len(words) < 2 or words[0] != "shuffle":
            _fail("expected \"shuffle N\" from shuffle-audit, not %r"
                  % line.rstrip("\n"))
        _at, _used, _key_width = 0, [], 0
        if _reals:
            _reals.clear()
        if len(words) > 2 and words[2] == "plan":
            try:
                _pe = list(map(_offers.__getitem__, words[3:]))
            except ValueError:
                _fail("a plan's draw is K:V")
            _np, _told = len(_pe), False
        else:
            _np, _told = 0, True
        if words[1] != n:
            n = words[1]
            cards = list(range(int(n)))
            text = {c: str(c) for c in cards}
        deck = cards[:]
        try:
            result = shuffle(deck)
        except Exception as e:  # the reason, to shuffle-audit
            _fail("the shuffle raised %s: %s" % (type(e).__name__, e))
        if result is not None:
            deck = list(result)
        if _told:
            head = "deck "
        else:
            _told = True
            head = ("asked " + " ".join(_used) + "\ndeck " if _used else
                    "asked\ndeck ")
        if _key_width:
            head = head[:-5] + "key %d\ndeck " % _key_width
        # The cards' words from a table while they are whole numbers
        # (a bool or a float would find its equal's).
        if set(map(type, deck)) <= _INT:
            try:
                _out.write(head + " ".join(map(text.__getitem__, deck)) +
                           "\n")
            except KeyError:
                _out.write(head + " ".join(map(str, deck)) + "\n")
        else:
            _out.write(head + " ".join(map(str, deck)) + "\n")
        if _li < len(_lines):
            line = _lines[_li] + "\n"
            _li += 1
        else:
            _out.flush()  # before a read that may wait
            line = _readline()


# ---- The assertion: the audit from inside a test suite.

class AuditError(RuntimeError):
    """The audit could not judge the shuffle: the code misbehaved (exit
    status 3), shuffle-audit was called wrongly (2) or is missing.  A test
    runner reports it as an error, not as a failure of the shuffle."""


__unittest = True  # unittest's tracebacks end at the test's own line
_calls = {}        # assert_fair's calls so far, by the test that made them
_served = 0        # the calls so far in a child (SHUFFLE_AUDIT_CHILD)


def _unserved():
    """A child that ends without reaching the call it was to serve says so
    (the test did not run again as it ran before)."""
    sys.stderr.write("sa_harness: SHUFFLE_AUDIT_CHILD=%s, but the run made "
                     "%d call%s of assert_fair: the test did not run again "
                     "as it ran before\n" % (
                         os.environ.get("SHUFFLE_AUDIT_CHILD"), _served,
                         "" if _served == 1 else "s"))


if os.environ.get("SHUFFLE_AUDIT_CHILD") and __name__ != "__main__":
    import atexit
    atexit.register(_unserved)


def _binary():
    """The shuffle-audit to run and the name the reproducing command
    gives it: SHUFFLE_AUDIT if set, else the one on PATH."""
    __tracebackhide__ = True
    import shutil
    path = os.environ.get("SHUFFLE_AUDIT")
    if path:
        if os.path.isfile(path) and os.access(path, os.X_OK):
            return path, path
        raise AuditError("shuffle-audit not found: SHUFFLE_AUDIT is %s, "
                         "which is not an executable file" % path)
    found = shutil.which("shuffle-audit")
    if found is None:
        raise AuditError("shuffle-audit not found: SHUFFLE_AUDIT is not "
                         "set and no shuffle-audit on PATH (%s)"
                         % os.environ.get("PATH", ""))
    return found, "shuffle-audit"


def _here(path):
    """PATH as the child command names it: relative to the directory the
    test runs in when it lies below it, else whole."""
    path = os.path.abspath(path)
    rel = os.path.relpath(path)
    return path if rel == ".." or rel.startswith(".." + os.sep) else rel


def _root(name):
    """The sys.path entry that imports module NAME as it was imported."""
    mod = sys.modules[name]
    top = os.path.dirname(os.path.abspath(mod.__file__))
    for _ in range(name.count(".") + (1 if hasattr(mod, "__path__") else 0)):
        top = os.path.dirname(top)
    return top


def _importable(shuffle):
    """Module and dotted name by which a child imports SHUFFLE, or None
    (a lambda, a closure, a method, or a function of __main__)."""
    mod = getattr(shuffle, "__module__", None)
    qual = getattr(shuffle, "__qualname__", "")
    if (not mod or mod == "__main__" or not qual or "<" in qual
            or getattr(sys.modules.get(mod), "__file__", None) is None):
        return None
    obj = sys.modules[mod]
    for part in qual.split("."):
        obj = getattr(obj, part, None)
    return (mod, qual) if obj is shuffle else None


def _python():
    """This interpreter, as the child command names it: python3 when that
    is the same file on PATH, else its own path."""
    import shutil
    exe = sys.executable
    for name in ("python3", "python"):
        found = shutil.which(name)
        if found and os.path.realpath(found) == os.path.realpath(exe):
            return name
    return _q(exe)


def _q(word):
    """WORD quoted for sh where it needs it."""
    import shlex
    return shlex.quote(word)


def _rerun(frame):
    """The test that made this call, as a key and the command that runs it
    alone: under pytest its node id; under unittest its id (a script of
    __main__ run again with its name); a script of its own run again as
    it was.  None when no test can be found."""
    py = _python()
    q = _q
    current = os.environ.get("PYTEST_CURRENT_TEST")
    if current and "pytest" in sys.modules:
        node = current.rsplit(" (", 1)[0]
        path, _, rest = node.partition("::")
        here = path
        f = frame
        while f is not None:  # the test's file, found from its rootdir's path
            name = f.f_code.co_filename.replace(os.sep, "/")
            if name == path or name.endswith("/" + path):
                here = _here(f.f_code.co_filename)
                break
            f = f.f_back
        return node, "%s -m pytest -q -s -p no:cacheprovider %s" % (
            py, q(here + "::" + rest if rest else here))
    unit = sys.modules.get("unittest")
    f = frame
    while unit is not None and f is not None:
        test = f.f_locals.get("self")
        if isinstance(test, unit.TestCase):
            tid = test.id()
            if type(test).__module__ == "__main__":
                main = sys.modules["__main__"].__file__
                return tid, "%s %s %s" % (py, q(_here(main)),
                                          q(tid.split(".", 1)[1]))
            root = _here(_root(type(test).__module__))
            env = "" if root == "." else (
                "PYTHONPATH=%s${PYTHONPATH:+:$PYTHONPATH} " % q(root))
            return tid, "%s%s -m unittest %s" % (env, py, q(tid))
        f = f.f_back
    main = getattr(sys.modules.get("__main__"), "__file__", None)
    if main and sys.argv and sys.argv[0] and os.path.isfile(sys.argv[0]):
        return "", " ".join([py, q(_here(sys.argv[0]))] +
                            [q(a) for a in sys.argv[1:]])
    return None


def _child(shuffle, cards, mode, frame):
    """The --exec command that serves this call's shuffle, and its key
    among the calls: it imports the shuffle by name when it can, else runs
    the test again, whose K-th call (SHUFFLE_AUDIT_CHILD=K) serves it."""
    q = _q
    test = _rerun(frame)
    if test is not None:
        key = test[0]
        _calls[key] = _calls.get(key, 0) + 1
    named = _importable(shuffle)
    if named:
        mod, qual = named
        words = [_python(), q(_here(__file__))]
        root = _root(mod)
        if root != os.path.dirname(os.path.abspath(__file__)):
            words += ["--path", q(_here(root))]
        if mode != "draw":
            words += ["--mode", mode]
        words.append(q(mod + ":" + qual))
        return "SHUFFLE_AUDIT_CHILD=1 %s 3>&1 1>&2" % " ".join(words)
    if test is None:
        raise AuditError(
            "assert_fair cannot run the shuffle in a child: %r is not "
            "importable by name (a lambda, a closure or a function of "
            "__main__) and no pytest or unittest test called it" % shuffle)
    key, command = test
    return "SHUFFLE_AUDIT_CHILD=%d %s 3>&1 1>&2" % (_calls[key], command)


def _serve(shuffle, mode):
    """The child's part: the audit's line is descriptor 3 (the child
    command sends everything else written to standard output to standard
    error), the shuffle serves the walk, and the process ends."""
    global _out
    try:
        _out = os.fdopen(3, "w", encoding="utf-8", newline="\n")
    except OSError as e:
        sys.stderr.write("sa_harness: SHUFFLE_AUDIT_CHILD is set, but "
                         "descriptor 3, the audit's line, is not open (%s): "
                         "run the command an assertion's message gives\n"
                         % e.strerror)
        sys.stderr.flush()
        os._exit(2)
    run(shuffle, mode)
    _out.flush()
    sys.stderr.flush()
    os._exit(0)


def assert_fair(shuffle, cards, mode="draw", extra_args=()):
    """Audit SHUFFLE on CARDS cards as `shuffle-audit census --exec` does,
    from a test: its report (text) when fair; AssertionError, with the
    verdict, the report and the command that reproduces it, when unfair
    or when the model decides (exit status 1 or 4); AuditError when the
    code misbehaved (3), the census was called wrongly (2) or
    shuffle-audit is not found.  MODE is run()'s; EXTRA_ARGS are further
    census options, e.g. ["--raw-bits", "3", "--layers"].  The shuffle
    runs in a child process: a function importable by its module and name
    is imported there; any other (a lambda, a closure) is served by the
    test run again alone (pytest, unittest, or the script itself), its
    side effects before this call included."""
    __tracebackhide__ = True  # pytest shows the test's line, not these
    global _served
    if isinstance(cards, bool) or not isinstance(cards, int):
        raise TypeError("assert_fair: cards must be an int, not %r" % (cards,))
    if mode not in ("draw", "library"):
        raise ValueError('assert_fair: mode must be "draw" or "library", '
                         'not %r' % (mode,))
    if isinstance(extra_args, str):
        raise TypeError("assert_fair: extra_args is a list of options, "
                        "not a string")
    extra = [str(a) for a in extra_args]
    child = os.environ.get("SHUFFLE_AUDIT_CHILD")
    if child:
        _served += 1
        if str(_served) == child:
            _serve(shuffle, mode)
        return ""
    import subprocess
    path, shown = _binary()
    command = _child(shuffle, cards, mode, sys._getframe(1))
    # A census by layers prints its layers, with no --summary.
    layered = any(a.split("=")[0] in ("--layers", "--depth", "--remainder")
                  for a in extra)
    args = (["census", "--exec", command, "-n", str(cards)] +
            ([] if layered else ["--summary"]) + extra)
    env = dict(os.environ)
    env.pop("SHUFFLE_AUDIT_CHILD", None)
    done = subprocess.run([path] + args, stdin=subprocess.DEVNULL,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          env=env)
    report = done.stdout.decode("utf-8", "replace")
    said = done.stderr.decode("utf-8", "replace").strip()
    again = "reproduce (in %s): %s" % (
        os.getcwd(), " ".join(_q(w) for w in [shown] + args))
    if done.returncode == 0:
        return report
    verdict = _field(report, "verdict")
    if done.returncode in (1, 4):
        raise AssertionError("%s\n\n%s\n%s" % (verdict, report.rstrip("\n"),
                                               again))
    what = {2: "a usage error", 3: "the code misbehaved"}.get(
        done.returncode, "an error")
    # The auditor's and the harness's lines on standard error, those the
    # report's problem does not quote, else its last lines (a traceback's).
    problem = _field(report, "problem")
    why = [line for line in said.splitlines()
           if line.startswith(("shuffle-audit: ", "sa_harness: "))]
    if not why:
        why = said.splitlines()[-5:]
    why = [line for line in why if line not in problem]
    raise AuditError("shuffle-audit census exited %d, %s%s\n%s%s%s" % (
        done.returncode, what, ": " + problem if problem else "",
        "".join(w + "\n" for w in why),
        report.rstrip("\n") + "\n" if report.strip() else "", again))


def _field(report, name):
    """The value of the text report's field NAME, its wrapped lines
    joined, or ""."""
    lines = report.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(name + " "):
            words = [line[len(name):].strip()]
            for more in lines[i + 1:]:
                if not more.startswith(" ") or not more.strip():
                    break
                words.append(more.strip())
            return " ".join(words)
    return ""


def _main(argv):
    """python3 sa_harness.py [--path DIR]... [--mode MODE] MODULE:NAME:
    run(MODULE.NAME, MODE), the function imported with each DIR first on
    sys.path; with SHUFFLE_AUDIT_CHILD set, as assert_fair's child."""
    import importlib
    dirs, mode, words = [], "draw", list(argv)
    while len(words) > 1 and words[0] in ("--path", "--mode"):
        if words[0] == "--path":
            dirs.append(words[1])
        else:
            mode = words[1]
        del words[:2]
    if len(words) != 1 or ":" not in words[0]:
        sys.stderr.write("usage: python3 sa_harness.py [--path DIR]... "
                         "[--mode draw|library] MODULE:FUNCTION\n")
        sys.exit(2)
    sys.path[:0] = [os.path.abspath(d) for d in dirs]
    # The harness as the shuffle's module imports it, not this copy.
    me = importlib.import_module(
        os.path.splitext(os.path.basename(__file__))[0])
    if os.environ.get("SHUFFLE_AUDIT_CHILD"):
        import atexit
        atexit.unregister(me._unserved)  # no rank here: this serves
    name, _, qual = words[0].partition(":")
    obj = importlib.import_module(name)
    for part in qual.split("."):
        obj = getattr(obj, part)
    if os.environ.get("SHUFFLE_AUDIT_CHILD"):
        me._serve(obj, mode)
    me.run(obj, mode)


if __name__ == "__main__":
    _main(sys.argv[1:])
