#!/usr/bin/env python3
"""Audit CPython's random.shuffle as it really runs: by rejection.

A subclass of random.Random that defines getrandbits() gets CPython's
own _randbelow_with_getrandbits, the loop every shuffle runs: for a draw
below n it takes k = n.bit_length() bits and takes them again while they
make n or more.  This one answers getrandbits(k) from shuffle-audit's raw
words of B bits (SHUFFLE_AUDIT_RAW_BITS) the way CPython's Mersenne
Twister answers it from its 32-bit words: the top k bits of one word, or,
for more than B bits, words from the least significant end, the last cut
to its top bits.  Nothing of random.shuffle is replaced, so the census
by layers counts the standard library's code itself:

    shuffle-audit census --exec 'python3 cpython_getrandbits.py' \\
        -n 3 --raw-bits 2 --layers --depth 4

With --batch it takes the plan of draws offered with each run.
"""
import os
import random
import sys

BITS = int(os.environ.get("SHUFFLE_AUDIT_RAW_BITS", "32"))


class Run:
    """One run's raw words: from the plan while it lasts, then asked."""

    def __init__(self, plan):
        self.plan = plan
        self.used = []
        self.told = plan is None

    def word(self):
        if not self.told:
            at = len(self.used)
            if at < len(self.plan) and self.plan[at][0] == 1 << BITS:
                self.used.append("raw")
                return self.plan[at][1]
            self.tell()
        print("raw", flush=True)
        return int(sys.stdin.readline())

    def tell(self):
        if not self.told:
            print("asked", *self.used, flush=True)
            self.told = True


class RawWords(random.Random):
    run = None

    def getrandbits(self, k):
        if k <= BITS:
            return self.run.word() >> (BITS - k)
        value, shift = 0, 0
        while k > 0:
            w = self.run.word()
            if k < BITS:
                w >>= BITS - k
            value |= w << shift
            shift += BITS
            k -= BITS
        return value


rng = RawWords()
for line in sys.stdin:
    words = line.split()
    plan = None
    if len(words) > 2 and words[2] == "plan":
        plan = [tuple(map(int, w.split(":"))) for w in words[3:]]
    rng.run = Run(plan)
    deck = list(range(int(words[1])))
    rng.shuffle(deck)
    rng.run.tell()
    print("deck", *deck, flush=True)
