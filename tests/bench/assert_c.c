/*
 * assert_c.c - the bench's test in C (tests/bench/assert.sh): one cmocka
 * test that asserts a Fisher-Yates of CARDS (6) cards fair, the harness's
 * sa_harness_assert_fair, start to finish.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sa_harness.h"

#ifndef CARDS
#define CARDS 6
#endif

static void
fisher_yates(unsigned *deck, size_t n)
{
	for (size_t i = n; i > 1; i--) {
		size_t j = (size_t)sa_harness_draw(i);
		unsigned t = deck[i - 1];

		deck[i - 1] = deck[j];
		deck[j] = t;
	}
}

static void
test_fisher_yates(void **state)
{
	(void)state;
	assert_int_equal(sa_harness_assert_fair(fisher_yates, CARDS), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fisher_yates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
