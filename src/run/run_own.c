/*
 * run_own.c - the count (run_count), and code that shuffles with
 * randomness of its own and asks the auditor for nothing.
 *
 * A run that draws nothing is the census's one run: every sequence of
 * draws is the empty one, so the census lands on one ordering and reads
 * "unfair".  That is the verdict for code that does not shuffle (a fixed
 * order), but not for code that seeds a generator of its own from the
 * clock: its deck follows the clock, not the draws, and it must be named
 * as a breach (exit 3), not judged.  The repeat that finds hidden
 * randomness in other code runs the run again at once, inside the same
 * second and often the same millisecond, so a clock seed gives the same
 * deck there.  Here the run is made again after more than a second, and
 * once more a second after that: a seed from time(), from the
 * milliseconds or from anything finer has changed by then.  A uniform
 * shuffle of its own over N cards still gives the same deck both times
 * with chance 1/(N!)^2 (1/36 at 3 cards, 1/576 at 4), the only miss.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <string.h>
#include <time.h>

#include "run.h"
#include "run_internal.h"

/* The pause before each run made again: past a second of time(). */
#define OWN_PAUSE_NS 1050000000L
#define OWN_AGAIN 2
/* A census's cards at most: N! below 2^64. */
#define OWN_MAX_N 20

/* Whether JOB is a census of one run (no draw, or none with a choice). */
static bool
one_run(const struct job *job, size_t n)
{
	const sa_census_info *info;

	if (job->depth != 0 || job->census == NULL || n < 2 || n > OWN_MAX_N)
		return false;
	info = sa_census_about(job->census);
	return !info->wide && info->sequences == 1 && info->runs == 1;
}

/* The rank of the ordering JOB's one run landed on. */
static uint64_t
landed(const struct job *job)
{
	const sa_census_info *info = sa_census_about(job->census);

	for (uint64_t r = 0; r < info->orderings; r++)
		if (sa_census_count(job->census, r) != 0)
			return r;
	return 0;
}

/* The ordering of rank R on N cards, "2 0 1", into BUF. */
static void
deck_words(uint64_t r, size_t n, char *buf, size_t size)
{
	unsigned p[OWN_MAX_N];
	size_t len = 0;

	sa_perm_unrank(r, n, p);
	buf[0] = '\0';
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%u",
		    i ? " " : "", p[i]);
}

/* Breach: the decks of rank FIRST and THEN, SECONDS apart. */
static int
own_breach(struct audit *au, size_t n, uint64_t first, uint64_t then,
    double seconds)
{
	char a[4 * OWN_MAX_N], b[4 * OWN_MAX_N];
	uint64_t val = 0, bound = 0;
	sa_replay_window w;

	memset(&w, 0, sizeof w);
	w.runs = 1;
	w.val = &val;
	w.bound = &bound;
	deck_words(first, n, a, sizeof a);
	deck_words(then, n, b, sizeof b);
	run_breach(au, SA_ENONDET, &w, "drew nothing from the auditor, yet "
	    "gave the deck %s and, %.2f s later, the deck %s: it shuffles "
	    "with randomness of its own (a generator seeded from the clock?), "
	    "which the auditor cannot see", a, seconds, b);
	return RUN_BREACH;
}

static int
own_randomness(struct audit *au, size_t n, const struct job *job)
{
	const struct timespec pause = { OWN_PAUSE_NS / 1000000000L,
	    OWN_PAUSE_NS % 1000000000L };
	uint64_t first;
	int status = RUN_OK;

	if (!one_run(job, n) || au->every == 0 || au->part_count != 0)
		return RUN_OK;
	first = landed(job);
	for (unsigned k = 1; k <= OWN_AGAIN && status == RUN_OK; k++) {
		struct job again;
		uint64_t then;

		memset(&again, 0, sizeof again);
		nanosleep(&pause, NULL);
		au->again = true;
		status = au->ops->count(au, n, &again);
		au->again = false;
		if (status == RUN_OK && one_run(&again, n) &&
		    (then = landed(&again)) != first)
			status = own_breach(au, n, first, then,
			    k * (double)OWN_PAUSE_NS / 1e9);
		run_job_free(&again);
	}
	return status;
}

/* The runs JOB's count made again with their reals placed elsewhere. */
static uint64_t
placed_in(const struct audit *au, const struct job *job)
{
	uint64_t lib = 0;

	if (job->census != NULL)
		lib = sa_census_about(job->census)->placed;
	else if (job->layers != NULL)
		lib = sa_layers_about(job->layers)->placed;
	return lib + au->placed_kept;
}

/* AU's code counted at M cells into JOB, the cells noted as tried. */
static int
count_at(struct audit *au, size_t n, struct job *job, uint64_t m)
{
	au->real_cells = m;
	if (au->ntried < sizeof au->cells_tried / sizeof au->cells_tried[0])
		au->cells_tried[au->ntried++] = m;
	au->placed_kept = 0;
	au->edge_cells = 0;
	return au->ops->count(au, n, job);
}

/* A count of AU's undone, to be made again at other cells. */
static void
count_undone(struct audit *au, struct job *job)
{
	run_job_free(job);
	au->what[0] = '\0';
	au->status = 0;
	au->run = 0;
	au->real_used = au->raw_used = false;
}

/*
 * The count at the fewest cells that keep every run on its deck: from
 * 2 up (sa_real_cells_next) to AU's cap, counted again at the next
 * whenever a run's deck moved with its reals placed elsewhere in their
 * cells (RUN_MODEL of reals), so that code whose reals decide only at
 * halves is counted at 2 cells, floor(u * k) at lcm(1..k), rounding at
 * twice that, and the cap is the last tried.  A count that placed no
 * run (plans, --repeat none) has shown nothing about its cells, so it
 * is made again at the cells given or the default, lcm(1..n), as a
 * part's is.  Code that draws no real is counted once.
 */
static int
count_cells(struct audit *au, size_t n, struct job *job)
{
	uint64_t m = 0, fixed;
	int status;

	if (au->cells_fixed == 0)
		au->cells_fixed = au->real_cells;
	fixed = au->cells_fixed;
	au->ntried = 0;
	au->placed_kept = 0;
	/* A part's cells are fixed: every part must count at the same. */
	if (au->cells_cap == 0 || au->part_count != 0)
		return au->ops->count(au, n, job);
	for (;;) {
		/* Where the last count's moved run proposes, when that is
		 * finer and within the cap; else the next of the list. */
		uint64_t e = au->edge_cells;

		if (m != 0 && e > m && e % m == 0 && e <= au->cells_cap)
			m = e;
		else if (sa_real_cells_next(n, m, au->cells_cap, &m) != SA_OK)
			m = au->cells_cap;
		status = count_at(au, n, job, m);
		if (status == RUN_OK && au->real_used && m != fixed &&
		    placed_in(au, job) == 0) {
			count_undone(au, job);
			status = count_at(au, n, job, fixed);
			au->ntried = 0;		/* none tried: nothing placed */
			return status;
		}
		if (status != RUN_MODEL || au->status != SA_EMODEL ||
		    !au->real_used || m >= au->cells_cap)
			return status;
		count_undone(au, job);
	}
}

int
run_count(struct audit *au, size_t n, struct job *job)
{
	int status;

	au->error[0] = '\0';
	status = count_cells(au, n, job);
	return status == RUN_OK ? own_randomness(au, n, job) : status;
}
