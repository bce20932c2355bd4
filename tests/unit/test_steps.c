/*
 * test_steps.c - the step engine (steps.c and its pull, push and
 * shards): threads, the widths of its counts and its groups, each
 * against a push written here.
 */
#include <sys/resource.h>

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "internal.h"	/* white-box: the tally's widths and spills */
#include "shuffle_audit_audit.h"	/* the audit's options */

#include "reference.h"

/*
 * The step engine splits each step across threads by output rank; the
 * tally must not depend on how many.  Checked against the reference
 * walk at 7 cards for 1, 2, 3 and 5 threads.
 */
static void
test_threads_agree(void **state)
{
	static const unsigned threads[] = { 1, 2, 3, 5 };
	uint64_t runs;
	uint64_t *want = ref_census(REF_NAIVE, 7, &runs);

	(void)state;
	for (size_t k = 0; k < 4; k++) {
		sa_census_opts o = { .threads = threads[k],
		    .engine = SA_ENGINE_STEPS };
		sa_census *c;

		assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 7, &o,
		    &c), SA_OK);
		/* The largest count at 7 cards is 543: 16 bits. */
		assert_non_null(c->tally16);
		for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
			assert_int_equal(sa_census_count(c, r), want[r]);
		sa_census_free(c);
	}
	free(want);
}

/*
 * Counts past 32 bits: swaps:10 on 4 cards has 16^10 = 2^40 runs and
 * counts near 2^40 / 24, so the engine must notice the overflow and
 * count again in 64 bits.  Checked against a push written here.
 */
static void
test_wide_counts(void **state)
{
	sa_shuffle sh;
	sa_census *c;
	uint64_t cur[24] = { 1 }, next[24];
	unsigned p[4];

	(void)state;
	for (int m = 0; m < 10; m++) {
		memset(next, 0, sizeof next);
		for (uint64_t r = 0; r < 24; r++) {
			sa_perm_unrank(r, 4, p);
			for (unsigned a = 0; a < 4; a++) {
				for (unsigned b = 0; b < 4; b++) {
					unsigned q[4];

					memcpy(q, p, sizeof q);
					q[a] = p[b];
					q[b] = p[a];
					next[ref_rank(q, 4)] += cur[r];
				}
			}
		}
		memcpy(cur, next, sizeof cur);
	}
	assert_int_equal(sa_shuffle_parse("swaps:10", &sh), SA_OK);
	assert_int_equal(sa_census_run(&sh, 4, NULL, &c), SA_OK);
	assert_non_null(c->tally);
	assert_null(c->tally32);
	assert_true(sa_census_about(c)->max > UINT32_MAX);
	for (uint64_t r = 0; r < 24; r++)
		assert_int_equal(sa_census_count(c, r), cur[r]);
	sa_census_free(c);
}

/*
 * One step of the naive shuffle on N cards by push, written apart from
 * the library: the count of each arrangement of CUR goes to the N
 * arrangements with position I swapped; CUR takes the result.
 */
static void
ref_naive_step(uint64_t *cur, uint64_t *next, size_t n, unsigned i)
{
	uint64_t orderings = sa_factorial(n);
	unsigned p[SA_PERM_MAX], q[SA_PERM_MAX];

	memset(next, 0, orderings * sizeof *next);
	for (uint64_t r = 0; r < orderings; r++) {
		if (cur[r] == 0)
			continue;
		sa_perm_unrank(r, n, p);
		for (unsigned j = 0; j < n; j++) {
			memcpy(q, p, n * sizeof *q);
			q[i] = p[j];
			q[j] = p[i];
			next[ref_rank(q, n)] += cur[r];
		}
	}
	memcpy(cur, next, orderings * sizeof *cur);
}

/*
 * The step engine keeps counts in 8 bits while they fit, widens a
 * table when a count needs it (16 bits: test_threads_agree's 7 cards),
 * and starts again in 64 bits past 32.  The naive shuffle of 6 cards
 * done K times has 6^(6K) runs over 720 orderings: for K = 1 every count
 * fits in 8 bits (the largest is 159), for K = 2 (about 3 million runs
 * an ordering) they need 32, for K = 3 (about 1.4e11) 64.  Each is
 * checked against a push over the 720 arrangements written here, one
 * swap at a time.
 */
static void
test_count_widths(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	uint64_t cur[720], next[720];

	(void)state;
	memset(cur, 0, sizeof cur);
	cur[0] = 1;
	for (uint64_t times = 1; times <= 3; times++) {
		sa_repeated rep;
		sa_census *c;

		for (unsigned i = 0; i < 6; i++)
			ref_naive_step(cur, next, 6, i);
		assert_int_equal(sa_shuffle_repeat(&rep, naive, 6, times),
		    SA_OK);
		assert_int_equal(sa_census_repeat(&rep, 6, NULL, &c), SA_OK);
		assert_int_equal(sa_census_about(c)->engine, SA_ENGINE_STEPS);
		if (times == 1)
			assert_non_null(c->tally8);
		else if (times == 2)
			assert_non_null(c->tally32);
		else
			assert_non_null(c->tally);
		assert_true(times == 1 ? sa_census_about(c)->max <= UINT8_MAX :
		    times == 2 ? sa_census_about(c)->max > UINT16_MAX &&
		    sa_census_about(c)->max <= UINT32_MAX : sa_census_about(c)->max > UINT32_MAX);
		for (uint64_t r = 0; r < 720; r++)
			assert_int_equal(sa_census_count(c, r), cur[r]);
		sa_census_free(c);
	}
}

/* True when P (N cards) is one cycle through every position. */
static bool
one_cycle(const unsigned *p, size_t n)
{
	size_t len = 0, at = 0;

	do {
		at = p[at];
		len++;
	} while (at != 0 && len <= n);
	return len == n;
}

/*
 * The step engine pulls by groups of the 120 arrangements that share all
 * but their last 5 cards, and a swap between the front and those five
 * takes Lehmer-digit corrections over every front position after it:
 * at 8 and 9 cards the front has 3 and 4.  Checked against what the
 * shuffles must give: the naive shuffle of 8 cards against a push over
 * the 40320 arrangements written here (1, 2 and 3 threads); Fisher-Yates
 * both ways round and inside-out, every ordering once at 9 cards; and
 * Sattolo's, once each ordering that is one cycle, none else.
 */
static void
test_groups_agree(void **state)
{
	static uint64_t cur[40320], next[40320];
	static const char *const once[] = { "durstenfeld", "forward",
	    "inside-out" };
	unsigned p[9];

	(void)state;
	memset(cur, 0, sizeof cur);
	cur[0] = 1;
	for (unsigned i = 0; i < 8; i++)
		ref_naive_step(cur, next, 8, i);
	for (unsigned t = 1; t <= 3; t++) {
		sa_census_opts o = { .threads = t, .engine = SA_ENGINE_STEPS };
		sa_census *c;

		assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 8, &o,
		    &c), SA_OK);
		for (uint64_t r = 0; r < 40320; r++)
			assert_int_equal(sa_census_count(c, r), cur[r]);
		sa_census_free(c);
	}
	for (size_t k = 0; k < 3; k++) {
		sa_census_opts o = { .engine = SA_ENGINE_STEPS };
		sa_census *c;

		assert_int_equal(sa_census_run(sa_shuffle_find(once[k]), 9, &o,
		    &c), SA_OK);
		for (uint64_t r = 0; r < 362880; r++)
			assert_int_equal(sa_census_count(c, r), 1);
		sa_census_free(c);
	}
	{
		sa_census_opts o = { .engine = SA_ENGINE_STEPS };
		sa_census *c;

		assert_int_equal(sa_census_run(sa_shuffle_find("sattolo"), 9, &o,
		    &c), SA_OK);
		for (uint64_t r = 0; r < 362880; r++) {
			sa_perm_unrank(r, 9, p);
			assert_int_equal(sa_census_count(c, r), one_cycle(p, 9));
		}
		sa_census_free(c);
	}
}

/*
 * A 16-bit table spills the few counts too wide for it into a list (the
 * table holds 0 there), and the next step pushes them after its pull.
 * Two shuffles of 6 cards by their steps, each against a push over the
 * 720 arrangements written here.  SPILLS: 15 swaps of position 0 with 0
 * or 1 put 16384 on each of two decks (the counts widen from 8 bits to
 * 16 on the way), and two pushes spread them; the pull of the 18th step
 * spills 2 counts, and the 19th's pull spills more and its push of
 * those 2 adds to them, 6 listed in all (a rank may be listed twice: its
 * count is the table's plus the list's); the tally stays 16-bit, its
 * counts past 16 bits listed apart, and the passes over it (the
 * summary, the histogram, the distance) read them.  WIDENS: the naive
 * shuffle, then 7 swaps of position 0 with 0, 1 or 2: the 12th step
 * spills 26, and the 13th, with all 720 past 16 bits (more than a list
 * holds), widens, pushing the 26 into 32-bit counts.
 */
static const sa_step spills_steps[] = {
	{ 0, 0, 2, SA_STEP_SWAP }, { 2, 5, 1, SA_STEP_SWAP },
	{ 0, 0, 3, SA_STEP_SWAP }, { 2, 0, 3, SA_STEP_SWAP },
	{ 0, 1, 2, SA_STEP_SWAP }, { 5, 0, 6, SA_STEP_SWAP },
};
static const sa_step widens_steps[] = {
	{ 0, 0, 6, SA_STEP_SWAP }, { 1, 0, 6, SA_STEP_SWAP },
	{ 2, 0, 6, SA_STEP_SWAP }, { 3, 0, 6, SA_STEP_SWAP },
	{ 4, 0, 6, SA_STEP_SWAP }, { 5, 0, 6, SA_STEP_SWAP },
	{ 0, 0, 3, SA_STEP_SWAP }, { 5, 0, 6, SA_STEP_SWAP },
};

/* Step S of CTX's list: the first repeated FIRST times, then the rest. */
struct spill_case {
	const sa_step *list;
	size_t len, first, again;	/* AGAIN: index repeated FIRST times */
};

static size_t
spill_steps(const sa_shuffle *self, size_t n)
{
	const struct spill_case *k = self->ctx;

	(void)n;
	return k->len + k->first - 1;
}

static void
spill_step(const sa_shuffle *self, size_t n, size_t s, sa_step *out)
{
	const struct spill_case *k = self->ctx;

	(void)n;
	if (s < k->again)
		*out = k->list[s];
	else if (s < k->again + k->first)
		*out = k->list[k->again];
	else
		*out = k->list[s - k->first + 1];
}

static void
spill_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	for (size_t s = 0; s < spill_steps(self, n); s++) {
		sa_step st;
		size_t j;
		unsigned x;

		spill_step(self, n, s, &st);
		j = st.lo + (size_t)sa_draw(o, st.count);
		x = deck[st.pos];
		deck[st.pos] = deck[j];
		deck[j] = x;
	}
}

/*
 * What the passes over a tally make of C (the largest and least counts,
 * the commonest ordering, the histogram, the distance from uniform),
 * against the same figures from the reference counts WANT[0 .. N).  A
 * 16-bit tally with counts listed apart is read by blocks widened with
 * them (tally.c), so a listed count missed or misplaced shows here.
 */
static void
check_summary(const sa_census *c, const uint64_t *want, uint64_t n)
{
	uint64_t most = 0, least = UINT64_MAX, runs = 0, top = 0, got, rank;
	double dist = 0;
	sa_histogram h;
	sa_fraction f;
	sa_big b;

	for (uint64_t r = 0; r < n; r++) {
		runs += want[r];
		least = want[r] < least ? want[r] : least;
		if (want[r] > most) {
			most = want[r];
			top = r;
		}
	}
	for (uint64_t r = 0; r < n; r++)
		dist += fabs((double)want[r] * (double)n - (double)runs);
	dist /= 2 * (double)n * (double)runs;
	sa_big_init(&b);
	assert_int_equal(sa_census_max(c, &b), SA_OK);
	assert_true(sa_big_to_u64(&b, &got));
	assert_int_equal(got, most);
	assert_int_equal(sa_census_min(c, &b), SA_OK);
	assert_true(sa_big_to_u64(&b, &got));
	assert_int_equal(got, least);
	sa_big_free(&b);
	assert_int_equal(sa_census_top(c, 1, &rank), SA_OK);
	assert_int_equal(rank, top);
	assert_int_equal(sa_census_histogram(c, &h), SA_OK);
	for (size_t k = 0; k < h.count; k++) {
		uint64_t in = 0;

		for (uint64_t r = 0; r < n; r++)
			in += want[r] >= h.bucket[k].from &&
			    want[r] <= h.bucket[k].to;
		assert_int_equal(h.bucket[k].orderings, in);
	}
	sa_histogram_free(&h);
	sa_fraction_init(&f);
	assert_int_equal(sa_census_tvd(c, &f), SA_OK);
	assert_true(fabs(sa_fraction_to_double(&f) - dist) <= 1e-12);
	sa_fraction_free(&f);
}

static void
test_spills(void **state)
{
	const struct spill_case cases[] = {
		{ spills_steps, 6, 15, 0 },
		{ widens_steps, 8, 7, 6 },
	};
	uint64_t cur[720], next[720];
	unsigned p[6];

	(void)state;
	for (size_t k = 0; k < 2; k++)
		for (unsigned threads = 1; threads <= 2; threads++) {
			sa_shuffle sh = { .name = "test-spills",
			    .summary = "swaps by a list", .run = spill_run,
			    .steps = spill_steps, .step = spill_step,
			    .ctx = (void *)&cases[k] };
			sa_census_opts o = { .engine = SA_ENGINE_STEPS,
			    .threads = threads };
			sa_census *c;

			memset(cur, 0, sizeof cur);
			cur[0] = 1;
			for (size_t s = 0; s < spill_steps(&sh, 6); s++) {
				sa_step st;

				spill_step(&sh, 6, s, &st);
				memset(next, 0, sizeof next);
				for (uint64_t r = 0; r < 720; r++)
					for (size_t j = 0; cur[r] != 0 &&
					    j < st.count; j++) {
						unsigned x;

						sa_perm_unrank(r, 6, p);
						x = p[st.pos];
						p[st.pos] = p[st.lo + j];
						p[st.lo + j] = x;
						next[ref_rank(p, 6)] += cur[r];
					}
				memcpy(cur, next, sizeof cur);
			}
			assert_int_equal(sa_census_run(&sh, 6, &o, &c), SA_OK);
			if (k == 0) {
				assert_non_null(c->tally16);
				assert_true(c->overs > 0);
			} else {
				assert_non_null(c->tally32);
			}
			for (uint64_t r = 0; r < 720; r++)
				assert_int_equal(sa_census_count(c, r), cur[r]);
			check_summary(c, cur, 720);
			sa_census_free(c);
		}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_threads_agree),
		cmocka_unit_test(test_wide_counts),
		cmocka_unit_test(test_count_widths),
		cmocka_unit_test(test_groups_agree),
		cmocka_unit_test(test_spills),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
