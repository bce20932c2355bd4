"""random.shuffle with CPython's own reduction: getrandbits, rejected."""
import random

import sa_harness

sa_harness.run(random.shuffle, mode="library")
