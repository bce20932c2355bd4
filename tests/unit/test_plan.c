/*
 * test_plan.c - a census planned before it starts (plan.c): the runs
 * known in advance (n^n for the naive shuffle, n! for Durstenfeld's,
 * worked out here), the engine chosen, the memory growing with the
 * cards; a limit on memory refused with the most cards that fit under
 * it, which is then planned without refusal; an engine the shuffle
 * cannot use refused; and the census of 12 cards planned for 4 ranks
 * holding less a rank than one process, with its exchanges.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

static uint64_t
power(uint64_t b, unsigned e)
{
	uint64_t r = 1;

	while (e-- > 0)
		r *= b;
	return r;
}

static void
test_runs_and_bytes(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	/* A limit of its own, so that the plans are the same on any
	 * machine. */
	sa_census_opts o = { .max_bytes = UINT64_C(1) << 40 };
	uint64_t last = 0, fact = 1;

	(void)state;
	for (unsigned n = 2; n <= 11; n++) {
		sa_census_plan p;

		fact *= n;
		memset(&p, 0, sizeof p);
		assert_int_equal(sa_census_plan_for(naive, n, &o, &p), SA_OK);
		assert_int_equal(p.orderings, fact);
		assert_int_equal(p.runs, power(n, n));
		assert_true(p.bytes >= last);
		last = p.bytes;
		memset(&p, 0, sizeof p);
		assert_int_equal(sa_census_plan_for(durst, n, &o, &p), SA_OK);
		assert_int_equal(p.runs, fact);
	}
}

static void
test_limits(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	const sa_shuffle *cmp = sa_shuffle_find("comparator-sort");
	sa_census_opts o;
	sa_census_plan p, fits;

	(void)state;
	/* Ten megabytes: 10 cards' tables do not fit; the most that do,
	 * planned under the same limit, do. */
	memset(&o, 0, sizeof o);
	o.max_bytes = 10u << 20;
	memset(&p, 0, sizeof p);
	assert_int_equal(sa_census_plan_for(naive, 10, &o, &p), SA_ETOOBIG);
	assert_true(p.fits >= 2 && p.fits < 10);
	assert_true(p.why[0] != '\0');
	memset(&fits, 0, sizeof fits);
	assert_int_equal(sa_census_plan_for(naive, p.fits, &o, &fits), SA_OK);
	assert_true(fits.bytes <= o.max_bytes);
	memset(&fits, 0, sizeof fits);
	assert_int_equal(sa_census_plan_for(naive, p.fits + 1, &o, &fits),
	    SA_ETOOBIG);
	/* A shuffle with no step form cannot take the step engine. */
	memset(&o, 0, sizeof o);
	o.engine = SA_ENGINE_STEPS;
	memset(&p, 0, sizeof p);
	assert_int_equal(sa_census_plan_for(cmp, 4, &o, &p), SA_EINVAL);
}

static void
test_ranks(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	sa_census_opts o;
	sa_census_plan one, four;

	(void)state;
	memset(&o, 0, sizeof o);
	o.max_bytes = UINT64_C(1) << 40;	/* the same on any machine */
	memset(&one, 0, sizeof one);
	assert_int_equal(sa_census_plan_for(naive, 12, &o, &one), SA_OK);
	o.ranks = 4;
	memset(&four, 0, sizeof four);
	assert_int_equal(sa_census_plan_for(naive, 12, &o, &four), SA_OK);
	assert_int_equal(four.ranks, 4);
	assert_true(four.bytes < one.bytes);
	assert_true(four.exchanges > 0);
	assert_true(four.exchanged_total >= four.exchanged);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_runs_and_bytes),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_ranks),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
