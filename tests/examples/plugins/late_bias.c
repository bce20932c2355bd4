/*
 * A rejection loop that is fair for its first two rejections and biased
 * after: each draw below k is a draw below the power of two at or above
 * the cards, thrown back while it is k or more, but from a run's third throw on
 * the value thrown back is kept, reduced mod k.  Every run that throws
 * back at most twice is as fair as a correct loop, so a census by layers
 * to a depth that cuts the runs before their third throw sees uniform
 * layers only; one deep enough to finish them proves it unfair:
 *
 *   shuffle-audit census --plugin late_bias.so -n 3 --layers --depth 3
 *   shuffle-audit census --plugin late_bias.so -n 3 --layers --depth 4
 *
 * The first says the depth decides (exit 4): the runs still going hold
 * 1/16, so each ordering's chance is only known within 1/16 of 1/6.  The
 * second proves the first card too likely to end on top (exit 1).
 */
#include <shuffle_audit.h>

static uint64_t
below(sa_oracle *o, uint64_t k, uint64_t span, unsigned *thrown)
{
	uint64_t r;

	for (;;) {
		r = sa_draw(o, span);
		if (r < k)
			return r;
		if (++*thrown > 2)
			return r % k;	/* the bug: a third throw is kept */
	}
}

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	unsigned thrown = 0;
	uint64_t span = 1;

	while (span < n)
		span <<= 1;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)below(o, i, span, &thrown);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
