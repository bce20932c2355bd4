"""random.SystemRandom, which no harness answers: hidden randomness, which
the audit reports (exit status 3) every time."""
import random

import sa_harness

system = random.SystemRandom()
sa_harness.run(system.shuffle)
