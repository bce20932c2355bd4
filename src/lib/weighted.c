/*
 * weighted.c - the weighted engine: the census with a real
 * bounded-integer step.
 *
 * With --reduce, each draw below k is made from a raw B-bit word, so a
 * draw is not one choice among k but one among 2^B words, of which
 * w(v) come out as v.  The census counts raw-word sequences: a run with
 * draws v1, v2, ... stands for w(v1) w(v2) ... of them.  The counts are
 * exact integers, held as big integers because they outgrow 64 bits at
 * once (2^(B * draws) in all).
 *
 * The step engine spreads big counts over each step, times the weights.
 * The replay engine walks the runs twice: first to find L, the least
 * common multiple of every run's total (2^B, or the words a rejecting
 * method keeps, per draw), then to add L / total * w(v1) w(v2) ... for
 * each run.  When runs all have the same length, L is that total and
 * each run adds just its weight.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

#define CACHE 64

struct weights {
	uint64_t k;
	sa_big *w;		/* w[v], v < k */
	sa_big total;
	sa_big square;		/* sum of w[v]^2, for two-position swaps */
};

struct wctx {
	const sa_reduce *r;
	struct weights cache[CACHE];
	int used;
	int status;
};

static void
wctx_free(struct wctx *x)
{
	for (int i = 0; i < x->used; i++) {
		for (uint64_t v = 0; v < x->cache[i].k; v++)
			sa_big_free(&x->cache[i].w[v]);
		free(x->cache[i].w);
		sa_big_free(&x->cache[i].total);
		sa_big_free(&x->cache[i].square);
	}
	x->used = 0;
}

/* The weights for bound K, worked out once. */
static const struct weights *
weights_for(struct wctx *x, uint64_t k)
{
	struct weights *w;
	sa_big t;

	for (int i = 0; i < x->used; i++)
		if (x->cache[i].k == k)
			return &x->cache[i];
	if (x->used == CACHE || k > SA_REDUCE_MAX_K) {
		x->status = SA_EINVAL;
		return NULL;
	}
	w = &x->cache[x->used];
	w->k = k;
	w->w = calloc(k, sizeof *w->w);
	sa_big_init(&w->total);
	sa_big_init(&w->square);
	if (w->w == NULL) {
		x->status = SA_ENOMEM;
		return NULL;
	}
	x->used++;
	x->status = sa_reduce_weights(x->r, k, w->w, &w->total);
	sa_big_init(&t);
	for (uint64_t v = 0; v < k && x->status == SA_OK; v++) {
		x->status = sa_big_mul(&t, &w->w[v], &w->w[v]);
		if (x->status == SA_OK)
			x->status = sa_big_add(&w->square, &t);
	}
	sa_big_free(&t);
	return x->status == SA_OK ? w : NULL;
}

static sa_big *
big_array(uint64_t count)
{
	return calloc(count, sizeof(sa_big));
}

static void
big_array_free(sa_big *a, uint64_t count)
{
	if (a == NULL)
		return;
	for (uint64_t i = 0; i < count; i++)
		sa_big_free(&a[i]);
	free(a);
}

/* DST += A * B, with T as scratch. */
static int
add_product(sa_big *dst, const sa_big *a, const sa_big *b, sa_big *t)
{
	int status = sa_big_mul(t, a, b);

	return status == SA_OK ? sa_big_add(dst, t) : status;
}

static int
swap_add(unsigned *p, size_t n, size_t a, size_t b, const sa_big *c,
    sa_big *next)
{
	unsigned t = p[a];
	int status;

	p[a] = p[b];
	p[b] = t;
	status = sa_big_add(&next[sa_perm_rank(p, n)], c);
	p[b] = p[a];
	p[a] = t;
	return status;
}

static int
spread_big(struct wctx *x, unsigned *p, size_t n, const sa_step *st,
    const sa_big *c, sa_big *next, sa_big *t, sa_big *u)
{
	const struct weights *w = weights_for(x, st->count);
	int status = SA_OK;

	if (w == NULL)
		return x->status;
	switch (st->kind) {
	case SA_STEP_SWAP:
		for (uint64_t j = 0; j < st->count && status == SA_OK; j++) {
			if (sa_big_is_zero(&w->w[j]))
				continue;
			status = sa_big_mul(t, c, &w->w[j]);
			if (status == SA_OK)
				status = swap_add(p, n, st->pos, st->lo + j, t,
				    next);
		}
		break;
	case SA_STEP_SWAP2:
		/* (a, a) keeps the deck; (a, b) and (b, a) make one swap. */
		status = add_product(&next[sa_perm_rank(p, n)], c, &w->square, t);
		for (size_t a = 0; a < n && status == SA_OK; a++) {
			for (size_t b = a + 1; b < n && status == SA_OK; b++) {
				status = sa_big_mul(u, &w->w[a], &w->w[b]);
				if (status == SA_OK)
					status = sa_big_mul_u64(u, 2);
				if (status == SA_OK)
					status = sa_big_mul(t, c, u);
				if (status == SA_OK)
					status = swap_add(p, n, a, b, t, next);
			}
		}
		break;
	default:
		/* A retry's chance depends on the cards left: not folded. */
		status = SA_EINVAL;
		break;
	}
	return status;
}

static int
reduced_steps(const sa_shuffle *sh, size_t n, uint64_t orderings,
    struct wctx *x, struct sa_census *out)
{
	sa_big *cur = big_array(orderings), *next = big_array(orderings);
	sa_big t, u;
	unsigned p[SA_PERM_MAX];
	size_t steps = sh->steps(sh, n);
	int status = SA_OK;

	sa_big_init(&t);
	sa_big_init(&u);
	if (cur == NULL || next == NULL)
		status = SA_ENOMEM;
	if (status == SA_OK)
		status = sa_big_set_u64(&cur[0], 1);
	if (status == SA_OK)
		status = sa_big_set_u64(&out->big_runs, 1);
	for (size_t s = 0; s < steps && status == SA_OK; s++) {
		sa_step st = { 0, 0, 0, SA_STEP_SWAP };
		const struct weights *w;
		sa_big *tmp;

		sh->step(sh, n, s, &st);
		if ((w = weights_for(x, st.count)) == NULL) {
			status = x->status;
			break;
		}
		status = sa_big_mul(&t, &out->big_runs, &w->total);
		if (status == SA_OK && st.kind == SA_STEP_SWAP2)
			status = sa_big_mul(&u, &t, &w->total);
		if (status == SA_OK)
			status = sa_big_copy(&out->big_runs,
			    st.kind == SA_STEP_SWAP2 ? &u : &t);
		for (uint64_t r = 0; r < orderings; r++)
			next[r].len = 0;
		for (uint64_t r = 0; r < orderings && status == SA_OK; r++) {
			if (sa_big_is_zero(&cur[r]))
				continue;
			sa_perm_unrank(r, n, p);
			status = spread_big(x, p, n, &st, &cur[r], next, &t, &u);
		}
		tmp = cur;
		cur = next;
		next = tmp;
	}
	sa_big_free(&t);
	sa_big_free(&u);
	big_array_free(next, orderings);
	if (status != SA_OK) {
		big_array_free(cur, orderings);
		return status;
	}
	out->big_tally = cur;
	return SA_OK;
}

/* The replay engine's two passes share this walker state. */
struct rwalk {
	struct wctx *x;
	sa_big lcm;		/* pass 1: grows; pass 2: fixed */
	sa_big *tally;		/* NULL in pass 1 */
	sa_big t, u, g;
	uint64_t sequences;
	bool weighted;
	sa_big first;		/* the first run's total */
};

static int
run_total(struct rwalk *w, const uint64_t *bounds, size_t ndraws,
    sa_big *total)
{
	int status = sa_big_set_u64(total, 1);

	for (size_t k = 0; k < ndraws && status == SA_OK; k++) {
		const struct weights *ws = weights_for(w->x, bounds[k]);

		if (ws == NULL)
			return w->x->status;
		status = sa_big_mul(&w->t, total, &ws->total);
		if (status == SA_OK)
			status = sa_big_copy(total, &w->t);
	}
	return status;
}

static int
pass_lcm(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct rwalk *w = ctx;
	sa_big total;
	int status;

	(void)deck;
	(void)n;
	(void)draws;
	sa_big_init(&total);
	status = run_total(w, bounds, ndraws, &total);
	if (status == SA_OK && w->sequences == 0)
		status = sa_big_copy(&w->first, &total);
	if (status == SA_OK && sa_big_cmp(&w->first, &total) != 0)
		w->weighted = true;
	if (status == SA_OK && sa_big_is_zero(&w->lcm))
		status = sa_big_copy(&w->lcm, &total);
	/* lcm(L, T) = L / gcd(L, T) * T */
	if (status == SA_OK)
		status = sa_big_gcd(&w->g, &w->lcm, &total);
	if (status == SA_OK)
		status = sa_big_divmod(&w->u, NULL, &w->lcm, &w->g);
	if (status == SA_OK)
		status = sa_big_mul(&w->lcm, &w->u, &total);
	w->sequences++;
	sa_big_free(&total);
	return status;
}

static int
pass_tally(void *ctx, const unsigned *deck, size_t n, const uint64_t *draws,
    const uint64_t *bounds, size_t ndraws)
{
	struct rwalk *w = ctx;
	sa_big total, share;
	int status;

	sa_big_init(&total);
	sa_big_init(&share);
	status = run_total(w, bounds, ndraws, &total);
	if (status == SA_OK)
		status = sa_big_divmod(&share, NULL, &w->lcm, &total);
	for (size_t k = 0; k < ndraws && status == SA_OK; k++) {
		const struct weights *ws = weights_for(w->x, bounds[k]);

		if (ws == NULL) {
			status = w->x->status;
			break;
		}
		status = sa_big_mul(&w->t, &share, &ws->w[draws[k]]);
		if (status == SA_OK)
			status = sa_big_copy(&share, &w->t);
	}
	if (status == SA_OK)
		status = sa_big_add(&w->tally[sa_perm_rank(deck, n)], &share);
	sa_big_free(&total);
	sa_big_free(&share);
	return status;
}

static int
reduced_replay(const sa_shuffle *sh, size_t n, uint64_t orderings,
    size_t max_draws, struct wctx *x, struct sa_census *out)
{
	struct rwalk w;
	int status;

	memset(&w, 0, sizeof w);
	w.x = x;
	status = sa_walk(sh, n, max_draws, pass_lcm, &w);
	if (status == SA_OK) {
		w.tally = big_array(orderings);
		if (w.tally == NULL)
			status = SA_ENOMEM;
	}
	if (status == SA_OK)
		status = sa_walk(sh, n, max_draws, pass_tally, &w);
	if (status == SA_OK)
		status = sa_big_copy(&out->big_runs, &w.lcm);
	if (status == SA_OK) {
		out->big_tally = w.tally;
		out->info.sequences = w.sequences;
		out->info.weighted = w.weighted;
	} else {
		big_array_free(w.tally, orderings);
	}
	sa_big_free(&w.lcm);
	sa_big_free(&w.t);
	sa_big_free(&w.u);
	sa_big_free(&w.g);
	sa_big_free(&w.first);
	return status;
}

int
sa_engine_weighted(const sa_shuffle *sh, size_t n,
    const sa_census_opts *opts, const sa_census_plan *plan,
    struct sa_census *out)
{
	struct wctx x;
	size_t draws = opts->max_draws ? opts->max_draws : SA_CENSUS_MAX_DRAWS;
	int status;

	memset(&x, 0, sizeof x);
	x.r = &opts->reduce;
	x.status = SA_OK;
	out->info.reduce = opts->reduce;
	out->info.wide = true;
	if (plan->engine == SA_ENGINE_STEPS)
		status = reduced_steps(sh, n, plan->orderings, &x, out);
	else
		status = reduced_replay(sh, n, plan->orderings, draws, &x, out);
	if (status == SA_OK && plan->engine == SA_ENGINE_STEPS)
		out->info.sequences = plan->runs;
	wctx_free(&x);
	return status;
}
