/*
 * audit.h - the census of audited code: what the command line's plugin
 * and exec audits need beside the public interface.  Not installed.
 */
#ifndef SA_AUDIT_H
#define SA_AUDIT_H

#include "shuffle_audit.h"

/*
 * The replay engine's odometer, in memory the caller provides: VAL and
 * BOUND hold CAP draws each (CAP is then the most draws a run may
 * make).  RUNS counts the runs started and POS the draws made in the
 * current one; after a breach, VAL[0 .. POS) with BOUND are the draws of
 * the run that broke the contract, the last one the draw that broke it
 * (when it was a draw).  A watcher in another process sharing the
 * memory reads RUNS and POS while the census runs.
 */
typedef struct sa_replay_window {
	volatile uint64_t runs;
	volatile size_t pos;
	uint64_t *val, *bound;
	size_t cap;
	volatile bool raw_used;	/* set once a run asks for a raw word */
} sa_replay_window;

/*
 * How audited code is counted (the replay engine only).  TWICE runs
 * every draw sequence a second time and calls it SA_ENONDET when the
 * draws or the deck differ.  WINDOW, when not NULL, is where the engine
 * keeps its odometer.  RAW_BITS is the width sa_word() gives (0: 32).
 */
typedef struct sa_audit_opts {
	bool twice;
	sa_replay_window *window;
	unsigned raw_bits;
	/*
	 * When not NULL, a run that asks for more than the cap's draws is
	 * unfinished, not a breach: CUT gets the walk's context and the
	 * bounds of its first NDRAWS draws (the cap), and the walk goes on
	 * to the next sequence.  A non-zero return stops the walk.
	 */
	int (*cut)(void *ctx, const uint64_t *bounds, size_t ndraws);
} sa_audit_opts;

/*
 * sa_census_run() by replay with the audit options AUDIT (OPTS's engine
 * is taken to be SA_ENGINE_REPLAY).
 */
int sa_census_run_audited(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, const sa_audit_opts *audit,
    sa_census **out);

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
 * Copies the 64-bit counts of C (not wide) into TALLY, room for N!.
 */
void sa_census_copy_tally(const sa_census *c, uint64_t *tally);

#endif /* SA_AUDIT_H */
