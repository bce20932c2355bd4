/*
 * cli_audit.h - what the audits' three files share: cli_audit.c (the
 * reports, the census's failures, the progress), cli_plugin.c (a
 * plugin in a child process) and cli_exec.c (a program over the exec
 * protocol).  Private to the command line.
 */
#ifndef SA_CLI_AUDIT_H
#define SA_CLI_AUDIT_H

#include "cli.h"
#include "shuffle_audit_audit.h"

/*
 * An audit's progress on a terminal, from the odometer: runs done, runs
 * a second, the share of all runs' probability walked, and the time
 * left at the rate so far.  Shown once the audit has run a second, at
 * most twice a second.
 */
struct meter {
	double start, last;
	bool started;		/* meter_start was called: the one shown */
	bool on;		/* stderr is a terminal: the progress line */
	bool hinted;		/* the forecast's line has been written */
	struct audit *au;
	size_t cards;
	sa_audit_pace pace;
	/* Stops every copy of the walk (an audit foretold too long). */
	void (*stop)(void *ctx);
	void *stop_ctx;
};

/*
 * An audit foretold to take more than AUDIT_TOO_LONG_S seconds, with no
 * --time-limit, is stopped within its first seconds (meter_show calls
 * M->stop and sets AU->too_long with the message to give).
 */
#define AUDIT_TOO_LONG_S 600.0

void meter_start(struct meter *m, struct audit *au, size_t cards);
void meter_show(struct meter *m, const sa_replay_window *w);
void meter_end(const struct meter *m);

/* What an audit counts: a census, or the layers to DEPTH draws. */
struct job {
	size_t depth;		/* 0: a census */
	sa_census *census;
	sa_layers *layers;	/* collected, not yet judged */
};

/*
 * What went wrong, for the report: AU's status, WHAT (kept as it is when
 * FMT is NULL), and the run's draws from W.
 */
void breach(struct audit *au, int status, const sa_replay_window *w,
    const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* JOB of SH on N cards, with the odometer kept in W; an SA_ status. */
int count_job(const struct audit *au, const sa_shuffle *sh, size_t n,
    sa_replay_window *w, struct job *job);

/*
 * A census of audited code that ended with STATUS, not SA_OK: an exit
 * status, after a message for the machine's limits, or with AU filled in
 * for a breach.
 */
int census_failed(struct audit *au, int status, const sa_replay_window *w,
    size_t n);

/*
 * Parts (cli_audit_part.c): audit_part_put writes JOB as AU's part, spending
 * it (PART_WRITTEN, or EXIT_TROUBLE after a message); audit_parted, under
 * merge, adds the parts up into JOB, with *STATUS the count's exit
 * status, and is false when not merging.
 */
int audit_part_put(struct audit *au, size_t n, struct job *job);
bool audit_parted(struct audit *au, size_t n, struct job *job, int *status);

/*
 * Second models (see audit_check), in parts: audit_again counts JOB's
 * audit (a census, or layers to its depth) again under the second model
 * KIND into *OUT (its part, under --part) when that count is to be made
 * (as audit_check decides, but for JOB's verdict, which a part cannot
 * know): an exit status, EXIT_TROUBLE without a message when it is not.
 * audit_parted_again, under merge, adds up the parts' counts of that
 * model to DEPTH (0: a census): an exit status, EXIT_TROUBLE without a
 * message when a part has none.  The layers in *OUT are collected, not
 * yet judged.
 */
enum again { AGAIN_WIDER, AGAIN_PLACED };

int audit_again(struct audit *au, size_t n, const struct job *job,
    enum again kind, struct job *out);
/* The runs of JOB's count a bit wider, foretold, when cheap; 0 otherwise. */
double audit_wider_runs(const struct audit *au, const struct job *job);
int audit_parted_again(struct audit *au, size_t n, size_t depth,
    enum again kind, struct job *out);

/*
 * JOB's count (a census, or layers collected) under the second model
 * KIND, from the parts under merge or counted now: into *OUT (layers
 * judged), an exit status.
 */
int audit_second(struct audit *au, size_t n, const struct job *job,
    enum again kind, struct job *out);

/* The count of AU's plugin (cli_plugin.c) or program (cli_exec.c). */
int audit_plugin(struct audit *au, size_t n, struct job *job);
int audit_exec(struct audit *au, size_t n, struct job *job);

#endif /* SA_CLI_AUDIT_H */
