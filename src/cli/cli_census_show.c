/*
 * cli_census_show.c - the report of a census: its headline figures as
 * exact decimals, the verdict and its reason in words, the tally row by
 * row, the histogram; in text, TSV, CSV or JSON.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cli_audit.h"
#include "cli_census_show.h"

/*
 * The census's headline figures as exact decimal strings, whichever
 * width its counts have, from the library's exact figures.
 */
struct figures {
	char *runs, *max, *min;
	char *per;		/* runs / n! */
	char *ratio;		/* max / min, or NULL when min is 0 */
	char *ratio_exact;	/* the same as a fraction in lowest terms */
	char *tvd;		/* total variation distance from uniform */
	char *tvd_exact;	/* the same as a fraction in lowest terms */
	char *identity;		/* the count of the starting order */
};

static void
figures_free(struct figures *f)
{
	free(f->runs);
	free(f->max);
	free(f->min);
	free(f->per);
	free(f->ratio);
	free(f->ratio_exact);
	free(f->tvd);
	free(f->tvd_exact);
	free(f->identity);
}

/* The figure GET gives, as decimal digits; NULL when memory runs out. */
static char *
digits_of(const sa_census *c, int (*get)(const sa_census *, sa_big *))
{
	sa_big b;
	char *s;

	sa_big_init(&b);
	s = get(c, &b) == SA_OK ? sa_big_to_dec(&b) : NULL;
	sa_big_free(&b);
	return s;
}

static int
identity_count(const sa_census *c, sa_big *out)
{
	return sa_census_count_big(c, 0, out);
}

static bool
figures_for(const sa_census *c, struct figures *f)
{
	const sa_census_info *in = sa_census_about(c);
	sa_fraction x;
	bool ok;

	memset(f, 0, sizeof *f);
	sa_fraction_init(&x);
	f->runs = digits_of(c, sa_census_runs);
	f->max = digits_of(c, sa_census_max);
	f->min = digits_of(c, sa_census_min);
	f->identity = digits_of(c, identity_count);
	if (sa_census_per_ordering(c, &x) == SA_OK)
		f->per = sa_fraction_fixed(&x, in->divides ? 0 : 3);
	if (sa_census_tvd(c, &x) == SA_OK) {
		f->tvd = sa_fraction_sig(&x, 6);
		f->tvd_exact = sa_fraction_exact(&x);
	}
	ok = f->runs && f->max && f->min && f->identity && f->per && f->tvd &&
	    f->tvd_exact;
	/* Some ordering never comes up: no ratio has a bound. */
	if (ok && sa_census_ratio(c, &x) == SA_OK &&
	    in->reached == in->orderings) {
		/*
		 * Exact counts earn more digits than the seed's two, and never
		 * "1.00 times" beside "unfair".
		 */
		f->ratio = in->wide ? sa_fraction_distinct(&x, 15, false) :
		    sa_fraction_distinct(&x, 2, true);
		f->ratio_exact = sa_fraction_exact(&x);
		ok = f->ratio != NULL && f->ratio_exact != NULL;
	}
	sa_fraction_free(&x);
	if (!ok)
		figures_free(f);
	return ok;
}

static const char *
plural(const char *digits)
{
	return strcmp(digits, "1") == 0 ? "" : "s";
}

/* The commonest or rarest ordering, as fields. */
static void
extreme_fields(report *r, const sa_census *c, bool most, const char *count,
    enum sa_notation how, char *value, size_t size)
{
	const sa_census_info *in = sa_census_about(c);
	uint64_t at = most ? in->nmax : in->nmin;
	char ord[128], note[160];
	unsigned p[SA_PERM_MAX];

	sa_perm_unrank(most ? in->argmax : in->argmin, in->n, p);
	sa_perm_format_as(p, in->n, how, ord, sizeof ord);
	rep_num(r, most ? "max" : "min", NULL, count, NULL);
	rep_str(r, most ? "commonest" : "rarest", NULL, ord, NULL);
	rep_u64(r, most ? "at_max" : "at_min", NULL, at, NULL);
	snprintf(value, size, "%s: %s run%s", ord, count, plural(count));
	if (at > 1)
		snprintf(note, sizeof note, "and %llu more with as %s",
		    (unsigned long long)(at - 1), most ? "many" : "few");
	rep_str(r, NULL, most ? "commonest" : "rarest", value,
	    at > 1 ? note : NULL);
}

/* Census C's verdict and its reason, in a sentence, into VALUE. */
static void
reason_words(const sa_census *c, const struct figures *f, char *value,
    size_t size)
{
	const sa_census_info *in = sa_census_about(c);

	switch (sa_census_reason(c)) {
	case SA_REASON_SINGLE_RUN:
		snprintf(value, size, "unfair: it has a single run (no draw "
		    "it makes can change the outcome), so it always lands on "
		    "the same one of the %llu orderings",
		    (unsigned long long)in->orderings);
		break;
	case SA_REASON_ONE:
		snprintf(value, size, "fair: there is one ordering, and every "
		    "run lands on it");
		break;
	case SA_REASON_EVEN:
		snprintf(value, size, "fair: each of the %llu orderings gets "
		    "exactly %s of the %s run%s",
		    (unsigned long long)in->orderings, f->per, f->runs,
		    plural(f->runs));
		break;
	case SA_REASON_CYCLES:
		snprintf(value, size, "unfair: it reaches only the %llu "
		    "orderings that are one cycle of all %zu cards, as "
		    "Sattolo's algorithm does; in a Fisher-Yates shuffle, the "
		    "draw is one short (j < i where j <= i was meant)",
		    (unsigned long long)in->reached, in->n);
		break;
	case SA_REASON_INDIVISIBLE:
		snprintf(value, size, "unfair: %llu orderings cannot share %s "
		    "runs equally", (unsigned long long)in->orderings, f->runs);
		break;
	case SA_REASON_UNEVEN:
		snprintf(value, size, "unfair: %llu divides %s, but the runs "
		    "are not shared equally", (unsigned long long)in->orderings,
		    f->runs);
		break;
	}
}

static void
summary_fields(report *r, const sa_census *c, const struct figures *f,
    enum sa_notation how, const struct audit_check *k)
{
	bool ties = run_fair_but_ties(sa_census_about(c)->fair, k);
	char width[24] = "";
	bool model = k != NULL && k->verdict == VERDICT_MODEL;
	const sa_census_info *in = sa_census_about(c);
	char note[160];
	char *value;
	size_t size;

	size = strlen(f->max) + strlen(f->min) + strlen(f->runs) * 2 + 400;
	if ((value = malloc(size)) == NULL)
		return;
	extreme_fields(r, c, true, f->max, how, value, size);
	extreme_fields(r, c, false, f->min, how, value, size);
	rep_u64(r, "reached", "orderings reached", in->reached, NULL);
	if (f->ratio == NULL) {
		rep_str(r, NULL, "commonest / rarest", "unbounded",
		    "some orderings are never reached");
		rep_null(r, "ratio");
		rep_null(r, "ratio_exact");
		rep_bool(r, "unbounded", NULL, true, NULL);
	} else {
		snprintf(value, size, "%s times", f->ratio);
		snprintf(note, sizeof note, "counted over all %s%s run%s",
		    in->weighted ? "the weighted " : "", f->runs,
		    plural(f->runs));
		rep_str(r, NULL, "commonest / rarest", value,
		    strlen(f->runs) < 40 ? note : "counted exactly");
		rep_num(r, "ratio", NULL, f->ratio, NULL);
		rep_str(r, "ratio_exact", NULL, f->ratio_exact, NULL);
		rep_bool(r, "unbounded", NULL, false, NULL);
	}
	rep_str(r, NULL, "distance from uniform", f->tvd,
	    "total variation, exact to the digits shown");
	rep_num(r, "tvd", NULL, f->tvd, NULL);
	rep_str(r, "tvd_exact", NULL, f->tvd_exact, NULL);

	if (ties)
		snprintf(width, sizeof width, "%llu",
		    (unsigned long long)k->key_width);
	rep_str(r, "verdict", NULL, model ? "model-decides" : in->fair ?
	    "fair" : "unfair", NULL);
	rep_bool(r, "fair", NULL, in->fair, NULL);
	if (ties)
		snprintf(value, size, "the model decides: fair as counted, "
		    "each key below %llu a real that never ties, so fair only "
		    "up to ties of probability at most the bound below (keys' "
		    "ties), which a stable sort makes a bias; census -a "
		    "sort-keys:%s counts them", (unsigned long long)k->key_width,
		    k->key_width <= SA_PARAM_MAX ? width : "K");
	else if (model && k->model == SA_MODEL_DIFFERS)
		snprintf(value, size, "the model decides: unfair as counted, "
		    "but a second model, which gives the same chances to code "
		    "that uses its numbers the way this one covers, gives "
		    "others (below): the unfairness may be the model's, not "
		    "the code's");
	else if (model)
		snprintf(value, size, "the model decides: unfair as counted, "
		    "but the second model that would tell the code's "
		    "unfairness from the model's was not counted (below)");
	else
		reason_words(c, f, value, size);
	rep_str(r, NULL, "verdict", value, NULL);
	free(value);
}

/*
 * The width of the ordering column: every ordering has the same length in
 * array and inverse notation, and none is longer than the identity in
 * cycle notation, where every card is a cycle of its own.
 */
static int
ordering_width(size_t n, enum sa_notation note)
{
	unsigned p[SA_PERM_MAX];

	sa_perm_unrank(0, n, p);
	return (int)sa_perm_format_as(p, n, note, NULL, 0);
}

/* What the runs are, as fields. */
static void
runs_fields(report *r, const sa_census_info *in, const struct figures *f)
{
	char note[200], formula[64];

	note[0] = '\0';
	if (in->shuffle->runs_formula != NULL && !in->weighted) {
		cli_formula(in->shuffle, in->n, formula, sizeof formula);
		snprintf(note, sizeof note, "%s = %s",
		    in->shuffle->runs_formula, formula);
	}
	if (in->renormalised)
		snprintf(note + strlen(note), sizeof note - strlen(note),
		    "%sretries folded away", note[0] ? "; " : "");
	if (in->weighted || (in->wide && in->reduce.method)) {
		rep_u64(r, "sequences", "runs it can take", in->sequences,
		    in->weighted ? "of different lengths, so not equally likely" :
		    note[0] ? note : NULL);
		rep_num(r, "runs", in->wide ? "raw-word runs" :
		    "weighted total", f->runs, in->wide ?
		    "each run once for every sequence of raw words that makes "
		    "it" : "each run counted by its chance, in whole numbers");
	} else {
		rep_num(r, "runs", "runs it can take", f->runs,
		    note[0] ? note : NULL);
	}
}

static void
headline(report *r, const sa_census *c, const struct figures *f)
{
	const sa_census_info *in = sa_census_about(c);
	char note[200], label[96];

	cli_shuffle_label(in->shuffle, in->n, label, sizeof label);
	rep_line(r, "The %s shuffle of %zu card%s: %s.", label, in->n,
	    in->n == 1 ? "" : "s", in->shuffle->summary);
	if (in->engine == SA_ENGINE_CLOSED)
		rep_line(r, "Counted without walking a run: each ordering's "
		    "count is the shuffle's proven formula%s%s%s.",
		    in->shuffle->closed_formula ? " (" : "",
		    in->shuffle->closed_formula ? in->shuffle->closed_formula :
		    "", in->shuffle->closed_formula ? ")" : "");
	if (in->wide && in->reduce.method)
		rep_line(r, "Each draw below k is made from a %u-bit raw word "
		    "by %s (--reduce %s:%u).", in->reduce.bits,
		    cli_reduce_words(in->reduce.method),
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
	rep_line(r, "%s", "");
	rep_str(r, "algorithm", NULL, label, NULL);
	rep_u64(r, "cards", NULL, in->n, NULL);
	if (in->wide && in->reduce.method) {
		snprintf(note, sizeof note, "%s:%u",
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
		rep_str(r, "reduce", NULL, note, NULL);
	}
	runs_fields(r, in, f);
	snprintf(note, sizeof note, "n! = %zu!", in->n);
	rep_u64(r, "orderings", "orderings to land on", in->orderings, note);
	snprintf(note, sizeof note, "%llu %s %s",
	    (unsigned long long)in->orderings,
	    in->divides ? "divides" : "does not divide",
	    strlen(f->runs) <= 24 ? f->runs : "the runs");
	rep_str(r, NULL, "runs per ordering", f->per, note);
	rep_bool(r, "divides", NULL, in->divides, NULL);
	rep_line(r, "%s", "");
}

/* How many orderings got each count, from the library's buckets. */
static void
histogram(report *r, const sa_census *c)
{
	static const struct rep_col cols[] = {
		{ "runs_from", "runs from", REP_U64, 12, true, true, 0, NULL },
		{ "runs_to", "runs to", REP_U64, 12, true, true, 0, NULL },
		{ "orderings", "orderings", REP_U64, 12, true, true, 0, NULL },
	};
	sa_histogram h;

	switch (sa_census_histogram(c, &h)) {
	case SA_OK:
		break;
	case SA_EOVERFLOW:
		rep_line(r, "(counts this large are not bucketed; see the rows)");
		return;
	default:
		return;
	}
	rep_table(r, "histogram", cols, 3);
	for (size_t b = 0; b < h.count; b++) {
		struct rep_cell cells[3];

		memset(cells, 0, sizeof cells);
		cells[0].u = h.bucket[b].from;
		cells[1].u = h.bucket[b].to;
		cells[2].u = h.bucket[b].orderings;
		rep_row(r, cells);
	}
	rep_table_end(r);
	sa_histogram_free(&h);
}

static void
render_summary(const struct census_view *a, const sa_census *c,
    const struct figures *f)
{
	report r;

	rep_begin(&r, stdout, a->fmt);
	headline(&r, c, f);
	summary_fields(&r, c, f, a->notation, a->audited ? &a->model : NULL);
	check_fields(&r, &a->model);
	rep_num(&r, "identity", "runs left unshuffled", f->identity,
	    "the count of the starting order");
	rep_line(&r, "%s", "");
	histogram(&r, c);
	rep_end(&r);
}

/* One row of the tally: the ordering of rank RANK, its count, its
 * deviation from fair. */
static void
tally_row(report *r, const struct census_view *a, const sa_census *c,
    uint64_t rank, sa_fraction *off)
{
	const sa_census_info *in = sa_census_about(c);
	struct rep_cell cells[3];
	char buf[128], count[24], *digits = NULL;
	unsigned p[SA_PERM_MAX];
	sa_big big;

	memset(cells, 0, sizeof cells);
	sa_perm_unrank(rank, in->n, p);
	sa_perm_format_as(p, in->n, a->notation, buf, sizeof buf);
	cells[0].s = buf;
	if (in->wide) {
		sa_big_init(&big);
		if (sa_census_count_big(c, rank, &big) == SA_OK)
			digits = sa_big_to_dec(&big);
		sa_big_free(&big);
		cells[1].s = digits ? digits : "?";
	} else {
		snprintf(count, sizeof count, "%llu",
		    (unsigned long long)sa_census_count(c, rank));
		cells[1].s = count;
	}
	if (a->fmt != REP_JSON && sa_census_deviation(c, rank, off) == SA_OK)
		cells[2].f = off;
	rep_row(r, cells);
	free(digits);
}

static void
render(const struct census_view *a, const sa_census *c,
    const struct figures *f, const uint64_t *rows, uint64_t nrows)
{
	const sa_census_info *in = sa_census_about(c);
	struct rep_col cols[] = {
		{ "ordering", "ordering", REP_STR, 0, false, true, 0, NULL },
		{ "runs", "runs", REP_NUM, 0, true, true, 0, NULL },
		{ "against_fair", "against fair", REP_FRAC, 0, false, false, 2,
		    "even" },
	};
	sa_fraction off;
	report r;

	cols[0].width = ordering_width(in->n, a->notation);
	cols[1].width = (int)strlen(f->max);
	rep_begin(&r, stdout, a->fmt);
	headline(&r, c, f);
	if (a->fmt == REP_JSON) {
		summary_fields(&r, c, f, a->notation, a->audited ? &a->model : NULL);
		check_fields(&r, &a->model);
		rep_str(&r, "sort", NULL, a->by_runs ? "runs" : "ordering",
		    NULL);
		rep_u64(&r, "shown", NULL, nrows, NULL);
	}
	sa_fraction_init(&off);
	rep_table(&r, "tally", cols, 3);
	for (uint64_t i = 0; i < nrows; i++)
		tally_row(&r, a, c, rows ? rows[i] : i, &off);
	rep_table_end(&r);
	sa_fraction_free(&off);
	if (nrows < in->orderings)
		rep_line(&r, "(%llu of %llu orderings shown; --top all shows "
		    "every one)", (unsigned long long)nrows,
		    (unsigned long long)in->orderings);
	rep_line(&r, "%s", "");
	if (rep_shape(a->fmt) == REP_TEXT) {
		summary_fields(&r, c, f, a->notation, a->audited ? &a->model : NULL);
		check_fields(&r, &a->model);
	}
	rep_end(&r);
}

int
census_show(const struct census_view *a, const sa_census *c)
{
	const sa_census_info *in = sa_census_about(c);
	struct figures fig;
	uint64_t top = a->top != 0 ? a->top : rep_shape(a->fmt) == REP_TEXT ?
	    CENSUS_TEXT_ROWS : UINT64_MAX, nrows, *rows = NULL;

	nrows = top < in->orderings ? top : in->orderings;
	if (a->by_runs && !a->summary) {
		rows = malloc(nrows * sizeof *rows);
		if (rows == NULL || sa_census_top(c, nrows, rows) != SA_OK) {
			cli_error("census of %zu cards: out of memory sorting "
			    "%llu rows", a->n, (unsigned long long)nrows);
			free(rows);
			return EXIT_TROUBLE;
		}
	}
	if (!figures_for(c, &fig)) {
		cli_error("census of %zu cards: out of memory", a->n);
		free(rows);
		return EXIT_TROUBLE;
	}
	if (a->summary)
		render_summary(a, c, &fig);
	else
		render(a, c, &fig, rows, nrows);
	figures_free(&fig);
	free(rows);
	return cli_finish(a->check ? check_exit(a->audited ?
	    a->model.verdict : run_verdict_of(in->fair, NULL)) : EXIT_FAIR);
}
