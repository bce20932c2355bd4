"""Fisher-Yates rounding instead of flooring: round(u * i)."""
import random

import sa_harness


def rounded(deck):
    for i in range(len(deck) - 1, 0, -1):
        j = round(random.random() * i)
        deck[i], deck[j] = deck[j], deck[i]


sa_harness.run(rounded)
