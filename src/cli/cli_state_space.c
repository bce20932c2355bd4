/*
 * cli_state_space.c - `shuffle-audit state-space`: how many orderings a
 * generator with S bits of state can ever deal.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_state_space;

#define CARDS_MAX 10000
#define BITS_MAX 65536

static const char usage_text[] =
    "usage: " PROGNAME " state-space [-n CARDS] [--bits S] [-f FORMAT]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "A generator seeded with S bits of state starts from at most 2^S\n"
	    "states, so a deal from it can land on at most 2^S orderings.\n"
	    "Compares 2^S with n! exactly.\n"
	    "\n"
	    "  -n, --cards N         cards in the deck (default 52)\n"
	    "      --bits S          bits of generator state (default 32)\n"
	    CLI_HELP_FORMAT
	    CLI_HELP_HELP, out);
}

enum { OPT_BITS = 256 };

static void
render(const sa_state_space *sp, enum rep_format fmt, const char *fact_s,
    const char *states_s, const char *reach)
{
	unsigned long long n = sp->n, bits = sp->bits;
	char buf[64], note[160];
	report r;

	rep_begin(&r, stdout, fmt);
	rep_line(&r, "A generator with %llu bits of state starts from at most "
	    "2^%llu states, so a deal seeded from it can land on at most 2^%llu "
	    "different orderings, however good its shuffle.", bits, bits, bits);
	rep_line(&r, "%s", "");
	rep_u64(&r, "cards", "cards", n, NULL);
	snprintf(note, sizeof note, "%llu!", n);
	rep_str(&r, "orderings", "orderings", fact_s, note);
	snprintf(buf, sizeof buf, "%.2f", sp->log2_orderings);
	rep_str(&r, NULL, "log2 of orderings", buf, "for display");
	rep_u64(&r, "bits", "bits of state", bits, NULL);
	snprintf(note, sizeof note, "2^%llu", bits);
	rep_str(&r, "states", "states", states_s, note);
	rep_bool(&r, "covers", "every ordering reachable", sp->covers, NULL);
	if (!sp->covers)
		rep_str(&r, "fraction", "largest fraction reachable", reach,
		    "2^S / n!, at most");
	else
		rep_str(&r, "fraction", "largest fraction reachable", "1",
		    "2^S >= n!");
	snprintf(note, sizeof note, "the smallest n with n! > 2^%llu", bits);
	rep_u64(&r, "smallest_uncovered", "smallest deck it cannot cover",
	    sp->smallest_uncovered, note);
	rep_line(&r, "%s", "");
	if (!sp->covers)
		rep_line(&r, "%llu! is larger than 2^%llu (compared exactly): a "
		    "deal seeded that way reaches at most a fraction %s of the "
		    "orderings of %llu cards, and the rest can never be dealt.",
		    n, bits, reach, n);
	else
		rep_line(&r, "2^%llu is at least %llu! (compared exactly): the "
		    "state space is large enough to reach every ordering of %llu "
		    "card%s, though reaching them is not the same as reaching "
		    "them equally often.", bits, n, n, cli_plural(n));
	rep_end(&r);
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	{ "bits", required_argument, NULL, OPT_BITS },
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_END,
};

/* --bits into the bits at CTX (cli_getopts' OWN). */
static int
bits_option(int c, const char *arg, void *ctx)
{
	if (c != OPT_BITS)
		return CLI_CONTINUE;
	return cli_parse_uint("--bits", arg, 1, BITS_MAX, ctx) ? CLI_TAKEN :
	    EXIT_TROUBLE;
}

static int
cmd_state_space(int argc, char **argv)
{
	int fmt = REP_TEXT, status;
	uint64_t n = 52, bits = 32;
	const struct cli_options common = { "state-space", help, NULL, &fmt,
	    &n, CARDS_MAX };
	sa_state_space sp;
	char *fact_s = NULL, *states_s = NULL, *reach = NULL;

	status = cli_getopts(argc, argv, &cli_cmd_state_space, &common,
	    bits_option, &bits);
	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;

	status = sa_state_space_for((size_t)n, (uint32_t)bits, &sp);
	if (status == SA_OK) {
		fact_s = sa_big_to_dec(&sp.orderings);
		states_s = sa_big_to_dec(&sp.states);
		reach = sp.covers ? NULL : sa_fraction_sci(&sp.reach, 2);
	}
	if (status != SA_OK || fact_s == NULL || states_s == NULL ||
	    (!sp.covers && reach == NULL)) {
		cli_error("state-space: %s", status != SA_OK ?
		    sa_strerror(status) : "out of memory");
		status = EXIT_TROUBLE;
	} else {
		render(&sp, (enum rep_format)fmt, fact_s, states_s, reach);
		status = cli_finish(EXIT_FAIR);
	}
	free(fact_s);
	free(states_s);
	free(reach);
	sa_state_space_free(&sp);
	return status;
}

const struct cli_command cli_cmd_state_space = {
	.name = "state-space",
	.summary = "how many orderings a seeded generator can reach",
	.shortopts = ":f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_state_space,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
