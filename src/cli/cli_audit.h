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
 * Second models, counted and judged by the runner (run_judge_census,
 * run.h), their parts under merge: audit_check gives the verdict of
 * census C of AU's code into OUT, and audit_judge_layers that of layers
 * L (AU NULL: a built-in shuffle's).  check_fields writes the reasons
 * into a report, check_exit maps the verdict to an exit status.
 */
void audit_check(struct audit *au, size_t n, const struct part_set *merging,
    const sa_census *c, struct audit_check *out);
void audit_judge_layers(struct audit *au, size_t n,
    const struct part_set *merging, sa_layers *l, struct audit_check *out);
void check_fields(report *r, const struct audit_check *k);

/* The exit status of verdict V. */
int check_exit(enum run_verdict v);

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
