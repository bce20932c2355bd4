/*
 * test_distance.c - how far a shuffle done K times is from uniform
 * (distance.c), against figures worked out here and published.
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

/*
 * The riffle's distances by formula against the census composed with
 * itself, every figure equal as a fraction, from 2 to 7 cards and 1 to
 * 10 riffles; and at 52 cards the table Bayer and Diaconis published
 * (1992, table 1), to its three decimals.
 */
static void
test_distance(void **state)
{
	static const char *const published[10] = { "1.000", "1.000", "1.000",
	    "1.000", "0.924", "0.614", "0.334", "0.167", "0.085", "0.043" };
	const sa_shuffle *riffle = sa_shuffle_find("riffle");
	sa_distance_row f[10], c[10];
	sa_distance_opts o;
	enum sa_distance_method used;

	(void)state;
	memset(&o, 0, sizeof o);
	for (size_t n = 2; n <= 7; n++) {
		for (int i = 0; i < 10; i++) {
			sa_distance_row_init(&f[i]);
			sa_distance_row_init(&c[i]);
		}
		o.method = SA_DISTANCE_FORMULA;
		assert_int_equal(sa_distance(riffle, n, 1, 10, &o, f, &used),
		    SA_OK);
		o.method = SA_DISTANCE_CENSUS;
		assert_int_equal(sa_distance(riffle, n, 1, 10, &o, c, &used),
		    SA_OK);
		for (int i = 0; i < 10; i++) {
			const sa_fraction *x[3] = { &f[i].tvd, &f[i].separation,
			    &f[i].ratio };
			const sa_fraction *y[3] = { &c[i].tvd, &c[i].separation,
			    &c[i].ratio };

			assert_int_equal(f[i].times, (uint64_t)i + 1);
			assert_true(f[i].unbounded == c[i].unbounded);
			for (int j = 0; j < 3; j++) {
				sa_big l, r;

				if (j == 2 && f[i].unbounded)
					continue;
				/* a/b = c/d when a d = c b */
				sa_big_init(&l);
				sa_big_init(&r);
				assert_int_equal(sa_big_mul(&l, &x[j]->num,
				    &y[j]->den), SA_OK);
				assert_int_equal(sa_big_mul(&r, &y[j]->num,
				    &x[j]->den), SA_OK);
				assert_int_equal(sa_big_cmp(&l, &r), 0);
				sa_big_free(&l);
				sa_big_free(&r);
			}
			sa_distance_row_free(&f[i]);
			sa_distance_row_free(&c[i]);
		}
	}
	for (int i = 0; i < 10; i++)
		sa_distance_row_init(&f[i]);
	assert_int_equal(sa_distance(riffle, 52, 1, 10, NULL, f, &used),
	    SA_OK);
	assert_int_equal(used, SA_DISTANCE_FORMULA);
	for (int i = 0; i < 10; i++) {
		char *t = sa_fraction_fixed(&f[i].tvd, 3);

		assert_string_equal(t, published[i]);
		free(t);
		sa_distance_row_free(&f[i]);
	}
	/* no formula for the overhand shuffle; bad ranges */
	o.method = SA_DISTANCE_FORMULA;
	assert_int_equal(sa_distance(sa_shuffle_find("overhand"), 5, 1, 2, &o,
	    f, &used), SA_EINVAL);
	assert_int_equal(sa_distance(riffle, 5, 0, 2, NULL, f, &used),
	    SA_EINVAL);
	assert_int_equal(sa_distance(riffle, 5, 3, 2, NULL, f, &used),
	    SA_EINVAL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_distance),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
