/*
 * test_trace.c - one run draw by draw (trace.c), given and generated
 * draws, the walk of every run (replay.c) against the example OEIS
 * A192053 gives, and the notations of orderings (perm.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/* The naive shuffle of 3 cards with draws 2, 0, 2 (OEIS: j = 3, 1, 3). */
static void
test_trace(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	static const uint64_t draws[] = { 2, 0, 2 };
	static const unsigned decks[4][3] = {
		{ 0, 1, 2 }, { 2, 1, 0 }, { 1, 2, 0 }, { 1, 2, 0 },
	};
	static const uint64_t bad[] = { 2, 3, 0 };
	sa_trace t;

	(void)state;
	assert_int_equal(sa_trace_run(naive, 3, NULL, draws, 3, 0, &t), SA_OK);
	assert_int_equal(t.steps, 3);
	for (size_t k = 0; k < 3; k++) {
		assert_int_equal(t.bound[k], 3);
		assert_int_equal(t.value[k], draws[k]);
	}
	assert_memory_equal(t.deck, decks, sizeof decks);
	sa_trace_free(&t);

	assert_int_equal(sa_trace_run(naive, 3, NULL, bad, 3, 0, &t),
	    SA_ERANGE);
	assert_int_equal(t.steps, 1);	/* the second draw, 3, is out */
	sa_trace_free(&t);
	assert_int_equal(sa_trace_run(naive, 3, NULL, draws, 2, 0, &t),
	    SA_ESHORT);
	assert_int_equal(t.steps, 2);
	sa_trace_free(&t);
	assert_int_equal(sa_trace_run(sa_shuffle_find("durstenfeld"), 3, NULL,
	    draws, 3, 0, &t), SA_ELONG);
	sa_trace_free(&t);
}

/* A trace from a generator records the bounds the shuffle asked for. */
static void
test_trace_seeded(void **state)
{
	sa_mulberry32 g;
	sa_trace t;

	(void)state;
	sa_mulberry32_init(&g, 12345);
	assert_int_equal(sa_trace_run(sa_shuffle_find("durstenfeld"), 4,
	    &g.base, NULL, 0, 0, &t), SA_OK);
	assert_int_equal(t.steps, 3);
	assert_int_equal(t.bound[0], 4);
	assert_int_equal(t.bound[1], 3);
	assert_int_equal(t.bound[2], 2);
	/* The deck at the end: K Q A J. */
	assert_int_equal(t.deck[3 * 4 + 0], 1);
	assert_int_equal(t.deck[3 * 4 + 1], 2);
	assert_int_equal(t.deck[3 * 4 + 2], 0);
	assert_int_equal(t.deck[3 * 4 + 3], 3);
	sa_trace_free(&t);
}

struct collect {
	unsigned target[3];
	char found[8][8];
	int count, runs;
};

static int
collect(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct collect *c = ctx;

	(void)bounds;
	c->runs++;
	if (memcmp(deck, c->target, n * sizeof *deck) != 0)
		return 0;
	assert_int_equal(ndraws, 3);
	assert_true(c->count < 8);
	for (size_t k = 0; k < ndraws; k++)
		c->found[c->count][k] = (char)('1' + draws[k]);
	c->found[c->count][ndraws] = '\0';
	c->count++;
	return 0;
}

/*
 * OEIS A192053's example: the naive shuffle of 3 cards lands on 2,3,1
 * (our 120) from j = 1,1,2; 1,3,1; 2,2,2; 2,3,3; 3,1,3 (1-based).
 */
static void
test_walk_oeis_example(void **state)
{
	struct collect c = { { 1, 2, 0 }, { { 0 } }, 0, 0 };

	(void)state;
	assert_int_equal(sa_walk(sa_shuffle_find("naive"), 3, 0, collect, &c),
	    SA_OK);
	assert_int_equal(c.runs, 27);
	assert_int_equal(c.count, 5);
	assert_string_equal(c.found[0], "112");
	assert_string_equal(c.found[1], "131");
	assert_string_equal(c.found[2], "222");
	assert_string_equal(c.found[3], "233");
	assert_string_equal(c.found[4], "313");
}

static int
stop_at_three(void *ctx, const unsigned *deck, size_t n,
    const uint64_t *draws, const uint64_t *bounds, size_t ndraws)
{
	int *runs = ctx;

	(void)deck;
	(void)n;
	(void)draws;
	(void)bounds;
	(void)ndraws;
	return ++*runs == 3 ? 42 : 0;
}

static void
test_walk_stops(void **state)
{
	int runs = 0;

	(void)state;
	assert_int_equal(sa_walk(sa_shuffle_find("naive"), 3, 0, stop_at_three,
	    &runs), 42);
	assert_int_equal(runs, 3);
}

static void
test_notations(void **state)
{
	/* Position 0 holds card 1, 1 holds 2, 2 holds 0, 3 holds 3. */
	static const unsigned p[] = { 1, 2, 0, 3 };
	static const unsigned id[] = { 0, 1, 2 };
	char buf[64];

	(void)state;
	sa_perm_format_as(p, 4, SA_NOTATION_ARRAY, buf, sizeof buf);
	assert_string_equal(buf, "1203");
	/* Card 0 ended at 2, card 1 at 0, card 2 at 1, card 3 at 3. */
	sa_perm_format_as(p, 4, SA_NOTATION_INVERSE, buf, sizeof buf);
	assert_string_equal(buf, "2013");
	/* Card 0 -> position 2, card 2 -> 1, card 1 -> 0; 3 stays. */
	assert_int_equal(sa_perm_format_as(p, 4, SA_NOTATION_CYCLES, buf,
	    sizeof buf), 10);
	assert_string_equal(buf, "(0 2 1)(3)");
	sa_perm_format_as(id, 3, SA_NOTATION_CYCLES, buf, sizeof buf);
	assert_string_equal(buf, "(0)(1)(2)");
	/* Cut short, still terminated, full length reported. */
	assert_int_equal(sa_perm_format_as(p, 4, SA_NOTATION_CYCLES, buf, 4),
	    10);
	assert_string_equal(buf, "(0 ");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace),
		cmocka_unit_test(test_trace_seeded),
		cmocka_unit_test(test_walk_oeis_example),
		cmocka_unit_test(test_walk_stops),
		cmocka_unit_test(test_notations),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
