/*
 * figures.c - what a census says, computed exactly from its counts: the
 * fair share, the commonest/rarest ratio, the distance from uniform,
 * each ordering's deviation, the top orderings and the histogram.  The
 * same functions serve every engine and every width of count.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

int
sa_census_per_ordering(const sa_census *c, sa_fraction *out)
{
	sa_big n;
	int status;

	sa_big_init(&n);
	status = sa_big_set_u64(&n, c->info.orderings);
	if (status == SA_OK)
		status = sa_fraction_set(out, &c->big_runs, &n, false);
	sa_big_free(&n);
	return status;
}

int
sa_census_ratio(const sa_census *c, sa_fraction *out)
{
	return sa_fraction_set(out, &c->big_max, &c->big_min, false);
}

int
sa_census_deviation(const sa_census *c, uint64_t r, sa_fraction *out)
{
	int status;

	/* count - runs / n!  =  (count n! - runs) / n!, exactly. */
	if (!c->info.wide) {
		/* count n! < 2^64 * 2^64: in 128 bits, the common case. */
		u128 have = (u128)sa_count_at(c, r) * c->info.orderings;
		u128 runs = c->info.runs, d;

		out->neg = have < runs;
		d = out->neg ? runs - have : have - runs;
		status = sa_big_set_parts(&out->num, (uint64_t)(d >> 64),
		    (uint64_t)d);
		if (status == SA_OK)
			status = sa_big_set_u64(&out->den, c->info.orderings);
		return status;
	}
	out->neg = false;
	status = sa_census_count_big(c, r, &out->num);
	if (status == SA_OK)
		status = sa_big_mul_u64(&out->num, c->info.orderings);
	if (status == SA_OK)
		status = sa_big_set_u64(&out->den, c->info.orderings);
	if (status != SA_OK)
		return status;
	if (sa_big_cmp(&out->num, &c->big_runs) >= 0)
		return sa_big_sub(&out->num, &c->big_runs);
	/* runs - count n!, into NUM without a second number. */
	out->neg = true;
	{
		sa_big d;

		sa_big_init(&d);
		status = sa_big_copy(&d, &c->big_runs);
		if (status == SA_OK)
			status = sa_big_sub(&d, &out->num);
		if (status == SA_OK)
			status = sa_big_copy(&out->num, &d);
		sa_big_free(&d);
	}
	return status;
}

static int
tvd_narrow(const struct sa_census *c, sa_big *num)
{
	uint64_t orderings = c->info.orderings, runs = c->info.runs;
	/* The sums from the summary's pass (tally.c), over every rank. */
	uint64_t above = c->sums[0], below = c->sums[1], na = c->sums[2];
	uint64_t nb = c->sums[3];
	sa_big t;
	int status;

	/* N above + R nb - (N below + R na), both sides non-negative. */
	sa_big_init(&t);
	status = sa_big_set_u64(num, above);
	if (status == SA_OK)
		status = sa_big_mul_u64(num, orderings);
	if (status == SA_OK)
		status = sa_big_set_u64(&t, runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, nb);
	if (status == SA_OK)
		status = sa_big_add(num, &t);
	if (status == SA_OK)
		status = sa_big_set_u64(&t, below);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, orderings);
	if (status == SA_OK)
		status = sa_big_sub(num, &t);
	if (status == SA_OK)
		status = sa_big_set_u64(&t, runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, na);
	if (status == SA_OK)
		status = sa_big_sub(num, &t);
	sa_big_free(&t);
	return status;
}

/* The same sum over big counts, ordering by ordering. */
static int
tvd_wide(const sa_census *c, sa_big *num)
{
	sa_fraction d;
	int status;

	sa_fraction_init(&d);
	status = sa_big_set_u64(num, 0);
	for (uint64_t r = 0; r < c->info.orderings && status == SA_OK; r++) {
		status = sa_census_deviation(c, r, &d);
		if (status == SA_OK)
			status = sa_big_add(num, &d.num);
	}
	sa_fraction_free(&d);
	return status;
}

int
sa_census_tvd(const sa_census *c, sa_fraction *out)
{
	int status;

	/* 2 n! runs TVD = sum |count n! - runs|, all integers. */
	out->neg = false;
	status = c->info.wide ? tvd_wide(c, &out->num) :
	    tvd_narrow(c, &out->num);
	if (status == SA_OK)
		status = sa_big_copy(&out->den, &c->big_runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(&out->den, 2 * c->info.orderings);
	return status;
}

int
sa_census_top(const sa_census *c, uint64_t k, uint64_t *ranks)
{
	if (k == 0 || k > c->info.orderings)
		return SA_EINVAL;
	if (c->shard != NULL)
		return c->remote_top(c, k, ranks);
	return sa_census_top_within(c, 0, c->info.orderings, k, ranks);
}

int
sa_census_histogram(const sa_census *c, sa_histogram *out)
{
	const sa_census_info *in = &c->info;
	uint64_t width, buckets, *hist;

	memset(out, 0, sizeof *out);
	if (in->wide)
		return SA_EOVERFLOW;
	buckets = sa_histogram_buckets(c, &width);
	if ((hist = calloc(buckets, sizeof *hist)) == NULL)
		return SA_ENOMEM;
	/* A sharded census's were summed over the ranks as it ended. */
	if (c->shard != NULL)
		memcpy(hist, c->shard_hist, buckets * sizeof *hist);
	else
		sa_histogram_count(c, hist);
	return sa_histogram_from(c, hist, out);
}

void
sa_histogram_free(sa_histogram *h)
{
	if (h == NULL)
		return;
	free(h->bucket);
	memset(h, 0, sizeof *h);
}

int
sa_census_bias_cause(const sa_census *narrow, const sa_census *wide,
    enum sa_bias_cause *out)
{
	const sa_census_info *a = sa_census_about(narrow);
	const sa_census_info *b = sa_census_about(wide);
	sa_fraction da, db;
	int status, cmp = 0;

	if (a->n != b->n)
		return SA_EINVAL;
	bool same = false;

	if (a->fair && b->fair) {
		*out = SA_BIAS_NONE;
		return SA_OK;
	}
	if ((status = sa_census_same_law(narrow, wide, &same)) != SA_OK)
		return status;
	if (same) {
		*out = SA_BIAS_LOOP;
		return SA_OK;
	}
	memset(&da, 0, sizeof da);
	memset(&db, 0, sizeof db);
	status = sa_census_tvd(narrow, &da);
	if (status == SA_OK)
		status = sa_census_tvd(wide, &db);
	if (status == SA_OK)
		status = sa_fraction_cmp(&db, &da, &cmp);
	sa_fraction_free(&da);
	sa_fraction_free(&db);
	if (status != SA_OK)
		return status;
	*out = cmp < 0 ? SA_BIAS_REDUCTION : SA_BIAS_UNSETTLED;
	return SA_OK;
}

/* Count R of C times M into OUT, whatever C's width. */
static int
count_times(const sa_census *c, uint64_t r, const sa_big *m, sa_big *out,
    sa_big *t)
{
	int status = sa_census_count_big(c, r, t);

	return status == SA_OK ? sa_big_mul(out, t, m) : status;
}

int
sa_census_same_law(const sa_census *a, const sa_census *b, bool *same)
{
	const sa_census_info *x = sa_census_about(a), *y = sa_census_about(b);
	sa_big rx, ry, l, r, t;
	int status;

	*same = false;
	if (x->n != y->n)
		return SA_EINVAL;
	/* count_a / runs_a == count_b / runs_b, by cross-multiplying. */
	if (!x->wide && !y->wide) {
		*same = true;
		for (uint64_t k = 0; k < x->orderings && *same; k++)
			*same = (u128)sa_count_at(a, k) * y->runs ==
			    (u128)sa_count_at(b, k) * x->runs;
		return SA_OK;
	}
	sa_big_init(&rx);
	sa_big_init(&ry);
	sa_big_init(&l);
	sa_big_init(&r);
	sa_big_init(&t);
	status = sa_census_runs(a, &rx);
	if (status == SA_OK)
		status = sa_census_runs(b, &ry);
	*same = status == SA_OK;
	for (uint64_t k = 0; k < x->orderings && status == SA_OK && *same;
	    k++) {
		status = count_times(a, k, &ry, &l, &t);
		if (status == SA_OK)
			status = count_times(b, k, &rx, &r, &t);
		*same = status == SA_OK && sa_big_cmp(&l, &r) == 0;
	}
	if (status != SA_OK)
		*same = false;
	sa_big_free(&rx);
	sa_big_free(&ry);
	sa_big_free(&l);
	sa_big_free(&r);
	sa_big_free(&t);
	return status;
}

double
sa_census_widen_factor(const sa_census *c, unsigned bits, unsigned wider)
{
	const sa_census_info *in = sa_census_about(c);
	double runs = in->wide ? ldexp(1.0, 64) : (double)in->sequences;

	if (bits == 0 || wider <= bits)
		return 1.0;
	return pow(runs, (double)(wider - bits) / (double)bits);
}

double
sa_census_widened_runs(const sa_census *c, unsigned bits, unsigned wider)
{
	const sa_census_info *in = sa_census_about(c);

	return in->wide ? 0 : (double)in->sequences *
	    sa_census_widen_factor(c, bits, wider);
}

/* Whether P, a permutation of N, is one cycle through all N. */
static bool
one_cycle(const unsigned *p, size_t n)
{
	size_t len = 0, at = 0;

	do {
		at = p[at];
		len++;
	} while (at != 0 && len <= n);
	return len == n;
}

/*
 * Whether C reaches exactly the (N-1)! orderings that are single cycles
 * of its N cards, N at least 3 (at 2 the one cycle is a transposition,
 * which is no sign of a draw one short).
 */
static bool
only_cycles(const sa_census *c)
{
	const sa_census_info *in = sa_census_about(c);
	unsigned p[SA_PERM_MAX];
	sa_big t;
	bool only = in->n >= 3 && in->reached == sa_factorial(in->n - 1);

	sa_big_init(&t);
	for (uint64_t r = 0; r < in->orderings && only; r++) {
		bool zero = in->wide ? sa_census_count_big(c, r, &t) == SA_OK &&
		    sa_big_is_zero(&t) : sa_census_count(c, r) == 0;

		sa_perm_unrank(r, in->n, p);
		only = zero != one_cycle(p, in->n);
	}
	sa_big_free(&t);
	return only;
}

enum sa_census_reason
sa_census_reason(const sa_census *c)
{
	const sa_census_info *in = sa_census_about(c);

	if (in->fair)
		return in->orderings == 1 ? SA_REASON_ONE : SA_REASON_EVEN;
	if (!in->wide && in->runs == 1 && in->orderings > 1)
		return SA_REASON_SINGLE_RUN;
	if (only_cycles(c))
		return SA_REASON_CYCLES;
	return in->divides ? SA_REASON_UNEVEN : SA_REASON_INDIVISIBLE;
}

const char *
sa_census_reason_words(enum sa_census_reason r)
{
	switch (r) {
	case SA_REASON_ONE:
		return "one ordering";
	case SA_REASON_EVEN:
		return "even";
	case SA_REASON_SINGLE_RUN:
		return "a single run";
	case SA_REASON_CYCLES:
		return "only the cycles";
	case SA_REASON_INDIVISIBLE:
		return "indivisible";
	case SA_REASON_UNEVEN:
		return "uneven";
	}
	return "unknown";
}
