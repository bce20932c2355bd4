/*
 * run_internal.h - what the runner's files share (run_count.c,
 * run_exec.c, run_plugin.c): the pace of a walk and its stop, the breach
 * and the refusal.  Private to src/run/.
 */
#ifndef SA_RUN_INTERNAL_H
#define SA_RUN_INTERNAL_H

#include "run.h"

#define RUN_NAME "shuffle-audit"

/*
 * A walk's pace, from the odometer: runs done, runs a second, the share
 * of all runs' probability walked, and the time left at the rate so
 * far; shown through the audit's view.  An audit foretold past
 * RUN_TOO_LONG_S seconds with no deadline is stopped (meter_show calls
 * STOP and fills in AU->too_long).
 */
struct meter {
	double start, last;
	bool started;		/* meter_start was called: the one shown */
	bool hinted;		/* the forecast has been given */
	struct audit *au;
	size_t cards;
	sa_audit_pace pace;
	sa_eta eta;		/* the pace of the last seconds, from pace's T0 */
	unsigned quiet;		/* runs since the clock was last read */
	double (*clock)(void);	/* sa_clock; a test's own */
	/* Stops every copy of the walk (an audit foretold too long). */
	void (*stop)(void *ctx);
	void *stop_ctx;
};

void run_meter_start(struct meter *m, struct audit *au, size_t cards);
void run_meter_show(struct meter *m, const sa_replay_window *w);
void run_meter_end(const struct meter *m);

/*
 * What went wrong, for the report: AU's status, WHAT (kept as it is when
 * FMT is NULL), and the run's draws from W.
 */
void run_breach(struct audit *au, int status, const sa_replay_window *w,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* AU's error set to FMT's words (the first one stands): RUN_REFUSED. */
int run_refuse(struct audit *au, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/*
 * The runs RUNS[0 .. M) (a streamed walk's, kept) made again by
 * copies of AU's program started with SHUFFLE_AUDIT_RAW_PLACE 1, 2 and
 * 3 (run_rawplace.c), over the plain protocol: each must land on the
 * deck it streamed under 0.  SA_OK (AU's RAW_PLACED counts them);
 * SA_EMODEL, SA_ENONDET or SA_EPROTO with AU's WHAT saying why and the
 * run in SHOW.  DECK has room for N cards.
 */
int run_raw_place(struct audit *au, size_t n, const sa_stream_kept *runs,
    size_t m, sa_replay_window *show, unsigned *deck);

/*
 * The runs of a walk not streamed, kept as the count makes them, for
 * run_raw_place: the first RUN_REC_MOST + 1 (so that a walk of more
 * can be told), their draws and decks in buffers of their own
 * (run_rawplace.c), runs of other parts than PART of PARTS passed over.
 * Zero it to start; FAILED: out of memory, none kept.
 */
#define RUN_REC_MOST 4096
struct run_rec_run {
	uint64_t run;
	size_t at, len;
};
struct run_rec {
	uint64_t *val, *bound;
	size_t used, cap;
	struct run_rec_run *runs;
	size_t count, rcap, n;
	unsigned *decks;
	bool failed;
	unsigned part, parts;	/* the walk's part (run_walk_part) */
};
void run_rec_add(struct run_rec *rec, const sa_replay_window *w,
    const unsigned *deck, size_t n);
/* The runs kept, as a stream's are (pointing into REC), into *COUNT of
 * them; NULL out of memory. */
sa_stream_kept *run_rec_kept(const struct run_rec *rec, size_t *count);
void run_rec_free(struct run_rec *rec);

/* JOB of SH on N cards, with the odometer kept in W; an SA_ status. */
/* The part of the walk AU's copy takes: runs whose first draw is *PART
 * modulo *PARTS (sa_audit_opts). */
void run_walk_part(const struct audit *au, unsigned *part, unsigned *parts);
int run_count_job(const struct audit *au, const sa_shuffle *sh, size_t n,
    sa_replay_window *w, struct job *job);

/*
 * A census of audited code that ended with STATUS, not SA_OK: a
 * run_status, with AU's error for the machine's limits, or AU filled in
 * for a breach.
 */
int run_census_failed(struct audit *au, int status, const sa_replay_window *w,
    size_t n);

#endif /* SA_RUN_INTERNAL_H */
