/*
 * A suite of two tests, the second failing: Fisher-Yates is fair, the
 * naive shuffle is not.  The second assertion's child is this program
 * run again with the same arguments (./test_naive NAME runs the tests
 * NAME matches), and serves the second call.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "sa_harness.h"

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

/* The naive shuffle: every card swapped with any card, n^n runs. */
static void
naive(unsigned *deck, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		size_t j = (size_t)sa_harness_draw(n);
		unsigned t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
}

static void
test_fisher_yates(void **state)
{
	(void)state;
	assert_int_equal(sa_harness_assert_fair(fisher_yates, 5), 0);
}

static void
test_naive(void **state)
{
	(void)state;
	assert_int_equal(sa_harness_assert_fair(naive, 4), 0);
}

int
main(int argc, char **argv)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fisher_yates),
		cmocka_unit_test(test_naive),
	};

	if (argc > 1)
		cmocka_set_test_filter(argv[1]);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
