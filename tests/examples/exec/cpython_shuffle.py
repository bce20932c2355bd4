#!/usr/bin/env python3
"""Audit CPython's own random.shuffle, unmodified.

random.shuffle asks its generator's _randbelow(n) for each swap.  This
subclass of random.Random answers _randbelow by asking shuffle-audit over
the exec protocol ("draw n"), so the census counts every run the real
standard-library code can take.
"""
import random
import sys


class Oracle(random.Random):
    def _randbelow(self, n):
        print("draw", n, flush=True)
        return int(sys.stdin.readline())


rng = Oracle()
for line in sys.stdin:
    word, n = line.split()
    deck = list(range(int(n)))
    rng.shuffle(deck)
    print("deck", *deck, flush=True)
