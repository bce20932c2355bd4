/*
 * steps_pull.c - a step of the step engine pulled: each output the sum of
 * its sources, in rank order, the groups of arrangements that share
 * their front done at once.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "steps_shared.h"





/*
 * Where a count at arrangement P (rank R) goes in step ST: to TO[k],
 * times TIMES[k], for each k below the number returned.
 */
size_t
sa_steps_targets(unsigned *p, size_t n, uint64_t r, const sa_step *st,
    uint64_t *to, uint64_t *times)
{
	size_t k = 0;

	switch (st->kind) {
	case SA_STEP_SWAP:
		for (uint64_t j = 0; j < st->count; j++, k++) {
			to[k] = st->lo + j == st->pos ? r :
			    rank_swapped(p, n, st->pos, st->lo + j);
			times[k] = 1;
		}
		break;
	case SA_STEP_PICK:
		/* One share per card still to place; retries fold away. */
		for (size_t q = st->pos; q < n; q++, k++) {
			to[k] = q == st->pos ? r : rank_swapped(p, n, st->pos, q);
			times[k] = 1;
		}
		break;
	case SA_STEP_SWAP2:
		/* (a, a) keeps the deck; (a, b) and (b, a) make one swap. */
		to[k] = r;
		times[k++] = st->count;
		/* From LO on: a shard's own pairs leave out position 0. */
		for (size_t a = st->lo; a < n; a++)
			for (size_t b = a + 1; b < n; b++, k++) {
				to[k] = rank_swapped(p, n, a, b);
				times[k] = 2;
			}
		break;
	}
	return k;
}

/*
 * The count arrangement P (of rank R) has after step ST.  A swap undoes
 * itself, so the counts it sums are those at the places a push from P
 * reaches.  Swap steps of TAIL cards or more go by groups (pull_groups).
 */
static uint64_t
pull_one(const struct table *cur, unsigned *p, size_t n, uint64_t r,
    const sa_step *st)
{
	uint64_t to[TARGETS_MAX], times[TARGETS_MAX], sum = 0;
	size_t k = sa_steps_targets(p, n, r, st, to, times);

	for (size_t i = 0; i < k; i++)
		sum += get(cur, to[i]) * times[i];
	return sum;
}


void
sa_steps_tail_for(struct tail *tl, size_t n)
{
	/* rel[k][a]: the rank among the tail of local order K's card at A. */
	uint8_t rel[TAIL_ORDERS][TAIL];
	size_t filled[TAIL][TAIL];
	unsigned q[TAIL];

	memset(tl, 0, sizeof *tl);
	memset(filled, 0, sizeof filled);
	tl->n = n;
	tl->m = n - TAIL;
	for (size_t i = 0; i < n; i++)
		tl->fact[i] = sa_factorial(n - 1 - i);
	for (size_t k = 0; k < TAIL_ORDERS; k++) {
		sa_perm_unrank(k, TAIL, q);
		for (size_t i = 0; i < TAIL; i++)
			rel[k][i] = (uint8_t)q[i];
	}
	for (size_t a = 0; a < TAIL; a++)
		for (size_t k = 0; k < TAIL_ORDERS; k++) {
			unsigned ya = rel[k][a];
			size_t e = filled[a][ya]++;

			tl->by[a][ya][e] = (uint8_t)k;
			for (size_t x = 0; x < TAIL; x++) {
				/* A and X swapped. */
				for (size_t i = 0; i < TAIL; i++)
					q[i] = rel[k][i];
				q[a] = rel[k][x];
				q[x] = ya;
				tl->swap[a][k][x] = (uint8_t)sa_perm_rank(q, TAIL);
				/* A's card replaced by one of rank X among the rest. */
				for (size_t i = 0; i < TAIL; i++) {
					unsigned r = rel[k][i] - (rel[k][i] > ya);

					q[i] = r + (r >= x);
				}
				q[a] = (unsigned)x;
				tl->by_with[a][ya][x][e] =
				    (uint8_t)sa_perm_rank(q, TAIL);
			}
		}
}


static void
group_digits(struct group *g, const struct tail *tl)
{
	uint32_t left = (UINT32_C(1) << tl->n) - 1;

	g->prefix[0] = 0;
	for (size_t i = 0; i < tl->m; i++) {
		uint32_t bit = UINT32_C(1) << g->p[i];

		g->avail[i] = left;
		g->digit[i] = count22(left & (bit - 1));
		g->prefix[i + 1] = g->prefix[i] + g->digit[i] * tl->fact[i];
		left &= ~bit;
	}
	g->avail[tl->m] = left;
}

/*
 * The first rank of the group whose front is G's with positions U.. of
 * it replaced by FRONT[U..M-1]: the Lehmer digits before U are G's; each
 * digit from U on counts the cards still unplaced below that card.
 */
static uint64_t
front_rank(const struct group *g, const struct tail *tl, size_t u,
    const unsigned *front)
{
	uint32_t left = g->avail[u];
	uint64_t r = g->prefix[u];

	for (size_t i = u; i < tl->m; i++) {
		uint32_t bit = UINT32_C(1) << front[i];

		r += count22(left & (bit - 1)) * tl->fact[i];
		left &= ~bit;
	}
	return r;
}



/* G moved to the group of first rank B, its digits worked out. */
void
sa_steps_group_at(struct group *g, const struct tail *tl, uint64_t b)
{
	if (g->at == b)
		return;
	if (g->at != UINT64_MAX && g->at + TAIL_ORDERS == b) {
		/* The last arrangement of a group has its tail descending. */
		for (size_t x = tl->m, y = tl->n - 1; x < y; x++, y--) {
			unsigned t = g->p[x];

			g->p[x] = g->p[y];
			g->p[y] = t;
		}
		next_permutation(g->p, tl->n);
	} else {
		sa_perm_unrank(b, tl->n, g->p);
	}
	g->at = b;
	group_digits(g, tl);
}


/*
 * The groups of the MIXED pairs.  The source swaps the front card x at
 * U with a tail card y; the digits before U stay, the digit at U counts
 * the unplaced cards below y instead of x, and each later front digit
 * gains one when its card is above x (x is now after it) and loses one
 * when it is above y (y is now before it).  So with above(v, U) the sum
 * of the weights of the front positions after U holding cards above v,
 * the group starts at
 *     B + (d'_U - d_U) (n-1-U)! + above(x, U) - above(y, U).
 */
void
sa_steps_mixed_sources(const struct group *g, const struct tail *tl,
    uint32_t set, uint64_t b, struct sources *src)
{
	uint64_t above[TAIL][SA_PERM_MAX];
	size_t lowest = 0, m = tl->m;

	while (!(set >> lowest & 1))
		lowest++;
	for (size_t c = 0; c < TAIL; c++) {
		unsigned y = g->p[m + c];
		uint64_t sum = 0;

		for (size_t i = m; i-- > lowest;) {
			above[c][i] = sum;
			sum += g->p[i] > y ? tl->fact[i] : 0;
		}
	}
	for (size_t u = lowest; u < m; u++) {
		unsigned x = g->p[u];
		uint64_t ax = 0, keep;
		unsigned under;

		if (!(set >> u & 1))
			continue;
		for (size_t i = u + 1; i < m; i++)
			ax += g->p[i] > x ? tl->fact[i] : 0;
		keep = b - g->digit[u] * tl->fact[u] + ax;
		under = count22(g->avail[m] & ((UINT32_C(1) << x) - 1));
		for (size_t c = 0; c < TAIL; c++) {
			unsigned y = g->p[m + c];
			uint32_t below = g->avail[u] & ((UINT32_C(1) << y) - 1);

			src->group[u][c] = keep + count22(below) * tl->fact[u] -
			    above[c][u];
			src->room[u][c] = (uint8_t)(under - (y < x));
		}
	}
}

/*
 * Group B's sources into SRC; PREV holds those of the group before B,
 * or is NULL.  A FRONT pair's run moves on by 120 from PREV's while the
 * group stays among the ranks that share the positions up to V.
 */
static void
group_sources(struct group *g, const struct job *j, uint64_t b,
    const struct sources *prev, struct sources *src)
{
	const struct tail *tl = j->tl;

	for (size_t i = 0; i < j->npairs; i++) {
		const struct pair *pr = &j->pairs[i];
		unsigned u = pr->u, v = pr->v, x;

		if (pr->kind != PAIR_FRONT) {
			src->from[i] = b;
		} else if (prev != NULL && b % pr->run != 0) {
			src->from[i] = prev->from[i] + TAIL_ORDERS;
		} else {
			sa_steps_group_at(g, tl, b);
			x = g->p[u];
			g->p[u] = g->p[v];
			g->p[v] = x;
			src->from[i] = front_rank(g, tl, u, g->p);
			g->p[v] = g->p[u];
			g->p[u] = x;
		}
	}
	if (j->mixed != 0) {
		sa_steps_group_at(g, tl, b);
		sa_steps_mixed_sources(g, tl, j->mixed, b, src);
	}
}

/*
 * Group B of the next table: each output the sum of its sources in the
 * current one, stored if every sum fits; false if one does not.  Written
 * once per width of the current table, with sums of type ACC (at most
 * 2 SA_PERM_MAX counts: 8-bit ones sum in 16 bits, below 40 * 255, which
 * the vector code widens half as far as to 32 (a third less time a pull
 * of Durstenfeld's 12 cards); 16-bit ones in 32; 64-bit ones are checked
 * as they are added), and with loops of a fixed length the compiler can
 * turn into vector code.
 */
#define PULL_GROUP(NAME, TYPE, ACC, WRAPS)				\
static bool								\
NAME(struct job *j, const struct sources *src, uint64_t b)		\
{									\
	const TYPE *c = (const TYPE *)j->cur->v;			\
	uint64_t base = j->cur->base;					\
	const struct tail *tl = j->tl;					\
	size_t m = tl->m;						\
	typedef ACC sum_t;						\
	sum_t acc[TAIL_ORDERS], most = 0;				\
	bool wrapped = false, wraps = WRAPS;				\
	uint64_t zero = 0;						\
	size_t first = 0;						\
									\
	/* The first pair is a run where there is one (pull_step). */	\
	if (j->npairs > 0 && (j->pairs[0].kind == PAIR_SELF ||		\
	    j->pairs[0].kind == PAIR_FRONT)) {				\
		const TYPE *run = c + (src->from[0] - base);		\
									\
		for (size_t k = 0; k < TAIL_ORDERS; k++)		\
			acc[k] = run[k];				\
		first = 1;						\
	} else {							\
		for (size_t k = 0; k < TAIL_ORDERS; k++)		\
			acc[k] = 0;					\
	}								\
	for (size_t i = first; i < j->npairs; i++) {			\
		const struct pair *pr = &j->pairs[i];			\
		const TYPE *run = c + (src->from[i] - base);		\
		size_t a = pr->u - m, v = pr->v - m;			\
									\
		switch (pr->kind) {					\
		case PAIR_SELF:						\
		case PAIR_FRONT:					\
			for (size_t k = 0; k < TAIL_ORDERS; k++)	\
				ADD(acc[k], run[k]);			\
			break;						\
		case PAIR_TAIL:						\
			for (size_t k = 0; k < TAIL_ORDERS; k++)	\
				ADD(acc[k], run[tl->swap[a][k][v]]);	\
			break;						\
		case PAIR_MIXED:					\
			for (size_t y = 0; y < TAIL; y++) {		\
				const TYPE *g = c +			\
				    (src->group[pr->u][y] - base);	\
				const uint8_t *ks = tl->by[v][y];	\
				const uint8_t *w =			\
				    tl->by_with[v][y][src->room[pr->u][y]];	\
									\
				for (size_t e = 0; e < TAIL_ORDERS / TAIL; e++)	\
					ADD(acc[ks[e]], g[w[e]]);	\
			}						\
			break;						\
		}							\
	}								\
	for (size_t k = 0; k < TAIL_ORDERS; k++) {			\
		most = acc[k] > most ? acc[k] : most;			\
		zero += acc[k] == 0;					\
	}								\
	if (wrapped)							\
		return false;						\
	j->nonzero += TAIL_ORDERS - zero;				\
	j->most = most > j->most ? most : j->most;			\
	/* The few too wide for a 16-bit table spill, while it may. */	\
	for (size_t k = 0; most > width_max(j->next->width) &&	\
	    k < TAIL_ORDERS; k++)					\
		if (acc[k] > width_max(j->next->width)) {		\
			if (!sa_steps_spill_add(j->next, b + k,		\
			    acc[k]))					\
				return false;				\
			acc[k] = 0;					\
		}							\
	if (j->next->width == 1) {					\
		uint8_t *to = (uint8_t *)j->next->v +			\
		    (b - j->next->base);				\
									\
		for (size_t k = 0; k < TAIL_ORDERS; k++)		\
			to[k] = (uint8_t)acc[k];			\
	} else if (j->next->width == 2) {				\
		uint16_t *to = (uint16_t *)j->next->v +		\
		    (b - j->next->base);				\
									\
		for (size_t k = 0; k < TAIL_ORDERS; k++)		\
			to[k] = (uint16_t)acc[k];			\
	} else if (j->next->width == 4) {				\
		uint32_t *to = (uint32_t *)j->next->v +		\
		    (b - j->next->base);				\
									\
		for (size_t k = 0; k < TAIL_ORDERS; k++)		\
			to[k] = (uint32_t)acc[k];			\
	} else {							\
		uint64_t *to = (uint64_t *)j->next->v +		\
		    (b - j->next->base);				\
									\
		for (size_t k = 0; k < TAIL_ORDERS; k++)		\
			to[k] = acc[k];					\
	}								\
	return true;							\
}
#define ADD(s, x) do {							\
	sum_t x_ = (x);							\
									\
	(s) += x_;							\
	wrapped |= wraps && (s) < x_;					\
} while (0)
PULL_GROUP(pull_group8, uint8_t, uint16_t, false)
PULL_GROUP(pull_group16, uint16_t, uint32_t, false)
PULL_GROUP(pull_group32, uint32_t, uint64_t, false)
PULL_GROUP(pull_group64, uint64_t, uint64_t, true)
#undef ADD


/*
 * Asks for the lines SRC's groups are in.  The reads of a pull are far
 * apart; asked for one group ahead, they overlap with the work on the
 * group before instead of waiting one after another.
 */
static void
prefetch_sources(const struct job *j, const struct sources *src)
{
	const char *v = j->cur->v;
	size_t width = j->cur->width, span = (TAIL_ORDERS - 1) * width;
	uint64_t base = j->cur->base;

	/* SELF and TAIL read the group itself, in a stream. */
	for (size_t i = 0; i < j->npairs; i++)
		if (j->pairs[i].kind == PAIR_FRONT) {
			PREFETCH(v + (src->from[i] - base) * width);
			PREFETCH(v + (src->from[i] - base) * width + span);
		}
	for (size_t u = 0; u < j->tl->m; u++)
		for (size_t c = 0; j->mixed >> u & 1 && c < TAIL; c++) {
			const char *at = v + (src->group[u][c] - base) *
			    width;

			PREFETCH(at);
			PREFETCH(at + span);
		}
}

static void
pull_groups(struct job *j)
{
	struct sources src[3];
	struct group g;
	unsigned now = 0;

	memset(src, 0, sizeof src);
	g.at = UINT64_MAX;
	group_sources(&g, j, j->lo, NULL, &src[0]);
	if (j->lo + TAIL_ORDERS < j->hi) {
		group_sources(&g, j, j->lo + TAIL_ORDERS, &src[0], &src[1]);
		prefetch_sources(j, &src[1]);
	}
	for (uint64_t b = j->lo; b < j->hi; b += TAIL_ORDERS) {
		unsigned ahead = (now + 1) % 3, far = (now + 2) % 3;
		bool ok;

		/* The sources two groups on, asked for now. */
		if (b + 2 * TAIL_ORDERS < j->hi) {
			group_sources(&g, j, b + 2 * TAIL_ORDERS, &src[ahead],
			    &src[far]);
			prefetch_sources(j, &src[far]);
		}
		if (j->cur->width == 1)
			ok = pull_group8(j, &src[now], b);
		else if (j->cur->width == 2)
			ok = pull_group16(j, &src[now], b);
		else if (j->cur->width == 4)
			ok = pull_group32(j, &src[now], b);
		else
			ok = pull_group64(j, &src[now], b);
		if (!ok) {
			j->overflow = true;
			return;
		}
		now = ahead;
	}
}

static void *
pull_range(void *arg)
{
	struct job *j = arg;
	unsigned p[SA_PERM_MAX];

	if (j->st->kind == SA_STEP_SWAP && j->n >= TAIL) {
		pull_groups(j);
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
		j->most = v > j->most ? v : j->most;
		next_permutation(p, j->n);
	}
	return NULL;
}


/*
 * One step into ranks LO to HI, pulled over SS's threads, in chunks so
 * that progress can be told between them.  False on a count too wide
 * for the table.
 */
bool
sa_steps_pull(const struct table *cur, struct table *next, uint64_t lo,
    uint64_t hi, size_t n, const sa_step *st, struct step_state *ss)
{
	enum { MAXT = 64 };
	struct job jobs[MAXT];
	struct pair pairs[2 * SA_PERM_MAX];
	const struct tail *tl = &ss->tail;
	size_t npairs = 0;
	uint32_t mixed = 0;
	unsigned threads = ss->threads < MAXT ? ss->threads : MAXT;
	uint64_t block = 1, chunk = UINT64_C(1) << 22, at = lo;

	/* Fewer cards than a group: one output at a time (pull_one). */
	if (st->kind == SA_STEP_SWAP && n >= TAIL) {
		block = TAIL_ORDERS;
		for (size_t c = st->lo; c < st->lo + st->count; c++) {
			struct pair *pr = &pairs[npairs++];

			pr->u = (unsigned)(c < st->pos ? c : st->pos);
			pr->v = (unsigned)(c < st->pos ? st->pos : c);
			pr->kind = c == st->pos ? PAIR_SELF : pr->v < tl->m ?
			    PAIR_FRONT : pr->u >= tl->m ? PAIR_TAIL : PAIR_MIXED;
			pr->run = sa_factorial(n - pr->v - 1);
			if (pr->kind == PAIR_MIXED)
				mixed |= UINT32_C(1) << pr->u;
			/* The identity first: its run starts the sums. */
			if (pr->kind == PAIR_SELF && npairs > 1) {
				struct pair t = pairs[0];

				pairs[0] = *pr;
				*pr = t;
			}
		}
	}

	/* Chunks of whole blocks. */
	if (chunk < block)
		chunk = block;
	chunk -= chunk % block;

	ss->nonzero = 0;
	ss->most = 0;
	while (at < hi) {
		uint64_t span = hi - at < chunk * threads ? hi - at :
		    chunk * threads;

		for (unsigned k = 0; k < threads; k++) {
			uint64_t first, blocks;

			/* Whole blocks to each thread, the rest to the last. */
			sa_stretch(span / block, threads, k, &first, &blocks);
			jobs[k].lo = at + first * block;
			jobs[k].hi = k + 1 == threads ? at + span :
			    jobs[k].lo + blocks * block;
			jobs[k].cur = cur;
			jobs[k].next = next;
			jobs[k].st = st;
			jobs[k].tl = tl;
			jobs[k].pairs = pairs;
			jobs[k].npairs = npairs;
			jobs[k].mixed = mixed;
			jobs[k].n = n;
			jobs[k].nonzero = 0;
			jobs[k].most = 0;
			jobs[k].overflow = false;
		}
		sa_parallel(pull_range, jobs, sizeof jobs[0], threads);
		for (unsigned k = 0; k < threads; k++) {
			if (jobs[k].overflow)
				return false;
			ss->nonzero += jobs[k].nonzero;
			if (jobs[k].most > ss->most)
				ss->most = jobs[k].most;
		}
		at += span;
		if (ss->opts != NULL && ss->opts->progress != NULL)
			ss->opts->progress(ss->opts->progress_ctx, ss->done +
			    ss->share * (double)(at - lo) / (double)(hi - lo));
	}
	return true;
}
