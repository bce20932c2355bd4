"""The naive shuffle over random.random()."""
import random

import sa_harness


def naive(deck):
    n = len(deck)
    for i in range(n):
        j = int(random.random() * n)
        deck[i], deck[j] = deck[j], deck[i]


sa_harness.run(naive)
