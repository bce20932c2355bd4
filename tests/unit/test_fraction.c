/*
 * test_fraction.c - exact fractions (fraction.c): written to a number of
 * decimals, against long division done here in 64-bit integers, with
 * halves rounded away from zero, by both of the library's paths
 * (sa_fraction_fixed and the fast sa_fraction_format); in lowest terms,
 * against Euclid's algorithm here; compared, against cross
 * multiplication; read back from 2^-K and 0.DDD, and refused otherwise.
 * The fractions come from a fixed sequence (no randomness: the same
 * cases every run).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "shuffle_audit.h"

/* A fixed sequence of 64-bit values (splitmix64), for the cases. */
static uint64_t
next(uint64_t *s)
{
	uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));

	z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
	z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
	return z ^ (z >> 31);
}

static void
set(sa_fraction *f, uint64_t num, uint64_t den, bool neg)
{
	sa_big n, d;

	sa_big_init(&n);
	sa_big_init(&d);
	assert_int_equal(sa_big_set_u64(&n, num), SA_OK);
	assert_int_equal(sa_big_set_u64(&d, den), SA_OK);
	assert_int_equal(sa_fraction_set(f, &n, &d, neg), SA_OK);
	sa_big_free(&n);
	sa_big_free(&d);
}

/*
 * NUM/DEN (NUM below 2^32, DEN below 2^31) to PLACES decimals by long
 * division, the half rounded away from zero, into BUF; a value below 0
 * keeps its '-' however its digits round, as the library documents.
 */
static void
fixed_here(uint64_t num, uint64_t den, bool neg, unsigned places,
    char *buf, size_t size)
{
	char digits[64];
	uint64_t whole = num / den, rest = num % den;
	size_t len = 0, at;
	int carry;

	for (unsigned k = 0; k < places; k++) {
		rest *= 10;
		digits[len++] = (char)('0' + rest / den);
		rest %= den;
	}
	/* Round half away from zero: up when 2 rest >= den. */
	carry = 2 * rest >= den;
	for (at = len; carry && at-- > 0;) {
		if (digits[at] == '9') {
			digits[at] = '0';
		} else {
			digits[at]++;
			carry = 0;
		}
	}
	whole += (uint64_t)carry;
	digits[len] = '\0';
	snprintf(buf, size, "%s%llu%s%s", neg && num != 0 ? "-" : "",
	    (unsigned long long)whole, places ? "." : "", digits);
}

static uint64_t
gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

/* Fixed decimals and lowest terms, both paths, for 4000 fractions. */
static void
test_fixed_and_exact(void **state)
{
	uint64_t s = 42;
	sa_fraction f;

	(void)state;
	sa_fraction_init(&f);
	for (int i = 0; i < 4000; i++) {
		uint64_t den = next(&s) % 100000 + 1;
		uint64_t num = i % 3 == 0 ? next(&s) % (den * 5) :
		    next(&s) % (UINT64_C(1) << 32);
		bool neg = i % 5 == 0;
		unsigned places = (unsigned)(next(&s) % 9);
		char want[96], got[96], lowest[64];
		char *text, *exact;
		uint64_t g = gcd(num, den);

		set(&f, num, den, neg);
		fixed_here(num, den, neg, places, want, sizeof want);
		text = sa_fraction_fixed(&f, places);
		assert_non_null(text);
		assert_string_equal(text, want);
		free(text);
		assert_true(sa_fraction_format(&f, places, false, got,
		    sizeof got) == strlen(want));
		assert_string_equal(got, want);
		if (num == 0)
			snprintf(lowest, sizeof lowest, "0");
		else if (den / g == 1)
			snprintf(lowest, sizeof lowest, "%s%llu", neg ? "-" : "",
			    (unsigned long long)(num / g));
		else
			snprintf(lowest, sizeof lowest, "%s%llu/%llu",
			    neg ? "-" : "", (unsigned long long)(num / g),
			    (unsigned long long)(den / g));
		exact = sa_fraction_exact(&f);
		assert_non_null(exact);
		assert_string_equal(exact, lowest);
		free(exact);
	}
	sa_fraction_free(&f);
}

/* Comparisons against cross multiplication in 128 bits. */
static void
test_cmp(void **state)
{
	uint64_t s = 7;
	sa_fraction a, b;

	(void)state;
	sa_fraction_init(&a);
	sa_fraction_init(&b);
	for (int i = 0; i < 2000; i++) {
		uint64_t an = next(&s) % 1000, ad = next(&s) % 1000 + 1;
		uint64_t bn = i % 4 == 0 ? an * 3 : next(&s) % 1000;
		uint64_t bd = i % 4 == 0 ? ad * 3 : next(&s) % 1000 + 1;
		bool aneg = i % 3 == 0, bneg = i % 7 == 0;
		/* The sign of a - b, worked out with signed products. */
		int64_t l = (aneg ? -1 : 1) * (int64_t)(an * bd);
		int64_t r = (bneg ? -1 : 1) * (int64_t)(bn * ad);
		int want = l < r ? -1 : l > r, got = 2;

		set(&a, an, ad, aneg);
		set(&b, bn, bd, bneg);
		assert_int_equal(sa_fraction_cmp(&a, &b, &got), SA_OK);
		assert_int_equal(got, want);
	}
	sa_fraction_free(&a);
	sa_fraction_free(&b);
}

/* The two forms a probability is given in, and the text refused. */
static void
test_parse(void **state)
{
	static const char *const bad[] = { "0", "0.0", "1", "1.5", "2^-0",
	    "2^-4097", "2^3", "abc", "", "0.", ".5", "0.5x", "-0.5" };
	sa_fraction f, want;

	(void)state;
	sa_fraction_init(&f);
	sa_fraction_init(&want);
	for (unsigned k = 1; k <= 60; k++) {
		char text[16];
		int cmp = 2;

		snprintf(text, sizeof text, "2^-%u", k);
		assert_int_equal(sa_fraction_parse(text, &f), SA_OK);
		set(&want, 1, UINT64_C(1) << k, false);
		assert_int_equal(sa_fraction_cmp(&f, &want, &cmp), SA_OK);
		assert_int_equal(cmp, 0);
	}
	{
		int cmp = 2;

		assert_int_equal(sa_fraction_parse("0.125", &f), SA_OK);
		set(&want, 1, 8, false);
		assert_int_equal(sa_fraction_cmp(&f, &want, &cmp), SA_OK);
		assert_int_equal(cmp, 0);
		assert_int_equal(sa_fraction_parse("0.000001", &f), SA_OK);
		set(&want, 1, 1000000, false);
		assert_int_equal(sa_fraction_cmp(&f, &want, &cmp), SA_OK);
		assert_int_equal(cmp, 0);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
		assert_int_not_equal(sa_fraction_parse(bad[i], &f), SA_OK);
	sa_fraction_free(&f);
	sa_fraction_free(&want);
}

/* Significant digits, and the ratio that must not read as 1. */
static void
test_sig_and_distinct(void **state)
{
	sa_fraction f;
	char *t;

	(void)state;
	sa_fraction_init(&f);
	set(&f, 2, 3, false);
	t = sa_fraction_sig(&f, 3);
	assert_string_equal(t, "0.667");
	free(t);
	set(&f, 1, 300000, false);	/* 3.333...e-6 */
	t = sa_fraction_sig(&f, 3);
	assert_string_equal(t, "3.33e-6");
	free(t);
	/* 1000001/1000000 to 2 decimals would read 1.00. */
	set(&f, 1000001, 1000000, false);
	t = sa_fraction_distinct(&f, 2, true);
	assert_string_equal(t, "1.000001");
	free(t);
	set(&f, 1, 1, false);
	t = sa_fraction_distinct(&f, 2, true);
	assert_string_equal(t, "1.00");
	free(t);
	sa_fraction_free(&f);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fixed_and_exact),
		cmocka_unit_test(test_cmp),
		cmocka_unit_test(test_parse),
		cmocka_unit_test(test_sig_and_distinct),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
