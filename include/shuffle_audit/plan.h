/*
 * shuffle_audit/plan.h - what a census will take, worked out before it
 * starts, and how long, foretold; whether a reduction can serve a
 * shuffle (plan.c, foretell.c).
 */
#ifndef SA_PLAN_H
#define SA_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "census.h"
#include "reduce.h"
#include "shuffle.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * BYTES for a message, as "512 bytes" or "3.6 GiB" (one decimal, cut
 * rather than rounded, so that a limit is never overstated), into BUF.
 */
void sa_format_bytes(uint64_t bytes, char *buf, size_t size);

/* What a census of N cards will take, worked out before it starts. */
typedef struct sa_census_plan {
	size_t n;
	uint64_t orderings;	/* N! */
	uint64_t runs;		/* known in advance for the step form, else 0 */
	uint64_t bytes;		/* memory the engine will allocate, with */
				/* the caller's extra bytes */
	uint64_t max_bytes;	/* the limit it was compared with */
	const char *max_what;	/* what sets that limit, in words */
	size_t fits;		/* after SA_ETOOBIG, or SA_EOVERFLOW of the */
				/* orderings: the most cards whose census */
				/* fits under the same limit */
	enum sa_engine engine;	/* the engine that will run */
	/*
	 * Sharded (RANKS > 1): BYTES is the most one rank allocates, and
	 * each step that swaps with the first position sends at most
	 * EXCHANGED bytes from one rank (every count taken as non-zero),
	 * EXCHANGES such steps, EXCHANGED_TOTAL bytes in all.  After
	 * SA_ETOOBIG of the step engine, RANKS_NEEDED is the fewest ranks,
	 * each with MAX_BYTES, that would hold it (0: not even one per
	 * leading card), RANK_BYTES what each would take.
	 */
	unsigned ranks;
	uint64_t exchanged, exchanged_total;
	size_t exchanges;
	unsigned ranks_needed;
	uint64_t rank_bytes;
	char why[384];		/* a refusal's reason, in words, naming */
				/* the limit that binds */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_census_plan;

/*
 * Works out PLAN for a census of SHUFFLE on N cards under OPTS (which may
 * be NULL for the defaults).  Returns SA_OK, or the status sa_census_run
 * would refuse with (SA_EINVAL for an engine the shuffle cannot use, or a
 * reduction the engine cannot weigh); PLAN is filled in as far as it
 * could be either way.
 */
int sa_census_plan_for(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, sa_census_plan *plan);

/*
 * How long a census will take on this machine, foretold from one of fewer
 * cards timed here: its time scaled by the work of the engine's steps
 * (the step engine) or by the runs (the walk), each known before either
 * starts.
 */
typedef struct sa_census_forecast {
	double seconds;		/* the census foretold, under the same */
				/* options and engine */
	size_t timed_n;		/* the census timed for it: TIMED_N cards */
	double timed_seconds;	/* in TIMED_SECONDS */
	char why[384];		/* with SA_EINVAL: why none is foretold */
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_census_forecast;

/*
 * Foretells, into F, a census of SHUFFLE on N cards under OPTS (NULL for
 * the defaults; its progress, plan and time limit are not used), by
 * running censuses of fewer cards, the largest foretold to take at most
 * half a second or a 30th of the time foretold (a census of up to 6
 * cards is itself timed).  SA_OK; SA_EINVAL, with WHY, for an engine
 * whose work is not known in advance (the replay's, a formula's); else
 * the status sa_census_plan_for or the timed census returned.
 */
int sa_census_foretell(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, sa_census_forecast *f);

/* Seconds PLAN's exchanges take at GBITS gigabits a second a rank. */
double sa_census_plan_seconds(const sa_census_plan *plan, double gbits);

/*
 * Whether R (NONE: SH's own reduction) can make every draw SH asks for
 * on N cards: the one check every command makes before it deals,
 * counts or traces.  SA_OK; SA_ERANGE, with WHY filled in, when a draw
 * is past what R's words reach (sa_reduce_reaches), or when SH draws
 * again until a value is new (the rejection shuffle) and R's words make
 * only some of the values below its bound, so a run would never end;
 * SA_ENOMEM.  WHY's text names the shuffle, the bound, the bits and the
 * bits that would do.
 */
typedef struct sa_reduce_refusal {
	sa_reduce reduce;	/* the reduction judged */
	uint64_t bound;		/* the largest draw the shuffle asks for */
	unsigned bits_needed;	/* the fewest bits that would make it */
	bool loops;		/* the second reason */
	char text[320];
} sa_reduce_refusal;

int sa_reduce_check(const sa_shuffle *sh, size_t n, const sa_reduce *r,
    sa_reduce_refusal *why);

#ifdef __cplusplus
}
#endif

#endif /* SA_PLAN_H */
