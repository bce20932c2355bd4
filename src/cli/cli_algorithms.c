/*
 * cli_algorithms.c - `shuffle-audit algorithms`: the shuffles it knows.
 */
#include <getopt.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_algorithms;

static const char usage_text[] =
    "usage: " PROGNAME " algorithms [--wild] [-f FORMAT]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Lists the shuffles census can count, with the number of runs each\n"
	    "can take on n cards and a one-line description.  The machine\n"
	    "formats add each shuffle's parameter, its default and least\n"
	    "value, the most cards it takes (0: any) and where it comes from.\n"
	    "With --wild, lists famous shuffles from real code instead, each as\n"
	    "a model to count (-a, --reduce, -g) with where it is documented.\n"
	    "\n"
	    "      --wild           the shuffles from the wild\n"
	    "  -f, --format FORMAT  " REP_FORMATS_SAID "\n"
	    "  -h, --help           show this help\n", out);
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

/* "-a durstenfeld --reduce modulo:31 -g glibc" */
static void
model(const sa_wild *w, char *buf, size_t size)
{
	snprintf(buf, size, "-a %s%s%s%s%s", w->algorithm,
	    w->reduce ? " --reduce " : "", w->reduce ? w->reduce : "",
	    w->generator ? " -g " : "", w->generator ? w->generator : "");
}

static int
list_wild(int fmt)
{
	static const struct rep_col cols[] = {
		{ "name", "shuffle", REP_STR, 24, false, true, 0, NULL },
		{ "model", "model", REP_STR, 0, false, true, 0, NULL },
		{ "what", "what it is", REP_STR, 0, false, true, 0, NULL },
		{ "source", "source", REP_STR, 0, false, true, 0, NULL },
	};
	static const struct rep_col text_cols[] = {
		{ "name", "shuffle", REP_STR, 24, false, true, 0, NULL },
		{ "model", "model: what it is, where documented", REP_STR, 0,
		    false, true, 0, NULL },
	};
	size_t count;
	const sa_wild *w = sa_wild_list(&count);
	report r;

	rep_begin(&r, stdout, (enum rep_format)fmt);
	if (fmt == REP_TEXT)
		rep_table(&r, "wild", text_cols, 2);
	else
		rep_table(&r, "wild", cols, 4);
	for (size_t i = 0; i < count; i++) {
		struct rep_cell cells[4];
		char spec[128], all[640];

		memset(cells, 0, sizeof cells);
		model(&w[i], spec, sizeof spec);
		snprintf(all, sizeof all, "%s: %s. Documented in %s.", spec,
		    w[i].what, w[i].source);
		cells[0].s = w[i].name;
		cells[1].s = fmt == REP_TEXT ? all : spec;
		cells[2].s = w[i].what;
		cells[3].s = w[i].source;
		rep_row(&r, cells);
	}
	rep_table_end(&r);
	rep_line(&r, "%s", "");
	rep_line(&r, "Count one with census (no -g), matrix, or seed-space "
	    "(with its -g): shuffle-audit census -n 5 -a durstenfeld --reduce "
	    "modulo:31.");
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}

/* The built-in shuffles as a table in FMT. */
static int
list_builtin(int fmt)
{
	int name_width = 0;
	report r;

	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		char name[64];
		int len;

		spec(sa_shuffle_at(i), name, sizeof name);
		len = (int)strlen(name);
		if (len > name_width)
			name_width = len;
	}
	const struct rep_col cols[] = {
		{ "name", "algorithm", REP_STR, name_width, false, true, 0, NULL },
		{ "runs", "runs", REP_STR, 10, false, true, 0, NULL },
		{ "summary", "what it does", REP_STR, 0, false, true, 0, NULL },
		{ "param", "param", REP_STR, 0, false, true, 0, NULL },
		{ "param_default", "default", REP_STR, 0, false, true, 0, NULL },
		{ "param_min", "least", REP_U64, 0, false, true, 0, NULL },
		{ "max_cards", "most cards", REP_U64, 0, false, true, 0, NULL },
		{ "source", "source", REP_STR, 0, false, true, 0, NULL },
	};

	rep_begin(&r, stdout, (enum rep_format)fmt);
	/* Text shows the first three; the rest are for scripts. */
	rep_table(&r, "algorithms", cols, fmt == REP_TEXT ? 3 : 8);
	for (size_t i = 0; i < sa_shuffle_count(); i++) {
		const sa_shuffle *sh = sa_shuffle_at(i);
		struct rep_cell cells[8];
		char name[64];

		memset(cells, 0, sizeof cells);
		spec(sh, name, sizeof name);
		cells[0].s = fmt == REP_TEXT ? name : sh->name;
		cells[1].s = sh->runs_formula ? sh->runs_formula : "varies";
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
	rep_line(&r, "A parameter goes after a colon: -a swaps:3.  \"varies\": "
	    "runs differ in length, each weighted by its chance.  Famous "
	    "shuffles from real code, each as one of these with where it is "
	    "documented: " PROGNAME " algorithms --wild.");
	rep_end(&r);
	return cli_finish(EXIT_FAIR);
}

enum { OPT_WILD = 0x400 };

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	{ "wild", no_argument, NULL, OPT_WILD },
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_END,
};

static int
algorithms_option(int c, const char *arg, void *ctx)
{
	(void)arg;
	if (c != OPT_WILD)
		return CLI_CONTINUE;
	*(bool *)ctx = true;
	return CLI_TAKEN;
}

static int
cmd_algorithms(int argc, char **argv)
{
	int fmt = REP_TEXT, status;
	const struct cli_options common = { "algorithms", help, NULL, &fmt,
	    NULL, 0 };
	bool wild = false;

	status = cli_getopts(argc, argv, &cli_cmd_algorithms, &common,
	    algorithms_option, &wild);
	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	return wild ? list_wild(fmt) : list_builtin(fmt);
}

const struct cli_command cli_cmd_algorithms = {
	.name = "algorithms",
	.summary = "list the shuffles it knows",
	.shortopts = ":f:h",
	.longopts = options,
	.help = help,
	.run = cmd_algorithms,
	.merge = NULL,
	.more_formats = NULL,
	.operands = CLI_OPERANDS_NONE,
};
