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

__extension__ typedef unsigned __int128 u128;

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

/*
 * The distance when every count fits in 64 bits, in one pass of 64-bit
 * sums.  With N = n! and R = runs, the orderings at or above the mean
 * (count N >= R) make the set A, the others B, and
 *
 *	sum |count N - R| = N (sum_A count - sum_B count) - R (|A| - |B|),
 *
 * where both sums of counts are at most R, so only the two products at
 * the end need big integers.
 */
void
sa_tvd_sums(const struct sa_census *c, uint64_t lo, uint64_t hi,
    uint64_t sums[4])
{
	uint64_t orderings = c->info.orderings, runs = c->info.runs;
	uint64_t above = 0, below = 0, na = 0, nb = 0;
	/* count N >= R: above the mean, or at it when it is whole. */
	uint64_t mean = runs / orderings;
	bool exact = runs % orderings == 0;

	for (uint64_t r = lo; r < hi; r++) {
		uint64_t k = sa_count_at(c, r);

		if (k > mean || (k == mean && exact)) {
			above += k;
			na++;
		} else {
			below += k;
			nb++;
		}
	}
	sums[0] = above;
	sums[1] = below;
	sums[2] = na;
	sums[3] = nb;
}

static int
tvd_narrow(const struct sa_census *c, sa_big *num)
{
	uint64_t orderings = c->info.orderings, runs = c->info.runs;
	uint64_t sums[4], above, below, na, nb;
	sa_big t;
	int status;

	if (c->shard != NULL)
		sa_shard_tvd(c, sums);
	else
		sa_tvd_sums(c, 0, orderings, sums);
	above = sums[0];
	below = sums[1];
	na = sums[2];
	nb = sums[3];
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

/* True when rank A comes before rank B by runs: more runs, or as many
 * and a lower rank. */
static bool
before(const sa_census *c, uint64_t a, uint64_t b)
{
	int k;

	if (c->big_tally != NULL)
		k = sa_big_cmp(&c->big_tally[a], &c->big_tally[b]);
	else
		k = sa_count_at(c, a) < sa_count_at(c, b) ? -1 :
		    sa_count_at(c, a) > sa_count_at(c, b);
	return k > 0 || (k == 0 && a < b);
}

/*
 * Restores the heap HEAP[0 .. LEN) below I, where every parent comes
 * after its children by runs, so the root is the last of them.
 */
static void
sift_down(const sa_census *c, uint64_t *heap, uint64_t len, uint64_t i)
{
	for (;;) {
		uint64_t l = 2 * i + 1, last = i, t;

		if (l < len && before(c, heap[last], heap[l]))
			last = l;
		if (l + 1 < len && before(c, heap[last], heap[l + 1]))
			last = l + 1;
		if (last == i)
			return;
		t = heap[i];
		heap[i] = heap[last];
		heap[last] = t;
		i = last;
	}
}

/* The widest range of counts the counting route takes: 128 MiB of tallies. */
#define TOP_RANGE (UINT64_C(1) << 24)

/*
 * The top K of a census whose counts span at most TOP_RANGE values, in
 * two passes and no comparisons: how many orderings have each count;
 * from the largest count down, where the rows of each count start; the
 * count T at which K rows are reached; then, in rank order (so ties stay
 * in rank order), each rank with more than T runs, or with T while
 * there is room, goes to its count's next row.  False when the range is
 * too wide or memory runs out, for the heap to do.
 */
static bool
top_by_counting(const sa_census *c, uint64_t lo, uint64_t hi, uint64_t k,
    uint64_t *ranks)
{
	const sa_census_info *in = &c->info;
	uint64_t range = in->max - in->min + 1, *at, t, room, sum = 0;

	if (in->wide || range == 0 || range > TOP_RANGE ||
	    (at = calloc(range, sizeof *at)) == NULL)
		return false;
	for (uint64_t r = lo; r < hi; r++)
		at[sa_count_at(c, r) - in->min]++;
	/* Each count's first row, the largest counts first. */
	for (t = range; t-- > 0;) {
		uint64_t here = at[t];

		at[t] = sum;
		sum += here;
		if (sum >= k)
			break;
	}
	room = k - at[t];	/* rows left for the orderings with T runs */
	for (uint64_t r = lo; r < hi; r++) {
		uint64_t v = sa_count_at(c, r) - in->min;

		if (v > t || (v == t && room > 0)) {
			ranks[at[v]++] = r;
			room -= v == t;
		}
	}
	free(at);
	return true;
}

int
sa_census_top_within(const sa_census *c, uint64_t lo, uint64_t hi,
    uint64_t k, uint64_t *ranks)
{
	if (k == 0 || k > hi - lo)
		return SA_EINVAL;
	if (top_by_counting(c, lo, hi, k, ranks))
		return SA_OK;
	/* The first K ranks as a heap whose root is the last of them... */
	for (uint64_t r = 0; r < k; r++)
		ranks[r] = lo + r;
	for (uint64_t i = k / 2; i-- > 0;)
		sift_down(c, ranks, k, i);
	/* ...a later rank that comes before the root replaces it... */
	for (uint64_t r = lo + k; r < hi; r++) {
		if (before(c, r, ranks[0])) {
			ranks[0] = r;
			sift_down(c, ranks, k, 0);
		}
	}
	/* ...and the heap sorted in place, the last to the end. */
	for (uint64_t len = k; len > 1; len--) {
		uint64_t t = ranks[0];

		ranks[0] = ranks[len - 1];
		ranks[len - 1] = t;
		sift_down(c, ranks, len - 1, 0);
	}
	return SA_OK;
}

int
sa_census_top(const sa_census *c, uint64_t k, uint64_t *ranks)
{
	if (k == 0 || k > c->info.orderings)
		return SA_EINVAL;
	if (c->shard != NULL)
		return sa_shard_top(c, k, ranks);
	return sa_census_top_within(c, 0, c->info.orderings, k, ranks);
}

uint64_t
sa_histogram_buckets(const sa_census *c, uint64_t *width)
{
	uint64_t lo = c->info.min, hi = c->info.max, buckets;

	buckets = hi - lo + 1 <= SA_HISTOGRAM_EXACT && hi - lo + 1 != 0 ?
	    hi - lo + 1 : SA_HISTOGRAM_BUCKETS;
	*width = (hi - lo) / buckets + 1;
	return buckets;
}

void
sa_histogram_count(const sa_census *c, uint64_t *hist)
{
	uint64_t lo = c->info.min, width, len = c->info.shard_hi -
	    c->info.shard_lo;

	(void)sa_histogram_buckets(c, &width);
	/* The table read directly, and 32-bit divisions where they do. */
	if (c->tally16 != NULL) {
		uint32_t l = (uint32_t)lo, w = (uint32_t)width;

		for (uint64_t k = 0; k < len; k++)
			hist[(c->tally16[k] - l) / w]++;
	} else if (c->tally32 != NULL && width <= UINT32_MAX) {
		uint32_t l = (uint32_t)lo, w = (uint32_t)width;

		for (uint64_t k = 0; k < len; k++)
			hist[(c->tally32[k] - l) / w]++;
	} else {
		for (uint64_t k = 0; k < len; k++)
			hist[(c->tally[k] - lo) / width]++;
	}
}

int
sa_census_histogram(const sa_census *c, sa_histogram *out)
{
	const sa_census_info *in = &c->info;
	uint64_t width, buckets, *hist;

	memset(out, 0, sizeof *out);
	if (in->wide)
		return SA_EOVERFLOW;
	if (c->shard != NULL)
		return sa_shard_histogram(c, out);
	buckets = sa_histogram_buckets(c, &width);
	if ((hist = calloc(buckets, sizeof *hist)) == NULL)
		return SA_ENOMEM;
	sa_histogram_count(c, hist);
	return sa_histogram_from(c, hist, out);
}

int
sa_histogram_from(const sa_census *c, uint64_t *hist, sa_histogram *out)
{
	uint64_t lo = c->info.min, hi = c->info.max, width, buckets;
	size_t used = 0;

	buckets = sa_histogram_buckets(c, &width);
	out->bucket = calloc(buckets, sizeof *out->bucket);
	if (out->bucket == NULL) {
		free(hist);
		return SA_ENOMEM;
	}
	for (uint64_t b = 0; b < buckets; b++) {
		uint64_t top = lo + (b + 1) * width - 1;

		if (hist[b] == 0)
			continue;
		out->bucket[used].from = lo + b * width;
		out->bucket[used].to = top < hi ? top : hi;
		out->bucket[used].orderings = hist[b];
		used++;
	}
	out->count = used;
	free(hist);
	return SA_OK;
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
	if (a->fair && b->fair) {
		*out = SA_BIAS_NONE;
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
	*out = cmp == 0 ? SA_BIAS_LOOP : cmp < 0 ? SA_BIAS_REDUCTION :
	    SA_BIAS_UNSETTLED;
	return SA_OK;
}

double
sa_census_widen_factor(const sa_census *c, unsigned bits, unsigned wider)
{
	const sa_census_info *in = sa_census_about(c);
	double runs = in->wide ? ldexp(1.0, 64) : (double)in->runs;

	if (bits == 0 || wider <= bits)
		return 1.0;
	return pow(runs, (double)(wider - bits) / (double)bits);
}
