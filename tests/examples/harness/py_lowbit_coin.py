"""Fisher-Yates over coins from the low bit of a wide word."""
import random

import sa_harness


def shuffle(deck):
    for i in range(len(deck) - 1, 0, -1):
        j = i + 1
        while j > i:
            j = 0
            for _ in range(i.bit_length()):
                j = 2 * j + (random.getrandbits(32) & 1)
        deck[i], deck[j] = deck[j], deck[i]


sa_harness.run(shuffle)
