/*
 * steps.c - the step engine.
 *
 * Every step is an involution on arrangements (a swap undoes itself), so
 * a step can be applied by pulling: the count of arrangement B after the
 * step is the sum, over the step's choices t, of the count of B t before
 * it.  Each output is written once, in rank order, so threads can share
 * a step by splitting the output ranks, with no locks, and the result is
 * the same for every number of threads.  Arrangements are visited in
 * rank order by "next permutation", which costs O(1) on average.
 *
 * Early steps reach few arrangements; pulling would read the whole table
 * to add mostly zeros, so while few counts are non-zero the engine
 * pushes instead, from each non-zero count to the arrangements it feeds.
 *
 * Counts are kept in 32 bits while they fit.  Every count of a partial
 * run is at most the largest final count: the remaining steps take the
 * arrangement A to A t for fixed t, so the final count of A t includes
 * all of A's.  The engine does not rely on that, though: it checks every
 * sum, and on the first that does not fit it starts again in 64 bits.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE	/* madvise(MADV_HUGEPAGE) */

#include <sys/mman.h>

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"
struct table {
	void *v;
	bool wide;		/* uint64_t entries, else uint32_t */
};

static inline uint64_t
get(const struct table *t, uint64_t r)
{
	return t->wide ? ((const uint64_t *)t->v)[r] :
	    ((const uint32_t *)t->v)[r];
}

/* Stores V at R; false when it does not fit. */
static inline bool
put(struct table *t, uint64_t r, uint64_t v)
{
	if (t->wide) {
		((uint64_t *)t->v)[r] = v;
		return true;
	}
	((uint32_t *)t->v)[r] = (uint32_t)v;
	return v <= UINT32_MAX;
}

static void
next_permutation(unsigned *p, size_t n)
{
	size_t i = n - 1, j = n - 1;

	if (n < 2)
		return;
	while (i > 0 && p[i - 1] > p[i])
		i--;
	if (i == 0)
		return;		/* the last one: the caller stops here */
	while (p[j] < p[i - 1])
		j--;
	{
		unsigned t = p[i - 1];

		p[i - 1] = p[j];
		p[j] = t;
	}
	for (size_t a = i, b = n - 1; a < b; a++, b--) {
		unsigned t = p[a];

		p[a] = p[b];
		p[b] = t;
	}
}

static inline uint64_t
rank_swapped(unsigned *p, size_t n, size_t a, size_t b)
{
	unsigned t = p[a];
	uint64_t r;

	p[a] = p[b];
	p[b] = t;
	r = sa_perm_rank(p, n);
	p[b] = p[a];
	p[a] = t;
	return r;
}

/* The count arrangement P (of rank R) has after step ST. */
static uint64_t
pull_one(const struct table *cur, unsigned *p, size_t n, uint64_t r,
    const sa_step *st)
{
	uint64_t sum = 0;

	/* Swap steps go by blocks (pull_blocks); these are the others. */
	switch (st->kind) {
	case SA_STEP_PICK:
		/* One share per card still to place; retries fold away. */
		sum = get(cur, r);
		for (size_t q = st->pos + 1; q < n; q++)
			sum += get(cur, rank_swapped(p, n, st->pos, q));
		break;
	case SA_STEP_SWAP2:
		/* (a, a) keeps the deck; (a, b) and (b, a) make one swap. */
		sum = get(cur, r) * st->count;
		for (size_t a = 0; a < n; a++)
			for (size_t b = a + 1; b < n; b++)
				sum += 2 * get(cur, rank_swapped(p, n, a, b));
		break;
	default:
		break;
	}
	return sum;
}

struct job {
	const struct table *cur;
	struct table *next;
	const sa_step *st;
	size_t n;
	uint64_t lo, hi;	/* the output ranks this job writes */
	uint64_t nonzero;	/* outputs that came out non-zero */
	bool overflow;
};

/*
 * A swap step exchanges position POS with positions J.  Arrangements
 * that share their first POS + 1 cards have consecutive ranks, a block
 * of (n - POS - 1)! of them, in the order of the rest.  Two things
 * follow, and they are what makes the pull fast:
 *
 * For J <= POS, the swap stays inside those first cards, so it maps a
 * whole block onto another block in the same order: the pull adds
 * blocks, a stream the memory serves far faster than scattered reads.
 *
 * For J > POS, the swap keeps the first POS cards, so the source lies in
 * the same, larger block of (n - POS)! arrangements that share them: its
 * rank is that block's start plus the rank of the last n - POS cards
 * among themselves, which costs n - POS steps, and the read is nearby.
 */
static uint64_t
block_size(const sa_step *st, size_t n)
{
	return st->kind == SA_STEP_SWAP ? sa_factorial(n - st->pos - 1) : 1;
}

/* The rank of SEG's M cards in the order of their own values. */
static uint64_t
local_rank(const unsigned *seg, size_t m)
{
	uint32_t left = 0;
	uint64_t r = 0;

	for (size_t i = 0; i < m; i++)
		left |= UINT32_C(1) << seg[i];
	for (size_t i = 0; i < m; i++) {
		uint32_t bit = UINT32_C(1) << seg[i];

		r = r * (m - i) + popcount32(left & (bit - 1));
		left &= ~bit;
	}
	return r;
}

/*
 * Sums of factorial weights over sets of positions, looked up five
 * positions at a time: part[k][m] is the sum of (n-1-i)! over the
 * positions i = 5k + j for the bits j set in m.
 */
struct weights {
	uint64_t part[4][32];
	uint64_t fact[SA_PERM_MAX];	/* (n-1-i)! for position i */
};

static void
weights_for(struct weights *w, size_t n)
{
	memset(w, 0, sizeof *w);
	for (size_t i = 0; i < n; i++)
		w->fact[i] = sa_factorial(n - 1 - i);
	for (size_t k = 0; k < 4; k++)
		for (unsigned m = 0; m < 32; m++)
			for (size_t j = 0; j < 5; j++)
				if (m >> j & 1 && 5 * k + j < n)
					w->part[k][m] += w->fact[5 * k + j];
}

static inline uint64_t
weigh(const struct weights *w, uint32_t set)
{
	return w->part[0][set & 31] + w->part[1][set >> 5 & 31] +
	    w->part[2][set >> 10 & 31] + w->part[3][set >> 15 & 31];
}

/*
 * The ranks of P (of rank R) with position POS swapped with each C in
 * [FIRST, POS).  A rank is the sum of the Lehmer digits d_i weighed by
 * (n-1-i)!, where d_i counts the cards after position i that are
 * smaller than p_i; it depends on nothing before i.  Swapping the cards
 * x at C and y at POS leaves the digits before C and after POS as they
 * were, and changes a digit between them by one exactly when its card
 * lies between x and y.  So each rank is R plus a difference worked out
 * over the positions C .. POS alone, with no full ranking.
 */
static void
prefix_ranks(const struct weights *w, const unsigned *p, size_t n,
    size_t pos, size_t first, uint64_t r, uint64_t *out)
{
	uint32_t after[SA_PERM_MAX], above[SA_PERM_MAX], rest;
	unsigned y = p[pos], at[SA_PERM_MAX];
	uint64_t fpos = w->fact[pos], over = 0;
	int64_t ypos, under;

	/* after[i]: the cards after position i. */
	after[n - 1] = 0;
	for (size_t i = n - 1; i > 0; i--)
		after[i - 1] = after[i] | UINT32_C(1) << p[i];
	rest = after[pos];
	/* above[v]: the positions holding cards greater than v. */
	for (size_t i = 0; i < n; i++)
		at[p[i]] = (unsigned)i;
	above[n - 1] = 0;
	for (size_t v = n - 1; v > 0; v--)
		above[v - 1] = above[v] | UINT32_C(1) << at[v];
	/* The digit of y at POS: the cards after it that are smaller. */
	ypos = count22(rest & ((UINT32_C(1) << y) - 1));
	/*
	 * Going down from POS - 1, UNDER counts the cards after C but for
	 * y that are below y, and OVER weighs those between C and POS that
	 * are above y.
	 */
	under = ypos;
	for (size_t c = pos; c-- > first;) {
		unsigned x = p[c];
		uint32_t between = ((UINT32_C(1) << pos) - 1) &
		    ~((UINT32_C(2) << c) - 1);
		int64_t dc, dpos;

		if (c + 1 < pos) {
			unsigned q = p[c + 1];

			under += q < y;
			over += q > y ? w->fact[c + 1] : 0;
		}
		/* At C: the digit of y there, less that of x. */
		dc = under + (x < y) - (int64_t)count22(after[c] &
		    ((UINT32_C(1) << x) - 1));
		/* At POS: x's digit there, less y's. */
		dpos = (int64_t)count22(rest & ((UINT32_C(1) << x) - 1)) - ypos;
		/*
		 * Between: one more for each card between x < y, one less
		 * for each between y < x, which is [card > x] - [card > y]
		 * either way, weighed position by position.
		 */
		out[c] = r + (uint64_t)(dc * (int64_t)w->fact[c]) +
		    weigh(w, above[x] & between) - over +
		    (uint64_t)(dpos * (int64_t)fpos);
	}
}

/* P's successor's block: the first arrangement after P's block. */
static void
next_block(unsigned *p, size_t n, size_t pos)
{
	/* The block's last arrangement has the rest in descending order. */
	for (size_t x = pos + 1, y = n - 1; x < y; x++, y--) {
		unsigned t = p[x];

		p[x] = p[y];
		p[y] = t;
	}
	next_permutation(p, n);
}

#if defined(__GNUC__)
#define PREFETCH(a) __builtin_prefetch(a)
#else
#define PREFETCH(a) ((void)(a))
#endif

static void
pull_blocks(struct job *j, uint64_t block)
{
	unsigned p[SA_PERM_MAX], pn[SA_PERM_MAX], q[SA_PERM_MAX];
	uint64_t from[SA_PERM_MAX], from_n[SA_PERM_MAX];
	const sa_step *st = j->st;
	size_t n = j->n, pos = st->pos, m = n - pos;
	size_t first = st->lo, last = st->lo + st->count;	/* [first, last) */
	size_t inner = last < pos + 1 ? last : pos + 1;	/* [first, inner) */
	size_t outer = first > pos + 1 ? first : pos + 1;	/* [outer, last) */
	/*
	 * Small blocks are read from far apart; the next block's sources
	 * are asked for while this one's are added, so that the reads
	 * overlap instead of waiting one after another.
	 */
	bool ahead = block <= 8;
	size_t width = j->cur->wide ? 8 : 4;
	struct weights w;

	weights_for(&w, n);

	sa_perm_unrank(j->lo, n, p);	/* the first block's first arrangement */
	if (first < pos)
		prefix_ranks(&w, p, n, pos, first, j->lo, from);
	from[pos] = j->lo;
	for (uint64_t b = j->lo; b < j->hi; b += block) {
		uint64_t base = 0;
		bool more = b + block < j->hi;

		if (ahead && more) {
			memcpy(pn, p, n * sizeof *pn);
			next_block(pn, n, pos);
			if (first < pos)
				prefix_ranks(&w, pn, n, pos, first, b + block, from_n);
			from_n[pos] = b + block;
			for (size_t c = first; c < inner; c++)
				PREFETCH((const char *)j->cur->v +
				    from_n[c] * width);
		}
		if (last > pos + 1) {
			/* Where the arrangements sharing the first POS cards start. */
			base = b - local_rank(p + pos, m);
			memcpy(q, p, n * sizeof *q);
		}
		for (uint64_t k = 0; k < block; k++) {
			uint64_t sum = 0;

			for (size_t c = first; c < inner; c++)
				sum += get(j->cur, from[c] + k);
			/* Past POS: the source by its rank among the rest. */
			for (size_t c = outer; c < last; c++) {
				unsigned t = q[pos];

				q[pos] = q[c];
				q[c] = t;
				sum += get(j->cur, base + local_rank(q + pos, m));
				q[c] = q[pos];
				q[pos] = t;
			}
			if (last > pos + 1)
				next_permutation(q + pos + 1, m - 1);
			if (!put(j->next, b + k, sum)) {
				j->overflow = true;
				return;
			}
			j->nonzero += sum != 0;
		}
		if (!more)
			break;
		if (ahead) {
			memcpy(p, pn, n * sizeof *p);
			memcpy(from, from_n, sizeof from);
		} else {
			next_block(p, n, pos);
			if (first < pos)
				prefix_ranks(&w, p, n, pos, first, b + block, from);
			from[pos] = b + block;
		}
	}
}

static void *
pull_range(void *arg)
{
	struct job *j = arg;
	unsigned p[SA_PERM_MAX];
	uint64_t block = block_size(j->st, j->n);

	if (j->st->kind == SA_STEP_SWAP) {
		pull_blocks(j, block);
		return NULL;
	}
	sa_perm_unrank(j->lo, j->n, p);
	for (uint64_t r = j->lo; r < j->hi; r++) {
		uint64_t v = pull_one(j->cur, p, j->n, r, j->st);

		if (!put(j->next, r, v)) {
			j->overflow = true;
			break;
		}
		j->nonzero += v != 0;
		next_permutation(p, j->n);
	}
	return NULL;
}

/*
 * The same step by pushing from each non-zero count; single-threaded.
 * NEXT must be all zeros.  CUR is left all zeros, ready to be the next
 * step's NEXT, which spares a pass over the table to clear it.
 */
/*
 * Which counts are non-zero while few are: a list of their ranks, so
 * that a push visits them without reading the whole table.  VALID is
 * false when the list has outgrown CAP (or could not be had); the push
 * then scans the table.
 */
struct sparse {
	uint64_t *at;
	uint64_t len, cap;
	bool valid;
};

/* Adds V at R, listing R in TO when it turns non-zero. */
static inline bool
push_one(struct table *t, uint64_t r, uint64_t v, struct sparse *to)
{
	uint64_t was = get(t, r);

	if (was == 0 && v != 0) {
		if (to->len < to->cap)
			to->at[to->len] = r;
		else
			to->valid = false;
		to->len++;
	}
	return put(t, r, was + v) && was + v >= was;
}

/* Pushes count C of arrangement P (rank R) over the step's choices. */
static bool
push_from(struct table *next, unsigned *p, size_t n, uint64_t r,
    uint64_t c, const sa_step *st, struct sparse *to)
{
	switch (st->kind) {
	case SA_STEP_SWAP:
		for (uint64_t j = 0; j < st->count; j++)
			if (!push_one(next, rank_swapped(p, n, st->pos,
			    st->lo + j), c, to))
				return false;
		break;
	case SA_STEP_PICK:
		for (size_t q = st->pos; q < n; q++)
			if (!push_one(next, rank_swapped(p, n, st->pos, q), c,
			    to))
				return false;
		break;
	case SA_STEP_SWAP2:
		if (!push_one(next, r, c * st->count, to))
			return false;
		for (size_t a = 0; a < n; a++)
			for (size_t b = a + 1; b < n; b++)
				if (!push_one(next, rank_swapped(p, n, a, b),
				    2 * c, to))
					return false;
		break;
	}
	return true;
}

/*
 * The same step by pushing from each non-zero count (those listed in
 * FROM, or all of the table when FROM is not valid) into NEXT, which
 * must be all zeros; single-threaded.  CUR is left all zeros, ready to
 * be the next step's NEXT, which spares a pass to clear it.  TO lists
 * the counts made non-zero; their number goes to *NONZERO.
 */
static bool
push_step(struct table *cur, struct table *next, uint64_t orderings,
    size_t n, const sa_step *st, const struct sparse *from,
    struct sparse *to, uint64_t *nonzero)
{
	unsigned p[SA_PERM_MAX];
	uint64_t len = from->valid ? from->len : orderings;

	to->len = 0;
	to->valid = to->at != NULL;
	for (uint64_t i = 0; i < len; i++) {
		uint64_t r = from->valid ? from->at[i] : i;
		uint64_t c = get(cur, r);

		if (c == 0)
			continue;
		put(cur, r, 0);
		sa_perm_unrank(r, n, p);
		if (!push_from(next, p, n, r, c, st, to))
			return false;
	}
	*nonzero = to->len;
	return true;
}

/*
 * One step, pulled over THREADS threads, in chunks so that progress can
 * be told between them.  False on a count too wide for the table.
 */
static bool
pull_step(const struct table *cur, struct table *next, uint64_t orderings,
    size_t n, const sa_step *st, unsigned threads, uint64_t *nonzero,
    const sa_census_opts *opts, double done, double share)
{
	enum { MAXT = 64 };
	struct job jobs[MAXT];
	uint64_t block = block_size(st, n);
	uint64_t chunk = UINT64_C(1) << 22, at = 0;

	/* Chunks of whole blocks. */
	if (chunk < block)
		chunk = block;
	chunk -= chunk % block;

	if (threads > MAXT)
		threads = MAXT;
	*nonzero = 0;
	while (at < orderings) {
		uint64_t span = orderings - at < chunk * threads ?
		    orderings - at : chunk * threads;

		for (unsigned k = 0; k < threads; k++) {
			jobs[k].cur = cur;
			jobs[k].next = next;
			jobs[k].st = st;
			jobs[k].n = n;
			/* Whole blocks to each thread. */
			jobs[k].lo = at + span / block * k / threads * block;
			jobs[k].hi = k + 1 == threads ? at + span :
			    at + span / block * (k + 1) / threads * block;
			jobs[k].nonzero = 0;
			jobs[k].overflow = false;
		}
		sa_parallel(pull_range, jobs, sizeof jobs[0], threads);
		for (unsigned k = 0; k < threads; k++) {
			if (jobs[k].overflow)
				return false;
			*nonzero += jobs[k].nonzero;
		}
		at += span;
		if (opts != NULL && opts->progress != NULL)
			opts->progress(opts->progress_ctx, done +
			    share * (double)at / (double)orderings);
	}
	return true;
}

struct zero_job {
	char *at;
	size_t len;
};

static void *
zero_range(void *arg)
{
	struct zero_job *z = arg;

	memset(z->at, 0, z->len);
	return NULL;
}

/*
 * Clears BYTES at V on THREADS threads.  The first write to each page
 * makes the kernel supply it, which is most of the cost, so it is worth
 * sharing out.
 */
static void
zero_parallel(void *v, size_t bytes, unsigned threads)
{
	enum { MAXT = 64 };
	struct zero_job jobs[MAXT];

	if (threads > MAXT)
		threads = MAXT;
	if (threads < 1)
		threads = 1;
	for (unsigned k = 0; k < threads; k++) {
		size_t lo = bytes / threads * k;
		size_t hi = k + 1 == threads ? bytes : bytes / threads * (k + 1);

		jobs[k].at = (char *)v + lo;
		jobs[k].len = hi - lo;
	}
	sa_parallel(zero_range, jobs, sizeof jobs[0], threads);
}

/*
 * A zeroed table of COUNT entries of WIDTH bytes, released by free().
 * Big tables are aligned to 2 MiB and offered to the kernel for huge
 * pages: the pulls read them all over, and with 4 KiB pages nearly every
 * far read would also miss the TLB.
 */
static void *
table_alloc(uint64_t count, size_t width, unsigned threads)
{
	const size_t huge = (size_t)2 << 20;
	size_t bytes;
	void *v = NULL;

	if (count > SIZE_MAX / width)
		return NULL;
	bytes = (size_t)count * width;
	if (bytes < 4 * huge)
		return calloc(count, width);
	if (posix_memalign(&v, huge, bytes) != 0)
		return NULL;
#ifdef MADV_HUGEPAGE
	(void)madvise(v, bytes, MADV_HUGEPAGE);
#endif
	zero_parallel(v, bytes, threads);
	return v;
}

static int
steps_with(const sa_shuffle *sh, size_t n, uint64_t orderings, bool wide,
    const sa_census_opts *opts, struct table *result)
{
	size_t steps = sh->steps(sh, n), width = wide ? 8 : 4;
	unsigned threads = opts && opts->threads ? opts->threads : sa_cores();
	struct table cur = { table_alloc(orderings, width, threads), wide };
	struct table next = { table_alloc(orderings, width, threads), wide };
	/*
	 * Pushes run while fewer than SPARSE counts are non-zero (the lists
	 * hold that many): a push is one thread writing at random, a pull
	 * every core reading the whole table.  Where that read is a stream
	 * of whole blocks (every swap within the first POS + 1 places) the
	 * pull pays from 1/256 of the table non-zero, else from 1/64:
	 * Durstenfeld's 12 cards took 8.6 s against 15 s with 1/256, the
	 * naive shuffle's 11 about 14 s against 17 s with 1/64 (in turns,
	 * on a busy machine).
	 */
	uint64_t sparse = orderings / 64, nonzero = 1;
	struct sparse from = { NULL, 0, sparse + 1, false };
	struct sparse to = { NULL, 0, sparse + 1, false }, swap;
	bool next_zero = true;
	int status = SA_OK;

	if (cur.v == NULL || next.v == NULL) {
		status = SA_ENOMEM;
		goto out;
	}
	/* Without the lists the pushes scan the table: slower, as exact. */
	from.at = malloc((size_t)from.cap * sizeof *from.at);
	to.at = malloc((size_t)to.cap * sizeof *to.at);
	if (from.at != NULL && to.at != NULL) {
		from.at[0] = 0;
		from.len = 1;
		from.valid = true;
	}
	put(&cur, 0, 1);	/* rank 0 is the starting deck */
	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		bool ok;
		struct table t;

		sh->step(sh, n, s, &st);
		/* Sparse: push.  Dense: pull, on every core. */
		if (nonzero < (st.kind == SA_STEP_SWAP && st.lo + st.count <=
		    st.pos + 1 ? orderings / 256 : sparse)) {
			if (!next_zero)
				memset(next.v, 0, orderings * width);
			ok = push_step(&cur, &next, orderings, n, &st, &from,
			    &to, &nonzero);
			next_zero = true;	/* CUR, about to be NEXT */
			swap = from;
			from = to;
			to = swap;
		} else {
			ok = pull_step(&cur, &next, orderings, n, &st, threads,
			    &nonzero, opts, (double)s / (double)steps,
			    1.0 / (double)steps);
			next_zero = false;
			from.valid = false;
		}
		if (!ok) {
			status = SA_EOVERFLOW;
			goto out;
		}
		t = cur;
		cur = next;
		next = t;
	}
	*result = cur;
	cur.v = NULL;
out:
	free(from.at);
	free(to.at);
	free(cur.v);
	free(next.v);
	return status;
}

int
sa_engine_steps(const sa_shuffle *sh, size_t n, uint64_t orderings,
    const sa_census_opts *opts, struct sa_census *out)
{
	struct table t;
	int status;

	/* 32 bits unless a count turns out not to fit; then 64. */
	status = steps_with(sh, n, orderings, false, opts, &t);
	if (status == SA_EOVERFLOW) {
		uint64_t limit = opts && opts->max_bytes ? opts->max_bytes :
		    sa_memory_available(NULL);

		if (limit != 0 && orderings > limit / 16)
			return SA_ETOOBIG;
		status = steps_with(sh, n, orderings, true, opts, &t);
	}
	if (status != SA_OK)
		return status;
	if (t.wide)
		out->tally = t.v;
	else
		out->tally32 = t.v;
	return SA_OK;
}

