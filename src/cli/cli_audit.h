/*
 * cli_audit.h - the audit of a user's own code, for the commands that audit
 * (census, matrix): its options (cli_audit_opts.c), its counts, second
 * models and reports (cli_audit.c), over the runner (run.h).
 */
#ifndef SA_CLI_AUDIT_H
#define SA_CLI_AUDIT_H

#include "cli.h"

/*
 * The options of audited code, for every command that audits
 * (cli_audit_opts.c): AUDIT_LONGOPTS in its getopt table, AUDIT_CASES
 * as the cases that hand an option to audit_option (false after a
 * message), AUDIT_HELP in its help.  After the options, audit_settle
 * checks them against CHOSE (-a given), REDUCE (--reduce) and the N
 * cards, and fills in the defaults and AU->shuffle, the code's stand-in:
 * 1 when code is audited, 0 when none is, -1 after a message.
 */
enum { OPT_PLUGIN = 0x400, OPT_EXEC, OPT_TIMEOUT, OPT_RAW_BITS,
	OPT_MAX_DRAWS, OPT_REPEAT, OPT_BATCH, OPT_INSTANCES, OPT_REAL_CELLS,
	OPT_NO_STREAM };
#define AUDIT_LONGOPTS \
	{ "plugin", required_argument, NULL, OPT_PLUGIN }, \
	{ "exec", required_argument, NULL, OPT_EXEC }, \
	{ "timeout", required_argument, NULL, OPT_TIMEOUT }, \
	{ "raw-bits", required_argument, NULL, OPT_RAW_BITS }, \
	{ "max-draws", required_argument, NULL, OPT_MAX_DRAWS }, \
	{ "repeat", required_argument, NULL, OPT_REPEAT }, \
	{ "batch", no_argument, NULL, OPT_BATCH }, \
	{ "no-stream", no_argument, NULL, OPT_NO_STREAM }, \
	{ "instances", required_argument, NULL, OPT_INSTANCES }, \
	{ "real-cells", required_argument, NULL, OPT_REAL_CELLS }
#define AUDIT_CASES \
	case OPT_PLUGIN: case OPT_EXEC: case OPT_TIMEOUT: case OPT_RAW_BITS: \
	case OPT_MAX_DRAWS: case OPT_REPEAT: case OPT_BATCH: \
	case OPT_INSTANCES: case OPT_REAL_CELLS: case OPT_NO_STREAM
#define AUDIT_HELP \
	"      --plugin P[:SYM]  audit the shuffle SYM (default " \
	SA_PLUGIN_SYMBOL ")\n" \
	"                        in the shared object P, in a child process\n" \
	"      --exec COMMAND    audit a program speaking the exec protocol\n" \
	"      --timeout S       stop audited code idle for S seconds (60)\n" \
	"      --raw-bits B      raw words of B bits for audited code (8)\n" \
	"      --real-cells M    reals from M equal cells (lcm(1..n))\n" \
	"      --max-draws N     most draws in one run of audited code (4096)\n" \
	"      --repeat all|none|1/K  run every run of audited code again\n" \
	"                        (all, the default), none, or one in K\n" \
	"      --batch           --exec: offer a plan of draws with each run\n" \
	"      --no-stream       --exec: decline a program's streamed walk\n" \
	"      --instances N     --exec: N copies of the program side by side\n"
bool audit_option(int c, const char *arg, struct audit *au);
int audit_settle(struct audit *au, bool chose, const sa_reduce *reduce,
    size_t n);

/*
 * Counts every run of the audited code into OUT (by the runner, run.h,
 * or from the parts under merge).  Returns EXIT_FAIR with OUT filled in,
 * EXIT_MISBEHAVED with AU saying what happened (for audit_report), or
 * EXIT_TROUBLE after an error message.
 */
struct part_set;
int audit_census(struct audit *au, size_t n, const struct part_set *merging,
    sa_census **out);

/*
 * Second models.  When audited code that asked for raw words or reals is
 * unfair under the census's model, audit_check counts it again under
 * models that must give every ordering the same chance if the code uses
 * its numbers the way the model covers: its raw words one bit wider (loop
 * or reduction: when that census is foretold to have at most the
 * runner's RUN_BIAS_ bound of runs for its kind of code), and its reals
 * placed elsewhere in their cells (the same runs).  OUT says what they found
 * (sa_census_same_law); check_fields writes it into a report, and the
 * verdict and exit status follow it (EXIT_MODEL unless it HOLDS).  The
 * bound is on runs, not seconds, so that the report is the same on any
 * machine.
 */
struct audit_check {
	enum sa_model_check model;	/* NONE: fair, or nothing to check */
	bool by_layers;		/* of a census by layers */
	/* Raw words: loop or reduction. */
	bool raw_asked;		/* the code asked for raw words */
	bool raw_settled;	/* the wider census ran */
	enum sa_bias_cause cause;
	unsigned bits, wider;
	double runs;		/* the runs the wider census was foretold */
	/* Reals: placed elsewhere in their cells. */
	bool real_asked;	/* the code asked for reals */
	bool real_settled;	/* the census with other places ran */
	bool real_same;		/* and gave the same chances */
	/* Reals placed elsewhere run by run (fair or not): */
	bool real_drawn;	/* the code drew reals */
	uint64_t placed;	/* runs made again under each placement */
	unsigned every;		/* --repeat 1/EVERY; 0: none */
	bool own_reals;		/* a walk or plans the program made itself */
	uint64_t cells;
	size_t n;		/* the cards */
	unsigned protections;	/* GUARD_ bits the code ran under */
	/* Raw words placed otherwise by copies of a program (its walk's
	 * runs made again), or not, its hello not saying it can. */
	bool raw_drawn;
	uint64_t raw_placed;
	bool raw_untold;
	/* Of a streamed walk: the runs the auditor made again, one in
	 * REPLAYED (1: every one; 0: a choice of 64, --repeat none). */
	bool streamed;
	uint64_t replayed;
};

void audit_check(struct audit *au, size_t n, const struct part_set *merging,
    const sa_census *c, struct audit_check *out);
/*
 * Into K, whatever the verdict: whether AU's code drew reals, and the
 * PLACED runs (sa_census_info's) made again with them elsewhere in their
 * cells, deck by deck.
 */
void audit_placed(const struct audit *au, uint64_t placed,
    struct audit_check *k);
/*
 * Layers L of AU's code (to their depth, judged) under a second model:
 * its raw words a bit wider (WIDER) or its reals placed elsewhere;
 * whether they count the same into *SAME.  False when that count was
 * not made: too costly, or stopped.
 */
bool audit_layers_same(struct audit *au, size_t n,
    const struct part_set *merging, sa_layers *l, bool wider, bool *same);
void check_fields(report *r, const struct audit_check *k);

/* The exit status of an audit's verdict: FAIR unfair, checked by K. */
int check_exit(bool fair, const struct audit_check *k);

/*
 * The same for the census by layers to DEPTH draws a run: OUT, judged,
 * with EXIT_FAIR.  audit_mention_draws adds the raw words' width and the
 * reals' cells to AU's summary once the code has asked for them.
 */
int audit_layers(struct audit *au, size_t n, size_t depth,
    const struct part_set *merging, sa_layers **out);
void audit_mention_draws(struct audit *au);

/* The protections PROTECTIONS (0: no audited code) as report fields. */
/*
 * GUARD_NAMED, beside the runner's GUARD_ bits: the protections are
 * named even when none held (a merge of parts that disagree), each one
 * not in force listed.
 */
#define GUARD_NAMED (1u << 30)
void guard_fields(report *r, unsigned protections);

void audit_report(const struct audit *au, size_t n, enum rep_format fmt);
void audit_report_svg(const struct audit *au, size_t n);

#endif /* SA_CLI_AUDIT_H */
