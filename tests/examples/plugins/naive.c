/* The naive shuffle: swap each card with any card.  Unfair. */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)sa_draw(o, n);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}
