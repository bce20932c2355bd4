#!/usr/bin/env python3
"""Durstenfeld's shuffle speaking shuffle-audit's exec protocol directly.

shuffle-audit writes "shuffle N" for each run; this answers with
"draw K" requests (reading each value back) and ends the run with
"deck P0 ... P(N-1)".  Run it as: shuffle-audit census --exec 'python3 fisher_yates.py'

It speaks the batched protocol too (census --batch): a run offered as
"shuffle N plan K:V ..." takes each draw from the plan while the plan
has one of the bound it needs, says which it took ("asked K ...")
before anything else, and asks for the rest one line at a time.
"""
import sys


class Run:
    def __init__(self, plan):
        self.plan = plan
        self.used = []
        self.told = plan is None

    def draw(self, k):
        if not self.told:
            at = len(self.used)
            if at < len(self.plan) and self.plan[at][0] == k:
                self.used.append(k)
                return self.plan[at][1]
            self.tell()
        print("draw", k, flush=True)
        return int(sys.stdin.readline())

    def tell(self):
        if not self.told:
            print("asked", *self.used, flush=True)
            self.told = True


for line in sys.stdin:
    words = line.split()
    plan = None
    if len(words) > 2 and words[2] == "plan":
        plan = [tuple(map(int, w.split(":"))) for w in words[3:]]
    run = Run(plan)
    deck = list(range(int(words[1])))
    for i in range(len(deck) - 1, 0, -1):
        j = run.draw(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    run.tell()
    print("deck", *deck, flush=True)
