/* A fair shuffle: Durstenfeld's, every draw from the oracle. */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);	/* 0 <= j < i */
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
