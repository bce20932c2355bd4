/*
 * Durstenfeld's shuffle with rand() % k: the draw is reduced from a raw
 * word by the remainder, which favours small numbers unless k divides
 * the word's range.  The census enumerates every raw word of
 * --raw-bits bits (default 8).
 */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(sa_word(o) % i);	/* rand() % i */
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
