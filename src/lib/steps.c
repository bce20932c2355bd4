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
 * Counts are kept in 8 bits while they fit, then 16, in tables with room
 * for 32 (Durstenfeld's, each 0 or 1, stay in 8).  Every count of a
 * partial run is at most the largest final count: the remaining steps
 * take the arrangement A to A t for fixed t, so the final count of A t
 * includes all of A's.  The engine does not rely on that, though: it
 * checks every sum.  A pull whose sums do not fit is done again wider
 * (it leaves its input as it was); a push is given a wider table first
 * where its sums might not fit; a push that overflows all the same, or
 * a count past 32 bits, starts the census again wider.
 * Before the last step, a pull may instead spill the few counts too wide
 * for 16 bits into a list (struct spills), which the next step pushes:
 * the naive shuffle of 12 cards has 54 such counts after its eleventh
 * step, whose table so stays half the size.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/*
 * Counts too wide for a 16-bit table, while there are few of them: the
 * table holds 0 at their ranks, and the list the counts (struct
 * sa_spill).  The count at a rank is what the table holds there plus
 * what the list holds for it.
 */
struct spills {
	struct sa_spill *list;
	size_t len, cap;	/* CAP 0: the list could not be had */
	size_t limit;		/* how many this step's output may list */
	pthread_mutex_t *lock;	/* taken by the threads of a pull */
};

struct table {
	void *v;
	unsigned width;		/* bytes an entry: 1, 2, 4 or 8 */
	uint64_t base;		/* the rank of entry 0: 0 but in a shard */
	struct spills sp;	/* counts past 16 bits, in a 16-bit table */
};

static inline uint64_t
width_max(unsigned width)
{
	return width == 8 ? UINT64_MAX : (UINT64_C(1) << 8 * width) - 1;
}

static inline uint64_t
get(const struct table *t, uint64_t r)
{
	r -= t->base;
	switch (t->width) {
	case 1:
		return ((const uint8_t *)t->v)[r];
	case 2:
		return ((const uint16_t *)t->v)[r];
	case 4:
		return ((const uint32_t *)t->v)[r];
	default:
		return ((const uint64_t *)t->v)[r];
	}
}

/* Stores V at R; false when it does not fit. */
static inline bool
put(struct table *t, uint64_t r, uint64_t v)
{
	r -= t->base;
	switch (t->width) {
	case 1:
		((uint8_t *)t->v)[r] = (uint8_t)v;
		return v <= UINT8_MAX;
	case 2:
		((uint16_t *)t->v)[r] = (uint16_t)v;
		return v <= UINT16_MAX;
	case 4:
		((uint32_t *)t->v)[r] = (uint32_t)v;
		return v <= UINT32_MAX;
	default:
		((uint64_t *)t->v)[r] = v;
		return true;
	}
}

/*
 * Lists count V at rank R of the 16-bit table T, which then holds 0
 * there; false when T may not spill or its list is full.
 */
static bool
spill_add(struct table *t, uint64_t r, uint64_t v)
{
	struct spills *sp = &t->sp;
	bool ok;

	if (t->width != 2 || sp->limit == 0)
		return false;
	pthread_mutex_lock(sp->lock);
	ok = sp->len < sp->limit;
	if (ok) {
		sp->list[sp->len].at = r;
		sp->list[sp->len++].v = v;
	}
	pthread_mutex_unlock(sp->lock);
	return ok;
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

/*
 * Where a count at arrangement P (rank R) goes in step ST: to TO[k],
 * times TIMES[k], for each k below the number returned.
 */
enum { TARGETS_MAX = 1 + SA_PERM_MAX * (SA_PERM_MAX - 1) / 2 };

static size_t
targets(unsigned *p, size_t n, uint64_t r, const sa_step *st, uint64_t *to,
    uint64_t *times)
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
	size_t k = targets(p, n, r, st, to, times);

	for (size_t i = 0; i < k; i++)
		sum += get(cur, to[i]) * times[i];
	return sum;
}

/*
 * Pulls go by groups: the arrangements that share their first M = N - T
 * cards (T = TAIL = 5) have consecutive ranks, T! = 120 of them, in the
 * order of their last T cards among themselves.  Call those cards the
 * group's tail.  Swapping positions U and V of each arrangement of a
 * group reads one of three kinds of source:
 *
 * - both in the front (U, V < M): the swap maps the whole group onto
 *   another group in the same order, a run of 120 to add;
 * - both in the tail: the source is in the same group, at a local rank a
 *   fixed table gives (struct tail's swap);
 * - U in the front, V in the tail: the source puts the tail card y of
 *   position V at U, and the front card x of U into the tail.  Its group
 *   is the one whose front has y at U, one of T groups, whose start is
 *   worked out once for all the group's 120 outputs; inside it, the local
 *   rank depends only on the output's local rank, V, and where x falls
 *   among the other tail cards (struct tail's by_with).
 *
 * So the rank arithmetic is done once per group, a few dozen digits, and
 * each output's sources are table reads.  With 4 cards in the tail
 * (groups of 24) the naive census of 11 cards took 4.4 s, with 5 3.9 s.
 * Decks of fewer than TAIL cards are pulled one output at a time.
 */
enum { TAIL = 5, TAIL_ORDERS = 120 };

struct tail {
	size_t n, m;			/* M = N - TAIL front cards */
	uint64_t fact[SA_PERM_MAX];	/* (n-1-i)!, the weight of position i */
	/* swap[a][k][b]: the local rank of order K with A and B swapped. */
	uint8_t swap[TAIL][TAIL_ORDERS][TAIL];
	/*
	 * by[a][y] lists the 24 orders whose card at A has rank Y in the
	 * tail, and by_with[a][y][x][i] is the local rank of order
	 * by[a][y][i] with its card at A replaced by one whose rank among
	 * the other T - 1 cards is X: a pull reads each source group's part
	 * in one loop.
	 */
	uint8_t by[TAIL][TAIL][TAIL_ORDERS / TAIL];
	uint8_t by_with[TAIL][TAIL][TAIL][TAIL_ORDERS / TAIL];
};

static void
tail_for(struct tail *tl, size_t n)
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

/* A group: its first arrangement (the tail ascending) and its digits. */
struct group {
	uint64_t at;			/* its first rank, or UINT64_MAX */
	unsigned p[SA_PERM_MAX];
	uint32_t avail[SA_PERM_MAX + 1];	/* cards not before position i */
	uint64_t prefix[SA_PERM_MAX + 1];	/* the rank's part before i */
	unsigned digit[SA_PERM_MAX];	/* the Lehmer digit at i */
};

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

/* One swap of a step, by the kind of source it reads. */
struct pair {
	enum { PAIR_SELF, PAIR_FRONT, PAIR_MIXED, PAIR_TAIL } kind;
	unsigned u, v;		/* positions; for MIXED, U front and V tail */
	uint64_t run;		/* FRONT: the ranks that share positions to V */
};

struct job {
	const struct table *cur;
	struct table *next;
	const sa_step *st;
	const struct tail *tl;
	const struct pair *pairs;
	size_t npairs;
	uint32_t mixed;		/* the front positions of MIXED pairs */
	size_t n;
	uint64_t lo, hi;	/* the output ranks this job writes */
	uint64_t nonzero;	/* outputs that came out non-zero */
	uint64_t most;		/* the largest of them */
	bool overflow;
};

/* G moved to the group of first rank B, its digits worked out. */
static void
group_at(struct group *g, const struct tail *tl, uint64_t b)
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
 * Where group B's sources are.  FROM[i] for pair i: the start of a run
 * of 120 (SELF, FRONT) or of the group itself (TAIL).  For a front
 * position U of MIXED pairs, GROUP[U][c] is the start of the group whose
 * front has the tail card c at U (and so the card X of U in its tail),
 * and ROOM[U][c] is the rank of X among that tail's other cards.
 */
struct sources {
	uint64_t from[2 * SA_PERM_MAX];
	uint64_t group[SA_PERM_MAX][TAIL];
	uint8_t room[SA_PERM_MAX][TAIL];
};

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
static void
mixed_sources(const struct group *g, const struct tail *tl, uint32_t set,
    uint64_t b, struct sources *src)
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
			group_at(g, tl, b);
			x = g->p[u];
			g->p[u] = g->p[v];
			g->p[v] = x;
			src->from[i] = front_rank(g, tl, u, g->p);
			g->p[v] = g->p[u];
			g->p[u] = x;
		}
	}
	if (j->mixed != 0) {
		group_at(g, tl, b);
		mixed_sources(g, tl, j->mixed, b, src);
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
			if (!spill_add(j->next, b + k, acc[k]))		\
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

#if defined(__GNUC__)
#define PREFETCH(a) __builtin_prefetch(a)
#else
#define PREFETCH(a) ((void)(a))
#endif

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
	struct sources src[2];
	struct group g;
	unsigned now = 0;

	memset(src, 0, sizeof src);
	g.at = UINT64_MAX;
	group_sources(&g, j, j->lo, NULL, &src[now]);
	for (uint64_t b = j->lo; b < j->hi; b += TAIL_ORDERS) {
		bool ok;

		/* The next group's sources, asked for now. */
		if (b + TAIL_ORDERS < j->hi) {
			group_sources(&g, j, b + TAIL_ORDERS, &src[now],
			    &src[!now]);
			prefetch_sources(j, &src[!now]);
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
		now = !now;
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

/*
 * Adds V at R, listing R in TO when it turns non-zero, the sum kept in
 * *MOST when it is the largest yet.
 */
static inline bool
push_one(struct table *t, uint64_t r, uint64_t v, struct sparse *to,
    uint64_t *most)
{
	uint64_t was = get(t, r);

	if (was + v > *most)
		*most = was + v;
	if (was == 0 && v != 0) {
		if (to->len < to->cap)
			to->at[to->len] = r;
		else
			to->valid = false;
		to->len++;
	}
	return put(t, r, was + v) && was + v >= was;
}

/*
 * The same step by pushing from each non-zero count (those listed in
 * FROM, or all of the table when FROM is not valid) into NEXT, which
 * must be all zeros; single-threaded.  CUR is left all zeros, ready to
 * be the next step's NEXT, which spares a pass to clear it.  TO lists
 * the counts made non-zero; their number goes to *NONZERO.
 *
 * The writes land far apart, so each count's targets are worked out and
 * asked for one count ahead of the adds into them: the misses overlap.
 */
static bool
push_step(struct table *cur, struct table *next, uint64_t orderings,
    size_t n, const sa_step *st, const struct sparse *from,
    struct sparse *to, uint64_t *nonzero, uint64_t *most)
{
	struct {
		uint64_t c, k, to[TARGETS_MAX], times[TARGETS_MAX];
	} ring[2];
	unsigned p[SA_PERM_MAX];
	uint64_t len = from->valid ? from->len : orderings;
	const char *v = next->v;

	to->len = 0;
	to->valid = to->at != NULL;
	*most = 0;
	ring[0].k = ring[1].k = 0;
	for (uint64_t i = 0; i <= len; i++) {
		uint64_t r;
		unsigned now = i & 1;

		ring[now].k = 0;
		if (i < len) {
			r = from->valid ? from->at[i] : i;
			if (from->valid && i + 8 < len)
				PREFETCH((const char *)cur->v + from->at[i + 8] *
				    cur->width);
			ring[now].c = get(cur, r);
			if (ring[now].c != 0) {
				put(cur, r, 0);
				sa_perm_unrank(r, n, p);
				ring[now].k = targets(p, n, r, st, ring[now].to,
				    ring[now].times);
				for (uint64_t k = 0; k < ring[now].k; k++)
					PREFETCH(v + ring[now].to[k] *
					    next->width);
			}
		}
		/* The count before, whose targets were asked for then. */
		for (uint64_t k = 0; k < ring[!now].k; k++)
			if (ring[!now].c > UINT64_MAX / ring[!now].times[k] ||
			    !push_one(next, ring[!now].to[k],
			    ring[!now].c * ring[!now].times[k], to, most))
				return false;
		ring[!now].k = 0;
	}
	*nonzero = to->len;
	return true;
}

/*
 * Adds D at R in T, spilling where it may; false when it cannot.  The
 * count at a rank is what the table holds plus what the list holds for
 * it, so a rank may be listed more than once (a pull reads the table,
 * spills_push adds the list): a sum is simply listed again.
 */
static bool
spill_into(struct table *t, uint64_t r, uint64_t d, uint64_t *nonzero,
    uint64_t *most)
{
	uint64_t was = get(t, r);

	if (was + d < was)
		return false;
	if (was + d > *most)
		*most = was + d;
	*nonzero += was == 0 && d != 0;
	if (was + d <= width_max(t->width))
		return put(t, r, was + d);
	if (!spill_add(t, r, was + d))
		return false;
	put(t, r, 0);
	return true;
}

/*
 * After a pull, which read CUR's spilled counts as 0: each pushed by
 * step ST into NEXT, as push_step would.  They are few.  False when a
 * sum does not fit NEXT and it may not spill.
 */
static bool
spills_push(const struct table *cur, struct table *next, size_t n,
    const sa_step *st, uint64_t *nonzero, uint64_t *most)
{
	uint64_t to[TARGETS_MAX], times[TARGETS_MAX];
	unsigned p[SA_PERM_MAX];

	for (size_t i = 0; i < cur->sp.len; i++) {
		const struct sa_spill *c = &cur->sp.list[i];
		size_t k;

		sa_perm_unrank(c->at, n, p);
		k = targets(p, n, c->at, st, to, times);
		for (size_t t = 0; t < k; t++)
			if (c->v > UINT64_MAX / times[t] ||
			    !spill_into(next, to[t], c->v * times[t], nonzero,
			    most))
				return false;
	}
	return true;
}

/* What the steps of one census share. */
struct step_state {
	const sa_census_opts *opts;
	unsigned threads, room, need;	/* ROOM: the bytes an entry has */
	uint64_t nonzero;
	uint64_t most;			/* the largest count, after a step */
	struct sparse from, to;		/* the non-zero counts, while few */
	bool next_zero;			/* NEXT is all zeros */
	double done, share;		/* the census's progress, and the step's */
	struct tail tail;		/* the groups' tables, at TAIL cards on */
};

/*
 * One step into ranks LO to HI, pulled over SS's threads, in chunks so
 * that progress can be told between them.  False on a count too wide
 * for the table.
 */
static bool
pull_step(const struct table *cur, struct table *next, uint64_t lo,
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
		uint64_t lo, len;

		sa_stretch(bytes, threads, k, &lo, &len);
		jobs[k].at = (char *)v + lo;
		jobs[k].len = (size_t)len;
	}
	sa_parallel(zero_range, jobs, sizeof jobs[0], threads);
}

/*
 * A table of COUNT entries of ROOM bytes, all zero, released by free().
 * A big one's first ZERO bytes are written (with zeros) on THREADS
 * threads, for the kernel to supply their pages on every core; the rest
 * is first written by a step at a wider width, or never (a table that
 * stays narrow).
 *
 * Big tables are not offered to the kernel for huge pages, though the
 * pulls read them all over: on the machines this was measured on (KVM
 * guests), a fresh 2 MiB page cost the kernel up to seven times what
 * as many 4 KiB pages did to clear (23 s against 3.4 s for 2 GiB whose
 * memory the host had taken back), more than the TLB misses it saved;
 * the naive census of 12 cards went from 34 s to 17 s without them and
 * with a 16-bit table before the last step (struct spills).
 */
static void *
table_alloc(uint64_t count, size_t room, size_t zero, unsigned threads)
{
	void *v;

	if (count > SIZE_MAX / room || (v = calloc(count, room)) == NULL)
		return NULL;
	if ((size_t)count * room >= ((size_t)8 << 20))
		zero_parallel(v, zero, threads);
	return v;
}

static int
by_rank(const void *a, const void *b)
{
	const struct sa_spill *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

/*
 * The 16-bit tally T's list, for the census (struct sa_census's over):
 * by rank, each rank once with its whole count (the table's and the
 * list's), and UINT16_MAX in the table there.
 */
static void
settle(struct table *t)
{
	struct spills *sp = &t->sp;
	struct sa_spill *shrunk;
	size_t k = 0;

	qsort(sp->list, sp->len, sizeof *sp->list, by_rank);
	for (size_t i = 0; i < sp->len; k++) {
		uint64_t at = sp->list[i].at, v = get(t, at);

		for (; i < sp->len && sp->list[i].at == at; i++)
			v += sp->list[i].v;
		sp->list[k].at = at;
		sp->list[k].v = v;
		((uint16_t *)t->v)[at - t->base] = UINT16_MAX;
	}
	sp->len = k;
	if ((shrunk = realloc(sp->list, k * sizeof *shrunk)) != NULL)
		sp->list = shrunk;
}

/*
 * One step into NEXT: pushed from the non-zero counts while they are
 * few, else pulled on every core.  A pull whose counts outgrow NEXT's
 * width is done again wider while the table has ROOM; false when it has
 * not (or a push overflows), with the width wanted in *NEED.
 */
static bool
step_into(struct table *cur, struct table *next, uint64_t orderings,
    size_t n, const sa_step *st, struct step_state *ss)
{
	/*
	 * Pushes run while fewer than SPARSE counts are non-zero (the lists
	 * hold that many): a push is one thread writing at random, a pull
	 * every core reading the whole table.  Where that read is a stream
	 * of whole runs (every swap within the first POS + 1 places) the
	 * pull pays from 1/256 of the table non-zero, else from 1/64.
	 */
	uint64_t sparse = st->kind == SA_STEP_SWAP && st->lo + st->count <=
	    st->pos + 1 ? orderings / 256 : orderings / 64;
	struct sparse swap;

	next->sp.len = 0;
	/* A push would read spilled counts as 0. */
	if (ss->nonzero < sparse && cur->sp.len == 0) {
		/*
		 * A push empties CUR as it goes, so it cannot be done again
		 * wider: NEXT is widened first where a sum could outgrow it,
		 * each at most the largest count times the step's ways.  The
		 * bytes a wider NEXT adds were never written (widths only
		 * grow), so they are still the allocation's zeros.
		 */
		uint64_t ways = sa_step_total(st, n);

		next->width = cur->width;
		while (next->width < ss->room && ways != 0 &&
		    ss->most > width_max(next->width) / ways)
			next->width *= 2;
		if (!ss->next_zero)
			memset(next->v, 0, orderings * next->width);
		ss->next_zero = true;	/* CUR, about to be NEXT */
		if (!push_step(cur, next, orderings, n, st, &ss->from, &ss->to,
		    &ss->nonzero, &ss->most)) {
			ss->need = 2 * cur->width;
			return false;
		}
		swap = ss->from;
		ss->from = ss->to;
		ss->to = swap;
		return true;
	}
	ss->next_zero = false;
	ss->from.valid = false;
	next->width = cur->width;
	while (!pull_step(cur, next, 0, orderings, n, st, ss) ||
	    !spills_push(cur, next, n, st, &ss->nonzero, &ss->most)) {
		if (next->width >= ss->room) {
			ss->need = 2 * next->width;
			return false;
		}
		next->width *= 2;
		next->sp.len = 0;
	}
	return true;
}


/*
 * The census sharded by leading card (sa_census_opts's comm).  Rank K
 * holds the orderings whose first card is in its block (sa_census_shard),
 * a run of consecutive ranks, so a swap of two positions other than 0
 * keeps every source in the shard, and the existing pull does that part
 * of a step on the shard alone.  A swap of positions 0 and V moves the
 * card at V to the front, into the shard that holds it: those terms are
 * pushed, each non-zero count A sent with the rank of A with positions 0
 * and V swapped to the rank that holds it, in rounds of at most ROUND
 * terms a rank (fewer for small blocks: every rank takes the same), so
 * that the buffers stay small beside the tables.
 */
enum { ROUND = 1 << 20 };

/* A swap of positions 0 and V, made in W of a step's ways. */
struct remote {
	size_t v;
	uint64_t w;
};

/*
 * Step IN split into what a shard pulls alone (LOCAL) and the swaps with
 * position 0 (REM); their number.  A pick is a swap of POS with a
 * position from POS on (its retries folded away).
 */
static size_t
split_step(const sa_step *in, size_t n, sa_step *local, struct remote *rem)
{
	sa_step st = *in;
	size_t k = 0;

	if (st.kind == SA_STEP_PICK) {
		st.kind = SA_STEP_SWAP;
		st.lo = st.pos;
		st.count = n - st.pos;
	}
	*local = st;
	if (st.kind == SA_STEP_SWAP2) {
		/* (0, v) and (v, 0): two of the ways. */
		local->lo = 1;
		for (size_t v = 1; v < n; v++, k++) {
			rem[k].v = v;
			rem[k].w = 2;
		}
	} else if (st.pos != 0) {
		/* A range with 0 in it starts there. */
		if (st.lo == 0 && st.count > 0) {
			rem[k].v = st.pos;
			rem[k++].w = 1;
			local->lo = 1;
			local->count = st.count - 1;
		}
	} else {
		for (uint64_t j = 0; j < st.count; j++)
			if (st.lo + j != 0) {
				rem[k].v = st.lo + j;
				rem[k++].w = 1;
			}
		local->lo = 0;
		local->count = st.lo == 0 && st.count > 0;
	}
	return k;
}

size_t
sa_step_swaps0(const sa_step *st, size_t n)
{
	struct remote rem[SA_PERM_MAX];
	sa_step local;

	return split_step(st, n, &local, rem);
}

uint64_t
sa_shard_round(size_t n, unsigned ranks)
{
	uint64_t lo, hi;

	/* The first block is the largest; a step swaps 0 with n - 1 at most. */
	sa_census_shard(n, ranks, 0, &lo, &hi);
	return (hi - lo) * (n - 1) < ROUND ? (hi - lo) * (n - 1) : ROUND;
}

/* A term on its way: the rank it adds to, the amount, its shard. */
struct term {
	uint64_t at, v;
	unsigned to;
};

/* What the rounds of a sharded census share. */
struct shard_run {
	const sa_comm *comm;
	size_t n;
	uint64_t lo, hi, most;		/* this rank's block; the largest */
	uint64_t cap;			/* terms a round, at most */
	unsigned owner[SA_PERM_MAX];	/* the rank holding each first card */
	struct term *terms;		/* ROUND of them */
	uint64_t *send, *recv;		/* (at, v) pairs */
	size_t recv_cap;		/* pairs RECV has room for */
	size_t *sendlen, *recvlen;	/* bytes to and from each rank */
	uint64_t *counts;		/* pairs to and from each rank */
	uint64_t *place;		/* where each rank's pairs go next */
	const struct tail *tl;		/* the groups' tables */
};

/* Adds V at R in T; false when the sum does not fit. */
static inline bool
add_at(struct table *t, uint64_t r, uint64_t v)
{
	uint64_t was = get(t, r);

	return was + v >= was && put(t, r, was + v);
}

/*
 * The terms of the swap REM of positions 0 and V from CUR's ranks A to
 * B, after the NTERMS in SR's list; the number now listed.  They go by
 * runs: the ranks that share positions 0 to V are consecutive, (n-1-V)!
 * of them, and so are the ranks the swap takes them to, in the same
 * order (the cards after V, the same set, are ordered alike), all in
 * the shard that holds the card at V.  So a rank is worked out once a
 * run, and the runs follow each other by next_permutation.
 */
static size_t
swap_runs(struct shard_run *sr, const struct table *cur, struct table *next,
    const struct remote *rem, uint64_t a, uint64_t b, size_t nterms,
    bool *over)
{
	size_t n = sr->n, v = rem->v;
	uint64_t len = sa_factorial(n - 1 - v), w = rem->w;
	unsigned p[SA_PERM_MAX], me = sr->comm->rank;

	if (a >= b)
		return nterms;
	sa_perm_unrank(a - a % len, n, p);
	for (uint64_t start = a - a % len; start < b; start += len) {
		uint64_t lo = start > a ? start : a;
		uint64_t hi = start + len < b ? start + len : b;
		uint64_t first = UINT64_MAX;	/* the run's rank, once needed */
		unsigned to = sr->owner[p[v]];

		for (uint64_t r = lo; r < hi; r++) {
			uint64_t c = get(cur, r), dest;

			if (c == 0)
				continue;
			if (first == UINT64_MAX)
				first = rank_swapped(p, n, 0, v);
			dest = first + (r - start);
			if (c > UINT64_MAX / w) {
				*over = true;
			} else if (to == me) {
				*over |= !*over && !add_at(next, dest, c * w);
			} else {
				sr->terms[nterms].at = dest;
				sr->terms[nterms].v = c * w;
				sr->terms[nterms++].to = to;
			}
		}
		/* The run's last arrangement has its cards after V descending. */
		for (size_t x = v + 1, y = n - 1; x < y; x++, y--) {
			unsigned t = p[x];

			p[x] = p[y];
			p[y] = t;
		}
		next_permutation(p, n);
	}
	return nterms;
}

/*
 * The same for a swap of 0 with a position V among the last five, by
 * groups of 120 (A and B whole groups): the swap takes the 24 orders of
 * a group with its tail card y at V to the group whose front has y at
 * 0, the one pull_groups reads as a MIXED pair's source (a swap undoes
 * itself), at the local ranks its tables give; so the rank arithmetic
 * is done once for five groups of 24 counts.
 */
static size_t
swap_groups(struct shard_run *sr, const struct table *cur,
    struct table *next, const struct remote *rem, uint64_t a, uint64_t b,
    size_t nterms, bool *over)
{
	const struct tail *tl = sr->tl;
	size_t v = rem->v - tl->m;
	uint64_t w = rem->w;
	unsigned me = sr->comm->rank;
	struct sources src;
	struct group g;

	g.at = UINT64_MAX;
	for (uint64_t gb = a; gb < b; gb += TAIL_ORDERS) {
		group_at(&g, tl, gb);
		mixed_sources(&g, tl, 1, gb, &src);
		for (size_t y = 0; y < TAIL; y++) {
			const uint8_t *ks = tl->by[v][y];
			const uint8_t *to_k = tl->by_with[v][y][src.room[0][y]];
			unsigned to = sr->owner[g.p[tl->m + y]];

			for (size_t e = 0; e < TAIL_ORDERS / TAIL; e++) {
				uint64_t c = get(cur, gb + ks[e]);
				uint64_t dest = src.group[0][y] + to_k[e];

				if (c == 0)
					continue;
				if (c > UINT64_MAX / w) {
					*over = true;
				} else if (to == me) {
					*over |= !*over && !add_at(next, dest,
					    c * w);
				} else {
					sr->terms[nterms].at = dest;
					sr->terms[nterms].v = c * w;
					sr->terms[nterms++].to = to;
				}
			}
		}
	}
	return nterms;
}

/*
 * One round: the terms of the swaps with position 0 from CUR's ranks A
 * to B (none when A = B), this rank's own added into NEXT at once, the
 * others sent, and those sent here added.  *OVER is set when a sum does
 * not fit (the round still exchanges, so that every rank keeps step).
 */
static int
shard_round(struct shard_run *sr, const struct table *cur,
    struct table *next, const struct remote *rem, size_t nrem, uint64_t a,
    uint64_t b, bool *over)
{
	const sa_comm *comm = sr->comm;
	unsigned ranks = comm->size;
	size_t nterms = 0, total = 0;
	uint64_t *at;

	for (size_t i = 0; i < nrem; i++)
		nterms = rem[i].v >= sr->tl->m ? swap_groups(sr, cur, next,
		    &rem[i], a, b, nterms, over) : swap_runs(sr, cur, next,
		    &rem[i], a, b, nterms, over);
	/* The terms in rank order of their shards, and how many to each. */
	for (unsigned k = 0; k < ranks; k++)
		sr->counts[k] = 0;
	for (size_t t = 0; t < nterms; t++)
		sr->counts[sr->terms[t].to]++;
	for (unsigned k = 0; k < ranks; k++) {
		sr->sendlen[k] = sizeof sr->counts[k];
		sr->recvlen[k] = sizeof sr->counts[k];
	}
	if (sa_comm_swap(comm, sr->counts, sr->sendlen, sr->counts + ranks,
	    sr->recvlen) != SA_OK)
		return SA_ECOMM;
	{
		uint64_t *place = sr->place;

		place[0] = 0;
		for (unsigned k = 0; k < ranks; k++) {
			place[k + 1] = place[k] + sr->counts[k];
			sr->sendlen[k] = (size_t)sr->counts[k] * 2 *
			    sizeof(uint64_t);
			sr->recvlen[k] = (size_t)sr->counts[ranks + k] * 2 *
			    sizeof(uint64_t);
			total += (size_t)sr->counts[ranks + k];
		}
		for (size_t t = 0; t < nterms; t++) {
			uint64_t *e = sr->send + 2 * place[sr->terms[t].to]++;

			e[0] = sr->terms[t].at;
			e[1] = sr->terms[t].v;
		}
	}
	if (total > sr->recv_cap) {
		uint64_t *grown = realloc(sr->recv, total * 2 * sizeof *grown);

		if (grown == NULL)
			return SA_ENOMEM;
		sr->recv = grown;
		sr->recv_cap = total;
	}
	if (sa_comm_swap(comm, sr->send, sr->sendlen, sr->recv,
	    sr->recvlen) != SA_OK)
		return SA_ECOMM;
	at = sr->recv;
	for (size_t t = 0; t < total && !*over; t++, at += 2)
		*over = at[0] - sr->lo >= sr->hi - sr->lo ||
		    !add_at(next, at[0], at[1]);
	return SA_OK;
}

/*
 * The swaps with position 0 of a step, added into NEXT: every rank goes
 * through as many rounds as the largest shard needs.
 */
static int
shard_remote(struct shard_run *sr, const struct table *cur,
    struct table *next, const struct remote *rem, size_t nrem, bool *over)
{
	/* Whole groups a round, so that swap_groups can take them. */
	uint64_t each = nrem == 0 ? 0 : sr->cap / nrem / TAIL_ORDERS *
	    TAIL_ORDERS;
	int status = SA_OK;

	if (nrem == 0)
		return SA_OK;
	if (each == 0)
		each = TAIL_ORDERS;
	for (uint64_t off = 0; off < sr->most && status == SA_OK;
	    off += each) {
		uint64_t a = sr->lo + off < sr->hi ? sr->lo + off : sr->hi;
		uint64_t b = sr->hi - a < each ? sr->hi : a + each;

		status = shard_round(sr, cur, next, rem, nrem, a, b, over);
	}
	return status;
}

static void
shard_run_free(struct shard_run *sr)
{
	free(sr->terms);
	free(sr->send);
	free(sr->recv);
	free(sr->sendlen);
	free(sr->recvlen);
	free(sr->counts);
	free(sr->place);
}

static int
shard_run_init(struct shard_run *sr, const sa_comm *comm, size_t n)
{
	unsigned ranks = comm->size;
	uint64_t lo, hi;

	memset(sr, 0, sizeof *sr);
	sr->comm = comm;
	sr->n = n;
	sa_census_shard(n, ranks, comm->rank, &sr->lo, &sr->hi);
	sa_census_shard(n, ranks, 0, &lo, &hi);
	sr->most = hi - lo;	/* the first block is the largest */
	sr->cap = sa_shard_round(n, ranks);
	for (unsigned c = 0; c < n; c++)
		sr->owner[c] = sa_shard_owner(n, ranks, c);
	sr->terms = malloc(sr->cap * sizeof *sr->terms);
	sr->send = malloc(sr->cap * 2 * sizeof *sr->send);
	sr->sendlen = malloc(ranks * sizeof *sr->sendlen);
	sr->recvlen = malloc(ranks * sizeof *sr->recvlen);
	sr->counts = malloc(2 * (size_t)ranks * sizeof *sr->counts);
	sr->place = malloc(((size_t)ranks + 1) * sizeof *sr->place);
	if (sr->terms == NULL || sr->send == NULL || sr->sendlen == NULL ||
	    sr->recvlen == NULL || sr->counts == NULL || sr->place == NULL)
		return SA_ENOMEM;
	return SA_OK;
}

/* STATUS agreed by every rank: the largest any has, or SA_ECOMM. */
static int
agree(const sa_comm *comm, int status)
{
	uint64_t v = (uint64_t)status;

	return sa_comm_max(comm, &v) != SA_OK ? SA_ECOMM : (int)v;
}

/* One step of a sharded census into NEXT, wider while the room allows. */
static int
shard_step(struct shard_run *sr, struct table *cur, struct table *next,
    const sa_step *st, struct step_state *ss, unsigned *need)
{
	struct remote rem[SA_PERM_MAX];
	sa_step local;
	size_t nrem = split_step(st, sr->n, &local, rem);
	int status;

	next->width = cur->width;
	for (;;) {
		bool over = sr->hi > sr->lo && !pull_step(cur, next, sr->lo,
		    sr->hi, sr->n, &local, ss);
		uint64_t any;

		status = shard_remote(sr, cur, next, rem, nrem, &over);
		any = status != SA_OK ? (uint64_t)status << 1 : over;
		if (sa_comm_max(sr->comm, &any) != SA_OK)
			return SA_ECOMM;
		if (any > 1)
			return (int)(any >> 1);
		if (any == 0)
			return SA_OK;
		if (next->width >= ss->room) {
			*need = 2 * next->width;
			return SA_EOVERFLOW;
		}
		next->width *= 2;
	}
}

/*
 * One census of SH on N cards in tables of START bytes an entry: of all
 * N! orderings, or sharded over COMM (not NULL) of this rank's block.
 * On SA_EOVERFLOW, *NEED is the width wanted.
 */
static int
steps_with(const sa_shuffle *sh, size_t n, uint64_t orderings,
    unsigned start, const sa_census_opts *opts, const sa_comm *comm,
    struct table *result, unsigned *need)
{
	size_t steps = sh->steps(sh, n);
	struct shard_run sr;
	struct step_state ss;
	struct table cur, next, t;
	uint64_t lo = 0, hi = orderings, len;
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	int status = SA_OK;

	memset(&ss, 0, sizeof ss);
	memset(&cur, 0, sizeof cur);
	memset(&next, 0, sizeof next);
	memset(&sr, 0, sizeof sr);
	if (comm != NULL) {
		status = shard_run_init(&sr, comm, n);
		sr.tl = &ss.tail;
		lo = sr.lo;
		hi = sr.hi;
	}
	len = hi - lo;
	ss.threads = opts && opts->threads ? opts->threads : sa_cores();
	ss.opts = opts;
	ss.room = start > 4 ? start : 4;
	ss.nonzero = 1;
	ss.most = 1;
	ss.next_zero = true;
	ss.share = 1.0 / (double)steps;
	if (n >= TAIL)
		tail_for(&ss.tail, n);
	/* A rank past one a leading card holds nothing: one entry, unused. */
	cur.v = table_alloc(len ? len : 1, ss.room, len * start, ss.threads);
	next.v = table_alloc(len ? len : 1, ss.room, len * start, ss.threads);
	cur.width = next.width = start;
	cur.base = next.base = lo;
	if (cur.v == NULL || next.v == NULL)
		status = SA_ENOMEM;
	if (comm != NULL)
		status = agree(comm, status);
	if (status != SA_OK)
		goto out;
	/* Without the lists the pushes scan the table: slower, as exact. */
	if (comm == NULL) {
		ss.from.cap = ss.to.cap = orderings / 64 + 1;
		ss.from.at = malloc((size_t)ss.from.cap * sizeof *ss.from.at);
		ss.to.at = malloc((size_t)ss.to.cap * sizeof *ss.to.at);
		if (ss.from.at != NULL && ss.to.at != NULL) {
			ss.from.at[0] = 0;
			ss.from.len = 1;
			ss.from.valid = true;
		}
		/*
		 * A 16-bit table spills up to one count in 4096 before the
		 * last step (the naive shuffle of 12 cards spills 54 at its
		 * eleventh): the table before the last stays 16-bit, and half
		 * of it is neither written nor read.  The tally itself may
		 * list one in 256 (that census, 1.18 million): a 32-bit tally
		 * would be 958 MB more of fresh pages, which cost this
		 * machine more than the pull that fills them.  Without the
		 * lists it widens.
		 */
		cur.sp.cap = next.sp.cap = orderings / 256 + 256;
		cur.sp.list = malloc(cur.sp.cap * sizeof *cur.sp.list);
		next.sp.list = malloc(next.sp.cap * sizeof *next.sp.list);
		if (cur.sp.list == NULL || next.sp.list == NULL)
			cur.sp.cap = next.sp.cap = 0;
		cur.sp.lock = next.sp.lock = &lock;
	}
	if (lo == 0 && len > 0)
		put(&cur, 0, 1);	/* rank 0 is the starting deck */
	for (size_t s = 0; s < steps && status == SA_OK; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		ss.done = (double)s / (double)steps;
		next.sp.limit = s + 1 < steps && next.sp.cap != 0 ?
		    (size_t)(orderings / 4096 + 256) : next.sp.cap;
		if (comm != NULL) {
			status = shard_step(&sr, &cur, &next, &st, &ss, need);
		} else if (!step_into(&cur, &next, orderings, n, &st, &ss)) {
			*need = ss.need;
			status = SA_EOVERFLOW;
		}
		t = cur;
		cur = next;
		next = t;
	}
	if (status == SA_OK) {
		*result = cur;
		memset(&result->sp, 0, sizeof result->sp);
		if (cur.sp.len != 0) {
			settle(&cur);
			result->sp = cur.sp;
			cur.sp.list = NULL;
		}
		cur.v = NULL;
	}
out:
	free(cur.sp.list);
	free(next.sp.list);
	if (comm != NULL)
		shard_run_free(&sr);
	free(ss.from.at);
	free(ss.to.at);
	free(cur.v);
	free(next.v);
	return status;
}

int
sa_engine_steps(const sa_shuffle *sh, size_t n, uint64_t orderings,
    const sa_census_opts *opts, struct sa_census *out)
{
	struct table t;
	unsigned start = 1, need = 0;
	int status;

	/*
	 * 8-bit counts while they fit, widened by a pull that needs it (or
	 * before a push that might); a push that overflows all the same,
	 * and counts past 32 bits, start again wider (64 at most).
	 */
	const sa_comm *comm = opts != NULL && opts->comm != NULL &&
	    sa_shard_splits(opts->comm->size, n, SA_ENGINE_STEPS, NULL) ?
	    opts->comm : NULL;
	uint64_t lo = 0, hi = orderings;

	if (comm != NULL)
		sa_census_shard(n, comm->size, comm->rank, &lo, &hi);
	while ((status = steps_with(sh, n, orderings, start, opts, comm, &t,
	    &need)) == SA_EOVERFLOW && need <= 8 && need > start) {
		uint64_t limit = opts && opts->max_bytes ? opts->max_bytes :
		    sa_memory_available(NULL);

		status = need == 8 && limit != 0 && hi - lo > limit / 16 ?
		    SA_ETOOBIG : SA_OK;
		if (comm != NULL)
			status = agree(comm, status);
		if (status != SA_OK)
			return status;
		start = need;
	}
	if (status != SA_OK)
		return status;
	out->info.ranks = comm != NULL ? comm->size : 1;
	out->info.shard_lo = lo;
	out->info.shard_hi = hi;
	if (t.width == 8) {
		out->tally = t.v;
	} else if (t.width == 4) {
		out->tally32 = t.v;
	} else if (t.width == 2) {
		out->tally16 = t.v;
		out->over = t.sp.list;	/* only a 16-bit table lists */
		out->overs = t.sp.len;
		t.sp.list = NULL;
	} else {
		out->tally8 = t.v;
	}
	free(t.sp.list);
	return SA_OK;
}

