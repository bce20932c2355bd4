/*
 * cli_layers.c - `shuffle-audit census --layers`: the census by layers,
 * for shuffles that draw by rejection and so never run out of runs.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cli_audit.h"

/* Why the deepening stopped, by enum sa_deepen_stop. */
static const char *const stop_words[] = {
	"the depth asked for",
	"the remainder asked for",
	"every run finished",
	"the time limit",
	"the most draws a run may make"
};

/* The deepening under way, for the progress line and the audit's walk. */
struct deepening {
	const struct layers_args *a;
	double start;
	bool tty, shown;
	int exit_status;	/* of an audit's walk that failed */
};

/*
 * The deepening so far, on a terminal: the depth walked, its runs, its
 * remainder (as a decimal, for the eye) and the time spent.
 */
static void
deepen_progress(void *ctx, const sa_layers *l, double spent)
{
	struct deepening *d = ctx;
	sa_fraction rem;
	char *dec = NULL;

	if (!d->tty || spent < 1.0)
		return;
	d->shown = true;
	sa_fraction_init(&rem);
	if (sa_layers_remainder(l, &rem) == SA_OK)
		dec = sa_fraction_sig(&rem, 3);
	fprintf(stderr, "\r" PROGNAME ": census by layers: depth %zu: %llu "
	    "runs, remainder %s, %.1f s ", sa_layers_about(l)->depth,
	    (unsigned long long)sa_layers_about(l)->runs, dec ? dec : "?",
	    spent);
	free(dec);
	sa_fraction_free(&rem);
}

/*
 * One depth of audited code: SA_OK, SA_ETIME at the deadline, or
 * SA_EPROTO once the audit has failed otherwise (its exit status kept,
 * its message printed, or its report left to print).
 */
static int
audit_walk(void *ctx, size_t depth, double deadline, sa_layers **out)
{
	struct deepening *d = ctx;
	struct audit *au = d->a->audit;
	int status;

	au->deadline = deadline;
	status = audit_layers(au, d->a->n, depth, d->a->merging, out);
	if (status == EXIT_FAIR)
		return SA_OK;
	if (au->timed_out)
		return SA_ETIME;
	d->exit_status = status;
	return SA_EPROTO;
}

/*
 * The census by layers at the depth A asks for, or deepened until the
 * remainder is at most A's, every run finished, the time limit, or the
 * most draws a run may make (sa_layers_deepen); *RES says which.  An
 * exit status, after a message unless it is EXIT_MISBEHAVED (the audit
 * says what then).
 */
static int
deepen(const struct layers_args *a, sa_layers **out, sa_deepen_result *res)
{
	struct deepening d = { a, cli_seconds(), isatty(STDERR_FILENO) != 0,
	    false, EXIT_FAIR };
	sa_deepen_opts o;
	int status;

	memset(&o, 0, sizeof o);
	o.depth = a->depth;
	o.max_depth = a->max_depth;
	o.eps = &a->eps;
	o.seconds = a->seconds;
	o.direct = a->direct;
	o.margin = a->margin;
	o.reduce = a->reduce;
	o.progress = deepen_progress;
	o.progress_ctx = &d;
	if (a->audit != NULL) {
		o.walk = audit_walk;
		o.walk_ctx = &d;
	}
	status = sa_layers_deepen(a->shuffle, a->n, &o, out, res);
	if (d.shown)
		cli_clear_line(stderr);
	if (status == SA_OK)
		return EXIT_FAIR;
	if (d.exit_status != EXIT_FAIR)
		return d.exit_status;
	cli_error("census of %zu cards: --layers: %s", a->n, res->why);
	return EXIT_TROUBLE;
}

/* F as "N/D (decimal)", a string the caller frees; NULL on ENOMEM. */
static char *
both(const sa_fraction *f)
{
	char *exact = sa_fraction_exact(f), *dec = sa_fraction_sig(f, 4);
	char *out = NULL;

	if (exact != NULL && dec != NULL &&
	    (out = malloc(strlen(exact) + strlen(dec) + 4)) != NULL)
		sprintf(out, "%s (%s)", exact, dec);
	free(exact);
	free(dec);
	return out;
}

/* Digits of V. */
static int
digits(uint64_t v)
{
	int d = 1;

	while (v >= 10) {
		v /= 10;
		d++;
	}
	return d;
}

/* Each run's probability: base^-draws where one base serves, else 1/D. */
static char *
probability(const sa_layer *y, const sa_fraction *p)
{
	char *s;

	if (y->base == 0)
		return sa_fraction_exact(p);
	if ((s = malloc(48)) != NULL)
		snprintf(s, 48, "%llu^-%zu", (unsigned long long)y->base,
		    y->draws);
	return s;
}

static void
layer_table(report *r, const sa_layers *l)
{
	struct rep_col cols[] = {
		{ "layer", "layer", REP_U64, 5, true, true, 0, NULL },
		{ "draws", "draws", REP_U64, 5, true, true, 0, NULL },
		{ "probability", "each run", REP_STR, 8, false, true, 0, NULL },
		{ "runs", "runs", REP_U64, 4, true, true, 0, NULL },
		{ "reached", "reached", REP_U64, 7, true, true, 0, NULL },
		{ "min", "min", REP_U64, 3, true, true, 0, NULL },
		{ "max", "max", REP_U64, 3, true, true, 0, NULL },
		{ "uniform", "uniform", REP_BOOL, 7, false, true, 0, NULL },
	};
	const sa_layers_info *in = sa_layers_about(l);
	sa_fraction p;
	sa_layer y;

	sa_fraction_init(&p);
	/* Every column as wide as its widest cell. */
	for (size_t k = 0; k < in->layers; k++) {
		char *prob;

		if (sa_layers_layer(l, k, &y, &p) != SA_OK)
			break;
		if ((prob = probability(&y, &p)) != NULL &&
		    (int)strlen(prob) > cols[2].width)
			cols[2].width = (int)strlen(prob);
		free(prob);
		if (digits(y.runs) > cols[3].width)
			cols[3].width = digits(y.runs);
		if (digits(y.min) > cols[5].width)
			cols[5].width = digits(y.min);
		if (digits(y.max) > cols[6].width)
			cols[6].width = digits(y.max);
	}
	rep_table(r, "layers", cols, 8);
	for (size_t k = 0; k < in->layers; k++) {
		struct rep_cell cells[8];
		char *prob;

		if (sa_layers_layer(l, k, &y, &p) != SA_OK)
			break;
		prob = probability(&y, &p);
		memset(cells, 0, sizeof cells);
		cells[0].u = k + 1;
		cells[1].u = y.draws;
		cells[2].s = prob ? prob : "?";
		cells[3].u = y.runs;
		cells[4].u = y.reached;
		cells[5].u = y.min;
		cells[6].u = y.max;
		cells[7].b = y.uniform;
		rep_row(r, cells);
		free(prob);
	}
	rep_table_end(r);
	sa_fraction_free(&p);
}

/*
 * Each ordering's probability interval: what the layers give it, and
 * that plus the remainder.  Text shows the first TEXT_ROWS orderings,
 * each bound exact with its decimal; JSON lists every ordering with the
 * exact fractions.  (TSV and CSV carry the layer table alone.)
 */
#define TEXT_ROWS 24

/*
 * A bound for the text: exact with its decimal while the fraction is
 * short, else its decimal alone, to 6 significant digits, so that a row
 * keeps within 80 columns; a string the caller frees.
 */
static char *
bound_text(const sa_fraction *f)
{
	char *exact = sa_fraction_exact(f);

	if (exact != NULL && strlen(exact) <= 13) {
		free(exact);
		return both(f);
	}
	free(exact);
	return sa_fraction_sig(f, 6);
}

static void
ordering_table(report *r, const struct layers_args *a, const sa_layers *l)
{
	struct rep_col cols[] = {
		{ "ordering", "ordering", REP_STR, 8, false, true, 0, NULL },
		{ "counted", "counted", REP_STR, 7, false, true, 0, NULL },
		{ "at_most", "at most", REP_STR, 7, false, true, 0, NULL },
	};
	const sa_layers_info *in = sa_layers_about(l);
	bool text = rep_shape(a->fmt) == REP_TEXT;
	uint64_t rows = text && in->orderings > TEXT_ROWS ? TEXT_ROWS :
	    in->orderings;
	char ord[128];
	unsigned p[SA_PERM_MAX];
	sa_fraction lo, hi;

	sa_fraction_init(&lo);
	sa_fraction_init(&hi);
	cols[0].width = (int)a->n;
	for (uint64_t k = 0; text && k < rows; k++) {
		char *x = NULL, *y = NULL;

		if (sa_layers_mass(l, k, &lo, &hi) == SA_OK) {
			x = bound_text(&lo);
			y = bound_text(&hi);
		}
		if (x != NULL && (int)strlen(x) > cols[1].width)
			cols[1].width = (int)strlen(x);
		if (y != NULL && (int)strlen(y) > cols[2].width)
			cols[2].width = (int)strlen(y);
		free(x);
		free(y);
	}
	sa_perm_unrank(0, in->n, p);
	sa_perm_format_as(p, in->n, a->notation, ord, sizeof ord);
	if ((int)strlen(ord) > cols[0].width)
		cols[0].width = (int)strlen(ord);
	rep_table(r, "intervals", cols, 3);
	for (uint64_t k = 0; k < rows; k++) {
		struct rep_cell cells[3];
		char *x = NULL, *y = NULL;

		sa_perm_unrank(k, in->n, p);
		sa_perm_format_as(p, in->n, a->notation, ord, sizeof ord);
		if (sa_layers_mass(l, k, &lo, &hi) == SA_OK) {
			x = text ? bound_text(&lo) : sa_fraction_exact(&lo);
			y = text ? bound_text(&hi) : sa_fraction_exact(&hi);
		}
		memset(cells, 0, sizeof cells);
		cells[0].s = ord;
		cells[1].s = x ? x : "?";
		cells[2].s = y ? y : "?";
		rep_row(r, cells);
		free(x);
		free(y);
	}
	rep_table_end(r);
	if (rows < in->orderings)
		rep_line(r, "(%llu of %llu orderings shown: -f json lists them "
		    "all)", (unsigned long long)rows,
		    (unsigned long long)in->orderings);
	sa_fraction_free(&lo);
	sa_fraction_free(&hi);
}

/*
 * What every layer uniform proves, in words, into LINE: each ordering's
 * chance within the remainder of 1/n!, and whether that is within the
 * bound (fair) or not (the depth decides, with the depth foretold).
 */
static void
uniform_words(char *line, size_t size, const sa_layers *l,
    const struct audit_check *k)
{
	const sa_layers_info *in = sa_layers_about(l);
	sa_fraction rem, bound;
	char *r, *b, need[300] = "";

	sa_fraction_init(&rem);
	sa_fraction_init(&bound);
	r = sa_layers_remainder(l, &rem) == SA_OK ? both(&rem) : NULL;
	b = sa_layers_bound(in->n, &bound) == SA_OK ?
	    sa_fraction_exact(&bound) : NULL;
	if (k->verdict == VERDICT_DEPTH && k->depth_needed != 0)
		snprintf(need, sizeof need, "; a census to depth %zu is "
		    "foretold to bring it there, from its fall over the last "
		    "draw (the runs not yet walked may still be biased)",
		    k->depth_needed);
	else if (k->verdict == VERDICT_DEPTH)
		snprintf(need, sizeof need, "; the depth that would bring it "
		    "there cannot be foretold from this one (its runs made "
		    "draws of different bounds, or the remainder did not fall "
		    "over the last draw): a census by layers with no --depth "
		    "deepens until it is");
	snprintf(line, size, "%s: %s%zu layer%s gives %s%llu ordering%s "
	    "the same count, so each ordering's chance is within the "
	    "remainder, %s, of 1/%llu; %s the bound of %s (2^-%d of 1/%llu, "
	    "shuffle-audit(1), Layers)%s",
	    k->verdict == VERDICT_DEPTH ? "the depth decides" :
	    "fair at every layer, within the remainder",
	    in->layers == 1 ? "its " : "each of the ", in->layers,
	    cli_plural(in->layers), in->orderings == 1 ? "its " : "every one of the ",
	    (unsigned long long)in->orderings, cli_plural(in->orderings),
	    r ? r : "?", (unsigned long long)in->orderings,
	    k->verdict == VERDICT_DEPTH ? "above" : "at most", b ? b : "?",
	    SA_LAYERS_FAIR_BITS, (unsigned long long)in->orderings, need);
	free(r);
	free(b);
	sa_fraction_free(&rem);
	sa_fraction_free(&bound);
}

/* The verdict in words, as a field, with its proof. */
static void
verdict(report *r, const struct layers_args *a, const sa_layers *l,
    const struct audit_check *k)
{
	const sa_layers_info *in = sa_layers_about(l);
	static const char *const keys[] = { "fair", "unfair", "uneven",
	    "depth-decides" };
	bool model = k->verdict == VERDICT_MODEL;
	char line[768], ord[128];
	unsigned p[SA_PERM_MAX];
	sa_fraction lo, hi;
	char *bound = NULL;

	rep_str(r, "verdict", NULL, model ? "model-decides" :
	    keys[in->verdict], NULL);
	rep_bool(r, "fair", NULL, k->verdict == VERDICT_FAIR, NULL);
	if (k->verdict == VERDICT_DEPTH && k->depth_needed != 0)
		rep_u64(r, "depth_needed", NULL, k->depth_needed, NULL);
	if (model) {
		snprintf(line, sizeof line, "the model decides: %s as counted, "
		    "but %s (below)", in->verdict == SA_LAYERS_UNFAIR ?
		    "unfair" : "not fair by layers",
		    k->model == SA_MODEL_DIFFERS ? "a second model, which "
		    "counts the same for code that uses its numbers the way "
		    "this one covers, counts otherwise: it may be the "
		    "model's, not the code's" : "the second model that would "
		    "tell the code's unfairness from the model's was not "
		    "counted");
		rep_str(r, NULL, "verdict", line, NULL);
		return;
	}
	switch (in->verdict) {
	case SA_LAYERS_FAIR:
	case SA_LAYERS_DEPTH:
		uniform_words(line, sizeof line, l, k);
		break;
	case SA_LAYERS_UNFAIR:
		sa_perm_unrank(in->witness, in->n, p);
		sa_perm_format_as(p, in->n, a->notation, ord, sizeof ord);
		sa_fraction_init(&lo);
		sa_fraction_init(&hi);
		if (sa_layers_mass(l, in->witness, &lo, &hi) == SA_OK)
			bound = both(in->above ? &lo : &hi);
		snprintf(line, sizeof line, "unfair, proven: ordering %s has "
		    "probability %s %s, %s 1/%llu, whatever the runs still "
		    "going do", ord, in->above ? "at least" : "at most",
		    bound ? bound : "?", in->above ? "above" : "below",
		    (unsigned long long)in->orderings);
		free(bound);
		sa_fraction_free(&lo);
		sa_fraction_free(&hi);
		rep_str(r, "witness", NULL, ord, NULL);
		break;
	default:
		snprintf(line, sizeof line, "not fair by layers: layer %zu does "
		    "not give every ordering the same count, but the runs still "
		    "going could yet even it out; a deeper census (--depth, "
		    "--remainder) can settle it", in->uneven + 1);
		break;
	}
	rep_str(r, NULL, "verdict", line, NULL);
}

/* Where the time limit stopped the deepening, and why. */
static void
time_note(report *r, const sa_deepen_result *res)
{
	char v[96];

	if (res->forecast > 0)
		snprintf(v, sizeof v, "depth %zu not walked: foretold to take "
		    "%.3g s", res->next_depth, res->forecast);
	else
		snprintf(v, sizeof v, "depth %zu cut at the time limit",
		    res->next_depth);
	rep_str(r, "time_limit", "time limit", v, NULL);
}

static void
render(const struct layers_args *a, const sa_layers *l,
    const sa_deepen_result *res, const struct audit_check *k)
{
	const sa_layers_info *in = sa_layers_about(l);
	char label[96], spec[32], note[96];
	sa_fraction rem;
	char *rest;
	report r;

	cli_shuffle_label(a->shuffle, a->n, label, sizeof label);
	rep_begin(&r, stdout, a->fmt);
	rep_line(&r, "The %s shuffle of %zu card%s: %s.", label, a->n,
	    a->n == 1 ? "" : "s", a->shuffle->summary);
	if (in->reduce.method != SA_REDUCE_NONE)
		rep_line(&r, "Each draw below k is made from %u-bit raw words by "
		    "%s (--reduce %s:%u).", in->reduce.bits,
		    cli_reduce_words(in->reduce.method),
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
	rep_line(&r, "Counted by layers: every sequence of draws up to the "
	    "depth, each finished run in the layer of runs as likely as it.");
	rep_line(&r, "%s", "");
	rep_str(&r, "algorithm", NULL, label, NULL);
	rep_u64(&r, "cards", NULL, a->n, NULL);
	if (in->reduce.method != SA_REDUCE_NONE) {
		snprintf(spec, sizeof spec, "%s:%u",
		    sa_reduce_name(in->reduce.method), in->reduce.bits);
		rep_str(&r, "reduce", NULL, spec, NULL);
	}
	rep_u64(&r, "orderings", "orderings to land on", in->orderings, NULL);
	snprintf(note, sizeof note, "stopped by %s", stop_words[res->stop]);
	rep_u64(&r, "depth", "depth", in->depth, note);
	rep_str(&r, "stopped_by", NULL, stop_words[res->stop], NULL);
	if (res->stop == SA_DEEPEN_TIME)
		time_note(&r, res);
	rep_u64(&r, "runs", "runs finished", in->runs, NULL);
	rep_u64(&r, "unfinished", "still going", in->unfinished,
	    "sequences of as many draws as the depth");
	sa_fraction_init(&rem);
	rest = sa_layers_remainder(l, &rem) == SA_OK ? both(&rem) : NULL;
	rep_str(&r, NULL, "remainder", rest ? rest : "?",
	    "the probability of the runs still going");
	free(rest);
	rest = sa_fraction_exact(&rem);
	rep_str(&r, "remainder", NULL, rest ? rest : "?", NULL);
	free(rest);
	sa_fraction_free(&rem);
	rep_u64(&r, "layer_count", "layers", in->layers, NULL);
	rep_line(&r, "%s", "");
	layer_table(&r, l);
	if (rep_shape(a->fmt) == REP_TEXT || a->fmt == REP_JSON) {
		rep_line(&r, "%s", "");
		rep_line(&r, "Each ordering's probability lies between what the "
		    "layers counted and that");
		rep_line(&r, "plus the remainder:");
		ordering_table(&r, a, l);
	}
	rep_line(&r, "%s", "");
	verdict(&r, a, l, k);
	check_fields(&r, k);
	rep_end(&r);
}

int
layers_census(const struct layers_args *a)
{
	struct audit_check k;
	sa_layers *l = NULL;
	sa_deepen_result res;
	int status = deepen(a, &l, &res);

	if (status == EXIT_MISBEHAVED || status == EXIT_MODEL) {
		audit_report(a->audit, a->n, a->fmt);
		return cli_finish(status);
	}
	if (status != EXIT_FAIR)
		return status;
	if (a->audit != NULL)
		audit_mention_draws(a->audit);
	if (sa_layers_about(l)->layers == 0) {
		size_t depth = sa_layers_about(l)->depth;
		char why[160];

		/* Nothing counted proves nothing, so no verdict. */
		if (res.stop == SA_DEEPEN_TIME && res.forecast > 0)
			snprintf(why, sizeof why, "depth %zu was foretold to take "
			    "%.3g s, past the time limit of %.0f s "
			    "(--time-limit)", res.next_depth, res.forecast,
			    a->seconds);
		else
			snprintf(why, sizeof why, "stopped by %s",
			    stop_words[res.stop]);
		cli_error("census of %zu cards: --layers: no run finished within "
		    "%zu draw%s; %s (fewer cards or bits make shorter walks)",
		    a->n, depth, depth == 1 ? "" : "s", why);
		sa_layers_free(l);
		return EXIT_TROUBLE;
	}
	audit_judge_layers(a->audit, a->n, a->merging, l, &k);
	render(a, l, &res, &k);
	status = a->check ? check_exit(k.verdict) : EXIT_FAIR;
	sa_layers_free(l);
	return cli_finish(status);
}
