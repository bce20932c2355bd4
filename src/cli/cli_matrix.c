/*
 * cli_matrix.c - `shuffle-audit matrix`: P(card c ends at position p),
 * exactly, for every card and position, as figures, a heat map in the
 * terminal, every cell in TSV, CSV or JSON, or an SVG picture.
 */
#include <getopt.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_escape.h"
#include "cli_audit.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_matrix;

#define CARDS_MAX SA_MATRIX_MAX_CARDS
#define MAP_COLS 60		/* the text map's most columns of cells */
#define SVG_CELLS 200		/* the picture's most cells a side */

static const char usage_text[] =
    "usage: " PROGNAME " matrix [-a ALGORITHM] [-n CARDS] [--reduce METHOD:BITS]\n"
    "                     [-f " REP_FORMATS_BARRED "|svg] [--census] [--check]\n"
    "                     [--threads N] [--color WHEN]\n"
    "                     [--plugin P[:SYM] | --exec COMMAND] [--time-limit S]\n";

/* -f's formats in the help: the heat map noted on text, every cell on
 * json, the last of them (REP_FORMATS' order). */
#define SAY_MAP(e, s) s " (default, with a heat map)"
#define SAY_CELLS(e, s) ",\n                        " s " (every cell)"
_Static_assert((int)REP_LAST_COMMON == (int)REP_JSON,
    "the help notes every cell on the last format, json");

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "Works out P(card c ends at position p) for every card and position,\n"
	    "exactly: for a shuffle made of steps, one card at a time through its\n"
	    "steps, at any deck size up to 1024; for others, and for a plugin or\n"
	    "a program (--plugin, --exec), from the census.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default naive)\n"
	    "  -n, --cards N         cards in the deck (default 52)\n"
	    "      --reduce M:B      make each draw from a B-bit word by M\n"
	    "  -f, --format FORMAT   "
	    REP_FORMATS(SAY_MAP, REP_SAY_NEXT, SAY_CELLS) " or svg (a picture)\n"
	    "      --census          from the census even with a step form\n"
	    "      --check           exit 1 unless every cell is 1/n\n"
	    "      --threads N       threads (default: the machine's cores)\n"
	    CLI_HELP_COLOR
	    AUDIT_HELP
	    "      --time-limit S    stop an audit after S seconds, with no "
	    "verdict\n"
	    CLI_HELP_HELP
	    "\n"
	    "Every cell 1/n is necessary for a fair shuffle, not sufficient: a\n"
	    "random rotation of the deck has it and reaches only n orderings.\n",
	    out);
}

enum { OPT_CENSUS = 256 };

struct matrix_args {
	sa_shuffle shuffle;
	size_t n;
	enum rep_format fmt;
	bool svg, census, check;
	sa_reduce reduce;
	uint64_t threads;
	bool chose;		/* -a was given */
	struct audit audit;	/* --plugin or --exec */
	bool audited;
	struct audit_check model;	/* the audit's second models */
	double seconds;		/* --time-limit; 0: none */
	int fmt_choice;	/* -f, as parsed */
	int color;	/* --color, enum cli_color */
};

/*
 * F as "N/D (decimal)" when short, else its decimal, to DIGITS
 * significant digits or as many more as it takes not to read as 1 when
 * it is not 1; the caller frees.
 */
static char *
figure(const sa_fraction *f, unsigned digits)
{
	char *exact = sa_fraction_exact(f);
	char *dec = sa_fraction_distinct(f, digits, false);
	char *out = NULL;

	if (exact != NULL && dec != NULL && strlen(exact) <= 24 &&
	    (out = malloc(strlen(exact) + strlen(dec) + 4)) != NULL)
		sprintf(out, "%s (%s)", exact, dec);
	if (out == NULL && dec != NULL) {
		out = dec;
		dec = NULL;
	}
	free(exact);
	free(dec);
	return out;
}

/*
 * One extreme cell as fields, the largest (MAX) or the smallest: its
 * place, P and its ratio to fair.  (A report keeps a field's key by its
 * pointer, so the keys are constant strings.)
 */
static void
extreme(report *r, const sa_matrix *m, bool max, const char *label,
    size_t card, size_t pos)
{
	static const char *const keys[2][4] = {
		{ "min_card", "min_position", "min_probability", "min_ratio" },
		{ "max_card", "max_position", "max_probability", "max_ratio" },
	};
	const char *const *k = keys[max];
	char place[96], *p = NULL, *q = NULL, *pe, *qe;
	sa_fraction f, g;

	sa_fraction_init(&f);
	sa_fraction_init(&g);
	if (sa_matrix_cell(m, card, pos, &f) == SA_OK &&
	    sa_matrix_ratio(m, card, pos, &g) == SA_OK) {
		p = figure(&f, 6);
		q = figure(&g, 6);
	}
	pe = sa_fraction_exact(&f);
	qe = sa_fraction_exact(&g);
	snprintf(place, sizeof place, "card %zu at position %zu", card, pos);
	rep_str(r, NULL, label, place, NULL);
	rep_u64(r, k[0], NULL, card, NULL);
	rep_u64(r, k[1], NULL, pos, NULL);
	rep_str(r, NULL, "  probability", p ? p : "?", NULL);
	rep_str(r, NULL, "  ratio to fair", q ? q : "?", NULL);
	rep_str(r, k[2], NULL, pe ? pe : "?", NULL);
	rep_str(r, k[3], NULL, qe ? qe : "?", NULL);
	free(p);
	free(q);
	free(pe);
	free(qe);
	sa_fraction_free(&f);
	sa_fraction_free(&g);
}

/*
 * The shade of a block on a square-root scale, for the eye: small
 * deviations stay visible beside the largest, and the order of the
 * shades is the order of the ratios.
 */
static double
shade_of(const sa_matrix *m, size_t c0, size_t c1, size_t p0, size_t p1)
{
	double s = 0;

	if (sa_matrix_block(m, c0, c1, p0, p1, NULL, &s) != SA_OK)
		return 0;
	return s < 0 ? -sqrt(-s) : sqrt(s);
}

/*
 * The text heat map: a character a cell, from ' ' (the lowest ratio)
 * through '=' (fair) to '@' (the highest), scaled to the largest
 * deviation; past MAP_COLS cards, a character is a block of cells (their
 * mean).  When COLOR says so (cli_color_on: by default on a terminal,
 * unless NO_COLOR is set or TERM is dumb or unset), each character's
 * background is coloured too, blue below fair and red above.
 */
static void
heat_map(const sa_matrix *m, int color)
{
	static const char ramp[] = " .:-=+*#@";
	static const int colour[] = { 19, 26, 33, 75, 255, 217, 210, 203, 196 };
	size_t n = sa_matrix_about(m)->n;
	size_t b = (n + MAP_COLS - 1) / MAP_COLS, rows = (n + b - 1) / b;
	bool paint = cli_color_on(color, STDOUT_FILENO);

	for (size_t i = 0; i < rows; i++) {
		printf("%5zu ", i * b);
		for (size_t j = 0; j < rows; j++) {
			size_t c1 = (i + 1) * b < n ? (i + 1) * b : n;
			size_t p1 = (j + 1) * b < n ? (j + 1) * b : n;
			double s = shade_of(m, i * b, c1, j * b, p1);
			int k;

			k = (int)((s + 1.0) * 4.0 + 0.5);
			k = k < 0 ? 0 : k > 8 ? 8 : k;
			if (paint)
				printf("\033[48;5;%dm%c\033[0m", colour[k],
				    ramp[k]);
			else
				putchar(ramp[k]);
		}
		putchar('\n');
	}
}

/* Every cell as a row: TSV, CSV or JSON's "cells". */
static void
cells_table(report *r, const sa_matrix *m)
{
	static const struct rep_col cols[] = {
		{ "card", "card", REP_U64, 4, true, true, 0, NULL },
		{ "position", "position", REP_U64, 8, true, true, 0, NULL },
		{ "probability", "probability", REP_STR, 11, false, true, 0,
		    NULL },
		{ "probability_decimal", "decimal", REP_STR, 7, false, true, 0,
		    NULL },
		{ "ratio", "ratio", REP_STR, 5, false, true, 0, NULL },
		{ "ratio_decimal", "decimal", REP_STR, 7, false, true, 0, NULL },
	};
	size_t n = sa_matrix_about(m)->n;
	sa_fraction f, g;

	sa_fraction_init(&f);
	sa_fraction_init(&g);
	rep_table(r, "cells", cols, 6);
	for (size_t c = 0; c < n; c++)
		for (size_t p = 0; p < n; p++) {
			struct rep_cell v[6];
			char *s[4] = { NULL, NULL, NULL, NULL };

			if (sa_matrix_cell(m, c, p, &f) == SA_OK &&
			    sa_matrix_ratio(m, c, p, &g) == SA_OK) {
				s[0] = sa_fraction_exact(&f);
				s[1] = sa_fraction_sig(&f, 12);
				s[2] = sa_fraction_exact(&g);
				s[3] = sa_fraction_sig(&g, 12);
			}
			memset(v, 0, sizeof v);
			v[0].u = c;
			v[1].u = p;
			for (int k = 0; k < 4; k++)
				v[2 + k].s = s[k] ? s[k] : "?";
			rep_row(r, v);
			for (int k = 0; k < 4; k++)
				free(s[k]);
		}
	rep_table_end(r);
	sa_fraction_free(&f);
	sa_fraction_free(&g);
}

/* The figures, the map and the caveat, as text (or fields elsewhere). */
static void
render(const struct matrix_args *a, const sa_matrix *m)
{
	const sa_matrix_info *in = sa_matrix_about(m);
	char label[96], spec[32], *dev = NULL, *runs_s = NULL;
	size_t n = in->n, b = (n + MAP_COLS - 1) / MAP_COLS;
	sa_fraction f;
	sa_big runs;
	report r;

	cli_shuffle_label(&a->shuffle, n, label, sizeof label);
	sa_fraction_init(&f);
	sa_big_init(&runs);
	if (sa_matrix_max_deviation(m, &f) == SA_OK)
		dev = figure(&f, 6);
	if (sa_matrix_runs(m, &runs) == SA_OK)
		runs_s = sa_big_to_dec(&runs);
	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "The %s shuffle of %zu card%s: P(card c ends at "
	    "position p), exactly.", label, n, cli_plural(n));
	rep_line(&r, "%s", in->method == SA_MATRIX_CHAIN ? "Followed card by "
	    "card through the shuffle's steps (one card's position is a "
	    "Markov chain)." : in->method == SA_MATRIX_FORMULA ? "By the "
	    "solution of the chain one card's position follows (a proven "
	    "formula)." : "Summed by card and position from the census of "
	    "every run.");
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", "algorithm", label, NULL);
	rep_u64(&r, "cards", "cards", n, NULL);
	if (in->reduce.method != SA_REDUCE_NONE) {
		snprintf(spec, sizeof spec, "%s:%u",
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
		rep_str(&r, "reduce", "draws made by", spec,
		    cli_reduce_words(in->reduce.method));
	}
	rep_str(&r, "method", "counted by", in->method == SA_MATRIX_CHAIN ?
	    "chain" : in->method == SA_MATRIX_FORMULA ? "formula" : "census",
	    NULL);
	if (runs_s != NULL && strlen(runs_s) <= 40)
		rep_num(&r, "runs", "denominator", runs_s,
		    "every row of counts adds up to it");
	else if (runs_s != NULL)
		rep_num(&r, "runs", NULL, runs_s, NULL);
	rep_str(&r, "verdict", NULL, in->uniform ? "uniform" : "not uniform",
	    NULL);
	rep_bool(&r, "uniform", "every cell 1/n", in->uniform, NULL);
	if (a->audited && !in->uniform)
		check_fields(&r, &a->model);
	else if (a->audited)
		guard_fields(&r, a->model.protections);
	extreme(&r, m, true, "largest cell", in->max_card, in->max_pos);
	extreme(&r, m, false, "smallest cell", in->min_card, in->min_pos);
	rep_str(&r, NULL, "largest deviation", dev ? dev : "?",
	    "|ratio - 1|, over every cell");
	free(dev);
	dev = sa_fraction_exact(&f);
	rep_str(&r, "max_deviation", NULL, dev ? dev : "?", NULL);
	free(dev);
	free(runs_s);
	sa_fraction_free(&f);
	sa_big_free(&runs);
	if (a->fmt == REP_TEXT) {
		rep_line(&r, "%s", "");
		rep_line(&r, "Cards down, positions across%s; each cell from ' ' "
		    "(the smallest ratio) through '=' (fair) to '@' (the "
		    "largest), on a square-root scale:", b > 1 ? "" :
		    ", one character a cell");
		if (b > 1)
			rep_line(&r, "each character is a block of %zu x %zu "
			    "cells, shaded by their mean.", b, b);
		fflush(stdout);
		heat_map(m, a->color);
	} else {
		cells_table(&r, m);
	}
	rep_line(&r, "%s", "");
	rep_line(&r, "Every cell 1/n is necessary for a fair shuffle but not "
	    "sufficient: a random rotation of the deck (-a rotation) has it, "
	    "and reaches only n of the n! orderings.");
	rep_end(&r);
}

/*
 * The colour of shade S (-1 .. 1): white at fair, deepening to blue
 * below it and to red above it, as "Will It Shuffle?" draws it.
 */
static void
colour_of(double s, char *buf, size_t size)
{
	static const int blue[3] = { 33, 102, 172 }, red[3] = { 178, 24, 43 };
	const int *to = s < 0 ? blue : red;
	double t = s < 0 ? -s : s;
	int rgb[3];

	for (int k = 0; k < 3; k++)
		rgb[k] = (int)(255.0 + (to[k] - 255.0) * t + 0.5);
	snprintf(buf, size, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
}

/* The legend's end labels: the smallest and the largest ratio. */
static void
svg_legend(FILE *f, const sa_matrix *m, int x, int y, int w)
{
	const sa_matrix_info *in = sa_matrix_about(m);
	sa_fraction lo, hi, dev;
	char *a = NULL, *b = NULL, *d = NULL, fill[16];

	sa_fraction_init(&lo);
	sa_fraction_init(&hi);
	sa_fraction_init(&dev);
	if (sa_matrix_ratio(m, in->min_card, in->min_pos, &lo) == SA_OK &&
	    sa_matrix_ratio(m, in->max_card, in->max_pos, &hi) == SA_OK &&
	    sa_matrix_max_deviation(m, &dev) == SA_OK) {
		a = sa_fraction_sig(&lo, 4);
		b = sa_fraction_sig(&hi, 4);
		d = sa_fraction_sig(&dev, 4);
	}
	for (int k = 0; k < 21; k++) {
		colour_of((k - 10) / 10.0, fill, sizeof fill);
		fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"12\" "
		    "fill=\"%s\"/>\n", x + k * w / 21, y, w / 21 + 1, fill);
	}
	fprintf(f, "<text x=\"%d\" y=\"%d\">1 - %s</text>\n", x, y + 26,
	    d ? d : "?");
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">fair "
	    "(ratio 1)</text>\n", x + w / 2, y + 26);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">1 + %s</text>\n",
	    x + w, y + 26, d ? d : "?");
	fprintf(f, "<text x=\"%d\" y=\"%d\">ratio to fair on a square-root "
	    "scale; smallest %s, largest %s (exact: -f json)</text>\n", x, y + 44,
	    a ? a : "?", b ? b : "?");
	free(a);
	free(b);
	free(d);
	sa_fraction_free(&lo);
	sa_fraction_free(&hi);
	sa_fraction_free(&dev);
}

/*
 * The SVG: a title, the cells (or blocks of them past SVG_CELLS cards)
 * coloured by their ratio to fair, axes with ticks, and a legend.
 */
static void
svg(const struct matrix_args *a, const sa_matrix *m)
{
	size_t n = sa_matrix_about(m)->n;
	size_t b = (n + SVG_CELLS - 1) / SVG_CELLS, side = (n + b - 1) / b;
	size_t tick = n <= 10 ? 1 : n <= 60 ? 5 : n <= 200 ? 20 : 100;
	int px = (int)(560 / side) > 0 ? (int)(560 / side) : 1;
	int left = 60, top = 70, w, h;
	char label[96], title[256], fill[16];
	FILE *f = stdout;

	if (px > 24)
		px = 24;
	w = left + px * (int)side + 40;
	if (w < 520)
		w = 520;
	h = top + px * (int)side + 80;
	cli_shuffle_label(&a->shuffle, n, label, sizeof label);
	snprintf(title, sizeof title, "The %s shuffle of %zu card%s: P(card "
	    "ends at position), exactly", label, n, cli_plural(n));
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="
	    "\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
	    "viewBox=\"0 0 %d %d\" font-family=\"sans-serif\" "
	    "font-size=\"11\">\n<title>", w, h, w, h);
	esc_xml(f, title, false);
	fputs("</title>\n", f);
	fprintf(f, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n"
	    "<text x=\"%d\" y=\"22\" font-size=\"14\">", w, h, left);
	esc_xml(f, title, false);
	fprintf(f, "</text>\n<text x=\"%d\" y=\"%d\">position</text>\n"
	    "<text x=\"14\" y=\"%d\" transform=\"rotate(-90 14 %d)\">card"
	    "</text>\n", left, top - 22, top + 40, top + 40);
	for (size_t i = 0; i < n; i += tick) {
		int at = (int)(i / b) * px + px / 2;

		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%zu"
		    "</text>\n<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%zu"
		    "</text>\n", left + at, top - 6, i, left - 4, top + at + 4,
		    i);
	}
	fputs("<g shape-rendering=\"crispEdges\">\n", f);
	for (size_t i = 0; i < side; i++)
		for (size_t j = 0; j < side; j++) {
			size_t c1 = (i + 1) * b < n ? (i + 1) * b : n;
			size_t p1 = (j + 1) * b < n ? (j + 1) * b : n;
			double s = shade_of(m, i * b, c1, j * b, p1);

			colour_of(s, fill, sizeof fill);
			fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"%d\" fill=\"%s\"/>\n", left + (int)j * px,
			    top + (int)i * px, px, px, fill);
		}
	fputs("</g>\n", f);
	if (b > 1)
		fprintf(f, "<text x=\"%d\" y=\"%d\">each square is a block of "
		    "%zu x %zu cells, coloured by their mean</text>\n", left,
		    top + px * (int)side + 70, b, b);
	svg_legend(f, m, left, top + px * (int)side + 12,
	    px * (int)side < 300 ? 300 : px * (int)side);
	fputs("</svg>\n", f);
}

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	CLI_ROW_REDUCE,
	{ "census", no_argument, NULL, OPT_CENSUS },
	CLI_ROW_CHECK,
	CLI_ROW_THREADS,
	CLI_ROW_COLOR,
	CLI_ROW_TIME_LIMIT,
	AUDIT_LONGOPTS,
	CLI_ROW_END,
};

/* One of the command's own options into A (cli_getopts' OWN). */
static int
matrix_option(int c, const char *arg, void *ctx)
{
	struct matrix_args *a = ctx;

	switch (c) {
	case 'f':
		if (!cli_parse_format_or(arg, "svg", &a->fmt_choice, &a->svg))
			return EXIT_TROUBLE;
		return CLI_TAKEN;
	case CLI_OPT_REDUCE:
		if (!cli_parse_reduce(arg, &a->reduce))
			return EXIT_TROUBLE;
		return CLI_TAKEN;
	case OPT_CENSUS:
		a->census = true;
		return CLI_TAKEN;
	case CLI_OPT_CHECK:
		a->check = true;
		return CLI_TAKEN;
	case CLI_OPT_THREADS:
		if (!cli_parse_uint("--threads", arg, 1, 64,
		    &a->threads))
			return EXIT_TROUBLE;
		return CLI_TAKEN;
	case CLI_OPT_TIME_LIMIT:
		return cli_parse_time_limit(arg, &a->seconds) ? CLI_TAKEN :
		    EXIT_TROUBLE;
	case CLI_OPT_COLOR:
		return cli_parse_color(arg, &a->color) ? CLI_TAKEN :
		    EXIT_TROUBLE;
	AUDIT_CASES:
		if (!audit_option(c, arg, &a->audit))
			return EXIT_TROUBLE;
		return CLI_TAKEN;
	default:
		a->chose = a->chose || c == 'a';
		return CLI_CONTINUE;
	}
}

static int
parse_args(int argc, char **argv, struct matrix_args *a)
{
	int status;
	uint64_t cards = 52;
	const struct cli_options common = { "matrix", help, &a->shuffle,
	    &a->fmt_choice, &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->fmt_choice = REP_TEXT;
	a->shuffle = *sa_shuffle_find("naive");
	status = cli_getopts(argc, argv, &cli_cmd_matrix, &common,
	    matrix_option, a);
	if (status != 0)
		return status;
	if ((status = audit_settle(&a->audit, a->chose, &a->reduce,
	    (size_t)cards)) < 0)
		return EXIT_TROUBLE;
	if (status > 0) {
		a->audited = true;
		a->shuffle = a->audit.shuffle;
		if (a->seconds != 0)
			a->audit.deadline = cli_seconds() + a->seconds;
	} else if (a->seconds != 0) {
		cli_error("--time-limit: bounds an audit (--plugin or --exec); "
		    "a built-in shuffle's matrix is sized before it starts");
		return EXIT_TROUBLE;
	}
	a->fmt = (enum rep_format)a->fmt_choice;
	a->n = (size_t)cards;
	return cli_check_cards(&a->shuffle, a->n) &&
	    cli_check_reduce(&a->shuffle, &a->reduce, a->n) ? 0 : EXIT_TROUBLE;
}

/* M as the format asks, freed; the exit status (--check). */
static int
show(const struct matrix_args *a, sa_matrix *m)
{
	int status;

	if (a->svg)
		svg(a, m);
	else
		render(a, m);
	status = a->check ? check_exit(run_verdict_of(
	    sa_matrix_about(m)->uniform, a->audited ? &a->model : NULL)) :
	    EXIT_FAIR;
	sa_matrix_free(m);
	return cli_finish(status);
}

/*
 * The matrix of the audited code, from its census, into *M: SA_OK, or an
 * exit status after a message (with the report of a breach).
 */
static int
audited_matrix(struct matrix_args *a, sa_matrix **m)
{
	sa_census_opts opts;
	sa_census_plan plan;
	sa_census *c;
	int status;

	/* The memory a replay of this size takes, checked first. */
	memset(&opts, 0, sizeof opts);
	opts.engine = SA_ENGINE_REPLAY;
	opts.max_draws = a->audit.max_draws;
	opts.extra_per_ordering = a->audit.path != NULL ? 16 : 0;
	status = sa_census_plan_for(&a->audit.shuffle, a->n, &opts, &plan);
	if (status != SA_OK) {
		cli_error("matrix of %zu cards: audited code's matrix comes "
		    "from its census: %s%s", a->n, plan.why,
		    cli_past_census(true, status, &plan, a->n));
		return EXIT_TROUBLE;
	}
	status = audit_census(&a->audit, a->n, NULL, &c);
	if (status == EXIT_MISBEHAVED || status == EXIT_MODEL) {
		if (a->svg)
			audit_report_svg(&a->audit, a->n);
		else
			audit_report(&a->audit, a->n, a->fmt);
		return cli_finish(status);
	}
	if (status != EXIT_FAIR)
		return status;
	/* A matrix that is not uniform comes from an unfair census, whose
	 * second models say whether the model decides it. */
	audit_check(&a->audit, a->n, NULL, c, &a->model);
	status = sa_matrix_from_census(c, m);
	sa_census_free(c);
	if (status != SA_OK) {
		cli_error("matrix of %zu cards: %s", a->n, sa_strerror(status));
		return EXIT_TROUBLE;
	}
	return SA_OK;
}

static int
cmd_matrix(int argc, char **argv)
{
	struct matrix_args a;
	sa_matrix_opts o;
	sa_matrix *m;
	int status = parse_args(argc, argv, &a);

	if (status != 0) {
		run_free(&a.audit);
		return status < 0 ? EXIT_FAIR : status;
	}
	if (a.audited) {
		status = audited_matrix(&a, &m);
		run_free(&a.audit);
		if (status != SA_OK)
			return status;
		return show(&a, m);
	}
	memset(&o, 0, sizeof o);
	o.reduce = a.reduce;
	o.census = a.census;
	o.threads = (unsigned)a.threads;
	status = sa_matrix_run(&a.shuffle, a.n, &o, &m);
	if (status != SA_OK) {
		cli_matrix_refused("matrix", &a.shuffle, a.n, &a.reduce,
		    a.census, status);
		return EXIT_TROUBLE;
	}
	return show(&a, m);
}

const struct cli_command cli_cmd_matrix = {
	.name = "matrix",
	.summary = "P(card c ends at position p), exactly",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_matrix,
	.merge = NULL,
	.more_formats = "svg",
	.operands = CLI_OPERANDS_NONE,
};
