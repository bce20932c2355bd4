/*
 * cli.h - the command-line front end: argument parsing, the report
 * formatter and the subcommands.  Only the CLI prints or exits; it talks
 * to the library through shuffle_audit.h alone.
 */
#ifndef SA_CLI_H
#define SA_CLI_H

#include <sys/types.h>

#include <getopt.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "run.h"
#include "cli_report.h"
#include "cli_progress.h"

#define PROGNAME "shuffle-audit"

/* Exit statuses, as documented in EXIT STATUS of shuffle-audit(1). */
enum {
	EXIT_FAIR = 0,		/* success; with --check, the shuffle is fair */
	EXIT_UNFAIR = 1,	/* --check found the shuffle unfair */
	EXIT_TROUBLE = 2,	/* usage, input, size or output error */
	EXIT_MISBEHAVED = 3,	/* the audited code broke its contract */
	EXIT_MODEL = 4		/* unfair under the model, which decides it */
};

/* Seconds on the monotonic clock, for timing and timeouts. */
double cli_seconds(void);

/* A p-value 10^L as text: "0.0123", "3.2e-7", "4.1e-1234". */
void cli_p_text(double l, char *buf, size_t size);

/*
 * True when the reducer RED made every draw SH asked of it; false after
 * a message naming the draw its method could not make.
 */
bool cli_reducer_ok(const sa_reducer *red, const sa_shuffle *sh);

/*
 * S, an argument to quote in a message: itself when short, else its
 * first 64 bytes (cut before a character, not inside one), "..." and
 * its length, in one of a few buffers that later calls reuse.
 */
const char *cli_arg(const char *s);

/*
 * --time-limit S for long work: the default, and the message for work
 * its limit stopped (SA_ETIME), naming WHAT, its size in UNITs, the
 * time it was foretold to take at the rate measured here (or how far it
 * got, when the limit itself stopped it) and what to ask INSTEAD (may be
 * NULL).
 */
#define CLI_TIME_LIMIT 600
bool cli_parse_time_limit(const char *s, double *out);
void cli_time_refusal(const char *what, const sa_time_limit *l,
    const char *unit, const char *instead);

/*
 * Why sa_matrix_run refused SH on N cards (STATUS), with the limit that
 * binds and what to use instead, after WHAT ("matrix", "--detect
 * naive"); CENSUS: the census was asked for.
 */
void cli_matrix_refused(const char *what, const sa_shuffle *sh, size_t n,
    const sa_reduce *r, bool census, int status);

/* Writes "shuffle-audit: MESSAGE" and a newline to stderr. */
void cli_error(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/*
 * Parses S, the argument of option OPT, as a whole number in [MIN, MAX].
 * On failure prints a message naming OPT and S and returns false.
 */
/*
 * A probability strictly between 0 and 1, 2^-K or 0.DDD, into OUT
 * exactly (initialised by the caller); false after a message.
 */
bool cli_parse_fraction(const char *opt, const char *s, sa_fraction *out);

bool cli_parse_uint(const char *opt, const char *s, uint64_t min,
    uint64_t max, uint64_t *out);

/*
 * Parses S, the argument of option OPT, as one of the NULL-terminated
 * NAMES and stores its index.  On failure prints "OPT S: unknown WHAT
 * (name, name, ...)" and returns false.
 */
/*
 * "Did you mean": cli_near_init for the word TYPED, cli_near_try with
 * each name it could have meant, and cli_near_say gives
 * "; did you mean 'NAME'?" for the nearest within a slip of a letter in
 * three (letters in any case) that leaves more than half of the longer
 * word as it was, or "": no far-off name is offered.
 */
struct cli_near {
	const char *typed, *best;
	size_t within;
};
void cli_near_init(struct cli_near *n, const char *typed);
void cli_near_try(struct cli_near *n, const char *name);
const char *cli_near_say(const struct cli_near *n, char *buf, size_t size);

bool cli_parse_choice(const char *opt, const char *s,
    const char *const *names, const char *what, int *out);

/* -f FORMAT: text, tsv, csv or json, in the order of enum rep_format. */
bool cli_parse_format(const char *s, int *out);
/*
 * The same or junit (REP_JUNIT), for the commands that give a verdict:
 * census, and merge of its parts.  cli_parse_format refuses junit.
 */
bool cli_parse_format_junit(const char *s, int *out);
/* The same, or the command's own EXTRA format (*IS_EXTRA then). */
bool cli_parse_format_or(const char *s, const char *extra, int *fmt,
    bool *is_extra);

/* --notation: array, inverse or cycles, as enum sa_notation. */
bool cli_parse_notation(const char *s, int *out);

/*
 * --color WHEN: auto, always or never, as enum cli_color; and whether
 * output to descriptor FD is coloured under WHEN: always, never, or
 * under auto when FD is a terminal, NO_COLOR is unset or empty, and TERM
 * is set and not dumb (a terminal that takes no escapes).
 */
enum cli_color { CLI_COLOR_AUTO, CLI_COLOR_ALWAYS, CLI_COLOR_NEVER };
bool cli_parse_color(const char *s, int *out);
bool cli_color_on(int when, int fd);

/*
 * The options most commands share: -a, -f, -h and -n.  A NULL pointer
 * means the command has no such option.
 */
struct cli_options {
	const char *cmd;
	void (*help)(FILE *out);
	sa_shuffle *shuffle;	/* -a */
	int *format;		/* -f */
	uint64_t *cards;	/* -n, from 1 to CARDS_MAX */
	uint64_t cards_max;
};

#define CLI_CONTINUE (-1)
#define CLI_TAKEN (-2)

/*
 * The option loop every command runs: getopt_long over CMD's options;
 * each option first to OWN (may be NULL), which returns
 * CLI_TAKEN for one of its own, handled, CLI_CONTINUE for one it does not
 * know, or an exit status after a message; the rest to cli_option
 * (COMMON's shared options, and the messages for unknown ones).  Then
 * no operands may be left.  0 to go on, -1 after --help (exit 0), or an
 * exit status.
 */
struct cli_command;
int cli_getopts(int argc, char **argv, const struct cli_command *cmd,
    const struct cli_options *common,
    int (*own)(int c, const char *arg, void *ctx), void *ctx);

/*
 * Handles getopt's return C when it is a shared option or an error:
 * CLI_CONTINUE to go on parsing, or the exit status to return (after
 * --help, or a message).
 */
int cli_option(int c, char **argv, const struct cli_options *o);


/*
 * Handles getopt's '?' and ':' returns for command CMD: prints the
 * message and returns EXIT_TROUBLE.
 */
int cli_bad_option(const char *cmd, int c, char **argv);

/* Rejects operands left after the options; true when there are none. */
bool cli_no_operands(const char *cmd, int argc, char **argv);

/*
 * Flushes stdout and reports a write error.  Returns STATUS when all
 * output was written, EXIT_TROUBLE otherwise.
 */
int cli_finish(int status);



/*
 * SH's run formula with n, and its parameter, written as numbers:
 * "n^n" -> "4^4", "(n^2)^M" -> "(4^2)^8".
 */
void cli_formula(const sa_shuffle *sh, size_t n, char *buf, size_t size);

/* The shuffle's name, with its parameter for N cards: "swaps:8". */
void cli_shuffle_label(const sa_shuffle *sh, size_t n, char *buf,
    size_t size);

/* -a NAME[:VALUE] into OUT; false after an error message. */
bool cli_parse_shuffle(const char *spec, sa_shuffle *out);

/* A number strictly between 0 and 1 (--alpha); false after a message. */
bool cli_parse_prob(const char *opt, const char *s, double *out);


/* How the reduction M makes a draw below k, in words: "r % k". */
const char *cli_reduce_words(enum sa_reduce_method m);

/* --reduce METHOD:BITS into OUT; false after an error message. */
bool cli_parse_reduce(const char *spec, sa_reduce *out);

/* X as the shortest text that reads back as X (%g, 1 to 17 digits). */
void cli_double_text(double x, char *buf, size_t size);

/* "" for one, "s" for any other count: "card%s". */
const char *cli_plural(uint64_t n);

/*
 * After a census plan's refusal STATUS for N cards: what to use instead
 * when the cards are more than any census here can count ("; for more
 * cards, ..."), for AUDITED code or a built-in shuffle; "" otherwise.
 */
const char *cli_past_census(bool audited, int status,
    const sa_census_plan *plan, size_t n);

/* False, after a message, when SH cannot take N cards. */
bool cli_check_cards(const sa_shuffle *sh, size_t n);
/*
 * False, after the library's reason (sa_reduce_check), when R (or SH's
 * own reduction) cannot make every draw SH asks for on N cards.
 */
bool cli_check_reduce(const sa_shuffle *sh, const sa_reduce *r, size_t n);
unsigned cli_bits_for(uint64_t k);	/* the fewest bits with 2^bits >= K */

/*
 * The census by layers (cli_layers.c): SHUFFLE on N cards, draws made
 * by REDUCE (or the shuffle's own), walked to DEPTH draws a run, or, when
 * DEPTH is 0, at depths one draw deeper each time until the remainder is
 * at most EPS or the next would likely pass SECONDS, up to MAX_DEPTH.
 * CHECK: exit 1 unless fair at every layer.  AUDIT, when not NULL, is the
 * audited code, SHUFFLE its stand-in.
 */
struct layers_args {
	const sa_shuffle *shuffle;
	size_t n;
	enum rep_format fmt;
	enum sa_notation notation;
	sa_reduce reduce;
	size_t depth, max_depth;
	sa_fraction eps;
	double seconds;
	bool check;
	bool direct;		/* walk DEPTH at once: parts, and merge */
	double margin;		/* sa_deepen_opts's: 10 for the default limit */
	struct audit *audit;	/* the audited code, or NULL */
	const struct part_set *merging;	/* under merge: the parts */
};

int layers_census(const struct layers_args *a);

/*
 * census --plan (cli_census_plan.c): the plan of a census of SH on N
 * cards by ENGINE over RANKS ranks with MEMORY bytes each (0: what this
 * machine leaves), exchanges timed at GBITS Gbit/s a rank, as a report
 * in FMT; an exit status.  census_parse_memory reads --memory's SIZE.
 */
int census_plan_report(const sa_shuffle *sh, size_t n, enum sa_engine engine,
    unsigned ranks, uint64_t memory, uint64_t gbits, enum rep_format fmt);
bool census_parse_memory(const char *arg, uint64_t *bytes);

/*
 * A command, described once: its name and summary (the list of
 * commands), its options as getopt reads them (SHORTOPTS, LONGOPTS: the
 * completions and the usage checks read these same tables), its help
 * (written to OUT: --help's text, whose line for each option is that
 * option's description in the completions), how it runs (an exit
 * status), and, when it shares its work out
 * (--part, merge, mpirun), how it runs on the parts merge read (MERGE,
 * with its words as they recorded them; NULL for the other commands);
 * and, for the completions, the formats -f takes past text, tsv, csv
 * and json, and what its operands are.  Each lives in its file.
 */
struct option;
struct part_set;
/* What a command's operands are, for the completions. */
enum cli_operands { CLI_OPERANDS_NONE, CLI_OPERANDS_FILES,
	CLI_OPERANDS_COMMANDS, CLI_OPERANDS_LANGUAGES, CLI_OPERANDS_SHELLS };
struct cli_command {
	const char *name;
	const char *summary;
	const char *shortopts;
	const struct option *longopts;
	void (*help)(FILE *out);
	int (*run)(int argc, char **argv);
	int (*merge)(int argc, char **argv, const struct part_set *parts);
	const char *more_formats;	/* -f's values past the four, or NULL */
	enum cli_operands operands;
};

/*
 * Each command's descriptor is const struct cli_command cli_cmd_NAME,
 * defined at the start of a line in its file: make lists them all, by
 * name, for main.c (cli_commands.h), so that a new command is its file.
 */

/*
 * The option rows many commands share, defined once: -a, -n, -f and
 * -h by their letters, and the long-only ones by codes of their own
 * (above a command's own, from 256, and below the audits', 0x400).
 */
#define CLI_ROW_ALGORITHM { "algorithm", required_argument, NULL, 'a' }
#define CLI_ROW_CARDS { "cards", required_argument, NULL, 'n' }
#define CLI_ROW_FORMAT { "format", required_argument, NULL, 'f' }
#define CLI_ROW_HELP { "help", no_argument, NULL, 'h' }
#define CLI_ROW_END { NULL, 0, NULL, 0 }
enum { CLI_OPT_REDUCE = 0x300, CLI_OPT_NOTATION, CLI_OPT_THREADS,
	CLI_OPT_PART, CLI_OPT_TIME_LIMIT, CLI_OPT_CHECK, CLI_OPT_COLOR };
#define CLI_ROW_REDUCE { "reduce", required_argument, NULL, CLI_OPT_REDUCE }
#define CLI_ROW_NOTATION { "notation", required_argument, NULL, \
	CLI_OPT_NOTATION }
#define CLI_ROW_THREADS { "threads", required_argument, NULL, \
	CLI_OPT_THREADS }
#define CLI_ROW_PART { "part", required_argument, NULL, CLI_OPT_PART }
#define CLI_ROW_TIME_LIMIT { "time-limit", required_argument, NULL, \
	CLI_OPT_TIME_LIMIT }
#define CLI_ROW_CHECK { "check", no_argument, NULL, CLI_OPT_CHECK }
#define CLI_ROW_COLOR { "color", required_argument, NULL, CLI_OPT_COLOR }
/* Their help lines, where every command says the same. */
#define CLI_HELP_FORMAT "  -f, --format FORMAT   " REP_FORMATS_SAID "\n"
#define CLI_HELP_HELP "  -h, --help            show this help\n"
#define CLI_HELP_COLOR \
	"      --color WHEN      colour the output: auto (default: on a\n" \
	"                        terminal, unless NO_COLOR is set or TERM\n" \
	"                        is dumb), always or never\n"

/* The options of a command that takes none but --help. */
extern const struct option cli_help_only[];

/* completions: for the COUNT commands of TABLE. */
int cli_completions(int argc, char **argv,
    const struct cli_command *const *table, size_t count);
void cli_complete_help(FILE *out);

/* getopt_long, with what a part records of the command noted. */
int cli_getopt_long(int argc, char **argv, const char *shortopts,
    const struct option *longopts);

/*
 * The options of the command under way as cli_getopt_long read them:
 * each by its long name ("--cards" for -n; "-x" without one), its value
 * (NULL: none), sorted by name, an option given twice in its order; and
 * the operands.  False when memory ran out on the way (the words as
 * given must do).  cli_seen_free forgets them.
 */
struct cli_seen {
	char *name;
	char *value;
	bool optional;		/* its value goes as "--name=value" */
	size_t order;
};
bool cli_seen_sorted(const struct cli_seen **list, size_t *count,
    char ***ops, size_t *nops);
void cli_seen_free(void);

/* The names the parsers take, NULL-ended, for the completions. */
extern const char *const cli_format_names[];	/* -f */
extern const char *const cli_notation_names[];	/* --notation */
extern const char *const cli_color_names[];	/* --color */
extern const char *const cli_census_engines[];	/* census --engine */
extern const char *const cli_census_sorts[];	/* census --sort */
extern const char *const cli_distance_methods[]; /* distance --method */
/* The harness languages' names (cli_harness.c), NULL past the last. */
const char *cli_harness_language(size_t i);

/* A file the binary carries: the harnesses (harness_files.c, made by
 * make from src/harness/), ended by one whose NAME is NULL. */
struct cli_file {
	const char *name;
	const char *text;
	size_t size;
};
extern const struct cli_file cli_harness_files[];

/* The tests of a fit as report fields, and the sentence after them. */
void fit_fields(report *r, const sa_fit_result *res);
void fit_conclusion(report *r, const sa_fit_result *res);

#endif /* SA_CLI_H */
