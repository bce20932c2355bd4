"""Card 2 swapped by thresholds at 0.3 and 0.6, then a coin: unfair.

The chances of the three places are 0.3, 0.3 and 0.4, so the orderings
come out 0.15, 0.15, 0.15, 0.15, 0.2 and 0.2: no cells of 2, 4, 6 or 12
put 0.3 on an edge, and the auditor finds 10 from where a run moves.
"""
import random

import sa_harness


def thresholds(deck):
    u = random.random()
    j = 0 if u < 0.3 else 1 if u < 0.6 else 2
    deck[2], deck[j] = deck[j], deck[2]
    if random.random() < 0.5:
        deck[0], deck[1] = deck[1], deck[0]


sa_harness.run(thresholds)
