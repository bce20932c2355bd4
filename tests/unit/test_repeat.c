/*
 * test_repeat.c - a census after another, and a shuffle done K times
 * (repeat.c), against compositions worked out here.
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

/* Durstenfeld's shuffle and then the naive one, as one program. */
static void
both_run(const sa_shuffle *self, unsigned *deck, size_t n, sa_oracle *o)
{
	const sa_shuffle *d = sa_shuffle_find("durstenfeld");
	const sa_shuffle *v = sa_shuffle_find("naive");

	(void)self;
	d->run(d, deck, n, o);
	v->run(v, deck, n, o);
}

/*
 * One shuffle after another, composed from the two censuses, against the
 * replay of one program doing both (Durstenfeld then naive, 4 cards); a
 * riffle after a riffle against two riffles walked run by run; and
 * sort-keys:4 against riffle:2, each walked: sorting by random keys below
 * K undoes a K-riffle, so each ordering's count is the other's count of
 * its inverse (Bayer and Diaconis 1992, section 3).
 */
static void
test_census_then(void **state)
{
	sa_shuffle both = { .name = "both", .summary = "both",
	    .run = both_run, .max_cards = 8 };
	sa_census_opts o;
	sa_census *a, *b, *ab, *walked, *r1, *r2;

	(void)state;
	memset(&o, 0, sizeof o);
	o.engine = SA_ENGINE_REPLAY;
	a = census_of("durstenfeld", 4, SA_ENGINE_AUTO);
	b = census_of("naive", 4, SA_ENGINE_AUTO);
	assert_int_equal(sa_census_then(a, b, NULL, &ab), SA_OK);
	assert_int_equal(sa_census_run(&both, 4, &o, &walked), SA_OK);
	assert_int_equal(sa_census_about(ab)->runs, sa_census_about(walked)->runs);
	for (uint64_t r = 0; r < 24; r++)
		assert_int_equal(sa_census_count(ab, r),
		    sa_census_count(walked, r));
	sa_census_free(ab);
	sa_census_free(walked);
	r1 = census_of("riffle", 5, SA_ENGINE_AUTO);
	assert_int_equal(sa_census_then(r1, r1, NULL, &ab), SA_OK);
	r2 = census_of("riffle:2", 5, SA_ENGINE_REPLAY);
	for (uint64_t r = 0; r < 120; r++)
		assert_int_equal(sa_census_count(ab, r), sa_census_count(r2, r));
	sa_census_free(ab);
	free_census(r1);
	walked = census_of("sort-keys:4", 5, SA_ENGINE_REPLAY);
	for (uint64_t r = 0; r < 120; r++) {
		unsigned p[5], inv[5];

		sa_perm_unrank(r, 5, p);
		for (unsigned i = 0; i < 5; i++)
			inv[p[i]] = i;
		assert_int_equal(sa_census_count(walked, r),
		    sa_census_count(r2, sa_perm_rank(inv, 5)));
	}
	free_census(walked);
	free_census(r2);
	free_census(a);
	free_census(b);
	/* a step shuffle repeated (step engine) against composition, and a
	 * riffle repeated (composed) against riffle:3 (formula) */
	{
		const sa_shuffle *naive = sa_shuffle_find("naive");
		sa_shuffle r3;
		sa_repeated rep;
		sa_census *x, *y, *z;

		assert_int_equal(sa_shuffle_repeat(&rep, naive, 4, 3), SA_OK);
		assert_string_equal(rep.shuffle.name, "naive*3");
		assert_non_null(rep.shuffle.steps);
		assert_int_equal(sa_census_repeat(&rep, 4, NULL, &x), SA_OK);
		assert_int_equal(sa_census_about(x)->engine, SA_ENGINE_STEPS);
		a = census_of("naive", 4, SA_ENGINE_AUTO);
		assert_int_equal(sa_census_then(a, a, NULL, &y), SA_OK);
		assert_int_equal(sa_census_then(y, a, NULL, &z), SA_OK);
		assert_int_equal(sa_census_about(x)->runs, sa_census_about(z)->runs);
		for (uint64_t r = 0; r < 24; r++)
			assert_int_equal(sa_census_count(x, r),
			    sa_census_count(z, r));
		sa_census_free(x);
		sa_census_free(y);
		sa_census_free(z);
		free_census(a);
		assert_int_equal(sa_shuffle_repeat(&rep,
		    sa_shuffle_find("riffle"), 5, 3), SA_OK);
		assert_null(rep.shuffle.steps);
		assert_int_equal(sa_census_repeat(&rep, 5, NULL, &x), SA_OK);
		assert_ptr_equal(sa_census_about(x)->shuffle, &rep.shuffle);
		assert_int_equal(sa_shuffle_parse("riffle:3", &r3), SA_OK);
		assert_int_equal(sa_census_run(&r3, 5, NULL, &y), SA_OK);
		for (uint64_t r = 0; r < 120; r++)
			assert_int_equal(sa_census_count(x, r),
			    sa_census_count(y, r));
		sa_census_free(x);
		sa_census_free(y);
		assert_int_equal(sa_shuffle_repeat(&rep, naive, 4, 0),
		    SA_EINVAL);
	}
	/* decks that differ */
	a = census_of("naive", 3, SA_ENGINE_AUTO);
	b = census_of("naive", 4, SA_ENGINE_AUTO);
	assert_int_equal(sa_census_then(a, b, NULL, &ab), SA_EINVAL);
	free_census(a);
	free_census(b);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_census_then),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
