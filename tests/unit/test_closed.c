/*
 * test_closed.c - the closed engine (closed.c): a census from a
 * shuffle's proven formula, with no run walked.  Checked against the
 * replay engine, which walks every run of the same shuffle and shares
 * nothing with the formula, for every built-in that has one; against
 * the published count of the identity after K riffles (Bayer and
 * Diaconis 1992: C(2^K + n - 1, n)); and against forged formulas that
 * miscount, which must be refused, not reported.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/* SH on N cards by ENGINE; the census into *C. */
static int
census_by(const sa_shuffle *sh, size_t n, enum sa_engine engine,
    sa_census **c)
{
	sa_census_opts opts = { .engine = engine };

	return sa_census_run(sh, n, &opts, c);
}

/*
 * Every built-in with a closed form, at small parameters and 1 to 5
 * cards: the formula's count of every ordering equals the walk's.
 */
static void
test_closed_against_walk(void **state)
{
	static const uint64_t values[] = { 1, 2, 3 };

	(void)state;
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		const sa_shuffle *base = sa_shuffle_at(i);

		if (base->closed == NULL)
			continue;
		for (size_t v = 0; v < 3; v++) {
			sa_shuffle sh = *base;

			/* sort-keys needs two keys at least. */
			sh.value = values[v] + (base->param_min > 1);
			for (size_t n = 1; n <= 5; n++) {
				sa_census *closed, *walked;

				assert_int_equal(census_by(&sh, n,
				    SA_ENGINE_CLOSED, &closed), SA_OK);
				assert_int_equal(sa_census_about(closed)->engine,
				    SA_ENGINE_CLOSED);
				assert_int_equal(sa_census_about(closed)->
				    sequences, 0);	/* no run walked */
				assert_int_equal(census_by(&sh, n,
				    SA_ENGINE_REPLAY, &walked), SA_OK);
				assert_int_equal(sa_census_about(closed)->runs,
				    sa_census_about(walked)->runs);
				for (uint64_t r = 0;
				    r < sa_census_about(walked)->orderings; r++)
					assert_int_equal(sa_census_count(closed,
					    r), sa_census_count(walked, r));
				assert_int_equal(sa_census_about(closed)->fair,
				    sa_census_about(walked)->fair);
				sa_census_free(closed);
				sa_census_free(walked);
			}
		}
	}
}

/* C(a, k) by the multiplicative rule, exact while it fits. */
static uint64_t
choose(uint64_t a, uint64_t k)
{
	uint64_t c = 1;

	for (uint64_t i = 1; i <= k; i++)
		c = c * (a - k + i) / i;
	return c;
}

/*
 * K riffles of N cards: 2^(NK) runs, and the identity (one rising
 * sequence) C(2^K + N - 1, N) of them; the reversal (N rising
 * sequences) C(2^K, N).
 */
static void
test_riffle_published(void **state)
{
	(void)state;
	for (uint64_t k = 1; k <= 3; k++) {
		for (size_t n = 2; n <= 6; n++) {
			sa_shuffle sh = *sa_shuffle_find("riffle");
			unsigned rev[6];
			sa_census *c;

			sh.value = k;
			assert_int_equal(census_by(&sh, n, SA_ENGINE_CLOSED,
			    &c), SA_OK);
			assert_int_equal(sa_census_about(c)->runs,
			    UINT64_C(1) << (n * k));
			assert_int_equal(sa_census_count(c, 0),
			    choose((UINT64_C(1) << k) + n - 1, n));
			for (size_t j = 0; j < n; j++)
				rev[j] = (unsigned)(n - 1 - j);
			assert_int_equal(sa_census_count(c,
			    sa_perm_rank(rev, n)), choose(UINT64_C(1) << k, n));
			sa_census_free(c);
		}
	}
}

/* A formula one run off for the identity, right elsewhere. */
static int
off_by_one(const sa_shuffle *self, size_t n, const unsigned *deck,
    sa_big *out)
{
	const sa_shuffle *riffle = sa_shuffle_find("riffle");
	int status = riffle->closed(self, n, deck, out);
	sa_big one;

	if (status != SA_OK || sa_perm_rank(deck, n) != 0)
		return status;
	sa_big_init(&one);
	status = sa_big_set_u64(&one, 1);
	if (status == SA_OK)
		status = sa_big_add(out, &one);
	sa_big_free(&one);
	return status;
}

/* A formula that fails for one ordering. */
static int
fails_once(const sa_shuffle *self, size_t n, const unsigned *deck,
    sa_big *out)
{
	if (sa_perm_rank(deck, n) == 1)
		return SA_ENOMEM;
	return sa_shuffle_find("riffle")->closed(self, n, deck, out);
}

/*
 * Counts that do not add up to the runs are refused (SA_EINVAL), and a
 * formula's own failure is passed on: never a report of either.
 */
static void
test_closed_forged(void **state)
{
	sa_shuffle sh = *sa_shuffle_find("riffle");
	sa_census *c = NULL;

	(void)state;
	sh.value = 1;
	sh.closed = off_by_one;
	assert_int_equal(census_by(&sh, 4, SA_ENGINE_CLOSED, &c), SA_EINVAL);
	assert_null(c);
	sh.closed = fails_once;
	assert_int_equal(census_by(&sh, 4, SA_ENGINE_CLOSED, &c), SA_ENOMEM);
	assert_null(c);
	/* Past 64 bits (2^(20 * 4) runs), the same check in big numbers. */
	sh.value = 20;
	sh.closed = off_by_one;
	assert_int_equal(census_by(&sh, 4, SA_ENGINE_CLOSED, &c), SA_EINVAL);
	assert_null(c);
}

/*
 * sort-keys:K's bias is its keys' ties, and sa_ties_bound bounds them:
 * for small K and n, every key vector is enumerated here, the vectors
 * with a tie counted, and the census's total variation from uniform,
 * sum |count n! - K^n| / (2 K^n n!), must not pass the ties' odds,
 * which must not pass C(n, 2) / K, the bound an audit of wide keys
 * states (exact: 6/2147483647 for 4 keys below int.MaxValue).
 */
static void
test_sort_keys_ties(void **state)
{
	sa_shuffle sh;
	sa_fraction f;
	uint64_t width, keys;
	char *text;

	(void)state;
	assert_int_equal(sa_shuffle_parse("sort-keys:10", &sh), SA_OK);
	for (size_t n = 2; n <= 4; n++) {
		uint64_t total = 1, ties = 0, fact = 1, off = 0;
		unsigned key[4];
		sa_census *c;

		for (size_t i = 0; i < n; i++) {
			total *= 10;
			fact *= i + 1;
		}
		for (uint64_t v = 0; v < total; v++) {
			bool tie = false;

			for (size_t i = 0, x = v; i < n; i++, x /= 10)
				key[i] = (unsigned)(x % 10);
			for (size_t i = 0; i < n; i++)
				for (size_t j = i + 1; j < n; j++)
					tie = tie || key[i] == key[j];
			ties += tie;
		}
		assert_true(sa_shuffle_keys(&sh, n, &width, &keys));
		assert_int_equal(width, 10);
		assert_int_equal(keys, n);
		assert_int_equal(census_by(&sh, n, SA_ENGINE_REPLAY, &c),
		    SA_OK);
		for (uint64_t r = 0; r < fact; r++) {
			uint64_t k = sa_census_count(c, r) * fact;

			off += k > total ? k - total : total - k;
		}
		sa_census_free(c);
		assert_true(off > 0);			/* unfair */
		assert_true(off <= 2 * ties * fact);	/* TV <= P(tie) */
		/* P(tie) = ties / 10^n <= C(n, 2) / 10 */
		assert_true(ties * 10 * 2 <= total * n * (n - 1));
	}
	assert_false(sa_shuffle_keys(sa_shuffle_find("durstenfeld"), 4,
	    &width, &keys));
	sa_fraction_init(&f);
	assert_int_equal(sa_ties_bound(4, 2147483647, &f), SA_OK);
	text = sa_fraction_exact(&f);
	assert_non_null(text);
	assert_string_equal(text, "6/2147483647");
	free(text);
	assert_int_equal(sa_ties_bound(4, 6, &f), SA_ERANGE);	/* 6/6 */
	assert_int_equal(sa_ties_bound(4, 7, &f), SA_OK);
	sa_fraction_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_closed_against_walk),
		cmocka_unit_test(test_riffle_published),
		cmocka_unit_test(test_closed_forged),
		cmocka_unit_test(test_sort_keys_ties),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
