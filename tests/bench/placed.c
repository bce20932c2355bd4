/*
 * tests/bench/placed.c - what placing a run's reals elsewhere in their
 * cells costs (issue 60), measured on one piece of code three ways, in
 * this process: Durstenfeld's shuffle over floor(u i) on 5 cards, its
 * reals from 60 cells (some 13 million runs), counted by the replay
 * engine with no run made again, with every run made again as it was
 * (the repeat), and with every run placed (counted near the low ends of
 * its cells, made again near the high ends in place of the repeat; one
 * in 64 and the first runs at an inner point too).  Processor time of
 * this process, best of three each; the ratios are the figures, placed
 * against the repeat's (target: at most 1.05, noise on this machine).
 * The three tallies must agree: a disagreement exits 1.  Nothing else
 * is asserted.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "shuffle_audit_plugin.h"

#define CARDS 5
#define CELLS 60

static double
cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void
floor_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)floor(sa_real(o) * (double)i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

/* The census's tally's first count and status under TWICE and PLACE;
 * the best of three CPU times into *SECONDS. */
static int
count(bool twice, unsigned place, double *seconds, uint64_t *first)
{
	const sa_shuffle sh = { .name = "floor", .summary = "floor(u i)",
	    .run = floor_run };
	sa_census_opts opts;
	sa_audit_opts ao;
	int status = SA_OK;

	*seconds = 0;
	for (int k = 0; k < 3 && status == SA_OK; k++) {
		sa_census *c = NULL;
		double t0;

		memset(&opts, 0, sizeof opts);
		opts.engine = SA_ENGINE_REPLAY;
		memset(&ao, 0, sizeof ao);
		ao.twice = twice;
		ao.real_cells = CELLS;
		ao.real_place = place;
		t0 = cpu();
		status = sa_census_run_audited(&sh, CARDS, &opts, &ao, &c);
		t0 = cpu() - t0;
		if (k == 0 || t0 < *seconds)
			*seconds = t0;
		if (status == SA_OK)
			*first = sa_census_count(c, 0);
		sa_census_free(c);
	}
	return status;
}

int
main(void)
{
	double none, again, placed;
	uint64_t a, b, c;

	if (count(false, 0, &none, &a) != SA_OK ||
	    count(true, 0, &again, &b) != SA_OK ||
	    count(true, SA_PLACED, &placed, &c) != SA_OK) {
		printf("MISMATCH: a census failed\n");
		return 1;
	}
	if (a != b || b != c) {
		printf("MISMATCH: the tallies disagree\n");
		return 1;
	}
	printf("placing reals: floor(u i) on %d cards, %d cells, CPU, best of "
	    "three\n", CARDS, CELLS);
	printf("  %-40s %8.2f s\n", "no run made again", none);
	printf("  %-40s %8.2f s  %5.2fx\n", "every run made again as it was",
	    again, again / none);
	printf("  %-40s %8.2f s  %5.2fx\n", "every run placed (low, then high)",
	    placed, placed / none);
	printf("  placed / repeat %.2f (target: at most 1.05): %s\n",
	    placed / again, placed <= 1.05 * again ? "met" : "not met");
	return 0;
}
