/*
 * cli_algorithms.c - `shuffle-audit algorithms`: the shuffles it knows.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

static const char usage_text[] =
    "usage: " PROGNAME " algorithms [-f FORMAT]\n";

static void
help(void)
{
	fputs(usage_text, stdout);
	fputs("\n"
	    "Lists the shuffles census can count, with the number of runs each\n"
	    "can take on n cards and a one-line description.  The machine\n"
	    "formats add each shuffle's parameter, its default and least\n"
	    "value, the most cards it takes (0: any) and where it comes from.\n"
	    "\n"
	    "  -f, --format FORMAT  text (default), tsv, csv or json\n"
	    "  -h, --help           show this help\n", stdout);
}

/* "swaps[:M]" for a shuffle with a parameter, else its name. */
static void
spec(const sa_shuffle *sh, char *buf, size_t size)
{
	if (sh->param != NULL)
		snprintf(buf, size, "%s[:%s]", sh->name, sh->param);
	else
		snprintf(buf, size, "%s", sh->name);
}

int
cmd_algorithms(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'f' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	int fmt = REP_TEXT;
	const struct cli_options common = { "algorithms", help, NULL, &fmt,
	    NULL, 0 };
	int c, name_width = 0, status;
	report r;

	while ((c = getopt_long(argc, argv, ":f:h", longopts, NULL)) != -1) {
		switch (c) {
		default:
			if ((status = cli_option(c, argv, &common)) !=
			    CLI_CONTINUE)
				return status;
			break;
		}
	}
	if (!cli_no_operands("algorithms", argc, argv))
		return EXIT_TROUBLE;

	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		char name[64];
		int len;

		spec(sa_shuffle_at(i), name, sizeof name);
		len = (int)strlen(name);
		if (len > name_width)
			name_width = len;
	}
	{
		const struct rep_col cols[] = {
			{ "name", "algorithm", REP_STR, name_width, false, true,
			    0, NULL },
			{ "runs", "runs", REP_STR, 7, false, true, 0, NULL },
			{ "summary", "what it does", REP_STR, 0, false, true, 0,
			    NULL },
			{ "param", "param", REP_STR, 0, false, true, 0, NULL },
			{ "param_default", "default", REP_STR, 0, false, true, 0,
			    NULL },
			{ "param_min", "least", REP_U64, 0, false, true, 0, NULL },
			{ "max_cards", "most cards", REP_U64, 0, false, true, 0,
			    NULL },
			{ "source", "source", REP_STR, 0, false, true, 0, NULL },
		};
		/* Text shows the first three; the rest are for scripts. */
		int ncols = fmt == REP_TEXT ? 3 : 8;

		rep_begin(&r, stdout, (enum rep_format)fmt);
		rep_table(&r, "algorithms", cols, ncols);
		for (size_t i = 0; i < sa_shuffle_count(); i++) {
			const sa_shuffle *sh = sa_shuffle_at(i);
			struct rep_cell cells[8];
			char name[64];

			memset(cells, 0, sizeof cells);
			spec(sh, name, sizeof name);
			cells[0].s = fmt == REP_TEXT ? name : sh->name;
			cells[1].s = sh->runs_formula ? sh->runs_formula :
			    "varies";
			cells[2].s = sh->summary;
			cells[3].s = sh->param ? sh->param : "";
			cells[4].s = sh->param_default ? sh->param_default : "";
			cells[5].u = sh->param_min;
			cells[6].u = sh->max_cards;
			cells[7].s = sh->source ? sh->source : "";
			rep_row(&r, cells);
		}
		rep_table_end(&r);
		rep_line(&r, "%s", "");
		rep_line(&r, "A parameter goes after a colon: -a swaps:3.  "
		    "\"varies\": runs differ in length, each weighted by its "
		    "chance.");
		rep_end(&r);
	}
	return cli_finish(EXIT_FAIR);
}
