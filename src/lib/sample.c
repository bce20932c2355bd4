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

__extension__ typedef unsigned __int128 u128;

/*
 * The fast path, for a shuffle of swap steps with ideal draws (Durstenfeld's,
 * the naive one, Sattolo's and the rest): the steps laid out once, and the
 * generator and Lemire's bound inline, with no oracle in between, two
 * draws from each 64-bit word (so its decks are not those the oracle
 * path deals from the same seed, though as fair).
 */
struct fast_step {
	uint32_t pos, lo;
	uint64_t count;
};

static inline uint64_t
rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

static inline uint64_t
next_word(uint64_t *s)
{
	uint64_t out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

static inline uint64_t
bounded(uint64_t *s, uint64_t bound)
{
	u128 m = (u128)next_word(s) * bound;
	uint64_t low = (uint64_t)m;

	if (low < bound) {
		uint64_t floor = -bound % bound;

		while (low < floor) {
			m = (u128)next_word(s) * bound;
			low = (uint64_t)m;
		}
	}
	return (uint64_t)(m >> 64);
}

/* The steps of SH on N cards, when every one is a swap; NULL otherwise. */
static struct fast_step *
fast_steps(const sa_shuffle *sh, size_t n, const sa_reduce *r, size_t *count)
{
	struct fast_step *st;
	size_t steps;

	if (r->method != SA_REDUCE_NONE || sh->steps == NULL ||
	    sh->step == NULL || sh->reduce != NULL || n > UINT32_MAX)
		return NULL;
	steps = sh->steps(sh, n);
	if ((st = malloc((steps ? steps : 1) * sizeof *st)) == NULL)
		return NULL;
	for (size_t k = 0; k < steps; k++) {
		sa_step one = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, k, &one);
		if (one.kind != SA_STEP_SWAP || one.count == 0) {
			free(st);
			return NULL;
		}
		st[k] = (struct fast_step){ (uint32_t)one.pos,
		    (uint32_t)one.lo, one.count };
	}
	*count = steps;
	return st;
}

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

/*
 * 32 random bits at a time, two from each of the generator's words, and
 * a draw below BOUND (at most 2^32) from them by Lemire's method at 32
 * bits: half the generator's work of a 64-bit draw, still unbiased.
 */
struct halves {
	uint64_t *s;
	uint64_t word;
	int left;
};

static inline uint32_t
half(struct halves *h)
{
	uint32_t x;

	if (h->left == 0) {
		h->word = next_word(h->s);
		h->left = 2;
	}
	x = (uint32_t)h->word;
	h->word >>= 32;
	h->left--;
	return x;
}

static inline uint64_t
bounded32(struct halves *h, uint64_t bound)
{
	uint64_t m;
	uint32_t low;

	if (bound > UINT32_MAX)
		return bounded(h->s, bound);
	m = (uint64_t)half(h) * bound;
	low = (uint32_t)m;
	if (low < bound) {
		uint32_t floor = (uint32_t)(-(uint32_t)bound % (uint32_t)bound);

		while (low < floor) {
			m = (uint64_t)half(h) * bound;
			low = (uint32_t)m;
		}
	}
	return m >> 32;
}

/* The fast path's decks, counted (see fast_step). */
static void
deal_fast(struct part *p, const struct fast_step *st, size_t steps,
    uint64_t *s, unsigned *deck)
{
	struct halves h = { s, 0, 0 };
	size_t n = p->n;

	for (uint64_t k = 0; k < p->decks; k++) {
		for (size_t i = 0; i < n; i++)
			deck[i] = (unsigned)i;
		for (size_t t = 0; t < steps; t++) {
			size_t j = st[t].lo + (size_t)bounded32(&h, st[t].count);
			unsigned x = deck[st[t].pos];

			deck[st[t].pos] = deck[j];
			deck[j] = x;
		}
		sa_fit_count(p->fit, deck);
	}
}

static void *
deal_part(void *arg)
{
	struct part *p = arg;
	unsigned *deck = malloc(p->n * sizeof *deck);
	struct fast_step *st;
	size_t steps = 0;
	sa_xoshiro256 g;
	sa_reducer r;

	if (deck == NULL) {
		p->status = SA_ENOMEM;
		return NULL;
	}
	sa_xoshiro256_init(&g, p->o->seed, p->stream);
	sa_reducer_init(&r, &p->o->reduce, &g.base);
	if ((st = fast_steps(p->sh, p->n, &p->o->reduce, &steps)) != NULL) {
		deal_fast(p, st, steps, g.s, deck);
		free(st);
		free(deck);
		return NULL;
	}
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
