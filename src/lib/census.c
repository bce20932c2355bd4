/*
 * census.c - count every run a shuffle can take, exactly: the census's
 * life (plan, run, free), its summary, and its counts.
 *
 * Four engines produce the same tally: steps (steps.c), a dynamic
 * program over the step form; replay (replay.c), which re-runs the
 * program for every draw sequence; walk (stepwalk.c), every run of the step
 * form depth first; and weighted (weighted.c), either of the first two
 * with draws made from raw words by a reduction, in big integers.  The
 * figures computed from a tally are in figures.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"
#include "shuffle_audit_audit.h"

/* The summary of a tally that is not wide (tally.c's pass, threaded). */
static int
summarize_narrow(struct sa_census *c)
{
	struct sa_summary all;

	sa_summary_of(c, 0, c->info.orderings, &all);
	return sa_summary_set(c, &all);
}

/* The same for big counts, which stay exact however large. */
static int
summarize_wide(struct sa_census *c)
{
	sa_census_info *in = &c->info;
	sa_big rem, n;
	int status = SA_OK;

	in->reached = in->nmax = in->nmin = 0;
	for (uint64_t r = 0; r < in->orderings && status == SA_OK; r++) {
		const sa_big *t = &c->big_tally[r];

		in->reached += !sa_big_is_zero(t);
		if (r == 0 || sa_big_cmp(t, &c->big_max) > 0) {
			status = sa_big_copy(&c->big_max, t);
			in->nmax = 0;
			in->argmax = r;
		}
		in->nmax += sa_big_cmp(t, &c->big_max) == 0;
		if (status == SA_OK && (r == 0 ||
		    sa_big_cmp(t, &c->big_min) < 0)) {
			status = sa_big_copy(&c->big_min, t);
			in->nmin = 0;
			in->argmin = r;
		}
		in->nmin += sa_big_cmp(t, &c->big_min) == 0;
	}
	sa_big_init(&rem);
	sa_big_init(&n);
	if (status == SA_OK)
		status = sa_big_set_u64(&n, in->orderings);
	if (status == SA_OK)
		status = sa_big_divmod(NULL, &rem, &c->big_runs, &n);
	in->divides = sa_big_is_zero(&rem);
	sa_big_free(&rem);
	sa_big_free(&n);
	in->runs = in->max = in->min = 0;
	return status;
}

int
sa_census_summarize(struct sa_census *c)
{
	int status;

	c->info.ranks = 1;
	c->info.shard_lo = 0;
	c->info.shard_hi = c->info.orderings;
	status = c->info.wide ? summarize_wide(c) : summarize_narrow(c);

	/* Equal counts summing to runs are runs / n! each. */
	c->info.fair = sa_big_cmp(&c->big_min, &c->big_max) == 0;
	return status;
}

static bool
has_pick(const sa_shuffle *sh, size_t n)
{
	size_t steps = sh->steps(sh, n);

	for (size_t s = 0; s < steps; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, s, &st);
		if (st.kind == SA_STEP_PICK)
			return true;
	}
	return false;
}

/* The engine PLAN chose, with the reduction OWN settles, into C. */
static int
count(const sa_shuffle *sh, size_t n, const sa_census_opts *own,
    const sa_census_plan *plan, const sa_audit_opts *audit,
    struct sa_census *c)
{
	if (own->reduce.method != SA_REDUCE_NONE) {
		if (plan->engine == SA_ENGINE_WALK || audit != NULL)
			return SA_EINVAL;	/* they count plain draws */
		return sa_engine_weighted(sh, n, own, plan, c);
	}
	switch (plan->engine) {
	case SA_ENGINE_CLOSED:
		return sa_engine_closed(sh, n, plan->orderings, c);
	case SA_ENGINE_STEPS:
	case SA_ENGINE_WALK:
		c->info.runs = c->info.sequences = plan->runs;
		c->info.renormalised = has_pick(sh, n);
		if (plan->engine == SA_ENGINE_WALK)
			return sa_engine_walk(sh, n, plan->orderings,
			    own->threads ? own->threads : sa_cores(), own, c);
		return sa_engine_steps(sh, n, plan->orderings, own, c);
	default:
		return sa_engine_replay(sh, n, plan->orderings, own->max_draws ?
		    own->max_draws : SA_CENSUS_MAX_DRAWS, audit, c);
	}
}

/*
 * The summary's pass over the step engine's table, against a pulled
 * count: 1.8 s of a naive census of 12 cards that took 35 s, told as
 * 100% done while it ran (make bench-progress).
 */
#define SUMMARY_COST 4

/* The engine's shares told as shares of the engine and the summary. */
struct scaled {
	const sa_census_opts *o;
	double scale;
};

static void
scaled_progress(void *ctx, double done)
{
	const struct scaled *s = ctx;

	s->o->progress(s->o->progress_ctx, done * s->scale);
}

static int
run(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    const sa_audit_opts *audit, sa_census **out)
{
	struct scaled sc = { opts, 1 };
	sa_census_plan plan;
	sa_census_opts own;
	struct sa_census *c;
	int status;

	*out = NULL;
	memset(&own, 0, sizeof own);
	if (opts != NULL)
		own = *opts;
	if (audit != NULL)
		own.engine = SA_ENGINE_REPLAY;
	status = sa_census_plan_for(sh, n, &own, &plan);
	if (opts != NULL && opts->plan != NULL)
		*opts->plan = plan;
	/* Sharded, every rank refuses if one does (its memory may differ). */
	if (sa_shard_wanted(sh, n, &own, plan.engine)) {
		uint64_t v = (uint64_t)status;

		if (sa_comm_max(own.comm, &v) != SA_OK)
			return SA_ECOMM;
		status = (int)v;
	} else {
		own.comm = NULL;
	}
	if (status != SA_OK)
		return status;
	own.reduce = sa_reduce_settle(sh, &own.reduce);
	if ((c = calloc(1, sizeof *c)) == NULL)
		return SA_ENOMEM;
	c->info.shuffle = sh;
	c->info.n = n;
	c->info.orderings = plan.orderings;
	c->info.engine = plan.engine;
	/* The step engine's work weighed with the summary's after it. */
	if (plan.engine == SA_ENGINE_STEPS && own.progress != NULL &&
	    own.reduce.method == SA_REDUCE_NONE) {
		double all = sa_engine_steps_work(sh, n, plan.orderings);

		sc.scale = all / (all + SUMMARY_COST * (double)plan.orderings);
		own.progress = scaled_progress;
		own.progress_ctx = &sc;
	}
	status = count(sh, n, &own, &plan, audit, c);
	if (status == SA_OK)
		status = c->info.ranks > 1 ? sa_shard_summarize(c, own.comm) :
		    sa_census_summarize(c);
	if (status == SA_OK && sc.scale < 1)
		opts->progress(opts->progress_ctx, 1.0);
	if (status != SA_OK) {
		sa_census_free(c);
		return status;
	}
	*out = c;
	return SA_OK;
}

int
sa_census_run(const sa_shuffle *sh, size_t n, const sa_census_opts *opts,
    sa_census **out)
{
	return run(sh, n, opts, NULL, out);
}

int
sa_census_run_audited(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, const sa_audit_opts *audit, sa_census **out)
{
	static const sa_audit_opts none;

	return run(sh, n, opts, audit ? audit : &none, out);
}

/*
 * A census from TALLY (malloc'd; taken, also on failure), whose counts
 * add up to RUNS, or, for a PARTIAL one (a part of a walk), to at most
 * RUNS.
 */
static int
from_tally(sa_census **out, const sa_shuffle *sh, size_t n, uint64_t *tally,
    uint64_t runs, uint64_t sequences, bool weighted, bool partial)
{
	struct sa_census *c;
	uint64_t sum = 0, orderings = sa_factorial(n);
	int status;

	*out = NULL;
	if (tally == NULL || orderings == 0) {
		free(tally);
		return SA_EINVAL;
	}
	for (uint64_t r = 0; r < orderings; r++) {
		if (sum + tally[r] < sum) {
			free(tally);
			return SA_EOVERFLOW;
		}
		sum += tally[r];
	}
	if ((partial ? sum > runs : sum != runs) ||
	    (c = calloc(1, sizeof *c)) == NULL) {
		free(tally);
		return (partial ? sum > runs : sum != runs) ? SA_EINVAL :
		    SA_ENOMEM;
	}
	c->tally = tally;
	c->info.shuffle = sh;
	c->info.n = n;
	c->info.orderings = orderings;
	c->info.runs = runs;
	c->info.sequences = sequences;
	c->info.weighted = weighted;
	c->info.engine = SA_ENGINE_REPLAY;
	if ((status = sa_census_summarize(c)) != SA_OK) {
		sa_census_free(c);
		return status;
	}
	*out = c;
	return SA_OK;
}

int
sa_census_from_tally(sa_census **out, const sa_shuffle *sh, size_t n,
    uint64_t *tally, uint64_t runs, uint64_t sequences, bool weighted)
{
	return from_tally(out, sh, n, tally, runs, sequences, weighted, false);
}

int
sa_census_from_part(sa_census **out, const sa_shuffle *sh, size_t n,
    uint64_t *tally, uint64_t runs, uint64_t sequences, bool weighted)
{
	return from_tally(out, sh, n, tally, runs, sequences, weighted, true);
}

/* The census's counts: magic, cards, runs, sequences, weighted, tally. */
#define PACK_MAGIC UINT64_C(0x5341436e73757331)	/* "SACnsus1" */

int
sa_census_pack(const sa_census *c, unsigned char **buf, size_t *len)
{
	const sa_census_info *in = &c->info;
	uint64_t *w;
	size_t words;

	*buf = NULL;
	*len = 0;
	if (in->wide)
		return SA_EOVERFLOW;
	if (in->orderings > SIZE_MAX / 8 - 5)
		return SA_ENOMEM;
	words = 5 + (size_t)in->orderings;
	if ((w = malloc(words * sizeof *w)) == NULL)
		return SA_ENOMEM;
	w[0] = PACK_MAGIC;
	w[1] = in->n;
	w[2] = in->runs;
	w[3] = in->sequences;
	w[4] = in->weighted;
	sa_census_copy_tally(c, w + 5);
	*buf = (unsigned char *)w;
	*len = words * sizeof *w;
	return SA_OK;
}

int
sa_census_unpack(const sa_shuffle *sh, size_t n, const unsigned char *buf,
    size_t len, sa_census **out)
{
	uint64_t head[5], orderings = sa_factorial(n), *tally;

	*out = NULL;
	if (len < sizeof head || orderings == 0 ||
	    (len - sizeof head) % 8 != 0 ||
	    (len - sizeof head) / 8 != orderings)
		return SA_EINVAL;
	memcpy(head, buf, sizeof head);
	if (head[0] != PACK_MAGIC || head[1] != n || head[4] > 1)
		return SA_EINVAL;
	if ((tally = malloc((size_t)orderings * sizeof *tally)) == NULL)
		return SA_ENOMEM;
	memcpy(tally, buf + sizeof head, (size_t)orderings * sizeof *tally);
	return from_tally(out, sh, n, tally, head[2], head[3], head[4] != 0,
	    true);
}

void
sa_census_copy_tally(const sa_census *c, uint64_t *tally)
{
	for (uint64_t r = 0; r < c->info.orderings; r++)
		tally[r] = sa_count_at(c, r);
}

void
sa_census_free(sa_census *c)
{
	if (c == NULL)
		return;
	sa_shard_free(c);
	free(c->tally);
	free(c->tally32);
	free(c->tally16);
	free(c->over);
	free(c->tally8);
	if (c->big_tally != NULL) {
		for (uint64_t r = 0; r < c->info.orderings; r++)
			sa_big_free(&c->big_tally[r]);
		free(c->big_tally);
	}
	sa_big_free(&c->big_runs);
	sa_big_free(&c->big_max);
	sa_big_free(&c->big_min);
	free(c);
}

const sa_census_info *
sa_census_about(const sa_census *c)
{
	return &c->info;
}

uint64_t
sa_census_count(const sa_census *c, uint64_t r)
{
	return sa_count_at(c, r);
}

int
sa_census_count_big(const sa_census *c, uint64_t r, sa_big *out)
{
	if (c->big_tally != NULL)
		return sa_big_copy(out, &c->big_tally[r]);
	return sa_big_set_u64(out, sa_count_at(c, r));
}

int
sa_census_runs(const sa_census *c, sa_big *out)
{
	return sa_big_copy(out, &c->big_runs);
}

int
sa_census_max(const sa_census *c, sa_big *out)
{
	return sa_big_copy(out, &c->big_max);
}

int
sa_census_min(const sa_census *c, sa_big *out)
{
	return sa_big_copy(out, &c->big_min);
}

/* A * M into *OUT, false when it does not fit in 64 bits. */
static bool
times(uint64_t a, uint64_t m, uint64_t *out)
{
	if (m != 0 && a > UINT64_MAX / m)
		return false;
	*out = a * m;
	return true;
}

/*
 * Each census's counts add up to its weight, a common multiple of its
 * runs' denominators; the sum is over the least common multiple of the
 * two weights, each count scaled up to it.
 */
int
sa_census_whole(const sa_census *c, const sa_shuffle *sh, char *why,
    size_t size)
{
	const sa_census_info *in = &c->info;
	sa_big sum, one, runs;
	int status = SA_OK;

	sa_big_init(&sum);
	sa_big_init(&one);
	sa_big_init(&runs);
	if (!in->wide) {
		/* Counts of 64 bits, summed in 128 (no count passes its
		 * runs, and there are at most 2^64 of them): a pass of
		 * adds, not of big numbers, over a tally of millions. */
		uint64_t lo = 0, hi = 0;

		for (uint64_t r = 0; r < in->orderings; r++) {
			uint64_t v = sa_count_at(c, r);

			hi += lo + v < lo;
			lo += v;
		}
		status = sa_big_set_parts(&sum, hi, lo);
	}
	for (uint64_t r = 0; in->wide && r < in->orderings && status == SA_OK;
	    r++) {
		status = sa_census_count_big(c, r, &one);
		if (status == SA_OK)
			status = sa_big_add(&sum, &one);
	}
	if (status == SA_OK && sa_big_cmp(&sum, &c->big_runs) != 0) {
		char *s = sa_big_to_dec(&sum), *t = sa_big_to_dec(&c->big_runs);

		snprintf(why, size, "the counts add up to %s, and the runs "
		    "are %s: a part is missing, changed or counted twice",
		    s ? s : "?", t ? t : "?");
		free(s);
		free(t);
		status = SA_EINVAL;
	}
	if (status == SA_OK && sh != NULL && !in->weighted &&
	    sa_runs_exact(sh, in->n, &runs) == SA_OK &&
	    sa_big_cmp(&runs, &c->big_runs) != 0) {
		char *s = sa_big_to_dec(&c->big_runs), *t = sa_big_to_dec(&runs);

		snprintf(why, size, "the parts hold %s runs, and the %s "
		    "shuffle of %zu cards takes %s", s ? s : "?", sh->name,
		    in->n, t ? t : "?");
		free(s);
		free(t);
		status = SA_EINVAL;
	}
	sa_big_free(&sum);
	sa_big_free(&one);
	sa_big_free(&runs);
	return status;
}

int
sa_census_merge(sa_census *into, const sa_census *from)
{
	const sa_census_info *a = &into->info, *b = &from->info;
	uint64_t orderings = a->orderings, weight, sa, sb, *tally;
	int status;

	if (a->n != b->n)
		return SA_EINVAL;
	if (a->wide || b->wide)
		return SA_EOVERFLOW;
	if (b->runs == 0)
		return SA_OK;	/* a part with no runs adds nothing */
	if (a->runs == 0) {
		weight = b->runs;
		sa = 0;
	} else {
		sa = b->runs / sa_gcd(a->runs, b->runs);
		if (!times(a->runs, sa, &weight))
			return SA_EOVERFLOW;
	}
	sb = weight / b->runs;
	if ((tally = malloc(orderings * sizeof *tally)) == NULL)
		return SA_ENOMEM;
	for (uint64_t r = 0; r < orderings; r++) {
		uint64_t x, y;

		if (!times(sa_count_at(into, r), sa, &x) ||
		    !times(sa_count_at(from, r), sb, &y) || x + y < x) {
			free(tally);
			return SA_EOVERFLOW;
		}
		tally[r] = x + y;
	}
	if (a->sequences + b->sequences < a->sequences) {
		free(tally);
		return SA_EOVERFLOW;
	}
	/*
	 * INTO takes the sum.  Its counts add up to WEIGHT only once every
	 * part is in, so the sum is not checked against it here.
	 */
	into->info.weighted = a->weighted || b->weighted ||
	    (a->runs != 0 && a->runs != b->runs);
	sa_tally_lowest(tally, orderings, &weight, into->info.weighted);
	into->info.sequences += b->sequences;
	into->info.placed += b->placed;
	into->info.runs = weight;
	free(into->tally);
	free(into->tally32);
	free(into->tally16);
	free(into->over);
	free(into->tally8);
	into->tally32 = NULL;
	into->tally16 = NULL;
	into->over = NULL;
	into->overs = 0;
	into->tally8 = NULL;
	into->tally = tally;
	status = sa_census_summarize(into);
	return status;
}
