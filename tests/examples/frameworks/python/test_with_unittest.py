import random
import unittest

import sa_harness
from shuffles import fisher_yates, naive


class TestShuffles(unittest.TestCase):
    def test_fisher_yates_is_fair(self):
        sa_harness.assert_fair(fisher_yates, cards=5)

    def test_naive_is_fair(self):  # fails: the naive shuffle is not
        sa_harness.assert_fair(naive, cards=4)

    def test_a_lambda(self):  # run again alone to serve it
        sa_harness.assert_fair(lambda deck: random.shuffle(deck), cards=4)

    def test_a_shuffle_that_raises(self):  # an error, not a failure
        sa_harness.assert_fair(lambda deck: deck.pop(9), cards=3)


if __name__ == "__main__":
    unittest.main()
