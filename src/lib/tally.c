/*
 * tally.c - figures of a run of ranks of a census's own tally, read in
 * place: the summary, the distance's sums, the histogram's buckets, the
 * top by runs.
 * figures.c gives them for a whole census; shard.c for a rank's block,
 * which it adds up over the ranks.  Nothing here reads a count it does
 * not hold.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/*
 * One thread's share of a pass over the table: ranks LO to HI, and what
 * it found.  A pass over a million ranks or more is shared out over the
 * cores (at 12 cards each pass reads 479 million counts).
 */
enum { TALLY_JOBS = 64 };

/*
 * The passes go by blocks of BLOCK counts, whose loops have a length the
 * compiler knows, so that it makes them vector code; a part's last block
 * may be shorter.
 */
enum { BLOCK = 4096 };

struct tally_job {
	const struct sa_census *c;
	uint64_t lo, hi;
	uint64_t hist[SA_HISTOGRAM_EXACT];	/* the histogram's */
	struct sa_summary out;			/* the summary's */
};

/* Ranks LO to HI of C in consecutive parts, into JOB; how many. */
static unsigned
tally_split(const struct sa_census *c, uint64_t lo, uint64_t hi,
    struct tally_job *job)
{
	unsigned used = hi - lo < (UINT64_C(1) << 20) ? 1 :
	    sa_cores() < TALLY_JOBS ? sa_cores() : TALLY_JOBS;

	memset(job, 0, used * sizeof *job);
	for (unsigned k = 0; k < used; k++) {
		uint64_t off, size;

		job[k].c = c;
		sa_stretch(hi - lo, used, k, &off, &size);
		job[k].lo = lo + off;
		job[k].hi = job[k].lo + size;
	}
	return used;
}

/*
 * The passes over a block of LEN counts of one width, written for each
 * width (BLOCK_FNS) so that the compiler makes vector code of their
 * loops at the table's own width: sums of a block of 8- or 16-bit counts
 * in 32 bits (below 2^28), of 32-bit ones in 64.
 *
 * tvd_block adds the block's part of the distance's sums (figures.c)
 * when every count fits in 64 bits.  With N = n! and R = runs, the
 * orderings at or above the mean (count N >= R, count >= CUT) make the
 * set A, the others B, and
 *
 *	sum |count N - R| = N (sum_A count - sum_B count) - R (|A| - |B|),
 *
 * where both sums of counts are at most R, so only the two products at
 * the end need big integers.  SUMS: the counts in A, those in B, |A| and
 * |B|, the last three from all the counts and |A|.
 * hist_block adds each count to its bucket of width WIDTH from LO, in
 * four rows in turn (so that an increment need not wait for the one
 * before), the bucket by a multiply: with M = floor((2^32 - 1) / WIDTH),
 * d M / 2^32 is at most one below d / WIDTH, which one comparison puts
 * right.  A 32-bit table's width is below 2^32 (32 buckets).
 */
#define TVD_LOOP(T, ACC, LEN)						\
	for (size_t k = 0; k < (LEN); k++) {				\
		T m = (T)((T)0 - (T)(v[k] >= c)) & keep;		\
									\
		above += (ACC)(v[k] & m);				\
		na += (uint32_t)(m & 1);				\
		all += v[k];						\
	}
#define SUMMARY_LOOPS(LEN) {						\
	for (size_t k = 0; k < (LEN); k++) {				\
		hi = v[k] > hi ? v[k] : hi;				\
		lo = v[k] < lo ? v[k] : lo;				\
		nz += v[k] != 0;					\
	}								\
	for (size_t k = 0; k < (LEN); k++) {				\
		nhi += v[k] == hi;					\
		nlo += v[k] == lo;					\
	}								\
}
#define BLOCK_FNS(W, T, ACC, TMAX)					\
static void								\
tvd_block##W(const T *v, size_t len, uint64_t cut, uint64_t sums[4])	\
{									\
	/* Nothing reaches a cut past the width: KEEP clears the mask. */ \
	T c = cut > (TMAX) ? 0 : (T)cut, keep = cut > (TMAX) ? 0 : (TMAX); \
	ACC above = 0, all = 0;						\
	uint32_t na = 0;						\
									\
	if (len == BLOCK)						\
		TVD_LOOP(T, ACC, BLOCK)					\
	else								\
		TVD_LOOP(T, ACC, len)					\
	sums[0] += above;						\
	sums[1] += all - above;						\
	sums[2] += na;							\
	sums[3] += len - na;						\
}									\
									\
/*									\
 * Adds block V, whose first rank is RANK, to the summary INTO, and its	\
 * distance's sums by CUT, read again while the block is in cache.	\
 */									\
static void								\
summary_block##W(const T *v, size_t len, uint64_t rank, uint64_t cut,	\
    struct sa_summary *into)						\
{									\
	T hi = 0, lo = (TMAX);						\
	uint32_t nz = 0, nhi = 0, nlo = 0;				\
	size_t ihi = 0, ilo = 0;					\
	struct sa_summary b = { .count = 0 };				\
									\
	if (len == BLOCK)						\
		SUMMARY_LOOPS(BLOCK)					\
	else								\
		SUMMARY_LOOPS(len)					\
	/* Where, only when the block's is the first such so far. */	\
	while (into->count == 0 || hi > into->max ? v[ihi] != hi : 0)	\
		ihi++;							\
	while (into->count == 0 || lo < into->min ? v[ilo] != lo : 0)	\
		ilo++;							\
	tvd_block##W(v, len, cut, b.sums);				\
	b.count = len;							\
	b.reached = nz;							\
	b.max = hi;							\
	b.min = lo;							\
	b.nmax = nhi;							\
	b.nmin = nlo;							\
	b.argmax = rank + ihi;						\
	b.argmin = rank + ilo;						\
	sa_summary_add(into, &b);					\
}
#define HIST_FN(W, T)							\
static void								\
hist_block##W(const T *v, size_t len, uint64_t rank, uint64_t lo,	\
    uint64_t width, uint64_t (*h)[SA_HISTOGRAM_EXACT])			\
{									\
	uint32_t l = (uint32_t)lo, w = (uint32_t)width;			\
	uint32_t m = UINT32_MAX / w;					\
									\
	(void)rank;							\
	for (size_t k = 0; k < len; k++) {				\
		uint32_t d = (uint32_t)(v[k] - l);			\
		uint32_t q = (uint32_t)((uint64_t)d * m >> 32);		\
									\
		q += (uint64_t)(q + 1) * w <= d;			\
		h[k & 3][q]++;						\
	}								\
}
BLOCK_FNS(8, uint8_t, uint32_t, UINT8_MAX)
BLOCK_FNS(16, uint16_t, uint32_t, UINT16_MAX)
BLOCK_FNS(32, uint32_t, uint64_t, UINT32_MAX)
BLOCK_FNS(64, uint64_t, uint64_t, UINT64_MAX)
HIST_FN(8, uint8_t)
HIST_FN(16, uint16_t)
HIST_FN(32, uint32_t)
#undef BLOCK_FNS
#undef HIST_FN
#undef TVD_LOOP
#undef SUMMARY_LOOPS

/* 64-bit counts: the bucket by a division. */
static void
hist_block64(const uint64_t *v, size_t len, uint64_t rank, uint64_t lo,
    uint64_t width, uint64_t (*h)[SA_HISTOGRAM_EXACT])
{
	(void)rank;
	for (size_t k = 0; k < len; k++)
		h[k & 3][(v[k] - lo) / width]++;
}

void
sa_over_block(const struct sa_census *c, uint64_t r, size_t len,
    uint64_t *out)
{
	for (size_t i = 0; i < len; i++)
		out[i] = c->tally16[r + i];
	for (size_t k = sa_over_from(c, r); k < c->overs &&
	    c->over[k].at < r + len; k++)
		out[c->over[k].at - r] = c->over[k].v;
}

/*
 * Each block of a part's counts: table T (8, 16, 32 or 64 bits), FN's
 * version for it called as FN##W(counts, len, ...).
 */
#define BY_BLOCKS(j, FN, ...) do {					\
	const struct sa_census *c_ = (j)->c;				\
	uint64_t base_ = c_->info.shard_lo;				\
									\
	for (uint64_t i_ = (j)->lo; i_ < (j)->hi; i_ += BLOCK) {	\
		size_t len_ = (j)->hi - i_ < BLOCK ?			\
		    (size_t)((j)->hi - i_) : BLOCK;			\
									\
		if (c_->tally8 != NULL)					\
			FN##8(c_->tally8 + (i_ - base_), len_, i_,	\
			    __VA_ARGS__);				\
		else if (c_->tally16 != NULL && c_->overs != 0) {	\
			uint64_t w_[BLOCK];				\
									\
			sa_over_block(c_, i_ - base_, len_, w_);	\
			FN##64(w_, len_, i_, __VA_ARGS__);		\
		} else if (c_->tally16 != NULL)				\
			FN##16(c_->tally16 + (i_ - base_), len_, i_,	\
			    __VA_ARGS__);				\
		else if (c_->tally32 != NULL)				\
			FN##32(c_->tally32 + (i_ - base_), len_, i_,	\
			    __VA_ARGS__);				\
		else							\
			FN##64(c_->tally + (i_ - base_), len_, i_,	\
			    __VA_ARGS__);				\
	}								\
} while (0)


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

uint64_t
sa_histogram_buckets(const sa_census *c, uint64_t *width)
{
	uint64_t lo = c->info.min, hi = c->info.max, buckets;

	buckets = hi - lo + 1 <= SA_HISTOGRAM_EXACT && hi - lo + 1 != 0 ?
	    hi - lo + 1 : SA_HISTOGRAM_BUCKETS;
	*width = (hi - lo) / buckets + 1;
	return buckets;
}

/* A part's histogram (hist_block), its four rows added up. */
static void *
histogram_part(void *arg)
{
	struct tally_job *j = arg;
	uint64_t h[4][SA_HISTOGRAM_EXACT], width;

	memset(h, 0, sizeof h);
	(void)sa_histogram_buckets(j->c, &width);
	BY_BLOCKS(j, hist_block, j->c->info.min, width, h);
	for (size_t r = 0; r < 4; r++)
		for (size_t b = 0; b < SA_HISTOGRAM_EXACT; b++)
			j->hist[b] += h[r][b];
	return NULL;
}

void
sa_histogram_count(const sa_census *c, uint64_t *hist)
{
	struct tally_job job[TALLY_JOBS];
	uint64_t width, buckets = sa_histogram_buckets(c, &width);
	unsigned used = tally_split(c, c->info.shard_lo, c->info.shard_hi,
	    job);

	sa_parallel(histogram_part, job, sizeof job[0], used);
	for (unsigned k = 0; k < used; k++)
		for (uint64_t b = 0; b < buckets; b++)
			hist[b] += job[k].hist[b];
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

/*
 * The summary from a tally of 8-, 16-, 32- or 64-bit counts, in a pass that
 * reads the table directly (at 12 cards it is 479 million counts), block
 * by block (summary_block), in rank order: the first commonest and the
 * first rarest are the lowest-ranked.
 */
static void *
summarize_part(void *arg)
{
	struct tally_job *s = arg;
	uint64_t runs = s->c->info.runs, orderings = s->c->info.orderings;
	/* At or above the mean: above it, or at it when it is whole. */
	uint64_t cut = runs / orderings + (runs % orderings != 0);

	memset(&s->out, 0, sizeof s->out);
	BY_BLOCKS(s, summary_block, cut, &s->out);
	return NULL;
}

void
sa_summary_add(struct sa_summary *into, const struct sa_summary *from)
{
	if (from->count == 0)
		return;
	if (into->count == 0) {
		*into = *from;
		return;
	}
	for (size_t i = 0; i < 4; i++)
		into->sums[i] += from->sums[i];
	into->count += from->count;
	into->reached += from->reached;
	if (from->max > into->max) {
		into->max = from->max;
		into->nmax = from->nmax;
		into->argmax = from->argmax;
	} else if (from->max == into->max) {
		into->nmax += from->nmax;
	}
	if (from->min < into->min) {
		into->min = from->min;
		into->nmin = from->nmin;
		into->argmin = from->argmin;
	} else if (from->min == into->min) {
		into->nmin += from->nmin;
	}
}

int
sa_summary_set(struct sa_census *c, const struct sa_summary *all)
{
	sa_census_info *in = &c->info;

	in->reached = all->reached;
	in->max = all->max;
	in->min = all->min;
	in->nmax = all->nmax;
	in->nmin = all->nmin;
	in->argmax = all->argmax;
	in->argmin = all->argmin;
	memcpy(c->sums, all->sums, sizeof c->sums);
	in->divides = in->runs % in->orderings == 0;
	/* Equal counts summing to runs are runs / n! each. */
	in->fair = all->min == all->max;
	return sa_big_set_u64(&c->big_runs, in->runs) == SA_OK &&
	    sa_big_set_u64(&c->big_max, all->max) == SA_OK &&
	    sa_big_set_u64(&c->big_min, all->min) == SA_OK ? SA_OK : SA_ENOMEM;
}

/*
 * The parts are added in rank order, so the first commonest and first
 * rarest orderings are the lowest-ranked, as in one pass.
 */
void
sa_summary_of(const struct sa_census *c, uint64_t lo, uint64_t hi,
    struct sa_summary *out)
{
	struct tally_job part[TALLY_JOBS];
	unsigned threads = tally_split(c, lo, hi, part);

	sa_parallel(summarize_part, part, sizeof part[0], threads);
	memset(out, 0, sizeof *out);
	for (unsigned k = 0; k < threads; k++)
		sa_summary_add(out, &part[k].out);
}

void
sa_tally_lowest(uint64_t *tally, uint64_t orderings, uint64_t *weight,
    bool weighted)
{
	uint64_t g = *weight;

	if (!weighted)
		return;
	for (uint64_t r = 0; r < orderings && g > 1; r++)
		if (tally[r] != 0)
			g = sa_gcd(g, tally[r]);
	if (g <= 1)
		return;
	for (uint64_t r = 0; r < orderings; r++)
		tally[r] /= g;
	*weight /= g;
}

int
sa_cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}
