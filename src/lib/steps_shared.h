/*
 * steps_shared.h - what the step engine's files share (steps.c, the driver and
 * the tables; steps_pull.c, a step pulled; steps_push.c, a step pushed
 * while few counts are non-zero; steps_shard.c, the census sharded by
 * leading card).  Private to the step engine.
 */
#ifndef SA_STEPS_SHARED_H
#define SA_STEPS_SHARED_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "shuffle_audit.h"
#include "internal.h"

/* Hidden from the shared library's exports. */
#if defined(__GNUC__)
#define SA_HIDDEN __attribute__((visibility("hidden")))
#else
#define SA_HIDDEN
#endif


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

/* A group: its first arrangement (the tail ascending) and its digits. */
struct group {
	uint64_t at;			/* its first rank, or UINT64_MAX */
	unsigned p[SA_PERM_MAX];
	uint32_t avail[SA_PERM_MAX + 1];	/* cards not before position i */
	uint64_t prefix[SA_PERM_MAX + 1];	/* the rank's part before i */
	unsigned digit[SA_PERM_MAX];	/* the Lehmer digit at i */
};

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

static inline void
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
 * Lists count V at rank R of the 16-bit table T, which then holds 0
 * there; false when T may not spill or its list is full.
 */
static inline bool
sa_steps_spill_add(struct table *t, uint64_t r, uint64_t v)
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

/* The most places a count goes in one step (sa_steps_targets). */
enum { TARGETS_MAX = 1 + SA_PERM_MAX * (SA_PERM_MAX - 1) / 2 };

/* A read asked for ahead of its use. */
#if defined(__GNUC__)
#define PREFETCH(a) __builtin_prefetch(a)
#else
#define PREFETCH(a) ((void)(a))
#endif

/* The step engine's functions across its files. */
SA_HIDDEN int sa_steps_agree(const sa_comm *comm, int status);
SA_HIDDEN void sa_steps_group_at(struct group *g, const struct tail *tl,
    uint64_t b);
SA_HIDDEN void sa_steps_mixed_sources(const struct group *g,
    const struct tail *tl, uint32_t set, uint64_t b, struct sources *src);
SA_HIDDEN bool sa_steps_pull(const struct table *cur, struct table *next,
    uint64_t lo, uint64_t hi, size_t n, const sa_step *st,
    struct step_state *ss);
SA_HIDDEN bool sa_steps_push(struct table *cur, struct table *next,
    uint64_t orderings, size_t n, const sa_step *st, const struct sparse *from,
    struct sparse *to, uint64_t *nonzero, uint64_t *most);
SA_HIDDEN void sa_steps_shard_free(struct shard_run *sr);
SA_HIDDEN int sa_steps_shard_init(struct shard_run *sr, const sa_comm *comm,
    size_t n);
SA_HIDDEN int sa_steps_shard_step(struct shard_run *sr, struct table *cur,
    struct table *next, const sa_step *st, struct step_state *ss,
    unsigned *need);
SA_HIDDEN bool sa_steps_spills_push(const struct table *cur,
    struct table *next, size_t n, const sa_step *st, uint64_t *nonzero,
    uint64_t *most);
SA_HIDDEN void sa_steps_tail_for(struct tail *tl, size_t n);
SA_HIDDEN size_t sa_steps_targets(unsigned *p, size_t n, uint64_t r,
    const sa_step *st, uint64_t *to, uint64_t *times);

#endif /* SA_STEPS_SHARED_H */
