/*
 * test_divisibility.c - run counts and the divisibility argument
 * (divisibility.c): the naive shuffle's n^n runs, their remainder by n!
 * and the prime that witnesses it, against 128-bit arithmetic and
 * Legendre's formula worked out here, to 20 cards; Durstenfeld's n!
 * runs divide; a run count too large is refused.
 */
#include <sys/resource.h>

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"	/* the audit's options */

/*
 * A run count too large to work with is refused at once, without the
 * 2^33 steps of swaps:4294967295 being walked.
 */
static void
test_runs_fit(void **state)
{
	sa_shuffle huge, naive = *sa_shuffle_find("naive");
	sa_big runs;

	(void)state;
	assert_int_equal(sa_shuffle_parse("swaps:4294967295", &huge), SA_OK);
	assert_int_equal(sa_runs_fit(&huge, 4, SA_RUNS_MAX_BITS),
	    SA_ETOOBIG);
	sa_big_init(&runs);
	assert_int_equal(sa_runs_exact(&huge, 4, &runs), SA_ETOOBIG);
	assert_int_equal(sa_runs_fit(&naive, 100, SA_RUNS_MAX_BITS), SA_OK);
	/* 10^10 has 34 bits: a floor of 33 fits 33, not 32. */
	assert_int_equal(sa_runs_fit(&naive, 10, 34), SA_OK);
	assert_int_equal(sa_runs_fit(&naive, 10, 30), SA_ETOOBIG);
	assert_int_equal(sa_runs_exact(&naive, 10, &runs), SA_OK);
	sa_big_free(&runs);
}

/* 128 bits, for n^n to 20 cards (GCC and Clang). */
__extension__ typedef unsigned __int128 u128;

/* How many times prime P divides N! (Legendre) and N. */
static uint64_t
in_factorial(uint64_t n, uint64_t p)
{
	uint64_t e = 0;

	for (uint64_t q = p; q <= n; q *= p)
		e += n / q;
	return e;
}

static uint64_t
in_power(uint64_t n, uint64_t p)
{
	uint64_t e = 0;

	while (n % p == 0) {
		n /= p;
		e++;
	}
	return e;	/* in N; N^N has N times as many */
}

static void
test_naive_argument(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");

	(void)state;
	for (uint64_t n = 3; n <= 20; n++) {
		u128 runs = 1, fact = 1;
		uint64_t rem, got, p;
		sa_divisibility d;

		for (uint64_t k = 0; k < n; k++)
			runs *= n;
		for (uint64_t k = 2; k <= n; k++)
			fact *= k;
		rem = (uint64_t)(runs % fact);
		/* The smallest prime dividing n! more often than n^n. */
		for (p = 2; p <= n; p++) {
			bool prime = true;

			for (uint64_t q = 2; q * q <= p; q++)
				prime = prime && p % q != 0;
			if (prime && in_factorial(n, p) > n * in_power(n, p))
				break;
		}
		memset(&d, 0, sizeof d);
		assert_int_equal(sa_divisibility_for(naive, n, &d), SA_OK);
		assert_false(d.divides);
		assert_true(sa_big_to_u64(&d.remainder, &got));
		assert_int_equal(got, rem);
		assert_int_equal(d.prime, p);
		assert_int_equal(d.prime_in_orderings, in_factorial(n, p));
		assert_int_equal(d.prime_in_runs, n * in_power(n, p));
		assert_int_equal(d.runs_mod_n1, 1);	/* n = 1 mod n - 1 */
		assert_int_equal(d.orderings_mod_n1, 0);
		assert_int_equal(d.gcd_n_n1, 1);
		sa_divisibility_free(&d);
		memset(&d, 0, sizeof d);
		assert_int_equal(sa_divisibility_for(durst, n, &d), SA_OK);
		assert_true(d.divides);
		assert_int_equal(d.prime, 0);
		sa_divisibility_free(&d);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runs_fit),
		cmocka_unit_test(test_naive_argument),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
