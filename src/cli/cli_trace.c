/*
 * cli_trace.c - `shuffle-audit trace`: one run step by step, or every run
 * that lands on a given ordering.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_trace;

#define CARDS_MAX 1000

static const char usage_text[] =
    "usage: " PROGNAME " trace [-a ALGORITHM] [-n CARDS] [-f FORMAT]\n"
    "                    [--notation array|inverse|cycles]\n"
    "                    [--reduce METHOD:BITS]\n"
    "                    (--draws J0,J1,... | --seed S | --ordering O)\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "With --draws or --seed, runs the shuffle once and shows each draw:\n"
	    "the bound it was drawn below, the value, and the deck after the\n"
	    "moves it led to.  With --ordering, lists the draws of every run\n"
	    "that lands on that ordering.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive)\n"
	    "  -n, --cards N         cards in the deck (default 4)\n"
	    "      --draws LIST      the draws, comma-separated, from 0\n"
	    "      --seed S          draws from mulberry32 seeded with S\n"
	    "      --ordering O      every run that lands on ordering O\n"
	    "      --notation NOTE   array (default), inverse or cycles\n"
	    "      --reduce M:B      make each draw from a B-bit word by M;\n"
	    "                        --draws then lists the raw words\n"
	    CLI_HELP_FORMAT
	    CLI_HELP_HELP, out);
}

/* "2,0,2" into a fresh array; false after a message. */
static bool
parse_draws(const char *s, uint64_t **out, size_t *count)
{
	size_t n = 1, k = 0;
	const char *p;
	uint64_t *v;

	for (p = s; *p; p++)
		n += *p == ',';
	v = malloc(n * sizeof *v);
	if (v == NULL) {
		cli_error("--draws: out of memory");
		return false;
	}
	for (p = s; k < n; k++) {
		uint64_t x = 0;
		const char *start = p;

		if (!isdigit((unsigned char)*p)) {
			cli_error("--draws %s: draw %zu is not a number", cli_arg(s), k + 1);
			free(v);
			return false;
		}
		for (; isdigit((unsigned char)*p); p++) {
			if (x > (UINT64_MAX - (uint64_t)(*p - '0')) / 10) {
				cli_error("--draws %s: draw %zu is too large", cli_arg(s),
				    k + 1);
				free(v);
				return false;
			}
			x = x * 10 + (uint64_t)(*p - '0');
		}
		if (*p != (k + 1 < n ? ',' : '\0') || p == start) {
			cli_error("--draws %s: draw %zu is not a number", cli_arg(s), k + 1);
			free(v);
			return false;
		}
		v[k] = x;
		p++;
	}
	*out = v;
	*count = n;
	return true;
}

/* An ordering in array notation: digits for n <= 10, or commas. */
static bool
parse_ordering(const char *s, size_t n, unsigned *p)
{
	size_t k = 0;
	const char *q = s;

	if (strchr(s, ',') == NULL && n <= 10) {
		for (; *q && k < n; q++, k++) {
			if (!isdigit((unsigned char)*q))
				break;
			p[k] = (unsigned)(*q - '0');
		}
	} else {
		while (*q && k < n) {
			unsigned long x = 0;

			if (!isdigit((unsigned char)*q))
				break;
			for (; isdigit((unsigned char)*q) && x < 1000; q++)
				x = x * 10 + (unsigned long)(*q - '0');
			p[k++] = (unsigned)x;
			if (*q == ',')
				q++;
			else
				break;
		}
	}
	if (*q != '\0' || k != n || !sa_perm_check(p, n)) {
		cli_error("--ordering %s: not an ordering of %zu cards", cli_arg(s), n);
		return false;
	}
	return true;
}

static void
draws_text(const uint64_t *v, size_t n, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < n && len < size; i++)
		len += (size_t)snprintf(buf + len, size - len, "%s%llu",
		    i ? "," : "", (unsigned long long)v[i]);
}

static int
trace_ordering(const sa_shuffle *sh, size_t n, const char *text,
    enum sa_notation note, int fmt)
{
	static const struct rep_col cols[] = {
		{ "run", "run", REP_U64, 3, true, true, 0, NULL },
		{ "draws", "draws", REP_LIST, 0, false, true, 0, NULL },
	};
	unsigned target[SA_PERM_MAX];
	sa_landing l;
	char shown[256];
	int status;
	report r;

	if (n <= SA_PERM_MAX && !parse_ordering(text, n, target))
		return EXIT_TROUBLE;
	status = sa_trace_landing(sh, n, target, &l);
	if (status == SA_ETOOBIG)
		cli_error("--ordering: %s", l.why);
	else if (status != SA_OK)
		cli_error("trace of %zu cards: %s", n, sa_strerror(status));
	if (status != SA_OK)
		return EXIT_TROUBLE;
	sa_perm_format_as(target, n, note, shown, sizeof shown);
	rep_begin(&r, stdout, (enum rep_format)fmt);
	rep_line(&r, "%zu of the %llu run%s of the %s shuffle of %zu card%s "
	    "land%s on %s:", l.count, (unsigned long long)l.runs,
	    cli_plural(l.runs), sh->name, n, cli_plural(n),
	    l.count == 1 ? "s" : "", shown);
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, sh->name, NULL);
	rep_u64(&r, "cards", NULL, n, NULL);
	rep_str(&r, "ordering", NULL, shown, NULL);
	rep_u64(&r, "runs", NULL, l.count, NULL);
	rep_u64(&r, "total_runs", NULL, l.runs, NULL);
	rep_table(&r, "tally", cols, 2);
	for (size_t i = 0; i < l.count; i++) {
		struct rep_cell cells[2];
		size_t size = l.ndraws[i] * 21 + 1;
		char *d = malloc(size);

		if (d != NULL)
			draws_text(l.draws[i], l.ndraws[i], d, size);
		memset(cells, 0, sizeof cells);
		cells[0].u = i + 1;
		cells[1].s = d != NULL ? d : "?";
		rep_row(&r, cells);
		free(d);
	}
	sa_landing_free(&l);
	rep_table_end(&r);
	rep_line(&r, "%s", "");
	rep_line(&r, "Draws count from 0; OEIS A192053 writes them from 1.");
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}

/*
 * Deck P in notation NOTE into BUF (SIZE bytes).  A partial deck that
 * repeats a card (two-deck's, mid-shuffle) has no inverse and no cycles:
 * it is shown as an array, marked so.
 */
static void
show_deck(const unsigned *p, size_t n, enum sa_notation note, char *buf,
    size_t size)
{
	if (note == SA_NOTATION_ARRAY ||
	    sa_perm_format_as(p, n, note, buf, size) == 0) {
		size_t len = sa_perm_format(p, n, buf, size);

		if (note != SA_NOTATION_ARRAY && len < size)
			snprintf(buf + len, size - len, " (not a permutation)");
	}
}

/* Raw words from a --draws list, for a trace with --reduce. */
struct words {
	sa_oracle base;
	const uint64_t *v;
	size_t count, used;
	int err;
	size_t bad;
};

static uint64_t
next_word(sa_oracle *o, unsigned bits)
{
	struct words *w = (struct words *)o;
	uint64_t x;

	if (w->err != 0)
		return 0;
	if (w->used == w->count) {
		w->err = SA_ESHORT;
		return 0;
	}
	x = w->v[w->used++];
	if (bits < 64 && x >> bits != 0) {
		w->err = SA_ERANGE;
		w->bad = w->used;
		return 0;
	}
	return x;
}

static void
words_error(const char *list, const struct words *w, unsigned bits)
{
	switch (w->err) {
	case SA_ERANGE:
		cli_error("--draws %s: word %zu does not fit in %u bits", cli_arg(list),
		    w->bad, bits);
		break;
	case SA_ESHORT:
		cli_error("--draws %s: the shuffle needed more than the %zu raw "
		    "words given", cli_arg(list), w->count);
		break;
	default:
		cli_error("--draws %s: %zu raw words given, but the shuffle used "
		    "only %zu", cli_arg(list), w->count, w->used);
		break;
	}
}

/* The message for a --draws list that does not fit the shuffle. */
static void
draws_error(int status, const char *list, const sa_trace *t, size_t given)
{
	switch (status) {
	case SA_ERANGE:
		cli_error("--draws %s: draw %zu is %llu, but the shuffle asked "
		    "for a number below %llu", cli_arg(list), t->steps + 1,
		    (unsigned long long)t->value[t->steps],
		    (unsigned long long)t->bound[t->steps]);
		break;
	case SA_ESHORT:
		cli_error("--draws %s: the shuffle asked for draw %zu, but only "
		    "%zu were given", cli_arg(list), t->steps + 1, given);
		break;
	case SA_ELONG:
		cli_error("--draws %s: %zu draws given, but the shuffle made only "
		    "%zu", cli_arg(list), given, t->steps);
		break;
	default:
		cli_error("--draws %s: %s", cli_arg(list), sa_strerror(status));
		break;
	}
}

struct trace_args {
	sa_shuffle shuffle;
	const char *list, *ordering;	/* --draws, --ordering */
	uint64_t n, seed, *draws;
	size_t ndraws;
	int fmt, note, sources;		/* sources: of --draws, --seed, --ordering */
	sa_reduce reduce;
};

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	{ "draws", required_argument, NULL, 'D' },
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_NOTATION,
	{ "ordering", required_argument, NULL, 'O' },
	CLI_ROW_REDUCE,
	{ "seed", required_argument, NULL, 'S' },
	CLI_ROW_END,
};

/* One of trace's own options into A (cli_getopts' OWN). */
static int
trace_option(int c, const char *arg, void *ctx)
{
	struct trace_args *a = ctx;

	switch (c) {
	case 'D':
		a->list = arg;
		a->sources++;
		return CLI_TAKEN;
	case CLI_OPT_NOTATION:
		return cli_parse_notation(arg, &a->note) ? CLI_TAKEN :
		    EXIT_TROUBLE;
	case 'O':
		a->ordering = arg;
		a->sources++;
		return CLI_TAKEN;
	case CLI_OPT_REDUCE:
		return cli_parse_reduce(arg, &a->reduce) ? CLI_TAKEN :
		    EXIT_TROUBLE;
	case 'S':
		a->sources++;
		return cli_parse_uint("--seed", arg, 0, UINT32_MAX, &a->seed) ?
		    CLI_TAKEN : EXIT_TROUBLE;
	default:
		return CLI_CONTINUE;
	}
}

/* The options into A; 0 to go on, -1 after --help, or an exit status. */
static int
parse_trace(int argc, char **argv, struct trace_args *a)
{
	const struct cli_options common = { "trace", help, &a->shuffle,
	    &a->fmt, &a->n, CARDS_MAX };
	int status;

	memset(a, 0, sizeof *a);
	a->shuffle = *sa_shuffle_find("naive");
	a->n = 4;
	a->fmt = REP_TEXT;
	a->note = SA_NOTATION_ARRAY;
	status = cli_getopts(argc, argv, &cli_cmd_trace, &common,
	    trace_option, a);
	if (status != 0)
		return status;
	if (!cli_check_cards(&a->shuffle, (size_t)a->n) ||
	    !cli_check_reduce(&a->shuffle, &a->reduce, (size_t)a->n))
		return EXIT_TROUBLE;
	if (a->sources != 1) {
		cli_error("trace: give exactly one of --draws, --seed and "
		    "--ordering");
		return EXIT_TROUBLE;
	}
	return 0;
}

/*
 * The run from a list of raw words, which A's reduction turns into
 * draws, into T; an exit status, after a message when not EXIT_FAIR.
 */
static int
trace_words(struct trace_args *a, sa_trace *t)
{
	const sa_shuffle *sh = &a->shuffle;
	struct words words;
	sa_reducer red;
	int status;

	memset(&words, 0, sizeof words);	/* word_bits, fail too */
	words.base.raw = next_word;
	words.v = a->draws;
	words.count = a->ndraws;
	sa_reducer_init(&red, &a->reduce, &words.base);
	status = sa_trace_run(sh, (size_t)a->n, &red.base, NULL, 0, 0, t);
	if (status != SA_OK) {
		draws_error(status, a->list, t, a->ndraws);
		return EXIT_TROUBLE;
	}
	if (!cli_reducer_ok(&red, sh))
		return EXIT_TROUBLE;
	if (words.err == 0 && words.used < a->ndraws)
		words.err = SA_ELONG;
	if (words.err != 0) {
		words_error(a->list, &words, a->reduce.bits);
		return EXIT_TROUBLE;
	}
	return EXIT_FAIR;
}

/* The run A asks for into T; an exit status, as for trace_words. */
static int
trace_one(struct trace_args *a, sa_trace *t)
{
	const sa_shuffle *sh = &a->shuffle;
	sa_mulberry32 g;
	sa_reducer red;
	int status;

	a->reduce = sa_reduce_settle(sh, &a->reduce);
	if (a->list != NULL && !parse_draws(a->list, &a->draws, &a->ndraws))
		return EXIT_TROUBLE;
	if (a->list != NULL && a->reduce.method != SA_REDUCE_NONE)
		return trace_words(a, t);
	if (a->list != NULL) {
		status = sa_trace_run(sh, (size_t)a->n, NULL, a->draws,
		    a->ndraws, 0, t);
		if (status != SA_OK)
			draws_error(status, a->list, t, a->ndraws);
		return status == SA_OK ? EXIT_FAIR : EXIT_TROUBLE;
	}
	sa_mulberry32_init(&g, (uint32_t)a->seed);
	if (a->reduce.method != SA_REDUCE_NONE) {
		sa_reducer_init(&red, &a->reduce, &g.base);
		status = sa_trace_run(sh, (size_t)a->n, &red.base, NULL, 0, 0, t);
	} else {
		status = sa_trace_run(sh, (size_t)a->n, &g.base, NULL, 0, 0, t);
	}
	if (status != SA_OK) {
		cli_error("trace of %llu cards: %s", (unsigned long long)a->n,
		    sa_strerror(status));
		return EXIT_TROUBLE;
	}
	/* A draw the reduction could not make is no draw to show. */
	if (a->reduce.method != SA_REDUCE_NONE && !cli_reducer_ok(&red, sh))
		return EXIT_TROUBLE;
	return EXIT_FAIR;
}

static void
render_trace(const struct trace_args *a, const sa_trace *t, char *deck,
    size_t deck_size)
{
	static const struct rep_col cols[] = {
		{ "step", "step", REP_U64, 4, true, true, 0, NULL },
		{ "bound", "draws below", REP_U64, 0, true, true, 0, NULL },
		{ "drew", "drew", REP_U64, 0, true, true, 0, NULL },
		{ "deck", "deck after", REP_STR, 0, false, true, 0, NULL },
	};
	enum sa_notation note = (enum sa_notation)a->note;
	size_t n = (size_t)a->n;
	report r;

	rep_begin(&r, stdout, (enum rep_format)a->fmt);
	if (a->list != NULL)
		rep_line(&r, "The %s shuffle of %zu card%s, with the %s %s:",
		    a->shuffle.name, n, cli_plural(n), a->reduce.method ?
		    "raw words" : "draws", a->list);
	else
		rep_line(&r, "The %s shuffle of %zu card%s, drawing from "
		    "mulberry32 seeded with %llu:", a->shuffle.name, n,
		    cli_plural(n), (unsigned long long)a->seed);
	if (a->reduce.method != SA_REDUCE_NONE) {
		char spec[32];

		snprintf(spec, sizeof spec, "%s:%u",
		    sa_reduce_name(a->reduce.method), a->reduce.bits);
		rep_line(&r, "Each draw is made from %u-bit raw words by %s.",
		    a->reduce.bits, spec);
		rep_str(&r, "reduce", NULL, spec, NULL);
	}
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, a->shuffle.name, NULL);
	rep_u64(&r, "cards", NULL, n, NULL);
	if (a->list == NULL)
		rep_u64(&r, "seed", NULL, a->seed, NULL);
	show_deck(t->deck, n, note, deck, deck_size);
	rep_str(&r, "start", "starts as", deck, NULL);
	rep_line(&r, "%s", "");
	rep_table(&r, "steps", cols, 4);
	for (size_t k = 0; k < t->steps; k++) {
		struct rep_cell cells[4];

		memset(cells, 0, sizeof cells);
		show_deck(t->deck + (k + 1) * n, n, note, deck, deck_size);
		cells[0].u = k + 1;
		cells[1].u = t->bound[k];
		cells[2].u = t->value[k];
		cells[3].s = deck;
		rep_row(&r, cells);
	}
	rep_table_end(&r);
	rep_line(&r, "%s", "");
	show_deck(t->deck + t->steps * n, n, note, deck, deck_size);
	rep_str(&r, "ends", "ends on", deck, NULL);
	rep_end(&r);
}

static int
cmd_trace(int argc, char **argv)
{
	struct trace_args a;
	sa_trace t;
	char *deck = NULL;
	size_t deck_size;
	int status = parse_trace(argc, argv, &a);

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	if (a.ordering != NULL)
		return trace_ordering(&a.shuffle, (size_t)a.n, a.ordering,
		    (enum sa_notation)a.note, a.fmt);
	memset(&t, 0, sizeof t);
	status = trace_one(&a, &t);
	if (status == EXIT_FAIR) {
		deck_size = (size_t)a.n * 6 + 32;
		if ((deck = malloc(deck_size)) == NULL) {
			cli_error("trace: out of memory");
			status = EXIT_TROUBLE;
		} else {
			render_trace(&a, &t, deck, deck_size);
			status = cli_finish(EXIT_FAIR);
		}
	}
	free(deck);
	sa_trace_free(&t);
	free(a.draws);
	return status;
}

const struct cli_command cli_cmd_trace = {
	.name = "trace",
	.summary = "one run step by step, or the runs to an ordering",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_trace,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
