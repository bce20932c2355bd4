/*
 * bench.c - the census against the walker a careful programmer writes
 * first, timed in the same run, so the figures are ratios on one machine.
 *
 *   make bench                     n = 8 and 9 against the baseline,
 *                                  the census alone at 10 and 11
 *   BENCH_MAX=12 make bench        and at 12 (minutes, 4 GiB)
 *
 * The baseline recurses over all n^n runs of the naive shuffle, swapping
 * and unswapping, and ranks each leaf by its Lehmer code.  Both must give
 * the same tally; the bench checks that before it prints a ratio.
 */
#define _POSIX_C_SOURCE 200809L

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

int
main(void)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	const char *env = getenv("BENCH_MAX");
	size_t max = env ? (size_t)atoi(env) : 11;
	int failed = 0;

	printf("machine: %u cores, %.1f GiB\n", sa_cores(),
	    (double)sa_physical_memory() / (1 << 30));
	printf("%-28s %5s %12s %12s %10s\n", "census", "n", "seconds",
	    "runs/s", "ratio");
	/*
	 * The machines here are shared and noisy: each figure at 8 and 9
	 * cards is the best of three, taken in turns.
	 */
	for (size_t n = 8; n <= 9; n++) {
		uint64_t *tally = calloc(sa_factorial(n), sizeof *tally);
		unsigned deck[SA_PERM_MAX];
		double t0, base = 1e300, ours = 1e300, walked = 1e300, t;
		sa_census_opts wo = { .engine = SA_ENGINE_WALK };
		sa_census *c, *w;

		if (tally == NULL)
			return 1;
		for (int round = 0; round < 3; round++) {
			memset(tally, 0, sa_factorial(n) * sizeof *tally);
			for (size_t i = 0; i < n; i++)
				deck[i] = (unsigned)i;
			t0 = now();
			walk(deck, n, 0, tally);
			t = now() - t0;
			base = t < base ? t : base;
			t0 = now();
			if (sa_census_run(naive, n, &wo, &w) != SA_OK)
				return 1;
			t = now() - t0;
			walked = t < walked ? t : walked;
			t0 = now();
			if (sa_census_run(naive, n, NULL, &c) != SA_OK)
				return 1;
			t = now() - t0;
			ours = t < ours ? t : ours;
			for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
				if (sa_census_count(c, r) != tally[r] ||
				    sa_census_count(w, r) != tally[r])
					failed = 1;
			if (round < 2) {
				sa_census_free(c);
				sa_census_free(w);
			}
		}
		printf("%-28s %5zu %12.3f %12.3g %10s\n", "baseline walker", n,
		    base, (double)sa_census_about(c)->runs / base, "1");
		printf("%-28s %5zu %12.3f %12.3g %9.1fx\n", "naive walk engine", n,
		    walked, (double)sa_census_about(c)->runs / walked, base / walked);
		printf("%-28s %5zu %12.3f %12.3g %9.0fx\n", "naive census", n,
		    ours, (double)sa_census_about(c)->runs / ours, base / ours);
		sa_census_free(c);
		sa_census_free(w);
		free(tally);
	}
	for (size_t n = 10; n <= max; n++) {
		sa_census *c;
		double t0 = now(), t;

		if (sa_census_run(naive, n, NULL, &c) != SA_OK)
			return 1;
		t = now() - t0;
		printf("%-28s %5zu %12.3f %12.3g %10s  max %llu, peak %ld MiB\n",
		    "naive census", n, t, (double)sa_census_about(c)->runs / t, "",
		    (unsigned long long)sa_census_about(c)->max, peak_kib() / 1024);
		sa_census_free(c);
	}
	for (size_t n = 10; n <= max; n++) {
		sa_census *c;
		double t0 = now(), t;

		if (sa_census_run(durst, n, NULL, &c) != SA_OK)
			return 1;
		t = now() - t0;
		printf("%-28s %5zu %12.3f %12.3g %10s  fair %s\n",
		    "durstenfeld census", n, t, (double)sa_census_about(c)->runs / t, "",
		    sa_census_about(c)->fair ? "yes" : "NO");
		sa_census_free(c);
	}
	if (failed)
		printf("MISMATCH: the census and the baseline disagree\n");
	return failed;
}
