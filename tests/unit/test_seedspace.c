/*
 * test_seedspace.c - the seed space (seedspace.c): every seed dealt and
 * tallied, and the attack from a few seen cards, against deals one by
 * one.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/*
 * The rank of the deck of N cards (at most 8) that glibc's real srand(SEED)
 * and rand() % k deal, with Durstenfeld's loop written out here.
 */
static uint64_t
glibc_deal(unsigned seed, unsigned n)
{
	unsigned deck[8];

	for (unsigned i = 0; i < n; i++)
		deck[i] = i;
	srand(seed);
	for (unsigned i = n - 1; i > 0; i--) {
		unsigned j = (unsigned)rand() % (i + 1), t = deck[i];

		deck[i] = deck[j];
		deck[j] = t;
	}
	return sa_perm_rank(deck, n);
}

/*
 * The seed space against deals done one by one another way: mulberry32
 * through the deal's own oracle (sa_mulberry32) for the fast walk, and
 * glibc's real srand() and rand() % k, with Durstenfeld's loop written
 * out here, for the plain one; the counts agree ordering by ordering,
 * add up to the seeds, and the exact chi-square matches one worked out
 * here in floating point.
 */
static void
test_seed_space(void **state)
{
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	const sa_seeded_gen *m32 = sa_seeded_find("mulberry32");
	const sa_seeded_gen *libc = sa_seeded_find("glibc");
	sa_seeds_opts o = { .first = 1000, .count = 60000, .threads = 2 };
	uint64_t want[120], total = 0;
	double x = 0;
	sa_fraction chi;
	sa_seeds *s;

	(void)state;
	memset(want, 0, sizeof want);
	for (uint64_t seed = 1000; seed < 61000; seed++) {
		sa_mulberry32 g;
		unsigned deck[5] = { 0, 1, 2, 3, 4 };

		sa_mulberry32_init(&g, (uint32_t)seed);
		durst->run(durst, deck, 5, &g.base);
		want[sa_perm_rank(deck, 5)]++;
	}
	assert_int_equal(sa_seeds_run(durst, 5, m32, &o, &s), SA_OK);
	assert_true(sa_seeds_about(s)->fast);
	for (uint64_t r = 0; r < 120; r++) {
		double e = 60000.0 / 120;

		assert_int_equal(sa_seeds_count(s, r), want[r]);
		total += sa_seeds_count(s, r);
		x += ((double)want[r] - e) * ((double)want[r] - e) / e;
	}
	assert_int_equal(total, 60000);
	sa_fraction_init(&chi);
	assert_int_equal(sa_seeds_chi2(s, &chi), SA_OK);
	assert_true(fabs(sa_fraction_to_double(&chi) - x) < 1e-9 * x);
	sa_seeds_free(s);

	memset(want, 0, sizeof want);
	for (unsigned seed = 0xfffff000u; seed != 0; seed++)
		want[glibc_deal(seed, 4)]++;
	o = (sa_seeds_opts){ .first = 0xfffff000u, .threads = 3 };
	assert_int_equal(sa_seeds_run(durst, 4, libc, &o, &s), SA_OK);
	assert_false(sa_seeds_about(s)->fast);
	assert_int_equal(sa_seeds_about(s)->seeds, 4096);
	for (uint64_t r = 0; r < 24; r++)
		assert_int_equal(sa_seeds_count(s, r), want[r]);
	sa_seeds_free(s);
	sa_fraction_free(&chi);
	/* outside the space, or too many cards */
	o = (sa_seeds_opts){ .first = UINT64_C(1) << 32 };
	assert_int_equal(sa_seeds_run(durst, 4, libc, &o, &s), SA_ERANGE);
	o = (sa_seeds_opts){ .first = 5, .count = UINT64_C(1) << 32 };
	assert_int_equal(sa_seeds_run(durst, 4, libc, &o, &s), SA_ERANGE);
	o = (sa_seeds_opts){ .count = 5 };
	assert_int_equal(sa_seeds_run(durst, 13, libc, &o, &s), SA_EINVAL);
}

/*
 * A few seeds for many orderings are kept as a list of ranks, not n!
 * counts: glibc's srand() and rand() % k dealt here, 7 cards (5040
 * orderings) and 300 seeds, with some orderings dealt twice; every
 * count, the commonest and the rarest ordering (the lowest rank of
 * each, 0 seeds for the rarest) and the chi-square's sum of squares
 * against the counts kept here in full; then the same seeds in two
 * stretches, packed (as counts) and merged, give the same figures.
 */
static void
test_seed_list(void **state)
{
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	const sa_seeded_gen *libc = sa_seeded_find("glibc");
	static uint64_t want[5040];
	uint64_t reached = 0, max = 0, max_rank = 0, min_rank = 5040, sq = 0;
	sa_seeds_opts o = { .first = 77, .count = 300, .threads = 3 };
	sa_fraction chi, chi2;
	sa_seeds *s, *a, *b;
	unsigned char *buf;
	size_t len;

	(void)state;
	memset(want, 0, sizeof want);
	for (unsigned seed = 77; seed < 377; seed++)
		want[glibc_deal(seed, 7)]++;
	for (uint64_t r = 0; r < 5040; r++) {
		reached += want[r] != 0;
		sq += want[r] * want[r];
		if (want[r] > max) {
			max = want[r];
			max_rank = r;
		}
		if (want[r] == 0 && min_rank == 5040)
			min_rank = r;
	}
	assert_true(max >= 2);	/* 300 seeds in 5040: a pair, surely */
	assert_int_equal(sa_seeds_run(durst, 7, libc, &o, &s), SA_OK);
	for (uint64_t r = 0; r < 5040; r++)
		assert_int_equal(sa_seeds_count(s, r), want[r]);
	assert_int_equal(sa_seeds_about(s)->reached, reached);
	assert_int_equal(sa_seeds_about(s)->max_count, max);
	assert_int_equal(sa_seeds_about(s)->max_rank, max_rank);
	assert_int_equal(sa_seeds_about(s)->min_count, 0);
	assert_int_equal(sa_seeds_about(s)->min_rank, min_rank);
	/* X = N sum c^2 / S - S */
	sa_fraction_init(&chi);
	sa_fraction_init(&chi2);
	assert_int_equal(sa_seeds_chi2(s, &chi), SA_OK);
	assert_true(fabs(sa_fraction_to_double(&chi) -
	    (5040.0 * (double)sq / 300 - 300)) < 1e-6);

	o.count = 120;
	assert_int_equal(sa_seeds_run(durst, 7, libc, &o, &a), SA_OK);
	assert_int_equal(sa_seeds_pack(a, &buf, &len), SA_OK);
	assert_int_equal(len, (5 + 5040) * 8);
	sa_seeds_free(a);
	assert_int_equal(sa_seeds_unpack(7, buf, len, &a), SA_OK);
	free(buf);
	o.first = 197;
	o.count = 180;
	assert_int_equal(sa_seeds_run(durst, 7, libc, &o, &b), SA_OK);
	assert_int_equal(sa_seeds_merge(a, b), SA_OK);
	for (uint64_t r = 0; r < 5040; r++)
		assert_int_equal(sa_seeds_count(a, r), want[r]);
	assert_int_equal(sa_seeds_about(a)->seeds, 300);
	assert_int_equal(sa_seeds_about(a)->max_rank, max_rank);
	assert_int_equal(sa_seeds_about(a)->min_rank, min_rank);
	assert_int_equal(sa_seeds_chi2(a, &chi2), SA_OK);
	assert_true(sa_fraction_to_double(&chi2) == sa_fraction_to_double(&chi));
	sa_fraction_free(&chi);
	sa_fraction_free(&chi2);
	sa_seeds_free(a);
	sa_seeds_free(b);
	sa_seeds_free(s);
}

/*
 * The seed space's facts for the report, against their definitions
 * worked out here: on 2 cards (one degree of freedom) the p-value of
 * the chi-square is erfc(sqrt(x / 2)), from libm; the orderings never
 * dealt, the last seed, whether the orderings divide the seeds, and
 * the share of the generator's space.
 */
static void
test_seed_facts(void **state)
{
	const sa_shuffle *durst = sa_shuffle_find("durstenfeld");
	const sa_seeded_gen *m32 = sa_seeded_find("mulberry32");
	sa_seeds_opts o = { .first = 7, .count = 1001, .threads = 1 };
	const sa_seeds_info *in;
	sa_fraction chi;
	double lp, x;
	bool whole;
	sa_seeds *s;

	(void)state;
	assert_int_equal(sa_seeds_run(durst, 2, m32, &o, &s), SA_OK);
	in = sa_seeds_about(s);
	assert_int_equal(in->df, 1);
	assert_int_equal(in->last, 7 + 1001 - 1);
	assert_false(in->divides);		/* 1001 is odd */
	assert_int_equal(in->unreached, 2 - (uint64_t)(sa_seeds_count(s, 0) !=
	    0) - (uint64_t)(sa_seeds_count(s, 1) != 0));
	sa_fraction_init(&chi);
	assert_int_equal(sa_seeds_chi2(s, &chi), SA_OK);
	x = sa_fraction_to_double(&chi);
	assert_int_equal(sa_seeds_log10_p(s, &lp), SA_OK);
	assert_true(fabs(lp - log10(erfc(sqrt(x / 2)))) < 1e-9);
	assert_true(fabs(sa_seeds_share(s, m32, &whole) - 1001.0 /
	    4294967296.0) < 1e-18);
	assert_false(whole);
	sa_fraction_free(&chi);
	sa_seeds_free(s);
	/* 24 orderings divide 2400 seeds; one ordering has no test. */
	o = (sa_seeds_opts){ .first = 0, .count = 2400, .threads = 2 };
	assert_int_equal(sa_seeds_run(durst, 4, m32, &o, &s), SA_OK);
	assert_true(sa_seeds_about(s)->divides);
	assert_int_equal(sa_seeds_about(s)->df, 23);
	sa_seeds_free(s);
	o = (sa_seeds_opts){ .first = 0, .count = 10, .threads = 1 };
	assert_int_equal(sa_seeds_run(durst, 1, m32, &o, &s), SA_OK);
	assert_int_equal(sa_seeds_log10_p(s, &lp), SA_OK);
	assert_true(lp == 0);
	sa_seeds_free(s);
}

/*
 * The match: the poker shuffle of 52 cards from 3,000 delphi seeds,
 * against the same deals done here one by one, their first cards
 * compared pair by pair (no keys, no sort): the seeds that deal seed
 * 3777's first five cards, and for each k the sum over seeds of the
 * seeds that share their first k cards.
 */
static void
test_seed_match(void **state)
{
	enum { SEEDS = 3000, FIRST = 3000, PICK = 777, N = 52 };
	const sa_shuffle *poker = sa_shuffle_find("poker-1999");
	const sa_seeded_gen *delphi = sa_seeded_find("delphi");
	sa_seeds_opts o = { .first = FIRST, .count = SEEDS, .threads = 2 };
	static unsigned char top[SEEDS][8];
	static uint64_t same[SEEDS];
	unsigned seen[5];
	uint64_t matches = 0;
	sa_seeds_match m;

	(void)state;
	for (unsigned s = 0; s < SEEDS; s++) {
		unsigned deck[N];
		sa_seeded g;

		sa_seeded_init(&g, delphi, FIRST + s);
		for (unsigned i = 0; i < N; i++)
			deck[i] = i;
		poker->run(poker, deck, N, &g.base);
		for (int i = 0; i < 8; i++)
			top[s][i] = (unsigned char)deck[i];
	}
	for (int i = 0; i < 5; i++)
		seen[i] = top[PICK][i];
	for (unsigned s = 0; s < SEEDS; s++)
		matches += memcmp(top[s], top[PICK], 5) == 0;
	assert_int_equal(sa_seeds_match_run(poker, N, delphi, &o, seen, 5, 3,
	    &m), SA_OK);
	assert_int_equal(m.seeds, SEEDS);
	assert_int_equal(m.matches, matches);
	assert_int_equal(m.depth, 8);
	assert_true(m.listed >= 1 && m.first[0] <= FIRST + PICK);
	for (size_t k = 1; k <= 8; k++) {
		double sum = 0;

		memset(same, 0, sizeof same);
		for (unsigned a = 0; a < SEEDS; a++)
			for (unsigned b = a; b < SEEDS; b++)
				if (memcmp(top[a], top[b], k) == 0)
					same[a] += b == a ? 1 : 2;
		for (unsigned a = 0; a < SEEDS; a++)
			sum += (double)same[a];
		assert_true(fabs(sa_fraction_to_double(&m.remain[k - 1]) *
		    SEEDS - sum) < 1e-6 * sum);
	}
	sa_seeds_match_free(&m);
	/* a seen card not in the deck, more seen cards than the deck */
	seen[0] = N;
	assert_int_equal(sa_seeds_match_run(poker, N, delphi, &o, seen, 1, 0,
	    &m), SA_EINVAL);
	assert_int_equal(sa_seeds_match_run(poker, 3, delphi, &o, seen, 5, 0,
	    &m), SA_EINVAL);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_seed_space),
		cmocka_unit_test(test_seed_list),
		cmocka_unit_test(test_seed_facts),
		cmocka_unit_test(test_seed_match),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
