/*
 * test_wild.c - shuffles from the wild (wild.c, shuffle.c): the 1999
 * poker deal, the V8 comparator, sort-keys by its closed form, every
 * model and its verdict.
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
#include "internal.h"	/* white-box: big integers from parts */
#include "shuffle_audit_audit.h"	/* the audit's options */

/*
 * The tests by hand: one deck of 3 dealt 6 times.  Item by position,
 * 3 cells hold 6 and 6 hold 0 where 2 are expected: X = 3 * 16/2 + 6 *
 * 4/2 = 36 on 4 degrees of freedom.  Orderings: one cell 6, five 0, 1
 * expected: X = 25 + 5 = 30 on 5.  Every deck of 4 once: X = 0, p = 1.
 */
/*
 * The 1999 poker shuffle reaches exactly n! - (n-1)! orderings, every
 * one but those that leave the last card last.  Checked against a walk
 * of its (n-1)^n draw sequences written out here (an odometer over the
 * draws, the swaps done by hand), ordering by ordering, and against the
 * census.
 */
static void
test_poker_1999(void **state)
{
	const sa_shuffle *sh = sa_shuffle_find("poker-1999");

	(void)state;
	assert_non_null(sh);
	for (size_t n = 2; n <= 6; n++) {
		uint64_t counts[720] = { 0 }, reached = 0, fact = 1;
		unsigned draw[6] = { 0 };
		sa_census *c;

		for (size_t i = 2; i <= n; i++)
			fact *= i;
		for (;;) {
			unsigned deck[6];
			size_t k;

			for (size_t i = 0; i < n; i++)
				deck[i] = (unsigned)i;
			for (size_t i = 0; i < n; i++) {
				unsigned t = deck[i];

				deck[i] = deck[draw[i]];
				deck[draw[i]] = t;
			}
			assert_true(deck[n - 1] != n - 1);
			counts[sa_perm_rank(deck, n)]++;
			for (k = 0; k < n && ++draw[k] == n - 1; k++)
				draw[k] = 0;
			if (k == n)
				break;
		}
		assert_int_equal(sa_census_run(sh, n, NULL, &c), SA_OK);
		for (uint64_t r = 0; r < fact; r++) {
			reached += counts[r] != 0;
			assert_int_equal(sa_census_count(c, r), counts[r]);
		}
		assert_int_equal(reached, fact - fact / n);
		assert_int_equal(sa_census_about(c)->reached, fact - fact / n);
		sa_census_free(c);
	}
}

/* Cards in order of (key, card): a stable sort by key, written apart. */
static const uint64_t *keys_for_cmp;

static int
by_key_then_card(const void *a, const void *b)
{
	unsigned x = *(const unsigned *)a, y = *(const unsigned *)b;

	if (keys_for_cmp[x] != keys_for_cmp[y])
		return keys_for_cmp[x] < keys_for_cmp[y] ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * sort-keys:K counted by its formula (the closed engine) against every
 * one of the K^n key vectors sorted here by qsort on (key, card), for
 * K = 2, 3, 4, 7 and up to 5 cards; then at K = 2^31 - 1, LINQ's
 * OrderBy(x => rnd.Next()), where K^4 passes 64 bits: the identity's
 * count is C(K + 3, 4) and the reversal's C(K, 4), worked out here in
 * 128-bit arithmetic.  And C(a, k) against Pascal's triangle.
 */
static void
test_sort_keys_closed(void **state)
{
	static const uint64_t ks[] = { 2, 3, 4, 7 };
	const uint64_t big = 2147483647;
	u128 want[2] = {
		(u128)(big + 3) * (big + 2) / 2 * (big + 1) / 3 * big / 4,
		(u128)big * (big - 1) / 2 * (big - 2) / 3 * (big - 3) / 4,
	};
	uint64_t pascal[61][61] = { { 0 } };
	sa_shuffle sh;
	sa_census *c;
	sa_big b, w;

	(void)state;
	for (size_t i = 0; i < 4; i++) {
		for (size_t n = 1; n <= 5; n++) {
			uint64_t counts[120] = { 0 }, key[5] = { 0 };
			size_t j;

			sh = *sa_shuffle_find("sort-keys");
			sh.value = ks[i];
			keys_for_cmp = key;
			do {
				unsigned deck[5];

				for (unsigned x = 0; x < n; x++)
					deck[x] = x;
				qsort(deck, n, sizeof deck[0], by_key_then_card);
				counts[sa_perm_rank(deck, n)]++;
				for (j = 0; j < n && ++key[j] == ks[i]; j++)
					key[j] = 0;
			} while (j < n);
			assert_int_equal(sa_census_run(&sh, n, NULL, &c), SA_OK);
			assert_int_equal(sa_census_about(c)->engine, SA_ENGINE_CLOSED);
			for (uint64_t r = 0; r < sa_census_about(c)->orderings; r++)
				assert_int_equal(sa_census_count(c, r), counts[r]);
			sa_census_free(c);
		}
	}
	sh = *sa_shuffle_find("sort-keys");
	sh.value = big;
	sa_big_init(&b);
	sa_big_init(&w);
	assert_int_equal(sa_census_run(&sh, 4, NULL, &c), SA_OK);
	assert_true(sa_census_about(c)->wide);
	for (int i = 0; i < 2; i++) {
		assert_int_equal(sa_census_count_big(c, i == 0 ? 0 : 23, &b),
		    SA_OK);
		assert_int_equal(sa_big_set_parts(&w, (uint64_t)(want[i] >> 64),
		    (uint64_t)want[i]), SA_OK);
		assert_int_equal(sa_big_cmp(&b, &w), 0);
	}
	sa_census_free(c);
	for (uint64_t a = 0; a <= 60; a++)
		for (uint64_t k = 0; k <= 60; k++) {
			uint64_t got;

			pascal[a][k] = k == 0 ? 1 : a == 0 ? 0 :
			    pascal[a - 1][k - 1] + pascal[a - 1][k];
			assert_int_equal(sa_big_binomial(&b, a, (uint32_t)k),
			    SA_OK);
			assert_true(sa_big_to_u64(&b, &got));
			assert_int_equal(got, pascal[a][k]);
		}
	sa_big_free(&b);
	sa_big_free(&w);
}

/*
 * Every shuffle from the wild names a model that exists, and counts at 4
 * cards to the verdict known for it: only Java's Collections.shuffle,
 * whose nextInt rejects, is fair there (by the seed it is not, which
 * seed-space shows).
 */
static void
test_wild_models(void **state)
{
	size_t count;
	const sa_wild *w = sa_wild_list(&count);

	(void)state;
	assert_true(count >= 13);
	for (size_t i = 0; i < count; i++) {
		sa_census_opts o;
		sa_shuffle sh;
		sa_census *c;
		bool fair = strcmp(w[i].name, "java-collections-shuffle") == 0;

		memset(&o, 0, sizeof o);
		assert_int_equal(sa_shuffle_parse(w[i].algorithm, &sh), SA_OK);
		if (w[i].reduce != NULL)
			assert_int_equal(sa_reduce_parse(w[i].reduce, &o.reduce),
			    SA_OK);
		if (w[i].generator != NULL)
			assert_non_null(sa_seeded_find(w[i].generator));
		assert_non_null(w[i].what);
		assert_non_null(w[i].source);
		assert_int_equal(sa_census_run(&sh, 4, &o, &c), SA_OK);
		if (sa_census_about(c)->fair != fair)
			fail_msg("%s: fair is %d", w[i].name, sa_census_about(c)->fair);
		sa_census_free(c);
	}
}

/*
 * The V8 comparator model leaves an array unchanged with probability
 * exactly 3/2^n from 3 to 7 items (issue 14 says 3/2^n; past 7 it is
 * not): 1/2 at 2, where the sort is fair, and 10/2^10 at 8, which the
 * real V8 (Node.js 20) gives too: `census --exec 'node v8_sort.js 1'
 * --raw-bits 1 -n 8` counts 2560 of 262144 for the unchanged ordering,
 * as the model does.  The CLI case node-v8-model compares every ordering
 * with the real V8 at 5 items.
 */
static void
test_comparator_v8(void **state)
{
	const sa_shuffle *sh = sa_shuffle_find("comparator-v8");

	(void)state;
	assert_non_null(sh);
	for (size_t n = 2; n <= 8; n++) {
		sa_census *c;
		const sa_census_info *in;
		uint64_t num = n == 2 ? 1 : n < 8 ? 3 : 10;
		unsigned shift = n == 2 ? 1 : n < 8 ? (unsigned)n : 10;

		assert_int_equal(sa_census_run(sh, n, NULL, &c), SA_OK);
		in = sa_census_about(c);
		/* count(identity) / runs = num / 2^shift */
		assert_true(sa_census_count(c, 0) * (UINT64_C(1) << shift) ==
		    num * in->runs);
		assert_int_equal(in->reached, in->orderings);
		assert_true(in->fair == (n == 2));	/* fair at 2 only */
		sa_census_free(c);
	}
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_poker_1999),
		cmocka_unit_test(test_comparator_v8),
		cmocka_unit_test(test_sort_keys_closed),
		cmocka_unit_test(test_wild_models),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
