/*
 * test_claims.c - the claims (claims.c): each checked now, every one
 * holding, its sizes bounded, and its figures those of the reference
 * walk (reference.h), which shares no code with the census engines.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

#include "reference.h"

/* Sizes out of range are refused, and nothing is checked. */
static void
test_claims_bounds(void **state)
{
	static const size_t bad[][2] = {
		{ 1, 3 }, { SA_CLAIMS_UPTO_MAX + 1, 3 }, { 2, 2 },
		{ 2, SA_CLAIMS_PATTERNS_MAX + 1 },
	};
	sa_claim out[SA_CLAIMS];

	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_equal(sa_claims_check(bad[i][0], bad[i][1], out),
		    SA_EINVAL);
}

/* The largest and smallest of a reference tally. */
static void
extremes(const uint64_t *t, size_t n, uint64_t *max, uint64_t *min)
{
	*max = 0;
	*min = UINT64_MAX;
	for (uint64_t r = 0; r < sa_factorial(n); r++) {
		if (t[r] > *max)
			*max = t[r];
		if (t[r] < *min)
			*min = t[r];
	}
}

/*
 * Every claim holds at small sizes, with a sentence and a measurement;
 * the naive shuffle's figures are the reference walk's: 256 runs at 4
 * cards, 15 and 8 at the extremes, and the commonest counts of OEIS
 * A192053 from 1 to 7 cards, each at the ordering the pattern claim
 * names, the rarest 2^(n-1) at the rotation.
 */
static void
test_claims_hold(void **state)
{
	sa_claim out[SA_CLAIMS];
	char want[256] = "counted:";
	size_t len = strlen(want);

	(void)state;
	assert_int_equal(sa_claims_check(5, 6, out), SA_OK);
	for (size_t i = 0; i < SA_CLAIMS; i++) {
		assert_non_null(out[i].text);
		assert_true(out[i].held);
		assert_true(out[i].measured[0] != '\0');
	}
	assert_non_null(strstr(out[3].text, "up to 5"));
	for (size_t n = 1; n <= 7; n++) {
		uint64_t runs, max, min;
		uint64_t *t = ref_census(REF_NAIVE, n, &runs);

		assert_non_null(t);
		extremes(t, n, &max, &min);
		len += (size_t)snprintf(want + len, sizeof want - len, "%s %llu",
		    n > 1 ? "," : "", (unsigned long long)max);
		if (n == 4) {
			char line[128];

			assert_int_equal(runs, 256);
			snprintf(line, sizeof line, "%llu and %llu over 256 runs",
			    (unsigned long long)max, (unsigned long long)min);
			assert_int_equal(strncmp(out[1].measured, line,
			    strlen(line)), 0);
		}
		if (n >= 3 && n <= 6) {
			char line[64];

			snprintf(line, sizeof line, "n=%zu: %llu of max %llu", n,
			    (unsigned long long)max, (unsigned long long)max);
			assert_non_null(strstr(out[9].measured, line));
			snprintf(line, sizeof line, "n=%zu: %llu of min %llu", n,
			    (unsigned long long)min, (unsigned long long)min);
			assert_non_null(strstr(out[10].measured, line));
			assert_int_equal(min, UINT64_C(1) << (n - 1));
		}
		free(t);
	}
	assert_int_equal(strncmp(out[8].measured, want, strlen(want)), 0);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_claims_bounds),
		cmocka_unit_test(test_claims_hold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
