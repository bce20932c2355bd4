/*
 * run_verdict.c - the verdict of audited code, judged in one place: which
 * second models to count when the count is not fair (its raw words a bit
 * wider, its reals placed elsewhere in their cells), and how what they
 * find decides between unfair and the model decides; by layers, also
 * whether the remainder lets uniform layers mean fair (the library's
 * SA_LAYERS_DEPTH).  The command line words the verdict.
 */
#include <stdio.h>
#include <string.h>

#include "run_internal.h"

/* JOB counted again under KIND, from SRC or by run_again: a run_status. */
static int
again(const struct run_source *src, struct audit *au, size_t n,
    const struct job *job, enum again kind, struct job *out)
{
	int status = src != NULL && src->again != NULL ?
	    src->again(src->ctx, au, n, job, kind, out) :
	    run_again(au, n, job, kind, out);

	if (status == RUN_OK && out->depth != 0 &&
	    (out->layers == NULL || sa_layers_finish(out->layers) != SA_OK))
		status = RUN_REFUSED;
	return status;
}

void
run_placed(const struct audit *au, uint64_t placed, struct audit_check *k)
{
	k->real_drawn = au->real_used;
	k->placed = placed + au->placed_kept;
	k->every = au->every;
	k->own_reals = au->command != NULL && (au->streamed || au->batch);
	k->tried[0] = '\0';
	for (unsigned i = 0, len = 0; i < au->ntried &&
	    len < sizeof k->tried; i++)
		len += (unsigned)snprintf(k->tried + len, sizeof k->tried - len,
		    "%s%llu", i ? " " : "", (unsigned long long)
		    au->cells_tried[i]);
	k->cells = au->real_cells;
	k->streamed = au->streamed;
	k->replayed = au->every;
	/* Only a program that said a hello (a harness) has raw words a
	 * copy could place otherwise; one that speaks the plain protocol
	 * uses the B-bit words as they are, and nothing is said of them. */
	k->raw_drawn = au->raw_used && au->command != NULL && au->raw_hello;
	k->raw_placed = au->raw_placed;
	k->raw_untold = au->raw_untold;
	/* A program's words are exact at their width when a harness widened
	 * them every way it places them and no run moved; a program with
	 * no harness may widen them itself (an adapter feeding a library),
	 * which nothing here can place. */
	k->raw_by_placing = k->raw_drawn && !au->raw_untold &&
	    !au->raw_sampled && au->raw_placed > 0;
	k->raw_exact = au->command == NULL || k->raw_by_placing;
}

bool
run_fair_but_ties(bool fair, const struct audit_check *k)
{
	return fair && k != NULL && k->key_width != 0 && !k->keys_counted;
}

enum run_verdict
run_verdict_of(bool fair, const struct audit_check *k)
{
	if (run_fair_but_ties(fair, k))
		return VERDICT_MODEL;
	if (fair)
		return VERDICT_FAIR;
	return k != NULL && (k->model == SA_MODEL_DIFFERS ||
	    k->model == SA_MODEL_UNCHECKED) ? VERDICT_MODEL : VERDICT_UNFAIR;
}

/* What the second models found, as K's model check. */
static void
model_of(struct audit_check *k)
{
	bool raw = k->raw_asked && !k->raw_exact;
	bool unchecked = (raw && !k->raw_settled) ||
	    (k->real_asked && !k->real_settled);
	bool differs = (raw && k->raw_settled && k->cause != SA_BIAS_LOOP) ||
	    (k->real_asked && k->real_settled && !k->real_same);

	k->model = differs ? SA_MODEL_DIFFERS : unchecked ?
	    SA_MODEL_UNCHECKED : SA_MODEL_HOLDS;
}

void
run_judge_census(struct audit *au, size_t n, const sa_census *c,
    const struct run_source *src, struct audit_check *out)
{
	const sa_census_info *in = sa_census_about(c);
	struct job job = { 0, (sa_census *)c, NULL }, other = { 0, NULL, NULL };

	memset(out, 0, sizeof *out);
	out->protections = au->protections;
	run_placed(au, in->placed, out);
	out->key_width = au->key_width;
	out->key_count = au->key_reals;
	if (!in->fair && (au->raw_used || au->real_used)) {
		if (au->raw_used) {
			out->raw_asked = true;
			out->bits = au->raw_bits;
			out->wider = au->raw_bits + 1;
			out->runs = sa_census_widened_runs(c, au->raw_bits,
			    au->raw_bits + 1);
			if (!in->wide && run_wider_runs(au, &job) != 0 &&
			    again(src, au, n, &job, AGAIN_WIDER, &other) ==
			    RUN_OK && other.census != NULL &&
			    sa_census_bias_cause(c, other.census, &out->cause) ==
			    SA_OK)
				out->raw_settled = true;
			sa_census_free(other.census);
			other.census = NULL;
		}
		if (au->real_used) {
			out->real_asked = true;
			out->cells = au->real_cells;
			out->n = n;
			if (again(src, au, n, &job, AGAIN_PLACED, &other) ==
			    RUN_OK && other.census != NULL &&
			    sa_census_same_law(c, other.census,
			    &out->real_same) == SA_OK)
				out->real_settled = true;
			sa_census_free(other.census);
		}
		model_of(out);
	}
	out->verdict = run_verdict_of(in->fair, out);
}

/*
 * Layers L of AU's code (to their depth, judged) counted again under
 * KIND: whether they count the same into *SAME.  False when that count
 * was not made: too costly, or stopped.
 */
static bool
layers_same(struct audit *au, size_t n, sa_layers *l, enum again kind,
    const struct run_source *src, bool *same)
{
	struct job job = { sa_layers_about(l)->depth, NULL, l };
	struct job other = { 0, NULL, NULL };
	int status;

	if (kind == AGAIN_WIDER && run_wider_runs(au, &job) == 0 &&
	    (src == NULL || !src->merged))
		return false;
	status = again(src, au, n, &job, kind, &other);
	status = status == RUN_OK && other.layers != NULL ?
	    sa_layers_same_law(l, other.layers, same) : SA_EPROTO;
	sa_layers_free(other.layers);
	return status == SA_OK;
}

/* The second models of layers L of AU's code, which are not fair. */
static void
layers_models(struct audit *au, size_t n, sa_layers *l,
    const struct run_source *src, struct audit_check *k)
{
	bool same = false;

	k->by_layers = true;
	if (au->raw_used) {
		k->raw_asked = true;
		k->bits = au->raw_bits;
		k->wider = au->raw_bits + 1;
		k->raw_settled = layers_same(au, n, l, AGAIN_WIDER, src,
		    &same);
		k->cause = !k->raw_settled ? SA_BIAS_UNSETTLED : same ?
		    SA_BIAS_LOOP : SA_BIAS_UNSETTLED;
	}
	if (au->real_used) {
		k->real_asked = true;
		k->cells = au->real_cells;
		k->n = n;
		k->real_settled = layers_same(au, n, l, AGAIN_PLACED, src,
		    &k->real_same);
	}
	model_of(k);
}

void
run_judge_layers(struct audit *au, size_t n, sa_layers *l,
    const struct run_source *src, struct audit_check *out)
{
	const sa_layers_info *in = sa_layers_about(l);

	memset(out, 0, sizeof *out);
	if (au != NULL) {
		out->protections = au->protections;
		run_placed(au, in->placed, out);
	}
	if (in->verdict == SA_LAYERS_FAIR) {
		out->verdict = VERDICT_FAIR;
		return;
	}
	if (in->verdict == SA_LAYERS_DEPTH) {
		out->verdict = VERDICT_DEPTH;
		out->depth_needed = sa_layers_foretell(l);
		return;
	}
	if (au != NULL && (au->raw_used || au->real_used))
		layers_models(au, n, l, src, out);
	out->verdict = run_verdict_of(false, out);
}
