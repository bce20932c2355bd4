/*
 * cli_state_space.c - `shuffle-audit state-space`: how many orderings a
 * generator with S bits of state can ever deal.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"

#define CARDS_MAX 10000
#define BITS_MAX 65536

static const char usage_text[] =
    "usage: " PROGNAME " state-space [-n CARDS] [--bits S] [-f FORMAT]\n";

static void
help(void)
{
	fputs(usage_text, stdout);
	fputs("\n"
	    "A generator seeded with S bits of state starts from at most 2^S\n"
	    "states, so a deal from it can land on at most 2^S orderings.\n"
	    "Compares 2^S with n! exactly.\n"
	    "\n"
	    "  -n, --cards N         cards in the deck (default 52)\n"
	    "      --bits S          bits of generator state (default 32)\n"
	    "  -f, --format FORMAT   text (default), tsv, csv or json\n"
	    "  -h, --help            show this help\n", stdout);
}

enum { OPT_BITS = 256 };

/* The smallest n with n! > 2^bits, by exact comparison. */
static int
smallest_uncovered(const sa_big *states, uint64_t *out)
{
	sa_big f;
	uint64_t n = 1;

	sa_big_init(&f);
	if (sa_big_set_u64(&f, 1) != SA_OK)
		return SA_ENOMEM;
	while (sa_big_cmp(&f, states) <= 0) {
		n++;
		if (sa_big_mul_u64(&f, n) != SA_OK) {
			sa_big_free(&f);
			return SA_ENOMEM;
		}
	}
	sa_big_free(&f);
	*out = n;
	return SA_OK;
}

int
cmd_state_space(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "bits", required_argument, NULL, OPT_BITS },
		{ "cards", required_argument, NULL, 'n' },
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int c, fmt = REP_TEXT, cmp, status;
	uint64_t n = 52, bits = 32, smallest;
	const struct cli_options common = { "state-space", help, NULL, &fmt,
	    &n, CARDS_MAX };
	sa_big fact, states;
	char *fact_s = NULL, *states_s = NULL;
	char buf[64], note[160];
	double lf;
	report r;

	while ((c = getopt_long(argc, argv, ":f:hn:", longopts, NULL)) != -1) {
		switch (c) {
		case OPT_BITS:
			if (!cli_parse_uint("--bits", optarg, 1, BITS_MAX, &bits))
				return EXIT_TROUBLE;
			break;
		default:
			if ((status = cli_option(c, argv, &common)) !=
			    CLI_CONTINUE)
				return status;
			break;
		}
	}
	if (!cli_no_operands("state-space", argc, argv))
		return EXIT_TROUBLE;

	sa_big_init(&fact);
	sa_big_init(&states);
	if (sa_big_factorial(&fact, (uint32_t)n) != SA_OK ||
	    sa_big_pow2(&states, (uint32_t)bits) != SA_OK ||
	    smallest_uncovered(&states, &smallest) != SA_OK ||
	    (fact_s = sa_big_to_dec(&fact)) == NULL ||
	    (states_s = sa_big_to_dec(&states)) == NULL) {
		cli_error("state-space: out of memory");
		free(fact_s);
		sa_big_free(&fact);
		sa_big_free(&states);
		return EXIT_TROUBLE;
	}
	cmp = sa_big_cmp(&fact, &states);
	lf = sa_big_log2(&fact);

	rep_begin(&r, stdout, (enum rep_format)fmt);
	rep_line(&r, "A generator with %llu bits of state starts from at most "
	    "2^%llu states, so a deal seeded from it can land on at most 2^%llu "
	    "different orderings, however good its shuffle.",
	    (unsigned long long)bits, (unsigned long long)bits,
	    (unsigned long long)bits);
	rep_line(&r, "%s", "");
	rep_u64(&r, "cards", "cards", n, NULL);
	snprintf(note, sizeof note, "%llu!", (unsigned long long)n);
	rep_str(&r, "orderings", "orderings", fact_s, note);
	snprintf(buf, sizeof buf, "%.2f", lf);
	rep_str(&r, NULL, "log2 of orderings", buf, "for display");
	rep_u64(&r, "bits", "bits of state", bits, NULL);
	snprintf(note, sizeof note, "2^%llu", (unsigned long long)bits);
	rep_str(&r, "states", "states", states_s, note);
	rep_bool(&r, "covers", "every ordering reachable", cmp <= 0, NULL);
	if (cmp > 0) {
		/* states / n! < 1: shown in powers of ten, from the logs. */
		double e = ((double)bits - lf) * log10(2.0);
		double ex = floor(e), m = pow(10.0, e - ex);

		if (m >= 9.95) {	/* would print as 10.0 */
			m /= 10.0;
			ex += 1.0;
		}
		snprintf(buf, sizeof buf, "%.1fe%d", m, (int)ex);
		rep_str(&r, "fraction", "largest fraction reachable", buf,
		    "2^S / n!, at most");
	} else {
		rep_str(&r, "fraction", "largest fraction reachable", "1",
		    "2^S >= n!");
	}
	snprintf(note, sizeof note, "the smallest n with n! > 2^%llu",
	    (unsigned long long)bits);
	rep_u64(&r, "smallest_uncovered", "smallest deck it cannot cover",
	    smallest, note);
	rep_line(&r, "%s", "");
	if (cmp > 0)
		rep_line(&r, "%llu! is larger than 2^%llu (compared exactly): a "
		    "deal seeded that way reaches at most a fraction %s of the "
		    "orderings of %llu cards, and the rest can never be dealt.",
		    (unsigned long long)n, (unsigned long long)bits, buf,
		    (unsigned long long)n);
	else
		rep_line(&r, "2^%llu is at least %llu! (compared exactly): the "
		    "state space is large enough to reach every ordering of %llu "
		    "cards, though reaching them is not the same as reaching "
		    "them equally often.", (unsigned long long)bits,
		    (unsigned long long)n, (unsigned long long)n);
	rep_end(&r);
	free(fact_s);
	free(states_s);
	sa_big_free(&fact);
	sa_big_free(&states);
	return cli_finish(EXIT_FAIR);
}
