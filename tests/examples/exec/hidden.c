/*
 * hidden.c - an exec-protocol program that draws on a random source of
 * its own, which the auditor cannot see, one mode per argument:
 *
 *   all     asks for no draw at all: a Fisher-Yates over its own
 *           generator, seeded from the clock and the pid each start,
 *           what a shuffle over Math.random() or java.util.Random looks
 *           like when the harness does not answer it
 *   coin    a fair Fisher-Yates over "draw K", then a coin of its own
 *           swaps the first two cards, on runs whose first draw is 0
 *           only (a hidden source that shows in some runs, not all)
 *
 * Either way every census has a run whose deck changes half the time or
 * more when it is run again, so the audit must end with exit status 3
 * (a different result for the same draws), every time: tests/cli's
 * hidden-property case runs it 100 times.  It speaks --batch too (it
 * takes nothing from a plan).  Built by the Makefile into
 * build/exec/hidden.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static uint64_t state;

/* splitmix64 (Steele, Lea, Flood 2014): the hidden generator. */
static uint64_t
next(void)
{
	uint64_t z = (state += UINT64_C(0x9E3779B97F4A7C15));

	z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
	return z ^ (z >> 31);
}

/* "draw K" and its answer. */
static unsigned long
draw(unsigned long k)
{
	char line[64];

	printf("draw %lu\n", k);
	fflush(stdout);
	if (fgets(line, sizeof line, stdin) == NULL)
		exit(2);
	return strtoul(line, NULL, 10);
}

int
main(int argc, char **argv)
{
	int coin = argc > 1 && strcmp(argv[1], "coin") == 0;
	char line[1 << 16];
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	state = (uint64_t)ts.tv_nsec ^ ((uint64_t)ts.tv_sec << 32) ^
	    ((uint64_t)getpid() << 16);
	while (fgets(line, sizeof line, stdin) != NULL) {
		unsigned deck[64];
		size_t n = strtoul(line + 8, NULL, 10), first = 1;

		if (n > 64)
			return 2;
		if (strstr(line, " plan") != NULL)
			printf("asked\n");
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		for (size_t i = n; i > 1; i--) {
			size_t j = coin ? draw(i) : next() % i;
			unsigned t = deck[i - 1];

			if (i == n)
				first = j;
			deck[i - 1] = deck[j];
			deck[j] = t;
		}
		if (coin && n > 1 && first == 0 && next() % 2 == 0) {
			unsigned t = deck[0];

			deck[0] = deck[1];
			deck[1] = t;
		}
		printf("deck");
		for (size_t i = 0; i < n; i++)
			printf(" %u", deck[i]);
		printf("\n");
		fflush(stdout);
	}
	return 0;
}
