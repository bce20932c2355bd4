"""sorted() by getrandbits(32) keys: fair as counted (a real scaled to 32
bits), but two keys tie with odds 2^-32, which the count leaves out and
the report bounds: the model decides (exit status 4)."""
import random

import sa_harness

sa_harness.run(lambda deck: sorted(deck, key=lambda _: random.getrandbits(32)))
