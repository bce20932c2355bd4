/*
 * test_limits.c - work that is sized before it starts and stopped at its
 * limit: the one check of a reduction against a shuffle, the census by
 * layers deepened under a time limit, composition and seed spaces under
 * their limits, and exact comparison of fractions.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

__extension__ typedef __int128 i128;

/*
 * The bounds SH asks for on N cards, found apart from the library's
 * check: the largest over a few traced runs from a generator, and
 * whether some draw is asked again after a value already had (a run
 * that redraws): for the built-in shuffles, the rejection shuffle.
 */
static uint64_t
traced_largest(const sa_shuffle *sh, size_t n, bool *redraws)
{
	uint64_t k = 0;

	*redraws = false;
	for (uint64_t seed = 1; seed <= 8; seed++) {
		sa_xoshiro256 g;
		sa_trace t;

		sa_xoshiro256_init(&g, seed, 0);
		assert_int_equal(sa_trace_run(sh, n, &g.base, NULL, 0, 4096, &t),
		    SA_OK);
		for (size_t i = 0; i < t.steps; i++)
			k = t.bound[i] > k ? t.bound[i] : k;
		/* more draws than cards placed, each below n: retries */
		if (strcmp(sh->name, "rejection") == 0 && t.steps > 0)
			*redraws = true;
		sa_trace_free(&t);
	}
	return k;
}

/*
 * For every built-in shuffle that takes a plain draw, on 3 to 6 cards,
 * and every method at 1 to 4 bits: the check refuses exactly when a
 * draw's bound passes what the words reach (2^B for reject and lemire,
 * 2^B - 1 for scale), or when the shuffle redraws and the words make
 * fewer than the bound's values (2^B below it).  Breaking either rule in
 * the library fails here.
 */
static void
test_reduce_check(void **state)
{
	static const enum sa_reduce_method methods[] = { SA_REDUCE_MODULO,
	    SA_REDUCE_MULTIPLY, SA_REDUCE_REJECT, SA_REDUCE_LEMIRE,
	    SA_REDUCE_SCALE };

	(void)state;
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		const sa_shuffle *sh = sa_shuffle_at(i);

		if (sh->reduce != NULL || sh->closed != NULL)
			continue;
		for (size_t n = 3; n <= 6; n++) {
			bool redraws;
			uint64_t k = traced_largest(sh, n, &redraws);

			for (size_t m = 0; m < 5; m++)
				for (unsigned bits = 2; bits <= 5; bits++) {
					sa_reduce r = { methods[m], bits };
					sa_reduce_refusal why;
					uint64_t words = UINT64_C(1) << bits;
					bool past = methods[m] == SA_REDUCE_SCALE ?
					    k > words - 1 : (methods[m] ==
					    SA_REDUCE_REJECT || methods[m] ==
					    SA_REDUCE_LEMIRE) && k > words;
					bool loops = redraws && words < k;
					int status = sa_reduce_check(sh, n, &r,
					    &why);

					assert_int_equal(status, past || loops ?
					    SA_ERANGE : SA_OK);
					if (status == SA_ERANGE) {
						assert_int_equal(why.bound, k);
						assert_non_null(strstr(why.text,
						    sh->name));
					}
				}
		}
	}
}

/* No reduction, or the shuffle's own: nothing to refuse. */
static void
test_reduce_check_none(void **state)
{
	sa_reduce none = { SA_REDUCE_NONE, 0 };
	sa_reduce_refusal why;

	(void)state;
	for (size_t i = 0; i < sa_shuffle_count(); i++)
		assert_int_equal(sa_reduce_check(sa_shuffle_at(i), 5, &none,
		    &why), SA_OK);
}

/*
 * next_runs foretells, exactly, what the walk one draw deeper visits:
 * its finished runs plus its unfinished prefixes.  Checked by walking
 * the next depth, for rejection under two reductions.
 */
static void
test_layers_next_runs(void **state)
{
	static const char *const specs[] = { "reject:2", "lemire:3",
	    "reject:3" };
	const sa_shuffle *sh = sa_shuffle_find("rejection");

	(void)state;
	for (size_t s = 0; s < 3; s++)
		for (size_t depth = 2; depth <= 4; depth++) {
			sa_layers_opts o;
			sa_layers *a, *b;

			memset(&o, 0, sizeof o);
			assert_int_equal(sa_reduce_parse(specs[s], &o.reduce),
			    SA_OK);
			o.depth = depth;
			assert_int_equal(sa_layers_run(sh, 3, &o, &a), SA_OK);
			o.depth = depth + 1;
			assert_int_equal(sa_layers_run(sh, 3, &o, &b), SA_OK);
			assert_int_equal(sa_layers_about(a)->next_runs,
			    sa_layers_about(b)->runs +
			    sa_layers_about(b)->unfinished);
			sa_layers_free(a);
			sa_layers_free(b);
		}
}

/*
 * Deepening with no time limit stops where the fixed-depth walk says it
 * should: by the remainder, at the first depth whose remainder is at
 * most EPS, with the same layers as that depth walked alone.
 */
static void
test_deepen_remainder(void **state)
{
	const sa_shuffle *sh = sa_shuffle_find("durstenfeld");
	sa_deepen_opts o;
	sa_deepen_result res;
	sa_fraction eps, rem;
	sa_layers *l;
	size_t d;

	(void)state;
	sa_fraction_init(&eps);
	sa_fraction_init(&rem);
	assert_int_equal(sa_big_set_u64(&eps.num, 1), SA_OK);
	assert_int_equal(sa_big_set_u64(&eps.den, 1000), SA_OK);
	memset(&o, 0, sizeof o);
	o.eps = &eps;
	assert_int_equal(sa_reduce_parse("reject:2", &o.reduce), SA_OK);
	assert_int_equal(sa_layers_deepen(sh, 3, &o, &l, &res), SA_OK);
	assert_int_equal(res.stop, SA_DEEPEN_REMAINDER);
	d = sa_layers_about(l)->depth;
	/* at most 1/1000 at D, more one draw shallower */
	for (size_t depth = d - 1; depth <= d; depth++) {
		sa_layers_opts lo;
		sa_layers *x;
		int c;

		memset(&lo, 0, sizeof lo);
		lo.reduce = o.reduce;
		lo.depth = depth;
		assert_int_equal(sa_layers_run(sh, 3, &lo, &x), SA_OK);
		assert_int_equal(sa_layers_remainder(x, &rem), SA_OK);
		assert_int_equal(sa_fraction_cmp(&rem, &eps, &c), SA_OK);
		assert_true(depth == d ? c <= 0 : c > 0);
		if (depth == d)
			assert_int_equal(sa_layers_about(x)->runs,
			    sa_layers_about(l)->runs);
		sa_layers_free(x);
	}
	sa_layers_free(l);
	sa_fraction_free(&eps);
	sa_fraction_free(&rem);
}

/*
 * A time limit the next depth cannot meet stops the deepening before
 * that walk, with the last depth kept: durstenfeld's draws by reject:16
 * multiply the prefixes by 2^16 a draw, so depth 2 visits 2^32 runs,
 * which no machine walks in a second.  No clock is asserted: only that
 * the forecast, not the walk, ended it.
 */
static void
test_deepen_forecast(void **state)
{
	sa_deepen_opts o;
	sa_deepen_result res;
	sa_layers *l;

	(void)state;
	memset(&o, 0, sizeof o);
	o.seconds = 1;
	assert_int_equal(sa_reduce_parse("reject:16", &o.reduce), SA_OK);
	assert_int_equal(sa_layers_deepen(sa_shuffle_find("durstenfeld"), 3,
	    &o, &l, &res), SA_OK);
	assert_int_equal(res.stop, SA_DEEPEN_TIME);
	assert_int_equal(sa_layers_about(l)->depth, 1);
	assert_int_equal(sa_layers_about(l)->next_runs, UINT64_C(1) << 32);
	assert_int_equal(res.next_depth, 2);
	assert_true(res.forecast > 1);
	sa_layers_free(l);
}

/*
 * A depth asked for under a default limit, with MARGIN 10: refused
 * before its walk only past ten times the limit.  durstenfeld's draws
 * by reject:20 on 5 cards make depth 2 visit 2^40 runs, which no
 * machine walks in 600 s (1.8e9 runs a second); a small walk (8-bit
 * words, 3 cards, depth 2) is walked, the forecast never in its way.
 */
static void
test_deepen_margin(void **state)
{
	sa_deepen_opts o;
	sa_deepen_result res;
	sa_layers *l = NULL;

	(void)state;
	memset(&o, 0, sizeof o);
	o.seconds = 60;
	o.margin = 10;
	o.depth = 4;
	assert_int_equal(sa_reduce_parse("reject:20", &o.reduce), SA_OK);
	assert_int_equal(sa_layers_deepen(sa_shuffle_find("durstenfeld"), 5,
	    &o, &l, &res), SA_ETIME);
	assert_null(l);
	assert_true(res.forecast > 600);
	assert_non_null(strstr(res.why, "10 times the default time limit"));

	o.depth = 2;
	assert_int_equal(sa_reduce_parse("reject:8", &o.reduce), SA_OK);
	assert_int_equal(sa_layers_deepen(sa_shuffle_find("durstenfeld"), 3,
	    &o, &l, &res), SA_OK);
	assert_int_equal(res.stop, SA_DEEPEN_DEPTH);
	assert_int_equal(sa_layers_about(l)->depth, 2);
	sa_layers_free(l);
}

/* A walk past its deadline stops with SA_ETIME, however it is called. */
static void
test_layers_deadline(void **state)
{
	sa_layers_opts o;
	sa_layers *l;

	(void)state;
	memset(&o, 0, sizeof o);
	o.depth = 3;
	o.deadline = sa_clock() - 1;	/* already passed */
	assert_int_equal(sa_reduce_parse("reject:8", &o.reduce), SA_OK);
	assert_int_equal(sa_layers_run(sa_shuffle_find("rejection"), 4, &o,
	    &l), SA_ETIME);
	assert_null(l);
}

/*
 * sa_fraction_cmp against the sign of a.num * b.den - b.num * a.den
 * worked out in 128 bits, over signs, zeros and fractions not in lowest
 * terms.
 */
static void
test_fraction_cmp(void **state)
{
	static const int64_t nums[] = { 0, 1, -1, 2, -3, 7, 10, -10, 1000003 };
	static const uint64_t dens[] = { 1, 2, 3, 6, 9, 10, 1000003 };

	(void)state;
	for (size_t i = 0; i < 9; i++)
		for (size_t j = 0; j < 7; j++)
			for (size_t k = 0; k < 9; k++)
				for (size_t m = 0; m < 7; m++) {
					sa_fraction a, b;
					i128 x = (i128)nums[i] * (i128)dens[m];
					i128 y = (i128)nums[k] * (i128)dens[j];
					int c = 2;

					sa_fraction_init(&a);
					sa_fraction_init(&b);
					a.neg = nums[i] < 0;
					b.neg = nums[k] < 0;
					sa_big_set_u64(&a.num, (uint64_t)(nums[i] < 0 ?
					    -nums[i] : nums[i]));
					sa_big_set_u64(&a.den, dens[j]);
					sa_big_set_u64(&b.num, (uint64_t)(nums[k] < 0 ?
					    -nums[k] : nums[k]));
					sa_big_set_u64(&b.den, dens[m]);
					assert_int_equal(sa_fraction_cmp(&a, &b, &c),
					    SA_OK);
					assert_int_equal(c, (x > y) - (x < y));
					sa_fraction_free(&a);
					sa_fraction_free(&b);
				}
}

/*
 * Composition under its limits: too little memory is SA_ETOOBIG before
 * any table is made; pairs past what the fastest machine composes in
 * the limit are refused at once with the least time; a generous limit
 * changes nothing.
 */
static void
test_then_limits(void **state)
{
	sa_census *a, *ab = NULL;
	sa_census_opts o;
	sa_time_limit lim;

	(void)state;
	assert_int_equal(sa_census_run(sa_shuffle_find("naive"), 8, NULL, &a),
	    SA_OK);
	memset(&o, 0, sizeof o);
	o.max_bytes = 1 << 20;
	assert_int_equal(sa_census_then(a, a, &o, &ab), SA_ETOOBIG);
	assert_null(ab);
	memset(&o, 0, sizeof o);
	memset(&lim, 0, sizeof lim);
	lim.seconds = 1;	/* 40320^2 pairs need 1.6 s even at 1e9/s */
	o.limit = &lim;
	assert_int_equal(sa_census_then(a, a, &o, &ab), SA_ETIME);
	assert_true(lim.at_least);
	assert_true(lim.units == 40320.0 * 40320.0);
	assert_true(lim.forecast > 1);
	assert_null(ab);
	sa_census_free(a);
}

/*
 * A seed space no machine deals in a second is stopped by its pace:
 * SA_ETIME, with the share done below 1 and a forecast past the limit.
 * (2^48 seeds at even 10^10 a second take 8 hours.)
 */
static void
test_seeds_limit(void **state)
{
	const sa_seeded_gen *java = sa_seeded_find("java");
	sa_seeds_opts o;
	sa_time_limit lim;
	sa_seeds *s = NULL;

	(void)state;
	memset(&o, 0, sizeof o);
	memset(&lim, 0, sizeof lim);
	lim.seconds = 1;
	o.limit = &lim;
	assert_int_equal(sa_seeds_run(sa_shuffle_find("durstenfeld"), 4, java,
	    &o, &s), SA_ETIME);
	assert_null(s);
	assert_true(lim.done < 1);
	assert_true(lim.units == 281474976710656.0);
	assert_true(lim.forecast > 1 || lim.forecast == 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reduce_check),
		cmocka_unit_test(test_reduce_check_none),
		cmocka_unit_test(test_layers_next_runs),
		cmocka_unit_test(test_deepen_remainder),
		cmocka_unit_test(test_deepen_forecast),
		cmocka_unit_test(test_deepen_margin),
		cmocka_unit_test(test_layers_deadline),
		cmocka_unit_test(test_fraction_cmp),
		cmocka_unit_test(test_then_limits),
		cmocka_unit_test(test_seeds_limit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
