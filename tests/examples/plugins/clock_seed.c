/*
 * Durstenfeld's shuffle over rand(), seeded from the clock inside the
 * shuffle, every run: it asks the auditor for nothing, and its deck
 * follows the second it runs in.  The audit names it a breach (exit 3):
 * randomness of its own.
 */
#include <stdlib.h>
#include <time.h>

#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	(void)o;
	srand((unsigned)time(NULL));
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)rand() % i;
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}
