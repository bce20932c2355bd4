/*
 * cli_distance.c - `shuffle-audit distance`: how far a shuffle done k
 * times is from uniform, as a table, a text plot or an SVG chart.  The
 * figures are the library's exact fractions (sa_distance); this file
 * only lays them out.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_escape.h"

/* This command, as main.c's list (made by make) has it. */
extern const struct cli_command cli_cmd_distance;

#define CARDS_MAX 1024

static const char usage_text[] =
    "usage: " PROGNAME " distance [-a ALGORITHM] [-n CARDS]\n"
    "                       [--repeat K | --upto K] [--method M] [--plot]\n"
    "                       [--time-limit S] [-f " REP_FORMATS_BARRED "|svg]\n";

static void
help(FILE *out)
{
	fputs(usage_text, out);
	fputs("\n"
	    "How far the shuffle, done k times, is from uniform: the total\n"
	    "variation distance, the separation and the commonest ordering's\n"
	    "chance over the rarest's, each exact.  The riffle is counted by\n"
	    "Bayer and Diaconis's formula at any deck; any other shuffle by\n"
	    "its census, composed with itself, at the decks the census\n"
	    "reaches.\n"
	    "\n"
	    "  -a, --algorithm NAME  the shuffle (default riffle)\n"
	    "  -n, --cards N         cards in the deck (default 52)\n"
	    "      --repeat K        the shuffle done K times only\n"
	    "      --upto K          done 1 to K times (default 10)\n"
	    "      --method M        auto (default), formula or census\n"
	    "      --plot            text: a bar of total variation for each k\n"
	    "      --time-limit S    refuse, or stop, work past S seconds (600)\n"
	    "  -f, --format FORMAT   " REP_FORMATS_LISTED " or svg (a\n"
	    "                        chart)\n"
	    CLI_HELP_HELP, out);
}

struct distance_args {
	sa_shuffle shuffle;
	size_t n;
	uint64_t from, to;
	enum sa_distance_method method;
	enum rep_format fmt;
	bool svg, plot;
	sa_time_limit limit;
	int fmt_choice;	/* -f, as parsed */
	bool repeat, upto;	/* which of --repeat and --upto */
};

enum { OPT_ONCE = 0x400, OPT_TO, OPT_HOW, OPT_BARS };

const char *const cli_distance_methods[] = { "auto", "formula", "census",
	NULL };

/* The options, as getopt reads them and the completions list them. */
static const struct option options[] = {
	CLI_ROW_ALGORITHM,
	CLI_ROW_CARDS,
	CLI_ROW_FORMAT,
	CLI_ROW_HELP,
	{ "repeat", required_argument, NULL, OPT_ONCE },
	{ "upto", required_argument, NULL, OPT_TO },
	{ "method", required_argument, NULL, OPT_HOW },
	{ "plot", no_argument, NULL, OPT_BARS },
	CLI_ROW_TIME_LIMIT,
	CLI_ROW_END,
};

/* One of the command's own options into A (cli_getopts' OWN). */
static int
distance_option(int c, const char *arg, void *ctx)
{
	struct distance_args *a = ctx;
	uint64_t k;
	int choice;

	switch (c) {
	case 'f':
		if (!cli_parse_format_or(arg, "svg", &a->fmt_choice, &a->svg))
			return EXIT_TROUBLE;
		return CLI_TAKEN;
	case OPT_ONCE:
	case OPT_TO:
		if (!cli_parse_uint(c == OPT_ONCE ? "--repeat" : "--upto", arg,
		    1, SA_DISTANCE_MAX_TIMES, &k))
			return EXIT_TROUBLE;
		a->from = c == OPT_ONCE ? k : 1;
		a->to = k;
		a->repeat = a->repeat || c == OPT_ONCE;
		a->upto = a->upto || c == OPT_TO;
		return CLI_TAKEN;
	case OPT_HOW:
		if (!cli_parse_choice("--method", arg, cli_distance_methods, "method",
		    &choice))
			return EXIT_TROUBLE;
		a->method = (enum sa_distance_method)choice;
		return CLI_TAKEN;
	case OPT_BARS:
		a->plot = true;
		return CLI_TAKEN;
	case CLI_OPT_TIME_LIMIT:
		if (!cli_parse_time_limit(arg, &a->limit.seconds))
			return EXIT_TROUBLE;
		return CLI_TAKEN;
	default:
		return CLI_CONTINUE;
	}
}

static int
parse_args(int argc, char **argv, struct distance_args *a)
{
	int status;
	uint64_t cards = 52;
	const struct cli_options common = { "distance", help, &a->shuffle,
	    &a->fmt_choice, &cards, CARDS_MAX };

	memset(a, 0, sizeof *a);
	a->fmt_choice = REP_TEXT;
	a->shuffle = *sa_shuffle_find("riffle");
	a->from = 1;
	a->to = 10;
	status = cli_getopts(argc, argv, &cli_cmd_distance, &common,
	    distance_option, a);
	if (status != 0)
		return status;
	if (a->repeat && a->upto) {
		cli_error("distance: give --repeat or --upto, not both");
		return EXIT_TROUBLE;
	}
	if (a->plot && (a->fmt_choice != REP_TEXT || a->svg)) {
		cli_error("--plot: the text plot is for -f text; -f svg draws "
		    "a chart");
		return EXIT_TROUBLE;
	}
	a->fmt = (enum rep_format)a->fmt_choice;
	a->n = (size_t)cards;
	if (a->limit.seconds == 0)
		a->limit.seconds = CLI_TIME_LIMIT;
	return cli_check_cards(&a->shuffle, a->n) ? 0 : EXIT_TROUBLE;
}

/* Why sa_distance refused, in words. */
static void
refusal(const struct distance_args *a, int status, const char *label)
{
	sa_census_plan plan;
	const char *why;

	if (a->method == SA_DISTANCE_FORMULA &&
	    !sa_distance_has_formula(&a->shuffle)) {
		cli_error("--method formula: no formula is known for the %s "
		    "shuffle; --method census counts it", label);
		return;
	}
	if (sa_distance_has_formula(&a->shuffle) &&
	    a->method != SA_DISTANCE_CENSUS) {
		cli_error("distance: the formula takes at most %d riffles in "
		    "all and %d cards: %llu times %s is too many",
		    SA_DISTANCE_MAX_RIFFLES, SA_DISTANCE_MAX_CARDS,
		    (unsigned long long)a->to, label);
		return;
	}
	/* here the census counts: no formula, or --method census */
	why = sa_distance_has_formula(&a->shuffle) ? "--method census" :
	    "no formula is proven for it";
	switch (sa_census_plan_for(&a->shuffle, a->n, NULL, &plan)) {
	case SA_ETOOBIG:
	case SA_EOVERFLOW:
		cli_error("distance: the %s shuffle (%s): its census of %zu "
		    "cards: %s", label, why, a->n, plan.why);
		return;
	default:
		break;
	}
	if (status == SA_EOVERFLOW) {
		cli_error("distance: the %s shuffle of %zu cards done %llu times "
		    "has more runs than 128 bits hold; ask for fewer times",
		    label, a->n, (unsigned long long)a->to);
		return;
	}
	if (status == SA_ETIME) {
		char what[160];

		snprintf(what, sizeof what, "distance: the %s shuffle of %zu "
		    "cards composed with itself", label, a->n);
		cli_time_refusal(what, &a->limit, "pairs of orderings",
		    "ask for fewer cards");
		return;
	}
	if (status == SA_ETOOBIG) {
		cli_error("distance: the %s shuffle (%s): its census of %zu "
		    "cards fits in memory, but composing it with itself does "
		    "not (a table of 16 bytes an ordering, and one a thread, "
		    "and the orderings it reaches); ask for fewer cards", label,
		    why, a->n);
		return;
	}
	cli_error("distance: the %s shuffle of %zu cards: %s", label, a->n,
	    sa_strerror(status));
}

/* The ratio to 6 significant digits, the caller frees; or NULL. */
static char *
ratio_text(const sa_distance_row *row)
{
	return row->unbounded ? NULL : sa_fraction_sig(&row->ratio, 6);
}

/* One bar of total variation a row, 50 characters for 1. */
static void
plot(report *r, const sa_distance_row *rows, size_t count)
{
	rep_line(r, "%s", "");
	rep_line(r, "%s", "total variation distance, each # 0.02 (from 0 to "
	    "1):");
	for (size_t i = 0; i < count; i++) {
		char bar[51], *v = sa_fraction_fixed(&rows[i].tvd, 3);
		double t = sa_fraction_to_double(&rows[i].tvd);
		int len = (int)(t * 50 + 0.5);

		memset(bar, '#', (size_t)len);
		bar[len] = '\0';
		rep_line(r, "%4llu  %-50s  %s",
		    (unsigned long long)rows[i].times, bar, v ? v : "?");
		free(v);
	}
}

/*
 * The rows, in text as three decimals; in TSV, CSV and JSON each figure
 * as a number (six significant digits, so that no small distance reads
 * as 0) beside its exact fraction, and a ratio without a bound as null
 * with UNBOUNDED true.
 */
static void
distance_rows(report *r, bool text, const sa_distance_row *rows,
    size_t count)
{
	static const struct rep_col text_cols[] = {
		{ "times", "k", REP_U64, 4, true, true, 0, NULL },
		{ "tvd", "total variation", REP_FRAC, 15, true, true,
		    3 | REP_NO_PLUS, NULL },
		{ "separation", "separation", REP_FRAC, 10, true, true,
		    3 | REP_NO_PLUS, NULL },
		{ "ratio", "commonest / rarest", REP_STR, 0, true, true, 0,
		    NULL },
	};
	static const struct rep_col data_cols[] = {
		{ "times", "k", REP_U64, 0, true, true, 0, NULL },
		{ "tvd", "tvd", REP_NUM, 0, true, true, 0, NULL },
		{ "tvd_exact", "tvd", REP_STR, 0, true, true, 0, NULL },
		{ "separation", "separation", REP_NUM, 0, true, true, 0, NULL },
		{ "separation_exact", "separation", REP_STR, 0, true, true, 0,
		    NULL },
		{ "ratio", "ratio", REP_NUM, 0, true, true, 0, NULL },
		{ "ratio_exact", "ratio", REP_NUM, 0, true, true, 0, NULL },
		{ "unbounded", "unbounded", REP_BOOL, 0, true, true, 0, NULL },
	};

	rep_table(r, "distances", text ? text_cols : data_cols, text ? 4 : 8);
	for (size_t i = 0; i < count; i++) {
		struct rep_cell cells[8];
		char *s[6] = { NULL };
		char *exact_ratio = NULL;

		memset(cells, 0, sizeof cells);
		cells[0].u = rows[i].times;
		if (text) {
			s[0] = ratio_text(&rows[i]);
			cells[1].f = &rows[i].tvd;
			cells[2].f = &rows[i].separation;
			cells[3].s = rows[i].unbounded ? "unbounded" : s[0] ?
			    s[0] : "?";
		} else {
			s[0] = sa_fraction_sig(&rows[i].tvd, 6);
			s[1] = sa_fraction_exact(&rows[i].tvd);
			s[2] = sa_fraction_sig(&rows[i].separation, 6);
			s[3] = sa_fraction_exact(&rows[i].separation);
			if (!rows[i].unbounded) {
				s[4] = ratio_text(&rows[i]);
				s[5] = sa_fraction_exact(&rows[i].ratio);
				/* JSON's string: quoted by hand, a REP_NUM */
				if (s[5] != NULL && (exact_ratio =
				    malloc(strlen(s[5]) + 3)) != NULL)
					sprintf(exact_ratio, "\"%s\"", s[5]);
			}
			for (int k = 0; k < 4; k++)
				cells[k + 1].s = s[k] ? s[k] : "?";
			cells[5].s = s[4];
			cells[6].s = r->fmt == REP_JSON ? exact_ratio : s[5];
			cells[7].b = rows[i].unbounded;
		}
		rep_row(r, cells);
		for (int k = 0; k < 6; k++)
			free(s[k]);
		free(exact_ratio);
	}
}

static void
table(const struct distance_args *a, const sa_distance_row *rows,
    size_t count, enum sa_distance_method used, const char *label)
{
	report r;

	rep_begin(&r, stdout, a->fmt);
	if (a->from == a->to)
		rep_line(&r, "The %s shuffle of %zu card%s, done %llu time%s: "
		    "how far from uniform.", label, a->n, cli_plural(a->n),
		    (unsigned long long)a->to, cli_plural(a->to));
	else
		rep_line(&r, "The %s shuffle of %zu card%s, done 1 to %llu "
		    "times: how far from uniform.", label, a->n,
		    cli_plural(a->n), (unsigned long long)a->to);
	if (used == SA_DISTANCE_FORMULA)
		rep_wrap(&r, "", 0, "Counted by Bayer and Diaconis's formula "
		    "(1992): after k riffles an ordering with r rising "
		    "sequences comes up in C(2^k + n - r, n) of the 2^(kn) "
		    "runs, and the Eulerian numbers count the orderings with "
		    "r; exact at any deck.");
	else
		rep_wrap(&r, "", 0, "Counted from the census of one shuffle, "
		    "done again by composing every ordering with every "
		    "ordering it reaches; exact.  No formula is proven for "
		    "this shuffle, so the deck is as large as the census "
		    "reaches.");
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, label, NULL);
	rep_u64(&r, "cards", NULL, a->n, NULL);
	rep_str(&r, "method", NULL, used == SA_DISTANCE_FORMULA ? "formula" :
	    "census", NULL);
	distance_rows(&r, a->fmt == REP_TEXT, rows, count);
	rep_table_end(&r);
	if (a->plot)
		plot(&r, rows, count);
	rep_line(&r, "%s", "");
	rep_wrap(&r, "", 0, "Total variation is half the sum over the "
	    "orderings of |P - 1/n!|: the most any bet on the deck gains "
	    "over a fair one.  Separation is 1 - n! times the smallest P: 1 "
	    "while some ordering cannot come up.  \"unbounded\": some "
	    "ordering never comes up.");
	rep_end(&r);
}

/* The chart's x for K and y for V (0 .. 1). */
struct frame {
	int left, top, w, h;
	uint64_t from, to;
};

static int
x_of(const struct frame *fr, uint64_t k)
{
	if (fr->to == fr->from)
		return fr->left + fr->w / 2;
	return fr->left + (int)((double)(k - fr->from) * fr->w /
	    (double)(fr->to - fr->from));
}

static int
y_of(const struct frame *fr, double v)
{
	return fr->top + fr->h - (int)(v * fr->h + 0.5);
}

/* One series as a line and dots; CLASS names it for readers and tests. */
static void
series(FILE *f, const struct frame *fr, const sa_distance_row *rows,
    size_t count, bool tvd, const char *colour)
{
	fprintf(f, "<polyline class=\"%s\" fill=\"none\" stroke=\"%s\" "
	    "stroke-width=\"2\"%s points=\"", tvd ? "tvd" : "separation",
	    colour, tvd ? "" : " stroke-dasharray=\"6 4\"");
	for (size_t i = 0; i < count; i++)
		fprintf(f, "%s%d,%d", i ? " " : "", x_of(fr, rows[i].times),
		    y_of(fr, sa_fraction_to_double(tvd ? &rows[i].tvd :
		    &rows[i].separation)));
	fputs("\"/>\n", f);
	for (size_t i = 0; i < count; i++)
		fprintf(f, "<circle class=\"%s\" cx=\"%d\" cy=\"%d\" r=\"5\" "
		    "fill=\"%s\"/>\n", tvd ? "tvd" : "separation",
		    x_of(fr, rows[i].times), y_of(fr, sa_fraction_to_double(tvd ?
		    &rows[i].tvd : &rows[i].separation)), colour);
}

static void
svg(const struct distance_args *a, const sa_distance_row *rows,
    size_t count, const char *label)
{
	struct frame fr = { 70, 84, 520, 286, a->from, a->to };
	uint64_t step = (a->to - a->from) / 10 + 1;
	char title[160];
	FILE *f = stdout;

	snprintf(title, sizeof title, "The %s shuffle of %zu card%s: distance "
	    "from uniform after k shuffles", label, a->n, cli_plural(a->n));
	fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns="
	    "\"http://www.w3.org/2000/svg\" width=\"660\" height=\"440\" "
	    "viewBox=\"0 0 660 440\" font-family=\"sans-serif\" "
	    "font-size=\"12\">\n<title>");
	esc_xml(f, title, false);
	fputs("</title>\n<rect width=\"660\" height=\"440\" "
	    "fill=\"#ffffff\"/>\n<text x=\"70\" y=\"28\" font-size=\"14\">",
	    f);
	esc_xml(f, title, false);
	fputs("</text>\n", f);
	for (int q = 0; q <= 4; q++) {
		int y = y_of(&fr, q / 4.0);

		fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
		    "stroke=\"#dddddd\"/>\n<text x=\"%d\" y=\"%d\" "
		    "text-anchor=\"end\">%.2f</text>\n", fr.left, y,
		    fr.left + fr.w, y, fr.left - 8, y + 4, q / 4.0);
	}
	for (uint64_t k = a->from; k <= a->to; k += step)
		fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%llu"
		    "</text>\n", x_of(&fr, k), fr.top + fr.h + 20,
		    (unsigned long long)k);
	fprintf(f, "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" "
	    "stroke=\"#000000\"/>\n<line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
	    "y2=\"%d\" stroke=\"#000000\"/>\n<text x=\"%d\" y=\"%d\" "
	    "text-anchor=\"middle\">k, the times shuffled</text>\n",
	    fr.left, fr.top, fr.left, fr.top + fr.h, fr.left, fr.top + fr.h,
	    fr.left + fr.w, fr.top + fr.h, fr.left + fr.w / 2,
	    fr.top + fr.h + 42);
	series(f, &fr, rows, count, false, "#2166ac");
	series(f, &fr, rows, count, true, "#b2182b");
	fprintf(f, "<rect x=\"70\" y=\"46\" width=\"14\" height=\"4\" "
	    "fill=\"#b2182b\"/>\n<text x=\"90\" y=\"52\">total variation"
	    "</text>\n<rect x=\"230\" y=\"46\" width=\"14\" height=\"4\" "
	    "fill=\"#2166ac\"/>\n<text x=\"250\" y=\"52\">separation "
	    "(dashed)</text>\n</svg>\n");
}

static int
cmd_distance(int argc, char **argv)
{
	struct distance_args a;
	sa_distance_opts opts;
	sa_distance_row *rows;
	enum sa_distance_method used;
	char label[96];
	size_t count;
	int status = parse_args(argc, argv, &a);

	if (status != 0)
		return status < 0 ? EXIT_FAIR : status;
	count = (size_t)(a.to - a.from + 1);
	if ((rows = calloc(count, sizeof *rows)) == NULL) {
		cli_error("distance: out of memory");
		return EXIT_TROUBLE;
	}
	for (size_t i = 0; i < count; i++)
		sa_distance_row_init(&rows[i]);
	memset(&opts, 0, sizeof opts);
	opts.method = a.method;
	opts.census.limit = &a.limit;
	cli_shuffle_label(&a.shuffle, a.n, label, sizeof label);
	status = sa_distance(&a.shuffle, a.n, a.from, a.to, &opts, rows,
	    &used);
	if (status != SA_OK)
		refusal(&a, status, label);
	else if (a.svg)
		svg(&a, rows, count, label);
	else
		table(&a, rows, count, used, label);
	for (size_t i = 0; i < count; i++)
		sa_distance_row_free(&rows[i]);
	free(rows);
	return status != SA_OK ? EXIT_TROUBLE : cli_finish(EXIT_FAIR);
}

const struct cli_command cli_cmd_distance = {
	.name = "distance",
	.summary = "how far a shuffle done k times is from uniform",
	.shortopts = ":a:f:hn:",
	.longopts = options,
	.help = help,
	.run = cmd_distance,
	.merge = NULL,
	.more_formats = "svg",
	.operands = CLI_OPERANDS_NONE,
};
