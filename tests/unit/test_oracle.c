/*
 * test_oracle.c - the scripted oracle and the draw contract (oracle.c),
 * through the trace that answers a shuffle's draws from a list: a draw
 * given that is not below its bound, running out, draws left over, a
 * bound of 0 or past 2^32, each refused with the draw it was at; and
 * within the contract, the decks the answers lead to, against the
 * naive shuffle worked out here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/* Asks for a draw below the bound its context holds, then stops. */
static void
ask(const sa_shuffle *sh, unsigned *deck, size_t n, sa_oracle *o)
{
	(void)deck;
	(void)n;
	(void)sa_draw(o, *(const uint64_t *)sh->ctx);
}

static void
test_contract(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	static const uint64_t bounds[] = { 0, SA_DRAW_MAX + 1 };
	sa_trace t;

	(void)state;
	memset(&t, 0, sizeof t);
	assert_int_equal(sa_trace_run(naive, 3, NULL, (uint64_t[]){ 3, 0, 0 },
	    3, 0, &t), SA_ERANGE);
	assert_int_equal(t.steps, 0);
	sa_trace_free(&t);
	assert_int_equal(sa_trace_run(naive, 3, NULL, (uint64_t[]){ 0, 2, 0 },
	    2, 0, &t), SA_ESHORT);
	assert_int_equal(t.steps, 2);
	sa_trace_free(&t);
	assert_int_equal(sa_trace_run(naive, 3, NULL, (uint64_t[]){ 0, 0, 0,
	    0 }, 4, 0, &t), SA_ELONG);
	sa_trace_free(&t);
	for (int i = 0; i < 2; i++) {
		const sa_shuffle bad = { .name = "bad", .summary = "t",
		    .run = ask, .ctx = (void *)&bounds[i] };

		assert_int_equal(sa_trace_run(&bad, 2, NULL, (uint64_t[]){ 0 },
		    1, 0, &t), SA_EBOUND);
		sa_trace_free(&t);
	}
}

/* Every answer list of the naive shuffle of 3 cards leads where the
 * swaps worked out here lead. */
static void
test_decks(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");

	(void)state;
	for (uint64_t x = 0; x < 27; x++) {
		uint64_t d[3] = { x / 9, x / 3 % 3, x % 3 };
		unsigned want[3] = { 0, 1, 2 };
		sa_trace t;

		for (size_t i = 0; i < 3; i++) {
			unsigned s = want[i];

			want[i] = want[d[i]];
			want[d[i]] = s;
		}
		assert_int_equal(sa_trace_run(naive, 3, NULL, d, 3, 0, &t),
		    SA_OK);
		assert_int_equal(t.steps, 3);
		for (size_t k = 0; k < 3; k++) {
			assert_int_equal(t.bound[k], 3);
			assert_int_equal(t.value[k], d[k]);
		}
		assert_memory_equal(t.deck + 3 * 3, want, sizeof want);
		sa_trace_free(&t);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_contract),
		cmocka_unit_test(test_decks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
