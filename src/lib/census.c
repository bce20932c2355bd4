/*
 * census.c - count every run a shuffle can take, exactly.
 *
 * Two engines produce the same tally:
 *
 * The step engine is a dynamic program over arrangements.  After each
 * step it holds, for every arrangement of the deck, how many partial runs
 * lead there; a step spreads each count over the step's choices.  That is
 * about steps * n! * choices work instead of one pass per run.  It needs
 * the shuffle's step form.
 *
 * The replay engine needs nothing but the program.  It treats the draws
 * of a run as an odometer whose digits have the bounds the program asked
 * for: it runs the program, answering recorded draws from the odometer
 * and any new draw with 0 (recording its bound), tallies the result, then
 * advances the last digit that can still move and drops the digits after
 * it.  Since a deterministic program asks the same bounds for the same
 * earlier answers, this visits every sequence of draws exactly once, in
 * lexicographic order, however the bounds depend on earlier draws.
 *
 * No count can overflow: each is at most the number of runs, which is
 * checked to fit in 64 bits before (step engine) or while (replay
 * engine) counting.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE	/* madvise(MADV_HUGEPAGE) */

#include <sys/mman.h>

#include <pthread.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "shuffle_audit.h"
#include "internal.h"

unsigned
sa_cores(void)
{
	long k = sysconf(_SC_NPROCESSORS_ONLN);

	return k > 0 ? (unsigned)k : 1;
}

uint64_t
sa_physical_memory(void)
{
	long pages = sysconf(_SC_PHYS_PAGES);
	long size = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || size <= 0)
		return 0;
	if ((uint64_t)pages > UINT64_MAX / (uint64_t)size)
		return UINT64_MAX;
	return (uint64_t)pages * (uint64_t)size;
}

void
sa_parallel(void *(*fn)(void *), void *jobs, size_t size, unsigned count)
{
	enum { MAXT = 64 };
	pthread_t tid[MAXT];
	unsigned started = 0;
	char *at = jobs;

	if (count > MAXT)
		count = MAXT;
	for (unsigned k = 1; k < count; k++) {
		if (pthread_create(&tid[k], NULL, fn, at + k * size) != 0)
			break;
		started = k;
	}
	if (count > 0)
		fn(at);
	for (unsigned k = 1; k <= started; k++)
		pthread_join(tid[k], NULL);
	/* Jobs whose thread could not start are done here. */
	for (unsigned k = started + 1; k < count; k++)
		fn(at + k * size);
}

/* Runs of the step form: the product of the step totals. */
static int
step_runs(const sa_shuffle *sh, size_t n, uint64_t *runs)
{
	size_t steps = sh->steps(sh, n);
	uint64_t total = 1;

	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		uint64_t t;

		sh->step(sh, n, s, &st);
		if (st.count == 0)
			return SA_EBOUND;
		if (st.pos >= n || (st.kind == SA_STEP_SWAP &&
		    (st.lo >= n || st.count > n - st.lo)) ||
		    (st.kind != SA_STEP_SWAP && st.count != n))
			return SA_EINVAL;
		t = sa_step_total(&st, n);
		if (t == 0)
			return SA_EBOUND;
		if (total > UINT64_MAX / t)
			return SA_EOVERFLOW;
		total *= t;
	}
	*runs = total;
	return SA_OK;
}

int
sa_census_plan_for(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, sa_census_plan *plan)
{
	sa_census_opts dflt;
	sa_reduce red;
	bool has_steps;
	uint64_t words;

	memset(&dflt, 0, sizeof dflt);
	if (opts == NULL)
		opts = &dflt;
	memset(plan, 0, sizeof *plan);
	plan->n = n;
	plan->max_bytes = opts->max_bytes;
	plan->max_what = "the limit asked for";
	if (plan->max_bytes == 0)
		plan->max_bytes = sa_memory_available(&plan->max_what);
	if (plan->max_bytes == 0)
		plan->max_bytes = UINT64_MAX;
	if (sh == NULL || sh->run == NULL || n == 0 ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;

	/* The reduction the run will use: the caller's, or the shuffle's own. */
	red = opts->reduce;
	if (red.method == SA_REDUCE_NONE)
		sa_shuffle_reduce(sh, &red);
	has_steps = sh->steps != NULL && sh->step != NULL;
	switch (opts->engine) {
	case SA_ENGINE_AUTO:
		plan->engine = has_steps ? SA_ENGINE_STEPS : SA_ENGINE_REPLAY;
		break;
	case SA_ENGINE_STEPS:
		if (!has_steps)
			return SA_EINVAL;
		plan->engine = SA_ENGINE_STEPS;
		break;
	case SA_ENGINE_REPLAY:
		plan->engine = SA_ENGINE_REPLAY;
		break;
	case SA_ENGINE_WALK:
		/* Its own tally per thread; no reduction. */
		if (!has_steps || red.method != SA_REDUCE_NONE)
			return SA_EINVAL;
		plan->engine = SA_ENGINE_WALK;
		break;
	default:
		return SA_EINVAL;
	}

	plan->orderings = sa_factorial(n);
	if (plan->orderings == 0)
		return SA_EOVERFLOW;

	/*
	 * Bytes per ordering: the step engine keeps two tables of 32-bit
	 * counts (twice that if they overflow, checked again then); the
	 * replay engine one of 64-bit counts; the walk one of 64-bit counts
	 * per thread.  Exact big counts (a reduction) take a 24-byte header
	 * and a malloc'd block of 32-bit limbs each: room for the largest
	 * count, the product of 2^B over a run's draws, with malloc's 8
	 * bytes of overhead, rounded to its 16-byte granule, 32 at least.
	 */
	words = 8;
	if (red.method != SA_REDUCE_NONE) {
		uint64_t draws = n, limbs, block;

		if (plan->engine == SA_ENGINE_STEPS) {
			size_t steps = sh->steps(sh, n);

			draws = 0;
			for (size_t s = 0; s < steps; s++) {
				sa_step st = { 0, 0, 0, SA_STEP_SWAP };

				sh->step(sh, n, s, &st);
				draws += st.kind == SA_STEP_SWAP2 ? 2 : 1;
			}
		}
		limbs = (draws * red.bits + 31) / 32;
		block = (limbs * 4 + 8 + 15) / 16 * 16;
		if (block < 32)
			block = 32;
		words = (sizeof(sa_big) + block) *
		    (plan->engine == SA_ENGINE_STEPS ? 2 : 1);
	}
	if (plan->orderings > UINT64_MAX / words) {
		plan->bytes = UINT64_MAX;
		return SA_ETOOBIG;
	}
	if (plan->engine == SA_ENGINE_WALK) {
		/* A table of 64-bit counts for each thread. */
		unsigned threads = opts->threads ? opts->threads : sa_cores();

		words = 8 * (uint64_t)threads;
		if (plan->orderings > UINT64_MAX / words) {
			plan->bytes = UINT64_MAX;
			return SA_ETOOBIG;
		}
	}
	plan->bytes = plan->orderings * words;
	if (plan->engine == SA_ENGINE_REPLAY) {
		size_t draws = opts->max_draws ? opts->max_draws :
		    SA_CENSUS_MAX_DRAWS;

		plan->bytes += (uint64_t)draws * 2 * sizeof(uint64_t);
	}
	if (plan->bytes > UINT64_MAX - opts->extra_bytes) {
		plan->bytes = UINT64_MAX;
		return SA_ETOOBIG;
	}
	plan->bytes += opts->extra_bytes;
	if (plan->bytes > plan->max_bytes || plan->bytes > SIZE_MAX)
		return SA_ETOOBIG;

	if (plan->engine == SA_ENGINE_STEPS || plan->engine == SA_ENGINE_WALK)
		return step_runs(sh, n, &plan->runs);
	return SA_OK;
}

/*
 * The step engine.
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

static int
census_steps(const sa_shuffle *sh, size_t n, uint64_t orderings,
    const sa_census_opts *opts, sa_census *out)
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

/* The odometer oracle of the replay engine. */
struct replay {
	sa_oracle base;		/* first, so a pointer to it is one to us */
	uint64_t *val;		/* the draw sequence being replayed */
	uint64_t *bound;	/* the bound each of those draws was asked */
	size_t len;		/* draws recorded */
	size_t pos;		/* draws made so far in this run */
	size_t cap;		/* most draws a run may make */
	bool strict;		/* a second run: every draw must be recorded */
	sa_replay_window *window;	/* where a watcher sees POS; or NULL */
	int err;
	jmp_buf abort;		/* where a broken run is abandoned */
};

/*
 * A draw that breaks the contract does not return: it jumps out of the
 * shuffle, which may be looping on the answer it would have been given.
 */
static void
replay_fail(struct replay *r, int err)
{
	r->err = err;
	longjmp(r->abort, 1);
}

static void
replay_abandon(sa_oracle *o, int err)
{
	replay_fail((struct replay *)o, err == SA_OK ? SA_EPROTO : err);
}

static uint64_t
replay_draw(sa_oracle *o, uint64_t bound)
{
	struct replay *r = (struct replay *)o;

	if (r->window != NULL)
		r->window->pos = r->pos + 1;
	if (r->pos < r->len) {
		if (r->bound[r->pos] != bound)
			replay_fail(r, bound == 0 || bound > SA_DRAW_MAX ?
			    SA_EBOUND : SA_ENONDET);
		return r->val[r->pos++];
	}
	if (r->strict)
		replay_fail(r, SA_ENONDET);	/* more draws than the first time */
	if (r->pos == r->cap)
		replay_fail(r, SA_EDRAWS);
	/* Recorded before it is judged, so the report can show it. */
	r->bound[r->pos] = bound;
	r->val[r->pos] = 0;
	if (bound == 0 || bound > SA_DRAW_MAX)
		replay_fail(r, SA_EBOUND);
	r->len = ++r->pos;
	return 0;
}

/* A raw word of BITS bits is a draw below 2^BITS. */
static uint64_t
replay_raw(sa_oracle *o, unsigned bits)
{
	struct replay *r = (struct replay *)o;

	if (bits < 1 || bits > 32) {
		if (r->window != NULL)
			r->window->pos = r->pos;
		replay_fail(r, SA_EBOUND);
	}
	return replay_draw(o, UINT64_C(1) << bits);
}

/*
 * The deck a replayed run is given sits between two guards of GUARD
 * entries each, filled with a value no card has.  A run that writes
 * just before or just past its deck (deck[n], deck[-1]) changes one, and
 * is caught however fair the deck it leaves looks.
 */
#define GUARD 16
#define GUARD_VALUE 0xA5A5A5A5u

static bool
guards_intact(const unsigned *deck, size_t n)
{
	for (size_t i = 1; i <= GUARD; i++)
		if (deck[-(ptrdiff_t)i] != GUARD_VALUE ||
		    deck[n - 1 + i] != GUARD_VALUE)
			return false;
	return true;
}

/* One run from the starting deck; the status of the run. */
static int
replay_once(const sa_shuffle *sh, unsigned *deck, size_t n, struct replay *r)
{
	for (size_t i = 1; i <= GUARD; i++)
		deck[-(ptrdiff_t)i] = deck[n - 1 + i] = GUARD_VALUE;
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	r->pos = 0;
	r->err = SA_OK;
	if (r->window != NULL) {
		r->window->pos = 0;
		if (!r->strict)
			r->window->runs++;	/* a second run is the same run */
	}
	if (setjmp(r->abort) == 0)
		sh->run(sh, deck, n, &r->base);
	if (!guards_intact(deck, n))
		r->err = SA_EOVERRUN;	/* before anything else it did */
	else if (r->err == SA_OK && r->pos < r->len)
		r->err = SA_ENONDET;	/* stopped short of the replay */
	return r->err;
}

/*
 * sa_walk with the audit options: TWICE runs each sequence again and
 * compares; WINDOW holds the odometer (and sets the cap) when given.
 */
static int
walk_replay(const sa_shuffle *sh, size_t n, size_t max_draws, bool twice,
    sa_replay_window *window, unsigned word_bits, sa_visit_fn *visit,
    void *ctx)
{
	struct replay r;
	unsigned *deck = NULL, *again = NULL, *deck_mem, *again_mem;
	int status = SA_OK;

	if (sh == NULL || sh->run == NULL || visit == NULL)
		return SA_EINVAL;
	if (max_draws == 0)
		max_draws = SA_CENSUS_MAX_DRAWS;
	memset(&r, 0, sizeof r);
	r.base.draw = replay_draw;
	r.base.raw = replay_raw;
	r.base.fail = replay_abandon;
	r.base.word_bits = word_bits;
	r.cap = max_draws;
	r.window = window;
	if (window != NULL) {
		r.val = window->val;
		r.bound = window->bound;
		if (window->cap < r.cap)
			r.cap = window->cap;
	} else {
		r.val = malloc(max_draws * sizeof *r.val);
		r.bound = malloc(max_draws * sizeof *r.bound);
	}
	deck_mem = malloc((n + 2 * GUARD) * sizeof *deck_mem);
	again_mem = malloc((n + 2 * GUARD) * sizeof *again_mem);
	if (deck_mem != NULL)
		deck = deck_mem + GUARD;
	if (again_mem != NULL)
		again = again_mem + GUARD;
	if (r.val == NULL || r.bound == NULL || deck == NULL || again == NULL) {
		status = SA_ENOMEM;
		goto out;
	}
	for (;;) {
		size_t k;

		status = replay_once(sh, deck, n, &r);
		if (status != SA_OK)
			break;
		if (!sa_perm_check(deck, n)) {
			status = SA_ENOTPERM;
			break;
		}
		if (twice) {
			/* The same draws again must give the same deck. */
			r.strict = true;
			status = replay_once(sh, again, n, &r);
			r.strict = false;
			if (status == SA_OK && memcmp(deck, again,
			    n * sizeof *deck) != 0)
				status = SA_ENONDET;
			if (status != SA_OK) {
				if (status == SA_ENONDET && window != NULL)
					window->pos = r.len;
				break;
			}
		}
		status = visit(ctx, deck, n, r.val, r.bound, r.len);
		if (status != SA_OK)
			break;

		/* Advance the odometer: the last digit that can still move. */
		for (k = r.len; k > 0 && r.val[k - 1] + 1 == r.bound[k - 1]; k--)
			;
		if (k == 0)
			break;
		r.val[k - 1]++;
		r.len = k;
	}
out:
	if (window == NULL) {
		free(r.val);
		free(r.bound);
	}
	free(deck_mem);
	free(again_mem);
	return status;
}

int
sa_walk(const sa_shuffle *sh, size_t n, size_t max_draws, sa_visit_fn *visit,
    void *ctx)
{
	return walk_replay(sh, n, max_draws, false, NULL, 0, visit, ctx);
}

/*
 * The replay tally.  A run whose draws had bounds k1, k2, ... has
 * probability 1 / (k1 k2 ...).  Runs of different lengths differ in
 * probability, so each run adds WEIGHT / (k1 k2 ...) to its ordering,
 * where WEIGHT is a common multiple of every run's denominator seen so
 * far; when a run's denominator does not divide it, WEIGHT grows to the
 * least common multiple and the counts so far are scaled up to match.
 * At the end the counts add up to WEIGHT exactly.  When every run has
 * the same denominator, WEIGHT is that denominator, the number of runs,
 * and every run adds 1.
 */
struct tally_ctx {
	uint64_t *tally;
	uint64_t orderings;
	uint64_t weight;	/* 0 until the first run */
	uint64_t first;		/* the first run's denominator */
	uint64_t sequences;
	bool weighted;
};

static uint64_t
gcd64(uint64_t a, uint64_t b)
{
	while (b != 0) {
		uint64_t t = a % b;

		a = b;
		b = t;
	}
	return a;
}

static int
tally_run(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct tally_ctx *t = ctx;
	uint64_t denom = 1;

	(void)draws;
	for (size_t k = 0; k < ndraws; k++) {
		if (denom > UINT64_MAX / bounds[k])
			return SA_EOVERFLOW;
		denom *= bounds[k];
	}
	if (t->weight == 0)
		t->weight = t->first = denom;
	if (t->weight % denom != 0) {
		uint64_t scale = denom / gcd64(t->weight, denom);

		if (t->weight > UINT64_MAX / scale)
			return SA_EOVERFLOW;
		t->weight *= scale;
		for (uint64_t r = 0; r < t->orderings; r++)
			t->tally[r] *= scale;
	}
	if (denom != t->first)
		t->weighted = true;
	if (t->sequences == UINT64_MAX)
		return SA_EOVERFLOW;
	t->sequences++;
	t->tally[sa_perm_rank(deck, n)] += t->weight / denom;
	return SA_OK;
}

static int
census_replay(const sa_shuffle *sh, size_t n, uint64_t orderings,
    size_t max_draws, const sa_census_opts *opts, sa_census *out)
{
	struct tally_ctx t = { NULL, orderings, 0, 0, 0, false };
	int status;

	t.tally = calloc(orderings, sizeof *t.tally);
	if (t.tally == NULL)
		return SA_ENOMEM;
	status = walk_replay(sh, n, max_draws, opts && opts->twice,
	    opts ? opts->window : NULL, opts ? opts->raw_bits : 0, tally_run,
	    &t);
	if (status != SA_OK) {
		free(t.tally);
		return status;
	}
	out->runs = t.weight;
	out->sequences = t.sequences;
	out->weighted = t.weighted;
	out->tally = t.tally;
	return SA_OK;
}

/*
 * Fills in the summary figures from the tally, in one pass that reads
 * the table directly: at 12 cards it is 479 million counts.
 */
#define SUMMARIZE(T)							\
	for (uint64_t r = 0; r < c->orderings; r++) {			\
		uint64_t t = (T)[r];					\
									\
		reached += t != 0;					\
		if (t >= max) {						\
			if (t > max) {					\
				max = t;				\
				nmax = 0;				\
				argmax = r;				\
			}						\
			nmax++;						\
		}							\
		if (t <= min) {						\
			if (t < min) {					\
				min = t;				\
				nmin = 0;				\
				argmin = r;				\
			}						\
			nmin++;						\
		}							\
	}

static void
summarize(sa_census *c)
{
	uint64_t reached = 0, max = 0, min = UINT64_MAX;
	uint64_t nmax = 0, nmin = 0, argmax = 0, argmin = 0;

	if (c->tally32 != NULL)
		SUMMARIZE(c->tally32)
	else
		SUMMARIZE(c->tally)
	c->reached = reached;
	c->max = max;
	c->min = min;
	c->nmax = nmax;
	c->nmin = nmin;
	c->argmax = argmax;
	c->argmin = argmin;
	/* Equal counts summing to runs are runs / n! each. */
	c->fair = c->min == c->max;
}
#undef SUMMARIZE

static bool
has_pick(const sa_shuffle *sh, size_t n)
{
	size_t steps = sh->steps(sh, n);

	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		if (st.kind == SA_STEP_PICK)
			return true;
	}
	return false;
}

int
sa_census_run(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    sa_census *out)
{
	sa_census_plan plan;
	sa_census_opts own;
	int status;

	memset(out, 0, sizeof *out);
	status = sa_census_plan_for(sh, n, opts, &plan);
	if (status != SA_OK)
		return status;

	memset(&own, 0, sizeof own);
	if (opts != NULL)
		own = *opts;
	if (own.reduce.method == SA_REDUCE_NONE)
		sa_shuffle_reduce(sh, &own.reduce);
	if (own.reduce.method != SA_REDUCE_NONE) {
		if (plan.engine == SA_ENGINE_WALK)
			return SA_EINVAL;	/* it counts plain draws */
		out->orderings = plan.orderings;
		status = sa_census_reduced(sh, n, &own, &plan, out);
		if (status != SA_OK) {
			sa_census_free(out);
			memset(out, 0, sizeof *out);
			return status;
		}
		out->shuffle = sh;
		out->n = n;
		out->engine = plan.engine;
		return SA_OK;
	}
	if (plan.engine == SA_ENGINE_STEPS) {
		status = census_steps(sh, n, plan.orderings, opts, out);
		out->runs = out->sequences = plan.runs;
		out->renormalised = has_pick(sh, n);
	} else if (plan.engine == SA_ENGINE_WALK) {
		status = sa_census_walk(sh, n, plan.orderings, own.threads ?
		    own.threads : sa_cores(), opts, &out->tally);
		out->runs = out->sequences = plan.runs;
		out->renormalised = has_pick(sh, n);
	} else {
		size_t draws = opts && opts->max_draws ? opts->max_draws :
		    SA_CENSUS_MAX_DRAWS;

		status = census_replay(sh, n, plan.orderings, draws, opts, out);
	}
	if (status != SA_OK) {
		memset(out, 0, sizeof *out);
		return status;
	}
	out->shuffle = sh;
	out->n = n;
	out->orderings = plan.orderings;
	out->engine = plan.engine;
	summarize(out);
	return SA_OK;
}

int
sa_census_from_tally(sa_census *out, const sa_shuffle *sh, size_t n,
    uint64_t *tally, uint64_t runs, uint64_t sequences, bool weighted)
{
	uint64_t sum = 0;

	memset(out, 0, sizeof *out);
	if (tally == NULL || sa_factorial(n) == 0)
		return SA_EINVAL;
	out->orderings = sa_factorial(n);
	for (uint64_t r = 0; r < out->orderings; r++) {
		if (sum + tally[r] < sum)
			return SA_EOVERFLOW;
		sum += tally[r];
	}
	if (sum != runs)
		return SA_EINVAL;
	out->shuffle = sh;
	out->n = n;
	out->tally = tally;
	out->runs = runs;
	out->sequences = sequences;
	out->weighted = weighted;
	out->engine = SA_ENGINE_REPLAY;
	summarize(out);
	return SA_OK;
}

void
sa_census_free(sa_census *c)
{
	if (c == NULL)
		return;
	free(c->tally);
	c->tally = NULL;
	free(c->tally32);
	c->tally32 = NULL;
	if (c->big_tally != NULL) {
		for (uint64_t r = 0; r < c->orderings; r++)
			sa_big_free(&c->big_tally[r]);
		free(c->big_tally);
		c->big_tally = NULL;
	}
	sa_big_free(&c->big_runs);
	sa_big_free(&c->big_max);
	sa_big_free(&c->big_min);
}

int
sa_census_count_big(const sa_census *c, uint64_t r, sa_big *out)
{
	if (c->big_tally != NULL)
		return sa_big_copy(out, &c->big_tally[r]);
	return sa_big_set_u64(out, sa_census_count(c, r));
}

/*
 * The same sum when every count fits in 64 bits, in one pass of 64-bit
 * sums.  With N = n! and R = runs, the orderings at or above the mean
 * (count N >= R) make the set A, the others B, and
 *
 *	sum |count N - R| = N (sum_A count - sum_B count) - R (|A| - |B|),
 *
 * where both sums of counts are at most R, so only the two products at
 * the end need big integers.
 */
static int
tvd_small(const sa_census *c, sa_big *num, sa_big *den)
{
	uint64_t above = 0, below = 0, na = 0, nb = 0;
	/* count N >= R: above the mean, or at it when it is whole. */
	uint64_t mean = c->runs / c->orderings;
	bool exact = c->runs % c->orderings == 0;
	sa_big t;
	int status;

	for (uint64_t r = 0; r < c->orderings; r++) {
		uint64_t k = sa_census_count(c, r);

		if (k > mean || (k == mean && exact)) {
			above += k;
			na++;
		} else {
			below += k;
			nb++;
		}
	}
	/* N above + R nb - (N below + R na), both sides non-negative. */
	sa_big_init(&t);
	status = sa_big_set_u64(num, above);
	if (status == SA_OK)
		status = sa_big_mul_u64(num, c->orderings);
	if (status == SA_OK)
		status = sa_big_set_u64(&t, c->runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, nb);
	if (status == SA_OK)
		status = sa_big_add(num, &t);
	if (status == SA_OK)
		status = sa_big_set_u64(&t, below);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, c->orderings);
	if (status == SA_OK)
		status = sa_big_sub(num, &t);
	if (status == SA_OK)
		status = sa_big_set_u64(&t, c->runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(&t, na);
	if (status == SA_OK)
		status = sa_big_sub(num, &t);
	if (status == SA_OK)
		status = sa_big_set_u64(den, c->runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(den, 2 * c->orderings);
	sa_big_free(&t);
	return status;
}

int
sa_census_tvd(const sa_census *c, sa_big *num, sa_big *den)
{
	sa_big runs, t;
	int status;

	/* 2 n! runs TVD = sum |count n! - runs|, all integers. */
	if (c->big_tally == NULL)
		return tvd_small(c, num, den);
	sa_big_init(&runs);
	sa_big_init(&t);
	status = c->big_tally != NULL ? sa_big_copy(&runs, &c->big_runs) :
	    sa_big_set_u64(&runs, c->runs);
	if (status == SA_OK)
		status = sa_big_set_u64(num, 0);
	for (uint64_t r = 0; r < c->orderings && status == SA_OK; r++) {
		status = sa_census_count_big(c, r, &t);
		if (status == SA_OK)
			status = sa_big_mul_u64(&t, c->orderings);
		if (status != SA_OK)
			break;
		if (sa_big_cmp(&t, &runs) >= 0) {
			status = sa_big_sub(&t, &runs);
		} else {
			sa_big d;

			sa_big_init(&d);
			status = sa_big_copy(&d, &runs);
			if (status == SA_OK)
				status = sa_big_sub(&d, &t);
			if (status == SA_OK)
				status = sa_big_copy(&t, &d);
			sa_big_free(&d);
		}
		if (status == SA_OK)
			status = sa_big_add(num, &t);
	}
	if (status == SA_OK)
		status = sa_big_copy(den, &runs);
	if (status == SA_OK)
		status = sa_big_mul_u64(den, 2 * c->orderings);
	sa_big_free(&runs);
	sa_big_free(&t);
	return status;
}
