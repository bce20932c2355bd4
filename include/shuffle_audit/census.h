/*
 * shuffle_audit/census.h - the census: its options, its run, its facts and
 * counts (census.c; the engines, steps.c with steps_pull.c, steps_push.c
 * and steps_shard.c, replay.c, stepwalk.c, weighted.c, closed.c;
 * sharded over ranks, shard.c); tallies counted elsewhere and parts
 * added up (census.c).
 */
#ifndef SA_CENSUS_H
#define SA_CENSUS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "big.h"
#include "reduce.h"
#include "shuffle.h"
#include "sys.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The census.
 *
 * sa_census_run() walks every run SHUFFLE can take on N cards and counts
 * the ordering each lands on.  Every figure it gives is an exact integer
 * or an exact fraction.  Sizes beyond what the engine can do are refused
 * before any work: SA_EOVERFLOW when N! or the number of runs would not
 * fit in 64 bits, SA_ETOOBIG when the work needs more than
 * OPTS->max_bytes.
 */
enum sa_engine {
	SA_ENGINE_AUTO = 0,	/* the fastest engine the shuffle allows */
	SA_ENGINE_STEPS,	/* dynamic programming over the step form */
	SA_ENGINE_REPLAY,	/* re-run the program for every draw sequence */
	SA_ENGINE_WALK,		/* every run of the step form, depth first */
	SA_ENGINE_CLOSED	/* the shuffle's own formula (closed()), */
				/* which auto picks; no walk at all */
};

/*
 * Ranks that share one census (Open MPI's, or threads'): the step
 * engine's tables split by leading card, rank K of SIZE holding the
 * orderings whose first card is in its block (sa_census_shard).  The
 * library speaks to the other ranks through EXCHANGE alone, which every
 * rank calls together, in the same order: rank K sends SENDLEN[j] bytes
 * to each rank j, laid end to end at SEND in rank order, and receives
 * RECVLEN[j] bytes from each rank j, laid end to end at RECV (the
 * lengths always agree: the library works them out on both sides).  It
 * returns 0, or anything else when the exchange failed.
 */
typedef struct sa_comm {
	unsigned rank, size;
	void *ctx;
	int (*exchange)(void *ctx, const void *send, const size_t *sendlen,
	    void *recv, const size_t *recvlen);
} sa_comm;

typedef struct sa_census_opts {
	uint64_t max_bytes;	/* 0: sa_memory_available() */
	/*
	 * Memory the caller will need beside the census, counted with it:
	 * EXTRA_BYTES outright and EXTRA_PER_ORDERING for each of the N!
	 * orderings (a row of ranks to sort, say).
	 */
	uint64_t extra_bytes;
	uint64_t extra_per_ordering;
	size_t max_draws;	/* draws in one run; 0: SA_CENSUS_MAX_DRAWS */
	enum sa_engine engine;
	sa_reduce reduce;	/* how each draw is made; zero: the */
				/* shuffle's own (sa_shuffle_reduce) */
	unsigned threads;	/* step engine threads; 0: the machine's cores */
	/*
	 * Called now and then during a long count with the fraction done,
	 * from the thread that started the census; may be NULL.
	 */
	void (*progress)(void *ctx, double done);
	void *progress_ctx;
	/*
	 * A census composed with another (sa_census_then, and so census
	 * --times and distance) stops at this limit; NULL: none.  Its
	 * units are pairs of orderings composed.
	 */
	sa_time_limit *limit;
	/*
	 * Where the census writes the plan it runs by, before it counts (so
	 * a progress callback may read its runs), or the plan it refused
	 * with, whose why says what bound; NULL: not wanted.  With
	 * sa_census_repeat, the plan of one census of the repeated shuffle.
	 */
	struct sa_census_plan *plan;
	/*
	 * A census of a step shuffle on 6 cards or more (no reduction) runs
	 * sharded over COMM's ranks: each holds its block of the tables and
	 * MAX_BYTES is per rank.  Every rank calls sa_census_run with the
	 * same shuffle and options; the census each gets back has the
	 * whole census's facts and figures, and its own block's counts.  On
	 * rank 0 every other count is fetched from its rank as it is asked
	 * for, while the other ranks serve (sa_census_serve) until rank 0
	 * frees its census.  NULL, or a size of 1: one process.
	 */
	const sa_comm *comm;
	/* sa_census_plan_for without COMM: plan for this many ranks (0: 1). */
	unsigned ranks;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_census_opts;

#define SA_CENSUS_MAX_DRAWS 4096

/* A finished census; its storage is the library's. */
typedef struct sa_census sa_census;

/*
 * Counts every run of SHUFFLE on N cards.  On SA_OK, *OUT is a census
 * the caller releases with sa_census_free(); on failure *OUT is NULL.
 * SHUFFLE must outlive the census.
 */
int sa_census_run(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, sa_census **out);

/*
 * Frees C; NULL is fine.  On rank 0 of a sharded census it also tells
 * the serving ranks to stop, and so must be called on every path.
 */
void sa_census_free(sa_census *c);

/*
 * On a rank other than 0 of a sharded census: answers rank 0's requests
 * for counts until rank 0 frees its census.  SA_OK at once for a census
 * that is not sharded, or on rank 0; SA_ECOMM when an exchange fails.
 */
int sa_census_serve(sa_census *c);

/* The orderings rank K of P holds of a census on N cards: [*LO, *HI). */
void sa_census_shard(size_t n, unsigned p, unsigned k, uint64_t *lo,
    uint64_t *hi);

/*
 * The census's plain facts.  RUNS, MAX and MIN are exact when WIDE is
 * false; when it is true (a reduction makes counts past 64 bits) they
 * are 0, and sa_census_runs(), sa_census_max() and sa_census_min() give
 * them at any width.
 */
typedef struct sa_census_info {
	const sa_shuffle *shuffle;
	size_t n;
	uint64_t orderings;	/* N! */
	uint64_t sequences;	/* distinct draw sequences walked */
	/*
	 * The total the counts add up to.  When every run is equally likely
	 * this is the number of runs; when runs have different lengths, each
	 * is weighted by its probability times RUNS, the least common
	 * multiple of the runs' denominators, so counts stay whole.  With a
	 * reduction, each count is the number of ways, raw word by raw word,
	 * to land on the ordering.
	 */
	uint64_t runs;
	uint64_t max, min;	/* the largest and smallest count */
	uint64_t reached;	/* orderings with at least one run */
	uint64_t nmax, nmin;	/* how many orderings have each */
	uint64_t argmax, argmin; /* rank of the first ordering with each */
	bool fair;		/* every ordering has exactly runs / N! */
	bool divides;		/* N! divides the runs */
	bool wide;		/* counts may pass 64 bits (a reduction) */
	bool weighted;		/* runs differ in probability */
	bool renormalised;	/* retries were folded away (SA_STEP_PICK) */
	enum sa_engine engine;	/* the engine that counted */
	sa_reduce reduce;	/* the reduction counted; NONE: plain draws */
	/*
	 * Sharded: RANKS ranks, this one holding the counts of SHARD_LO to
	 * SHARD_HI (else 1, 0 and N!).  A count outside it is fetched by
	 * rank 0 (see sa_census_opts's comm).
	 */
	unsigned ranks;
	uint64_t shard_lo, shard_hi;
	/*
	 * An audit's (sa_census_run_audited with SA_PLACED): the runs that
	 * drew reals and were counted and made again with them at both
	 * ends of their cells (see sa_audit_opts), each landing on the same
	 * deck (a deck that moved ends the walk).  Summed by
	 * sa_census_merge.
	 */
	uint64_t placed;
} sa_census_info;

/* The facts of C, which live as long as C does. */
const sa_census_info *sa_census_about(const sa_census *c);

/*
 * The count of the ordering of rank R (below N!): runs landing on it.
 * sa_census_count() needs a census that is not wide; the others take
 * any.  The big-integer forms return SA_OK or SA_ENOMEM.
 */
uint64_t sa_census_count(const sa_census *c, uint64_t r);
int sa_census_count_big(const sa_census *c, uint64_t r, sa_big *out);
int sa_census_runs(const sa_census *c, sa_big *out);
int sa_census_max(const sa_census *c, sa_big *out);
int sa_census_min(const sa_census *c, sa_big *out);

/*
 * A census of SHUFFLE on N cards from a tally counted elsewhere (another
 * process): TALLY holds N! counts adding up to RUNS, from SEQUENCES draw
 * sequences, WEIGHTED when runs differ in probability.  The census takes
 * TALLY, which must come from malloc(), and frees it with the rest
 * (also on failure).  SA_EINVAL when the counts do not add up to RUNS.
 */
int sa_census_from_tally(sa_census **out, const sa_shuffle *shuffle,
    size_t n, uint64_t *tally, uint64_t runs, uint64_t sequences,
    bool weighted);

/*
 * The same for a part of a walk (sa_audit_opts's PART of PARTS), whose
 * counts add up to at most RUNS (the walk's common weight); the parts'
 * censuses add up with sa_census_merge.
 */
int sa_census_from_part(sa_census **out, const sa_shuffle *shuffle,
    size_t n, uint64_t *tally, uint64_t runs, uint64_t sequences,
    bool weighted);

/*
 * Copies the 64-bit counts of C (not wide) into TALLY, room for N!.
 */
void sa_census_copy_tally(const sa_census *c, uint64_t *tally);

/*
 * Adds census FROM into INTO, both of the same shuffle and cards, as if
 * one walk had counted both (the parts of a shared walk): their counts
 * brought to a common weight, their sequences added.  SA_EOVERFLOW when
 * either has wide counts or the sum does not fit in 64 bits; SA_EINVAL
 * when they differ in cards.
 */
int sa_census_merge(sa_census *into, const sa_census *from);

/*
 * Whether census C, merged from parts, is one whole walk: its counts add
 * up to its runs (SA_EINVAL otherwise: a part missing, forged or counted
 * twice), and, when SHUFFLE is not NULL (a built-in shuffle walked with
 * ideal draws), its runs are the step form's run count exactly
 * (sa_runs_exact).  WHY (SIZE bytes) says what does not add up.
 */
int sa_census_whole(const sa_census *c, const sa_shuffle *shuffle,
    char *why, size_t size);

/*
 * The counts of census C (not wide) as bytes (malloc'd, *LEN), for a
 * part; sa_census_unpack reads them back as a census of SHUFFLE on N
 * cards, partial as sa_census_from_part's (SA_EINVAL when they are not a
 * census of N cards).  Censuses unpacked from the parts of one walk add
 * up with sa_census_merge.
 */
int sa_census_pack(const sa_census *c, unsigned char **buf, size_t *len);
int sa_census_unpack(const sa_shuffle *shuffle, size_t n,
    const unsigned char *buf, size_t len, sa_census **out);

#ifdef __cplusplus
}
#endif

#endif /* SA_CENSUS_H */
