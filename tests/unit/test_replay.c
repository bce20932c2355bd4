/*
 * test_replay.c - the replay engine and the audit of user code
 * (replay.c, oracle.c): branches, programs of no draws, the contract and
 * its breaches, parts of a walk, writes outside the deck.
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
#include "shuffle_audit_audit.h"	/* the audit's options */

#include "reference.h"

/*
 * Programs the step form cannot describe: the bounds depend on earlier
 * draws.  With 3 cards: draw a coin; on 0 swap cards 0 and 1 and stop; on
 * 1 draw below 3 and swap card 2 with that one.  Four runs: 102 with
 * chance 1/2, and 210, 021, 012 with 1/6 each; over the common
 * denominator 6, that is 3, 1, 1 and 1.
 */
static void
branchy_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)n;
	if (sa_draw(o, 2) == 0) {
		unsigned t = deck[0];

		deck[0] = deck[1];
		deck[1] = t;
	} else {
		size_t j = sa_draw(o, 3);
		unsigned t = deck[2];

		deck[2] = deck[j];
		deck[j] = t;
	}
}

static void
test_replay_branches(void **state)
{
	const sa_shuffle sh = { .name = "branchy", .summary = "test",
	    .run = branchy_run };
	sa_census *c;

	(void)state;
	assert_int_equal(sa_census_run(&sh, 3, NULL, &c), SA_OK);
	assert_int_equal(sa_census_about(c)->engine, SA_ENGINE_REPLAY);
	assert_int_equal(sa_census_about(c)->sequences, 4);
	assert_int_equal(sa_census_about(c)->runs, 6);
	assert_true(sa_census_about(c)->weighted);
	assert_int_equal(sa_census_count(c, rank_of("102")), 3);
	assert_int_equal(sa_census_count(c, rank_of("210")), 1);
	assert_int_equal(sa_census_count(c, rank_of("021")), 1);
	assert_int_equal(sa_census_count(c, rank_of("012")), 1);
	assert_int_equal(sa_census_about(c)->reached, 4);
	assert_int_equal(sa_census_about(c)->min, 0);
	assert_false(sa_census_about(c)->fair);
	sa_census_free(c);
}

static void
test_replay_no_draws(void **state)
{
	const sa_shuffle sh = { .name = "still", .summary = "test",
	    .run = still_run };
	sa_census *c;

	(void)state;
	assert_int_equal(sa_census_run(&sh, 1, NULL, &c), SA_OK);
	assert_int_equal(sa_census_about(c)->runs, 1);
	assert_true(sa_census_about(c)->fair);
	sa_census_free(c);
	assert_int_equal(sa_census_run(&sh, 3, NULL, &c), SA_OK);
	assert_int_equal(sa_census_about(c)->runs, 1);
	assert_int_equal(sa_census_count(c, 0), 1);
	assert_int_equal(sa_census_about(c)->reached, 1);
	assert_false(sa_census_about(c)->fair);
	sa_census_free(c);
}

/* Broken programs: each contract breach is reported, nothing leaks. */
static void
zero_bound_run(const sa_shuffle *self, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)self;
	(void)deck;
	(void)sa_draw(o, n - 3);
}

static void
lose_card_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	deck[sa_draw(o, n)] = deck[0];
}

static void
runaway_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)deck;
	(void)n;
	while (sa_draw(o, 2) < 2)
		;
}

static unsigned fickle_calls;

static void
fickle_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)deck;
	/* Draws more or fewer times than last run: a hidden random source. */
	for (unsigned k = 0; k <= fickle_calls % 3; k++)
		(void)sa_draw(o, n);
	fickle_calls++;
}

static void
test_contract_breaches(void **state)
{
	const sa_shuffle zero = { .name = "zero", .run = zero_bound_run };
	const sa_shuffle lose = { .name = "lose", .run = lose_card_run };
	const sa_shuffle away = { .name = "away", .run = runaway_run };
	const sa_shuffle fick = { .name = "fickle", .run = fickle_run };
	sa_census_opts opts = { .max_bytes = 0, .max_draws = 64,
	    .engine = SA_ENGINE_AUTO };
	sa_census *c;

	(void)state;
	assert_int_equal(sa_census_run(&zero, 3, NULL, &c), SA_EBOUND);
	assert_null(c);
	assert_int_equal(sa_census_run(&lose, 3, NULL, &c), SA_ENOTPERM);
	assert_int_equal(sa_census_run(&away, 3, &opts, &c), SA_EDRAWS);
	fickle_calls = 1;
	assert_int_equal(sa_census_run(&fick, 3, NULL, &c), SA_ENONDET);
	assert_null(c);
}

/*
 * What the audit of user code relies on.  A shuffle that keeps a counter
 * of its own gives a different deck for the same draws: only running
 * every sequence twice can see it.
 */
static unsigned calls;

static void
stateful_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	size_t j = (size_t)sa_draw(o, n);
	unsigned t = deck[0];

	(void)self;
	deck[0] = deck[j];
	deck[j] = t;
	if (calls++ % 3 == 2) {	/* every third call, one more swap */
		t = deck[0];
		deck[0] = deck[n - 1];
		deck[n - 1] = t;
	}
}

/* Durstenfeld's shuffle with r % k from raw words (sa_word). */
static void
word_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)(sa_word(o) % i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

static void
huge_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)deck;
	(void)sa_draw(o, n);
	(void)sa_draw(o, SA_DRAW_MAX + 1);
}

static void
test_audit_support(void **state)
{
	const sa_shuffle stateful = { .name = "stateful", .run = stateful_run };
	const sa_shuffle words = { .name = "words", .run = word_run };
	const sa_shuffle huge = { .name = "huge", .run = huge_run };
	uint64_t val[8], bound[8];
	sa_replay_window w = { .val = val, .bound = bound, .cap = 8 };
	sa_census_opts once = { .engine = SA_ENGINE_REPLAY };
	sa_census_opts replay = { .engine = SA_ENGINE_REPLAY };
	sa_audit_opts twice = { .twice = true, .window = &w, .raw_bits = 2 };
	sa_census *c;
	uint64_t *tally;

	(void)state;
	calls = 0;
	assert_int_equal(sa_census_run(&stateful, 3, &once, &c), SA_OK);
	sa_census_free(c);
	calls = 0;
	assert_int_equal(sa_census_run_audited(&stateful, 3, &replay, &twice, &c), SA_ENONDET);
	/*
	 * Call 0 is run 1, calls 1 and 2 its first repeats (the first run
	 * of a walk is run again 40 times), and call 2 swaps once more: run
	 * 1, whose draw is 0.
	 */
	assert_int_equal(w.runs, 1);
	assert_int_equal(w.pos, 1);
	assert_int_equal(val[0], 0);
	assert_int_equal(bound[0], 3);

	/*
	 * Raw words of 2 bits: 4 x 4 sequences on 3 cards, reduced by r % k:
	 * j below 3 from r in 0..3 is 0, 1, 2, 0, and j below 2 is 0, 1, 0,
	 * 1.  So each ordering is reached 2 or 4 times, never equally.
	 */
	memset(&w, 0, sizeof w);
	w.val = val;
	w.bound = bound;
	w.cap = 8;
	assert_int_equal(sa_census_run_audited(&words, 3, &replay, &twice, &c), SA_OK);
	assert_int_equal(sa_census_about(c)->runs, 16);
	assert_int_equal(sa_census_about(c)->sequences, 16);
	assert_int_equal(sa_census_about(c)->max, 4);
	assert_int_equal(sa_census_about(c)->min, 2);
	assert_int_equal(w.runs, 16);
	sa_census_free(c);

	/* A bound past 2^32 breaks the contract; the window shows it. */
	memset(&w, 0, sizeof w);
	w.val = val;
	w.bound = bound;
	w.cap = 8;
	assert_int_equal(sa_census_run_audited(&huge, 3, &replay, &twice, &c), SA_EBOUND);
	assert_int_equal(w.runs, 1);
	assert_int_equal(w.pos, 2);
	assert_int_equal(bound[0], 3);
	assert_true(bound[1] == SA_DRAW_MAX + 1);

	/* A census from a tally counted elsewhere, checked as it is taken. */
	tally = calloc(6, sizeof *tally);
	assert_non_null(tally);
	tally[0] = 5;
	tally[5] = 1;
	assert_int_equal(sa_census_from_tally(&c, &words, 3, tally, 7, 7,
	    false), SA_EINVAL);	/* adds up to 6, not 7; TALLY is freed */
	assert_null(c);
	tally = calloc(6, sizeof *tally);
	assert_non_null(tally);
	tally[0] = 5;
	tally[5] = 1;
	assert_int_equal(sa_census_from_tally(&c, &words, 3, tally, 6, 6,
	    false), SA_OK);
	assert_int_equal(sa_census_about(c)->max, 5);
	assert_int_equal(sa_census_about(c)->argmax, 0);
	assert_int_equal(sa_census_about(c)->min, 0);
	assert_int_equal(sa_census_about(c)->nmin, 4);
	assert_int_equal(sa_census_about(c)->reached, 2);
	assert_false(sa_census_about(c)->fair);
	sa_census_free(c);	/* frees TALLY */
}

/*
 * A walk shared out in parts (by the first draw modulo the parts), each
 * part a census of its own, merged: the same counts as the whole walk.
 * UNEVEN_RUN's runs differ in probability (1/2 when its first draw is 1,
 * 1/6 when it is 0), so each part has its own weight.
 */
static void
uneven_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	if (sa_draw(o, 2) == 0) {
		size_t k = (size_t)sa_draw(o, n);
		unsigned t = deck[0];

		deck[0] = deck[k];
		deck[k] = t;
	}
}

static void
check_parts(const sa_shuffle *sh, size_t n, unsigned raw_bits,
    unsigned parts)
{
	sa_census_opts replay = { .engine = SA_ENGINE_REPLAY };
	sa_audit_opts whole_opts = { .raw_bits = raw_bits };
	sa_census *whole, *sum = NULL, *part;

	assert_int_equal(sa_census_run_audited(sh, n, &replay, &whole_opts,
	    &whole), SA_OK);
	for (unsigned k = 0; k < parts; k++) {
		sa_audit_opts o = { .raw_bits = raw_bits, .part = k,
		    .parts = parts, .twice = true, .every = 3 };

		assert_int_equal(sa_census_run_audited(sh, n, &replay, &o,
		    &part), SA_OK);
		if (sum == NULL) {
			sum = part;
			continue;
		}
		assert_int_equal(sa_census_merge(sum, part), SA_OK);
		sa_census_free(part);
	}
	assert_int_equal(sa_census_about(sum)->runs, sa_census_about(whole)->runs);
	assert_int_equal(sa_census_about(sum)->sequences, sa_census_about(whole)->sequences);
	assert_int_equal(sa_census_about(sum)->weighted, sa_census_about(whole)->weighted);
	assert_int_equal(sa_census_about(sum)->fair, sa_census_about(whole)->fair);
	for (uint64_t r = 0; r < sa_census_about(whole)->orderings; r++)
		assert_int_equal(sa_census_count(sum, r),
		    sa_census_count(whole, r));
	sa_census_free(sum);
	sa_census_free(whole);
}

/* Each draw's calls: a shuffle of 3 cards that draws below 50 and counts. */
static uint64_t seen[50];

static void
counted_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)deck;
	(void)n;
	seen[sa_draw(o, 50)]++;
}

/*
 * The repeats: the k-th run of a walk (its draw k - 1 here) is run again
 * at least ceil(40 / k) times, and, one in EVERY, once; none without
 * TWICE.  So a walk of K runs repeats at least 40 in all, each of them
 * at least 40 / K times.
 */
static void
test_repeat_schedule(void **state)
{
	const sa_shuffle counted = { .name = "counted", .run = counted_run };
	sa_census_opts replay = { .engine = SA_ENGINE_REPLAY };
	sa_audit_opts a = { .twice = true };
	const uint64_t everies[] = { 1, 3, 1000 };
	sa_census *c;

	(void)state;
	for (size_t e = 0; e < 3; e++) {
		uint64_t total = 0;

		a.every = everies[e];
		memset(seen, 0, sizeof seen);
		assert_int_equal(sa_census_run_audited(&counted, 3, &replay, &a,
		    &c), SA_OK);
		sa_census_free(c);
		for (uint64_t j = 0; j < 50; j++) {
			uint64_t k = j + 1, least = (40 + k - 1) / k;
			uint64_t base = j % a.every == 0 ? 1 : 0;
			uint64_t want = k <= 40 && least > base ? least : base;

			assert_int_equal(seen[j], 1 + want);
			total += seen[j] - 1;
		}
		assert_true(total >= 40);
	}
	a.twice = false;
	memset(seen, 0, sizeof seen);
	assert_int_equal(sa_census_run_audited(&counted, 3, &replay, &a, &c),
	    SA_OK);
	sa_census_free(c);
	for (uint64_t j = 0; j < 50; j++)
		assert_int_equal(seen[j], 1);
}

static void
test_audit_parts(void **state)
{
	const sa_shuffle words = { .name = "words", .run = word_run };
	const sa_shuffle uneven = { .name = "uneven", .run = uneven_run };
	const sa_shuffle stateful = { .name = "stateful", .run = stateful_run };
	sa_census_opts replay = { .engine = SA_ENGINE_REPLAY };
	sa_audit_opts sparse = { .twice = true, .every = 1000 };
	sa_audit_opts bad = { .part = 2, .parts = 2 };
	sa_census *c, *d;

	(void)state;
	for (unsigned parts = 2; parts <= 4; parts++) {
		check_parts(sa_shuffle_find("naive"), 4, 0, parts);
		check_parts(sa_shuffle_find("durstenfeld"), 5, 0, parts);
		check_parts(&words, 3, 2, parts);
		check_parts(&uneven, 3, 0, parts);
	}
	/* The first draw has 2 values: a fourth part walks no run at all. */
	assert_int_equal(sa_census_run_audited(&uneven, 3, &replay, &bad, &c),
	    SA_EINVAL);
	/*
	 * Sparse repeats, on 4 cards (4 runs): even with one run in 1000 run
	 * again, a walk of few runs repeats each many times (the first 40,
	 * the second 20, ...), and the stateful shuffle's third call, a
	 * repeat of run 1, is caught; so with one in 3.
	 */
	calls = 0;
	assert_int_equal(sa_census_run_audited(&stateful, 4, &replay, &sparse,
	    &c), SA_ENONDET);
	sparse.every = 3;
	calls = 0;
	assert_int_equal(sa_census_run_audited(&stateful, 4, &replay, &sparse,
	    &c), SA_ENONDET);
	/* Merging censuses of different decks is refused. */
	assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 3, &replay, &c),
	    SA_OK);
	assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 4, &replay, &d),
	    SA_OK);
	assert_int_equal(sa_census_merge(c, d), SA_EINVAL);
	sa_census_free(c);
	sa_census_free(d);
}

/* Fair, then a write just past the deck, or just before it. */
static void
past_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sh;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
	deck[n + 3] = 0;
}

static void
before_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)sh;
	(void)o;
	(void)n;
	deck[-1] = 2;
}

/* Fair, and a write just past the deck in a late run only (its first
 * draw 2): the guards, set once, must still be there to be broken. */
static void
late_run(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	size_t first = 0;

	(void)sh;
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_draw(o, i);
		unsigned t = deck[i - 1];

		if (i == n)
			first = j;
		deck[i - 1] = deck[j];
		deck[j] = t;
	}
	if (first == 2)
		deck[n] = 7;
}

/*
 * A run that writes outside its deck is caught, though the deck it
 * leaves is a fair permutation every time, in the first run or a late
 * one.
 */
static void
test_overrun(void **state)
{
	const sa_shuffle past = { .name = "past", .run = past_run };
	const sa_shuffle before = { .name = "before", .run = before_run };
	const sa_shuffle late = { .name = "late", .run = late_run };
	sa_census_opts opts = { .engine = SA_ENGINE_REPLAY };
	sa_census *c;

	(void)state;
	assert_int_equal(sa_census_run(&past, 4, &opts, &c), SA_EOVERRUN);
	assert_int_equal(sa_census_run(&before, 4, &opts, &c), SA_EOVERRUN);
	assert_int_equal(sa_census_run(&late, 4, &opts, &c), SA_EOVERRUN);
	assert_string_equal(sa_strerror(SA_EOVERRUN),
	    "a run wrote outside the deck it was given");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_replay_branches),
		cmocka_unit_test(test_replay_no_draws),
		cmocka_unit_test(test_contract_breaches),
		cmocka_unit_test(test_audit_support),
		cmocka_unit_test(test_audit_parts),
		cmocka_unit_test(test_repeat_schedule),
		cmocka_unit_test(test_overrun),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
