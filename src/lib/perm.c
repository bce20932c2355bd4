/*
 * perm.c - ranking orderings so that a tally can live in a flat array.
 *
 * The rank is the ordering's position in lexicographic order, computed
 * from its Lehmer code: digit i counts the entries after position i that
 * are smaller than P[i], and the digits are read in the factorial number
 * system.  Counting "smaller and not yet used" with a bit mask makes each
 * digit a constant-time step.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

uint64_t
sa_factorial(size_t n)
{
	uint64_t f = 1;

	if (n > SA_PERM_MAX)
		return 0;
	for (size_t i = 2; i <= n; i++)
		f *= i;
	return f;
}

/* Bits set in an 11-bit number, built at compile time (internal.h). */
#define B2(k) k, k + 1, k + 1, k + 2
#define B4(k) B2(k), B2(k + 1), B2(k + 1), B2(k + 2)
#define B6(k) B4(k), B4(k + 1), B4(k + 1), B4(k + 2)
#define B8(k) B6(k), B6(k + 1), B6(k + 1), B6(k + 2)
#define B10(k) B8(k), B8(k + 1), B8(k + 1), B8(k + 2)
const uint8_t sa_bits11[2048] = { B10(0), B10(1) };

/* (n-1-i)!, the weight of rank digit I of N cards, for N up to 16. */
static const uint64_t weight[16] = { 1, 1, 2, 6, 24, 120, 720, 5040, 40320,
    362880, 3628800, 39916800, 479001600, UINT64_C(6227020800),
    UINT64_C(87178291200), UINT64_C(1307674368000) };

/*
 * The rank of P, N cards up to 11: the digits weighed by (n-1-i)! and
 * added (the products do not wait on each other as Horner's rule makes
 * them), the used cards below p[i] one 11-bit lookup.  *USED gets the
 * cards' bits (each taken modulo 32) and *ALL the cards ORed, for the
 * check: whatever the cards, the lookup stays inside its table.
 */
static inline uint64_t
rank11(const unsigned *p, size_t n, uint32_t *used_, unsigned *all_)
{
	uint32_t used = 0;
	uint64_t r = 0;
	unsigned all = 0;

	for (size_t i = 0; i < n; i++) {
		uint32_t bit = UINT32_C(1) << (p[i] & 31);

		all |= p[i];
		r += (p[i] - sa_bits11[used & (bit - 1) & 2047]) *
		    weight[n - 1 - i];
		used |= bit;
	}
	*used_ = used;
	*all_ = all;
	return r;
}

uint64_t
sa_perm_rank(const unsigned *p, size_t n)
{
	uint32_t used = 0;
	uint64_t r = 0;

	/* Horner's rule in the factorial base: r = r * (n - i) + digit. */
	if (n <= 16) {
		unsigned all;

		/* Up to 11 cards, one lookup a card (a census of 9 or 10
		 * cards ranks every run); up to 16, two (count22). */
		if (n <= 11)
			return rank11(p, n, &used, &all);
		for (size_t i = 0; i < n; i++) {
			uint32_t bit = UINT32_C(1) << p[i], below = used & (bit - 1);

			r += (p[i] - count22(below)) * weight[n - 1 - i];
			used |= bit;
		}
		return r;
	}
	for (size_t i = 0; i < n; i++) {
		uint32_t below = (UINT32_C(1) << p[i]) - 1;
		unsigned digit = p[i] - popcount32(used & below);

		r = r * (n - i) + digit;
		used |= UINT32_C(1) << p[i];
	}
	return r;
}

void
sa_perm_unrank(uint64_t r, size_t n, unsigned *p)
{
	unsigned digits[SA_PERM_MAX];
	unsigned left[SA_PERM_MAX];

	/* Peel off the factorial-base digits, least significant first. */
	for (size_t i = n; i-- > 0;) {
		size_t base = n - i;

		digits[i] = (unsigned)(r % base);
		r /= base;
	}
	for (size_t i = 0; i < n; i++)
		left[i] = (unsigned)i;
	for (size_t i = 0; i < n; i++) {
		unsigned d = digits[i];

		p[i] = left[d];
		memmove(left + d, left + d + 1, (n - i - 1 - d) * sizeof left[0]);
	}
}

bool
sa_perm_rank_checked(const unsigned *p, size_t n, uint64_t *rank)
{
	uint32_t used;
	uint64_t r;
	unsigned all;

	if (n > 11 || n == 0) {
		if (!sa_perm_check(p, n))
			return false;
		*rank = sa_perm_rank(p, n);
		return true;
	}
	/*
	 * sa_perm_rank's digits and sa_perm_check's test at once: N cards,
	 * each below N, whose bits fill N.  ALL, the cards ORed, is past 31
	 * when a card is, whose bit (taken modulo 32) could be mistaken for
	 * another's; below 32, a card from N up sets a bit past N.
	 */
	r = rank11(p, n, &used, &all);
	if (all > 31 || used != (UINT32_C(1) << n) - 1)
		return false;
	*rank = r;
	return true;
}

bool
sa_perm_check(const unsigned *p, size_t n)
{
	uint64_t seen[64];

	/* One word for decks of up to 64 cards (every run of a census
	 * comes here); a bit set up to 4096; pairwise beyond that. */
	if (n <= 64) {
		/*
		 * N cards, each below N, whose bits fill N: no card twice.
		 * No branch a card (a card past 63 is refused by BAD before
		 * its bit, taken modulo 64, could be mistaken for another).
		 */
		uint64_t used = 0, all = n == 64 ? UINT64_MAX :
		    (UINT64_C(1) << n) - 1;
		unsigned bad = 0;

		for (size_t i = 0; i < n; i++) {
			bad |= p[i] >= n;
			used |= UINT64_C(1) << (p[i] & 63);
		}
		return bad == 0 && used == all;
	}
	if (n > 64 * 64) {
		for (size_t i = 0; i < n; i++) {
			if (p[i] >= n)
				return false;
			for (size_t j = 0; j < i; j++)
				if (p[j] == p[i])
					return false;
		}
		return true;
	}
	memset(seen, 0, sizeof seen);
	for (size_t i = 0; i < n; i++) {
		uint64_t bit;

		if (p[i] >= n)
			return false;
		bit = UINT64_C(1) << (p[i] % 64);
		if (seen[p[i] / 64] & bit)
			return false;
		seen[p[i] / 64] |= bit;
	}
	return true;
}

size_t
sa_perm_format(const unsigned *p, size_t n, char *buf, size_t size)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		char item[24];
		int k;

		if (n <= 10)
			k = snprintf(item, sizeof item, "%u", p[i]);
		else
			k = snprintf(item, sizeof item, i ? ",%u" : "%u", p[i]);
		if (k < 0)
			k = 0;
		for (int j = 0; j < k; j++, len++)
			if (len + 1 < size)
				buf[len] = item[j];
	}
	if (size > 0)
		buf[len < size ? len : size - 1] = '\0';
	return len;
}

size_t
sa_perm_format_as(const unsigned *p, size_t n, enum sa_notation note,
    char *buf, size_t size)
{
	unsigned small[SA_PERM_MAX], *q = small;
	bool seen_small[SA_PERM_MAX], *seen = seen_small;
	size_t len = 0;
	int k;

	if (size > 0)
		buf[0] = '\0';
	if (note == SA_NOTATION_ARRAY)
		return sa_perm_format(p, n, buf, size);
	/*
	 * Inverse and cycles name where each card went, which only a
	 * permutation can say: a partial deck that repeats a card has none.
	 */
	if (!sa_perm_check(p, n)) {
		errno = EINVAL;
		return 0;
	}
	if (n > SA_PERM_MAX) {
		q = malloc(n * sizeof *q);
		seen = malloc(n * sizeof *seen);
		if (q == NULL || seen == NULL) {
			free(q);
			free(seen);
			errno = ENOMEM;
			return 0;
		}
	}
	for (size_t i = 0; i < n; i++)
		q[p[i]] = (unsigned)i;	/* card p[i] ended at position i */
	if (note == SA_NOTATION_INVERSE) {
		len = sa_perm_format(q, n, buf, size);
	} else {
		memset(seen, 0, n * sizeof *seen);
		for (size_t c = 0; c < n; c++) {
			if (seen[c])
				continue;
			for (size_t d = c; !seen[d]; d = q[d]) {
				seen[d] = true;
				k = snprintf(len < size ? buf + len : NULL,
				    len < size ? size - len : 0, "%s%zu",
				    d == c ? "(" : " ", d);
				len += k > 0 ? (size_t)k : 0;
			}
			k = snprintf(len < size ? buf + len : NULL,
			    len < size ? size - len : 0, ")");
			len += k > 0 ? (size_t)k : 0;
		}
	}
	if (q != small) {
		free(q);
		free(seen);
	}
	return len;
}
