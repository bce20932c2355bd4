/*
 * cli.h - the command-line front end: argument parsing, the report
 * formatter and the subcommands.  Only the CLI prints or exits; it talks
 * to the library through shuffle_audit.h alone.
 */
#ifndef SA_CLI_H
#define SA_CLI_H

#include <sys/types.h>

#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "shuffle_audit.h"
#include "shuffle_audit_audit.h"
#include "run.h"

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

/*
 * Clears the line a progress report is on: by the erase-line escape, or
 * on a terminal that has none (TERM dumb or unset) by overwriting it.
 */
void cli_clear_line(FILE *out);

/* A p-value 10^L as text: "0.0123", "3.2e-7", "4.1e-1234". */
void cli_p_text(double l, char *buf, size_t size);

/*
 * Progress on stderr, once a second has passed since START and then at
 * most four times a second: "WHAT P% done, R UNIT/s, about S s left",
 * the rate when TOTAL (the units of the whole job) is known, not 0; the
 * line is cleared when DONE reaches 1.  The caller checks that stderr
 * is a terminal.
 */
void cli_progress(const char *what, double start, double done,
    uint64_t total, const char *unit);

/*
 * FMT and AP written into SMALL (SIZE bytes) when they fit, or into a
 * string from malloc when not (the caller frees it when it is not
 * SMALL); cut to SMALL when memory runs out.
 */
char *cli_vformat(char *small, size_t size, const char *fmt, va_list ap);

/*
 * S made safe to print on a terminal: control characters (C0, DEL and
 * the C1 range) and bytes that are not UTF-8 written as \xNN, \n and
 * \t; NULL when S needs no change.  The caller frees the result.
 */
char *cli_text_safe(const char *s);

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
bool cli_parse_choice(const char *opt, const char *s,
    const char *const *names, const char *what, int *out);

/* -f FORMAT: text, tsv, csv or json, in the order of enum rep_format. */
bool cli_parse_format(const char *s, int *out);
/* The same, or the command's own EXTRA format (*IS_EXTRA then). */
bool cli_parse_format_or(const char *s, const char *extra, int *fmt,
    bool *is_extra);

/* --notation: array, inverse or cycles, as enum sa_notation. */
bool cli_parse_notation(const char *s, int *out);

/*
 * The options most commands share: -a, -f, -h and -n.  A NULL pointer
 * means the command has no such option.
 */
struct cli_options {
	const char *cmd;
	void (*help)(void);
	sa_shuffle *shuffle;	/* -a */
	int *format;		/* -f */
	uint64_t *cards;	/* -n, from 1 to CARDS_MAX */
	uint64_t cards_max;
};

#define CLI_CONTINUE (-1)
#define CLI_TAKEN (-2)

/*
 * The option loop every command runs: getopt_long over SHORTOPTS and
 * LONGOPTS; each option first to OWN (may be NULL), which returns
 * CLI_TAKEN for one of its own, handled, CLI_CONTINUE for one it does not
 * know, or an exit status after a message; the rest to cli_option
 * (COMMON's shared options, and the messages for unknown ones).  Then
 * no operands may be left.  0 to go on, -1 after --help (exit 0), or an
 * exit status.
 */
struct option;
int cli_getopts(int argc, char **argv, const char *shortopts,
    const struct option *longopts, const struct cli_options *common,
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

/* S with XML's five special characters escaped, to F. */
void cli_xml_text(FILE *f, const char *s);


/*
 * The report formatter.  A command describes its result as fields (a key
 * for scripts, a label for people, a typed value) and tables (typed
 * columns, streamed row by row); the formatter renders them as text, TSV,
 * CSV or JSON.  TSV and CSV carry the table only; JSON is one object
 * holding the fields and, under its key, the table as an array of
 * objects; text prints everything, including prose lines that only text
 * carries.
 */
enum rep_format { REP_TEXT, REP_TSV, REP_CSV, REP_JSON };

/* REP_NUM: a number as text; NULL is JSON's null, and empty elsewhere. */
/* REP_LIST: numbers separated by commas or blanks, as text shows them;
 * a JSON array of numbers. */
enum rep_type { REP_STR, REP_U64, REP_FRAC, REP_BOOL, REP_NUM, REP_LIST };
/* REP_FRAC's text shows '+' before a value above 0, as deviations do; a
 * column of chances and distances sets NO_PLUS in its places. */
#define REP_NO_PLUS 0x100

struct rep_col {
	const char *key;	/* TSV/CSV header and JSON member name */
	const char *label;	/* text header */
	enum rep_type type;
	int width;		/* text: minimum width */
	bool right;		/* text: align right */
	bool json;		/* JSON carries this column */
	int places;		/* REP_FRAC: decimals in text (TSV/CSV: 4) */
	const char *zero;	/* REP_FRAC: text for an exact 0, or NULL */
};

struct rep_cell {
	const char *s;
	uint64_t u;
	const sa_fraction *f;	/* REP_FRAC: an exact fraction */
	bool b;			/* REP_BOOL: yes or no (JSON: true, false) */
};

#define REP_MAX_FIELDS 48
#define REP_MAX_COLS 8

struct rep_field {
	const char *key;	/* NULL: text only */
	const char *label;	/* NULL: machine formats only */
	char *value;		/* as text shows it */
	char *raw;		/* as TSV and CSV show it */
	char *note;		/* text only, or NULL */
};

typedef struct report {
	FILE *out;
	enum rep_format fmt;
	int members;		/* JSON members written */
	bool tabled;		/* a table has been written */
	/*
	 * Fields waiting: in text, to be aligned as one block; in TSV and
	 * CSV, to be written as "field value" rows if no table comes.
	 */
	int pending;
	struct rep_field field[REP_MAX_FIELDS];
	/* the open table */
	const struct rep_col *cols;
	int ncols;
	uint64_t rows;
} report;

void rep_begin(report *r, FILE *out, enum rep_format fmt);
/*
 * Fields.  KEY NULL: text only.  LABEL NULL: machine formats only.  Both
 * are kept by their pointers until the report ends: constant strings.
 */
void rep_str(report *r, const char *key, const char *label,
    const char *value, const char *note);
void rep_u64(report *r, const char *key, const char *label, uint64_t value,
    const char *note);
void rep_bool(report *r, const char *key, const char *label, bool value,
    const char *note);
/* DIGITS, an exact integer of any size: a JSON number, not a string. */
void rep_num(report *r, const char *key, const char *label,
    const char *digits, const char *note);
/* A member with no value: JSON null, an empty value in TSV and CSV. */
void rep_null(report *r, const char *key);
/*
 * ITEMS, a space-separated list: in text, TSV and CSV as it is ("none"
 * in text when empty), in JSON an array, of numbers when NUMBERS (each
 * item a JSON number), of strings otherwise.
 */
void rep_list(report *r, const char *key, const char *label,
    const char *items, bool numbers, const char *note);
/*
 * TEXT as prose wrapped to 80 columns, in text only: the first line
 * starts with LEAD padded to INDENT columns, the others with INDENT
 * spaces.  A word longer than a line is left whole.
 */
void rep_wrap(report *r, const char *lead, int indent, const char *text);
/* A line of prose, in text only; an empty string gives a blank line. */
void rep_line(report *r, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
void rep_table(report *r, const char *key, const struct rep_col *cols,
    int ncols);
void rep_row(report *r, const struct rep_cell *cells);
void rep_table_end(report *r);
void rep_end(report *r);

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
 * Runs shared out over jobs (cli_part.c).  part_command keeps the words
 * of the command under way (ARGV from its name on), which a part
 * records, but for --part itself; part_parse reads --part I/P into
 * *INDEX and *COUNT.  part_put writes part INDEX of COUNT to standard
 * output: KIND's DATA (LEN bytes, malloc'd; taken) and NOTES ("KEY
 * VALUE"); it returns PART_WRITTEN, which the command turns into exit
 * status 0 without a report, or EXIT_TROUBLE after a message.  Under
 * merge, part_merged gives the parts, in order (NULL otherwise), and
 * part_note whether any part has the note "KEY yes".
 */
#define PART_MAX SA_PART_MAX
#define PART_WRITTEN 256
void part_command(int argc, char **argv);
void part_command_free(void);
bool part_parse(const char *arg, unsigned *index, unsigned *count);
int part_put(unsigned index, unsigned count, const char *kind,
    unsigned char *data, size_t len, char **notes, size_t nnotes);
const sa_part *part_merged(size_t *count);
unsigned part_merging(void);	/* the parts' P under merge, or 0 */
bool part_note(const char *key);
/* The value of part P's note KEY, or NULL. */
const char *part_note_value(const sa_part *p, const char *key);
/* Under merge, whether the parts hold KIND; false after a message. */
bool part_kind_is(const char *kind);
/*
 * merge's options and files (ARGC, ARGV from "merge" on): the parts read
 * and checked as one run, kept for the command they answer, whose words
 * (*COUNT of them, the parts') it gives in *WORDS.  0, -1 after --help,
 * or an exit status after a message.  part_merge_free lets them go.
 */
int part_merge_load(int argc, char **argv, char ***words, int *count);
void part_merge_free(void);
/*
 * The same for parts held in memory (cli_mpi.c's, from every rank):
 * COUNT texts (each malloc'd; taken) named NAMES in messages.  0, or an
 * exit status after a message.
 */
int part_merge_texts(char **names, char **texts, size_t *lens,
    size_t count);

/*
 * Open MPI (make MPI=1, cli_mpi.c).  Under mpirun -np P, a command that
 * shares its work out (an audit's census, seed-space, sample) runs on
 * every rank as part rank+1 of P: mpi_part sets *INDEX and *COUNT so
 * when no --part was given (true), and mpi_take keeps the part's TEXT
 * (malloc'd; taken) for rank 0 (true) instead of its being written.  A
 * rank with nothing to do (mpi_idle: not rank 0, and the work was not
 * shared out) does nothing.  mpi_finish, after the command, gathers the
 * parts on rank 0, which runs the command RUN again on their sum, so
 * that it alone writes the report the whole run writes; it returns the
 * exit status.  Without MPI these do nothing.
 */
#ifdef SA_MPI
/* False, rank 0 saying so, when the ranks were given different words. */
bool mpi_start(int *argc, char ***argv);
bool mpi_part(unsigned *index, unsigned *count);
bool mpi_take(char *text, size_t len);
bool mpi_idle(bool parted);
bool mpi_runs(bool shares);
int mpi_finish(int (*run)(int, char **), int argc, char **argv,
    int status);
/*
 * A sharded census: the ranks as the library's sa_comm (NULL for one
 * rank); the threads each rank takes, the machine's cores shared among
 * the ranks on it; and mpi_quiet, which sends the messages of ranks but
 * 0 to /dev/null (rank 0 says what all of them would).
 */
const sa_comm *mpi_comm(void);
unsigned mpi_threads(void);
void mpi_quiet(void);
#else
static inline const sa_comm *mpi_comm(void)
{
	return NULL;
}
static inline unsigned mpi_threads(void)
{
	return 0;
}
static inline void mpi_quiet(void)
{
}
static inline bool mpi_part(unsigned *index, unsigned *count)
{
	(void)index;
	(void)count;
	return false;
}
static inline bool mpi_take(char *text, size_t len)
{
	(void)text;
	(void)len;
	return false;
}
static inline bool mpi_idle(bool parted)
{
	(void)parted;
	return false;
}
#endif

/* Subcommands: each returns the exit status. */
int cmd_algorithms(int argc, char **argv);
int cmd_census(int argc, char **argv);
int cmd_claims(int argc, char **argv);
int cmd_deal(int argc, char **argv);
int cmd_distance(int argc, char **argv);
int cmd_divisibility(int argc, char **argv);
int cmd_fit(int argc, char **argv);
int cmd_sample(int argc, char **argv);
int cmd_seed_space(int argc, char **argv);
int cmd_matrix(int argc, char **argv);
int cmd_state_space(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_harness(int argc, char **argv);

/* A subcommand, as main.c's table lists it. */
struct cli_command {
	const char *name;
	int (*run)(int, char **);
	const char *summary;
};

/* completions: for the COUNT commands of TABLE. */
int cli_completions(int argc, char **argv, const struct cli_command *table,
    size_t count);

/*
 * The option tables, read back from the parsers themselves: while
 * cli_listing points somewhere, cli_getopt_long records the SHORTOPTS
 * and LONGOPTS it is given there and answers -h, which cli_option then
 * takes quietly, so a command run with no arguments hands over its table
 * and returns 0 (cli_complete.c, for the completions and help).
 */
struct cli_listing {
	const char *shortopts;
	const struct option *longopts;
};
extern struct cli_listing *cli_listing;
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
	OPT_MAX_DRAWS, OPT_REPEAT, OPT_BATCH, OPT_INSTANCES, OPT_REAL_CELLS };
#define AUDIT_LONGOPTS \
	{ "plugin", required_argument, NULL, OPT_PLUGIN }, \
	{ "exec", required_argument, NULL, OPT_EXEC }, \
	{ "timeout", required_argument, NULL, OPT_TIMEOUT }, \
	{ "raw-bits", required_argument, NULL, OPT_RAW_BITS }, \
	{ "max-draws", required_argument, NULL, OPT_MAX_DRAWS }, \
	{ "repeat", required_argument, NULL, OPT_REPEAT }, \
	{ "batch", no_argument, NULL, OPT_BATCH }, \
	{ "instances", required_argument, NULL, OPT_INSTANCES }, \
	{ "real-cells", required_argument, NULL, OPT_REAL_CELLS }
#define AUDIT_CASES \
	case OPT_PLUGIN: case OPT_EXEC: case OPT_TIMEOUT: case OPT_RAW_BITS: \
	case OPT_MAX_DRAWS: case OPT_REPEAT: case OPT_BATCH: \
	case OPT_INSTANCES: case OPT_REAL_CELLS
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
int audit_census(struct audit *au, size_t n, sa_census **out);

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
	uint64_t cells;
	size_t n;		/* the cards */
	unsigned protections;	/* GUARD_ bits the code ran under */
};

void audit_check(struct audit *au, size_t n, const sa_census *c,
    struct audit_check *out);
/*
 * Layers L of AU's code (to their depth, judged) under a second model:
 * its raw words a bit wider (WIDER) or its reals placed elsewhere;
 * whether they count the same into *SAME.  False when that count was
 * not made: too costly, or stopped.
 */
bool audit_layers_same(struct audit *au, size_t n, sa_layers *l, bool wider,
    bool *same);
void check_fields(report *r, const struct audit_check *k);

/* The exit status of an audit's verdict: FAIR unfair, checked by K. */
int check_exit(bool fair, const struct audit_check *k);

/*
 * The same for the census by layers to DEPTH draws a run: OUT, judged,
 * with EXIT_FAIR.  audit_mention_draws adds the raw words' width and the
 * reals' cells to AU's summary once the code has asked for them.
 */
int audit_layers(struct audit *au, size_t n, size_t depth, sa_layers **out);
void audit_mention_draws(struct audit *au);

/* The protections PROTECTIONS (0: no audited code) as report fields. */
void guard_fields(report *r, unsigned protections);

void audit_report(const struct audit *au, size_t n, enum rep_format fmt);
void audit_report_svg(const struct audit *au, size_t n);

/* The tests of a fit as report fields, and the sentence after them. */
void fit_fields(report *r, const sa_fit_result *res);
void fit_conclusion(report *r, const sa_fit_result *res);

#endif /* SA_CLI_H */
