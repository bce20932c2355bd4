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

#define CARDS_MAX 1000		/* what -n accepts; the census refuses more */
#define TEXT_ROWS 24		/* rows text shows unless --top says */

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
help(void)
{
	fputs(usage_text, stdout);
	fputs("\n"
	    "Walks every run the shuffle can take on CARDS cards (every sequence\n"
	    "of random draws), tallies the ordering each run lands on, and says\n"
	    "with exact integers whether every ordering comes up equally often.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive; see\n"
	    "                        '" PROGNAME " algorithms')\n"
	    "  -n, --cards N         cards in the deck (default 4)\n"
	    "  -f, --format FORMAT   text (default), tsv, csv or json\n"
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
	    "  -h, --help            show this help\n"
	    "\n"
	    "An ordering lists, position by position, the starting position of\n"
	    "the card that ends there: 1032 means position 0 holds card 1.\n"
	    "\n"
	    "Exit status: 0 fair; 1 unfair (with --check, which an audit\n"
	    "implies); 2 bad input; 3 the audited code misbehaved; 4 unfair\n"
	    "under the model of its raw words or reals, which decides it.\n",
	    stdout);
}

struct census_args {
	sa_shuffle shuffle;
	size_t n;
	enum rep_format fmt;
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
};

enum { OPT_SORT = 256, OPT_TOP, OPT_CHECK, OPT_ENGINE, OPT_NOTATION,
	OPT_REDUCE, OPT_SUMMARY, OPT_THREADS, OPT_LAYERS, OPT_DEPTH,
	OPT_REMAINDER, OPT_TIME_LIMIT, OPT_TIMES, OPT_PART, OPT_PLAN,
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
	case OPT_CHECK:
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
	case OPT_THREADS:
		if (!cli_parse_uint("--threads", optarg, 1, 64,
		    &a->threads))
			return false;
		return true;
	case OPT_REDUCE:
		if (!cli_parse_reduce(optarg, &a->reduce))
			return false;
		return true;
	case OPT_NOTATION:
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
	case OPT_CHECK:
	case OPT_ENGINE:
	case OPT_SUMMARY:
	case OPT_THREADS:
	case OPT_REDUCE:
	case OPT_NOTATION:
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
	case OPT_TIME_LIMIT:
		ok = cli_parse_uint("--time-limit", arg, 1, 1000000,
		    &a->seconds);
		break;
	case OPT_TIMES:
		ok = cli_parse_uint("--times", arg, 1, SA_REPEAT_MAX, &a->times);
		break;
	case OPT_PART:
		ok = part_parse(arg, &a->audit.part_index,
		    &a->audit.part_count);
		break;
	case OPT_PLAN:
		a->plan = ok = true;
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
	if (a->plan && (a->audit.part_count != 0 || part_merging() != 0)) {
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

/* The options A holds, checked together; false after a message. */
static bool
census_args_fit(struct census_args *a)
{
	unsigned parts = 0;

	if (!audit_args(a) || !cli_check_cards(&a->shuffle, a->n) ||
	    !cli_check_reduce(&a->shuffle, &a->reduce, a->n))
		return false;
	/* Under MPI, an audit is shared out over the ranks (cli_mpi.c). */
	if (a->audited && !(a->layers && a->depth == 0))
		(void)mpi_part(&a->audit.part_index, &a->audit.part_count);
	/* Under merge, the options are checked as --part checks them. */
	if (a->audit.part_count != 0 || part_merging() != 0)
		parts = a->audit.part_count ? a->audit.part_count :
		    part_merging();
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
parse_args(int argc, char **argv, struct census_args *a)
{
	static const struct option longopts[] = {
		{ "algorithm", required_argument, NULL, 'a' },
		{ "cards", required_argument, NULL, 'n' },
		{ "check", no_argument, NULL, OPT_CHECK },
		{ "engine", required_argument, NULL, OPT_ENGINE },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ "notation", required_argument, NULL, OPT_NOTATION },
		{ "reduce", required_argument, NULL, OPT_REDUCE },
		{ "summary", no_argument, NULL, OPT_SUMMARY },
		{ "threads", required_argument, NULL, OPT_THREADS },
		{ "sort", required_argument, NULL, OPT_SORT },
		{ "top", required_argument, NULL, OPT_TOP },
		AUDIT_LONGOPTS,
		{ "layers", no_argument, NULL, OPT_LAYERS },
		{ "depth", required_argument, NULL, OPT_DEPTH },
		{ "remainder", required_argument, NULL, OPT_REMAINDER },
		{ "time-limit", required_argument, NULL, OPT_TIME_LIMIT },
		{ "times", required_argument, NULL, OPT_TIMES },
		{ "part", required_argument, NULL, OPT_PART },
		{ "plan", no_argument, NULL, OPT_PLAN },
		{ "ranks", required_argument, NULL, OPT_RANKS },
		{ "network", required_argument, NULL, OPT_NETWORK },
		{ "memory", required_argument, NULL, OPT_MEMORY },
		{ NULL, 0, NULL, 0 },
	};
	int status, fmt = REP_TEXT;
	uint64_t cards = 4;
	const struct cli_options common = { "census", help, &a->shuffle, &fmt,
	    &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->shuffle = *sa_shuffle_find("naive");
	status = cli_getopts(argc, argv, ":a:f:hn:", longopts, &common,
	    census_option, a);
	if (status != 0)
		return status;
	a->fmt = (enum rep_format)fmt;
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
	uint64_t top = a->top ? a->top : a->fmt == REP_TEXT ? TEXT_ROWS :
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
 * The census's headline figures as exact decimal strings, whichever
 * width its counts have, from the library's exact figures.
 */
struct figures {
	char *runs, *max, *min;
	char *per;		/* runs / n! */
	char *ratio;		/* max / min, or NULL when min is 0 */
	char *ratio_exact;	/* the same as a fraction in lowest terms */
	char *tvd;		/* total variation distance from uniform */
	char *tvd_exact;	/* the same as a fraction in lowest terms */
	char *identity;		/* the count of the starting order */
};

static void
figures_free(struct figures *f)
{
	free(f->runs);
	free(f->max);
	free(f->min);
	free(f->per);
	free(f->ratio);
	free(f->ratio_exact);
	free(f->tvd);
	free(f->tvd_exact);
	free(f->identity);
}

/* The figure GET gives, as decimal digits; NULL when memory runs out. */
static char *
digits_of(const sa_census *c, int (*get)(const sa_census *, sa_big *))
{
	sa_big b;
	char *s;

	sa_big_init(&b);
	s = get(c, &b) == SA_OK ? sa_big_to_dec(&b) : NULL;
	sa_big_free(&b);
	return s;
}

static int
identity_count(const sa_census *c, sa_big *out)
{
	return sa_census_count_big(c, 0, out);
}

static bool
figures_for(const sa_census *c, struct figures *f)
{
	const sa_census_info *in = sa_census_about(c);
	sa_fraction x;
	bool ok;

	memset(f, 0, sizeof *f);
	sa_fraction_init(&x);
	f->runs = digits_of(c, sa_census_runs);
	f->max = digits_of(c, sa_census_max);
	f->min = digits_of(c, sa_census_min);
	f->identity = digits_of(c, identity_count);
	if (sa_census_per_ordering(c, &x) == SA_OK)
		f->per = sa_fraction_fixed(&x, in->divides ? 0 : 3);
	if (sa_census_tvd(c, &x) == SA_OK) {
		f->tvd = sa_fraction_sig(&x, 6);
		f->tvd_exact = sa_fraction_exact(&x);
	}
	ok = f->runs && f->max && f->min && f->identity && f->per && f->tvd &&
	    f->tvd_exact;
	/* Some ordering never comes up: no ratio has a bound. */
	if (ok && sa_census_ratio(c, &x) == SA_OK &&
	    in->reached == in->orderings) {
		/*
		 * Exact counts earn more digits than the seed's two, and never
		 * "1.00 times" beside "unfair".
		 */
		f->ratio = in->wide ? sa_fraction_distinct(&x, 15, false) :
		    sa_fraction_distinct(&x, 2, true);
		f->ratio_exact = sa_fraction_exact(&x);
		ok = f->ratio != NULL && f->ratio_exact != NULL;
	}
	sa_fraction_free(&x);
	if (!ok)
		figures_free(f);
	return ok;
}

static const char *
plural(const char *digits)
{
	return strcmp(digits, "1") == 0 ? "" : "s";
}

/* The commonest or rarest ordering, as fields. */
static void
extreme_fields(report *r, const sa_census *c, bool most, const char *count,
    enum sa_notation how, char *value, size_t size)
{
	const sa_census_info *in = sa_census_about(c);
	uint64_t at = most ? in->nmax : in->nmin;
	char ord[128], note[160];
	unsigned p[SA_PERM_MAX];

	sa_perm_unrank(most ? in->argmax : in->argmin, in->n, p);
	sa_perm_format_as(p, in->n, how, ord, sizeof ord);
	rep_num(r, most ? "max" : "min", NULL, count, NULL);
	rep_str(r, most ? "commonest" : "rarest", NULL, ord, NULL);
	rep_u64(r, most ? "at_max" : "at_min", NULL, at, NULL);
	snprintf(value, size, "%s: %s run%s", ord, count, plural(count));
	if (at > 1)
		snprintf(note, sizeof note, "and %llu more with as %s",
		    (unsigned long long)(at - 1), most ? "many" : "few");
	rep_str(r, NULL, most ? "commonest" : "rarest", value,
	    at > 1 ? note : NULL);
}

/* Census C's verdict and its reason, in a sentence, into VALUE. */
static void
reason_words(const sa_census *c, const struct figures *f, char *value,
    size_t size)
{
	const sa_census_info *in = sa_census_about(c);

	switch (sa_census_reason(c)) {
	case SA_REASON_SINGLE_RUN:
		snprintf(value, size, "unfair: it has a single run (no draw "
		    "it makes can change the outcome), so it always lands on "
		    "the same one of the %llu orderings",
		    (unsigned long long)in->orderings);
		break;
	case SA_REASON_ONE:
		snprintf(value, size, "fair: there is one ordering, and every "
		    "run lands on it");
		break;
	case SA_REASON_EVEN:
		snprintf(value, size, "fair: each of the %llu orderings gets "
		    "exactly %s of the %s run%s",
		    (unsigned long long)in->orderings, f->per, f->runs,
		    plural(f->runs));
		break;
	case SA_REASON_CYCLES:
		snprintf(value, size, "unfair: it reaches only the %llu "
		    "orderings that are one cycle of all %zu cards, as "
		    "Sattolo's algorithm does; in a Fisher-Yates shuffle, the "
		    "draw is one short (j < i where j <= i was meant)",
		    (unsigned long long)in->reached, in->n);
		break;
	case SA_REASON_INDIVISIBLE:
		snprintf(value, size, "unfair: %llu orderings cannot share %s "
		    "runs equally", (unsigned long long)in->orderings, f->runs);
		break;
	case SA_REASON_UNEVEN:
		snprintf(value, size, "unfair: %llu divides %s, but the runs "
		    "are not shared equally", (unsigned long long)in->orderings,
		    f->runs);
		break;
	}
}

static void
summary_fields(report *r, const sa_census *c, const struct figures *f,
    enum sa_notation how, const struct audit_check *k)
{
	bool model = k != NULL && (k->model == SA_MODEL_DIFFERS ||
	    k->model == SA_MODEL_UNCHECKED);
	const sa_census_info *in = sa_census_about(c);
	char note[160];
	char *value;
	size_t size;

	size = strlen(f->max) + strlen(f->min) + strlen(f->runs) * 2 + 400;
	if ((value = malloc(size)) == NULL)
		return;
	extreme_fields(r, c, true, f->max, how, value, size);
	extreme_fields(r, c, false, f->min, how, value, size);
	rep_u64(r, "reached", "orderings reached", in->reached, NULL);
	if (f->ratio == NULL) {
		rep_str(r, NULL, "commonest / rarest", "unbounded",
		    "some orderings are never reached");
		rep_null(r, "ratio");
		rep_null(r, "ratio_exact");
		rep_bool(r, "unbounded", NULL, true, NULL);
	} else {
		snprintf(value, size, "%s times", f->ratio);
		snprintf(note, sizeof note, "counted over all %s%s run%s",
		    in->weighted ? "the weighted " : "", f->runs,
		    plural(f->runs));
		rep_str(r, NULL, "commonest / rarest", value,
		    strlen(f->runs) < 40 ? note : "counted exactly");
		rep_num(r, "ratio", NULL, f->ratio, NULL);
		rep_str(r, "ratio_exact", NULL, f->ratio_exact, NULL);
		rep_bool(r, "unbounded", NULL, false, NULL);
	}
	rep_str(r, NULL, "distance from uniform", f->tvd,
	    "total variation, exact to the digits shown");
	rep_num(r, "tvd", NULL, f->tvd, NULL);
	rep_str(r, "tvd_exact", NULL, f->tvd_exact, NULL);

	rep_str(r, "verdict", NULL, in->fair ? "fair" : model ?
	    "model-decides" : "unfair", NULL);
	rep_bool(r, "fair", NULL, in->fair, NULL);
	if (model && k->model == SA_MODEL_DIFFERS)
		snprintf(value, size, "the model decides: unfair as counted, "
		    "but a second model, which gives the same chances to code "
		    "that uses its numbers the way this one covers, gives "
		    "others (below): the unfairness may be the model's, not "
		    "the code's");
	else if (model)
		snprintf(value, size, "the model decides: unfair as counted, "
		    "but the second model that would tell the code's "
		    "unfairness from the model's was not counted (below)");
	else
		reason_words(c, f, value, size);
	rep_str(r, NULL, "verdict", value, NULL);
	free(value);
}

/*
 * The width of the ordering column: every ordering has the same length in
 * array and inverse notation, and none is longer than the identity in
 * cycle notation, where every card is a cycle of its own.
 */
static int
ordering_width(size_t n, enum sa_notation note)
{
	unsigned p[SA_PERM_MAX];

	sa_perm_unrank(0, n, p);
	return (int)sa_perm_format_as(p, n, note, NULL, 0);
}

/* What the runs are, as fields. */
static void
runs_fields(report *r, const sa_census_info *in, const struct figures *f)
{
	char note[200], formula[64];

	note[0] = '\0';
	if (in->shuffle->runs_formula != NULL && !in->weighted) {
		cli_formula(in->shuffle, in->n, formula, sizeof formula);
		snprintf(note, sizeof note, "%s = %s",
		    in->shuffle->runs_formula, formula);
	}
	if (in->renormalised)
		snprintf(note + strlen(note), sizeof note - strlen(note),
		    "%sretries folded away", note[0] ? "; " : "");
	if (in->weighted || (in->wide && in->reduce.method)) {
		rep_u64(r, "sequences", "runs it can take", in->sequences,
		    in->weighted ? "of different lengths, so not equally likely" :
		    note[0] ? note : NULL);
		rep_num(r, "runs", in->wide ? "raw-word runs" :
		    "weighted total", f->runs, in->wide ?
		    "each run once for every sequence of raw words that makes "
		    "it" : "each run counted by its chance, in whole numbers");
	} else {
		rep_num(r, "runs", "runs it can take", f->runs,
		    note[0] ? note : NULL);
	}
}

static void
headline(report *r, const sa_census *c, const struct figures *f)
{
	const sa_census_info *in = sa_census_about(c);
	char note[200], label[96];

	cli_shuffle_label(in->shuffle, in->n, label, sizeof label);
	rep_line(r, "The %s shuffle of %zu card%s: %s.", label, in->n,
	    in->n == 1 ? "" : "s", in->shuffle->summary);
	if (in->engine == SA_ENGINE_CLOSED)
		rep_line(r, "Counted without walking a run: each ordering's "
		    "count is the shuffle's proven formula%s%s%s.",
		    in->shuffle->closed_formula ? " (" : "",
		    in->shuffle->closed_formula ? in->shuffle->closed_formula :
		    "", in->shuffle->closed_formula ? ")" : "");
	if (in->wide && in->reduce.method)
		rep_line(r, "Each draw below k is made from a %u-bit raw word "
		    "by %s (--reduce %s:%u).", in->reduce.bits,
		    cli_reduce_words(in->reduce.method),
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
	rep_line(r, "%s", "");
	rep_str(r, "algorithm", NULL, label, NULL);
	rep_u64(r, "cards", NULL, in->n, NULL);
	if (in->wide && in->reduce.method) {
		snprintf(note, sizeof note, "%s:%u",
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
		rep_str(r, "reduce", NULL, note, NULL);
	}
	runs_fields(r, in, f);
	snprintf(note, sizeof note, "n! = %zu!", in->n);
	rep_u64(r, "orderings", "orderings to land on", in->orderings, note);
	snprintf(note, sizeof note, "%llu %s %s",
	    (unsigned long long)in->orderings,
	    in->divides ? "divides" : "does not divide",
	    strlen(f->runs) <= 24 ? f->runs : "the runs");
	rep_str(r, NULL, "runs per ordering", f->per, note);
	rep_bool(r, "divides", NULL, in->divides, NULL);
	rep_line(r, "%s", "");
}

/* How many orderings got each count, from the library's buckets. */
static void
histogram(report *r, const sa_census *c)
{
	static const struct rep_col cols[] = {
		{ "runs_from", "runs from", REP_U64, 12, true, true, 0, NULL },
		{ "runs_to", "runs to", REP_U64, 12, true, true, 0, NULL },
		{ "orderings", "orderings", REP_U64, 12, true, true, 0, NULL },
	};
	sa_histogram h;

	switch (sa_census_histogram(c, &h)) {
	case SA_OK:
		break;
	case SA_EOVERFLOW:
		rep_line(r, "(counts this large are not bucketed; see the rows)");
		return;
	default:
		return;
	}
	rep_table(r, "histogram", cols, 3);
	for (size_t b = 0; b < h.count; b++) {
		struct rep_cell cells[3];

		memset(cells, 0, sizeof cells);
		cells[0].u = h.bucket[b].from;
		cells[1].u = h.bucket[b].to;
		cells[2].u = h.bucket[b].orderings;
		rep_row(r, cells);
	}
	rep_table_end(r);
	sa_histogram_free(&h);
}

static void
render_summary(const struct census_args *a, const sa_census *c,
    const struct figures *f)
{
	report r;

	rep_begin(&r, stdout, a->fmt);
	headline(&r, c, f);
	summary_fields(&r, c, f, a->notation, a->audited ? &a->model : NULL);
	check_fields(&r, &a->model);
	rep_num(&r, "identity", "runs left unshuffled", f->identity,
	    "the count of the starting order");
	rep_line(&r, "%s", "");
	histogram(&r, c);
	rep_end(&r);
}

/* One row of the tally: the ordering of rank RANK, its count, its
 * deviation from fair. */
static void
tally_row(report *r, const struct census_args *a, const sa_census *c,
    uint64_t rank, sa_fraction *off)
{
	const sa_census_info *in = sa_census_about(c);
	struct rep_cell cells[3];
	char buf[128], count[24], *digits = NULL;
	unsigned p[SA_PERM_MAX];
	sa_big big;

	memset(cells, 0, sizeof cells);
	sa_perm_unrank(rank, in->n, p);
	sa_perm_format_as(p, in->n, a->notation, buf, sizeof buf);
	cells[0].s = buf;
	if (in->wide) {
		sa_big_init(&big);
		if (sa_census_count_big(c, rank, &big) == SA_OK)
			digits = sa_big_to_dec(&big);
		sa_big_free(&big);
		cells[1].s = digits ? digits : "?";
	} else {
		snprintf(count, sizeof count, "%llu",
		    (unsigned long long)sa_census_count(c, rank));
		cells[1].s = count;
	}
	if (a->fmt != REP_JSON && sa_census_deviation(c, rank, off) == SA_OK)
		cells[2].f = off;
	rep_row(r, cells);
	free(digits);
}

static void
render(const struct census_args *a, const sa_census *c,
    const struct figures *f, const uint64_t *rows, uint64_t nrows)
{
	const sa_census_info *in = sa_census_about(c);
	struct rep_col cols[] = {
		{ "ordering", "ordering", REP_STR, 0, false, true, 0, NULL },
		{ "runs", "runs", REP_NUM, 0, true, true, 0, NULL },
		{ "against_fair", "against fair", REP_FRAC, 0, false, false, 2,
		    "even" },
	};
	sa_fraction off;
	report r;

	cols[0].width = ordering_width(in->n, a->notation);
	cols[1].width = (int)strlen(f->max);
	rep_begin(&r, stdout, a->fmt);
	headline(&r, c, f);
	if (a->fmt == REP_JSON) {
		summary_fields(&r, c, f, a->notation, a->audited ? &a->model : NULL);
		check_fields(&r, &a->model);
		rep_str(&r, "sort", NULL, a->by_runs ? "runs" : "ordering",
		    NULL);
		rep_u64(&r, "shown", NULL, nrows, NULL);
	}
	sa_fraction_init(&off);
	rep_table(&r, "tally", cols, 3);
	for (uint64_t i = 0; i < nrows; i++)
		tally_row(&r, a, c, rows ? rows[i] : i, &off);
	rep_table_end(&r);
	sa_fraction_free(&off);
	if (nrows < in->orderings)
		rep_line(&r, "(%llu of %llu orderings shown; --top all shows "
		    "every one)", (unsigned long long)nrows,
		    (unsigned long long)in->orderings);
	rep_line(&r, "%s", "");
	if (a->fmt == REP_TEXT) {
		summary_fields(&r, c, f, a->notation, a->audited ? &a->model : NULL);
		check_fields(&r, &a->model);
	}
	rep_end(&r);
}


/* When the census started, and its runs when known, for the progress. */
static struct clock {
	double start;
	const sa_census_plan *plan;	/* written by the census as it starts */
} clock_start;

/*
 * Progress on a terminal, once a census has run for a second: the
 * fraction done, the runs a second when the runs are known in advance,
 * and the time left at the rate so far.
 */
static void
progress(void *ctx, double done)
{
	const struct clock *c = ctx;

	cli_progress("census", c->start, done, c->plan->runs, "runs");
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
	status = audit_census(&a->audit, a->n, c);
	if (status == PART_WRITTEN)
		return status;
	if (status == EXIT_FAIR)
		audit_check(&a->audit, a->n, *c, &a->model);
	if (status == EXIT_MISBEHAVED) {
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
	int status = part_kind_is("census") ? SA_OK : SA_EINVAL;

	*c = NULL;
	for (size_t i = 0; i < count && status == SA_OK; i++) {
		sa_census *one = NULL;

		status = sa_census_unpack(&a->shuffle, a->n, parts[i].data,
		    parts[i].len, &one);
		if (status == SA_OK && *c == NULL)
			*c = one;
		else if (status == SA_OK)
			status = sa_census_merge(*c, one);
		if (one != *c)
			sa_census_free(one);
		if (status != SA_OK)
			cli_error("merge: part %zu of %zu: %s", i + 1, count,
			    status == SA_EINVAL ? "its counts are not a census "
			    "of these cards" : sa_strerror(status));
	}
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
	size_t count, len = 0;
	const sa_part *parts = part_merged(&count);
	int status;

	if (parts != NULL)
		return merge_builtin(a, parts, count, c);
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
	size_t parts;
	int status;

	if (a->audit.part_count != 0 || part_merged(&parts) != NULL)
		return count_part(a, opts, c);

	memset(&plan, 0, sizeof plan);
	opts->plan = &plan;
	if (isatty(STDERR_FILENO)) {
		opts->progress = progress;
		opts->progress_ctx = &clock_start;
		clock_start.start = cli_seconds();
		clock_start.plan = &plan;
	}
	if (a->times > 1)
		status = sa_census_repeat(&a->repeated, a->n, opts, c);
	else
		status = sa_census_run(&a->shuffle, a->n, opts, c);
	if (opts->progress != NULL && cli_seconds() - clock_start.start >= 1.0)
		cli_clear_line(stderr);
	opts->plan = NULL;
	if (status != SA_OK) {
		refusal(a, status, &plan);
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/* The report of census C; an exit status. */
static int
show(struct census_args *a, const sa_census *c)
{
	const sa_census_info *in = sa_census_about(c);
	struct figures fig;
	uint64_t nrows, *rows = NULL;

	if (a->top == 0)
		a->top = a->fmt == REP_TEXT ? TEXT_ROWS : UINT64_MAX;
	nrows = a->top < in->orderings ? a->top : in->orderings;
	if (a->by_runs && !a->summary) {
		rows = malloc(nrows * sizeof *rows);
		if (rows == NULL || sa_census_top(c, nrows, rows) != SA_OK) {
			cli_error("census of %zu cards: out of memory sorting "
			    "%llu rows", a->n, (unsigned long long)nrows);
			free(rows);
			return EXIT_TROUBLE;
		}
	}
	if (!figures_for(c, &fig)) {
		cli_error("census of %zu cards: out of memory", a->n);
		free(rows);
		return EXIT_TROUBLE;
	}
	if (a->summary)
		render_summary(a, c, &fig);
	else
		render(a, c, &fig, rows, nrows);
	figures_free(&fig);
	free(rows);
	return cli_finish(a->check ? check_exit(in->fair, a->audited ?
	    &a->model : NULL) : EXIT_FAIR);
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
	if (!cli_parse_fraction("--remainder", a->remainder ? a->remainder :
	    "2^-20", &la.eps)) {
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
	la.direct = a->audit.part_count != 0 || part_merging() != 0 ||
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

int
cmd_census(int argc, char **argv)
{
	struct census_args a;
	sa_census_opts opts;
	sa_census *c = NULL;
	bool sharded = false;
	int status;

	memset(&opts, 0, sizeof opts);
	status = parse_args(argc, argv, &a);
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
		return status == PART_WRITTEN ? EXIT_FAIR : status;
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
	if (status == EXIT_FAIR)
		status = sharded && opts.comm->rank != 0 ? serve(c) :
		    show(&a, c);
	sa_census_free(c);
	run_free(&a.audit);
	return status == PART_WRITTEN ? EXIT_FAIR : status;
}
