"""random.shuffle as the standard library ships it."""
import random

import sa_harness

sa_harness.run(random.shuffle)
