"""The naive shuffle: every position swapped with any, random.randrange."""
import random

import sa_harness


def naive(deck):
    for i in range(len(deck)):
        j = random.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]


sa_harness.run(naive)
