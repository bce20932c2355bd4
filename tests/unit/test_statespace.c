/*
 * test_statespace.c - the state-space argument (statespace.c): whether
 * 2^BITS states cover N! orderings, the smallest deck they cannot cover
 * and the share they reach, against factorials worked out here (in 64
 * bits up to 20!, by logarithms beyond, where the margins are wide).
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/* n!, exactly, for n up to 20. */
static uint64_t
factorial(unsigned n)
{
	uint64_t f = 1;

	for (unsigned k = 2; k <= n; k++)
		f *= k;
	return f;
}

static void
test_small(void **state)
{
	(void)state;
	for (uint32_t bits = 1; bits <= 63; bits++) {
		unsigned smallest = 2;

		/* The smallest n with n! > 2^bits, found here. */
		while (smallest <= 20 &&
		    factorial(smallest) <= UINT64_C(1) << bits)
			smallest++;
		for (unsigned n = 1; n <= 20; n++) {
			sa_state_space s;
			bool covers = factorial(n) <= UINT64_C(1) << bits;

			memset(&s, 0, sizeof s);
			assert_int_equal(sa_state_space_for(n, bits, &s), SA_OK);
			assert_int_equal(s.covers, covers);
			assert_int_equal(s.smallest_uncovered, smallest);
			if (!covers) {
				/* reach = 2^bits / n!, exactly. */
				char *t = sa_fraction_exact(&s.reach);
				double want = ldexp(1.0, (int)bits) /
				    (double)factorial(n);

				assert_non_null(t);
				assert_true(fabs(sa_fraction_to_double(&s.reach) -
				    want) <= 1e-12 * want);
				free(t);
			}
			assert_true(fabs(s.log2_orderings -
			    log2((double)factorial(n))) < 1e-9);
			sa_state_space_free(&s);
		}
	}
}

/* mulberry32's 32 bits: 12! fits, 13! does not; 52 cards, by far. */
static void
test_seeded_deal(void **state)
{
	sa_state_space s;

	(void)state;
	memset(&s, 0, sizeof s);
	assert_int_equal(sa_state_space_for(52, 32, &s), SA_OK);
	assert_false(s.covers);
	assert_int_equal(s.smallest_uncovered, 13);
	/* log2 52! = 225.58...: a share of 2^(32 - 225.58) = 5.3e-59. */
	assert_true(fabs(s.log2_orderings - lgamma(53.0) / log(2.0)) < 1e-6);
	assert_true(fabs(log10(sa_fraction_to_double(&s.reach)) -
	    (32 - s.log2_orderings) * log10(2.0)) < 1e-6);
	sa_state_space_free(&s);
	/* A range of seeds, given as a count of states. */
	memset(&s, 0, sizeof s);
	assert_int_equal(sa_state_space_count(4, 24, &s), SA_OK);
	assert_true(s.covers);
	sa_state_space_free(&s);
	memset(&s, 0, sizeof s);
	assert_int_equal(sa_state_space_count(4, 23, &s), SA_OK);
	assert_false(s.covers);
	sa_state_space_free(&s);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_small),
		cmocka_unit_test(test_seeded_deal),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
