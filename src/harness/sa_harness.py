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

    shuffle-audit census --exec 'python3 mine.py' -n 5 --batch

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
  compare exactly (as if two never tied, which wide keys do with odds
  2^-k).  Fair here means your loop is right;
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

draw(k), real() and raw() ask shuffle-audit directly, for code that
takes its randomness from elsewhere.  An exception from the shuffle gives
the run up with a line "error ..." that shuffle-audit reports.  Lines are flushed before every
read and at the end of each run; --batch is understood.  Python 3.6 or
later, standard library only.
"""
import fractions
import os
import random
import sys

__all__ = ["run", "draw", "real", "raw"]

_BITS = int(os.environ.get("SHUFFLE_AUDIT_RAW_BITS", "32"))
_CELLS = int(os.environ.get("SHUFFLE_AUDIT_REAL_CELLS", str(1 << 32)))
_PLACE = int(os.environ.get("SHUFFLE_AUDIT_REAL_PLACE", "0"))
_PLACES = 1 << 52  # a real's place within its cell, in 2^-52 of it
_out = sys.stdout
_in = sys.stdin
_plan = None       # this run's offered draws, (bound, value), or None
_at = 0            # the plan's draws taken so far
_used = []         # the words of "asked"
_told = True       # "asked" is said (or there was no plan)
_reals = {}        # the plan's reals taken this run: cell -> their places


def _fail(why):
    """Gives the run up: the reason goes to shuffle-audit, which reports
    it ("error ..."), and to standard error."""
    sys.stderr.write("sa_harness: %s\n" % why)
    sys.stderr.flush()
    try:
        _out.write("error sa_harness: %s\n" % " ".join(str(why).splitlines()))
        _out.flush()
    except OSError:
        pass
    os._exit(2)


def _say(line):
    _out.write(line + "\n")


def _ask(line):
    """LINE to shuffle-audit, and its answer."""
    _tell()
    _say(line)
    _out.flush()
    answer = _in.readline()
    if not answer.endswith("\n"):
        _fail("shuffle-audit closed the line in the middle of a run")
    return answer


def _tell():
    global _told
    if not _told:
        _say(" ".join(["asked"] + _used))
        _told = True


def _take(bound, word):
    """The plan's next draw when it has the bound BOUND, else None."""
    global _at
    if _told:
        return None
    if _at < len(_plan) and _plan[_at][0] == bound:
        _used.append(word)
        _at += 1
        return _plan[_at - 1][1]
    _tell()
    return None


def draw(k):
    """A whole number in [0, k), 1 <= k <= 2**32."""
    v = _take(k, str(k))
    return v if v is not None else int(_ask("draw %d" % k))


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
    if _at < len(_plan) and _plan[_at][0] == _CELLS:
        cell = _plan[_at][1]
        places = _reals.setdefault(cell, [])
        k = len(places)
        if k == 0 or (_at + 1 < len(_plan) and _plan[_at + 1][0] == k + 1):
            gap = _plan[_at + 1][1] if k else 0
            lo = places[gap - 1] if gap > 0 else 0
            hi = places[gap] if gap < k else _PLACES
            places.insert(gap, (lo + hi) // 2)
            _used.append("real")
            _at += 2 if k else 1
            return _real_at(cell, places[gap])
    _tell()
    return None


def real():
    """A real in [0, 1): a cell of M and a place among the run's reals
    in it, so that floor(u * k) for k dividing M and comparisons between
    reals are exact."""
    v = _take_real()
    return v if v is not None else float(_ask("real"))


def raw():
    """A raw word of the --raw-bits B width."""
    v = _take(1 << _BITS, "raw")
    return v if v is not None else int(_ask("raw"))


def _scaled(self, k):
    """getrandbits(k) in draw mode: a draw below 2^k when that has no more
    values than a real has cells (exact, ties and all: a coin is a draw
    below 2), else a real scaled to k bits, floor(u 2^k), whose order is
    the reals' (keys as if two never tied)."""
    if k < 0:
        raise ValueError("number of bits must be non-negative")
    if (1 << k) <= _CELLS:
        return draw(1 << k) if k > 0 else 0
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


def _hook(mode):
    cls = random.Random
    if mode == "draw":
        cls._randbelow = lambda self, n: draw(n)
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


def run(shuffle, mode="draw"):
    """Answer shuffle-audit's runs with SHUFFLE(deck) until it is done."""
    global _plan, _at, _used, _told
    _hook(mode)
    for line in _in:
        words = line.split()
        if len(words) < 2 or words[0] != "shuffle":
            _fail("expected \"shuffle N\" from shuffle-audit, not %r"
                  % line.rstrip("\n"))
        _plan, _at, _used, _told = None, 0, [], True
        _reals.clear()
        if len(words) > 2 and words[2] == "plan":
            _plan = [tuple(map(int, w.split(":"))) for w in words[3:]]
            _told = False
        deck = list(range(int(words[1])))
        try:
            result = shuffle(deck)
        except Exception as e:  # the reason, to shuffle-audit
            _fail("the shuffle raised %s: %s" % (type(e).__name__, e))
        if result is not None:
            deck = list(result)
        _tell()
        _say("deck " + " ".join(map(str, deck)))
        _out.flush()
