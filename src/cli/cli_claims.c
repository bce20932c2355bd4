/*
 * cli_claims.c - `shuffle-audit claims`: the library's claims
 * (sa_claims_check), each with whether it held and the figure behind
 * it, computed as the command runs; exit 0 when all hold.
 */
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_claims;


static const char usage_text[] =
    "usage: " PROGNAME " claims [--upto N] [--big] [-f FORMAT]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Checks the common claims about the naive and Fisher-Yates shuffles\n"
	    "and the seeded deal, and those this tool proves, by computing their\n"
	    "figures now.  Exits 0 when every claim holds and 1 when any fails:\n"
	    "a self-test for CI.\n"
	    "\n"
	    "  --upto N              check the naive shuffle's fairness up to N\n"
	    "                        cards (default 7, at most 10)\n"
	    "      --big             count the naive shuffle's patterns up to 12\n"
	    "                        cards, not 9: past OEIS A192053, minutes\n"
	    "                        and about 4 GiB\n"
	    CLI_HELP_FORMAT
	    CLI_HELP_HELP, out);
}

enum { OPT_UPTO = 256, OPT_BIG };

struct claims_args {
	uint64_t upto;
	bool big;
};

/* One of the claims' own options into the args (cli_getopts' OWN). */
static int
claims_option(int c, const char *arg, void *ctx)
{
	struct claims_args *a = ctx;

	if (c == OPT_UPTO)
		return cli_parse_uint("--upto", arg, 2, SA_CLAIMS_UPTO_MAX,
		    &a->upto) ? CLI_TAKEN : EXIT_TROUBLE;
	if (c == OPT_BIG) {
		a->big = true;
		return CLI_TAKEN;
	}
	return CLI_CONTINUE;
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	{ "upto", required_argument, NULL, OPT_UPTO },
	{ "big", no_argument, NULL, OPT_BIG },
	CLI_ROW_END,
};

/* The claims, each whether it held and its figure, in FMT. */
static void
render(const sa_claim *claims, int fmt, int nheld)
{
	static const struct rep_col cols[] = {
		{ "claim", "claim", REP_STR, 0, false, true, 0, NULL },
		{ "held", "held", REP_BOOL, 0, false, true, 0, NULL },
		{ "measured", "measured", REP_STR, 0, false, true, 0, NULL },
	};
	report r;

	rep_begin(&r, stdout, (enum rep_format)fmt);
	rep_line(&r, "Each claim, whether it held, and the number behind it, "
	    "computed just now.");
	rep_line(&r, "%s", "");
	if (fmt == REP_TEXT) {
		/* A list, since a table of these sentences is 265 columns. */
		for (int i = 0; i < SA_CLAIMS; i++) {
			char measured[sizeof claims[i].measured + 16];

			snprintf(measured, sizeof measured, "measured: %s",
			    claims[i].measured);
			rep_wrap(&r, claims[i].held ? "held" : "FAILED", 8,
			    claims[i].text);
			rep_wrap(&r, "", 8, measured);
			rep_line(&r, "%s", "");
		}
	} else {
		rep_table(&r, "claims", cols, 3);
		for (int i = 0; i < SA_CLAIMS; i++) {
			struct rep_cell cells[3];

			memset(cells, 0, sizeof cells);
			cells[0].s = claims[i].text;
			cells[1].b = claims[i].held;
			cells[2].s = claims[i].measured;
			rep_row(&r, cells);
		}
		rep_table_end(&r);
	}
	rep_u64(&r, "held", NULL, (uint64_t)nheld, NULL);
	rep_u64(&r, "failed", NULL, (uint64_t)(SA_CLAIMS - nheld), NULL);
	rep_line(&r, "%d of %d claims held.", nheld, SA_CLAIMS);
	rep_end(&r);
}

static int
cmd_claims(int argc, char **argv)
{
	struct claims_args a = { 7, false };
	sa_claim claims[SA_CLAIMS];
	int fmt = REP_TEXT, nheld = 0, status;
	const struct cli_options common = { "claims", help, NULL, &fmt, NULL,
	    0 };

	status = cli_getopts(argc, argv, &cli_cmd_claims, &common,
	    claims_option, &a);
	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	status = sa_claims_check((size_t)a.upto, a.big ? 12 : 9, claims);
	if (status != SA_OK) {
		cli_error("claims: %s", sa_strerror(status));
		return EXIT_TROUBLE;
	}
	for (int i = 0; i < SA_CLAIMS; i++)
		nheld += claims[i].held;
	render(claims, fmt, nheld);
	return cli_finish(nheld == SA_CLAIMS ? EXIT_FAIR : EXIT_UNFAIR);
}

const struct cli_command cli_cmd_claims = {
	.name = "claims",
	.summary = "check the claims about shuffles, live",
	.shortopts = ":f:h",
	.longopts = options,
	.help = help,
	.run = cmd_claims,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
