import sa_harness
from shuffles import fisher_yates, naive


def test_fisher_yates_is_fair():
    sa_harness.assert_fair(fisher_yates, cards=5)


def test_naive_is_fair():  # fails: the naive shuffle is not
    sa_harness.assert_fair(naive, cards=4)
