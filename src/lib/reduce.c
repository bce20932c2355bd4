/*
 * reduce.c - the bounded-integer step: a number below k from raw words,
 * the five ways real code does it, and exactly how the words fall.
 */
#include <stdint.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

static const char *const method_names[] = {
	"ideal", "modulo", "multiply", "reject", "lemire", "scale"
};

#define METHODS (sizeof method_names / sizeof method_names[0])

const char *
sa_reduce_name(enum sa_reduce_method m)
{
	return (unsigned)m < METHODS ? method_names[m] : "unknown";
}

int
sa_reduce_parse(const char *spec, sa_reduce *out)
{
	const char *colon = strchr(spec, ':');
	size_t len = colon ? (size_t)(colon - spec) : strlen(spec);
	unsigned bits = 0;

	memset(out, 0, sizeof *out);
	for (int m = SA_REDUCE_MODULO; m < (int)METHODS; m++) {
		if (strlen(method_names[m]) != len ||
		    strncmp(method_names[m], spec, len) != 0)
			continue;
		out->method = (enum sa_reduce_method)m;
		if (colon == NULL || colon[1] == '\0')
			return SA_EPARAM;
		for (const char *p = colon + 1; *p; p++) {
			if (*p < '0' || *p > '9' || bits > 64)
				return SA_EPARAM;
			bits = bits * 10 + (unsigned)(*p - '0');
		}
		if (bits < 1 || bits > 64 || (m == SA_REDUCE_SCALE &&
		    (bits < 2 || bits > SA_SCALE_MAX_BITS)))
			return SA_EPARAM;
		out->bits = bits;
		return SA_OK;
	}
	return SA_EUNKNOWN;
}

static int
set_u128(sa_big *b, u128 v)
{
	return sa_big_set_parts(b, (uint64_t)(v >> 64), (uint64_t)v);
}

/*
 * .NET's Next(k): (int)(Sample() * k), Sample() = x * (1.0 / M), in
 * double arithmetic as .NET does it (x < M = 2^B - 1).  Both products
 * round monotonically and so does the truncation, so the value never
 * falls as x grows: the words that give v are one run of x.
 */
uint64_t
sa_scale(uint64_t x, uint64_t m, uint64_t k)
{
	double sample = (double)x * (1.0 / (double)m);

	return (uint64_t)(sample * (double)k);
}

/* The least x below M whose scale to k is at least V, or M if none. */
static uint64_t
scale_first(uint64_t m, uint64_t k, uint64_t v)
{
	uint64_t lo = 0, hi = m;	/* the answer is in [lo, hi] */

	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (sa_scale(mid, m, k) >= v)
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* How the M = 2^B - 1 words fall below K under sa_scale, by search. */
static int
scale_weights(unsigned bits, uint64_t k, sa_big *weight, sa_big *total)
{
	uint64_t m = (UINT64_C(1) << bits) - 1, from = 0;
	int status = SA_OK;

	if (k > m)
		return SA_EINVAL;
	for (uint64_t v = 0; v < k && status == SA_OK; v++) {
		uint64_t to = scale_first(m, k, v + 1);

		status = sa_big_set_u64(&weight[v], to - from);
		from = to;
	}
	/* every word must land below k; one that did not would be lost */
	if (status == SA_OK && from != m)
		return SA_EINVAL;
	return status == SA_OK ? sa_big_set_u64(total, m) : status;
}

/* ceil(a / k) */
static u128
ceil_div(u128 a, u128 k)
{
	return a / k + (a % k != 0);
}

int
sa_reduce_weights(const sa_reduce *r, uint64_t k, sa_big *weight,
    sa_big *total)
{
	u128 words, block;
	int status = SA_OK;

	if (k == 0 || k > SA_REDUCE_MAX_K)
		return SA_EINVAL;
	if (r->method == SA_REDUCE_NONE) {
		for (uint64_t v = 0; v < k && status == SA_OK; v++)
			status = sa_big_set_u64(&weight[v], 1);
		return status == SA_OK ? sa_big_set_u64(total, k) : status;
	}
	if (r->method == SA_REDUCE_SCALE)
		return scale_weights(r->bits, k, weight, total);
	words = (u128)1 << r->bits;
	block = words / k;	/* whole blocks of k words */
	switch (r->method) {
	case SA_REDUCE_MODULO:
		/* r % k = v for r = v, v + k, ...: one more below 2^B mod k. */
		for (uint64_t v = 0; v < k && status == SA_OK; v++)
			status = set_u128(&weight[v], block + (v < words % k));
		if (status == SA_OK)
			status = set_u128(total, words);
		break;
	case SA_REDUCE_MULTIPLY:
		/* floor(r k / 2^B) = v for r from ceil(v 2^B / k) on. */
		for (uint64_t v = 0; v < k && status == SA_OK; v++)
			status = set_u128(&weight[v],
			    ceil_div((u128)(v + 1) * words, k) -
			    ceil_div((u128)v * words, k));
		if (status == SA_OK)
			status = set_u128(total, words);
		break;
	case SA_REDUCE_REJECT:
	case SA_REDUCE_LEMIRE:
		/*
		 * Both keep exactly floor(2^B / k) words for each value: the
		 * rejection keeps the whole blocks; Lemire's keeps, for each
		 * v, the r with v 2^B <= r k < (v + 1) 2^B whose low part
		 * r k mod 2^B is at least 2^B mod k (Lemire 2019, lemma 4.1).
		 */
		if (block == 0)
			return SA_EINVAL;	/* no word would ever do */
		for (uint64_t v = 0; v < k && status == SA_OK; v++)
			status = set_u128(&weight[v], block);
		if (status == SA_OK)
			status = set_u128(total, block * k);
		break;
	default:
		return SA_EINVAL;
	}
	return status;
}

uint64_t
sa_reduce_draw(const sa_reduce *r, sa_oracle *src, uint64_t k)
{
	u128 words = (u128)1 << r->bits;
	uint64_t x;

	switch (r->method) {
	case SA_REDUCE_MODULO:
		return sa_raw(src, r->bits) % k;
	case SA_REDUCE_MULTIPLY:
		return (uint64_t)(((u128)sa_raw(src, r->bits) * k) >> r->bits);
	case SA_REDUCE_REJECT: {
		u128 limit = words / k * k;

		if (limit == 0)
			return 0;
		do
			x = sa_raw(src, r->bits);
		while (x >= limit);
		return x % k;
	}
	case SA_REDUCE_LEMIRE: {
		u128 m, threshold = words % k;

		if (words < k)
			return 0;
		do {
			x = sa_raw(src, r->bits);
			m = (u128)x * k;
		} while (m % words < threshold);
		return (uint64_t)(m >> r->bits);
	}
	case SA_REDUCE_SCALE:
		/* the all-ones word, which the generator never makes, is
		 * thrown back */
		do
			x = sa_raw(src, r->bits);
		while (x == (uint64_t)words - 1);
		return sa_scale(x, (uint64_t)words - 1, k);
	default:
		return sa_draw(src, k);
	}
}

/*
 * A rejecting method cannot make a number below a bound above 2^BITS:
 * every word would be thrown back.  Scaling 2^BITS - 1 words to more
 * values than that would skip some.
 */
bool
sa_reduce_reaches(const sa_reduce *r, uint64_t k)
{
	switch (r->method) {
	case SA_REDUCE_REJECT:
	case SA_REDUCE_LEMIRE:
		return r->bits >= 64 || k <= UINT64_C(1) << r->bits;
	case SA_REDUCE_SCALE:
		return k <= (UINT64_C(1) << r->bits) - 1;
	default:
		return true;
	}
}

static uint64_t
reducer_draw(sa_oracle *o, uint64_t bound)
{
	sa_reducer *r = (sa_reducer *)o;

	/*
	 * A draw the words cannot make is the caller's error to see, not a
	 * 0 to pass off as a draw.
	 */
	if (bound == 0 || !sa_reduce_reaches(&r->r, bound)) {
		if (r->err == SA_OK) {
			r->err = SA_ERANGE;
			r->bad_bound = bound;
		}
		sa_oracle_break(r->source, SA_EBOUND);
		return 0;
	}
	return sa_reduce_draw(&r->r, r->source, bound);
}

static uint64_t
reducer_raw(sa_oracle *o, unsigned bits)
{
	sa_reducer *r = (sa_reducer *)o;

	return sa_raw(r->source, bits);
}

void
sa_reducer_init(sa_reducer *o, const sa_reduce *r, sa_oracle *source)
{
	o->base.draw = reducer_draw;
	o->base.raw = source->raw != NULL ? reducer_raw : NULL;
	o->base.word_bits = source->word_bits;
	o->base.fail = NULL;
	o->r = *r;
	o->source = source;
	o->err = SA_OK;
	o->bad_bound = 0;
}

bool
sa_reduce_unbiased(const sa_reduce *r, uint64_t k)
{
	u128 words;

	if (k == 0)
		return false;
	if (r->method == SA_REDUCE_NONE)
		return true;
	words = (u128)1 << r->bits;
	if (k > words)
		return false;
	switch (r->method) {
	case SA_REDUCE_REJECT:
	case SA_REDUCE_LEMIRE:
		return true;
	case SA_REDUCE_MODULO:
	case SA_REDUCE_MULTIPLY:
		return words % k == 0;
	case SA_REDUCE_SCALE:
		return k == 1;	/* 2^B - 1 words: k would have to divide it */
	default:
		return false;
	}
}
