"""A generator of its own (a linear congruential one, Knuth's MMIX
constants), seeded from the clock's seconds inside the shuffle: it asks
the harness for nothing, so its deck follows the second it runs in,
which the audit reports as randomness of its own (exit status 3)."""
import time

import sa_harness


def shuffle(deck):
    state = int(time.time())
    for i in range(len(deck) - 1, 0, -1):
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        j = (state >> 33) % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]


sa_harness.run(shuffle)
