"""sorted() by random keys: fair, ties and all (random() is a real)."""
import random

import sa_harness

sa_harness.run(lambda deck: sorted(deck, key=lambda _: random.random()))
