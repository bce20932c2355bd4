/*
 * test_matrix.c - the card-by-position matrix (matrix.c): the chain
 * against the census, and a matrix by hand.
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
#include "internal.h"	/* white-box: the chain followed (sa_matrix_follow) */
#include "shuffle_audit_audit.h"	/* the audit's options */

/*
 * The card-by-position matrix by the chain against the census's tally
 * summed by card and position, cell by cell as exact fractions, for
 * every built-in shuffle up to 6 cards (its limit, if lower) under every
 * reduction at small widths, and at 7 cards with ideal draws and with
 * modulo:4.  Shuffles without a step form are
 * counted from the census both ways, which checks the summing alone.
 */
static void
check_matrix(const sa_shuffle *sh, size_t n, const char *reduce)
{
	sa_matrix_opts chain = { .threads = 2 }, census = { .census = true };
	sa_matrix *a, *b;
	sa_fraction x, y;
	sa_big ra, rb, sum, t;
	int sa;

	if (reduce != NULL) {
		assert_int_equal(sa_reduce_parse(reduce, &chain.reduce), SA_OK);
		census.reduce = chain.reduce;
	}
	sa = sa_matrix_run(sh, n, &chain, &a);
	if (sa != SA_OK) {
		/* Only what the census itself refuses may be refused. */
		sa_census_opts co = { .reduce = chain.reduce };
		sa_census *c;
		int st = sa_census_run(sh, n, &co, &c);

		assert_int_not_equal(st, SA_OK);
		return;
	}
	if (sa_matrix_run(sh, n, &census, &b) != SA_OK) {
		/*
		 * The census refuses some pairs the chain takes (a pick from
		 * words that are unbiased for its bound): nothing to compare.
		 */
		sa_matrix_free(a);
		return;
	}
	assert_int_equal(sa_matrix_about(b)->method, SA_MATRIX_CENSUS);
	sa_fraction_init(&x);
	sa_fraction_init(&y);
	sa_big_init(&ra);
	sa_big_init(&rb);
	sa_big_init(&sum);
	sa_big_init(&t);
	assert_int_equal(sa_matrix_runs(a, &ra), SA_OK);
	for (size_t c = 0; c < n; c++) {
		assert_int_equal(sa_big_set_u64(&sum, 0), SA_OK);
		for (size_t p = 0; p < n; p++) {
			assert_int_equal(sa_matrix_cell(a, c, p, &x), SA_OK);
			assert_int_equal(sa_matrix_cell(b, c, p, &y), SA_OK);
			/* x.num / x.den == y.num / y.den */
			assert_int_equal(sa_big_mul(&t, &x.num, &y.den), SA_OK);
			assert_int_equal(sa_big_mul(&rb, &y.num, &x.den), SA_OK);
			assert_int_equal(sa_big_cmp(&t, &rb), 0);
			assert_int_equal(sa_matrix_count(a, c, p, &t), SA_OK);
			assert_int_equal(sa_big_add(&sum, &t), SA_OK);
		}
		/* every row of the chain adds up to D */
		assert_int_equal(sa_big_cmp(&sum, &ra), 0);
	}
	assert_int_equal(sa_matrix_about(a)->uniform,
	    sa_matrix_about(b)->uniform);
	sa_fraction_free(&x);
	sa_fraction_free(&y);
	sa_big_free(&ra);
	sa_big_free(&rb);
	sa_big_free(&sum);
	sa_big_free(&t);
	sa_matrix_free(a);
	sa_matrix_free(b);
}

static void
test_matrix_agrees(void **state)
{
	static const char *const reduces[] = { NULL, "modulo:3", "modulo:4",
	    "multiply:3", "multiply:5", "reject:3", "lemire:3" };

	(void)state;
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		sa_shuffle sh = *sa_shuffle_at(i);
		size_t top = sh.max_cards && sh.max_cards < 6 ? sh.max_cards : 6;

		for (size_t n = 1; n <= top; n++)
			for (size_t k = 0; k < sizeof reduces / sizeof *reduces;
			    k++) {
				/* the own-reduction shuffles take no --reduce */
				if (reduces[k] != NULL && sh.reduce != NULL)
					continue;
				check_matrix(&sh, n, reduces[k]);
			}
		/* 7 cards: ideal draws, and a biased reduction */
		if (sh.max_cards == 0 || sh.max_cards >= 7) {
			check_matrix(&sh, 7, NULL);
			if (sh.reduce == NULL)
				check_matrix(&sh, 7, "modulo:4");
		}
	}
}

/*
 * The naive shuffle of 3 cards by hand: 27 runs; card 0 ends at each
 * position in 9, card 1 at positions 0, 1, 2 in 10, 8 and 9, card 2 in
 * 8, 10 and 9 (counted by a brute-force walk of the 27 runs, written
 * apart from this code), so cell (1, 0) is 10/27, 10/9 of fair.
 */
static bool
big_is(const sa_big *a, uint64_t v)
{
	uint64_t x;

	return sa_big_to_u64(a, &x) && x == v;
}

static void
test_matrix_hand(void **state)
{
	sa_matrix *m;
	sa_fraction f;
	sa_big t;

	(void)state;
	assert_int_equal(sa_matrix_run(sa_shuffle_find("naive"), 3, NULL, &m),
	    SA_OK);
	/* The naive shuffle's chain is solved (test_matrix_formula). */
	assert_int_equal(sa_matrix_about(m)->method, SA_MATRIX_FORMULA);
	sa_big_init(&t);
	sa_fraction_init(&f);
	assert_int_equal(sa_matrix_runs(m, &t), SA_OK);
	assert_true(big_is(&t, 27));
	assert_int_equal(sa_matrix_count(m, 1, 0, &t), SA_OK);
	assert_true(big_is(&t, 10));
	assert_int_equal(sa_matrix_count(m, 1, 1, &t), SA_OK);
	assert_true(big_is(&t, 8));
	assert_int_equal(sa_matrix_count(m, 1, 2, &t), SA_OK);
	assert_true(big_is(&t, 9));
	assert_int_equal(sa_matrix_ratio(m, 1, 0, &f), SA_OK);
	/* 10/9: f.num 9 == f.den 10 */
	assert_int_equal(sa_big_mul_u64(&f.num, 9), SA_OK);
	assert_int_equal(sa_big_mul_u64(&f.den, 10), SA_OK);
	assert_int_equal(sa_big_cmp(&f.num, &f.den), 0);
	assert_false(sa_matrix_about(m)->uniform);
	assert_int_equal(sa_matrix_count(m, 3, 0, &t), SA_EINVAL);
	sa_matrix_free(m);
	/* Durstenfeld's at 52 cards: every cell 1/52, by the chain. */
	assert_int_equal(sa_matrix_run(sa_shuffle_find("durstenfeld"), 52, NULL,
	    &m), SA_OK);
	assert_true(sa_matrix_about(m)->uniform);
	assert_int_equal(sa_matrix_max_deviation(m, &f), SA_OK);
	assert_true(sa_fraction_is_zero(&f));
	sa_matrix_free(m);
	sa_big_free(&t);
	sa_fraction_free(&f);
}

/*
 * The naive shuffle's matrix by the chain's solution (matrix.c) against
 * the chain followed card by card (sa_matrix_follow), every cell and the
 * denominator, from 1 to 24 cards and at 100, on 1, 2 and 3 threads; a
 * shuffle whose step form differs in one step (Durstenfeld's, and the
 * naive one under a reduction) is still followed.  At 7 cards and fewer
 * test_matrix_agrees holds it to the census as well.
 */
static void
test_matrix_formula(void **state)
{
	const sa_shuffle *naive = sa_shuffle_find("naive");
	sa_matrix_opts modulo = { .threads = 1 };
	sa_big x, y;
	sa_matrix *m;

	(void)state;
	sa_big_init(&x);
	sa_big_init(&y);
	for (size_t n = 1; n <= 100; n = n < 24 ? n + 1 : 100) {
		sa_matrix_opts o = { .threads = (unsigned)(1 + n % 3) };
		sa_matrix *a, *b;

		assert_int_equal(sa_matrix_run(naive, n, &o, &a), SA_OK);
		assert_int_equal(sa_matrix_follow(naive, n, &o, &b), SA_OK);
		assert_int_equal(sa_matrix_about(a)->method, SA_MATRIX_FORMULA);
		assert_int_equal(sa_matrix_about(b)->method, SA_MATRIX_CHAIN);
		assert_int_equal(sa_matrix_runs(a, &x), SA_OK);
		assert_int_equal(sa_matrix_runs(b, &y), SA_OK);
		assert_int_equal(sa_big_cmp(&x, &y), 0);
		for (size_t c = 0; c < n; c++)
			for (size_t p = 0; p < n; p++) {
				assert_int_equal(sa_matrix_count(a, c, p, &x),
				    SA_OK);
				assert_int_equal(sa_matrix_count(b, c, p, &y),
				    SA_OK);
				if (sa_big_cmp(&x, &y) != 0)
					fail_msg("%zu cards: card %zu at %zu",
					    n, c, p);
			}
		assert_int_equal(sa_matrix_about(a)->max_card,
		    sa_matrix_about(b)->max_card);
		assert_int_equal(sa_matrix_about(a)->min_pos,
		    sa_matrix_about(b)->min_pos);
		sa_matrix_free(a);
		sa_matrix_free(b);
		if (n == 100)
			break;
	}
	assert_int_equal(sa_matrix_run(sa_shuffle_find("durstenfeld"), 9,
	    NULL, &m), SA_OK);
	assert_int_equal(sa_matrix_about(m)->method, SA_MATRIX_CHAIN);
	sa_matrix_free(m);
	assert_int_equal(sa_reduce_parse("modulo:8", &modulo.reduce), SA_OK);
	assert_int_equal(sa_matrix_run(naive, 9, &modulo, &m), SA_OK);
	assert_int_equal(sa_matrix_about(m)->method, SA_MATRIX_CHAIN);
	sa_matrix_free(m);
	sa_big_free(&x);
	sa_big_free(&y);
}

/*
 * The chain sized before it starts: durstenfeld's denominator has the
 * bits of n! (its step totals n, n-1, ..., 2, multiplied, checked here
 * against lgamma), a step count past 2^24 is refused from the count
 * alone (and by sa_matrix_run too, at once, with nothing allocated), and
 * a count within it but whose work passes the bound is refused by work.
 */
static void
test_matrix_size(void **state)
{
	sa_shuffle sh;
	sa_matrix_work w;
	sa_matrix *m = NULL;

	(void)state;
	assert_int_equal(sa_matrix_size(sa_shuffle_find("durstenfeld"), 52,
	    NULL, &w), SA_OK);
	assert_int_equal(w.steps, 51);
	assert_true(fabs(w.bits - lgamma(53.0) / log(2.0)) < 1e-6);
	assert_true(w.work > 0 && w.work < SA_MATRIX_MAX_WORK);

	assert_int_equal(sa_shuffle_parse("swaps:4294967295", &sh), SA_OK);
	assert_int_equal(sa_matrix_size(&sh, 5, NULL, &w), SA_ETOOBIG);
	assert_int_equal(w.steps, UINT64_C(4294967295));
	assert_non_null(strstr(w.why, "4294967295 steps"));
	assert_int_equal(sa_matrix_run(&sh, 5, NULL, &m), SA_ETOOBIG);
	assert_null(m);

	/* 300000 swaps of 5 cards: 25 a step, about 4.64 bits each. */
	assert_int_equal(sa_shuffle_parse("swaps:300000", &sh), SA_OK);
	assert_int_equal(sa_matrix_size(&sh, 5, NULL, &w), SA_ETOOBIG);
	assert_true(fabs(w.bits - 300000 * log2(25.0)) < 1.0);
	assert_non_null(strstr(w.why, "word products"));
	assert_int_equal(sa_shuffle_parse("swaps:1000", &sh), SA_OK);
	assert_int_equal(sa_matrix_size(&sh, 5, NULL, &w), SA_OK);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matrix_agrees),
		cmocka_unit_test(test_matrix_hand),
		cmocka_unit_test(test_matrix_formula),
		cmocka_unit_test(test_matrix_size),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
