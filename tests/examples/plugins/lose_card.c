/* A "swap" that copies instead: cards get lost and duplicated. */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);

		deck[i - 1] = deck[j];	/* the card at i - 1 is gone */
	}
}
