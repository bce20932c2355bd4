"""Shuffles no child can import by name (a closure, a lambda): the test
is run again alone, under pytest, to serve each."""
import random

import pytest

import sa_harness


@pytest.mark.parametrize("cards", [3, 4])
def test_a_closure(cards):
    def mine(deck):
        random.shuffle(deck)
    sa_harness.assert_fair(mine, cards=cards)


def test_a_shuffle_that_raises():  # an error, not a failure
    sa_harness.assert_fair(lambda deck: deck.pop(9), cards=3)
