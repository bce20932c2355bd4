/*
 * cli_bigfmt.c - exact fractions of big integers, written as decimals.
 */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* round(NUM * 10^K / DEN), half away from zero, as digits; NULL on ENOMEM. */
static char *
scaled(const sa_big *num, const sa_big *den, unsigned k)
{
	sa_big n2, d2, q;
	char *s = NULL;

	sa_big_init(&n2);
	sa_big_init(&d2);
	sa_big_init(&q);
	if (sa_big_copy(&n2, num) == SA_OK &&
	    sa_big_mul_u64(&n2, 2) == SA_OK &&
	    sa_big_copy(&d2, den) == SA_OK) {
		unsigned i;

		for (i = 0; i < k; i++)
			if (sa_big_mul_u64(&n2, 10) != SA_OK)
				break;
		/* (2 num 10^k + den) / (2 den) */
		if (i == k && sa_big_add(&n2, den) == SA_OK &&
		    sa_big_mul_u64(&d2, 2) == SA_OK &&
		    sa_big_divmod(&q, NULL, &n2, &d2) == SA_OK)
			s = sa_big_to_dec(&q);
	}
	sa_big_free(&n2);
	sa_big_free(&d2);
	sa_big_free(&q);
	return s;
}

/* DIGITS read as an integer times 10^-K, written out. */
static char *
place_point(char *digits, unsigned k)
{
	size_t len = strlen(digits), whole;
	char *out;

	if (k == 0)
		return digits;
	out = malloc(len + k + 3);
	if (out == NULL) {
		free(digits);
		return NULL;
	}
	if (len <= k) {
		memcpy(out, "0.", 2);
		memset(out + 2, '0', k - len);
		memcpy(out + 2 + k - len, digits, len + 1);
	} else {
		whole = len - k;
		memcpy(out, digits, whole);
		out[whole] = '.';
		memcpy(out + whole + 1, digits + whole, k + 1);
	}
	free(digits);
	return out;
}

char *
cli_big_fixed(const sa_big *num, const sa_big *den, unsigned places)
{
	char *digits = scaled(num, den, places);

	return digits ? place_point(digits, places) : NULL;
}

char *
cli_big_sig(const sa_big *num, const sa_big *den, unsigned sig)
{
	char *a, *b, *digits, *out;
	int e;		/* the value is about 10^e */
	unsigned k;

	if (sa_big_is_zero(num))
		return cli_big_fixed(num, den, 0);	/* exactly 0 */
	a = sa_big_to_dec(num);
	b = sa_big_to_dec(den);
	if (a == NULL || b == NULL) {
		free(a);
		free(b);
		return NULL;
	}
	e = (int)strlen(a) - (int)strlen(b);
	free(a);
	free(b);
	/* Scale so that the rounded result has SIG or SIG+1 digits. */
	for (;;) {
		int kk = (int)sig - 1 - e;

		k = kk > 0 ? (unsigned)kk : 0;
		digits = scaled(num, den, k);
		if (digits == NULL)
			return NULL;
		if (strlen(digits) >= sig || kk <= 0)
			break;
		free(digits);
		e--;
	}
	if (e >= -4)
		return place_point(digits, k);
	/* Tiny: d.ddd...e-N */
	out = malloc(strlen(digits) + 16);
	if (out != NULL) {
		size_t len = strlen(digits);
		int exp10 = (int)len - 1 - (int)k;

		out[0] = digits[0];
		out[1] = '.';
		memcpy(out + 2, digits + 1, len - 1);
		sprintf(out + len + 1, "e%d", exp10);
		if (len == 1)
			sprintf(out + 1, "e%d", exp10);
	}
	free(digits);
	return out;
}
