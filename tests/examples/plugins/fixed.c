/*
 * No shuffle at all: the deck reversed, every run the same.  It draws
 * nothing, so its census is one run on one ordering: unfair (exit 1),
 * which stays its verdict when that run is made again past a second.
 */
#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	(void)o;
	for (size_t i = 0; i < n / 2; i++) {
		unsigned t = deck[i];

		deck[i] = deck[n - 1 - i];
		deck[n - 1 - i] = t;
	}
}
