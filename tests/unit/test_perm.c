/*
 * test_perm.c - ranking, unranking, checking and writing orderings.
 */
#include <setjmp.h>
#include <stdbool.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"
#include "internal.h"	/* white-box: sa_perm_rank_checked */

/*
 * An independent rank: count, for each position, the later entries that
 * are smaller, and weigh the count by the factorial of the places left.
 * O(n^2), no bit tricks, no Horner: a different route to the same number.
 */
static uint64_t
slow_rank(const unsigned *p, size_t n)
{
	uint64_t r = 0;

	for (size_t i = 0; i < n; i++) {
		uint64_t smaller = 0, weight = 1;

		for (size_t j = i + 1; j < n; j++)
			smaller += p[j] < p[i];
		for (size_t k = 2; k < n - i; k++)
			weight *= k;
		r += smaller * weight;
	}
	return r;
}

static void
test_factorial(void **state)
{
	uint64_t f = 1;

	(void)state;
	assert_int_equal(sa_factorial(0), 1);
	assert_int_equal(sa_factorial(4), 24);
	assert_int_equal(sa_factorial(20), UINT64_C(2432902008176640000));
	for (size_t n = 1; n <= SA_PERM_MAX; n++) {
		f *= n;
		assert_int_equal(sa_factorial(n), f);
	}
	assert_int_equal(sa_factorial(21), 0);
	assert_int_equal(sa_factorial(1000), 0);
}

/* Every ordering of 1..8 cards: unrank, check, rank back, and order. */
static void
test_round_trip(void **state)
{
	unsigned p[SA_PERM_MAX], prev[SA_PERM_MAX];

	(void)state;
	for (size_t n = 1; n <= 8; n++) {
		uint64_t total = sa_factorial(n);

		for (uint64_t r = 0; r < total; r++) {
			sa_perm_unrank(r, n, p);
			assert_true(sa_perm_check(p, n));
			assert_int_equal(sa_perm_rank(p, n), r);
			assert_int_equal(slow_rank(p, n), r);
			/* Ranks follow lexicographic order. */
			if (r > 0)
				assert_true(memcmp(prev, p, sizeof p[0] * n) != 0);
			if (r > 0) {
				size_t i = 0;

				while (prev[i] == p[i])
					i++;
				assert_true(prev[i] < p[i]);
			}
			memcpy(prev, p, sizeof p[0] * n);
		}
	}
}

static void
test_ends(void **state)
{
	unsigned p[SA_PERM_MAX];

	(void)state;
	for (size_t n = 1; n <= SA_PERM_MAX; n++) {
		sa_perm_unrank(0, n, p);
		for (size_t i = 0; i < n; i++)
			assert_int_equal(p[i], i);
		sa_perm_unrank(sa_factorial(n) - 1, n, p);
		for (size_t i = 0; i < n; i++)
			assert_int_equal(p[i], n - 1 - i);
	}
}

/* At 20 cards, ranks spread over the range agree with the slow rank. */
static void
test_rank_twenty(void **state)
{
	unsigned p[SA_PERM_MAX];
	uint64_t total = sa_factorial(20);

	(void)state;
	for (uint64_t k = 0; k < 1000; k++) {
		uint64_t r = total / 1000 * k + k * 7919;

		sa_perm_unrank(r, 20, p);
		assert_true(sa_perm_check(p, 20));
		assert_int_equal(sa_perm_rank(p, 20), r);
		assert_int_equal(slow_rank(p, 20), r);
	}
}

/*
 * From 9 to 16 cards (the one-lookup count up to 11, the two-lookup one
 * past it), ranks spread over each range agree with the slow rank.
 */
static void
test_rank_middle(void **state)
{
	unsigned p[SA_PERM_MAX];

	(void)state;
	for (size_t n = 9; n <= 16; n++) {
		uint64_t total = sa_factorial(n);

		for (uint64_t k = 0; k < 2000; k++) {
			uint64_t r = (total / 2000 * k + k * 104729) % total;

			sa_perm_unrank(r, n, p);
			assert_int_equal(sa_perm_rank(p, n), r);
			assert_int_equal(slow_rank(p, n), r);
		}
	}
}

/* How many decks of N cards each of M values make (M^N), and the D-th of
 * them (its card i is VALUE[the i-th base-M digit of D]) into P. */
static size_t
decks_of(size_t m, size_t n)
{
	size_t decks = 1;

	for (size_t i = 0; i < n; i++)
		decks *= m;
	return decks;
}

static void
deck_at(size_t d, const unsigned *value, size_t m, unsigned *p, size_t n)
{
	for (size_t i = 0; i < n; i++, d /= m)
		p[i] = value[d % m];
}

/*
 * The cards a deck of N is drawn from: those below N + 1 (N itself one
 * too many), then the M extra ones in EXTRA, into VALUE; how many.
 */
static size_t
values_of(size_t n, const unsigned *extra, size_t m, unsigned *value)
{
	size_t k = 0;

	for (unsigned v = 0; v <= n; v++)
		value[k++] = v;
	for (size_t i = 0; i < m; i++)
		value[k++] = extra[i];
	return k;
}

/* A permutation by counting, the plainest way: each of the N cards
 * 0..N-1 is found in the deck exactly once. */
static bool
slow_check(const unsigned *p, size_t n)
{
	for (unsigned card = 0; card < n; card++) {
		size_t found = 0;

		for (size_t i = 0; i < n; i++)
			found += p[i] == card;
		if (found != 1)
			return false;
	}
	return true;
}

/*
 * Every deck of up to 5 cards whose cards are drawn from 0..N-1, N, 64
 * and 64 + 1 (which the check's 64-bit set would take for 1 if it let a
 * card past 63 in), and the edge of one word (64 and 65 cards): the
 * check agrees with the count.
 */
static void
test_check_all(void **state)
{
	static const unsigned wide[] = { 64, 65 };
	unsigned p[65], value[8];

	(void)state;
	for (size_t n = 1; n <= 5; n++) {
		size_t m = values_of(n, wide, 2, value);

		for (size_t d = 0; d < decks_of(m, n); d++) {
			deck_at(d, value, m, p, n);
			assert_int_equal(sa_perm_check(p, n), slow_check(p, n));
		}
	}
	for (size_t n = 63; n <= 65; n++) {
		for (unsigned i = 0; i < n; i++)
			p[i] = (unsigned)(n - 1 - i);
		assert_true(sa_perm_check(p, n));
		p[n - 1] = (unsigned)n;		/* card 0 out, card N in */
		assert_false(sa_perm_check(p, n));
		p[n - 1] = p[0];		/* card N - 1 twice */
		assert_false(sa_perm_check(p, n));
	}
}

/*
 * sa_perm_rank_checked, the walk's check and rank in one pass, against
 * the check by counting and the rank by counting: every deck of up to 5
 * cards drawn from the cards below N + 1 and from cards that a bit set
 * of 32 (32, 33, 35) or a table of 2048 (2047, 2048) could mistake for
 * small ones, or that wrap (UINT_MAX); every ordering of 8 cards;
 * orderings of 11, and past 11 (sa_perm_check and sa_perm_rank), made
 * wrong every way.
 */
static void
test_rank_checked(void **state)
{
	static const unsigned wide[] = { 32, 33, 35, 2047, 2048, UINT32_MAX };
	unsigned p[20], value[16];
	uint64_t r = 99;

	(void)state;
	for (size_t n = 1; n <= 5; n++) {
		size_t m = values_of(n, wide, 6, value);

		for (size_t d = 0; d < decks_of(m, n); d++) {
			bool ok;

			deck_at(d, value, m, p, n);
			ok = sa_perm_rank_checked(p, n, &r);
			assert_int_equal(ok, slow_check(p, n));
			if (ok)
				assert_int_equal(r, slow_rank(p, n));
		}
	}
	for (uint64_t k = 0; k < 40320; k++) {
		sa_perm_unrank(k, 8, p);
		assert_true(sa_perm_rank_checked(p, 8, &r));
		assert_int_equal(r, slow_rank(p, 8));
	}
	for (size_t n = 11; n <= 20; n += 1) {
		for (unsigned i = 0; i < n; i++)
			p[i] = (unsigned)(n - 1 - i);
		p[0] = 1;
		p[n - 2] = (unsigned)n - 1;	/* not the last ordering */
		assert_true(sa_perm_rank_checked(p, n, &r));
		assert_int_equal(r, slow_rank(p, n));
		p[n - 1] += 32;			/* its bit, modulo 32, as before */
		assert_false(sa_perm_rank_checked(p, n, &r));
		p[n - 1] -= 32;
		p[n - 1] = (unsigned)n;		/* card 0 out, card N in */
		assert_false(sa_perm_rank_checked(p, n, &r));
		p[n - 1] = p[1];		/* a card twice */
		assert_false(sa_perm_rank_checked(p, n, &r));
	}
	r = 99;
	assert_true(sa_perm_rank_checked(p, 0, &r));
	assert_int_equal(r, 0);
}

static void
test_check(void **state)
{
	unsigned ok[] = { 2, 0, 1 };
	unsigned dup[] = { 2, 0, 2 };
	unsigned out[] = { 3, 0, 1 };
	unsigned *big = malloc(5000 * sizeof *big);

	(void)state;
	assert_true(sa_perm_check(ok, 3));
	assert_false(sa_perm_check(dup, 3));
	assert_false(sa_perm_check(out, 3));
	assert_true(sa_perm_check(ok, 0));
	assert_non_null(big);
	for (unsigned n = 100; n <= 5000; n += 4900) {
		for (unsigned i = 0; i < n; i++)
			big[i] = n - 1 - i;
		assert_true(sa_perm_check(big, n));
		big[n / 2] = big[0];
		assert_false(sa_perm_check(big, n));
	}
	free(big);
}

static void
test_format(void **state)
{
	unsigned four[] = { 1, 0, 3, 2 };
	unsigned ten[] = { 9, 8, 7, 6, 5, 4, 3, 2, 1, 0 };
	unsigned twelve[] = { 10, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11 };
	char buf[64];

	(void)state;
	assert_int_equal(sa_perm_format(four, 4, buf, sizeof buf), 4);
	assert_string_equal(buf, "1032");
	sa_perm_format(ten, 10, buf, sizeof buf);
	assert_string_equal(buf, "9876543210");
	assert_int_equal(sa_perm_format(twelve, 12, buf, sizeof buf), 25);
	assert_string_equal(buf, "10,0,1,2,3,4,5,6,7,8,9,11");
	/* Cut short like snprintf, still terminated. */
	assert_int_equal(sa_perm_format(twelve, 12, buf, 5), 25);
	assert_string_equal(buf, "10,0");
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_factorial),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_ends),
		cmocka_unit_test(test_rank_twenty),
		cmocka_unit_test(test_rank_middle),
		cmocka_unit_test(test_check),
		cmocka_unit_test(test_check_all),
		cmocka_unit_test(test_rank_checked),
		cmocka_unit_test(test_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
