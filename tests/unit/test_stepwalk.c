/*
 * test_stepwalk.c - every run of the step form, depth first
 * (stepwalk.c), against the reference walk.
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
#include "internal.h"	/* white-box: the tally's widths and spills */
#include "shuffle_audit_audit.h"	/* the audit's options */

#include "reference.h"

/*
 * The walk engine goes run by run over the step form; the step engine
 * spreads counts over arrangements.  Every step-form shuffle, every size
 * to 6 cards, 1, 2 and 3 threads: the same tally.  The naive shuffle of
 * 7 cards also against the reference walk.
 */
static void
test_walk_agrees(void **state)
{
	uint64_t runs;
	uint64_t *want = ref_census(REF_NAIVE, 7, &runs);
	sa_census_opts walk1 = { .engine = SA_ENGINE_WALK, .threads = 1 };
	sa_census *c;

	(void)state;
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		const sa_shuffle *sh = sa_shuffle_at(i);

		if (sh->steps == NULL || sh->reduce != NULL)
			continue;
		for (size_t n = 1; n <= 6; n++) {
			sa_census *steps;
			sa_census_plan plan;

			/* Walks of at most a few million runs. */
			if ((sh->max_cards != 0 && n > sh->max_cards) ||
			    sa_census_plan_for(sh, n, &walk1, &plan) != SA_OK ||
			    plan.runs > 5000000)
				continue;
			assert_int_equal(sa_census_run(sh, n, NULL, &steps),
			    SA_OK);
			for (unsigned t = 1; t <= 3; t++) {
				sa_census_opts o = { .engine = SA_ENGINE_WALK,
				    .threads = t };

				assert_int_equal(sa_census_run(sh, n, &o, &c),
				    SA_OK);
				assert_int_equal(sa_census_about(c)->engine, SA_ENGINE_WALK);
				assert_int_equal(sa_census_about(c)->runs, sa_census_about(steps)->runs);
				for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
					assert_int_equal(sa_census_count(c, r),
					    sa_census_count(steps, r));
				sa_census_free(c);
			}
			sa_census_free(steps);
		}
	}
	assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 7, &walk1,
	    &c), SA_OK);
	assert_int_equal(sa_census_about(c)->runs, runs);
	for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
		assert_int_equal(sa_census_count(c, r), want[r]);
	sa_census_free(c);
	free(want);

	/* No step form, or a reduction: the walk refuses. */
	assert_int_equal(sa_census_run(sa_shuffle_find("pick-one"), 3, &walk1,
	    &c), SA_EINVAL);
	assert_int_equal(sa_census_run(sa_shuffle_find("std-random-shuffle"), 3,
	    &walk1, &c), SA_EINVAL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_walk_agrees),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
