/*
 * cli_census.c - `shuffle-audit census`: every run of a shuffle, tallied.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

#define CARDS_MAX 1000		/* what -n accepts; the census refuses more */
#define TEXT_ROWS 24		/* rows text shows unless --top says */

static const char usage_text[] =
    "usage: " PROGNAME " census [-a ALGORITHM] [-n CARDS] [-f FORMAT]\n"
    "                     [--sort ordering|runs] [--top K|all] [--check]\n"
    "                     [--engine auto|steps|replay]\n"
    "                     [--notation array|inverse|cycles]\n";

static void
help(void)
{
	fputs(usage_text, stdout);
	fputs("\n"
	    "Walks every run the shuffle can take on CARDS cards (every sequence\n"
	    "of random draws), tallies the ordering each run lands on, and says\n"
	    "with exact integers whether every ordering comes up equally often.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive; see "
	    "'" PROGNAME " algorithms')\n"
	    "  -n, --cards N         cards in the deck (default 4)\n"
	    "  -f, --format FORMAT   text (default), tsv, csv or json\n"
	    "      --sort KEY        ordering (default) or runs (most first)\n"
	    "      --top K|all       keep the first K rows (text default: 24)\n"
	    "      --check           exit 1 when the shuffle is unfair\n"
	    "      --engine ENGINE   auto (default), steps or replay\n"
	    "      --notation NOTE   array (default), inverse or cycles\n"
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
	enum sa_engine engine;
	enum sa_notation notation;
};

enum { OPT_SORT = 256, OPT_TOP, OPT_CHECK, OPT_ENGINE, OPT_NOTATION };

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
		{ "sort", required_argument, NULL, OPT_SORT },
		{ "top", required_argument, NULL, OPT_TOP },
		{ NULL, 0, NULL, 0 },
	};
	/* In the order of enum sa_engine. */
	static const char *const engines[] = { "auto", "steps", "replay",
	    NULL };
	static const char *const sorts[] = { "ordering", "runs", NULL };
	uint64_t v;
	int c, choice;

	memset(a, 0, sizeof *a);
	a->shuffle = *sa_shuffle_find("naive");
	a->n = 4;
	while ((c = getopt_long(argc, argv, ":a:f:hn:", longopts, NULL)) != -1) {
		switch (c) {
		case 'a':
			if (!cli_parse_shuffle(optarg, &a->shuffle))
				return EXIT_TROUBLE;
			break;
		case 'f':
			if (!cli_parse_format(optarg, &choice))
				return EXIT_TROUBLE;
			a->fmt = (enum rep_format)choice;
			break;
		case 'h':
			help();
			return cli_finish(EXIT_FAIR) == EXIT_FAIR ? -1 :
			    EXIT_TROUBLE;
		case 'n':
			if (!cli_parse_uint("-n", optarg, 1, CARDS_MAX, &v))
				return EXIT_TROUBLE;
			a->n = (size_t)v;
			break;
		case OPT_CHECK:
			a->check = true;
			break;
		case OPT_ENGINE:
			if (!cli_parse_choice("--engine", optarg, engines,
			    "engine", &choice))
				return EXIT_TROUBLE;
			a->engine = (enum sa_engine)choice;
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
		case OPT_TOP:
			if (strcmp(optarg, "all") == 0)
				a->top = UINT64_MAX;
			else if (!cli_parse_uint("--top", optarg, 1, UINT64_MAX,
			    &a->top))
				return EXIT_TROUBLE;
			break;
		default:
			return cli_bad_option("census", c, argv);
		}
	}
	if (!cli_no_operands("census", argc, argv))
		return EXIT_TROUBLE;
	if (!cli_check_cards(&a->shuffle, a->n))
		return EXIT_TROUBLE;
	if (a->engine == SA_ENGINE_STEPS && a->shuffle.steps == NULL) {
		cli_error("--engine steps: the %s shuffle has no step form",
		    a->shuffle.name);
		return EXIT_TROUBLE;
	}
	return 0;
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
			    "orderings needs %s of memory, more than this "
			    "machine's %s", a->n,
			    (unsigned long long)plan->orderings, need, have);
		break;
	default:
		cli_error("census of %zu cards: %s", a->n, sa_strerror(status));
		break;
	}
}

/* Rows in --sort runs order: most runs first, ties by ordering. */
static const uint64_t *sort_tally;

static int
by_runs(const void *pa, const void *pb)
{
	uint64_t a = *(const uint64_t *)pa, b = *(const uint64_t *)pb;

	if (sort_tally[a] != sort_tally[b])
		return sort_tally[a] > sort_tally[b] ? -1 : 1;
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
	sort_tally = c->tally;
	if (count == c->orderings) {
		for (uint64_t r = 0; r < count; r++)
			rows[r] = r;
		qsort(rows, count, sizeof *rows, by_runs);
		return rows;
	}
	for (uint64_t r = 0; r < c->orderings; r++) {
		uint64_t i;

		/* Later ranks lose ties, so only strictly more runs gets in. */
		if (kept == count && c->tally[r] <= c->tally[rows[kept - 1]])
			continue;
		if (kept < count)
			kept++;
		for (i = kept - 1; i > 0 && c->tally[rows[i - 1]] < c->tally[r];
		    i--)
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

static void
summary_fields(report *r, const sa_census *c, enum sa_notation how)
{
	char ord[128], value[160], note[160], ratio[48];
	unsigned p[SA_PERM_MAX];
	struct rep_frac f;

	sa_perm_unrank(c->argmax, c->n, p);
	sa_perm_format_as(p, c->n, how, ord, sizeof ord);
	rep_u64(r, "max", NULL, c->max, NULL);
	rep_str(r, "commonest", NULL, ord, NULL);
	rep_u64(r, "at_max", NULL, c->nmax, NULL);
	snprintf(value, sizeof value, "%s: %llu run%s", ord,
	    (unsigned long long)c->max, c->max == 1 ? "" : "s");
	if (c->nmax > 1)
		snprintf(note, sizeof note, "and %llu more with as many",
		    (unsigned long long)(c->nmax - 1));
	rep_str(r, NULL, "commonest", value, c->nmax > 1 ? note : NULL);

	sa_perm_unrank(c->argmin, c->n, p);
	sa_perm_format_as(p, c->n, how, ord, sizeof ord);
	rep_u64(r, "min", NULL, c->min, NULL);
	rep_str(r, "rarest", NULL, ord, NULL);
	rep_u64(r, "at_min", NULL, c->nmin, NULL);
	snprintf(value, sizeof value, "%s: %llu run%s", ord,
	    (unsigned long long)c->min, c->min == 1 ? "" : "s");
	if (c->nmin > 1)
		snprintf(note, sizeof note, "and %llu more with as few",
		    (unsigned long long)(c->nmin - 1));
	rep_str(r, NULL, "rarest", value, c->nmin > 1 ? note : NULL);

	rep_u64(r, "reached", "orderings reached", c->reached, NULL);
	if (c->min == 0) {
		rep_str(r, NULL, "commonest / rarest", "unbounded",
		    "some orderings are never reached");
	} else {
		f.neg = false;
		f.num = c->max;
		f.den = c->min;
		rep_format_frac(&f, 2, false, ratio, sizeof ratio);
		snprintf(value, sizeof value, "%s times", ratio);
		snprintf(note, sizeof note, "counted over all %llu run%s",
		    (unsigned long long)c->runs, c->runs == 1 ? "" : "s");
		rep_str(r, NULL, "commonest / rarest", value, note);
	}

	rep_bool(r, "fair", NULL, c->fair, NULL);
	if (c->fair)
		snprintf(value, sizeof value, "fair: each of the %llu "
		    "ordering%s gets exactly %llu of the %llu run%s",
		    (unsigned long long)c->orderings,
		    c->orderings == 1 ? "" : "s",
		    (unsigned long long)(c->runs / c->orderings),
		    (unsigned long long)c->runs, c->runs == 1 ? "" : "s");
	else if (c->runs % c->orderings != 0)
		snprintf(value, sizeof value, "unfair: %llu orderings cannot "
		    "share %llu runs equally", (unsigned long long)c->orderings,
		    (unsigned long long)c->runs);
	else
		snprintf(value, sizeof value, "unfair: %llu divides %llu, but "
		    "the runs are not shared equally",
		    (unsigned long long)c->orderings,
		    (unsigned long long)c->runs);
	rep_str(r, NULL, "verdict", value, NULL);
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
render(const struct census_args *a, const sa_census *c, const uint64_t *rows,
    uint64_t nrows)
{
	char buf[128], note[160], formula[64], label[48];
	unsigned p[SA_PERM_MAX];
	int ord_width = ordering_width(c->n, a->notation);
	int runs_width = snprintf(buf, sizeof buf, "%llu",
	    (unsigned long long)c->max);
	const struct rep_col cols[] = {
		{ "ordering", "ordering", REP_STR, ord_width, false, true, 0,
		    NULL },
		{ "runs", "runs", REP_U64, runs_width, true, true, 0, NULL },
		{ "against_fair", "against fair", REP_FRAC, 0, false, false, 2,
		    "even" },
	};
	bool divides = c->runs % c->orderings == 0;
	struct rep_frac per;
	report r;

	rep_begin(&r, stdout, a->fmt);
	cli_shuffle_label(c->shuffle, c->n, label, sizeof label);
	rep_line(&r, "The %s shuffle of %zu card%s: %s.", label,
	    c->n, c->n == 1 ? "" : "s", c->shuffle->summary);
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, label, NULL);
	rep_u64(&r, "cards", NULL, c->n, NULL);

	note[0] = '\0';
	if (c->shuffle->runs_formula != NULL && !c->weighted) {
		cli_formula(c->shuffle, c->n, formula, sizeof formula);
		snprintf(note, sizeof note, "%s = %s",
		    c->shuffle->runs_formula, formula);
	}
	if (c->renormalised)
		snprintf(note + strlen(note), sizeof note - strlen(note),
		    "%sretries folded away", note[0] ? "; " : "");
	if (c->weighted) {
		rep_u64(&r, "sequences", "runs it can take", c->sequences,
		    "of different lengths, so not equally likely");
		rep_u64(&r, "runs", "weighted total", c->runs,
		    "each run counted by its chance, in whole numbers");
	} else {
		rep_u64(&r, "runs", "runs it can take", c->runs,
		    note[0] ? note : NULL);
	}
	snprintf(note, sizeof note, "n! = %zu!", c->n);
	rep_u64(&r, "orderings", "orderings to land on", c->orderings, note);
	per.neg = false;
	per.num = c->runs;
	per.den = c->orderings;
	rep_format_frac(&per, divides ? 0 : 3, false, buf, sizeof buf);
	snprintf(note, sizeof note, "%llu %s %llu",
	    (unsigned long long)c->orderings,
	    divides ? "divides" : "does not divide",
	    (unsigned long long)c->runs);
	rep_str(&r, NULL, "runs per ordering", buf, note);
	rep_bool(&r, "divides", NULL, divides, NULL);
	rep_line(&r, "%s", "");

	if (a->fmt == REP_JSON) {
		summary_fields(&r, c, a->notation);
		rep_str(&r, "sort", NULL, a->by_runs ? "runs" : "ordering",
		    NULL);
		rep_u64(&r, "shown", NULL, nrows, NULL);
	}
	rep_table(&r, "tally", cols, 3);
	for (uint64_t i = 0; i < nrows; i++) {
		uint64_t rank = rows ? rows[i] : i;
		struct rep_cell cells[3];

		sa_perm_unrank(rank, c->n, p);
		sa_perm_format_as(p, c->n, a->notation, buf, sizeof buf);
		cells[0].s = buf;
		cells[1].u = c->tally[rank];
		against_fair(c, c->tally[rank], &cells[2].f);
		rep_row(&r, cells);
	}
	rep_table_end(&r);
	if (nrows < c->orderings)
		rep_line(&r, "(%llu of %llu orderings shown; --top all shows "
		    "every one)", (unsigned long long)nrows,
		    (unsigned long long)c->orderings);
	rep_line(&r, "%s", "");
	if (a->fmt == REP_TEXT)
		summary_fields(&r, c, a->notation);
	rep_end(&r);
}

int
cmd_census(int argc, char **argv)
{
	struct census_args a;
	sa_census_opts opts = { 0, 0, SA_ENGINE_AUTO };
	sa_census_plan plan;
	sa_census c;
	uint64_t nrows, *rows = NULL;
	int status;

	status = parse_args(argc, argv, &a);
	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;

	opts.engine = a.engine;
	status = sa_census_plan_for(&a.shuffle, a.n, &opts, &plan);
	if (status == SA_OK)
		status = sa_census_run(&a.shuffle, a.n, &opts, &c);
	if (status != SA_OK) {
		refusal(&a, status, &plan);
		return EXIT_TROUBLE;
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
	render(&a, &c, rows, nrows);
	status = a.check && !c.fair ? EXIT_UNFAIR : EXIT_FAIR;
	free(rows);
	sa_census_free(&c);
	return cli_finish(status);
}
