/*
 * cli_deal.c - `shuffle-audit deal`: a hand from a seed, or from the
 * system's entropy, through the same shuffle code the census counts.
 */
#include <ctype.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_deal;

#define CARDS_MAX 1000
#define DEFAULT_SEED 12345

static const char usage_text[] =
    "usage: " PROGNAME " deal [--seed S | --random] [-a ALGORITHM]\n"
    "                   [-n CARDS | --cards \"A K Q J\" | --deck 52]\n"
    "                   [--hands H] [--reduce METHOD:BITS] [-f FORMAT]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Deals a deck: mulberry32 seeded with S answers the shuffle's draws,\n"
	    "so the same seed deals the same hand on every machine.  --random\n"
	    "answers them from the system's entropy instead.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default durstenfeld)\n"
	    "      --cards NAMES     the deck, names separated by spaces\n"
	    "                        (default \"A K Q J\")\n"
	    "      --deck 52         a standard deck, AS 2S ... KS AH ... KC\n"
	    CLI_HELP_FORMAT
	    "      --hands H         deal round-robin into H hands (default 1)\n"
	    "  -n N                  a deck of N cards named 0 .. N-1\n"
	    "      --random          deal from getrandom, unpredictably\n"
	    "      --reduce M:B      make each draw from a B-bit word by M\n"
	    "                        (default: mulberry32's floor(x k / 2^32),\n"
	    "                        or getrandom's unbiased rejection)\n"
	    "      --seed S          seed mulberry32 with S, 0 .. 4294967295\n"
	    "                        (default 12345)\n"
	    CLI_HELP_HELP, out);
}

struct deck {
	size_t n;
	char **name;
	char *store;		/* the names' text */
};

static void
deck_free(struct deck *d)
{
	free(d->name);
	free(d->store);
	memset(d, 0, sizeof *d);
}

static bool
deck_alloc(struct deck *d, size_t n, size_t bytes)
{
	d->n = n;
	d->name = calloc(n ? n : 1, sizeof *d->name);
	d->store = malloc(bytes ? bytes : 1);
	if (d->name == NULL || d->store == NULL) {
		deck_free(d);
		cli_error("deal: out of memory");
		return false;
	}
	return true;
}

/* Whitespace-separated names; each must be new. */
static bool
deck_from_names(struct deck *d, const char *opt, const char *text)
{
	size_t count = 0, len = strlen(text), k = 0;
	const char *p;
	char *q;

	for (p = text; *p;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			break;
		count++;
		while (*p && !isspace((unsigned char)*p))
			p++;
	}
	if (count == 0) {
		cli_error("%s '%s': no card names given", opt, text);
		return false;
	}
	if (count > CARDS_MAX) {
		cli_error("%s: %zu cards, too many (at most %d)", opt, count,
		    CARDS_MAX);
		return false;
	}
	if (!deck_alloc(d, count, len + 1))
		return false;
	q = d->store;
	for (p = text; *p;) {
		while (isspace((unsigned char)*p))
			p++;
		if (*p == '\0')
			break;
		d->name[k++] = q;
		while (*p && !isspace((unsigned char)*p))
			*q++ = *p++;
		*q++ = '\0';
	}
	for (size_t i = 0; i < d->n; i++) {
		for (size_t j = 0; j < i; j++) {
			if (strcmp(d->name[i], d->name[j]) == 0) {
				cli_error("%s: card '%s' appears twice", opt,
				    d->name[i]);
				deck_free(d);
				return false;
			}
		}
	}
	return true;
}

static bool
deck_numbered(struct deck *d, size_t n)
{
	char *q;

	if (!deck_alloc(d, n, n * 6))
		return false;
	q = d->store;
	for (size_t i = 0; i < n; i++) {
		d->name[i] = q;
		q += sprintf(q, "%zu", i) + 1;
	}
	return true;
}

/* A standard deck: ranks A 2 .. 10 J Q K within suits S H D C. */
static bool
deck_standard(struct deck *d)
{
	static const char *const rank[] = { "A", "2", "3", "4", "5", "6", "7",
	    "8", "9", "10", "J", "Q", "K" };
	static const char suit[] = "SHDC";
	char *q;

	if (!deck_alloc(d, 52, 52 * 4))
		return false;
	q = d->store;
	for (size_t s = 0; s < 4; s++) {
		for (size_t k = 0; k < 13; k++) {
			d->name[s * 13 + k] = q;
			q += sprintf(q, "%s%c", rank[k], suit[s]) + 1;
		}
	}
	return true;
}

enum { OPT_CARDS = 256, OPT_DECK, OPT_HANDS, OPT_RANDOM,
	OPT_SEED };
enum { DECK_DEFAULT, DECK_NUMBERED, DECK_NAMES, DECK_STANDARD };

struct deal_args {
	sa_shuffle shuffle;
	int fmt;
	int kind;		/* DECK_ */
	const char *names;	/* --cards */
	uint64_t n, seed, hands;
	bool random, seeded;
	int sources;		/* of -n, --cards, --deck */
	sa_reduce reduce;
};

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	{ "cards", required_argument, NULL, OPT_CARDS },
	{ "deck", required_argument, NULL, OPT_DECK },
	CLI_ROW_FORMAT,
	{ "hands", required_argument, NULL, OPT_HANDS },
	CLI_ROW_HELP,
	{ "random", no_argument, NULL, OPT_RANDOM },
	CLI_ROW_REDUCE,
	{ "seed", required_argument, NULL, OPT_SEED },
	CLI_ROW_END,
};

/* One of deal's own options into A (cli_getopts' OWN). */
static int
deal_option(int c, const char *arg, void *ctx)
{
	struct deal_args *a = ctx;

	switch (c) {
	case 'n':
		a->kind = DECK_NUMBERED;
		a->sources++;
		return cli_parse_uint("-n", arg, 1, CARDS_MAX, &a->n) ?
		    CLI_TAKEN : EXIT_TROUBLE;
	case OPT_CARDS:
		a->names = arg;
		a->kind = DECK_NAMES;
		a->sources++;
		return CLI_TAKEN;
	case OPT_DECK:
		if (strcmp(arg, "52") != 0) {
			cli_error("--deck %s: unknown deck (the one deck is 52)",
			    cli_arg(arg));
			return EXIT_TROUBLE;
		}
		a->kind = DECK_STANDARD;
		a->sources++;
		return CLI_TAKEN;
	case OPT_HANDS:
		return cli_parse_uint("--hands", arg, 1, CARDS_MAX, &a->hands) ?
		    CLI_TAKEN : EXIT_TROUBLE;
	case OPT_RANDOM:
		a->random = true;
		return CLI_TAKEN;
	case CLI_OPT_REDUCE:
		return cli_parse_reduce(arg, &a->reduce) ? CLI_TAKEN :
		    EXIT_TROUBLE;
	case OPT_SEED:
		a->seeded = true;
		return cli_parse_uint("--seed", arg, 0, UINT32_MAX, &a->seed) ?
		    CLI_TAKEN : EXIT_TROUBLE;
	default:
		return CLI_CONTINUE;
	}
}

/* The options into A; 0 to go on, -1 after --help, or an exit status. */
static int
parse_deal(int argc, char **argv, struct deal_args *a)
{
	const struct cli_options common = { "deal", help, &a->shuffle,
	    &a->fmt, NULL, 0 };
	int status;

	memset(a, 0, sizeof *a);
	a->shuffle = *sa_shuffle_find("durstenfeld");
	a->fmt = REP_TEXT;
	a->kind = DECK_DEFAULT;
	a->seed = DEFAULT_SEED;
	a->hands = 1;
	status = cli_getopts(argc, argv, &cli_cmd_deal, &common,
	    deal_option, a);
	if (status != 0)
		return status;
	if (a->sources > 1) {
		cli_error("deal: give only one of -n, --cards and --deck");
		return EXIT_TROUBLE;
	}
	if (a->random && a->seeded) {
		cli_error("deal: --seed and --random exclude each other");
		return EXIT_TROUBLE;
	}
	return 0;
}

/* The deck A asks for, checked against its shuffle and hands. */
static bool
make_deck(const struct deal_args *a, struct deck *d)
{
	sa_deal_work work;
	bool ok;

	switch (a->kind) {
	case DECK_NAMES:
		ok = deck_from_names(d, "--cards", a->names);
		break;
	case DECK_NUMBERED:
		ok = deck_numbered(d, (size_t)a->n);
		break;
	case DECK_STANDARD:
		ok = deck_standard(d);
		break;
	default:
		ok = deck_from_names(d, "--cards", "A K Q J");
		break;
	}
	if (!ok)
		return false;
	if (!cli_check_cards(&a->shuffle, d->n) ||
	    !cli_check_reduce(&a->shuffle, &a->reduce, d->n)) {
		deck_free(d);
		return false;
	}
	if (sa_deal_size(&a->shuffle, d->n, a->random, &work) != SA_OK) {
		cli_error("deal: the %s shuffle of %zu card%s: %s; fewer steps",
		    a->shuffle.name, d->n, cli_plural(d->n), work.why);
		deck_free(d);
		return false;
	}
	if (a->hands > d->n) {
		cli_error("--hands %llu: more hands than the %zu cards",
		    (unsigned long long)a->hands, d->n);
		deck_free(d);
		return false;
	}
	return true;
}

/*
 * ORDER[0 .. N-1] shuffled by A's shuffle from A's generator, its draws
 * made as the shuffle's own code makes them or as --reduce asks (A's
 * reduction is settled here); false after a message.
 */
static bool
shuffle_order(struct deal_args *a, unsigned *order, size_t n)
{
	const sa_shuffle *sh = &a->shuffle;
	sa_mulberry32 g;
	sa_sysrandom sys;
	sa_reducer red;
	sa_oracle *o;

	for (size_t i = 0; i < n; i++)
		order[i] = (unsigned)i;
	if (a->random) {
		sa_sysrandom_init(&sys);
		o = &sys.base;
	} else {
		sa_mulberry32_init(&g, (uint32_t)a->seed);
		o = &g.base;
	}
	a->reduce = sa_reduce_settle(sh, &a->reduce);
	if (a->reduce.method != SA_REDUCE_NONE) {
		sa_reducer_init(&red, &a->reduce, o);
		o = &red.base;
	}
	sh->run(sh, order, n, o);
	if (a->reduce.method != SA_REDUCE_NONE && !cli_reducer_ok(&red, sh))
		return false;
	if (a->random && sys.err != SA_OK) {
		cli_error("deal: %s", sa_strerror(sys.err));
		return false;
	}
	return true;
}

/* The hands, a line each (text), or the deal as a table. */
static void
deal_rows(report *r, const struct deal_args *a, const struct deck *d,
    const unsigned *order)
{
	static const struct rep_col cols[] = {
		{ "hand", "hand", REP_U64, 0, true, true, 0, NULL },
		{ "position", "position", REP_U64, 0, true, true, 0, NULL },
		{ "card", "card", REP_STR, 0, false, true, 0, NULL },
		{ "start", "start", REP_U64, 0, true, true, 0, NULL },
	};
	uint64_t hands = a->hands;

	if (a->fmt != REP_TEXT) {
		rep_table(r, "deal", cols, 4);
		for (size_t i = 0; i < d->n; i++) {
			struct rep_cell cells[4];

			memset(cells, 0, sizeof cells);
			cells[0].u = i % hands + 1;
			cells[1].u = i / hands + 1;
			cells[2].s = d->name[order[i]];
			cells[3].u = order[i];
			rep_row(r, cells);
		}
		rep_table_end(r);
		return;
	}
	for (uint64_t h = 0; h < hands; h++) {
		size_t len = 0;
		char *line;

		for (size_t i = h; i < d->n; i += hands)
			len += strlen(d->name[order[i]]) + 1;
		if ((line = malloc(len + 1)) == NULL)
			continue;
		line[0] = '\0';
		for (size_t i = h, k = 0; i < d->n; i += hands)
			k += (size_t)sprintf(line + k, "%s%s", i == h ? "" : " ",
			    d->name[order[i]]);
		if (hands == 1)
			rep_line(r, "%s", line);
		else
			rep_line(r, "hand %llu: %s", (unsigned long long)h + 1,
			    line);
		free(line);
	}
}

static void
render_deal(const struct deal_args *a, const struct deck *d,
    const unsigned *order)
{
	const sa_reduce *red = &a->reduce;
	const char *how = red->method ? sa_reduce_name(red->method) : "";
	bool biased = false;
	report r;

	/* Whether a bound the deal may ask for is reduced with bias. */
	for (uint64_t k = 2; k <= d->n && !biased; k++)
		biased = !sa_reduce_unbiased(red, k);
	rep_begin(&r, stdout, (enum rep_format)a->fmt);
	if (a->random)
		rep_line(&r, "Dealt from the system's entropy (getrandom), %s "
		    "shuffle of %zu card%s%s%s:", a->shuffle.name, d->n,
		    cli_plural(d->n), red->method ? ", draws by " : "", how);
	else
		rep_line(&r, "Seed %llu, mulberry32, %s shuffle of %zu card%s"
		    "%s%s:", (unsigned long long)a->seed, a->shuffle.name, d->n,
		    cli_plural(d->n), red->method ? ", draws by " : "", how);
	if (red->method != SA_REDUCE_NONE) {
		char spec[32];

		snprintf(spec, sizeof spec, "%s:%u", how, red->bits);
		rep_str(&r, "reduce", NULL, spec, NULL);
	}
	rep_line(&r, "%s", "");
	rep_str(&r, "generator", NULL, a->random ? "getrandom" : "mulberry32",
	    NULL);
	if (!a->random)
		rep_u64(&r, "seed", NULL, a->seed, NULL);
	rep_str(&r, "algorithm", NULL, a->shuffle.name, NULL);
	rep_u64(&r, "cards", NULL, d->n, NULL);
	rep_u64(&r, "hands", NULL, a->hands, NULL);
	deal_rows(&r, a, d, order);
	rep_line(&r, "%s", "");
	if (a->random && biased)
		rep_line(&r, "Nobody can repeat or predict this deal, but it is "
		    "not fair: each draw comes from the operating system's "
		    "entropy, reduced to a number below k by %s from %u-bit "
		    "words, which favours some values whenever k does not "
		    "divide 2^%u%s.", how, red->bits, red->bits,
		    red->method == SA_REDUCE_SCALE ? " - 1" : "");
	else if (a->random)
		rep_line(&r, "Nobody can repeat or predict this deal: each draw "
		    "comes from the operating system's entropy, made unbiased by "
		    "rejection.");
	else
		rep_line(&r, "mulberry32 is repeatable and entirely predictable: "
		    "the same seed deals the same hand on every machine, and "
		    "anyone who knows the seed, or sees a few outputs, can work "
		    "out the rest.  It is not for dealing for money; --random "
		    "is.");
	rep_end(&r);
}

static int
cmd_deal(int argc, char **argv)
{
	struct deal_args a;
	struct deck d = { 0, NULL, NULL };
	unsigned *order;
	int status = parse_deal(argc, argv, &a);

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	if (!make_deck(&a, &d))
		return EXIT_TROUBLE;
	order = malloc(d.n * sizeof *order);
	if (order == NULL) {
		cli_error("deal: out of memory");
		status = EXIT_TROUBLE;
	} else if (!shuffle_order(&a, order, d.n)) {
		status = EXIT_TROUBLE;
	} else {
		render_deal(&a, &d, order);
		status = cli_finish(EXIT_FAIR);
	}
	free(order);
	deck_free(&d);
	return status;
}

const struct cli_command cli_cmd_deal = {
	.name = "deal",
	.summary = "deal a hand from a seed, or unpredictably",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_deal,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
