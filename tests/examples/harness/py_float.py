"""Fisher-Yates over random.random(): floor(u * (i + 1))."""
import math
import random

import sa_harness


def fisher_yates(deck):
    for i in range(len(deck) - 1, 0, -1):
        j = math.floor(random.random() * (i + 1))
        deck[i], deck[j] = deck[j], deck[i]


sa_harness.run(fisher_yates)
