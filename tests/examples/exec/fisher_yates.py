#!/usr/bin/env python3
"""Durstenfeld's shuffle speaking shuffle-audit's exec protocol directly.

shuffle-audit writes "shuffle N" for each run; this answers with
"draw K" requests (reading each value back) and ends the run with
"deck P0 ... P(N-1)".  Run it as: shuffle-audit census --exec 'python3 fisher_yates.py'
"""
import sys


def draw(k):
    print("draw", k, flush=True)
    return int(sys.stdin.readline())


for line in sys.stdin:
    word, n = line.split()
    deck = list(range(int(n)))
    for i in range(len(deck) - 1, 0, -1):
        j = draw(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    print("deck", *deck, flush=True)
