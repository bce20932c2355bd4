/*
 * test_census.c - the census against independent counts.
 *
 * The reference walk here shares no code with the library's engines: it
 * counts the runs as the integers 0 .. runs-1 read as mixed-radix draw
 * sequences, applies the swaps itself, and ranks each result with its own
 * O(n^2) rank.  The library's two engines must agree with it, and with
 * the published figures (the seed page's table, OEIS A192053).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

static uint64_t
ref_rank(const unsigned *p, size_t n)
{
	uint64_t r = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t smaller = 0;

		for (size_t j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		r = r * (n - i) + smaller;
	}
	return r;
}

/* Rank of an ordering written in the seed page's digits, e.g. "1032". */
static uint64_t
rank_of(const char *digits)
{
	unsigned p[SA_PERM_MAX];
	size_t n = strlen(digits);

	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned)(digits[i] - '0');
	return ref_rank(p, n);
}

enum ref_kind { REF_NAIVE, REF_DURSTENFELD };

/*
 * The reference walk.  Run number k is read as digits: the naive shuffle
 * draws n digits in base n, position i first; Durstenfeld's draws, for
 * i = n-1 down to 1, a digit in base i+1.
 */
static uint64_t *
ref_census(enum ref_kind kind, size_t n, uint64_t *runs_out)
{
	uint64_t orderings = sa_factorial(n), runs = 1;
	uint64_t *tally = calloc(orderings, sizeof *tally);
	unsigned deck[SA_PERM_MAX];

	assert_non_null(tally);
	for (size_t i = 0; i < n; i++)
		runs *= kind == REF_NAIVE ? n : i + 1;
	for (uint64_t k = 0; k < runs; k++) {
		uint64_t rest = k;

		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		if (kind == REF_NAIVE) {
			for (size_t i = 0; i < n; i++) {
				size_t j = (size_t)(rest % n);
				unsigned t = deck[i];

				rest /= n;
				deck[i] = deck[j];
				deck[j] = t;
			}
		} else {
			for (size_t i = n - 1; i >= 1 && i < n; i--) {
				size_t j = (size_t)(rest % (i + 1));
				unsigned t = deck[i];

				rest /= i + 1;
				deck[i] = deck[j];
				deck[j] = t;
			}
		}
		tally[ref_rank(deck, n)]++;
	}
	*runs_out = runs;
	return tally;
}

static void
census_ok(const char *name, size_t n, enum sa_engine engine, sa_census *c)
{
	sa_census_opts opts = { 0, 0, engine };
	const sa_shuffle *sh = sa_shuffle_find(name);

	assert_non_null(sh);
	assert_int_equal(sa_census_run(sh, n, &opts, c), SA_OK);
	assert_int_equal(c->engine, engine == SA_ENGINE_AUTO ?
	    SA_ENGINE_STEPS : engine);
}

/* The summary figures, recomputed from the tally by hand. */
static void
check_summary(const sa_census *c)
{
	uint64_t sum = 0, reached = 0, max = 0, min = UINT64_MAX;
	uint64_t nmax = 0, nmin = 0;

	for (uint64_t r = 0; r < c->orderings; r++) {
		sum += c->tally[r];
		reached += c->tally[r] > 0;
		if (c->tally[r] > max)
			max = c->tally[r];
		if (c->tally[r] < min)
			min = c->tally[r];
	}
	for (uint64_t r = 0; r < c->orderings; r++) {
		nmax += c->tally[r] == max;
		nmin += c->tally[r] == min;
	}
	assert_int_equal(sum, c->runs);
	assert_int_equal(reached, c->reached);
	assert_int_equal(max, c->max);
	assert_int_equal(min, c->min);
	assert_int_equal(nmax, c->nmax);
	assert_int_equal(nmin, c->nmin);
	assert_int_equal(c->tally[c->argmax], max);
	assert_int_equal(c->tally[c->argmin], min);
	for (uint64_t r = 0; r < c->argmax; r++)
		assert_true(c->tally[r] < max);
	for (uint64_t r = 0; r < c->argmin; r++)
		assert_true(c->tally[r] > min);
	assert_int_equal(c->fair, min == max);
}

/* Both engines against the reference walk, n = 1 .. 6. */
static void
test_against_reference(void **state)
{
	static const struct {
		const char *name;
		enum ref_kind kind;
	} cases[] = { { "naive", REF_NAIVE }, { "durstenfeld", REF_DURSTENFELD } };
	static const enum sa_engine engines[] = {
		SA_ENGINE_AUTO, SA_ENGINE_STEPS, SA_ENGINE_REPLAY
	};

	(void)state;
	for (size_t k = 0; k < 2; k++) {
		for (size_t n = 1; n <= 6; n++) {
			uint64_t runs;
			uint64_t *want = ref_census(cases[k].kind, n, &runs);

			for (size_t e = 0; e < 3; e++) {
				sa_census c;

				census_ok(cases[k].name, n, engines[e], &c);
				assert_int_equal(c.n, n);
				assert_int_equal(c.runs, runs);
				assert_int_equal(c.orderings, sa_factorial(n));
				assert_memory_equal(c.tally, want,
				    c.orderings * sizeof *want);
				check_summary(&c);
				sa_census_free(&c);
			}
			free(want);
		}
	}
}

/* The seed page's table for the naive shuffle of 4 cards. */
static void
test_seed_page_table(void **state)
{
	static const struct {
		const char *ordering;
		uint64_t runs;
	} rows[] = {
		{ "0123", 10 }, { "0132", 10 }, { "0213", 10 }, { "0231", 14 },
		{ "0312", 11 }, { "0321", 9 }, { "1023", 10 }, { "1032", 15 },
		{ "1203", 14 }, { "1230", 14 }, { "1302", 11 }, { "1320", 11 },
	};
	sa_census c;

	(void)state;
	census_ok("naive", 4, SA_ENGINE_AUTO, &c);
	assert_int_equal(c.runs, 256);
	assert_int_equal(c.orderings, 24);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		assert_int_equal(c.tally[rank_of(rows[i].ordering)], rows[i].runs);
	assert_int_equal(c.max, 15);
	assert_int_equal(c.min, 8);
	assert_int_equal(c.argmax, rank_of("1032"));
	assert_int_equal(c.argmin, rank_of("3012"));
	assert_false(c.fair);
	sa_census_free(&c);
}

/*
 * OEIS A192053: the most likely ordering of the naive shuffle comes up
 * 1, 2, 5, 15, 47, 159, 543, 1931 times for n = 1 .. 8; the least likely,
 * n-1, 0, 1, ..., n-2 in our notation, 2^(n-1) times.
 */
static void
test_oeis_a192053(void **state)
{
	static const uint64_t most[] = { 1, 2, 5, 15, 47, 159, 543, 1931 };
	unsigned p[SA_PERM_MAX];

	(void)state;
	for (size_t n = 1; n <= 8; n++) {
		sa_census c;

		census_ok("naive", n, SA_ENGINE_AUTO, &c);
		assert_int_equal(c.max, most[n - 1]);
		if (n >= 3) {
			p[0] = (unsigned)(n - 1);
			for (size_t i = 1; i < n; i++)
				p[i] = (unsigned)(i - 1);
			assert_int_equal(c.min, UINT64_C(1) << (n - 1));
			assert_int_equal(c.tally[sa_perm_rank(p, n)], c.min);
		}
		/* Fair at 1 and 2 cards, and at no larger size. */
		assert_int_equal(c.fair, n <= 2);
		sa_census_free(&c);
	}
}

static void
test_durstenfeld_one_each(void **state)
{
	(void)state;
	for (size_t n = 1; n <= 8; n++) {
		sa_census c;

		census_ok("durstenfeld", n, SA_ENGINE_AUTO, &c);
		assert_int_equal(c.runs, sa_factorial(n));
		assert_int_equal(c.reached, c.orderings);
		for (uint64_t r = 0; r < c.orderings; r++)
			assert_int_equal(c.tally[r], 1);
		assert_true(c.fair);
		sa_census_free(&c);
	}
}

/* A deck and an oracle that answers from a list, for single runs. */
struct list_oracle {
	sa_oracle base;
	const uint64_t *val;
	size_t pos;
};

static uint64_t
list_draw(sa_oracle *o, uint64_t bound)
{
	struct list_oracle *l = (struct list_oracle *)o;
	uint64_t v = l->val[l->pos++];

	assert_true(v < bound);
	return v;
}

/*
 * Every built-in step form says exactly what its program does: for every
 * draw sequence, the program's deck equals the deck the steps make.
 */
static void
test_step_form_matches_program(void **state)
{
	(void)state;
	for (size_t k = 0; k < sa_shuffle_count(); k++) {
		const sa_shuffle *sh = sa_shuffle_at(k);

		if (sh->steps == NULL)
			continue;
		for (size_t n = 1; n <= 6; n++) {
			size_t steps = sh->steps(sh, n);
			uint64_t val[64] = { 0 };
			sa_step st[64];

			assert_true(steps <= 64);
			for (size_t s = 0; s < steps; s++)
				sh->step(sh, n, s, &st[s]);
			for (;;) {
				unsigned a[SA_PERM_MAX], b[SA_PERM_MAX];
				struct list_oracle o = { { list_draw }, val, 0 };
				size_t s;

				for (size_t i = 0; i < n; i++)
					a[i] = b[i] = (unsigned)i;
				sh->run(sh, a, n, &o.base);
				assert_int_equal(o.pos, steps);
				for (s = 0; s < steps; s++) {
					size_t j = st[s].lo + (size_t)val[s];
					unsigned t = b[st[s].pos];

					b[st[s].pos] = b[j];
					b[j] = t;
				}
				assert_memory_equal(a, b, n * sizeof a[0]);
				for (s = steps; s > 0 && val[s - 1] + 1 ==
				    st[s - 1].count; s--)
					val[s - 1] = 0;
				if (s == 0)
					break;
				val[s - 1]++;
			}
		}
	}
}

/*
 * Programs the step form cannot describe: the bounds depend on earlier
 * draws.  With 3 cards: draw a coin; on 0 swap cards 0 and 1 and stop; on
 * 1 draw below 3 and swap card 2 with that one.  Runs: 1 + 3 = 4, landing
 * on 102 once, and on 210, 021 (via j = 0, 1) and 012 (j = 2) once each.
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
	const sa_shuffle sh = { "branchy", "test", NULL, branchy_run, NULL,
	    NULL };
	sa_census c;

	(void)state;
	assert_int_equal(sa_census_run(&sh, 3, NULL, &c), SA_OK);
	assert_int_equal(c.engine, SA_ENGINE_REPLAY);
	assert_int_equal(c.runs, 4);
	assert_int_equal(c.tally[rank_of("102")], 1);
	assert_int_equal(c.tally[rank_of("210")], 1);
	assert_int_equal(c.tally[rank_of("021")], 1);
	assert_int_equal(c.tally[rank_of("012")], 1);
	assert_int_equal(c.reached, 4);
	assert_int_equal(c.min, 0);
	assert_false(c.fair);
	sa_census_free(&c);
}

/* A program with no draws has exactly one run. */
static void
still_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)self;
	(void)deck;
	(void)n;
	(void)o;
}

static void
test_replay_no_draws(void **state)
{
	const sa_shuffle sh = { "still", "test", NULL, still_run, NULL, NULL };
	sa_census c;

	(void)state;
	assert_int_equal(sa_census_run(&sh, 1, NULL, &c), SA_OK);
	assert_int_equal(c.runs, 1);
	assert_true(c.fair);
	sa_census_free(&c);
	assert_int_equal(sa_census_run(&sh, 3, NULL, &c), SA_OK);
	assert_int_equal(c.runs, 1);
	assert_int_equal(c.tally[0], 1);
	assert_int_equal(c.reached, 1);
	assert_false(c.fair);
	sa_census_free(&c);
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
	const sa_shuffle zero = { "zero", "t", NULL, zero_bound_run, NULL, NULL };
	const sa_shuffle lose = { "lose", "t", NULL, lose_card_run, NULL, NULL };
	const sa_shuffle away = { "away", "t", NULL, runaway_run, NULL, NULL };
	const sa_shuffle fick = { "fickle", "t", NULL, fickle_run, NULL, NULL };
	sa_census_opts opts = { 0, 64, SA_ENGINE_AUTO };
	sa_census c;

	(void)state;
	assert_int_equal(sa_census_run(&zero, 3, NULL, &c), SA_EBOUND);
	assert_null(c.tally);
	assert_int_equal(sa_census_run(&lose, 3, NULL, &c), SA_ENOTPERM);
	assert_int_equal(sa_census_run(&away, 3, &opts, &c), SA_EDRAWS);
	fickle_calls = 1;
	assert_int_equal(sa_census_run(&fick, 3, NULL, &c), SA_ENONDET);
	assert_null(c.tally);
}

static void
test_refusals(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	sa_census_opts tight = { 1000, 0, SA_ENGINE_AUTO };
	sa_census_opts roomy = { UINT64_MAX, 0, SA_ENGINE_AUTO };
	sa_census_opts bad_engine = { 0, 0, SA_ENGINE_STEPS };
	const sa_shuffle still = { "still", "t", NULL, still_run, NULL, NULL };
	sa_census_plan plan;
	sa_census c;

	(void)state;
	assert_int_equal(sa_census_run(naive, 0, NULL, &c), SA_EINVAL);
	assert_int_equal(sa_census_run(NULL, 3, NULL, &c), SA_EINVAL);
	assert_int_equal(sa_census_run(&still, 3, &bad_engine, &c), SA_EINVAL);

	/* 21! does not fit in 64 bits. */
	assert_int_equal(sa_census_plan_for(naive, 21, NULL, &plan),
	    SA_EOVERFLOW);
	assert_int_equal(plan.orderings, 0);

	/* 6 cards need two tables of 720 counts: 11520 bytes > 1000. */
	assert_int_equal(sa_census_plan_for(naive, 6, &tight, &plan),
	    SA_ETOOBIG);
	assert_int_equal(plan.bytes, 2 * 720 * 8);
	assert_int_equal(plan.max_bytes, 1000);
	assert_int_equal(sa_census_run(naive, 6, &tight, &c), SA_ETOOBIG);
	assert_null(c.tally);

	/* Past the machine's memory: 13! * 16 bytes is about 100 GB. */
	if (sa_physical_memory() != 0 &&
	    sa_physical_memory() < sa_factorial(13) * 16) {
		assert_int_equal(sa_census_run(naive, 13, NULL, &c),
		    SA_ETOOBIG);
		assert_null(c.tally);
	}

	/* Given the memory, 16^16 = 2^64 runs still do not fit. */
	assert_int_equal(sa_census_plan_for(naive, 16, &roomy, &plan),
	    SA_EOVERFLOW);
	assert_int_equal(sa_census_plan_for(naive, 15, &roomy, &plan), SA_OK);
	assert_int_equal(plan.runs, UINT64_C(437893890380859375));
	/* At 20 cards not even the tally's size fits in 64 bits. */
	assert_int_equal(sa_census_plan_for(naive, 20, &roomy, &plan),
	    SA_ETOOBIG);
	assert_int_equal(plan.bytes, UINT64_MAX);
}

static void
test_registry(void **state)
{
	(void)state;
	assert_true(sa_shuffle_count() >= 2);
	assert_null(sa_shuffle_at(sa_shuffle_count()));
	assert_null(sa_shuffle_find("bogus"));
	assert_null(sa_shuffle_find(""));
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		const sa_shuffle *sh = sa_shuffle_at(i);

		assert_ptr_equal(sa_shuffle_find(sh->name), sh);
		assert_non_null(sh->summary);
		assert_non_null(sh->run);
	}
	assert_string_equal(sa_strerror(SA_ETOOBIG),
	    "needs more memory than this machine has");
	assert_string_equal(sa_strerror(-1), "unknown error");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_against_reference),
		cmocka_unit_test(test_seed_page_table),
		cmocka_unit_test(test_oeis_a192053),
		cmocka_unit_test(test_durstenfeld_one_each),
		cmocka_unit_test(test_step_form_matches_program),
		cmocka_unit_test(test_replay_branches),
		cmocka_unit_test(test_replay_no_draws),
		cmocka_unit_test(test_contract_breaches),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_registry),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
