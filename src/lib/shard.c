/*
 * shard.c - a census shared by ranks (sa_census_opts's comm): the blocks
 * of leading cards, the exchanges every rank makes together, the summary
 * of the whole census from each rank's block, and rank 0's reads of the
 * counts other ranks hold, which they serve until rank 0 is done.
 *
 * Every exchange goes through the caller's one primitive (sa_comm's
 * exchange), so the library knows nothing of MPI: the CLI's MPI build
 * gives it Open MPI's all-to-all, the unit tests threads.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* Counts rank 0 fetches at a time, and their requests. */
enum { FETCH = 1 << 20 };
enum { REQ_DONE = 1, REQ_FETCH, REQ_TOP };

struct sa_shard {
	sa_comm comm;
	/* Rank 0: a window of fetched counts, WLO on... */
	uint64_t wlo, whi, *win;
	/* ...and those top fetched, by rank. */
	uint64_t *pick, npick;		/* (rank, count) pairs */
	bool failed;			/* an exchange failed: no more */
};

static uint64_t shard_count(const struct sa_census *c, uint64_t r);
static int shard_top(const struct sa_census *c, uint64_t k, uint64_t *ranks);

void
sa_census_shard(size_t n, unsigned p, unsigned k, uint64_t *lo,
    uint64_t *hi)
{
	uint64_t first, cards, block = n > 0 ? sa_factorial(n - 1) : 0;

	sa_stretch(n, p > 0 ? p : 1, k, &first, &cards);
	*lo = first * block;
	*hi = (first + cards) * block;
}

unsigned
sa_shard_owner(size_t n, unsigned p, unsigned card)
{
	uint64_t each = n / p, extra = n % p;

	/* sa_stretch: the first EXTRA blocks have one card more. */
	if (card < extra * (each + 1))
		return (unsigned)(card / (each + 1));
	return (unsigned)(extra + (card - extra * (each + 1)) / each);
}

bool
sa_shard_splits(unsigned ranks, size_t n, enum sa_engine engine,
    const sa_reduce *red)
{
	/* 6 cards: a block, (n-1)! ranks, holds whole groups of 120. */
	return ranks > 1 && engine == SA_ENGINE_STEPS && n >= 6 &&
	    (red == NULL || red->method == SA_REDUCE_NONE);
}

bool
sa_shard_wanted(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    enum sa_engine engine)
{
	sa_reduce red;

	if (opts == NULL || opts->comm == NULL)
		return false;
	red = sa_reduce_settle(sh, &opts->reduce);
	return sa_shard_splits(opts->comm->size, n, engine, &red);
}

int
sa_comm_swap(const sa_comm *c, const void *send, const size_t *sendlen,
    void *recv, const size_t *recvlen)
{
	return c->exchange(c->ctx, send, sendlen, recv, recvlen) == 0 ? SA_OK :
	    SA_ECOMM;
}

int
sa_comm_all(const sa_comm *c, const void *mine, size_t len, void *all)
{
	size_t *lens = malloc(c->size * sizeof *lens);
	char *send = malloc(c->size * len + 1);
	int status = SA_ENOMEM;

	if (lens != NULL && send != NULL) {
		for (unsigned k = 0; k < c->size; k++) {
			lens[k] = len;
			memcpy(send + k * len, mine, len);
		}
		status = sa_comm_swap(c, send, lens, all, lens);
	}
	free(lens);
	free(send);
	return status;
}

int
sa_comm_max(const sa_comm *c, uint64_t *v)
{
	uint64_t *all = malloc(c->size * sizeof *all);
	int status = all == NULL ? SA_ENOMEM : sa_comm_all(c, v, sizeof *v,
	    all);

	for (unsigned k = 0; status == SA_OK && k < c->size; k++)
		*v = all[k] > *v ? all[k] : *v;
	free(all);
	return status;
}

/* Rank 0's request Q to every rank; the others receive it into Q. */
static int
request(const sa_comm *comm, uint64_t q[3])
{
	size_t *sendlen = calloc(comm->size, sizeof *sendlen);
	size_t *recvlen = calloc(comm->size, sizeof *recvlen);
	uint64_t *send = malloc(comm->size * 3 * sizeof *send + 1);
	int status = SA_ENOMEM;

	if (sendlen != NULL && recvlen != NULL && send != NULL) {
		for (unsigned k = 0; comm->rank == 0 && k < comm->size; k++) {
			sendlen[k] = 3 * sizeof *q;
			memcpy(send + 3 * k, q, 3 * sizeof *q);
		}
		recvlen[0] = 3 * sizeof *q;
		status = sa_comm_swap(comm, send, sendlen, q, recvlen);
	}
	free(sendlen);
	free(recvlen);
	free(send);
	return status;
}

/*
 * Each rank's LEN[k] bytes at MINE (only its own length matters) to rank
 * 0, into ALL rank by rank there.
 */
static int
to_rank0(const sa_comm *comm, const void *mine, const size_t *len,
    void *all)
{
	size_t *sendlen = calloc(comm->size, sizeof *sendlen);
	size_t *recvlen = calloc(comm->size, sizeof *recvlen);
	int status = SA_ENOMEM;

	if (sendlen != NULL && recvlen != NULL) {
		sendlen[0] = len[comm->rank];
		for (unsigned k = 0; comm->rank == 0 && k < comm->size; k++)
			recvlen[k] = len[k];
		status = sa_comm_swap(comm, mine, sendlen, all, recvlen);
	}
	free(sendlen);
	free(recvlen);
	return status;
}

/* Adds up each rank's LEN numbers MINE into SUM. */
static int
sum_all(const sa_comm *comm, const uint64_t *mine, size_t len,
    uint64_t *sum)
{
	uint64_t *all = malloc(comm->size * len * sizeof *all + 1);
	int status = all == NULL ? SA_ENOMEM : sa_comm_all(comm, mine,
	    len * sizeof *mine, all);

	for (size_t i = 0; i < len; i++) {
		sum[i] = 0;
		for (unsigned k = 0; status == SA_OK && k < comm->size; k++)
			sum[i] += all[(size_t)k * len + i];
	}
	free(all);
	return status;
}

int
sa_shard_summarize(struct sa_census *c, const sa_comm *comm)
{
	sa_census_info *in = &c->info;
	struct sa_shard *sh = calloc(1, sizeof *sh);
	struct sa_summary mine, whole, *all;
	uint64_t width, buckets, *hist;
	int status;

	if (sh == NULL)
		return SA_ENOMEM;
	sh->comm = *comm;
	c->shard = sh;
	c->remote = shard_count;
	c->remote_top = shard_top;
	/* Each block's summary, added up in rank order as one pass would. */
	sa_summary_of(c, in->shard_lo, in->shard_hi, &mine);
	all = malloc(comm->size * sizeof mine);
	status = all == NULL ? SA_ENOMEM : sa_comm_all(comm, &mine,
	    sizeof mine, all);
	memset(&whole, 0, sizeof whole);
	for (unsigned k = 0; status == SA_OK && k < comm->size; k++)
		sa_summary_add(&whole, &all[k]);
	free(all);
	if (status == SA_OK)
		status = sa_summary_set(c, &whole);
	if (status != SA_OK)
		return status;
	/* The histogram's buckets, added up (the distance's sums were). */
	buckets = sa_histogram_buckets(c, &width);
	hist = calloc(buckets, sizeof *hist);
	c->shard_hist = calloc(buckets, sizeof *c->shard_hist);
	if (hist == NULL || c->shard_hist == NULL) {
		free(hist);
		return SA_ENOMEM;
	}
	sa_histogram_count(c, hist);
	status = sum_all(comm, hist, buckets, c->shard_hist);
	free(hist);
	return status;
}

/* How many of ranks LO to HI rank K of P holds, from where. */
static uint64_t
overlap(const struct sa_census *c, unsigned k, uint64_t lo, uint64_t hi,
    uint64_t *from)
{
	uint64_t a, b;

	sa_census_shard(c->info.n, c->info.ranks, k, &a, &b);
	a = a > lo ? a : lo;
	b = b < hi ? b : hi;
	*from = a;
	return a < b ? b - a : 0;
}

/* Serving: this rank's counts of ranks LO to HI, to rank 0. */
static int
serve_fetch(const struct sa_census *c, uint64_t lo, uint64_t hi,
    uint64_t *into)
{
	const sa_comm *comm = &c->shard->comm;
	size_t *len = calloc(comm->size, sizeof *len);
	uint64_t from, have, *mine;
	int status;

	if (len == NULL)
		return SA_ENOMEM;
	for (unsigned k = 0; k < comm->size; k++)
		len[k] = (size_t)overlap(c, k, lo, hi, &from) * sizeof *into;
	have = overlap(c, comm->rank, lo, hi, &from);
	mine = malloc(have * sizeof *mine + 1);
	if (mine == NULL) {
		free(len);
		return SA_ENOMEM;
	}
	for (uint64_t i = 0; i < have; i++)
		mine[i] = sa_count_at(c, from + i);
	status = to_rank0(comm, mine, len, into);
	free(mine);
	free(len);
	return status;
}

/* Serving: this rank's top K (rank, count) pairs, to rank 0. */
static int
serve_top(const struct sa_census *c, uint64_t k, uint64_t *into)
{
	const sa_comm *comm = &c->shard->comm;
	size_t *len = calloc(comm->size, sizeof *len);
	uint64_t lo = c->info.shard_lo, hi = c->info.shard_hi, from;
	uint64_t have = hi - lo < k ? hi - lo : k, *mine;
	int status = SA_ENOMEM;

	mine = malloc(2 * have * sizeof *mine + 1);
	if (len != NULL && mine != NULL) {
		for (unsigned j = 0; j < comm->size; j++) {
			uint64_t size = overlap(c, j, 0, c->info.orderings,
			    &from);

			len[j] = (size_t)(size < k ? size : k) * 2 *
			    sizeof *mine;
		}
		status = have == 0 ? SA_OK :
		    sa_census_top_within(c, lo, hi, have, mine + have);
		for (uint64_t i = 0; status == SA_OK && i < have; i++) {
			mine[2 * i] = mine[have + i];
			mine[2 * i + 1] = sa_count_at(c, mine[2 * i]);
		}
		/* A failure here still takes part, with nothing sent. */
		status = to_rank0(comm, mine, len, into) == SA_OK ? status :
		    SA_ECOMM;
	}
	free(mine);
	free(len);
	return status;
}

int
sa_census_serve(sa_census *c)
{
	struct sa_shard *sh = c->shard;
	uint64_t q[3];
	int status = SA_OK;

	if (sh == NULL || sh->comm.rank == 0)
		return SA_OK;
	for (;;) {
		if (request(&sh->comm, q) != SA_OK)
			return SA_ECOMM;
		if (q[0] == REQ_DONE)
			return status;
		if (q[0] == REQ_FETCH)
			status = serve_fetch(c, q[1], q[2], NULL);
		else if (q[0] == REQ_TOP)
			status = serve_top(c, q[1], NULL);
		if (status == SA_ECOMM)
			return status;
	}
}

/* Rank 0: the counts of FETCH ranks from R into the window. */
static void
fetch(const struct sa_census *c, uint64_t r)
{
	struct sa_shard *sh = c->shard;
	uint64_t q[3] = { REQ_FETCH, r, 0 };

	q[2] = c->info.orderings - r < FETCH ? c->info.orderings : r + FETCH;
	if (sh->win == NULL && (sh->win = malloc(FETCH * sizeof *sh->win)) ==
	    NULL) {
		sh->failed = true;
		return;
	}
	sh->wlo = sh->whi = 0;
	if (request(&sh->comm, q) != SA_OK ||
	    serve_fetch(c, q[1], q[2], sh->win) != SA_OK) {
		sh->failed = true;
		return;
	}
	sh->wlo = q[1];
	sh->whi = q[2];
}

/* Rank 0: the count of R, outside its block (sa_census's remote). */
static uint64_t
shard_count(const struct sa_census *c, uint64_t r)
{
	struct sa_shard *sh = c->shard;
	uint64_t lo = 0, hi = sh->npick;

	if (sh->comm.rank != 0 || r >= c->info.orderings)
		return 0;
	if (r - sh->wlo < sh->whi - sh->wlo)
		return sh->win[r - sh->wlo];
	/* Those the top fetched, by rank. */
	while (lo < hi) {
		uint64_t mid = lo + (hi - lo) / 2;

		if (sh->pick[2 * mid] < r)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < sh->npick && sh->pick[2 * lo] == r)
		return sh->pick[2 * lo + 1];
	if (!sh->failed)
		fetch(c, r);
	return r - sh->wlo < sh->whi - sh->wlo ? sh->win[r - sh->wlo] : 0;
}

/*
 * The lists of every rank (each by runs, then by rank) merged: the first
 * K by runs into RANKS, and kept by rank for the counts.
 */
static int
merge_tops(const struct sa_census *c, uint64_t *all, uint64_t k,
    uint64_t *ranks)
{
	struct sa_shard *sh = c->shard;
	unsigned ranks_n = sh->comm.size;
	uint64_t *at = calloc(ranks_n, sizeof *at), *len, from;

	len = calloc(ranks_n, sizeof *len);
	sh->pick = malloc(2 * k * sizeof *sh->pick);
	if (at == NULL || len == NULL || sh->pick == NULL) {
		free(at);
		free(len);
		return SA_ENOMEM;
	}
	for (unsigned j = 0; j < ranks_n; j++) {
		uint64_t size = overlap(c, j, 0, c->info.orderings, &from);

		at[j] = j == 0 ? 0 : len[j - 1];
		len[j] = at[j] + (size < k ? size : k);
	}
	for (uint64_t i = 0; i < k; i++) {
		unsigned best = ranks_n;

		for (unsigned j = 0; j < ranks_n; j++) {
			const uint64_t *e = all + 2 * at[j];

			if (at[j] < len[j] && (best == ranks_n ||
			    e[1] > all[2 * at[best] + 1] ||
			    (e[1] == all[2 * at[best] + 1] &&
			    e[0] < all[2 * at[best]])))
				best = j;
		}
		ranks[i] = all[2 * at[best]];
		sh->pick[2 * i] = ranks[i];
		sh->pick[2 * i + 1] = all[2 * at[best] + 1];
		at[best]++;
	}
	sh->npick = k;
	qsort(sh->pick, k, 2 * sizeof *sh->pick, sa_cmp_u64);	/* by rank */
	free(at);
	free(len);
	return SA_OK;
}

/* Rank 0: the top K, from every rank's (sa_census's remote_top). */
static int
shard_top(const struct sa_census *c, uint64_t k, uint64_t *ranks)
{
	struct sa_shard *sh = c->shard;
	uint64_t q[3] = { REQ_TOP, k, 0 }, total = 0, from, *all;
	int status;

	if (sh->comm.rank != 0 || sh->failed)
		return SA_EINVAL;
	free(sh->pick);
	sh->pick = NULL;
	sh->npick = 0;
	for (unsigned j = 0; j < sh->comm.size; j++) {
		uint64_t size = overlap(c, j, 0, c->info.orderings, &from);

		total += size < k ? size : k;
	}
	if ((all = malloc(2 * total * sizeof *all)) == NULL)
		return SA_ENOMEM;
	if (request(&sh->comm, q) != SA_OK) {
		sh->failed = true;
		free(all);
		return SA_ECOMM;
	}
	status = serve_top(c, k, all);
	if (status == SA_ECOMM)
		sh->failed = true;
	if (status == SA_OK)
		status = merge_tops(c, all, k, ranks);
	free(all);
	return status;
}

void
sa_shard_free(struct sa_census *c)
{
	struct sa_shard *sh = c->shard;
	uint64_t q[3] = { REQ_DONE, 0, 0 };

	if (sh == NULL)
		return;
	if (sh->comm.rank == 0 && !sh->failed)
		(void)request(&sh->comm, q);
	free(c->shard_hist);
	c->shard_hist = NULL;
	free(sh->win);
	free(sh->pick);
	free(sh);
	c->shard = NULL;
}
