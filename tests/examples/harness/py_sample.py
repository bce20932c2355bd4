"""random.sample of the whole deck: fair (it draws through _randbelow)."""
import random

import sa_harness

sa_harness.run(lambda deck: random.sample(deck, len(deck)))
