"""Two shuffles to test: Fisher-Yates, and the naive swap with any card."""
import random


def fisher_yates(deck):
    for i in range(len(deck) - 1, 0, -1):
        j = random.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def naive(deck):
    for i in range(len(deck)):
        j = random.randrange(len(deck))
        deck[i], deck[j] = deck[j], deck[i]
