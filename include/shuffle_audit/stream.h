/*
 * shuffle_audit/stream.h - a walk streamed from a child: its runs written,
 * and walked again and counted by the auditor (stream.c).
 */
#ifndef SA_STREAM_H
#define SA_STREAM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "audit.h"
#include "shuffle.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * A walk streamed (stream.c): audited code walks the census in a process
 * of its own, its shuffle wrapped by sa_stream_out_shuffle, which writes
 * to FD what each run did (each draw, its bound and the value it got, and
 * the deck), flushing at least every SA_STREAM_FLUSH_S seconds;
 * sa_stream_out_end writes the end of its walk (the status its census
 * ended with, and a message).  The auditor's census takes
 * sa_stream_in_shuffle as its shuffle: each run read from FROM is made
 * again in the auditor's odometer (sa_stream_in_window), every value
 * must be the one the odometer gives there and the deck is the engine's
 * to check and count, so that nothing the code writes is counted
 * unchecked.  A run is failed with SA_EPROTO (sa_stream_in_what says
 * why) when the transcript disagrees, is damaged or ends, or no whole run
 * comes for TIMEOUT seconds; with SA_ETIME at DEADLINE (sa_clock time; 0:
 * none) or once the window's STOP is set.  sa_stream_in_opening reads
 * whether the code's walk began (SA_OK) or it ended at once, before any
 * run (SA_EINVAL, its status and message given: code that did not
 * load); sa_stream_in_finish, after the auditor's walk, that the code's
 * ended there too, and well (SA_EPROTO otherwise), with its own status
 * and message.
 */
#define SA_STREAM_FLUSH_S 0.01
typedef struct sa_stream_out sa_stream_out;
int sa_stream_out_new(int fd, const sa_shuffle *inner, sa_stream_out **out);
void sa_stream_out_shuffle(sa_stream_out *w, sa_shuffle *sh);
int sa_stream_out_end(sa_stream_out *w, int status, const char *msg);
/* DUE, set non-zero by the caller's timer (a signal handler), asks for a
 * flush after the run under way, instead of a clock read each run. */
void sa_stream_out_timer(sa_stream_out *w, volatile int *due);
/*
 * What W holds written out now, a draw under way as it stands (as a run
 * cut there reads): for a handler of a fatal signal, so that the auditor
 * has each run up to the one that died, to tell it from its own copy.
 * It calls write() and clock_gettime() only, which a handler may.
 */
void sa_stream_out_flush(sa_stream_out *w);
void sa_stream_out_free(sa_stream_out *w);	/* NULL is fine */

typedef struct sa_stream_opts {
	int from;
	unsigned timeout;	/* seconds without a whole run */
	double deadline;	/* sa_clock() time to stop at; 0: none */
	size_t max_draws;	/* the most draws a run may make */
	void (*after_run)(void *ctx, const sa_replay_window *w);
	void *ctx;
	size_t keep;		/* runs kept to be run again (see below) */
	uint64_t seed;		/* of the choice of the runs kept */
	uint64_t keep_one_in;	/* 0: KEEP; 1: every run; K: 1 in K */
} sa_stream_opts;

/*
 * A run the stream kept, for its caller to run again in a way of its
 * own (the exec protocol's plain lines): its number in the walk (the
 * window's runs), its draws (LEN digits of the odometer, reals' places
 * among them) and the deck the code wrote for it.  With KEEP_ONE_IN 0,
 * KEEP runs at most: the first KEEP / 2 completed, and a uniform choice
 * of the rest, drawn with SEED, which the code never learns.  With
 * KEEP_ONE_IN 1, every run, however many (the walk fails with SA_ENOMEM
 * where one cannot be kept); with K above 1, each run with the odds 1 in
 * K, drawn with SEED, so a lie in one run goes unkept with the odds
 * (K - 1) / K whatever the code knows.
 */
typedef struct sa_stream_kept {
	uint64_t run;
	size_t len;
	const uint64_t *val, *bound;
	const unsigned *deck;
} sa_stream_kept;

typedef struct sa_stream_in sa_stream_in;
int sa_stream_in_new(const sa_stream_opts *o, size_t n, sa_stream_in **out);
void sa_stream_in_free(sa_stream_in *p);	/* NULL is fine */
void sa_stream_in_shuffle(sa_stream_in *p, sa_shuffle *sh);
sa_replay_window *sa_stream_in_window(sa_stream_in *p);
const char *sa_stream_in_what(const sa_stream_in *p);
int sa_stream_in_opening(sa_stream_in *p, int *code_status, char *msg,
    size_t size);
int sa_stream_in_finish(sa_stream_in *p, int *code_status, char *msg,
    size_t size);
/*
 * Whether SH is the auditor's own reader of a streamed walk (set by
 * sa_stream_in_shuffle), which sets every card of the deck from the
 * transcript and touches nothing else: the replay engine neither deals
 * it a starting deck nor guards it.
 */
bool sa_stream_reader(const sa_shuffle *sh);
/*
 * How many runs are kept; with RUN not NULL, kept run I (below that
 * count) into *RUN as reader READER (0 or 1) gives it, its draws and deck
 * as they are until that reader gives another.  Runs kept one in K or
 * every one are held as each differs from the one kept before it (some
 * 2 + N bytes a run of N cards), and each reader reads them in turn: a
 * run before the last it gave is read again from the first.  0 when
 * memory is short.
 */
size_t sa_stream_in_kept(sa_stream_in *p, unsigned reader, size_t i,
    const sa_stream_kept **run);
/* The deck of the last run read. */
const unsigned *sa_stream_in_deck(const sa_stream_in *p);
/*
 * Why the stream failed a run: its end of file, its silence, or the
 * code's walk ended first with a status of its own, which the run is
 * failed with (a breach its engine found); SA_STREAM_OK for the rest.
 */
enum { SA_STREAM_OK, SA_STREAM_CLOSED, SA_STREAM_QUIET, SA_STREAM_ENDED };
int sa_stream_in_cause(const sa_stream_in *p);

#ifdef __cplusplus
}
#endif

#endif /* SA_STREAM_H */
