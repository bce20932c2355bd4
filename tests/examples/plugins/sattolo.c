/*
 * Fisher-Yates with an off-by-one: j below i instead of below i + 1,
 * which is Sattolo's algorithm, and only ever makes one long cycle.
 */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n - 1; i > 0; i--) {
		size_t j = (size_t)sa_draw(o, i);	/* should be i + 1 */
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}
