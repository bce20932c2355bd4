/*
 * seedspace.c - the seed space of a seeded deal: every seed in a range dealt
 * and the orderings tallied exactly, so that what a seeded deal reaches,
 * and how unevenly, is counted rather than sampled.
 *
 * Each thread walks its own stretch of seeds into a tally of its own,
 * and the tallies are added.  A shuffle of swap steps under mulberry32's
 * or delphi's own draws is walked the fast way: the generator inline, and
 * each seed counted by its sequence of draws (a small table), which the
 * steps then turn into orderings once for all seeds.  A range of seeds
 * much smaller than the orderings is kept as the list of the orderings
 * it dealt, sorted, rather than as n! counts: a few seeds of 12 cards
 * would otherwise clear gigabytes to count them.
 */
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

struct sa_seeds {
	sa_seeds_info info;
	size_t n;		/* cards */
	uint64_t *tally;	/* by rank, n! of them; or NULL and */
	uint64_t *ranks;	/* the rank each seed dealt, sorted */
	sa_big sum_sq;		/* the sum of the squared counts */
};

/* At most this share of the orderings in seeds, a list of ranks. */
#define SPARSE_SHARE 4

/* Seeds between calls of the progress function. */
#define PROGRESS_SEEDS ((uint64_t)1 << 20)

/* The fast path's most draw sequences: its tables stay in cache. */
#define FAST_SEQUENCES 65536
#define FAST_COPIES 4

struct seeds_part {
	const sa_shuffle *sh;
	const sa_seeded_gen *gen;
	const sa_seeds_opts *o;
	size_t n;
	uint64_t first, count;	/* its seeds */
	unsigned index;		/* 0 tells the progress */
	sa_pace *pace;
	uint64_t *tally;	/* n! counts, or draw sequences (fast) */
	uint64_t *ranks;	/* or each seed's rank, when not NULL */
	const uint64_t *bounds;	/* fast: each step's count, or NULL */
	size_t steps;
	uint64_t sequences;	/* fast: the draw sequences, */
	unsigned copies;	/* and the tables of them */
	int status;
};

/*
 * Part P has dealt K of its seeds: the progress and the pace told (by
 * the first part); false once the walk is to stop.
 */
static bool
told(const struct seeds_part *p, uint64_t k)
{
	if (p->index == 0) {
		if (p->o->progress != NULL && k > 0)
			p->o->progress(p->o->progress_ctx, (double)k /
			    (double)p->count);
		sa_pace_check(p->pace, (double)k / (double)p->count);
	}
	return !sa_pace_stopped(p->pace);
}

/*
 * DECK dealt from SEED of GEN by SH on N cards, its draws by REDUCE when
 * set, through the oracle; SA_OK, or the generator's or the reduction's
 * complaint.
 */
static int
deal_seed(const sa_shuffle *sh, size_t n, const sa_seeded_gen *gen,
    const sa_reduce *reduce, uint64_t seed, unsigned *deck)
{
	sa_seeded g;
	sa_reducer r;
	sa_oracle *o = &g.base;

	sa_seeded_init(&g, gen, seed);
	if (reduce->method != SA_REDUCE_NONE) {
		sa_reducer_init(&r, reduce, &g.base);
		o = &r.base;
	}
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	sh->run(sh, deck, n, o);
	if (g.err != SA_OK)
		return g.err;
	return o != &g.base ? r.err : SA_OK;
}

/* Every seed of P dealt through the oracle and its ordering counted. */
static void
walk_plain(struct seeds_part *p)
{
	unsigned *deck = malloc(p->n * sizeof *deck);

	if (deck == NULL) {
		p->status = SA_ENOMEM;
		return;
	}
	for (uint64_t k = 0; k < p->count && p->status == SA_OK; k++) {
		if (k % PROGRESS_SEEDS == 0 && !told(p, k))
			break;
		p->status = deal_seed(p->sh, p->n, p->gen, &p->o->reduce,
		    p->first + k, deck);
		if (p->status == SA_OK && p->ranks != NULL)
			p->ranks[k] = sa_perm_rank(deck, p->n);
		else if (p->status == SA_OK)
			p->tally[sa_perm_rank(deck, p->n)]++;
	}
	free(deck);
}

/*
 * The fast way for mulberry32 and delphi, whose draw below k is
 * floor(x k / 2^32): each seed's draws read as one number in mixed radix
 * (the first draw the most significant), counted in P's table, in COPIES
 * tables side by side (1 or 4) so that seeds in a row rarely wait on the
 * same count.  MULBERRY is a constant where this is called, so each
 * generator gets a loop of its own.
 */
static inline void
walk_fast_gen(struct seeds_part *p, bool mulberry, uint64_t sequences,
    unsigned copies)
{
	const uint64_t *b = p->bounds;
	size_t steps = p->steps;

	for (uint64_t k = 0; k < p->count; k++) {
		uint32_t s = (uint32_t)(p->first + k);
		uint64_t idx = 0;

		if (k % PROGRESS_SEEDS == 0 && !told(p, k))
			break;
		for (size_t t = 0; t < steps; t++) {
			uint32_t x;

			if (mulberry) {
				x = s += 0x6D2B79F5u;
				x = (x ^ (x >> 15)) * (x | 1u);
				x ^= x + (x ^ (x >> 7)) * (x | 61u);
				x ^= x >> 14;
			} else {
				x = s = s * 134775813u + 1u;
			}
			idx = idx * b[t] + (((uint64_t)x * b[t]) >> 32);
		}
		p->tally[(k & (copies - 1)) * sequences + idx]++;
	}
}

static void
walk_fast(struct seeds_part *p, uint64_t sequences, unsigned copies)
{
	if (p->gen->kind == SA_GEN_MULBERRY32)
		walk_fast_gen(p, true, sequences, copies);
	else
		walk_fast_gen(p, false, sequences, copies);
}

static void *
walk_part(void *arg)
{
	struct seeds_part *p = arg;

	if (p->bounds != NULL)
		walk_fast(p, p->sequences, p->copies);
	else
		walk_plain(p);
	return NULL;
}

/*
 * The bounds of SH's steps on N cards into *BOUNDS when the fast way
 * serves (swap steps, mulberry32's or delphi's own draws, at most
 * FAST_SEQUENCES sequences of draws); false otherwise.
 */
static bool
fast_bounds(const sa_shuffle *sh, size_t n, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, uint64_t **bounds, size_t *steps,
    uint64_t *sequences)
{
	uint64_t seq = 1;
	size_t k;

	*bounds = NULL;
	if ((gen->kind != SA_GEN_MULBERRY32 && gen->kind != SA_GEN_DELPHI) ||
	    o->reduce.method != SA_REDUCE_NONE || sh->steps == NULL ||
	    sh->step == NULL || sh->reduce != NULL)
		return false;
	*steps = sh->steps(sh, n);
	if ((*bounds = malloc((*steps ? *steps : 1) * sizeof **bounds)) ==
	    NULL)
		return false;
	for (k = 0; k < *steps; k++) {
		sa_step one = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, k, &one);
		if (one.kind != SA_STEP_SWAP || one.count == 0 ||
		    one.count > FAST_SEQUENCES / seq || one.pos >= n ||
		    one.lo >= n || one.count > n - one.lo)
			break;
		(*bounds)[k] = one.count;
		seq *= one.count;
	}
	if (k < *steps) {
		free(*bounds);
		*bounds = NULL;
		return false;
	}
	*sequences = seq;
	return true;
}

/* Each sequence of draws of TABLE turned into its ordering, into T. */
static void
sequences_to_orderings(const sa_shuffle *sh, size_t n, size_t steps,
    const uint64_t *bounds, const uint64_t *table, uint64_t sequences,
    uint64_t *t)
{
	unsigned deck[SA_SEEDS_MAX_CARDS];
	uint64_t digit[64];

	for (uint64_t idx = 0; idx < sequences; idx++) {
		uint64_t rest = idx;

		if (table[idx] == 0)
			continue;
		for (size_t k = steps; k-- > 0;) {
			digit[k] = rest % bounds[k];
			rest /= bounds[k];
		}
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		for (size_t k = 0; k < steps; k++) {
			sa_step one;
			size_t j;
			unsigned x;

			sh->step(sh, n, k, &one);
			j = one.lo + (size_t)digit[k];
			x = deck[one.pos];
			deck[one.pos] = deck[j];
			deck[j] = x;
		}
		t[sa_perm_rank(deck, n)] += table[idx];
	}
}

int
sa_seeds_plan(const sa_shuffle *sh, size_t n, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, uint64_t *seeds, uint64_t *bytes)
{
	unsigned threads = o->threads ? o->threads : sa_cores();
	uint64_t space = gen->seed_bits >= 64 ? UINT64_MAX :
	    (UINT64_C(1) << gen->seed_bits);
	uint64_t max = o->max_bytes ? o->max_bytes :
	    sa_memory_available(NULL);

	*seeds = o->count ? o->count : o->first < space ? space - o->first : 0;
	*bytes = 0;
	if (sh == NULL || gen == NULL || n < 1 || n > SA_SEEDS_MAX_CARDS ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if (o->first >= space || *seeds > space - o->first)
		return SA_ERANGE;
	if (threads > 64)
		threads = 64;
	/* a list of ranks, 8 bytes a seed; or a tally a thread and the
	 * sum, 8 bytes an ordering each */
	if (*seeds <= sa_factorial(n) / SPARSE_SHARE)
		*bytes = *seeds * 8;
	else
		*bytes = (uint64_t)(threads + 1) * sa_factorial(n) * 8;
	return *bytes > max ? SA_ETOOBIG : SA_OK;
}

/* Ordering R's count C into S's figures (the orderings in rank order). */
static int
settle_one(sa_seeds *s, sa_big *sq, uint64_t r, uint64_t c)
{
	sa_seeds_info *in = &s->info;
	int status = SA_OK;

	if (c != 0)
		in->reached++;
	if (c > in->max_count || r == 0) {
		in->max_count = c;
		in->max_rank = r;
	}
	if (c < in->min_count) {
		in->min_count = c;
		in->min_rank = r;
	}
	if (c != 0 && (status = sa_big_set_u64(sq, c)) == SA_OK &&
	    (status = sa_big_mul_u64(sq, c)) == SA_OK)
		return sa_big_add(&s->sum_sq, sq);
	return c != 0 ? status : SA_OK;
}

/*
 * The figures of S from its tally, or from its sorted ranks: each rank
 * dealt with its count, and the first rank not dealt (if any) with 0,
 * which gives the same figures as the tally's every rank in turn.
 */
static int
settle(sa_seeds *s, size_t n)
{
	sa_seeds_info *in = &s->info;
	sa_big sq;
	int status = SA_OK;

	in->orderings = sa_factorial(n);
	in->min_count = UINT64_MAX;
	sa_big_init(&sq);
	if (s->ranks != NULL) {
		uint64_t gap = 0;	/* the lowest rank not dealt so far */

		for (uint64_t i = 0, j; i < in->seeds && status == SA_OK; i = j) {
			for (j = i + 1; j < in->seeds && s->ranks[j] == s->ranks[i];)
				j++;
			if (gap == s->ranks[i])
				gap++;
			else if (gap < s->ranks[i] && in->min_count != 0)
				status = settle_one(s, &sq, gap, 0);
			if (status == SA_OK)
				status = settle_one(s, &sq, s->ranks[i], j - i);
		}
		if (status == SA_OK && in->reached < in->orderings &&
		    in->min_count != 0)
			status = settle_one(s, &sq, gap, 0);
	}
	for (uint64_t r = 0; s->ranks == NULL && r < in->orderings &&
	    status == SA_OK; r++)
		status = settle_one(s, &sq, r, s->tally[r]);
	sa_big_free(&sq);
	in->uniform = in->min_count == in->max_count;
	in->df = in->orderings - 1;
	in->divides = in->seeds % in->orderings == 0;
	in->unreached = in->orderings - in->reached;
	in->last = in->seeds != 0 ? in->first + in->seeds - 1 : in->first;
	return status;
}

int
sa_seeds_run(const sa_shuffle *sh, size_t n, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, sa_seeds **out)
{
	struct seeds_part parts[64];
	sa_pace pace;
	unsigned threads = o->threads ? o->threads : sa_cores();
	uint64_t seeds, bytes, sequences = 0, *bounds = NULL, width;
	size_t steps = 0;
	sa_seeds *s;
	int status;

	*out = NULL;
	if ((status = sa_seeds_plan(sh, n, gen, o, &seeds, &bytes)) != SA_OK)
		return status;
	if ((s = calloc(1, sizeof *s)) == NULL)
		return SA_ENOMEM;
	sa_big_init(&s->sum_sq);
	s->n = n;
	s->info.seeds = seeds;
	s->info.first = o->first;
	if (threads > 64)
		threads = 64;
	if (threads > seeds)
		threads = (unsigned)seeds;
	/* four tables of a few sequences each, one of many */
	width = fast_bounds(sh, n, gen, o, &bounds, &steps, &sequences) ?
	    sequences * (sequences <= 1024 ? FAST_COPIES : 1) :
	    sa_factorial(n);
	s->info.fast = bounds != NULL;
	/* Few seeds for the orderings: each seed's rank, in one list. */
	if (bounds == NULL && seeds <= sa_factorial(n) / SPARSE_SHARE &&
	    (s->ranks = malloc((seeds ? seeds : 1) * sizeof *s->ranks)) ==
	    NULL)
		status = SA_ENOMEM;
	memset(parts, 0, sizeof parts);
	for (unsigned t = 0; t < threads && status == SA_OK; t++) {
		uint64_t off, count;

		sa_stretch(seeds, threads, t, &off, &count);
		parts[t] = (struct seeds_part){ sh, gen, o, n, o->first + off,
		    count, t, &pace, NULL, s->ranks ? s->ranks + off : NULL,
		    bounds, steps, sequences,
		    (unsigned)(width / (sequences ? sequences : 1)), SA_OK };
		if (s->ranks == NULL && (parts[t].tally = calloc(width,
		    sizeof(uint64_t))) == NULL)
			status = SA_ENOMEM;
	}
	if (status == SA_OK && s->ranks == NULL &&
	    (s->tally = calloc(sa_factorial(n), sizeof *s->tally)) == NULL)
		status = SA_ENOMEM;
	sa_pace_start(&pace, o->limit, (double)seeds);
	if (status == SA_OK)
		sa_parallel(walk_part, parts, sizeof parts[0], threads);
	status = sa_pace_end(&pace, status);
	for (unsigned t = 0; t < threads; t++) {
		if (status == SA_OK)
			status = parts[t].status;
		if (s->ranks != NULL)
			continue;
		if (t > 0 && status == SA_OK)
			for (uint64_t i = 0; i < width; i++)
				parts[0].tally[i] += parts[t].tally[i];
	}
	for (uint64_t i = sequences; bounds != NULL && i < width; i++)
		parts[0].tally[i % sequences] += parts[0].tally[i];
	if (status == SA_OK && s->ranks != NULL)
		qsort(s->ranks, seeds, sizeof *s->ranks, sa_cmp_u64);
	else if (status == SA_OK && bounds != NULL)
		sequences_to_orderings(sh, n, steps, bounds, parts[0].tally,
		    sequences, s->tally);
	else if (status == SA_OK)
		memcpy(s->tally, parts[0].tally, width * sizeof *s->tally);
	for (unsigned t = 0; t < threads; t++)
		free(parts[t].tally);
	free(bounds);
	if (status == SA_OK)
		status = settle(s, n);
	if (status != SA_OK) {
		sa_seeds_free(s);
		return status;
	}
	*out = s;
	return SA_OK;
}

void
sa_seeds_free(sa_seeds *s)
{
	if (s == NULL)
		return;
	free(s->tally);
	free(s->ranks);
	sa_big_free(&s->sum_sq);
	free(s);
}

const sa_seeds_info *
sa_seeds_about(const sa_seeds *s)
{
	return &s->info;
}

uint64_t
sa_seeds_count(const sa_seeds *s, uint64_t rank)
{
	uint64_t lo = 0, hi = s->info.seeds, first;

	if (rank >= s->info.orderings)
		return 0;
	if (s->ranks == NULL)
		return s->tally[rank];
	/* The sorted ranks: the first at or past RANK, then past it. */
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (s->ranks[mid] < rank)
			lo = mid + 1;
		else
			hi = mid;
	}
	first = lo;
	hi = s->info.seeds;
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (s->ranks[mid] <= rank)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo - first;
}

/* S's counts by rank into T, zeroed first: the tally, or from the list. */
static void
dense(const sa_seeds *s, uint64_t *t)
{
	if (s->ranks == NULL) {
		memcpy(t, s->tally, (size_t)s->info.orderings * sizeof *t);
		return;
	}
	memset(t, 0, (size_t)s->info.orderings * sizeof *t);
	for (uint64_t i = 0; i < s->info.seeds; i++)
		t[s->ranks[i]]++;
}

/* S kept as counts by rank from now on; SA_OK or SA_ENOMEM. */
static int
densify(sa_seeds *s)
{
	uint64_t *t;

	if (s->ranks == NULL)
		return SA_OK;
	if (s->info.orderings > SIZE_MAX / sizeof *t ||
	    (t = malloc((size_t)s->info.orderings * sizeof *t)) == NULL)
		return SA_ENOMEM;
	dense(s, t);
	free(s->ranks);
	s->ranks = NULL;
	s->tally = t;
	return SA_OK;
}

int
sa_seeds_ratio(const sa_seeds *s, uint64_t rank, sa_fraction *out)
{
	out->neg = false;
	if (sa_big_set_u64(&out->num, sa_seeds_count(s, rank)) != SA_OK ||
	    sa_big_mul_u64(&out->num, s->info.orderings) != SA_OK ||
	    sa_big_set_u64(&out->den, s->info.seeds) != SA_OK)
		return SA_ENOMEM;
	return SA_OK;
}

/*
 * Pearson's statistic against every ordering equally often, exactly:
 * X = sum (c - S/N)^2 / (S/N) = N sum c^2 / S - S, for S seeds and N
 * orderings.
 */
int
sa_seeds_chi2(const sa_seeds *s, sa_fraction *out)
{
	sa_big num, den, s2;
	int status;

	sa_big_init(&num);
	sa_big_init(&den);
	sa_big_init(&s2);
	if ((status = sa_big_copy(&num, &s->sum_sq)) == SA_OK &&
	    (status = sa_big_mul_u64(&num, s->info.orderings)) == SA_OK &&
	    (status = sa_big_set_u64(&s2, s->info.seeds)) == SA_OK &&
	    (status = sa_big_mul_u64(&s2, s->info.seeds)) == SA_OK &&
	    (status = sa_big_sub(&num, &s2)) == SA_OK &&
	    (status = sa_big_set_u64(&den, s->info.seeds)) == SA_OK)
		status = sa_fraction_set(out, &num, &den, false);
	sa_big_free(&num);
	sa_big_free(&den);
	sa_big_free(&s2);
	return status;
}

double
sa_seeds_share(const sa_seeds *s, const sa_seeded_gen *gen, bool *whole)
{
	*whole = gen->seed_bits < 64 &&
	    s->info.seeds == UINT64_C(1) << gen->seed_bits;
	return ldexp((double)s->info.seeds, -(int)gen->seed_bits);
}

int
sa_seeds_log10_p(const sa_seeds *s, double *out)
{
	sa_fraction x;
	int status;

	*out = 0;
	if (s->info.orderings < 2)
		return SA_OK;	/* one ordering: nothing to test */
	sa_fraction_init(&x);
	if ((status = sa_seeds_chi2(s, &x)) == SA_OK)
		*out = sa_chi2_log10_sf((double)s->info.df,
		    sa_fraction_to_double(&x));
	sa_fraction_free(&x);
	return status;
}

/*
 * The attack from a few seen cards (sa_seeds_match_run): every seed's
 * first cards kept as a key of 6 bits a card, the first card highest, so
 * that sorting the keys groups the seeds by every prefix at once.
 */
#define MATCH_DEPTH 8

struct match_part {
	const sa_shuffle *sh;
	const sa_seeded_gen *gen;
	const sa_seeds_opts *o;
	size_t n, depth;
	uint64_t first, count;
	unsigned index;
	uint64_t *keys;		/* count of them */
	const unsigned *seen;
	size_t nseen, list;
	sa_pace *pace;
	uint64_t matches;
	uint64_t *found;	/* the first LIST matching seeds */
	size_t listed;
	int status;
};

static void *
match_part(void *arg)
{
	struct match_part *p = arg;
	unsigned *deck = malloc(p->n * sizeof *deck);

	if (deck == NULL) {
		p->status = SA_ENOMEM;
		return NULL;
	}
	for (uint64_t k = 0; k < p->count && p->status == SA_OK; k++) {
		uint64_t key = 0;
		size_t i;

		if (k % PROGRESS_SEEDS == 0 && p->index == 0) {
			if (p->o->progress != NULL && k > 0)
				p->o->progress(p->o->progress_ctx, (double)k /
				    (double)p->count);
			sa_pace_check(p->pace, (double)k / (double)p->count);
		}
		if (k % PROGRESS_SEEDS == 0 && sa_pace_stopped(p->pace))
			break;
		p->status = deal_seed(p->sh, p->n, p->gen, &p->o->reduce,
		    p->first + k, deck);
		if (p->status != SA_OK)
			break;
		for (i = 0; i < MATCH_DEPTH; i++)
			key = key << 6 | (i < p->depth ? deck[i] : 0);
		p->keys[k] = key;
		for (i = 0; i < p->nseen && deck[i] == p->seen[i]; i++)
			;
		if (i == p->nseen && p->matches++ < p->list)
			p->found[p->listed++] = p->first + k;
	}
	free(deck);
	return NULL;
}

/* KEYS (COUNT of them, 48 bits each) sorted, by bytes from the lowest. */
static void
sort_keys(uint64_t *keys, uint64_t *tmp, uint64_t count)
{
	for (unsigned shift = 0; shift < 6 * MATCH_DEPTH; shift += 8) {
		uint64_t at[257] = { 0 };

		for (uint64_t i = 0; i < count; i++)
			at[((keys[i] >> shift) & 0xff) + 1]++;
		for (int b = 0; b < 256; b++)
			at[b + 1] += at[b];
		for (uint64_t i = 0; i < count; i++)
			tmp[at[(keys[i] >> shift) & 0xff]++] = keys[i];
		memcpy(keys, tmp, count * sizeof *keys);
	}
}

/* For k = 1 .. DEPTH, the sum of the squared sizes of the groups of
 * sorted KEYS that share their first k cards, into SUM (128 bits). */
static void
group_squares(const uint64_t *keys, uint64_t count, size_t depth,
    u128 *sum)
{
	for (size_t k = 1; k <= depth; k++) {
		unsigned shift = 6 * (unsigned)(MATCH_DEPTH - k);
		uint64_t run = 0;

		sum[k - 1] = 0;
		for (uint64_t i = 0; i < count; i++) {
			if (i > 0 && keys[i] >> shift != keys[i - 1] >> shift) {
				sum[k - 1] += (u128)run * run;
				run = 0;
			}
			run++;
		}
		sum[k - 1] += (u128)run * run;
	}
}

/* The match's threads, each with its own stretch of seeds, started. */
static int
match_walk(struct match_part *parts, unsigned threads, uint64_t *keys)
{
	int status = SA_OK;

	for (unsigned t = 0; t < threads; t++) {
		parts[t].keys = keys + (parts[t].first - parts[0].first);
		if (parts[t].list > 0 && (parts[t].found =
		    malloc(parts[t].list * sizeof *parts[t].found)) == NULL)
			status = SA_ENOMEM;
	}
	if (status == SA_OK)
		sa_parallel(match_part, parts, sizeof parts[0], threads);
	return status;
}

/* The threads' matches gathered into OUT, the lowest seeds first. */
static int
match_gather(struct match_part *parts, unsigned threads, size_t list,
    sa_seeds_match *out)
{
	int status = SA_OK;

	if (list > 0 && (out->first = malloc(list * sizeof *out->first)) ==
	    NULL)
		status = SA_ENOMEM;
	for (unsigned t = 0; t < threads; t++) {
		if (status == SA_OK)
			status = parts[t].status;
		out->matches += parts[t].matches;
		for (size_t i = 0; status == SA_OK && i < parts[t].listed &&
		    out->listed < list; i++)
			out->first[out->listed++] = parts[t].found[i];
		free(parts[t].found);
	}
	return status;
}

int
sa_seeds_match_run(const sa_shuffle *sh, size_t n, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, const unsigned *seen, size_t nseen, size_t list,
    sa_seeds_match *out)
{
	struct match_part parts[64];
	sa_pace pace;
	unsigned threads = o->threads ? o->threads : sa_cores();
	uint64_t seeds, bytes, *keys = NULL, *tmp = NULL;
	u128 sum[MATCH_DEPTH];
	int status;

	memset(out, 0, sizeof *out);
	status = sa_seeds_match_plan(sh, n, gen, o, nseen, &seeds, &bytes);
	if (status != SA_OK)
		return status;
	for (size_t i = 0; i < nseen; i++)
		if (seen[i] >= n)
			return SA_EINVAL;
	out->seeds = seeds;
	out->last = seeds != 0 ? o->first + seeds - 1 : o->first;
	out->depth = n < MATCH_DEPTH ? n : MATCH_DEPTH;
	if (threads > 64)
		threads = 64;
	if (threads > seeds)
		threads = (unsigned)seeds;
	memset(parts, 0, sizeof parts);
	for (unsigned t = 0; t < threads; t++) {
		uint64_t off, count;

		sa_stretch(seeds, threads, t, &off, &count);
		parts[t] = (struct match_part){ sh, gen, o, n, out->depth,
		    o->first + off, count, t, NULL, seen, nseen, list, &pace,
		    0, NULL, 0, SA_OK };
	}
	if ((keys = malloc(seeds * sizeof *keys)) == NULL ||
	    (tmp = malloc(seeds * sizeof *tmp)) == NULL)
		status = SA_ENOMEM;
	sa_pace_start(&pace, o->limit, (double)seeds);
	if (status == SA_OK)
		status = sa_pace_end(&pace, match_walk(parts, threads, keys));
	{
		int gathered = match_gather(parts, threads, list, out);

		if (status == SA_OK)
			status = gathered;
	}
	if (status == SA_OK) {
		sort_keys(keys, tmp, seeds);
		group_squares(keys, seeds, out->depth, sum);
	}
	for (size_t k = 0; status == SA_OK && k < out->depth; k++) {
		sa_big num, den;

		sa_big_init(&num);
		sa_big_init(&den);
		if ((status = sa_big_set_parts(&num, (uint64_t)(sum[k] >> 64),
		    (uint64_t)sum[k])) == SA_OK &&
		    (status = sa_big_set_u64(&den, seeds)) == SA_OK)
			status = sa_fraction_set(&out->remain[k], &num, &den,
			    false);
		sa_big_free(&num);
		sa_big_free(&den);
	}
	free(keys);
	free(tmp);
	if (status != SA_OK)
		sa_seeds_match_free(out);
	return status;
}

int
sa_seeds_match_plan(const sa_shuffle *sh, size_t n, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, size_t nseen, uint64_t *seeds, uint64_t *bytes)
{
	uint64_t space = UINT64_C(1) << gen->seed_bits;
	uint64_t max = o->max_bytes ? o->max_bytes :
	    sa_memory_available(NULL);

	*seeds = o->count ? o->count : o->first < space ? space - o->first : 0;
	*bytes = 0;
	if (sh == NULL || n < 1 || n > SA_SEEDS_MATCH_MAX_CARDS ||
	    nseen > n || (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if (o->first >= space || *seeds > space - o->first || *seeds == 0)
		return SA_ERANGE;
	/* a key and its copy for the sort, 16 bytes a seed */
	if (*seeds > UINT64_MAX / 16)
		return SA_ETOOBIG;
	*bytes = *seeds * 16;
	return *bytes > max ? SA_ETOOBIG : SA_OK;
}

void
sa_seeds_match_free(sa_seeds_match *m)
{
	free(m->first);
	m->first = NULL;
	for (size_t k = 0; k < sizeof m->remain / sizeof m->remain[0]; k++)
		sa_fraction_free(&m->remain[k]);
}

int
sa_seeds_part(sa_seeds_opts *o, uint64_t seeds, unsigned index,
    unsigned count)
{
	uint64_t off, len;

	/* A part of no seeds would read as the whole space. */
	if (index == 0 || index > count || seeds == 0 || count > seeds)
		return SA_ERANGE;
	sa_stretch(seeds, count, index - 1, &off, &len);
	o->first += off;
	o->count = len;
	return SA_OK;
}

/* A tally packed: magic, cards, first seed, seeds, fast, the counts. */
#define SEEDS_MAGIC UINT64_C(0x5341536565647331)	/* "SASeeds1" */

int
sa_seeds_pack(const sa_seeds *s, unsigned char **buf, size_t *len)
{
	const sa_seeds_info *in = &s->info;
	uint64_t *w;
	size_t words;

	*buf = NULL;
	*len = 0;
	if (in->orderings > SIZE_MAX / 8 - 5)
		return SA_ENOMEM;
	words = 5 + (size_t)in->orderings;
	if ((w = malloc(words * sizeof *w)) == NULL)
		return SA_ENOMEM;
	w[0] = SEEDS_MAGIC;
	w[1] = s->n;
	w[2] = in->first;
	w[3] = in->seeds;
	w[4] = in->fast;
	dense(s, w + 5);
	*buf = (unsigned char *)w;
	*len = words * sizeof *w;
	return SA_OK;
}

int
sa_seeds_unpack(size_t n, const unsigned char *buf, size_t len,
    sa_seeds **out)
{
	uint64_t head[5], orderings = sa_factorial(n), sum = 0;
	sa_seeds *s;
	int status;

	*out = NULL;
	if (n == 0 || n > SA_SEEDS_MAX_CARDS || len < sizeof head ||
	    (len - sizeof head) % 8 != 0 ||
	    (len - sizeof head) / 8 != orderings)
		return SA_EINVAL;
	memcpy(head, buf, sizeof head);
	if (head[0] != SEEDS_MAGIC || head[1] != n || head[4] > 1)
		return SA_EINVAL;
	if ((s = calloc(1, sizeof *s)) == NULL)
		return SA_ENOMEM;
	sa_big_init(&s->sum_sq);
	if ((s->tally = malloc((size_t)orderings * sizeof *s->tally)) == NULL) {
		sa_seeds_free(s);
		return SA_ENOMEM;
	}
	memcpy(s->tally, buf + sizeof head, (size_t)orderings * sizeof *s->tally);
	for (uint64_t r = 0; r < orderings; r++) {
		if (sum + s->tally[r] < sum)
			break;
		sum += s->tally[r];
	}
	/* Every seed deals one ordering: the counts add up to the seeds. */
	if (sum != head[3]) {
		sa_seeds_free(s);
		return SA_EINVAL;
	}
	s->n = n;
	s->info.first = head[2];
	s->info.seeds = head[3];
	s->info.fast = head[4] != 0;
	if ((status = settle(s, n)) != SA_OK) {
		sa_seeds_free(s);
		return status;
	}
	*out = s;
	return SA_OK;
}

int
sa_seeds_whole(const sa_seeds *s, const sa_seeded_gen *gen,
    const sa_seeds_opts *o, char *why, size_t size)
{
	uint64_t space = gen->seed_bits >= 64 ? UINT64_MAX :
	    (UINT64_C(1) << gen->seed_bits);
	uint64_t want = o->count ? o->count : o->first < space ?
	    space - o->first : 0;

	if (s->info.first == o->first && s->info.seeds == want)
		return SA_OK;
	snprintf(why, size, "the parts hold %llu seeds from %llu, and their "
	    "command counts %llu from %llu", (unsigned long long)s->info.seeds,
	    (unsigned long long)s->info.first, (unsigned long long)want,
	    (unsigned long long)o->first);
	return SA_EINVAL;
}

/* INTO, SEEDS more in its tally: its figures again, from the sum. */
static int
merged(sa_seeds *into, uint64_t seeds)
{
	sa_seeds_info *a = &into->info;

	a->seeds += seeds;
	a->reached = a->max_count = a->min_count = 0;
	a->max_rank = a->min_rank = 0;
	sa_big_free(&into->sum_sq);
	sa_big_init(&into->sum_sq);
	return settle(into, into->n);
}

int
sa_seeds_merge(sa_seeds *into, const sa_seeds *from)
{
	sa_seeds_info *a = &into->info;
	const sa_seeds_info *b = &from->info;

	if (into->n != from->n || a->fast != b->fast ||
	    a->first + a->seeds != b->first || a->seeds + b->seeds < a->seeds)
		return SA_EINVAL;
	if (from->ranks != NULL) {	/* a list: its ranks added one by one */
		int status = densify(into);

		for (uint64_t i = 0; status == SA_OK && i < b->seeds; i++)
			if (into->tally[from->ranks[i]]++ == UINT64_MAX)
				status = SA_EOVERFLOW;
		if (status != SA_OK)
			return status;
		return merged(into, b->seeds);
	}
	if (densify(into) != SA_OK)
		return SA_ENOMEM;
	for (uint64_t r = 0; r < a->orderings; r++)
		if (into->tally[r] + from->tally[r] < into->tally[r])
			return SA_EOVERFLOW;
	for (uint64_t r = 0; r < a->orderings; r++)
		into->tally[r] += from->tally[r];
	return merged(into, b->seeds);
}
