/*
 * shuffle_audit/audit.h - the census of audited code: the replay engine's
 * odometer in memory the caller provides, the audit's options, a run
 * made again, the pace of a walk (replay.c, census.c).
 */
#ifndef SA_AUDIT_H
#define SA_AUDIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "census.h"
#include "shuffle.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The replay engine's odometer, in memory the caller provides: VAL and
 * BOUND hold CAP draws each, the most a run may record.  RUNS counts the
 * runs started and POS the draws made in the current one; after a
 * breach, VAL[0 .. POS) with BOUND are the draws of the run that broke
 * the contract, the last one the draw that broke it (when it was a
 * draw).  A watcher in another process sharing the memory reads RUNS
 * and POS while the census runs.  A real is recorded as the draw of its
 * cell and, when the cell holds earlier reals of the run, the draw of
 * its place among them (see sa_real_at), whose BOUND carries
 * SA_PLACE_DRAW beside the bound itself.  Place draws do not count
 * against the census's --max-draws nor a census by layers' depth, only
 * against CAP: give the window room for twice the draws allowed.
 */
#define SA_PLACE_DRAW (UINT64_C(1) << 63)
typedef struct sa_replay_window {
	volatile uint64_t runs;
	volatile size_t pos;
	uint64_t *val, *bound;
	size_t cap;
	volatile bool raw_used;	/* set once a run asks for a raw word */
	volatile bool real_used;	/* and for a real */
	/*
	 * The plan of the run under way: its first LEN draws are replayed
	 * (VAL below BOUND); the draws after them are new and answered 0,
	 * and BOUND[LEN .. LAST) are the bounds the run before asked there,
	 * which the program likely asks again.  LAST is the number of draws
	 * the run before made.
	 */
	volatile size_t len, last;
	/*
	 * Set by a watcher to stop the walk before its next run, which then
	 * ends with SA_ETIME, as at a deadline.
	 */
	volatile bool stop;
	/*
	 * Set by the engine when a run's deck moved with its reals placed
	 * elsewhere in their cells (SA_EMODEL): the cells sa_replay_edge
	 * proposes to count the code at next; 0: none found.  Written only
	 * under sa_audit_opts's find_edges, so that a program built before
	 * it, whose window ends before it, never has it written.
	 */
	volatile uint64_t edge_cells;
} sa_replay_window;

/*
 * How audited code is counted (the replay engine only).  TWICE runs
 * every draw sequence a second time and calls it SA_ENONDET when the
 * draws or the deck differ.  WINDOW, when not NULL, is where the engine
 * keeps its odometer.  RAW_BITS is the width sa_word() gives (0: 32).
 */
#define SA_REPEAT_FLOOR 40

typedef struct sa_audit_opts {
	bool twice;
	sa_replay_window *window;
	unsigned raw_bits;
	uint64_t real_cells;	/* the cells of sa_real(), 1 to 2^32; 0: 2^32 */
	/*
	 * When not NULL, a run that asks for more than the cap's draws is
	 * unfinished, not a breach: CUT gets the walk's context, the
	 * bounds of its first NDRAWS draws (the cap) and NEXT, the bound of
	 * the draw it asked for past them, and the walk goes on to the next
	 * sequence.  A non-zero return stops the walk.
	 */
	int (*cut)(void *ctx, const uint64_t *bounds, size_t ndraws,
	    uint64_t next);
	/*
	 * When above 0, the walk stops with SA_ETIME once sa_clock() passes
	 * DEADLINE (it looks every few runs, so a run that never returns is
	 * its watcher's to stop).
	 */
	double deadline;
	/*
	 * With TWICE, only one run in EVERY is run again (0 or 1: every
	 * run): the first, the (EVERY+1)th and so on, in the walk's order;
	 * and the k-th run of the walk at least ceil(SA_REPEAT_FLOOR / k)
	 * times, so that a walk of few runs (a single run of no draws among
	 * them) repeats them until hidden randomness that changes a deck
	 * half the time would go unseen with odds below 2^-SA_REPEAT_FLOOR.
	 */
	uint64_t every;
	/*
	 * When PARTS is above 1, only the runs whose first draw is PART
	 * modulo PARTS are walked (a run of no draws is in part 0), so
	 * PARTS walks with PART 0 .. PARTS-1 share the runs between them.
	 */
	unsigned part, parts;
	/*
	 * The model of a real's place within its cell (sa_real_at): 0, or
	 * 1 for the second model, which code that uses its reals only
	 * through their cells and order cannot tell from the first.
	 *
	 * With SA_PLACED added, and TWICE, each run that drew reals is
	 * placed elsewhere in their cells (sa_real_at's places, the cells
	 * and the order of the reals kept): from the first model (0), it is
	 * counted at SA_PLACE_LOW and made again at SA_PLACE_HIGH in place
	 * of its first repeat (a run with more reals in a cell than LOW
	 * keeps apart: counted at the middles, not placed), and at
	 * SA_PLACE_INNER in place of its second repeat or, in one run in
	 * 64, as one run more; from the second, made again at all three in
	 * place of its first repeat.  The decks are compared run by run: a
	 * deck that moves ends the walk with SA_EMODEL (or SA_ENONDET, when
	 * the run made again as it first was moves too).  A streamed
	 * walk's transcript must hold those runs, as the library's own
	 * writer (sa_stream_out) makes them.
	 */
	unsigned real_place;
	/*
	 * Nonzero, with WINDOW: a run whose deck moves with where its reals
	 * fall in their cells (SA_EMODEL) is made again to find where
	 * (sa_replay_edge), into WINDOW's edge_cells.  Those runs go to the
	 * shuffle as any other, so not for one that records its runs.
	 */
	uint64_t find_edges;
	uint64_t sa_reserved[SA_RESERVED - 1];	/* zero; see SA_RESERVED */
} sa_audit_opts;
#define SA_PLACED 0x100u

/*
 * One run of SHUFFLE on N cards, made again from its record: its first
 * LEN draws are VAL below BOUND (a real's place marked as the replay
 * engine marks it) and it must ask for exactly those, in order, and no
 * more (SA_ENONDET otherwise); its deck into DECK (N entries), which
 * must be a permutation (SA_ENOTPERM).  AUDIT gives the width of a raw
 * word, the cells of a real and the model of its place (may be NULL).
 * SA_OK, a contract breach, or SA_EPROTO when the code gave the run up
 * (oracle->fail, whatever its status).
 */
int sa_replay_strict(const sa_shuffle *shuffle, size_t n,
    const uint64_t *val, const uint64_t *bound, size_t len,
    const sa_audit_opts *audit, unsigned *deck);

/*
 * Where in its cells run VAL, BOUND (LEN draws) of SHUFFLE on N cards
 * changes its deck (replay.c, edge.c): made again with every real of the run at
 * one point of its cell (SA_PLACE_AT), the point moved by halves from
 * near the cells' low ends, where the run lands on its deck, to where
 * it lands elsewhere; then the simplest fraction within the last step,
 * in the cell of the run's reals that gives the fewest cells.  Into
 * *CELLS, those fewest: a multiple of AUDIT's real_cells that puts the
 * fraction on a cell's edge (rounding to the nearest of u * 2 at 2
 * cells: 4; u < 0.3: 10).  A proposal, not a proof: only a census at
 * those cells that keeps every run on its deck under every placement
 * shows the cells enough.  SA_ERANGE when no point moved the deck,
 * the cells are more than 65536 or the fraction's past 2^32; SA_ENOMEM.
 */
int sa_replay_edge(const sa_shuffle *shuffle, size_t n,
    const uint64_t *val, const uint64_t *bound, size_t len,
    const sa_audit_opts *audit, uint64_t *cells);

/*
 * sa_census_run() by replay with the audit options AUDIT (OPTS's engine
 * is taken to be SA_ENGINE_REPLAY).
 */
int sa_census_run_audited(const sa_shuffle *shuffle, size_t n,
    const sa_census_opts *opts, const sa_audit_opts *audit,
    sa_census **out);

/*
 * How far a walk has gone, for a progress line: the probability of every
 * run before the odometer's, which is its digits read as a number in
 * [0, 1), the sum of val[k] / (bound[0] ... bound[k]).  An estimate for
 * display: the runs still to come may draw differently.
 */
double sa_replay_done(const sa_replay_window *w);

/*
 * The pace of a walk and its forecast, for display.  Each
 * sa_audit_pace_update (NOW from sa_clock()) reads the odometer W; the
 * first past run SA_REPEAT_FLOOR marks where the forecast starts (so that
 * a program's start-up and the first runs' many repeats are not taken
 * for its pace).  RUNS, the runs since then over the share walked since,
 * is filled in as soon as the walk has moved on (no clock in it); RATE
 * and LEFT once a quarter of a second has passed since, or an eighth of
 * the walk.  LEFT is below 0 until then.
 */
typedef struct sa_audit_pace {
	double t0, done0;	/* when and where the forecast began */
	uint64_t runs0;
	double done;		/* the share of the walk done, 0 .. 1 */
	double rate;		/* runs a second since T0 */
	double runs;		/* the runs foretold in all */
	double left;		/* seconds foretold still to go; < 0: none yet */
} sa_audit_pace;

void sa_audit_pace_update(sa_audit_pace *p, const sa_replay_window *w,
    double now);

#ifdef __cplusplus
}
#endif

#endif /* SA_AUDIT_H */
