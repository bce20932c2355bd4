/* loop.c N - the bare loop of make bench-audit (issue 65): Fisher-Yates
 * written plainly in C, its draws from an odometer rather than a
 * generator, over every run of N cards (N! of them), no harness.  Each
 * run's top card is tallied and the tally checked even (every card on top
 * (N-1)! times), so no compiler drops the loop.  Prints "RUNS runs in
 * SECS s", timed inside the program, as the harnesses' own loop
 * (SHUFFLE_AUDIT_LOOP) does; exit 1 if the tally is uneven. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 9;
	int deck[32], draw[32] = {0};
	unsigned long top[32] = {0}, runs = 0;
	struct timespec a, b;

	if (n < 1 || n > 20)
		return 2;
	clock_gettime(CLOCK_MONOTONIC, &a);
	for (;;) {
		int i;

		for (i = 0; i < n; i++)
			deck[i] = i;
		for (i = n - 1; i > 0; i--) {
			int j = draw[i], t = deck[i];

			deck[i] = deck[j];
			deck[j] = t;
		}
		top[deck[0]]++;
		runs++;
		for (i = 1; i < n && ++draw[i] > i; i++)
			draw[i] = 0;
		if (i == n)
			break;
	}
	clock_gettime(CLOCK_MONOTONIC, &b);
	for (int c = 1; c < n; c++)
		if (top[c] != top[0])
			return 1;
	printf("%lu runs in %.6f s\n", runs, (double)(b.tv_sec - a.tv_sec) +
	    (double)(b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
