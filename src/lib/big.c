/*
 * big.c - exact unsigned integers of any size.
 *
 * 32-bit limbs, least significant first, so that a limb times a limb plus
 * a carry fits in 64 bits.  Division is Knuth's Algorithm D (The Art of
 * Computer Programming, vol. 2, 4.3.1): normalise so the divisor's top
 * limb has its high bit set, estimate each quotient limb from the top two
 * limbs of the remainder, which is at most two too large, correct it, and
 * subtract.
 */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

void
sa_big_init(sa_big *a)
{
	a->limb = NULL;
	a->len = 0;
	a->cap = 0;
}

void
sa_big_free(sa_big *a)
{
	free(a->limb);
	sa_big_init(a);
}

/* Room for CAP limbs, keeping the value. */
static int
reserve(sa_big *a, size_t cap)
{
	uint32_t *p;

	if (cap <= a->cap)
		return SA_OK;
	if (cap > SIZE_MAX / sizeof *p)
		return SA_ENOMEM;
	p = realloc(a->limb, cap * sizeof *p);
	if (p == NULL)
		return SA_ENOMEM;
	a->limb = p;
	a->cap = cap;
	return SA_OK;
}

static void
trim(sa_big *a)
{
	while (a->len > 0 && a->limb[a->len - 1] == 0)
		a->len--;
}

int
sa_big_set_u64(sa_big *a, uint64_t v)
{
	if (reserve(a, 2) != SA_OK)
		return SA_ENOMEM;
	a->limb[0] = (uint32_t)v;
	a->limb[1] = (uint32_t)(v >> 32);
	a->len = 2;
	trim(a);
	return SA_OK;
}

int
sa_big_set_parts(sa_big *a, uint64_t hi, uint64_t lo)
{
	if (reserve(a, 4) != SA_OK)
		return SA_ENOMEM;
	a->limb[0] = (uint32_t)lo;
	a->limb[1] = (uint32_t)(lo >> 32);
	a->limb[2] = (uint32_t)hi;
	a->limb[3] = (uint32_t)(hi >> 32);
	a->len = 4;
	trim(a);
	return SA_OK;
}

int
sa_big_copy(sa_big *dst, const sa_big *src)
{
	if (dst == src)
		return SA_OK;
	if (reserve(dst, src->len) != SA_OK)
		return SA_ENOMEM;
	if (src->len > 0)
		memcpy(dst->limb, src->limb, src->len * sizeof *src->limb);
	dst->len = src->len;
	return SA_OK;
}

bool
sa_big_is_zero(const sa_big *a)
{
	return a->len == 0;
}

bool
sa_big_to_u64(const sa_big *a, uint64_t *out)
{
	if (a->len > 2)
		return false;
	*out = a->len == 0 ? 0 : a->limb[0];
	if (a->len == 2)
		*out |= (uint64_t)a->limb[1] << 32;
	return true;
}

int
sa_big_cmp(const sa_big *a, const sa_big *b)
{
	if (a->len != b->len)
		return a->len < b->len ? -1 : 1;
	for (size_t i = a->len; i-- > 0;)
		if (a->limb[i] != b->limb[i])
			return a->limb[i] < b->limb[i] ? -1 : 1;
	return 0;
}

static int
mul_u32(sa_big *a, uint32_t m)
{
	uint64_t carry = 0;

	if (m == 0 || a->len == 0) {
		a->len = 0;
		return SA_OK;
	}
	if (reserve(a, a->len + 1) != SA_OK)
		return SA_ENOMEM;
	for (size_t i = 0; i < a->len; i++) {
		uint64_t t = (uint64_t)a->limb[i] * m + carry;

		a->limb[i] = (uint32_t)t;
		carry = t >> 32;
	}
	if (carry != 0)
		a->limb[a->len++] = (uint32_t)carry;
	return SA_OK;
}

int
sa_big_mul_u64(sa_big *a, uint64_t m)
{
	sa_big t, f;
	int status;

	if (m <= UINT32_MAX)
		return mul_u32(a, (uint32_t)m);
	sa_big_init(&t);
	sa_big_init(&f);
	status = sa_big_set_u64(&f, m);
	if (status == SA_OK)
		status = sa_big_mul(&t, a, &f);
	if (status == SA_OK) {
		sa_big_free(a);
		*a = t;
	} else {
		sa_big_free(&t);
	}
	sa_big_free(&f);
	return status;
}

int
sa_big_add(sa_big *a, const sa_big *b)
{
	size_t len = a->len > b->len ? a->len : b->len;
	uint64_t carry = 0;

	if (reserve(a, len + 1) != SA_OK)
		return SA_ENOMEM;
	for (size_t i = a->len; i < len; i++)
		a->limb[i] = 0;
	for (size_t i = 0; i < len; i++) {
		uint64_t t = (uint64_t)a->limb[i] + carry +
		    (i < b->len ? b->limb[i] : 0);

		a->limb[i] = (uint32_t)t;
		carry = t >> 32;
	}
	a->len = len;
	if (carry != 0)
		a->limb[a->len++] = (uint32_t)carry;
	return SA_OK;
}

int
sa_big_mul(sa_big *r, const sa_big *a, const sa_big *b)
{
	size_t len = a->len + b->len;

	if (a->len == 0 || b->len == 0) {
		r->len = 0;
		return SA_OK;
	}
	if (reserve(r, len) != SA_OK)
		return SA_ENOMEM;
	memset(r->limb, 0, len * sizeof *r->limb);
	for (size_t i = 0; i < a->len; i++) {
		uint64_t carry = 0;

		for (size_t j = 0; j < b->len; j++) {
			uint64_t t = (uint64_t)a->limb[i] * b->limb[j] +
			    r->limb[i + j] + carry;

			r->limb[i + j] = (uint32_t)t;
			carry = t >> 32;
		}
		r->limb[i + b->len] = (uint32_t)carry;
	}
	r->len = len;
	trim(r);
	return SA_OK;
}

uint32_t
sa_big_div_u32(sa_big *a, uint32_t d)
{
	uint64_t rem = 0;

	for (size_t i = a->len; i-- > 0;) {
		uint64_t cur = rem << 32 | a->limb[i];

		a->limb[i] = (uint32_t)(cur / d);
		rem = cur % d;
	}
	trim(a);
	return (uint32_t)rem;
}

static int
clz32(uint32_t x)
{
	int n = 0;

	while ((x & 0x80000000u) == 0) {
		x <<= 1;
		n++;
	}
	return n;
}

/*
 * One step of Knuth's algorithm D (TAOCP vol. 2, 4.3.1): the quotient
 * digit of U[J .. J+N] by the normalised divisor V[0 .. N-1] (N >= 2),
 * with U[J .. J+N] left as the remainder.
 */
static uint32_t
divide_step(uint32_t *u, const uint32_t *v, size_t n, size_t j)
{
	uint64_t num = (uint64_t)u[j + n] << 32 | u[j + n - 1];
	uint64_t qhat = num / v[n - 1], rhat = num % v[n - 1];
	int64_t borrow = 0, t;
	uint64_t carry = 0;

	/* D3: the estimate is at most 2 too large; bring it down. */
	while (qhat > UINT32_MAX ||
	    qhat * v[n - 2] > (rhat << 32 | u[j + n - 2])) {
		qhat--;
		rhat += v[n - 1];
		if (rhat > UINT32_MAX)
			break;
	}
	/* D4: subtract qhat * v from u[j .. j+n]. */
	for (size_t i = 0; i < n; i++) {
		uint64_t p = qhat * v[i] + carry;

		t = (int64_t)u[i + j] - (int64_t)(uint32_t)p + borrow;
		carry = p >> 32;
		u[i + j] = (uint32_t)t;
		borrow = t < 0 ? -1 : 0;	/* t >= -2^32 */
	}
	t = (int64_t)u[j + n] - (int64_t)carry + borrow;
	u[j + n] = (uint32_t)t;
	/* D6: it went negative, so qhat was one too large: add v back. */
	if (t < 0) {
		uint64_t c = 0;

		qhat--;
		for (size_t i = 0; i < n; i++) {
			uint64_t sum = (uint64_t)u[i + j] + v[i] + c;

			u[i + j] = (uint32_t)sum;
			c = sum >> 32;
		}
		u[j + n] += (uint32_t)c;
	}
	return (uint32_t)qhat;
}

int
sa_big_divmod(sa_big *q, sa_big *r, const sa_big *a, const sa_big *b)
{
	size_t n = b->len, m;
	uint32_t *u = NULL, *v = NULL;
	sa_big quot;
	int s, status = SA_OK;

	if (b->len == 0)
		return SA_EINVAL;
	sa_big_init(&quot);
	if (sa_big_cmp(a, b) < 0) {
		if (r != NULL && sa_big_copy(r, a) != SA_OK)
			return SA_ENOMEM;
		if (q != NULL)
			q->len = 0;
		return SA_OK;
	}
	if (n == 1) {
		uint32_t rem;

		if (sa_big_copy(&quot, a) != SA_OK)
			return SA_ENOMEM;
		rem = sa_big_div_u32(&quot, b->limb[0]);
		if (r != NULL && sa_big_set_u64(r, rem) != SA_OK) {
			sa_big_free(&quot);
			return SA_ENOMEM;
		}
		goto done;
	}

	m = a->len - n;
	u = calloc(a->len + 1, sizeof *u);
	v = calloc(n, sizeof *v);
	if (u == NULL || v == NULL || reserve(&quot, m + 1) != SA_OK) {
		status = SA_ENOMEM;
		goto out;
	}
	/* D1: shift both so the divisor's top bit is set. */
	s = clz32(b->limb[n - 1]);
	for (size_t i = n; i-- > 0;)
		v[i] = (b->limb[i] << s) |
		    (s && i > 0 ? b->limb[i - 1] >> (32 - s) : 0);
	u[a->len] = s ? a->limb[a->len - 1] >> (32 - s) : 0;
	for (size_t i = a->len; i-- > 0;)
		u[i] = (a->limb[i] << s) |
		    (s && i > 0 ? a->limb[i - 1] >> (32 - s) : 0);

	for (size_t j = m + 1; j-- > 0;)
		quot.limb[j] = divide_step(u, v, n, j);
	quot.len = m + 1;
	trim(&quot);

	if (r != NULL) {
		/* D8: the remainder is u[0 .. n-1] shifted back. */
		if (reserve(r, n) != SA_OK) {
			status = SA_ENOMEM;
			goto out;
		}
		for (size_t i = 0; i < n; i++)
			r->limb[i] = (u[i] >> s) |
			    (s ? u[i + 1] << (32 - s) : 0);
		r->len = n;
		trim(r);
	}
out:
	free(u);
	free(v);
	if (status != SA_OK) {
		sa_big_free(&quot);
		return status;
	}
done:
	if (q != NULL) {
		sa_big_free(q);
		*q = quot;
	} else {
		sa_big_free(&quot);
	}
	return SA_OK;
}

int
sa_big_pow_u32(sa_big *r, uint32_t base, uint32_t exp)
{
	if (sa_big_set_u64(r, 1) != SA_OK)
		return SA_ENOMEM;
	for (uint32_t i = 0; i < exp; i++)
		if (mul_u32(r, base) != SA_OK)
			return SA_ENOMEM;
	return SA_OK;
}

int
sa_big_factorial(sa_big *r, uint32_t n)
{
	if (sa_big_set_u64(r, 1) != SA_OK)
		return SA_ENOMEM;
	for (uint32_t i = 2; i <= n; i++)
		if (mul_u32(r, i) != SA_OK)
			return SA_ENOMEM;
	return SA_OK;
}

/*
 * C(A, K) = A (A - 1) ... (A - K + 1) / K!: after the i-th factor the
 * product is i! C(A, i), so dividing by i each time stays whole.
 */
int
sa_big_binomial(sa_big *r, uint64_t a, uint32_t k)
{
	if (sa_big_set_u64(r, k > a ? 0 : 1) != SA_OK)
		return SA_ENOMEM;
	for (uint32_t i = 1; i <= k && k <= a; i++) {
		if (sa_big_mul_u64(r, a - (i - 1)) != SA_OK)
			return SA_ENOMEM;
		(void)sa_big_div_u32(r, i);
	}
	return SA_OK;
}

int
sa_big_pow2(sa_big *r, uint32_t exp)
{
	size_t len = (size_t)exp / 32 + 1;

	if (reserve(r, len) != SA_OK)
		return SA_ENOMEM;
	memset(r->limb, 0, len * sizeof *r->limb);
	r->limb[len - 1] = UINT32_C(1) << (exp % 32);
	r->len = len;
	return SA_OK;
}

double
sa_big_log2(const sa_big *a)
{
	double top;

	if (a->len == 0)
		return 0.0;
	if (a->len == 1)
		return log2((double)a->limb[0]);
	/* The top two limbs carry more precision than a double holds. */
	top = (double)a->limb[a->len - 1] * 4294967296.0 +
	    (double)a->limb[a->len - 2];
	return log2(top) + 32.0 * (double)(a->len - 2);
}

char *
sa_big_to_dec(const sa_big *a)
{
	/* Each limb is under 10 digits; 9-digit chunks come off at a time. */
	size_t cap = a->len * 10 + 2, len = 0;
	char *buf = malloc(cap);
	sa_big t;

	if (buf == NULL)
		return NULL;
	sa_big_init(&t);
	if (sa_big_copy(&t, a) != SA_OK) {
		free(buf);
		errno = ENOMEM;
		return NULL;
	}
	do {
		uint32_t chunk = sa_big_div_u32(&t, 1000000000u);

		for (int i = 0; i < 9; i++) {
			buf[len++] = (char)('0' + chunk % 10);
			chunk /= 10;
			if (t.len == 0 && chunk == 0)
				break;
		}
	} while (t.len != 0);
	sa_big_free(&t);
	buf[len] = '\0';
	for (size_t i = 0; i < len / 2; i++) {
		char c = buf[i];

		buf[i] = buf[len - 1 - i];
		buf[len - 1 - i] = c;
	}
	return buf;
}

int
sa_big_sub(sa_big *a, const sa_big *b)
{
	int64_t borrow = 0;

	if (sa_big_cmp(a, b) < 0)
		return SA_EINVAL;
	for (size_t i = 0; i < a->len; i++) {
		int64_t t = (int64_t)a->limb[i] - (i < b->len ? b->limb[i] : 0) +
		    borrow;

		a->limb[i] = (uint32_t)t;
		borrow = t < 0 ? -1 : 0;
	}
	trim(a);
	return SA_OK;
}

int
sa_big_gcd(sa_big *r, const sa_big *a, const sa_big *b)
{
	sa_big x, y, m;
	int status = SA_OK;

	sa_big_init(&x);
	sa_big_init(&y);
	sa_big_init(&m);
	if (sa_big_copy(&x, a) != SA_OK || sa_big_copy(&y, b) != SA_OK)
		status = SA_ENOMEM;
	while (status == SA_OK && !sa_big_is_zero(&y)) {
		status = sa_big_divmod(NULL, &m, &x, &y);
		if (status == SA_OK) {
			sa_big t = x;

			x = y;
			y = m;
			m = t;
		}
	}
	if (status == SA_OK)
		status = sa_big_copy(r, &x);
	sa_big_free(&x);
	sa_big_free(&y);
	sa_big_free(&m);
	return status;
}

char *
sa_big_fraction_to_dec(const sa_big *num, const sa_big *den)
{
	sa_big g, n, d, one;
	char *ns = NULL, *ds = NULL, *out = NULL;

	if (sa_big_is_zero(den))
		return NULL;
	sa_big_init(&g);
	sa_big_init(&n);
	sa_big_init(&d);
	sa_big_init(&one);
	if (sa_big_gcd(&g, num, den) == SA_OK && !sa_big_is_zero(&g) &&
	    sa_big_divmod(&n, NULL, num, &g) == SA_OK &&
	    sa_big_divmod(&d, NULL, den, &g) == SA_OK &&
	    sa_big_set_u64(&one, 1) == SA_OK &&
	    (ns = sa_big_to_dec(&n)) != NULL &&
	    (ds = sa_big_to_dec(&d)) != NULL) {
		size_t len = strlen(ns) + strlen(ds) + 2;

		if (sa_big_cmp(&d, &one) == 0) {
			out = ns;
			ns = NULL;
		} else if ((out = malloc(len)) != NULL) {
			snprintf(out, len, "%s/%s", ns, ds);
		}
	}
	free(ns);
	free(ds);
	sa_big_free(&g);
	sa_big_free(&n);
	sa_big_free(&d);
	sa_big_free(&one);
	return out;
}

uint32_t
sa_big_mod_u32(const sa_big *a, uint32_t d)
{
	uint64_t rem = 0;

	for (size_t i = a->len; i-- > 0;)
		rem = (rem << 32 | a->limb[i]) % d;
	return (uint32_t)rem;
}

uint64_t
sa_gcd(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}
