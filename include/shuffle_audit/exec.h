/*
 * shuffle_audit/exec.h - the exec protocol, the auditor's side: a program
 * spoken to over pipes, as a shuffle (exec.c).
 */
#ifndef SA_EXEC_H
#define SA_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit.h"
#include "shuffle.h"
#include "version.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The exec protocol, the auditor's side (exec.c): a program spoken to
 * over TO (its standard input, which should be non-blocking) and FROM
 * (its standard output), as a shuffle.  sa_exec_shuffle makes SH's run
 * speak the protocol to P, one exchange a run; counted with
 * sa_census_run_audited or sa_layers_collect, with P's odometer as the
 * audit's WINDOW.  Every read and write waits at most TIMEOUT seconds;
 * the first answer, the program's start-up, as well.  Past DEPTH (a
 * census by layers), a run's further draws are answered by a generator
 * seeded with DRAIN_SEED and not counted.  BATCH offers each run its
 * plan of draws (--batch).  AFTER_RUN, when not NULL, is told of each
 * run as it ends (for a progress line).  A run that breaks the protocol,
 * or a program that stops answering, fails the run with SA_EPROTO, and
 * sa_exec_what says why, quoting the line; sa_exec_lines counts the
 * lines read (0: the program said nothing).
 */
typedef struct sa_exec_opts {
	int to, from;
	unsigned timeout;
	unsigned raw_bits;	/* the width "raw" answers in, 1 to 32 */
	uint64_t real_cells;	/* the cells "real" answers from, 1 to 2^32 */
	size_t max_draws;	/* the most draws a run may make */
	size_t depth;		/* a census by layers' depth; 0: a census */
	bool batch;
	uint64_t drain_seed;
	void (*after_run)(void *ctx, const sa_replay_window *w);
	void *ctx;
	/* sa_clock() time at which a wait for the program ends the run
	 * with SA_ETIME, however long the timeout; 0: none. */
	double deadline;
	uint64_t sa_reserved[SA_RESERVED];	/* zero; see SA_RESERVED */
} sa_exec_opts;

typedef struct sa_exec sa_exec;

int sa_exec_new(const sa_exec_opts *o, sa_exec **out);
void sa_exec_free(sa_exec *p);	/* NULL is fine */
void sa_exec_shuffle(sa_exec *p, sa_shuffle *sh);
sa_replay_window *sa_exec_window(sa_exec *p);
const char *sa_exec_what(const sa_exec *p);
uint64_t sa_exec_lines(const sa_exec *p);
/*
 * The wide keys the program declared ("key K" lines): into *WIDTH the
 * narrowest K (0: none), into *REALS the most reals of a run that
 * declared one; see sa_ties_bound.
 */
void sa_exec_keys(const sa_exec *p, uint64_t *width, uint64_t *reals);
/*
 * Within AFTER_RUN, the deck the run it is told of landed on (the N
 * cards of the run); NULL anywhere else.
 */
const unsigned *sa_exec_deck(const sa_exec *p);
/* The last line read from the program ("" before the first). */
const char *sa_exec_line(const sa_exec *p);
/* Whether the program closed its output (an end of file was read). */
bool sa_exec_closed(const sa_exec *p);
/*
 * The first run's line, sent before the walk starts, and the program's
 * first answer: true when it answered "stream 1" (or "stream 1 plan",
 * see sa_exec_offer) and WALK (a "walk ..."
 * line; NULL: the plain protocol is kept) was sent, after which the
 * program streams its walk (sa_stream_in) on its output.  Otherwise it
 * was sent "plain" where it offered a stream, and the walk runs as
 * before, its first run's line sent and its first answer held for it.
 */
bool sa_exec_hello(sa_exec *p, size_t n, const char *walk);
/*
 * Whether the program's hello said "raw-place": it embeds each raw word
 * in the wider words it hands a library as SHUFFLE_AUDIT_RAW_PLACE says
 * (0 repeated, 1-3 at the top with low bits 0, 1 or a function of the
 * word's index in its run), so a copy started under another placement
 * can be compared with it run by run.  False before the hello.
 */
bool sa_exec_raw_place(const sa_exec *p);
/* The plain protocol from here on: no plan, no depth, no progress. */
void sa_exec_plain(sa_exec *p);
/*
 * After sa_exec_plain, a run made again: its draws, VAL below BOUND (LEN
 * of them), offered to the program as the next run's plan, one round
 * trip, when its hello said it takes plans ("stream 1 plan"); true if
 * so.  False: the next run is plain, a round trip a draw.
 */
bool sa_exec_offer(sa_exec *p, const uint64_t *val, const uint64_t *bound,
    size_t len);
/*
 * After sa_exec_plain, the plan of a run to be made again, queued behind
 * those already queued (each still offered with sa_exec_offer, in the
 * order queued).  The plans not yet written go in one write when the
 * first of them is to be made, or once they fill half the window, so
 * that the program answers runs back to back while the auditor checks
 * those answered: a round trip for a window of runs, not one a run.
 * True when queued: the program takes plans, the run fits its odometer,
 * and the plans of the runs queued and not yet made stay within the
 * window, SA_EXEC_AHEAD bytes unless sa_exec_ahead says more, so that
 * the auditor never waits to write while the program waits to be read.
 * False: nothing queued (the caller queues it again after a run).
 */
#define SA_EXEC_AHEAD 4096
bool sa_exec_queue(sa_exec *p, size_t n, const uint64_t *val,
    const uint64_t *bound, size_t len);
/*
 * The window of sa_exec_queue: BYTES (at least SA_EXEC_AHEAD), which the
 * caller vouches the program's input holds at once whatever it has
 * read (a pipe of that size, F_GETPIPE_SZ on Linux).  Taken only while
 * no run is queued.
 */
void sa_exec_ahead(sa_exec *p, size_t bytes);

#ifdef __cplusplus
}
#endif

#endif /* SA_EXEC_H */
