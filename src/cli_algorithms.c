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
	    "can take on n cards and a one-line description.\n"
	    "\n"
	    "  -f, --format FORMAT  text (default), tsv, csv or json\n"
	    "  -h, --help           show this help\n", stdout);
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
	int c, name_width = 0;
	report r;

	while ((c = getopt_long(argc, argv, ":f:h", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if (!cli_parse_format(optarg, &fmt))
				return EXIT_TROUBLE;
			break;
		case 'h':
			help();
			return cli_finish(EXIT_FAIR);
		default:
			return cli_bad_option("algorithms", c, argv);
		}
	}
	if (!cli_no_operands("algorithms", argc, argv))
		return EXIT_TROUBLE;

	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		int len = (int)strlen(sa_shuffle_at(i)->name);

		if (len > name_width)
			name_width = len;
	}
	{
		const struct rep_col cols[] = {
			{ "name", "algorithm", REP_STR, name_width, false, true,
			    0, NULL },
			{ "runs", "runs", REP_STR, 0, false, true, 0, NULL },
			{ "summary", "what it does", REP_STR, 0, false, true, 0,
			    NULL },
		};

		rep_begin(&r, stdout, (enum rep_format)fmt);
		rep_table(&r, "algorithms", cols, 3);
		for (size_t i = 0; i < sa_shuffle_count(); i++) {
			const sa_shuffle *sh = sa_shuffle_at(i);
			struct rep_cell cells[3];

			memset(cells, 0, sizeof cells);
			cells[0].s = sh->name;
			cells[1].s = sh->runs_formula ? sh->runs_formula : "?";
			cells[2].s = sh->summary;
			rep_row(&r, cells);
		}
		rep_table_end(&r);
		rep_end(&r);
	}
	return cli_finish(EXIT_FAIR);
}
