/*
 * sample.c - decks dealt by a real generator, for what sampling can see
 * beside what the census and the matrix prove: each deck is the shuffle
 * run on xoshiro256** draws (Lemire's unbiased bound, or the reduction
 * asked for over its raw words), counted into an sa_fit or handed to
 * the caller one by one.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/* One thread's decks: its own generator and its own counts. */
struct part {
	const sa_shuffle *sh;
	const sa_sample_opts *o;
	size_t n;
	uint64_t decks, stream;
	sa_fit *fit;
	int status;
};

/* Deals one deck into DECK from G (through R when a reduction is set). */
static int
deal(const struct part *p, sa_xoshiro256 *g, sa_reducer *r, unsigned *deck)
{
	for (size_t i = 0; i < p->n; i++)
		deck[i] = (unsigned)i;
	if (p->o->reduce.method == SA_REDUCE_NONE) {
		p->sh->run(p->sh, deck, p->n, &g->base);
		return SA_OK;
	}
	p->sh->run(p->sh, deck, p->n, &r->base);
	return r->err;
}

static void *
deal_part(void *arg)
{
	struct part *p = arg;
	unsigned *deck = malloc(p->n * sizeof *deck);
	sa_xoshiro256 g;
	sa_reducer r;

	if (deck == NULL) {
		p->status = SA_ENOMEM;
		return NULL;
	}
	sa_xoshiro256_init(&g, p->o->seed, p->stream);
	sa_reducer_init(&r, &p->o->reduce, &g.base);
	for (uint64_t k = 0; k < p->decks && p->status == SA_OK; k++) {
		p->status = deal(p, &g, &r, deck);
		if (p->status == SA_OK)
			p->status = sa_fit_add(p->fit, deck);
	}
	free(deck);
	return NULL;
}

int
sa_sample_run(const sa_shuffle *sh, size_t n, const sa_sample_opts *o,
    sa_fit *fit)
{
	struct part parts[64];
	unsigned threads = o->threads ? o->threads : sa_cores();
	int status = SA_OK;

	if (sh == NULL || sh->run == NULL || n < 2 || o->decks == 0 ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if (threads > 64)
		threads = 64;
	if (threads > o->decks)
		threads = (unsigned)o->decks;
	memset(parts, 0, sizeof parts);
	for (unsigned t = 0; t < threads && status == SA_OK; t++) {
		parts[t] = (struct part){ sh, o, n, o->decks / threads +
		    (t < o->decks % threads), t, NULL, SA_OK };
		status = t == 0 ? SA_OK : sa_fit_new(n, &parts[t].fit);
	}
	parts[0].fit = fit;
	if (status == SA_OK)
		sa_parallel(deal_part, parts, sizeof parts[0], threads);
	for (unsigned t = 0; t < threads; t++) {
		if (status == SA_OK)
			status = parts[t].status;
		if (t > 0 && status == SA_OK)
			status = sa_fit_merge(fit, parts[t].fit);
		if (t > 0)
			sa_fit_free(parts[t].fit);
	}
	return status;
}

int
sa_sample_each(const sa_shuffle *sh, size_t n, const sa_sample_opts *o,
    int (*each)(void *ctx, const unsigned *deck, size_t n), void *ctx)
{
	struct part p = { sh, o, n, o->decks, 0, NULL, SA_OK };
	unsigned *deck;
	sa_xoshiro256 g;
	sa_reducer r;
	int status = SA_OK;

	if (sh == NULL || sh->run == NULL || n < 1 ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if ((deck = malloc(n * sizeof *deck)) == NULL)
		return SA_ENOMEM;
	sa_xoshiro256_init(&g, o->seed, 0);
	sa_reducer_init(&r, &o->reduce, &g.base);
	for (uint64_t k = 0; k < o->decks && status == SA_OK; k++) {
		status = deal(&p, &g, &r, deck);
		if (status == SA_OK)
			status = each(ctx, deck, n);
	}
	free(deck);
	return status;
}
