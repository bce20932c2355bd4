/*
 * A fair shuffle that takes its time: Durstenfeld's, then 10 ms asleep,
 * so that an audit of 5 cards (120 draw sequences, each run twice) lasts
 * at least 2.4 s on any machine: long enough to show its progress.
 */
#define _POSIX_C_SOURCE 200809L
#include <time.h>

#include <shuffle_audit.h>

void
shuffle_audit_shuffle(unsigned *deck, size_t n, sa_oracle *o)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };

	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);	/* 0 <= j < i */
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
	while (nanosleep(&nap, &nap) != 0)
		;
}
