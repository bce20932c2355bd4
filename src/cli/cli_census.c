/*
 * cli_census.c - `shuffle-audit census`: every run of a shuffle, tallied.
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_part.h"
#include "cli_audit.h"
#include "cli_census_show.h"

#define CARDS_MAX 1000		/* what -n accepts; the census refuses more */

static const char usage_text[] =
    "usage: " PROGNAME " census [-a ALGORITHM] [-n CARDS] [-f FORMAT]\n"
    "                     [--sort ordering|runs] [--top K|all] [--check]\n"
    "                     [--engine auto|steps|replay|walk]\n"
    "                     [--notation array|inverse|cycles]\n"
    "                     [--reduce METHOD:BITS] [--summary] [--threads N]\n"
    "                     [--times K] [--part I/P]\n"
    "       " PROGNAME " census --plan [-a ALGORITHM] [-n CARDS] [--ranks P]\n"
    "                     [--memory SIZE] [--network GBIT] [-f FORMAT]\n"
    "       " PROGNAME " census --layers [-a ALGORITHM] [-n CARDS]\n"
    "                     [--reduce reject|lemire:BITS] [--depth D]\n"
    "                     [--remainder EPS] [--time-limit S] [--check]\n"
    "       " PROGNAME " census --plugin PATH[:SYMBOL] | --exec COMMAND\n"
    "                     [--timeout S] [--raw-bits B] [--max-draws N]\n"
    "                     [--repeat all|none|1/K] [--batch] [--instances N]\n"
    "                     [--layers [--depth D | --remainder EPS]\n"
    "                     [--time-limit S]] [-n CARDS] [-f FORMAT] [--summary]\n"
    "                     [--part I/P]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Walks every run the shuffle can take on CARDS cards (every sequence\n"
	    "of random draws), tallies the ordering each run lands on, and says\n"
	    "with exact integers whether every ordering comes up equally often.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive; see\n"
	    "                        '" PROGNAME " algorithms')\n"
	    "  -n, --cards N         cards in the deck (default 4)\n"
	    "  -f, --format FORMAT   text (default), tsv, csv, json or junit\n"
	    "                        (JUnit XML, one test case failing on an\n"
	    "                        unfair verdict; implies --check)\n"
	    "      --sort KEY        ordering (default) or runs (most first)\n"
	    "      --top K|all       keep the first K rows (text default: 24)\n"
	    "      --check           exit 1 when the shuffle is unfair\n"
	    "      --engine ENGINE   auto (default; a proven formula where the\n"
	    "                        shuffle has one), steps, replay or walk\n"
	    "      --notation NOTE   array (default), inverse or cycles\n"
	    "      --summary         the summary and a histogram, no rows\n"
	    "      --threads N       threads for the step and walk engines (default:\n"
	    "                        the machine's cores)\n"
	    AUDIT_HELP
	    "      --times K         the shuffle done K times over (1 to 1000)\n"
	    "      --reduce M:B      make each draw from a B-bit word by M:\n"
	    "                        modulo, multiply, reject, lemire or scale\n"
	    "      --layers          count by layers, for draws by rejection\n"
	    "      --depth D         layers: follow every run for D draws\n"
	    "      --remainder EPS   layers: deepen until the runs still going\n"
	    "                        have probability at most EPS (2^-20)\n"
	    "      --time-limit S    layers: stop deepening after about S\n"
	    "                        seconds (60); with --depth, refuse a\n"
	    "                        depth foretold to take longer (for\n"
	    "                        a built-in, ten times 60 s when S is\n"
	    "                        not given)\n"
	    "      --part I/P        walk part I of P and write it as a part\n"
	    "                        file, for merge (an audit, or --engine\n"
	    "                        replay)\n"
	    "      --plan            print what the census will take, and do\n"
	    "                        not run it\n"
	    "      --ranks P         --plan: split over P ranks (mpirun -np P)\n"
	    "      --memory SIZE     --plan: each rank's memory, as 16G (default:\n"
	    "                        what this machine leaves)\n"
	    "      --network GBIT    --plan: each rank's network, in Gbit/s (10)\n"
	    CLI_HELP_HELP
	    "\n"
	    "An ordering lists, position by position, the starting position of\n"
	    "the card that ends there: 1032 means position 0 holds card 1.\n"
	    "\n"
	    "Exit status: 0 fair; 1 unfair (with --check, which an audit\n"
	    "implies); 2 bad input; 3 the audited code misbehaved; 4 unfair\n"
	    "under the model of its raw words or reals, which decides it.\n",
	    out);
}

struct census_args {
	sa_shuffle shuffle;
	size_t n;
	enum rep_format fmt;
	int fmt_choice;		/* -f, junit among them */
	bool by_runs;
	uint64_t top;		/* 0: the format's default */
	bool check;
	bool summary;
	uint64_t threads;
	enum sa_engine engine;
	enum sa_notation notation;
	sa_reduce reduce;
	bool chose;		/* -a was given */
	struct audit audit;	/* --plugin or --exec */
	bool audited;
	struct audit_check model;	/* an audit's second models */
	/* --layers, --depth, --remainder, --time-limit */
	bool layers;
	uint64_t depth;
	const char *remainder;
	uint64_t seconds;
	uint64_t times;		/* --times; 0 or 1: once */
	sa_time_limit limit;	/* of a census composed (--times) */
	sa_shuffle base;	/* the shuffle --times repeats */
	sa_repeated repeated;
	bool plan;		/* --plan, for --ranks, at --network */
	uint64_t ranks, gbits, memory;
	const struct part_set *merging;	/* under merge: the parts */
};

enum { OPT_SORT = 256, OPT_TOP, OPT_ENGINE, OPT_SUMMARY, OPT_LAYERS, OPT_DEPTH,
	OPT_REMAINDER, OPT_TIMES, OPT_PLAN,
	OPT_RANKS, OPT_NETWORK, OPT_MEMORY };

/* The deepest --depth: as many draws as a run may make. */
#define DEPTH_MAX SA_CENSUS_MAX_DRAWS

/*
 * The options of an audit, checked and defaulted (audit_settle): the
 * audited code is the shuffle, counted by replay, with --check implied.
 */
static bool
audit_args(struct census_args *a)
{
	int audited;

	if ((a->audit.path != NULL || a->audit.command != NULL) &&
	    (a->engine == SA_ENGINE_STEPS || a->engine == SA_ENGINE_WALK)) {
		cli_error("--engine %s: audited code is counted by replay",
		    a->engine == SA_ENGINE_STEPS ? "steps" : "walk");
		return false;
	}
	audited = audit_settle(&a->audit, a->chose, &a->reduce, a->n);
	if (audited < 0)
		return false;
	if (audited) {
		a->audited = true;
		a->check = true;
		a->shuffle = a->audit.shuffle;
	}
	return true;
}

/* An option of the census by layers into A; false after a message. */
static bool
layers_option(int c, const char *arg, struct census_args *a)
{
	a->layers = true;
	switch (c) {
	case OPT_DEPTH:
		return cli_parse_uint("--depth", arg, 1, DEPTH_MAX, &a->depth);
	case OPT_REMAINDER:
		a->remainder = arg;
		return true;
	default:	/* OPT_LAYERS */
		return true;
	}
}

/*
 * One of the census's own options (not an audit's or the layers') into
 * A; false after a message.
 */
/* The engines -- engine names, in the order of enum sa_engine. */
const char *const cli_census_engines[] = { "auto", "steps", "replay",
	"walk", NULL };
const char *const cli_census_sorts[] = { "ordering", "runs", NULL };

static bool
plain_option(int c, const char *optarg, struct census_args *a)
{
	int choice;

	switch (c) {
	case CLI_OPT_CHECK:
		a->check = true;
		return true;
	case OPT_ENGINE:
		if (!cli_parse_choice("--engine", optarg, cli_census_engines,
		    "engine", &choice))
			return false;
		a->engine = (enum sa_engine)choice;
		return true;
	case OPT_SUMMARY:
		a->summary = true;
		return true;
	case CLI_OPT_THREADS:
		if (!cli_parse_uint("--threads", optarg, 1, 64,
		    &a->threads))
			return false;
		return true;
	case CLI_OPT_REDUCE:
		if (!cli_parse_reduce(optarg, &a->reduce))
			return false;
		return true;
	case CLI_OPT_NOTATION:
		if (!cli_parse_notation(optarg, &choice))
			return false;
		a->notation = (enum sa_notation)choice;
		return true;
	case OPT_SORT:
		if (!cli_parse_choice("--sort", optarg, cli_census_sorts,
		    "sort key", &choice))
			return false;
		a->by_runs = choice == 1;
		return true;
	default:
		return true;
	}
}

/* One of the census's options into A (cli_getopts' OWN). */
static int
census_option(int c, const char *arg, void *ctx)
{
	struct census_args *a = ctx;
	bool ok;

	switch (c) {
	case CLI_OPT_CHECK:
	case OPT_ENGINE:
	case OPT_SUMMARY:
	case CLI_OPT_THREADS:
	case CLI_OPT_REDUCE:
	case CLI_OPT_NOTATION:
	case OPT_SORT:
		ok = plain_option(c, arg, a);
		break;
	AUDIT_CASES:
		ok = audit_option(c, arg, &a->audit);
		break;
	case OPT_LAYERS:
	case OPT_DEPTH:
	case OPT_REMAINDER:
		ok = layers_option(c, arg, a);
		break;
	case CLI_OPT_TIME_LIMIT:
		ok = cli_parse_uint("--time-limit", arg, 1, 1000000,
		    &a->seconds);
		break;
	case OPT_TIMES:
		ok = cli_parse_uint("--times", arg, 1, SA_REPEAT_MAX, &a->times);
		break;
	case CLI_OPT_PART:
		ok = part_parse(arg, &a->audit.part_index,
		    &a->audit.part_count);
		break;
	case OPT_PLAN:
		a->plan = ok = true;
		break;
	case 'f':
		ok = cli_parse_format_junit(arg, &a->fmt_choice);
		break;
	case OPT_RANKS:
		ok = cli_parse_uint("--ranks", arg, 1, 1000000, &a->ranks);
		break;
	case OPT_NETWORK:
		ok = cli_parse_uint("--network", arg, 1, 1000000, &a->gbits);
		break;
	case OPT_MEMORY:
		ok = census_parse_memory(arg, &a->memory);
		break;
	case OPT_TOP:
		a->top = UINT64_MAX;
		ok = strcmp(arg, "all") == 0 || cli_parse_uint("--top", arg, 1,
		    UINT64_MAX, &a->top);
		break;
	default:
		a->chose = a->chose || c == 'a';
		return CLI_CONTINUE;
	}
	return ok ? CLI_TAKEN : EXIT_TROUBLE;
}

/* --plan's options, checked; false after a message. */
static bool
plan_args_fit(const struct census_args *a)
{
	if (!a->plan && (a->ranks != 0 || a->gbits != 0 || a->memory != 0)) {
		cli_error("%s: plans for ranks (with --plan); under mpirun a "
		    "census takes mpirun's ranks", a->ranks ? "--ranks" :
		    a->gbits ? "--network" : "--memory");
		return false;
	}
	if (a->plan && (a->audit.part_count != 0 || a->merging != NULL)) {
		cli_error("--plan: plans a census and makes no parts, so not "
		    "with --part or under merge");
		return false;
	}
	if (a->plan && (a->audited || a->layers || a->times > 1 ||
	    a->summary || a->by_runs || a->top || a->check ||
	    a->reduce.method)) {
		cli_error("--plan: plans a built-in shuffle's census, so not "
		    "with %s", a->audited ? "--plugin or --exec" : a->layers ?
		    "--layers" : a->times > 1 ? "--times" : a->summary ?
		    "--summary" : a->by_runs ? "--sort" : a->top ? "--top" :
		    a->check ? "--check" : "--reduce");
		return false;
	}
	return true;
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	CLI_ROW_CHECK,
	{ "engine", required_argument, NULL, OPT_ENGINE },
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_NOTATION,
	CLI_ROW_REDUCE,
	{ "summary", no_argument, NULL, OPT_SUMMARY },
	CLI_ROW_THREADS,
	{ "sort", required_argument, NULL, OPT_SORT },
	{ "top", required_argument, NULL, OPT_TOP },
	AUDIT_LONGOPTS,
	{ "layers", no_argument, NULL, OPT_LAYERS },
	{ "depth", required_argument, NULL, OPT_DEPTH },
	{ "remainder", required_argument, NULL, OPT_REMAINDER },
	CLI_ROW_TIME_LIMIT,
	{ "times", required_argument, NULL, OPT_TIMES },
	CLI_ROW_PART,
	{ "plan", no_argument, NULL, OPT_PLAN },
	{ "ranks", required_argument, NULL, OPT_RANKS },
	{ "network", required_argument, NULL, OPT_NETWORK },
	{ "memory", required_argument, NULL, OPT_MEMORY },
	CLI_ROW_END,
};

/* The options A holds, checked together; false after a message. */
static bool
census_args_fit(struct census_args *a)
{
	unsigned parts = 0;

	if (!audit_args(a) || !cli_check_cards(&a->shuffle, a->n) ||
	    !cli_check_reduce(&a->shuffle, &a->reduce, a->n))
		return false;
	/* Under MPI, an audit is shared out over the ranks (cli_mpi.c). */
	if (a->merging == NULL && a->audited && !(a->layers && a->depth == 0))
		(void)mpi_part(&a->audit.part_index, &a->audit.part_count);
	/* Under merge, the options are checked as --part checks them. */
	if (a->audit.part_count != 0 || part_set_total(a->merging) != 0)
		parts = a->audit.part_count ? a->audit.part_count :
		    part_set_total(a->merging);
	if (parts != 0 && !a->audited &&
	    (a->engine != SA_ENGINE_REPLAY || a->reduce.method ||
	    a->times > 1)) {
		cli_error("--part: a built-in shuffle's census is split by "
		    "replay, its runs shared out by their first draw; %s",
		    a->engine != SA_ENGINE_REPLAY ? "give --engine replay (the "
		    "parts merge to that census's report)" : "not with "
		    "--reduce or --times");
		return false;
	}
	if (parts != 0 && a->layers && a->depth == 0) {
		cli_error("--part: every part of a census by layers walks the "
		    "same depth, so give it (--depth D)");
		return false;
	}
	if (a->times > 1 && (a->audited || a->layers)) {
		cli_error("--times: repeats a built-in shuffle, not with %s",
		    a->layers ? "--layers" : "--plugin or --exec");
		return false;
	}
	if (a->seconds != 0 && !a->layers && !a->audited && a->times < 2) {
		cli_error("--time-limit: bounds a census by layers, an audit or "
		    "a census composed (--times); a built-in shuffle's census "
		    "is sized by its memory before it starts");
		return false;
	}
	if (!plan_args_fit(a))
		return false;
	if (a->times > 1) {
		a->base = a->shuffle;
		(void)sa_shuffle_repeat(&a->repeated, &a->base, a->n, a->times);
	}
	return true;
}

static int
parse_args(int argc, char **argv, const struct part_set *merging,
    struct census_args *a)
{
	int status, fmt = REP_TEXT;
	uint64_t cards = 4;
	const struct cli_options common = { "census", help, &a->shuffle, &fmt,
	    &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->merging = merging;
	a->shuffle = *sa_shuffle_find("naive");
	a->fmt_choice = fmt;
	status = cli_getopts(argc, argv, &cli_cmd_census, &common,
	    census_option, a);
	if (status != 0)
		return status;
	a->fmt = (enum rep_format)a->fmt_choice;
	/* A JUnit test case fails on an unfair verdict: so does the exit. */
	if (a->fmt == REP_JUNIT)
		a->check = true;
	a->n = (size_t)cards;
	return census_args_fit(a) ? 0 : EXIT_TROUBLE;
}

/*
 * Memory this command takes beside the census, for the planner to count
 * into OPTS: a plugin's tally lives three times (the child's census, the
 * memory shared with it, our copy: 16 more bytes an ordering); --sort
 * runs keeps a rank of 8 bytes for each ordering shown, sorted in place.
 */
static void
extra_memory(const struct census_args *a, sa_census_opts *opts)
{
	uint64_t top = a->top ? a->top : rep_shape(a->fmt) == REP_TEXT ? CENSUS_TEXT_ROWS :
	    UINT64_MAX;

	opts->extra_bytes = 0;
	opts->extra_per_ordering = a->audited && a->audit.path != NULL ? 16 : 0;
	if (!a->by_runs)
		return;
	if (sa_factorial(a->n) == 0 || top >= sa_factorial(a->n))
		opts->extra_per_ordering += 8;
	else
		opts->extra_bytes = 8 * top;	/* top < n! <= 20! */
}

static void
refusal(const struct census_args *a, int status, const sa_census_plan *plan)
{
	char what[48];

	snprintf(what, sizeof what, "census of %zu cards", a->n);
	if (status == SA_ETIME)
		cli_time_refusal(what, &a->limit, "pairs of orderings composed",
		    "ask for fewer times (--times) or cards");
	else if (a->times > 1 && a->repeated.shuffle.steps == NULL &&
	    status == SA_EOVERFLOW && plan->why[0] == '\0')
		/* the plan of one census passed: the composition refused */
		cli_error("%s: the %s shuffle's runs do not fit in 128 bits",
		    what, a->repeated.name);
	else if (a->times > 1 && a->repeated.shuffle.steps == NULL &&
	    status == SA_ETOOBIG && plan->why[0] == '\0')
		cli_error("%s: the %s shuffle's census fits in memory, but "
		    "composing it with itself does not (a table of 16 bytes an "
		    "ordering, one a thread, and the orderings it reaches); ask "
		    "for fewer cards", what, a->shuffle.name);
	else if (status == SA_EINVAL && a->engine != SA_ENGINE_AUTO)
		cli_error("--engine %s: %s", cli_census_engines[a->engine], plan->why);
	else
		cli_error("%s: %s%s", what, plan->why[0] != '\0' ? plan->why :
		    sa_strerror(status), cli_past_census(a->audited, status,
		    plan, a->n));
}

/*
 * When the census started, and its runs when known, for the progress on
 * a terminal and the forecast on stderr.
 */
static struct clock {
	double start;
	const sa_census_plan *plan;	/* written by the census as it starts */
	bool live;		/* stderr is a terminal: progress lines */
	bool hinted;		/* the forecast said */
	double hint_s;		/* said when foretold past this */
} clock_start;

/*
 * The census's progress: on a terminal, once it has run for a second, the
 * fraction done, the runs a second when the runs are known in advance,
 * and the time left at the rate so far; on a terminal or not, once, the
 * time it is foretold to take in all when that passes 10 seconds (run.h's
 * run_hint_seconds), as an audit's.  The fraction is of the engine's work
 * (its steps weighed by their sizes), so the rate so far foretells it.
 */
static void
progress(void *ctx, double done)
{
	struct clock *c = ctx;
	double spent = cli_seconds() - c->start;
	char words[48];

	if (!c->hinted && done > 0 && done < 1 && (spent >= 0.25 ||
	    c->hint_s == 0) && spent / done > c->hint_s) {
		c->hinted = true;
		run_duration(spent / done, words, sizeof words);
		if (c->live)
			cli_clear_line(stderr);
		fprintf(stderr, PROGNAME ": census: foretold to take about %s "
		    "(%.3g%% of its work done in %.3g s)\n", words,
		    100.0 * done, spent);
	}
	cli_progress("census", c->start, done, c->plan->runs, "runs", c->live,
	    "adding up the tally and writing the report");
}

/* The census of the audited code into *C; an exit status. */
static int
count_audited(struct census_args *a, sa_census_opts *opts, sa_census **c)
{
	sa_census_plan plan;
	int status;

	/* The memory a replay of this size takes, checked first. */
	opts->engine = SA_ENGINE_REPLAY;
	opts->max_draws = a->audit.max_draws;
	status = sa_census_plan_for(&a->audit.shuffle, a->n, opts, &plan);
	if (status != SA_OK) {
		refusal(a, status, &plan);
		return EXIT_TROUBLE;
	}
	status = audit_census(&a->audit, a->n, a->merging, c);
	if (status == PART_WRITTEN)
		return status;
	if (status == EXIT_FAIR)
		audit_check(&a->audit, a->n, a->merging, *c, &a->model);
	if (status == EXIT_MISBEHAVED || status == EXIT_MODEL) {
		audit_report(&a->audit, a->n, a->fmt);
		return cli_finish(status);
	}
	return status;
}

/*
 * The parts of a built-in shuffle's census under merge, added up into
 * *C: EXIT_FAIR, or EXIT_TROUBLE after a message.
 */
static int
merge_builtin(const struct census_args *a, const sa_part *parts,
    size_t count, sa_census **c)
{
	size_t at;
	int status;

	*c = NULL;
	if (!part_set_kind(a->merging, "census"))
		return EXIT_TROUBLE;
	status = sa_parts_census(parts, count, NULL, &a->shuffle, a->n, &at, c);
	if (status != SA_OK)
		cli_error("merge: part %zu of %zu: %s", at + 1, count,
		    status == SA_EINVAL ? "its counts are not a census of "
		    "these cards" : sa_strerror(status));
	if (status == SA_OK) {
		char why[256];

		status = sa_census_whole(*c, &a->shuffle, why, sizeof why);
		if (status != SA_OK)
			cli_error("merge: %s", status == SA_EINVAL ? why :
			    sa_strerror(status));
	}
	if (status != SA_OK) {
		sa_census_free(*c);
		*c = NULL;
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/*
 * --part for a built-in shuffle: the runs whose first draw is the part's
 * (by replay, as an audit's are walked), written as a part file; under
 * merge, the parts added up into *C.  An exit status, or PART_WRITTEN.
 */
static int
count_part(struct census_args *a, sa_census_opts *opts, sa_census **c)
{
	sa_audit_opts audit;
	unsigned char *data = NULL;
	size_t len = 0;
	int status;

	if (a->merging != NULL)
		return merge_builtin(a, a->merging->parts, a->merging->count,
		    c);
	memset(&audit, 0, sizeof audit);
	audit.part = a->audit.part_index - 1;
	audit.parts = a->audit.part_count;
	status = sa_census_run_audited(&a->shuffle, a->n, opts, &audit, c);
	if (status == SA_OK)
		status = sa_census_pack(*c, &data, &len);
	sa_census_free(*c);
	*c = NULL;
	if (status != SA_OK) {
		free(data);
		cli_error("--part: census of %zu cards: %s", a->n,
		    sa_strerror(status));
		return EXIT_TROUBLE;
	}
	return part_put(a->audit.part_index, a->audit.part_count, "census",
	    data, len, NULL, 0);
}

/* The census of a built-in shuffle into *C; an exit status. */
static int
count_builtin(struct census_args *a, sa_census_opts *opts, sa_census **c)
{
	sa_census_plan plan;
	int status;

	if (a->audit.part_count != 0 || a->merging != NULL)
		return count_part(a, opts, c);

	memset(&plan, 0, sizeof plan);
	opts->plan = &plan;
	opts->progress = progress;
	opts->progress_ctx = &clock_start;
	clock_start.start = cli_seconds();
	clock_start.plan = &plan;
	clock_start.live = isatty(STDERR_FILENO);
	clock_start.hint_s = run_hint_seconds();
	if (a->times > 1)
		status = sa_census_repeat(&a->repeated, a->n, opts, c);
	else
		status = sa_census_run(&a->shuffle, a->n, opts, c);
	opts->plan = NULL;
	if (status != SA_OK) {
		refusal(a, status, &plan);
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}


/* The census by layers A asks for; an exit status. */
static int
count_layers(struct census_args *a)
{
	struct layers_args la;
	int status;

	if (a->engine != SA_ENGINE_AUTO || a->summary || a->by_runs ||
	    a->top != 0) {
		cli_error("--layers: prints the layers, so not with %s",
		    a->engine != SA_ENGINE_AUTO ? "--engine" : a->summary ?
		    "--summary" : a->by_runs ? "--sort" : "--top");
		return EXIT_TROUBLE;
	}
	if (a->depth != 0 && a->remainder != NULL) {
		cli_error("--depth: walks that depth; --remainder chooses one, "
		    "so not with it");
		return EXIT_TROUBLE;
	}
	memset(&la, 0, sizeof la);
	sa_fraction_init(&la.eps);
	/* With no --remainder, deepen until fair can be said. */
	if (a->remainder == NULL && sa_layers_bound(a->n, &la.eps) == SA_OK)
		;
	else if (!cli_parse_fraction("--remainder", a->remainder ?
	    a->remainder : "2^-20", &la.eps)) {
		sa_fraction_free(&la.eps);
		return EXIT_TROUBLE;
	}
	la.shuffle = &a->shuffle;
	la.n = a->n;
	la.fmt = a->fmt;
	la.notation = a->notation;
	la.reduce = a->reduce;
	la.depth = (size_t)a->depth;
	la.max_depth = DEPTH_MAX;
	la.merging = a->merging;
	if (a->audited) {
		la.audit = &a->audit;
		la.shuffle = &a->audit.shuffle;
		la.max_depth = a->audit.max_draws;
	}
	la.seconds = a->seconds ? (double)a->seconds : 60.0;
	/*
	 * Every part walks the depth itself, and merge takes it whole.
	 * Without --time-limit, a built-in's depth is refused when foretold
	 * past ten times the default limit; audited code's is walked at
	 * once and stopped at the limit, since a forecast from its first
	 * depths counts its start-up (a JVM's seconds, under load) as
	 * walking, and refused a Java harness's depth 3 even with that
	 * margin.
	 */
	la.direct = a->audit.part_count != 0 || a->merging != NULL ||
	    (a->audited && a->seconds == 0);
	la.margin = a->seconds == 0 ? 10 : 1;
	la.check = a->check;
	status = layers_census(&la);
	sa_fraction_free(&la.eps);
	return status;
}

/*
 * Under mpirun (make MPI=1): whether this census runs sharded, every
 * rank holding a block of it (the library decides: the step engine on 6
 * cards or more), with OPTS set for it.  Only rank 0 then speaks.
 */
static bool
census_shards(const struct census_args *a, sa_census_opts *opts)
{
	sa_census_plan plan;

	if (a->audited || a->layers || a->plan || a->times > 1 ||
	    a->audit.part_count != 0 || mpi_comm() == NULL)
		return false;
	opts->comm = mpi_comm();
	opts->engine = a->engine;
	opts->reduce = a->reduce;
	(void)sa_census_plan_for(&a->shuffle, a->n, opts, &plan);
	if (plan.ranks < 2) {
		opts->comm = NULL;
		return false;
	}
	mpi_quiet();
	return true;
}

/* The census C on a rank but 0 of a sharded one: it serves rank 0. */
static int
serve(sa_census *c)
{
	if (sa_census_serve(c) != SA_OK) {
		cli_error("census: a rank of the sharded census failed");
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/*
 * STATUS, the census's exit status, with GitHub's ::error:: annotation
 * on stderr for a verdict that fails the job (rep_annotate).
 */
static int
annotated(int status)
{
	if (status == EXIT_UNFAIR || status == EXIT_MISBEHAVED ||
	    status == EXIT_MODEL)
		rep_annotate(stderr);
	return status;
}

static int
census_merge(int argc, char **argv, const struct part_set *merging)
{
	struct census_args a;
	sa_census_opts opts;
	sa_census *c = NULL;
	bool sharded = false;
	int status;

	memset(&opts, 0, sizeof opts);
	status = parse_args(argc, argv, merging, &a);
	if (status == 0)
		sharded = census_shards(&a, &opts);
	if (status != 0 || (!sharded && mpi_idle(a.audit.part_count != 0))) {
		run_free(&a.audit);
		return status < 0 ? EXIT_FAIR : status;
	}
	if (a.plan) {
		status = census_plan_report(&a.shuffle, a.n, a.engine,
		    (unsigned)(a.ranks ? a.ranks : 1), a.memory,
		    a.gbits ? a.gbits : 10, a.fmt);
		run_free(&a.audit);
		return status;
	}
	if (a.layers) {
		status = count_layers(&a);
		run_free(&a.audit);
		return annotated(status == PART_WRITTEN ? EXIT_FAIR : status);
	}
	opts.engine = a.engine;
	opts.reduce = a.reduce;
	opts.threads = (unsigned)a.threads;
	if (sharded && a.threads == 0)
		opts.threads = mpi_threads();
	a.limit.seconds = a.seconds ? (double)a.seconds : CLI_TIME_LIMIT;
	opts.limit = &a.limit;
	if (a.audited && a.seconds != 0)
		a.audit.deadline = cli_seconds() + (double)a.seconds;
	extra_memory(&a, &opts);
	status = a.audited ? count_audited(&a, &opts, &c) :
	    count_builtin(&a, &opts, &c);
	if (!a.audited && a.reduce.method == SA_REDUCE_NONE &&
	    sa_shuffle_keys(&a.shuffle, a.n, &a.model.key_width,
	    &a.model.key_count))
		a.model.keys_counted = true;
	if (status == EXIT_FAIR)
		status = sharded && opts.comm->rank != 0 ? serve(c) :
		    census_show(&(struct census_view){ a.n, a.fmt,
		    a.notation, a.by_runs, a.summary, a.check, a.audited, a.top,
		    a.model }, c);
	sa_census_free(c);
	run_free(&a.audit);
	return annotated(status == PART_WRITTEN ? EXIT_FAIR : status);
}

static int
cmd_census(int argc, char **argv)
{
	return census_merge(argc, argv, NULL);
}

const struct cli_command cli_cmd_census = {
	.name = "census",
	.summary = "count every run of a shuffle, exactly",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_census,
	.merge = census_merge,
	.more_formats = "junit",
	.operands = CLI_OPERANDS_NONE,
};
