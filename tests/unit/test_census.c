/*
 * test_census.c - the census against independent counts: a reference
 * walk that shares no code with the engines, the published figures (OEIS
 * A192053, the naive shuffle of 4 cards), every built-in against its own
 * count, refusals and memory.
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

static void
census_ok(const char *name, size_t n, enum sa_engine engine, sa_census **c)
{
	sa_census_opts opts = { .max_bytes = 0, .max_draws = 0,
	    .engine = engine };
	const sa_shuffle *sh = sa_shuffle_find(name);

	assert_non_null(sh);
	assert_int_equal(sa_census_run(sh, n, &opts, c), SA_OK);
	assert_int_equal(sa_census_about(*c)->engine, engine == SA_ENGINE_AUTO ?
	    SA_ENGINE_STEPS : engine);
}

/* The summary figures, recomputed from the tally by hand. */
static void
check_summary(const sa_census *c)
{
	uint64_t sum = 0, reached = 0, max = 0, min = UINT64_MAX;
	uint64_t nmax = 0, nmin = 0;

	for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++) {
		sum += sa_census_count(c, r);
		reached += sa_census_count(c, r) > 0;
		if (sa_census_count(c, r) > max)
			max = sa_census_count(c, r);
		if (sa_census_count(c, r) < min)
			min = sa_census_count(c, r);
	}
	for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++) {
		nmax += sa_census_count(c, r) == max;
		nmin += sa_census_count(c, r) == min;
	}
	assert_int_equal(sum, sa_census_about(c)->runs);
	assert_int_equal(reached, sa_census_about(c)->reached);
	assert_int_equal(max, sa_census_about(c)->max);
	assert_int_equal(min, sa_census_about(c)->min);
	assert_int_equal(nmax, sa_census_about(c)->nmax);
	assert_int_equal(nmin, sa_census_about(c)->nmin);
	assert_int_equal(sa_census_count(c, sa_census_about(c)->argmax), max);
	assert_int_equal(sa_census_count(c, sa_census_about(c)->argmin), min);
	for (uint64_t r = 0; r < sa_census_about(c)->argmax; r++)
		assert_true(sa_census_count(c, r) < max);
	for (uint64_t r = 0; r < sa_census_about(c)->argmin; r++)
		assert_true(sa_census_count(c, r) > min);
	assert_int_equal(sa_census_about(c)->fair, min == max);
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
				sa_census *c;

				census_ok(cases[k].name, n, engines[e], &c);
				assert_int_equal(sa_census_about(c)->n, n);
				assert_int_equal(sa_census_about(c)->runs, runs);
				assert_int_equal(sa_census_about(c)->orderings, sa_factorial(n));
				for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
					assert_int_equal(sa_census_count(c, r),
					    want[r]);
				check_summary(c);
				sa_census_free(c);
			}
			free(want);
		}
	}
}

/* The published table for the naive shuffle of 4 cards. */
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
	sa_census *c;

	(void)state;
	census_ok("naive", 4, SA_ENGINE_AUTO, &c);
	assert_int_equal(sa_census_about(c)->runs, 256);
	assert_int_equal(sa_census_about(c)->orderings, 24);
	for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
		assert_int_equal(sa_census_count(c, rank_of(rows[i].ordering)),
		    rows[i].runs);
	assert_int_equal(sa_census_about(c)->max, 15);
	assert_int_equal(sa_census_about(c)->min, 8);
	assert_int_equal(sa_census_about(c)->argmax, rank_of("1032"));
	assert_int_equal(sa_census_about(c)->argmin, rank_of("3012"));
	assert_false(sa_census_about(c)->fair);
	sa_census_free(c);
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
		sa_census *c;

		census_ok("naive", n, SA_ENGINE_AUTO, &c);
		assert_int_equal(sa_census_about(c)->max, most[n - 1]);
		if (n >= 3) {
			p[0] = (unsigned)(n - 1);
			for (size_t i = 1; i < n; i++)
				p[i] = (unsigned)(i - 1);
			assert_int_equal(sa_census_about(c)->min, UINT64_C(1) << (n - 1));
			assert_int_equal(sa_census_count(c, sa_perm_rank(p, n)), sa_census_about(c)->min);
		}
		/* Fair at 1 and 2 cards, and at no larger size. */
		assert_int_equal(sa_census_about(c)->fair, n <= 2);
		sa_census_free(c);
	}
}

static void
test_durstenfeld_one_each(void **state)
{
	(void)state;
	for (size_t n = 1; n <= 8; n++) {
		sa_census *c;

		census_ok("durstenfeld", n, SA_ENGINE_AUTO, &c);
		assert_int_equal(sa_census_about(c)->runs, sa_factorial(n));
		assert_int_equal(sa_census_about(c)->reached, sa_census_about(c)->orderings);
		for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
			assert_int_equal(sa_census_count(c, r), 1);
		assert_true(sa_census_about(c)->fair);
		sa_census_free(c);
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
 * Every built-in step form says exactly what its program does: walk the
 * step form's choices depth first, applying them to a deck and noting the
 * draws each choice stands for; at each leaf, run the program on those
 * draws and compare decks.
 */
struct form_walk {
	const sa_shuffle *sh;
	size_t n, steps;
	uint64_t draws[128];
	size_t ndraws;
	unsigned deck[SA_PERM_MAX];
	unsigned long leaves;
};

static void
form_leaf(struct form_walk *w)
{
	unsigned a[SA_PERM_MAX];
	struct list_oracle o = { { .draw = list_draw }, w->draws, 0 };

	for (size_t i = 0; i < w->n; i++)
		a[i] = (unsigned)i;
	w->sh->run(w->sh, a, w->n, &o.base);
	assert_int_equal(o.pos, w->ndraws);
	assert_memory_equal(a, w->deck, w->n * sizeof a[0]);
	w->leaves++;
}

static void
form_swap(struct form_walk *w, size_t i, size_t j)
{
	unsigned t = w->deck[i];

	w->deck[i] = w->deck[j];
	w->deck[j] = t;
}

static void
form_walk(struct form_walk *w, size_t s)
{
	sa_step st = { 0, 0, 0, SA_STEP_SWAP };
	size_t mark = w->ndraws;

	if (s == w->steps) {
		form_leaf(w);
		return;
	}
	w->sh->step(w->sh, w->n, s, &st);
	switch (st.kind) {
	case SA_STEP_SWAP:
		for (uint64_t j = 0; j < st.count; j++) {
			w->draws[w->ndraws++] = j;
			form_swap(w, st.pos, st.lo + j);
			form_walk(w, s + 1);
			form_swap(w, st.pos, st.lo + j);
			w->ndraws = mark;
		}
		break;
	case SA_STEP_PICK:
		/* The accepted draws: the cards not yet placed. */
		for (size_t q = st.pos; q < w->n; q++) {
			w->draws[w->ndraws++] = w->deck[q];
			form_swap(w, st.pos, q);
			form_walk(w, s + 1);
			form_swap(w, st.pos, q);
			w->ndraws = mark;
		}
		break;
	case SA_STEP_SWAP2:
		for (uint64_t a = 0; a < st.count; a++) {
			for (uint64_t b = 0; b < st.count; b++) {
				w->draws[w->ndraws++] = a;
				w->draws[w->ndraws++] = b;
				form_swap(w, a, b);
				form_walk(w, s + 1);
				form_swap(w, a, b);
				w->ndraws = mark;
			}
		}
		break;
	}
}

static void
test_step_form_matches_program(void **state)
{
	(void)state;
	for (size_t k = 0; k < sa_shuffle_count(); k++) {
		sa_shuffle sh = *sa_shuffle_at(k);

		if (sh.steps == NULL)
			continue;
		sh.value = sh.param ? 2 : 0;	/* swaps:2 keeps the walk small */
		for (size_t n = 1; n <= 5; n++) {
			struct form_walk w;
			sa_big runs;
			uint64_t want;

			memset(&w, 0, sizeof w);
			w.sh = &sh;
			w.n = n;
			w.steps = sh.steps(&sh, n);
			for (size_t i = 0; i < n; i++)
				w.deck[i] = (unsigned)i;
			form_walk(&w, 0);
			/* The leaves are the runs the step form counts. */
			sa_big_init(&runs);
			assert_int_equal(sa_runs_exact(&sh, n, &runs), SA_OK);
			assert_true(sa_big_to_u64(&runs, &want));
			assert_int_equal(w.leaves, want);
			sa_big_free(&runs);
		}
	}
}

/*
 * Independent versions of the other shuffles, each fed a fixed-length
 * list of draws D whose bounds the test lists itself.  Draws a shuffle
 * does not use are ignored, so a run that stops early is counted once
 * for every way the unused draws could have gone: exactly its weight.
 */
typedef void ref_fn(unsigned *deck, size_t n, const uint64_t *d);

static void
ref_swap(unsigned *deck, size_t i, size_t j)
{
	unsigned t = deck[i];

	deck[i] = deck[j];
	deck[j] = t;
}

static void
ref_forward(unsigned *deck, size_t n, const uint64_t *d)
{
	for (size_t i = 0; i + 1 < n; i++)
		ref_swap(deck, i, i + d[i]);
}

static void
ref_inside_out(unsigned *deck, size_t n, const uint64_t *d)
{
	for (size_t i = 1; i < n; i++)
		ref_swap(deck, i, d[i - 1]);
}

static void
ref_sattolo(unsigned *deck, size_t n, const uint64_t *d)
{
	for (size_t k = 0; k + 1 < n; k++)
		ref_swap(deck, n - 1 - k, d[k]);
}

static void
ref_forward_exclusive(unsigned *deck, size_t n, const uint64_t *d)
{
	for (size_t i = 1; i < n; i++)
		ref_swap(deck, i, d[i - 1]);
}

/* The naive shuffle as the Java the project started from writes it, with
 * both of its arrays. */
static void
ref_two_deck(unsigned *deck, size_t n, const uint64_t *d)
{
	unsigned card[SA_PERM_MAX], temp[SA_PERM_MAX];

	for (size_t c = 0; c < n; c++)
		card[c] = temp[c] = deck[c];
	for (size_t number = n, k = 0; number >= 1; number--, k++) {
		size_t left = d[k];

		card[number - 1] = temp[left];
		temp[left] = temp[number - 1];
	}
	memcpy(deck, card, n * sizeof *deck);
}

/* The d[0]-th ordering, reached by stepping next-permutation from 0. */
static void
ref_pick_one(unsigned *deck, size_t n, const uint64_t *d)
{
	unsigned p[SA_PERM_MAX], was[SA_PERM_MAX];

	for (size_t i = 0; i < n; i++)
		p[i] = (unsigned)i;
	for (uint64_t k = 0; k < d[0]; k++) {
		size_t i = n - 1, j = n - 1;

		while (i > 0 && p[i - 1] > p[i])
			i--;
		while (p[j] < p[i - 1])
			j--;
		ref_swap(p, i - 1, j);
		for (size_t a = i, b = n - 1; a < b; a++, b--)
			ref_swap(p, a, b);
	}
	memcpy(was, deck, n * sizeof *deck);
	for (size_t i = 0; i < n; i++)
		deck[i] = was[p[i]];
}

static void
ref_swaps2(unsigned *deck, size_t n, const uint64_t *d)
{
	(void)n;
	for (size_t m = 0; m < 2; m++)
		ref_swap(deck, d[2 * m], d[2 * m + 1]);
}

/* Stable by construction: collect the cards key by key. */
static void
ref_sort_keys3(unsigned *deck, size_t n, const uint64_t *d)
{
	unsigned out[SA_PERM_MAX];
	size_t k = 0;

	for (uint64_t key = 0; key < 3; key++)
		for (size_t i = 0; i < n; i++)
			if (d[i] == key)
				out[k++] = deck[i];
	memcpy(deck, out, n * sizeof *deck);
}

/* V8's insertion sort: shift greater elements right, then drop in. */
static void
ref_comparator_sort(unsigned *deck, size_t n, const uint64_t *d)
{
	size_t coin = 0;

	for (size_t i = 1; i < n; i++) {
		unsigned element = deck[i];
		size_t j = i;

		while (j > 0 && d[coin++] == 1) {
			deck[j] = deck[j - 1];
			j--;
		}
		deck[j] = element;
	}
}

static size_t merge_coin;

static void
ref_merge(unsigned *a, size_t len, const uint64_t *d)
{
	unsigned left[SA_PERM_MAX], right[SA_PERM_MAX];
	size_t half = len / 2, i = 0, j = 0, k = 0;

	if (len < 2)
		return;
	memcpy(left, a, half * sizeof *a);
	memcpy(right, a + half, (len - half) * sizeof *a);
	ref_merge(left, half, d);
	ref_merge(right, len - half, d);
	while (i < half && j < len - half)
		a[k++] = d[merge_coin++] == 1 ? right[j++] : left[i++];
	while (i < half)
		a[k++] = left[i++];
	while (j < len - half)
		a[k++] = right[j++];
}

static void
ref_comparator_merge(unsigned *deck, size_t n, const uint64_t *d)
{
	merge_coin = 0;
	ref_merge(deck, n, d);
}

/* Runs every draw list with the given bounds through F, tallying. */
static uint64_t *
ref_walk(ref_fn *f, size_t n, const uint64_t *bound, size_t len,
    uint64_t *total)
{
	uint64_t *tally = calloc(sa_factorial(n), sizeof *tally);
	uint64_t d[64] = { 0 };
	unsigned deck[SA_PERM_MAX];

	assert_non_null(tally);
	*total = 0;
	for (;;) {
		size_t k;

		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		f(deck, n, d);
		tally[ref_rank(deck, n)]++;
		(*total)++;
		for (k = len; k > 0 && d[k - 1] + 1 == bound[k - 1]; k--)
			d[k - 1] = 0;
		if (k == 0)
			break;
		d[k - 1]++;
	}
	return tally;
}

static void
test_other_shuffles(void **state)
{
	static const struct {
		const char *spec;
		ref_fn *f;
	} cases[] = {
		{ "forward", ref_forward },
		{ "inside-out", ref_inside_out },
		{ "sattolo", ref_sattolo },
		{ "forward-exclusive", ref_forward_exclusive },
		{ "two-deck", ref_two_deck },
		{ "pick-one", ref_pick_one },
		{ "swaps:2", ref_swaps2 },
		{ "sort-keys:3", ref_sort_keys3 },
		{ "comparator-sort", ref_comparator_sort },
		{ "comparator-merge", ref_comparator_merge },
	};

	(void)state;
	for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
		sa_shuffle sh;

		assert_int_equal(sa_shuffle_parse(cases[k].spec, &sh), SA_OK);
		for (size_t n = 1; n <= 5; n++) {
			uint64_t bound[64], total, *want;
			size_t len = 0;
			sa_census *c;

			/* The bounds each shuffle draws below, listed here. */
			if (strcmp(sh.name, "forward") == 0)
				for (size_t i = 0; i + 1 < n; i++)
					bound[len++] = n - i;
			else if (strcmp(sh.name, "inside-out") == 0)
				for (size_t i = 1; i < n; i++)
					bound[len++] = i + 1;
			else if (strcmp(sh.name, "sattolo") == 0)
				for (size_t i = n - 1; i >= 1 && i < n; i--)
					bound[len++] = i;
			else if (strcmp(sh.name, "forward-exclusive") == 0)
				for (size_t i = 1; i < n; i++)
					bound[len++] = i;
			else if (strcmp(sh.name, "two-deck") == 0)
				for (size_t i = n; i >= 1; i--)
					bound[len++] = i;
			else if (strcmp(sh.name, "pick-one") == 0)
				bound[len++] = sa_factorial(n);
			else if (strcmp(sh.name, "swaps") == 0)
				for (size_t i = 0; i < 4; i++)
					bound[len++] = n;
			else if (strcmp(sh.name, "sort-keys") == 0)
				for (size_t i = 0; i < n; i++)
					bound[len++] = 3;
			else	/* comparator sorts: at most n(n-1)/2 coins */
				for (size_t i = 0; i < n * (n - 1) / 2; i++)
					bound[len++] = 2;

			want = ref_walk(cases[k].f, n, bound, len, &total);
			assert_int_equal(sa_census_run(&sh, n, NULL, &c), SA_OK);
			/* Equal chances: the tallies agree up to one scale. */
			for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
				assert_true(want[r] * sa_census_about(c)->runs == sa_census_count(c, r) * total);
			check_summary(c);
			sa_census_free(c);
			if (sh.steps != NULL) {
				sa_census_opts replay = { .max_bytes = 0, .max_draws = 0,
	    .engine = SA_ENGINE_REPLAY };

				assert_int_equal(sa_census_run(&sh, n, &replay, &c),
				    SA_OK);
				for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
					assert_true(want[r] * sa_census_about(c)->runs ==
					    sa_census_count(c, r) * total);
				sa_census_free(c);
			}
			free(want);
		}
	}
}

/* Sattolo reaches exactly the (n-1)! orderings that are one cycle. */
static void
test_sattolo_cycles(void **state)
{
	(void)state;
	for (size_t n = 2; n <= 7; n++) {
		sa_census *c;
		unsigned p[SA_PERM_MAX];

		census_ok("sattolo", n, SA_ENGINE_AUTO, &c);
		assert_int_equal(sa_census_about(c)->reached, sa_factorial(n - 1));
		for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++) {
			size_t len = 1;
			unsigned at = 0;

			sa_perm_unrank(r, n, p);
			for (at = p[0]; at != 0; at = p[at])
				len++;
			assert_int_equal(sa_census_count(c, r), len == n ? 1 : 0);
		}
		sa_census_free(c);
	}
}

/* The rejection shuffle's known answer: each ordering exactly 1/n!. */
static void
test_rejection_exact(void **state)
{
	sa_census_opts replay = { .max_bytes = 0, .max_draws = 64,
	    .engine = SA_ENGINE_REPLAY };
	const sa_shuffle *rej = sa_shuffle_find("rejection");
	sa_census *c;

	(void)state;
	for (size_t n = 1; n <= 7; n++) {
		census_ok("rejection", n, SA_ENGINE_AUTO, &c);
		assert_true(sa_census_about(c)->renormalised);
		assert_int_equal(sa_census_about(c)->runs, sa_factorial(n));
		assert_true(sa_census_about(c)->fair);
		assert_int_equal(sa_census_about(c)->min, 1);
		sa_census_free(c);
	}
	/* Its draw tree is infinite: walking it run by run cannot end. */
	assert_int_equal(sa_census_run(rej, 3, &replay, &c), SA_EDRAWS);
}

static void
test_refusals(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	sa_census_opts tight = { .max_bytes = 1000, .max_draws = 0,
	    .engine = SA_ENGINE_AUTO };
	sa_census_opts roomy = { .max_bytes = UINT64_MAX, .max_draws = 0,
	    .engine = SA_ENGINE_AUTO };
	sa_census_opts bad_engine = { .max_bytes = 0, .max_draws = 0,
	    .engine = SA_ENGINE_STEPS };
	const sa_shuffle still = { .name = "still", .run = still_run };
	sa_census_plan plan;
	sa_census *c;

	(void)state;
	assert_int_equal(sa_census_run(naive, 0, NULL, &c), SA_EINVAL);
	assert_int_equal(sa_census_run(NULL, 3, NULL, &c), SA_EINVAL);
	assert_int_equal(sa_census_run(&still, 3, &bad_engine, &c), SA_EINVAL);

	/* 21! does not fit in 64 bits. */
	assert_int_equal(sa_census_plan_for(naive, 21, NULL, &plan),
	    SA_EOVERFLOW);
	assert_int_equal(plan.orderings, 0);

	/* 6 cards need two tables of 720 32-bit counts: 5760 bytes > 1000. */
	assert_int_equal(sa_census_plan_for(naive, 6, &tight, &plan),
	    SA_ETOOBIG);
	assert_int_equal(plan.bytes, 2 * 720 * 4);
	assert_int_equal(plan.max_bytes, 1000);
	assert_int_equal(plan.fits, 5);	/* 2 * 120 * 4 = 960 bytes */
	/* Past 20 cards the refusal still says how many cards fit. */
	assert_int_equal(sa_census_plan_for(naive, 52, &tight, &plan),
	    SA_EOVERFLOW);
	assert_int_equal(plan.orderings, 0);
	assert_int_equal(plan.fits, 5);
	assert_non_null(strstr(plan.why, "52! orderings do not fit in 64 "
	    "bits"));
	assert_non_null(strstr(plan.why, "(it can count up to 5 cards)"));
	assert_int_equal(sa_census_run(naive, 6, &tight, &c), SA_ETOOBIG);
	assert_null(c);

	/* Past the machine's memory: 13! * 8 bytes is about 50 GB. */
	if (sa_physical_memory() != 0 &&
	    sa_physical_memory() < sa_factorial(13) * 8) {
		assert_int_equal(sa_census_run(naive, 13, NULL, &c),
		    SA_ETOOBIG);
		assert_null(c);
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

/*
 * The memory the planner allows falls under a data limit set on this
 * process, and the limit is named.
 */
/* This process's data segment in bytes (VmData), or 0. */
static uint64_t
data_in_use(void)
{
	char line[128];
	unsigned long long kb = 0;
	FILE *f = fopen("/proc/self/status", "r");

	if (f == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL)
		if (sscanf(line, "VmData: %llu kB", &kb) == 1)
			break;
	fclose(f);
	return (uint64_t)kb * 1024;
}

/*
 * The limit is 256 MiB above the data already mapped, not a figure
 * outright: under AddressSanitizer the allocator's own mappings count as
 * data, and after the tests before this one they can pass any fixed
 * figure, when the next allocation fails inside the sanitizer.  256 MiB
 * is below any machine's memory that runs these tests, so the data
 * limit is what binds (unless a control group leaves less).
 */
static void
test_memory_limit(void **state)
{
	struct rlimit old, low;
	const char *what = NULL;
	uint64_t room;

	(void)state;
	assert_int_equal(getrlimit(RLIMIT_DATA, &old), 0);
	low = old;
	low.rlim_cur = (rlim_t)(data_in_use() + ((uint64_t)256 << 20));
	if (old.rlim_max != RLIM_INFINITY && old.rlim_max < low.rlim_cur)
		skip();
	assert_int_equal(setrlimit(RLIMIT_DATA, &low), 0);
	room = sa_memory_available(&what);
	assert_int_equal(setrlimit(RLIMIT_DATA, &old), 0);
	assert_true(room <= (uint64_t)256 << 20);	/* limit less VmData */
	assert_non_null(what);
	if (strstr(what, "cgroup") == NULL && strstr(what, "memory.") == NULL)
		assert_non_null(strstr(what, "RLIMIT_DATA"));
}

/*
 * A census merged from parts is whole only when its counts add up to
 * its runs and, for a built-in shuffle, its runs are the step form's:
 * the naive shuffle's 3^3 = 27 runs, by hand.  A tally short by one, or
 * one whose runs and counts are both doubled (each consistent alone),
 * is refused.
 */
static void
test_census_whole(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	sa_census *c, *d;
	uint64_t *tally;
	char why[256];

	(void)state;
	assert_int_equal(sa_census_run(naive, 3, NULL, &c), SA_OK);
	assert_int_equal(sa_census_whole(c, naive, why, sizeof why), SA_OK);
	assert_int_equal(sa_census_about(c)->runs, 27);

	tally = malloc(6 * sizeof *tally);
	assert_non_null(tally);
	sa_census_copy_tally(c, tally);
	for (int r = 0; r < 6; r++)
		tally[r] *= 2;
	assert_int_equal(sa_census_from_tally(&d, naive, 3, tally, 54, 54,
	    false), SA_OK);
	assert_int_equal(sa_census_whole(d, NULL, why, sizeof why), SA_OK);
	assert_int_equal(sa_census_whole(d, naive, why, sizeof why),
	    SA_EINVAL);
	assert_non_null(strstr(why, "takes 27"));
	sa_census_free(d);

	tally = malloc(6 * sizeof *tally);
	assert_non_null(tally);
	sa_census_copy_tally(c, tally);
	tally[0]--;
	assert_int_equal(sa_census_from_part(&d, naive, 3, tally, 27, 27,
	    false), SA_OK);
	assert_int_equal(sa_census_whole(d, naive, why, sizeof why),
	    SA_EINVAL);
	assert_non_null(strstr(why, "add up to 26, and the runs are 27"));
	sa_census_free(d);
	sa_census_free(c);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_census_whole),
		cmocka_unit_test(test_against_reference),
		cmocka_unit_test(test_seed_page_table),
		cmocka_unit_test(test_oeis_a192053),
		cmocka_unit_test(test_durstenfeld_one_each),
		cmocka_unit_test(test_step_form_matches_program),
		cmocka_unit_test(test_other_shuffles),
		cmocka_unit_test(test_sattolo_cycles),
		cmocka_unit_test(test_rejection_exact),
		cmocka_unit_test(test_refusals),
		cmocka_unit_test(test_memory_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
