/*
 * steps_shard.c - the step engine's census sharded by leading card over
 * the ranks of sa_census_opts's comm.
 */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "steps_shared.h"


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
		sa_steps_group_at(&g, tl, gb);
		sa_steps_mixed_sources(&g, tl, 1, gb, &src);
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

void
sa_steps_shard_free(struct shard_run *sr)
{
	free(sr->terms);
	free(sr->send);
	free(sr->recv);
	free(sr->sendlen);
	free(sr->recvlen);
	free(sr->counts);
	free(sr->place);
}

int
sa_steps_shard_init(struct shard_run *sr, const sa_comm *comm, size_t n)
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
int
sa_steps_agree(const sa_comm *comm, int status)
{
	uint64_t v = (uint64_t)status;

	return sa_comm_max(comm, &v) != SA_OK ? SA_ECOMM : (int)v;
}

/* One step of a sharded census into NEXT, wider while the room allows. */
int
sa_steps_shard_step(struct shard_run *sr, struct table *cur, struct table *next,
    const sa_step *st, struct step_state *ss, unsigned *need)
{
	struct remote rem[SA_PERM_MAX];
	sa_step local;
	size_t nrem = split_step(st, sr->n, &local, rem);
	int status;

	next->width = cur->width;
	for (;;) {
		bool over = sr->hi > sr->lo && !sa_steps_pull(cur, next, sr->lo,
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

