/*
 * bench.c - the census against the walker a careful programmer writes
 * first, timed in the same run, so the figures are ratios on one machine.
 *
 *   make bench               the naive census of 8 to 12 cards and
 *                            Durstenfeld's of 10 to 12, each against its
 *                            goal, with the 1-minute load average beside
 *                            each figure (a few minutes, 4 GiB)
 *   BENCH_MAX=11 make bench  up to 11 cards only
 *
 * The baseline recurses over all n^n runs of the naive shuffle, swapping
 * and unswapping, and ranks each leaf by its Lehmer code.  At 8 and 9
 * cards every engine must give the baseline's tally; from 10 cards the
 * census must give the figures held in README (the commonest and the
 * rarest count), and Durstenfeld's must be fair.  The bench checks that
 * before it prints a ratio, and exits 1 on a mismatch.  Timings are the
 * best of three: a census's time at 12 cards moves by seconds with what
 * the kernel has to do to supply its fresh pages.  The goals are issue
 * 28's: the naive census of 12 cards in 15 s, Durstenfeld's in 2 s.
 *
 * It also times a copy on every core (STREAM's "copy", with memcpy), the
 * memory rate README's bound on the census divides by.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE		/* getloadavg */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "shuffle_audit.h"

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The 1-minute load average, or -1 where there is none. */
static double
load(void)
{
	double l[1];

	return getloadavg(l, 1) == 1 ? l[0] : -1;
}

static uint64_t
lehmer_rank(const unsigned *p, size_t n)
{
	uint64_t r = 0;

	for (size_t i = 0; i < n; i++) {
		unsigned smaller = 0;

		for (size_t j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r = r * (n - i) + smaller;
	}
	return r;
}

static void
walk(unsigned *deck, size_t n, size_t i, uint64_t *tally)
{
	if (i == n) {
		tally[lehmer_rank(deck, n)]++;
		return;
	}
	for (size_t j = 0; j < n; j++) {
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
		walk(deck, n, i + 1, tally);
		deck[j] = deck[i];
		deck[i] = t;
	}
}

static long
peak_kib(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_maxrss;
}

struct copy_job {
	char *to;
	const char *from;
	size_t len;
};

static void *
copy_part(void *arg)
{
	struct copy_job *c = arg;

	memcpy(c->to, c->from, c->len);
	return NULL;
}

/*
 * Bytes a second a copy of 512 MiB moves (read plus written), split over
 * the cores, best of three after one pass that faults the pages in.
 */
static double
copy_rate(void)
{
	enum { MAXT = 64 };
	size_t bytes = (size_t)512 << 20;
	unsigned threads = sa_cores() < MAXT ? sa_cores() : MAXT;
	char *a = malloc(bytes), *b = malloc(bytes);
	pthread_t tid[MAXT];
	struct copy_job job[MAXT];
	double best = 1e300;

	if (a == NULL || b == NULL) {
		free(a);
		free(b);
		return 0;
	}
	memset(a, 1, bytes);
	memset(b, 2, bytes);
	for (int round = 0; round < 4; round++) {
		double t0 = now(), t;

		for (unsigned k = 0; k < threads; k++) {
			job[k].to = b + bytes / threads * k;
			job[k].from = a + bytes / threads * k;
			job[k].len = bytes / threads;
			/* A thread that cannot start: its part here. */
			if (pthread_create(&tid[k], NULL, copy_part,
			    &job[k]) != 0) {
				copy_part(&job[k]);
				tid[k] = pthread_self();
			}
		}
		for (unsigned k = 0; k < threads; k++)
			if (!pthread_equal(tid[k], pthread_self()))
				pthread_join(tid[k], NULL);
		t = now() - t0;
		if (round > 0 && t < best)
			best = t;
	}
	free(a);
	free(b);
	return 2.0 * (double)bytes / best;
}

static int failed;

/* One figure: the best of ROUNDS censuses, with the load beside it. */
static double
timed(const sa_shuffle *sh, size_t n, const sa_census_opts *o, int rounds,
    sa_census **out, double *at_load)
{
	double best = 1e300;

	*out = NULL;
	for (int round = 0; round < rounds; round++) {
		double t0, t;
		sa_census *c;

		/* One census at a time: the peak is one census's. */
		sa_census_free(*out);
		*out = NULL;
		t0 = now();
		if (sa_census_run(sh, n, o, &c) != SA_OK) {
			printf("census of %zu cards failed\n", n);
			exit(1);
		}
		t = now() - t0;
		if (t < best) {
			best = t;
			*at_load = load();
		}
		*out = c;
	}
	return best;
}

static void
row(const char *what, size_t n, double seconds, double at_load,
    const char *ratio, const char *goal, int met)
{
	printf("%-20s %4zu %10.3f %6.2f %10s  %-14s %s\n", what, n, seconds,
	    at_load, ratio, goal, met < 0 ? "" : met ? "met" : "MISSED");
}

/* Figures held in README (from the census of the old engine). */
static const struct {
	size_t n;
	uint64_t max, min;
} held[] = {
	{ 10, 25118, 512 }, { 11, 91693, 1024 }, { 12, 340306, 2048 },
};

static void
check_held(const sa_census *c, size_t n)
{
	const sa_census_info *in = sa_census_about(c);

	for (size_t i = 0; i < sizeof held / sizeof held[0]; i++)
		if (held[i].n == n &&
		    (in->max != held[i].max || in->min != held[i].min)) {
			printf("MISMATCH: %zu cards: commonest %llu, rarest "
			    "%llu\n", n, (unsigned long long)in->max,
			    (unsigned long long)in->min);
			failed = 1;
		}
}

/* The baseline, the walk engine and the census at N cards, in turns. */
static void
against_baseline(const sa_shuffle *naive, size_t n)
{
	uint64_t *tally = calloc(sa_factorial(n), sizeof *tally);
	unsigned deck[SA_PERM_MAX];
	double base = 1e300, ours = 1e300, walked = 1e300, t0, t, l;
	double lb = 0, lw = 0, lo = 0;
	sa_census_opts wo = { .engine = SA_ENGINE_WALK };
	sa_census *c = NULL, *w = NULL;
	char ratio[32];

	if (tally == NULL)
		exit(1);
	for (int round = 0; round < 3; round++) {
		memset(tally, 0, sa_factorial(n) * sizeof *tally);
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		t0 = now();
		walk(deck, n, 0, tally);
		t = now() - t0;
		if (t < base)
			base = t, lb = load();
		sa_census_free(w);
		sa_census_free(c);
		t = timed(naive, n, &wo, 1, &w, &l);
		if (t < walked)
			walked = t, lw = l;
		t = timed(naive, n, NULL, 1, &c, &l);
		if (t < ours)
			ours = t, lo = l;
		for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
			if (sa_census_count(c, r) != tally[r] ||
			    sa_census_count(w, r) != tally[r])
				failed = 1;
	}
	row("baseline walker", n, base, lb, "1", "", -1);
	snprintf(ratio, sizeof ratio, "%.1fx", base / walked);
	row("naive walk engine", n, walked, lw, ratio, "", -1);
	snprintf(ratio, sizeof ratio, "%.0fx", base / ours);
	row("naive census", n, ours, lo, ratio, n == 9 ? ">= 100x" : "",
	    n == 9 ? base / ours >= 100 : -1);
	sa_census_free(c);
	sa_census_free(w);
	free(tally);
}

/*
 * The naive shuffle's card-by-position matrix of 1000 cards (issue 28's
 * goal: 60 s on two cores), best of three, after checking its largest
 * and smallest cells against those the chain followed card by card gave
 * (card 1 at position 0, card 999 at position 0; README).
 */
static void
matrix_row(void)
{
	double best = 1e300, at = 0;

	for (int round = 0; round < 3; round++) {
		double t0 = now(), t;
		sa_matrix *m;
		const sa_matrix_info *in;

		if (sa_matrix_run(sa_shuffle_find("naive"), 1000, NULL, &m) !=
		    SA_OK) {
			printf("matrix of 1000 cards failed\n");
			exit(1);
		}
		t = now() - t0;
		in = sa_matrix_about(m);
		if (in->max_card != 1 || in->max_pos != 0 ||
		    in->min_card != 999 || in->min_pos != 0) {
			printf("MISMATCH: the matrix of 1000 cards\n");
			failed = 1;
		}
		sa_matrix_free(m);
		if (t < best) {
			best = t;
			at = load();
		}
	}
	row("naive matrix", 1000, best, at, "", "< 60 s", best < 60);
}

int
main(void)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	const char *env = getenv("BENCH_MAX");
	size_t max = env ? (size_t)atoi(env) : 12;
	static const double goal[13] = { [10] = 0.5, [11] = 5, [12] = 15 };
	double rate = copy_rate(), l;

	printf("machine: %u cores, %.1f GiB; copy on every core %.1f GB/s "
	    "(read + written), load %.2f\n", sa_cores(),
	    (double)sa_physical_memory() / (1 << 30), rate / 1e9, load());
	printf("%-20s %4s %10s %6s %10s  %-14s %s\n", "census", "n", "seconds",
	    "load", "vs walker", "goal", "");
	for (size_t n = 8; n <= 9; n++)
		against_baseline(naive, n);
	for (size_t n = 10; n <= max && n <= 12; n++) {
		sa_census *c;
		double t = timed(naive, n, NULL, 3, &c, &l);
		char g[32];

		snprintf(g, sizeof g, "< %g s", goal[n]);
		check_held(c, n);
		row("naive census", n, t, l, "", g, t < goal[n]);
		sa_census_free(c);
	}
	for (size_t n = 10; n <= max && n <= 12; n++) {
		sa_census *c;
		double t = timed(durst, n, NULL, 3, &c, &l);

		if (!sa_census_about(c)->fair) {
			printf("MISMATCH: Durstenfeld's census of %zu cards is "
			    "not fair\n", n);
			failed = 1;
		}
		row("durstenfeld census", n, t, l, "", n == 12 ? "< 2 s" : "",
		    n == 12 ? t < 2 : -1);
		sa_census_free(c);
	}
	matrix_row();
	printf("peak memory %.2f GiB (goal: at most 4 GiB) %s\n",
	    (double)peak_kib() / (1 << 20),
	    peak_kib() <= 4L << 20 ? "met" : "MISSED");
	if (failed)
		printf("MISMATCH: a census and its check disagree\n");
	return failed;
}
