/*
 * The naive shuffle over raw words, each reduced by r % n: at 4 cards
 * (a power of two) the reduction is exact at every width, so all of the
 * bias is the loop's, and widening the words does not shrink it.
 */
#include "sa_harness.h"

static void
naive(unsigned *deck, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)(sa_harness_raw() % n);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}

int
main(void)
{
	return sa_harness_run(naive);
}
