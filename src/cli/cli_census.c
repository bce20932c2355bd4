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
    "       " PROGNAME " census --plugin PATH[:SYMBOL] | --exec COMMAND\n"
    "                     [--timeout S] [--raw-bits B] [--max-draws N]\n"
    "                     [-n CARDS] [-f FORMAT] [--summary]\n";

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
	    "      --engine ENGINE   auto (default), steps, replay or walk\n"
	    "      --notation NOTE   array (default), inverse or cycles\n"
	    "      --summary         the summary and a histogram, no rows\n"
	    "      --threads N       threads for the step and walk engines (default:\n"
	    "                        the machine's cores)\n"
	    "      --plugin P[:SYM]  audit the shuffle SYM (default "
	    SA_PLUGIN_SYMBOL ")\n"
	    "                        in the shared object P, in a child process\n"
	    "      --exec COMMAND    audit a program speaking the exec protocol\n"
	    "      --timeout S       stop audited code idle for S seconds (60)\n"
	    "      --raw-bits B      raw words of B bits for audited code (8)\n"
	    "      --max-draws N     most draws in one run of audited code (4096)\n"
	    "      --reduce M:B      make each draw from a B-bit word by M:\n"
	    "                        modulo, multiply, reject or lemire\n"
	    "  -h, --help            show this help\n"
	    "\n"
	    "An ordering lists, position by position, the starting position of\n"
	    "the card that ends there: 1032 means position 0 holds card 1.\n",
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
};

enum { OPT_SORT = 256, OPT_TOP, OPT_CHECK, OPT_ENGINE, OPT_NOTATION,
	OPT_REDUCE, OPT_SUMMARY, OPT_THREADS, OPT_PLUGIN, OPT_EXEC,
	OPT_TIMEOUT, OPT_RAW_BITS, OPT_MAX_DRAWS };

/* The most raw-word bits an audit enumerates: 2^16 values a word. */
#define RAW_BITS_MAX 16

/* PATH[:SYMBOL] into A's audit. */
static bool
parse_plugin(const char *spec, struct audit *au)
{
	const char *colon = strrchr(spec, ':');

	if (*spec == '\0' || colon == spec) {
		cli_error("--plugin: expected PATH[:SYMBOL]");
		return false;
	}
	free(au->symbol_buf);
	au->symbol_buf = strdup(spec);
	if (au->symbol_buf == NULL) {
		cli_error("--plugin: out of memory");
		return false;
	}
	au->path = au->symbol_buf;
	au->symbol = SA_PLUGIN_SYMBOL;
	if (colon != NULL) {
		au->symbol_buf[colon - spec] = '\0';
		au->symbol = au->symbol_buf + (colon - spec) + 1;
		if (*au->symbol == '\0') {
			cli_error("--plugin %s: the symbol after ':' is empty",
			    spec);
			return false;
		}
	}
	return true;
}

/*
 * The options of an audit, checked and defaulted: the audited code is
 * the shuffle, counted by replay, with --check implied.
 */
static bool
audit_args(struct census_args *a)
{
	struct audit *au = &a->audit;
	const char *base;

	if (au->path == NULL && au->command == NULL) {
		if (au->timeout || au->raw_bits || au->max_draws) {
			cli_error("%s: only with --plugin or --exec",
			    au->timeout ? "--timeout" : au->raw_bits ?
			    "--raw-bits" : "--max-draws");
			return false;
		}
		return true;
	}
	if (au->path != NULL && au->command != NULL) {
		cli_error("--plugin and --exec: audit one at a time");
		return false;
	}
	if (a->chose) {
		cli_error("-a: not with --%s, whose code is the shuffle",
		    au->path ? "plugin" : "exec");
		return false;
	}
	if (a->engine == SA_ENGINE_STEPS || a->engine == SA_ENGINE_WALK) {
		cli_error("--engine %s: audited code is counted by replay",
		    a->engine == SA_ENGINE_STEPS ? "steps" : "walk");
		return false;
	}
	if (a->reduce.method != SA_REDUCE_NONE) {
		cli_error("--reduce: not with --%s; ask for raw words and "
		    "reduce them in the code (--raw-bits)",
		    au->path ? "plugin" : "exec");
		return false;
	}
	if (au->timeout == 0)
		au->timeout = 60;
	if (au->raw_bits == 0)
		au->raw_bits = 8;
	if (au->max_draws == 0)
		au->max_draws = SA_CENSUS_MAX_DRAWS;
	a->audited = true;
	a->check = true;
	memset(&au->shuffle, 0, sizeof au->shuffle);
	if (au->path != NULL) {
		base = strrchr(au->path, '/');
		base = base ? base + 1 : au->path;
		snprintf(au->label, sizeof au->label, "%s", base);
		snprintf(au->summary, sizeof au->summary, "%s() in %s, run "
		    "in a child process, raw words of %u bits", au->symbol,
		    au->path, au->raw_bits);
	} else {
		snprintf(au->label, sizeof au->label, "%s%s", au->command,
		    strlen(au->command) >= sizeof au->label ? "..." : "");
		if (strlen(au->command) >= sizeof au->label)
			strcpy(au->label + sizeof au->label - 4, "...");
		snprintf(au->summary, sizeof au->summary, "a program spoken "
		    "to over the exec protocol, raw words of %u bits",
		    au->raw_bits);
	}
	au->shuffle.name = au->label;
	au->shuffle.summary = au->summary;
	a->shuffle = au->shuffle;
	return true;
}

/* The plan needs a run function; the audit supplies the real one. */
static void
audit_placeholder(const sa_shuffle *sh, unsigned *deck, size_t n,
    sa_oracle *o)
{
	(void)sh;
	(void)deck;
	(void)n;
	(void)o;
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
		{ "plugin", required_argument, NULL, OPT_PLUGIN },
		{ "exec", required_argument, NULL, OPT_EXEC },
		{ "timeout", required_argument, NULL, OPT_TIMEOUT },
		{ "raw-bits", required_argument, NULL, OPT_RAW_BITS },
		{ "max-draws", required_argument, NULL, OPT_MAX_DRAWS },
		{ NULL, 0, NULL, 0 },
	};
	/* In the order of enum sa_engine. */
	static const char *const engines[] = { "auto", "steps", "replay",
	    "walk", NULL };
	static const char *const sorts[] = { "ordering", "runs", NULL };
	int c, choice, status, fmt = REP_TEXT;
	uint64_t cards = 4, v;
	const struct cli_options common = { "census", help, &a->shuffle, &fmt,
	    &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->shuffle = *sa_shuffle_find("naive");
	while ((c = getopt_long(argc, argv, ":a:f:hn:", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_CHECK:
			a->check = true;
			break;
		case OPT_ENGINE:
			if (!cli_parse_choice("--engine", optarg, engines,
			    "engine", &choice))
				return EXIT_TROUBLE;
			a->engine = (enum sa_engine)choice;
			break;
		case OPT_SUMMARY:
			a->summary = true;
			break;
		case OPT_THREADS:
			if (!cli_parse_uint("--threads", optarg, 1, 64,
			    &a->threads))
				return EXIT_TROUBLE;
			break;
		case OPT_REDUCE:
			if (!cli_parse_reduce(optarg, &a->reduce))
				return EXIT_TROUBLE;
			break;
		case OPT_NOTATION:
			if (!cli_parse_notation(optarg, &choice))
				return EXIT_TROUBLE;
			a->notation = (enum sa_notation)choice;
			break;
		case OPT_SORT:
			if (!cli_parse_choice("--sort", optarg, sorts,
			    "sort key", &choice))
				return EXIT_TROUBLE;
			a->by_runs = choice == 1;
			break;
		case OPT_PLUGIN:
			if (!parse_plugin(optarg, &a->audit))
				return EXIT_TROUBLE;
			break;
		case OPT_EXEC:
			if (*optarg == '\0') {
				cli_error("--exec: the command is empty");
				return EXIT_TROUBLE;
			}
			a->audit.command = optarg;
			break;
		case OPT_TIMEOUT:
			if (!cli_parse_uint("--timeout", optarg, 1, 86400, &v))
				return EXIT_TROUBLE;
			a->audit.timeout = (unsigned)v;
			break;
		case OPT_RAW_BITS:
			if (!cli_parse_uint("--raw-bits", optarg, 1, RAW_BITS_MAX,
			    &v))
				return EXIT_TROUBLE;
			a->audit.raw_bits = (unsigned)v;
			break;
		case OPT_MAX_DRAWS:
			if (!cli_parse_uint("--max-draws", optarg, 1,
			    UINT64_C(1) << 20, &v))
				return EXIT_TROUBLE;
			a->audit.max_draws = (size_t)v;
			break;
		case OPT_TOP:
			if (strcmp(optarg, "all") == 0)
				a->top = UINT64_MAX;
			else if (!cli_parse_uint("--top", optarg, 1, UINT64_MAX,
			    &a->top))
				return EXIT_TROUBLE;
			break;
		default:
			a->chose = a->chose || c == 'a';
			if ((status = cli_option(c, argv, &common)) !=
			    CLI_CONTINUE)
				return status == EXIT_FAIR ? -1 : status;
			break;
		}
	}
	if (!cli_no_operands("census", argc, argv))
		return EXIT_TROUBLE;
	if (!audit_args(a))
		return EXIT_TROUBLE;
	a->fmt = (enum rep_format)fmt;
	a->n = (size_t)cards;
	if (!cli_check_cards(&a->shuffle, a->n))
		return EXIT_TROUBLE;
	if ((a->engine == SA_ENGINE_STEPS || a->engine == SA_ENGINE_WALK) &&
	    a->shuffle.steps == NULL) {
		cli_error("--engine %s: the %s shuffle has no step form",
		    engines[a->engine], a->shuffle.name);
		return EXIT_TROUBLE;
	}
	if (a->engine == SA_ENGINE_WALK && (a->reduce.method !=
	    SA_REDUCE_NONE || a->shuffle.reduce != NULL)) {
		cli_error("--engine walk: counts plain draws only, not words "
		    "reduced by %s (use steps or replay)",
		    a->reduce.method != SA_REDUCE_NONE ? "--reduce" :
		    a->shuffle.name);
		return EXIT_TROUBLE;
	}
	return 0;
}

/*
 * Memory this command takes beside the census of N cards, for the
 * planner to count: a plugin's tally lives three times (the child's
 * census, the memory shared with it, our copy); --sort runs keeps a row
 * of 8 bytes for each ordering shown, and a full sort some more for
 * qsort (10 bytes an ordering in all, measured by tests/bench/memory.sh).
 */
static uint64_t
extra_bytes(const struct census_args *a, size_t n)
{
	uint64_t orderings = sa_factorial(n), extra = 0;
	uint64_t top = a->top ? a->top : a->fmt == REP_TEXT ? TEXT_ROWS :
	    UINT64_MAX;

	if (orderings == 0 || orderings > UINT64_MAX / 32)
		return 0;	/* refused for its size anyway */
	if (a->audited && a->audit.path != NULL)
		extra += 16 * orderings;
	if (a->by_runs)
		extra += top >= orderings ? 10 * orderings : 8 * top;
	return extra;
}

/* The most cards whose census fits in MAX_BYTES. */
static size_t
largest_fitting(const struct census_args *a, uint64_t max_bytes)
{
	sa_census_opts opts;
	sa_census_plan plan;
	size_t n = 1;

	memset(&opts, 0, sizeof opts);
	opts.max_bytes = max_bytes;
	opts.engine = a->engine;
	opts.reduce = a->reduce;
	for (;;) {
		if (n >= SA_PERM_MAX)
			break;
		opts.extra_bytes = extra_bytes(a, n + 1);
		if (a->audited) {
			opts.engine = SA_ENGINE_REPLAY;
			opts.max_draws = a->audit.max_draws;
		}
		if (sa_census_plan_for(a->audited ? &a->audit.shuffle :
		    &a->shuffle, n + 1, &opts, &plan) == SA_ETOOBIG)
			break;
		n++;
	}
	return n;
}

/* The fewest bits whose 2^bits reaches K. */
static unsigned
bits_for(uint64_t k)
{
	unsigned b = 0;

	while (b < 64 && (UINT64_C(1) << b) < k)
		b++;
	return b;
}

static void
refusal(const struct census_args *a, int status, const sa_census_plan *plan)
{
	char need[32], have[32];

	switch (status) {
	case SA_EOVERFLOW:
		if (plan->orderings == 0)
			cli_error("census of %zu cards: %zu! orderings do not fit "
			    "in 64 bits (at most %d cards)", a->n, a->n,
			    SA_PERM_MAX);
		else
			cli_error("census of %zu cards: the %s shuffle's runs do "
			    "not fit in 64 bits", a->n, a->shuffle.name);
		break;
	case SA_ETOOBIG:
		cli_format_bytes(plan->bytes, need, sizeof need);
		cli_format_bytes(plan->max_bytes, have, sizeof have);
		if (plan->bytes == UINT64_MAX)
			cli_error("census of %zu cards: the tally of %llu "
			    "orderings needs more memory than 64 bits can "
			    "count", a->n, (unsigned long long)plan->orderings);
		else
			cli_error("census of %zu cards: the tally of %llu "
			    "orderings needs about %s of memory, more than the "
			    "%s left under %s (it can count up to %zu cards)",
			    a->n, (unsigned long long)plan->orderings, need,
			    have, plan->max_what, largest_fitting(a,
			    plan->max_bytes));
		break;
	case SA_EINVAL:
		if ((a->reduce.method == SA_REDUCE_REJECT ||
		    a->reduce.method == SA_REDUCE_LEMIRE) &&
		    !sa_reduce_unbiased(&a->reduce, a->n)) {
			cli_error("census of %zu cards: --reduce %s:%u: %u-bit "
			    "words cannot make a draw below %zu by %s (every "
			    "word would be thrown back); give at least %u bits",
			    a->n, sa_reduce_name(a->reduce.method),
			    a->reduce.bits, a->reduce.bits, a->n,
			    sa_reduce_name(a->reduce.method),
			    bits_for(a->n));
			break;
		}
		if (a->reduce.method != SA_REDUCE_NONE ||
		    a->shuffle.reduce != NULL) {
			cli_error("census of %zu cards: --reduce cannot weigh the "
			    "%s shuffle's draws (it weighs draws below at most "
			    "%d, and no retries)", a->n, a->shuffle.name,
			    SA_REDUCE_MAX_K);
			break;
		}
		/* FALLTHROUGH */
	default:
		cli_error("census of %zu cards: %s", a->n, sa_strerror(status));
		break;
	}
}

/* -1, 0, 1 as rank A has fewer, as many or more runs than rank B. */
static int
count_cmp(const sa_census *c, uint64_t a, uint64_t b)
{
	if (c->big_tally != NULL)
		return sa_big_cmp(&c->big_tally[a], &c->big_tally[b]);
	return sa_census_count(c, a) < sa_census_count(c, b) ? -1 : sa_census_count(c, a) > sa_census_count(c, b);
}

/* Rows in --sort runs order: most runs first, ties by ordering. */
static const sa_census *sort_census;

static int
by_runs(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;
	int k = count_cmp(sort_census, a, b);

	if (k != 0)
		return -k;
	return a < b ? -1 : a > b;
}

/*
 * The ranks of the first COUNT rows by runs.  A full sort when every row
 * is wanted; otherwise one pass keeping the best COUNT in a sorted list.
 */
static uint64_t *
rows_by_runs(const sa_census *c, uint64_t count)
{
	uint64_t *rows = malloc(count * sizeof *rows);
	uint64_t kept = 0;

	if (rows == NULL)
		return NULL;
	sort_census = c;
	if (count == c->orderings) {
		for (uint64_t r = 0; r < count; r++)
			rows[r] = r;
		qsort(rows, count, sizeof *rows, by_runs);
		return rows;
	}
	for (uint64_t r = 0; r < c->orderings; r++) {
		uint64_t i;

		/* Later ranks lose ties, so only strictly more runs gets in. */
		if (kept == count && count_cmp(c, r, rows[kept - 1]) <= 0)
			continue;
		if (kept < count)
			kept++;
		for (i = kept - 1; i > 0 && count_cmp(c, rows[i - 1], r) < 0; i--)
			rows[i] = rows[i - 1];
		rows[i] = r;
	}
	return rows;
}

static void
against_fair(const sa_census *c, uint64_t runs, struct rep_frac *f)
{
	/* runs - total / n!  =  (runs * n! - total) / n!, exactly. */
	rep_u128 have = (rep_u128)runs * c->orderings;

	f->den = c->orderings;
	f->neg = have < c->runs;
	f->num = f->neg ? c->runs - have : have - c->runs;
}

/* The same for big counts, written with PLACES decimals. */
static char *
against_fair_big(const sa_census *c, uint64_t rank, unsigned places,
    bool text)
{
	sa_big have, diff, den;
	char *s = NULL, *out = NULL;
	int cmp;

	sa_big_init(&have);
	sa_big_init(&diff);
	sa_big_init(&den);
	if (sa_census_count_big(c, rank, &have) != SA_OK ||
	    sa_big_mul_u64(&have, c->orderings) != SA_OK ||
	    sa_big_set_u64(&den, c->orderings) != SA_OK)
		goto out;
	cmp = sa_big_cmp(&have, &c->big_runs);
	if (cmp == 0 && text) {
		out = malloc(5);
		if (out != NULL)
			memcpy(out, "even", 5);
		goto out;
	}
	if (cmp >= 0) {
		if (sa_big_copy(&diff, &have) != SA_OK ||
		    sa_big_sub(&diff, &c->big_runs) != SA_OK)
			goto out;
	} else if (sa_big_copy(&diff, &c->big_runs) != SA_OK ||
	    sa_big_sub(&diff, &have) != SA_OK) {
		goto out;
	}
	s = cli_big_fixed(&diff, &den, places);
	if (s != NULL && (out = malloc(strlen(s) + 2)) != NULL)
		sprintf(out, "%s%s", cmp < 0 ? "-" : text ? "+" : "", s);
out:
	free(s);
	sa_big_free(&have);
	sa_big_free(&diff);
	sa_big_free(&den);
	return out;
}

/*
 * The census's headline figures as exact decimal strings, whichever
 * width its counts have.
 */
struct figures {
	char *runs, *max, *min;
	char *per;		/* runs / n! */
	char *ratio;		/* max / min, or NULL when min is 0 */
	char *ratio_exact;	/* the same as a fraction in lowest terms */
	char *tvd;		/* total variation distance from uniform */
	char *tvd_exact;	/* the same as a fraction in lowest terms */
	bool divides;
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
}

static bool
figures_for(const sa_census *c, struct figures *f)
{
	sa_big runs, max, min, n, rem, num, den;
	bool ok;

	memset(f, 0, sizeof *f);
	sa_big_init(&runs);
	sa_big_init(&max);
	sa_big_init(&min);
	sa_big_init(&n);
	sa_big_init(&rem);
	sa_big_init(&num);
	sa_big_init(&den);
	if (c->big_tally != NULL)
		ok = sa_big_copy(&runs, &c->big_runs) == SA_OK &&
		    sa_big_copy(&max, &c->big_max) == SA_OK &&
		    sa_big_copy(&min, &c->big_min) == SA_OK;
	else
		ok = sa_big_set_u64(&runs, c->runs) == SA_OK &&
		    sa_big_set_u64(&max, c->max) == SA_OK &&
		    sa_big_set_u64(&min, c->min) == SA_OK;
	ok = ok && sa_big_set_u64(&n, c->orderings) == SA_OK &&
	    sa_big_divmod(NULL, &rem, &runs, &n) == SA_OK &&
	    sa_census_tvd(c, &num, &den) == SA_OK;
	if (ok) {
		f->divides = sa_big_is_zero(&rem);
		f->runs = sa_big_to_dec(&runs);
		f->max = sa_big_to_dec(&max);
		f->min = sa_big_to_dec(&min);
		f->per = cli_big_fixed(&runs, &n, f->divides ? 0 : 3);
		f->tvd = cli_big_sig(&num, &den, 6);
		f->tvd_exact = sa_big_fraction_to_dec(&num, &den);
		ok = f->runs && f->max && f->min && f->per && f->tvd &&
		    f->tvd_exact;
		if (ok && !sa_big_is_zero(&min)) {
			/* Exact counts earn more digits than the seed's two. */
			f->ratio = c->big_tally != NULL ?
			    cli_big_sig(&max, &min, 15) :
			    cli_big_fixed(&max, &min, 2);
			f->ratio_exact = sa_big_fraction_to_dec(&max, &min);
			ok = f->ratio != NULL && f->ratio_exact != NULL;
		}
	}
	sa_big_free(&runs);
	sa_big_free(&max);
	sa_big_free(&min);
	sa_big_free(&n);
	sa_big_free(&rem);
	sa_big_free(&num);
	sa_big_free(&den);
	if (!ok)
		figures_free(f);
	return ok;
}

static const char *
plural(const char *digits)
{
	return strcmp(digits, "1") == 0 ? "" : "s";
}

static void
summary_fields(report *r, const sa_census *c, const struct figures *f,
    enum sa_notation how)
{
	char ord[128], note[160];
	char *value;
	size_t size;
	unsigned p[SA_PERM_MAX];

	size = strlen(f->max) + strlen(f->min) + strlen(f->runs) * 2 + 400;
	if ((value = malloc(size)) == NULL)
		return;
	sa_perm_unrank(c->argmax, c->n, p);
	sa_perm_format_as(p, c->n, how, ord, sizeof ord);
	rep_num(r, "max", NULL, f->max, NULL);
	rep_str(r, "commonest", NULL, ord, NULL);
	rep_u64(r, "at_max", NULL, c->nmax, NULL);
	snprintf(value, size, "%s: %s run%s", ord, f->max, plural(f->max));
	if (c->nmax > 1)
		snprintf(note, sizeof note, "and %llu more with as many",
		    (unsigned long long)(c->nmax - 1));
	rep_str(r, NULL, "commonest", value, c->nmax > 1 ? note : NULL);

	sa_perm_unrank(c->argmin, c->n, p);
	sa_perm_format_as(p, c->n, how, ord, sizeof ord);
	rep_num(r, "min", NULL, f->min, NULL);
	rep_str(r, "rarest", NULL, ord, NULL);
	rep_u64(r, "at_min", NULL, c->nmin, NULL);
	snprintf(value, size, "%s: %s run%s", ord, f->min, plural(f->min));
	if (c->nmin > 1)
		snprintf(note, sizeof note, "and %llu more with as few",
		    (unsigned long long)(c->nmin - 1));
	rep_str(r, NULL, "rarest", value, c->nmin > 1 ? note : NULL);

	rep_u64(r, "reached", "orderings reached", c->reached, NULL);
	if (f->ratio == NULL) {
		rep_str(r, NULL, "commonest / rarest", "unbounded",
		    "some orderings are never reached");
	} else {
		snprintf(value, size, "%s times", f->ratio);
		snprintf(note, sizeof note, "counted over all %s%s run%s",
		    c->weighted ? "the weighted " : "", f->runs,
		    plural(f->runs));
		rep_str(r, NULL, "commonest / rarest", value,
		    strlen(f->runs) < 40 ? note : "counted exactly");
		rep_num(r, "ratio", NULL, f->ratio, NULL);
		rep_str(r, "ratio_exact", NULL, f->ratio_exact, NULL);
	}
	rep_str(r, NULL, "distance from uniform", f->tvd,
	    "total variation, exact to the digits shown");
	rep_num(r, "tvd", NULL, f->tvd, NULL);
	rep_str(r, "tvd_exact", NULL, f->tvd_exact, NULL);

	rep_bool(r, "fair", NULL, c->fair, NULL);
	if (c->fair)
		snprintf(value, size, "fair: each of the %llu ordering%s gets "
		    "exactly %s of the %s run%s",
		    (unsigned long long)c->orderings,
		    c->orderings == 1 ? "" : "s", f->per, f->runs,
		    plural(f->runs));
	else if (!f->divides)
		snprintf(value, size, "unfair: %llu orderings cannot share %s "
		    "runs equally", (unsigned long long)c->orderings, f->runs);
	else
		snprintf(value, size, "unfair: %llu divides %s, but the runs "
		    "are not shared equally", (unsigned long long)c->orderings,
		    f->runs);
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

static void
headline(report *r, const sa_census *c, const struct figures *f)
{
	char note[200], formula[64], label[48];

	cli_shuffle_label(c->shuffle, c->n, label, sizeof label);
	rep_line(r, "The %s shuffle of %zu card%s: %s.", label, c->n,
	    c->n == 1 ? "" : "s", c->shuffle->summary);
	if (c->big_tally != NULL)
		rep_line(r, "Each draw below k is made from a %u-bit raw word "
		    "by %s (--reduce %s:%u).", c->reduce.bits,
		    c->reduce.method == SA_REDUCE_MODULO ? "r % k" :
		    c->reduce.method == SA_REDUCE_MULTIPLY ?
		    "floor(r k / 2^B)" : c->reduce.method == SA_REDUCE_REJECT ?
		    "rejection of the last, incomplete block" :
		    "Lemire's multiply-and-reject",
		    sa_reduce_name(c->reduce.method), c->reduce.bits);
	rep_line(r, "%s", "");
	rep_str(r, "algorithm", NULL, label, NULL);
	rep_u64(r, "cards", NULL, c->n, NULL);
	if (c->big_tally != NULL) {
		snprintf(note, sizeof note, "%s:%u",
		    sa_reduce_name(c->reduce.method), c->reduce.bits);
		rep_str(r, "reduce", NULL, note, NULL);
	}

	note[0] = '\0';
	if (c->shuffle->runs_formula != NULL && !c->weighted) {
		cli_formula(c->shuffle, c->n, formula, sizeof formula);
		snprintf(note, sizeof note, "%s = %s",
		    c->shuffle->runs_formula, formula);
	}
	if (c->renormalised)
		snprintf(note + strlen(note), sizeof note - strlen(note),
		    "%sretries folded away", note[0] ? "; " : "");
	if (c->weighted || c->big_tally != NULL) {
		rep_u64(r, "sequences", "runs it can take", c->sequences,
		    c->weighted ? "of different lengths, so not equally likely" :
		    note[0] ? note : NULL);
		rep_num(r, "runs", c->big_tally ? "raw-word runs" :
		    "weighted total", f->runs, c->big_tally ?
		    "each run once for every sequence of raw words that makes "
		    "it" : "each run counted by its chance, in whole numbers");
	} else {
		rep_num(r, "runs", "runs it can take", f->runs,
		    note[0] ? note : NULL);
	}
	snprintf(note, sizeof note, "n! = %zu!", c->n);
	rep_u64(r, "orderings", "orderings to land on", c->orderings, note);
	snprintf(note, sizeof note, "%llu %s %s",
	    (unsigned long long)c->orderings,
	    f->divides ? "divides" : "does not divide",
	    strlen(f->runs) <= 24 ? f->runs : "the runs");
	rep_str(r, NULL, "runs per ordering", f->per, note);
	rep_bool(r, "divides", NULL, f->divides, NULL);
	rep_line(r, "%s", "");
}

/*
 * How many orderings got each count: one row per count when there are
 * at most 64 of them, else 32 ranges of equal width.  Big counts are
 * listed only when few enough to list one by one.
 */
static void
histogram(report *r, const sa_census *c)
{
	static const struct rep_col cols[] = {
		{ "runs_from", "runs from", REP_NUM, 12, true, true, 0, NULL },
		{ "runs_to", "runs to", REP_NUM, 12, true, true, 0, NULL },
		{ "orderings", "orderings", REP_U64, 12, true, true, 0, NULL },
	};
	uint64_t lo = c->min, hi = c->max, width, buckets, *hist;

	if (c->big_tally != NULL) {
		rep_line(r, "(counts this large are not bucketed; see the rows)");
		return;
	}
	buckets = hi - lo + 1 <= 64 ? hi - lo + 1 : 32;
	width = (hi - lo) / buckets + 1;
	hist = calloc(buckets, sizeof *hist);
	if (hist == NULL)
		return;
	/* The table read directly, and 32-bit divisions where they do. */
	if (c->tally32 != NULL && width <= UINT32_MAX) {
		uint32_t l = (uint32_t)lo, w = (uint32_t)width;

		for (uint64_t k = 0; k < c->orderings; k++)
			hist[(c->tally32[k] - l) / w]++;
	} else {
		for (uint64_t k = 0; k < c->orderings; k++)
			hist[(sa_census_count(c, k) - lo) / width]++;
	}
	rep_table(r, "histogram", cols, 3);
	for (uint64_t b = 0; b < buckets; b++) {
		struct rep_cell cells[3];
		char from[24], to[24];
		uint64_t top = lo + (b + 1) * width - 1;

		if (hist[b] == 0)
			continue;
		memset(cells, 0, sizeof cells);
		snprintf(from, sizeof from, "%llu",
		    (unsigned long long)(lo + b * width));
		snprintf(to, sizeof to, "%llu",
		    (unsigned long long)(top < hi ? top : hi));
		cells[0].s = from;
		cells[1].s = to;
		cells[2].u = hist[b];
		rep_row(r, cells);
	}
	rep_table_end(r);
	free(hist);
}

static void
render_summary(const struct census_args *a, const sa_census *c,
    const struct figures *f)
{
	report r;
	char *ident;
	sa_big id;

	rep_begin(&r, stdout, a->fmt);
	headline(&r, c, f);
	summary_fields(&r, c, f, a->notation);
	sa_big_init(&id);
	if (c->big_tally != NULL)
		ident = sa_big_to_dec(&c->big_tally[0]);
	else if (sa_big_set_u64(&id, sa_census_count(c, 0)) == SA_OK)
		ident = sa_big_to_dec(&id);
	else
		ident = NULL;
	sa_big_free(&id);
	if (ident != NULL)
		rep_num(&r, "identity", "runs left unshuffled", ident,
		    "the count of the starting order");
	free(ident);
	rep_line(&r, "%s", "");
	histogram(&r, c);
	rep_end(&r);
}

static void
render(const struct census_args *a, const sa_census *c,
    const struct figures *f, const uint64_t *rows, uint64_t nrows)
{
	char buf[128], count[24];
	unsigned p[SA_PERM_MAX];
	bool big = c->big_tally != NULL;
	struct rep_col cols[] = {
		{ "ordering", "ordering", REP_STR, 0, false, true, 0, NULL },
		{ "runs", "runs", REP_NUM, 0, true, true, 0, NULL },
		{ "against_fair", "against fair", REP_FRAC, 0, false, false, 2,
		    "even" },
	};
	report r;

	cols[0].width = ordering_width(c->n, a->notation);
	cols[1].width = (int)strlen(f->max);
	if (big)
		cols[2].type = REP_STR;	/* written here, exactly */
	rep_begin(&r, stdout, a->fmt);
	headline(&r, c, f);
	if (a->fmt == REP_JSON) {
		summary_fields(&r, c, f, a->notation);
		rep_str(&r, "sort", NULL, a->by_runs ? "runs" : "ordering",
		    NULL);
		rep_u64(&r, "shown", NULL, nrows, NULL);
	}
	rep_table(&r, "tally", cols, 3);
	for (uint64_t i = 0; i < nrows; i++) {
		uint64_t rank = rows ? rows[i] : i;
		struct rep_cell cells[3];
		char *digits = NULL, *off = NULL;

		memset(cells, 0, sizeof cells);
		sa_perm_unrank(rank, c->n, p);
		sa_perm_format_as(p, c->n, a->notation, buf, sizeof buf);
		cells[0].s = buf;
		if (big) {
			digits = sa_big_to_dec(&c->big_tally[rank]);
			off = a->fmt == REP_JSON ? NULL :
			    against_fair_big(c, rank, a->fmt == REP_TEXT ? 2 : 4,
			    a->fmt == REP_TEXT);
			cells[1].s = digits ? digits : "?";
			cells[2].s = off ? off : "";
		} else {
			snprintf(count, sizeof count, "%llu",
			    (unsigned long long)sa_census_count(c, rank));
			cells[1].s = count;
			against_fair(c, sa_census_count(c, rank), &cells[2].f);
		}
		rep_row(&r, cells);
		free(digits);
		free(off);
	}
	rep_table_end(&r);
	if (nrows < c->orderings)
		rep_line(&r, "(%llu of %llu orderings shown; --top all shows "
		    "every one)", (unsigned long long)nrows,
		    (unsigned long long)c->orderings);
	rep_line(&r, "%s", "");
	if (a->fmt == REP_TEXT)
		summary_fields(&r, c, f, a->notation);
	rep_end(&r);
}



/* When the census started, and its runs when known, for the progress. */
static struct clock {
	double start;
	uint64_t runs;
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
	double spent = cli_seconds() - c->start;

	if (spent < 1.0 || done <= 0.0)
		return;
	if (c->runs != 0)
		fprintf(stderr, "\r" PROGNAME ": census %5.1f%% done, %.3g runs/s, "
		    "about %.0f s left ", 100.0 * done,
		    done * (double)c->runs / spent, spent / done * (1.0 - done));
	else
		fprintf(stderr, "\r" PROGNAME ": census %5.1f%% done, about %.0f "
		    "s left ", 100.0 * done, spent / done * (1.0 - done));
	if (done >= 1.0)
		cli_clear_line(stderr);
}

int
cmd_census(int argc, char **argv)
{
	struct census_args a;
	sa_census_opts opts;
	sa_census_plan plan;
	sa_census c;
	struct figures fig;
	uint64_t nrows, *rows = NULL;
	int status;

	memset(&opts, 0, sizeof opts);
	status = parse_args(argc, argv, &a);
	if (status != 0) {
		audit_free(&a.audit);
		return status < 0 ? EXIT_FAIR : status;
	}

	opts.engine = a.engine;
	opts.reduce = a.reduce;
	opts.threads = (unsigned)a.threads;
	if (a.audited) {
		sa_census_plan p2;

		/* The memory a replay of this size takes, checked first. */
		opts.engine = SA_ENGINE_REPLAY;
		opts.max_draws = a.audit.max_draws;
		opts.extra_bytes = extra_bytes(&a, a.n);
		a.audit.shuffle.run = audit_placeholder;
		status = sa_census_plan_for(&a.audit.shuffle, a.n, &opts, &p2);
		if (status != SA_OK) {
			refusal(&a, status, &p2);
			audit_free(&a.audit);
			return EXIT_TROUBLE;
		}
		status = audit_census(&a.audit, a.n, &c);
		if (status == EXIT_MISBEHAVED)
			audit_report(&a.audit, a.n, a.fmt);
		if (status != EXIT_FAIR) {
			audit_free(&a.audit);
			return status == EXIT_MISBEHAVED ? cli_finish(status) :
			    status;
		}
		c.shuffle = &a.audit.shuffle;
	} else {
		if (isatty(STDERR_FILENO)) {
			opts.progress = progress;
			opts.progress_ctx = &clock_start;
			clock_start.start = cli_seconds();
		}
		opts.extra_bytes = extra_bytes(&a, a.n);
		status = sa_census_plan_for(&a.shuffle, a.n, &opts, &plan);
		clock_start.runs = plan.runs;
		if (status == SA_OK)
			status = sa_census_run(&a.shuffle, a.n, &opts, &c);
		if (opts.progress != NULL &&
		    cli_seconds() - clock_start.start >= 1.0)
			cli_clear_line(stderr);
		if (status != SA_OK) {
			refusal(&a, status, &plan);
			return EXIT_TROUBLE;
		}
	}

	if (a.top == 0)
		a.top = a.fmt == REP_TEXT ? TEXT_ROWS : UINT64_MAX;
	nrows = a.top < c.orderings ? a.top : c.orderings;
	if (a.by_runs) {
		rows = rows_by_runs(&c, nrows);
		if (rows == NULL) {
			cli_error("census of %zu cards: out of memory sorting "
			    "%llu rows", a.n, (unsigned long long)nrows);
			sa_census_free(&c);
			return EXIT_TROUBLE;
		}
	}
	if (!figures_for(&c, &fig)) {
		cli_error("census of %zu cards: out of memory", a.n);
		free(rows);
		sa_census_free(&c);
		return EXIT_TROUBLE;
	}
	if (a.summary)
		render_summary(&a, &c, &fig);
	else
		render(&a, &c, &fig, rows, nrows);
	figures_free(&fig);
	status = a.check && !c.fair ? EXIT_UNFAIR : EXIT_FAIR;
	free(rows);
	sa_census_free(&c);
	audit_free(&a.audit);
	return cli_finish(status);
}
