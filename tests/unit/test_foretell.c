/*
 * test_foretell.c - what a census says of its time before and while it
 * runs, with no clock read: the step engine's progress, told as the
 * share of its work done (a naive census of 11 cards, where the steps'
 * count once put the first line at 66.8%); the walk engine's, its
 * threads counted; sa_eta's time left on a clock the test keeps; and
 * sa_census_foretell's shape.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "shuffle_audit.h"

#define MOST 4096

static struct told {
	size_t len;
	double done[MOST];
} told;

static void
record(void *ctx, double done)
{
	(void)ctx;
	if (told.len < MOST)
		told.done[told.len++] = done;
}

/*
 * The step engine tells the share of its work, not of its steps, and the
 * work is weighed before the census starts (steps.c's step_work): the
 * tables' setup, each step's ways times the counts it reads.  On the
 * naive shuffle of 11 cards, one thread, the first six steps push from
 * the few orderings reached so far (11^5 < 11! / 64), the last five pull
 * the whole table, 11 ways each.  So, with no clock:
 *   - the setup is told first, in two halves (one a table);
 *   - the six pushes together are under a tenth of the work (the steps
 *     counted put them at 6/11, and the first line at 66.8%);
 *   - the pulls are told chunk by chunk, each step's end the same share
 *     past the one before (equal ways, equal table), a share larger
 *     than the setup's;
 *   - the summary's pass over the table follows the last step, a
 *     share of its own: the last step ends short of the whole, told
 *     once the summary is done (it was told at 100% for seconds);
 *   - the shares only grow, and end at the whole.
 * Whether this model's shares are the processor's is a matter of speed,
 * measured by make bench-progress, not asserted here.
 */
static void
test_progress_follows_work(void **state)
{
	sa_census_opts o;
	sa_census *c = NULL;
	double setup, ends[8] = { 0 }, step;
	size_t nends = 0, cheap = 0;

	(void)state;
	memset(&o, 0, sizeof o);
	o.threads = 1;
	o.progress = record;
	told.len = 0;
	assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 11, &o, &c),
	    SA_OK);
	sa_census_free(c);
	assert_true(told.len >= 20);
	setup = told.done[1];
	assert_true(told.done[0] > 0 && fabs(setup - 2 * told.done[0]) < 1e-9);
	assert_true(setup < 0.5);
	assert_true(told.done[told.len - 1] == 1.0);
	for (size_t i = 1; i < told.len; i++) {
		assert_true(told.done[i] >= told.done[i - 1]);
		if (told.done[i] < setup + 0.1)
			cheap++;
		/* A step's end is told twice: its last chunk, its end. */
		if (told.done[i] == told.done[i - 1] && told.done[i] > setup +
		    0.1 && nends < 8)
			ends[nends++] = told.done[i];
	}
	/* The setup's second half and the six pushes' ends. */
	assert_true(cheap >= 7);
	assert_true(nends >= 4);
	step = ends[1] - ends[0];
	assert_true(step > setup);
	for (size_t k = 1; k < nends; k++)
		assert_true(fabs(ends[k] - ends[k - 1] - step) < 1e-9);
	assert_true(ends[nends - 1] < 1.0 && ends[nends - 1] > 0.9);
}

/*
 * sa_eta on a clock the test keeps: every time below is the test's own
 * number, so the arithmetic is checked exactly and no load can move it.
 */
static void
test_eta_steady(void **state)
{
	sa_eta e;

	(void)state;
	sa_eta_start(&e, 100.0, 0);
	assert_true(e.window == SA_ETA_WINDOW);
	assert_true(sa_eta_left(&e) == -1);	/* nothing done yet */
	sa_eta_tell(&e, 100.0, 0.0);
	assert_true(sa_eta_left(&e) == -1);
	/* 1% a second, told four times a second, for 50 s. */
	for (int k = 1; k <= 200; k++) {
		sa_eta_tell(&e, 100.0 + k * 0.25, k * 0.25 / 100);
		/* Early, from the start; later, from the window. */
		if (k >= 4)
			assert_true(fabs(sa_eta_left(&e) -
			    (100 - k * 0.25)) < 1e-6);
	}
	sa_eta_tell(&e, 200.0, 1.0);
	assert_true(sa_eta_left(&e) == 0);
	/* Time and share never go back. */
	sa_eta_tell(&e, 150.0, 0.5);
	assert_true(e.now == 200.0 && e.done == 1.0);
}

/*
 * A census whose machine grows busy: 1% a second for 60 s, then a
 * quarter of that.  At 80 s, 0.65 done, the last ten seconds' pace
 * foretells 0.35 / 0.0025 = 140 s left, the truth; the pace since the
 * start would foretell 80 * 0.35 / 0.65 = 43 s, three times too little.
 * After it speeds up again (2% a second from 80 s), within the window
 * the foretold time falls to the new pace's.
 */
static void
test_eta_slows(void **state)
{
	sa_eta e;
	double t, d = 0;

	(void)state;
	sa_eta_start(&e, 0.0, 10.0);
	for (t = 0.25; t <= 80.0 + 1e-9; t += 0.25) {
		d += 0.25 * (t <= 60.0 + 1e-9 ? 0.01 : 0.0025);
		sa_eta_tell(&e, t, d);
	}
	assert_true(fabs(d - 0.65) < 1e-9);
	assert_true(fabs(sa_eta_left(&e) - 140.0) < 1e-6);
	for (; t <= 90.0 + 1e-9; t += 0.25) {
		d += 0.25 * 0.02;
		sa_eta_tell(&e, t, d);
	}
	assert_true(fabs(sa_eta_left(&e) - (1 - d) / 0.02) < 1e-6);
}

/*
 * Tells far apart (a log told each minute, or a census whose steps take
 * longer than the window): the pace is taken from the youngest pair
 * older than the window, not from the start.
 */
static void
test_eta_sparse(void **state)
{
	sa_eta e;

	(void)state;
	sa_eta_start(&e, 0.0, 10.0);
	sa_eta_tell(&e, 30.0, 0.3);	/* 1% a second */
	sa_eta_tell(&e, 60.0, 0.45);	/* then half that */
	assert_true(fabs(sa_eta_left(&e) - 0.55 / 0.005) < 1e-6);
	/* No share done in the window: the pace before it. */
	sa_eta_tell(&e, 62.0, 0.45);
	assert_true(fabs(sa_eta_left(&e) - 32.0 * 0.55 / 0.15) < 1e-6);
}

/* Lines due on a terminal (after 1 s, then each 0.25 s), and in a log. */
static void
test_eta_due(void **state)
{
	sa_eta e, log;
	int lines = 0, logged = 0;

	(void)state;
	sa_eta_start(&e, 10.0, 0);
	sa_eta_start(&log, 10.0, 0);
	for (int k = 0; k <= 1000; k++) {	/* 10 ms apart, 10 s */
		sa_eta_tell(&e, 10.0 + k * 0.01, k / 1000.0);
		lines += sa_eta_due(&e, 1.0, 0.25);
	}
	/* At 1 s, then 1.25 s ... 10 s. */
	assert_int_equal(lines, 37);
	for (int k = 0; k <= 600; k++) {	/* each second, 10 minutes */
		sa_eta_tell(&log, 10.0 + k, k / 600.0);
		logged += sa_eta_due(&log, 60.0, 60.0);
	}
	assert_int_equal(logged, 10);
}

/* The fractions the walk engine tells of Durstenfeld's 8 cards on THREADS. */
static void
walk_told(unsigned threads, struct told *out)
{
	sa_census_opts o;
	sa_census *c = NULL;

	memset(&o, 0, sizeof o);
	o.engine = SA_ENGINE_WALK;
	o.threads = threads;
	o.progress = record;
	told.len = 0;
	assert_int_equal(sa_census_run(sa_shuffle_find("durstenfeld"), 8, &o,
	    &c), SA_OK);
	sa_census_free(c);
	memcpy(out, &told, sizeof told);
}

/*
 * The walk engine's threads take the first step's choices in turn, and
 * thread 0 tells the fraction done after each of its own: on two
 * threads, the other's choice walked alongside counts as done too.  On
 * one thread each choice is an eighth of the work; on two, thread 0's
 * first is told as two eighths (a progress of its own choices alone
 * told one, and foretold the census twice as long as it took), each
 * later one two eighths more, and the last as the whole.
 */
static void
test_walk_progress(void **state)
{
	static struct told one, two;

	(void)state;
	walk_told(1, &one);
	walk_told(2, &two);
	assert_int_equal(one.len, 8);
	assert_int_equal(two.len, 4);
	for (size_t i = 0; i < two.len; i++)
		assert_true(two.done[i] == one.done[2 * i + 1]);
	assert_true(two.done[two.len - 1] == 1.0);
}

/*
 * The forecast's shape: a census of up to 6 cards is timed itself; one
 * of 9 from one of 6 to 8 cards, scaled up by the work, so no less than
 * what it timed; an engine whose work is not known before it runs (the
 * replay's) is not foretold, and says why; a census that cannot run is
 * refused as its plan is.
 */
static void
test_foretell_shape(void **state)
{
	sa_census_forecast f;

	(void)state;
	assert_int_equal(sa_census_foretell(sa_shuffle_find("naive"), 5,
	    NULL, &f), SA_OK);
	assert_int_equal(f.timed_n, 5);
	assert_true(f.seconds == f.timed_seconds && f.seconds >= 0);
	assert_int_equal(sa_census_foretell(sa_shuffle_find("naive"), 9,
	    NULL, &f), SA_OK);
	assert_true(f.timed_n >= 6 && f.timed_n <= 8);
	assert_true(f.timed_seconds >= 0 && f.seconds >= f.timed_seconds);
	assert_int_equal(sa_census_foretell(sa_shuffle_find("durstenfeld"),
	    9, NULL, &f), SA_OK);
	assert_int_equal(sa_census_foretell(
	    sa_shuffle_find("comparator-sort"), 8, NULL, &f), SA_EINVAL);
	assert_true(f.seconds < 0);
	assert_non_null(strstr(f.why, "replay"));
	assert_int_equal(sa_census_foretell(sa_shuffle_find("naive"), 21,
	    NULL, &f), SA_EOVERFLOW);
	assert_true(f.seconds < 0 && f.why[0] != '\0');
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_progress_follows_work),
		cmocka_unit_test(test_eta_steady),
		cmocka_unit_test(test_eta_slows),
		cmocka_unit_test(test_eta_sparse),
		cmocka_unit_test(test_eta_due),
		cmocka_unit_test(test_walk_progress),
		cmocka_unit_test(test_foretell_shape),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
