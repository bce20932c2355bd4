/*
 * fraction.c - exact fractions of big integers, and their decimals.
 *
 * Every decimal is rounded half away from zero from the exact value, so
 * the digits shown are the exact value's to the last place.
 */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

void
sa_fraction_init(sa_fraction *f)
{
	sa_big_init(&f->num);
	sa_big_init(&f->den);
	f->neg = false;
}

void
sa_fraction_free(sa_fraction *f)
{
	if (f == NULL)
		return;
	sa_big_free(&f->num);
	sa_big_free(&f->den);
	f->neg = false;
}

int
sa_fraction_set(sa_fraction *f, const sa_big *num, const sa_big *den,
    bool neg)
{
	int status = sa_big_copy(&f->num, num);

	if (status == SA_OK)
		status = sa_big_copy(&f->den, den);
	f->neg = neg;
	return status;
}

bool
sa_fraction_is_zero(const sa_fraction *f)
{
	return sa_big_is_zero(&f->num) && !sa_big_is_zero(&f->den);
}

int
sa_fraction_cmp(const sa_fraction *a, const sa_fraction *b, int *out)
{
	bool a_neg = a->neg && !sa_big_is_zero(&a->num);
	bool b_neg = b->neg && !sa_big_is_zero(&b->num);
	sa_big x, y;
	int status;

	if (sa_big_is_zero(&a->den) || sa_big_is_zero(&b->den))
		return SA_EINVAL;
	if (a_neg != b_neg) {
		*out = a_neg ? -1 : 1;
		return SA_OK;
	}
	/* Same sign: compare |A| and |B| by a.num b.den against b.num a.den. */
	sa_big_init(&x);
	sa_big_init(&y);
	status = sa_big_mul(&x, &a->num, &b->den);
	if (status == SA_OK)
		status = sa_big_mul(&y, &b->num, &a->den);
	if (status == SA_OK) {
		int c = sa_big_cmp(&x, &y);

		*out = a_neg ? -c : c;
	}
	sa_big_free(&x);
	sa_big_free(&y);
	return status;
}

/*
 * The sign of F as written: '-' for a value below 0 (however its digits
 * round), else '+' when PLUS, else none.
 */
static const char *
sign_of(const sa_fraction *f, bool plus)
{
	return f->neg && !sa_big_is_zero(&f->num) ? "-" : plus ? "+" : "";
}

/* S with SIGN in front; S is freed. */
static char *
signed_text(char *s, const char *sign)
{
	char *out;

	if (s == NULL || *sign == '\0')
		return s;
	out = malloc(strlen(s) + 2);
	if (out != NULL)
		sprintf(out, "%s%s", sign, s);
	free(s);
	return out;
}

char *
sa_fraction_exact(const sa_fraction *f)
{
	return signed_text(sa_big_fraction_to_dec(&f->num, &f->den),
	    sign_of(f, false));
}

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

		/* 10^9 at a time, the most a limb holds: a pass over NUM's
		 * limbs for every 9 digits, not for each (a denominator of
		 * thousands of limbs wants tens of thousands of digits). */
		for (i = 0; i + 9 <= k; i += 9)
			if (sa_big_mul_u64(&n2, 1000000000) != SA_OK)
				break;
		for (; i < k; i++)
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

static char *
unsigned_fixed(const sa_big *num, const sa_big *den, unsigned places)
{
	char *digits;

	if (sa_big_is_zero(den))
		return NULL;
	digits = scaled(num, den, places);
	return digits ? place_point(digits, places) : NULL;
}

char *
sa_fraction_fixed(const sa_fraction *f, unsigned places)
{
	return signed_text(unsigned_fixed(&f->num, &f->den, places),
	    sign_of(f, false));
}

/* The value of the unsigned NUM / DEN is about 10^E; E into *E. */
static bool
magnitude(const sa_big *num, const sa_big *den, int *e)
{
	char *a = sa_big_to_dec(num), *b = sa_big_to_dec(den);
	bool ok = a != NULL && b != NULL;

	if (ok)
		*e = (int)strlen(a) - (int)strlen(b);
	free(a);
	free(b);
	return ok;
}

static char *
unsigned_sig(const sa_big *num, const sa_big *den, unsigned sig, bool sci)
{
	char *digits, *out;
	int e;		/* the value is about 10^e */
	unsigned k;

	if (sa_big_is_zero(num) || sa_big_is_zero(den))
		return unsigned_fixed(num, den, 0);	/* exactly 0 */
	if (!magnitude(num, den, &e))
		return NULL;
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
	if (e >= -4 && !sci)
		return place_point(digits, k);
	/* Tiny, or asked for: d.ddd...e-N */
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

char *
sa_fraction_sig(const sa_fraction *f, unsigned sig)
{
	return signed_text(unsigned_sig(&f->num, &f->den, sig, false),
	    sign_of(f, false));
}

char *
sa_fraction_sci(const sa_fraction *f, unsigned sig)
{
	return signed_text(unsigned_sig(&f->num, &f->den, sig, true),
	    sign_of(f, false));
}

/* A big integer of at most 128 bits, into *OUT. */
static bool
to_u128(const sa_big *a, u128 *out)
{
	u128 v = 0;

	if (a->len > 4)
		return false;
	for (size_t i = a->len; i-- > 0;)
		v = v << 32 | a->limb[i];
	*out = v;
	return true;
}

/* Decimal digits of a 128-bit value, into BUF of at least 40 bytes. */
static void
u128_digits(u128 v, char *buf)
{
	char tmp[40];
	size_t i = sizeof tmp;

	tmp[--i] = '\0';
	do {
		tmp[--i] = (char)('0' + (int)(v % 10));
		v /= 10;
	} while (v != 0);
	memcpy(buf, tmp + i, sizeof tmp - i);
}

/*
 * The fast path of sa_fraction_format: NUM below 2^128, DEN below 2^64
 * and PLACES at most 9, so rem * 10^places * 2 fits in 128 bits.
 */
static bool
format_small(const sa_fraction *f, unsigned places, bool plus, char *buf,
    size_t size, size_t *len)
{
	u128 num, den, whole, rem, scale = 1, frac;
	char w[40], d[40], padded[48];
	const char *sign = sign_of(f, plus);
	size_t dl, pad;

	if (places > 9 || !to_u128(&f->num, &num) || f->den.len > 2 ||
	    !to_u128(&f->den, &den) || den == 0)
		return false;
	for (unsigned i = 0; i < places; i++)
		scale *= 10;
	whole = num / den;
	rem = num % den;
	/* Round half away from zero, carrying into the whole part. */
	frac = (rem * scale * 2 + den) / (den * 2);
	if (frac >= scale) {
		frac -= scale;
		whole++;
	}
	u128_digits(whole, w);
	if (places == 0) {
		*len = (size_t)snprintf(buf, size, "%s%s", sign, w);
		return true;
	}
	/* The decimals, left-padded with zeros to PLACES digits. */
	u128_digits(frac, d);
	dl = strlen(d);
	pad = places > dl ? places - dl : 0;
	memset(padded, '0', pad);
	memcpy(padded + pad, d, dl + 1);
	*len = (size_t)snprintf(buf, size, "%s%s.%s", sign, w, padded);
	return true;
}

size_t
sa_fraction_format(const sa_fraction *f, unsigned places, bool plus,
    char *buf, size_t size)
{
	size_t len;
	char *s;

	if (format_small(f, places, plus, buf, size, &len))
		return len;
	s = signed_text(unsigned_fixed(&f->num, &f->den, places),
	    sign_of(f, plus));
	if (s == NULL) {
		if (size > 0)
			buf[0] = '\0';
		return 0;
	}
	len = (size_t)snprintf(buf, size, "%s", s);
	free(s);
	return len;
}

/* A as a double times 2^(32 *EXP32): its top three limbs. */
static double
top_limbs(const sa_big *a, long *exp32)
{
	double d = 0;
	size_t top = a->len > 3 ? a->len - 3 : 0;

	for (size_t k = a->len; k > top; k--)
		d = d * 4294967296.0 + (double)a->limb[k - 1];
	*exp32 = (long)top;
	return d;
}

double
sa_fraction_to_double(const sa_fraction *f)
{
	long en, ed;
	double n = top_limbs(&f->num, &en), d = top_limbs(&f->den, &ed);
	double v = d > 0 ? ldexp(n / d, (int)(32 * (en - ed))) : 0;

	return f->neg ? -v : v;
}

/* Whether the decimal D reads as 1: "1", or "1." and only zeros. */
static bool
reads_one(const char *d)
{
	return d[0] == '1' && (d[1] == '\0' || (d[1] == '.' &&
	    strspn(d + 2, "0") == strlen(d + 2)));
}

char *
sa_fraction_distinct(const sa_fraction *f, unsigned places, bool fixed)
{
	char *dec = fixed ? sa_fraction_fixed(f, places) :
	    sa_fraction_sig(f, places);
	bool one = sa_big_cmp(&f->num, &f->den) == 0 && !f->neg;

	for (unsigned d = places + 1; dec != NULL && !one && reads_one(dec) &&
	    d <= 64; d++) {
		free(dec);
		dec = sa_fraction_sig(f, d);
	}
	return dec;
}

int
sa_fraction_parse(const char *s, sa_fraction *out)
{
	uint64_t k = 0, places = 0;
	const char *p;
	sa_big d;
	int status = SA_OK;

	out->neg = false;
	if (strncmp(s, "2^-", 3) == 0) {
		for (p = s + 3; *p >= '0' && *p <= '9' && k <= 4096; p++)
			k = k * 10 + (uint64_t)(*p - '0');
		if (p == s + 3 || *p != '\0')
			return SA_EPARAM;
		if (k == 0 || k > 4096)
			return SA_ERANGE;
		if (sa_big_set_u64(&out->num, 1) != SA_OK ||
		    sa_big_pow2(&out->den, (uint32_t)k) != SA_OK)
			return SA_ENOMEM;
		return SA_OK;
	}
	if (strncmp(s, "0.", 2) != 0 || s[2] == '\0')
		return SA_EPARAM;
	for (p = s + 2; *p != '\0'; p++, places++)
		if (*p < '0' || *p > '9' || places == 60)
			return SA_EPARAM;
	/* NUM = the digits as a whole number, DEN = 10^places. */
	sa_big_init(&d);
	if (sa_big_set_u64(&out->num, 0) != SA_OK ||
	    sa_big_set_u64(&out->den, 1) != SA_OK)
		status = SA_ENOMEM;
	for (p = s + 2; status == SA_OK && *p != '\0'; p++)
		if (sa_big_mul_u64(&out->num, 10) != SA_OK ||
		    sa_big_mul_u64(&out->den, 10) != SA_OK ||
		    sa_big_set_u64(&d, (uint64_t)(*p - '0')) != SA_OK ||
		    sa_big_add(&out->num, &d) != SA_OK)
			status = SA_ENOMEM;
	sa_big_free(&d);
	if (status == SA_OK && sa_big_is_zero(&out->num))
		status = SA_ERANGE;
	return status;
}
