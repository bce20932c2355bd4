/*
 * cli_census_args.c - the census command's options: its usage and help,
 * each option parsed, and the options checked together (an audit's, a
 * census by layers', a plan's).
 */
#define _POSIX_C_SOURCE 200809L

#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_census_args.h"

enum { OPT_SORT = 256, OPT_TOP, OPT_ENGINE, OPT_SUMMARY, OPT_LAYERS, OPT_DEPTH,
	OPT_REMAINDER, OPT_TIMES, OPT_PLAN,
	OPT_RANKS, OPT_NETWORK, OPT_MEMORY };

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

void
census_help(FILE *out)
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
	    "  -f, --format FORMAT   " REP_FORMATS_LISTED " or junit\n"
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

/* See cli_census_args.h. */
const struct option census_options[] = {
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

int
census_parse_args(const struct cli_command *cmd, int argc, char **argv,
    const struct part_set *merging, struct census_args *a)
{
	int status, fmt = REP_TEXT;
	uint64_t cards = 4;
	const struct cli_options common = { "census", census_help, &a->shuffle,
	    &fmt, &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->merging = merging;
	a->shuffle = *sa_shuffle_find("naive");
	a->fmt_choice = fmt;
	status = cli_getopts(argc, argv, cmd, &common,
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
