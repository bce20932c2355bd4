/*
 * arc4random_uniform() with an off-by-one in its threshold: it keeps a
 * word only when it is above 2^B mod u, not at or above it, so it throws
 * back one good word too many.  The words it keeps are then one short of
 * a multiple of u, and some draws come up more often than others; a
 * census by layers proves it unfair:
 *
 *   shuffle-audit census --plugin wrong_threshold.so -n 3 \
 *       --raw-bits 2 --layers --depth 8
 */
#include <shuffle_audit.h>

static uint64_t
uniform(sa_oracle *o, uint64_t upper)
{
	uint64_t span = UINT64_C(1) << sa_word_bits(o);
	uint64_t min, r;

	if (upper < 2)
		return 0;
	min = (span - upper) % upper;
	do
		r = sa_word(o);
	while (r <= min);	/* the bug: r == min is a good word */
	return r % upper;
}

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)uniform(o, i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
