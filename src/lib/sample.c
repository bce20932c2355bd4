/*
 * sample.c - decks dealt by a real generator, for what sampling can see
 * beside what the census and the matrix prove: each deck is the shuffle
 * run on xoshiro256** draws (Lemire's unbiased bound, or the reduction
 * asked for over its raw words), counted into an sa_fit or handed to
 * the caller one by one.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

/*
 * The fast path, for a shuffle of swap steps with ideal draws (Durstenfeld's,
 * the naive one, Sattolo's and the rest): the steps laid out once, in
 * groups whose bounds multiply to at most FAST_BATCH, and the generator
 * inline with no oracle in between.  A group's draws all come from one
 * 64-bit word by batched Lemire multiplication (Brackett-Rozinsky and
 * Lemire, "Batched ranged random integer generation", Software: Practice
 * and Experience, 2024): multiplying the word by each bound in turn and
 * keeping the high halves is Lemire's method for the product P of the
 * bounds, its draw read in mixed radix, so rejecting a final low half
 * below 2^64 mod P makes every draw exactly uniform and independent.  A
 * word then serves about seven draws of a 52-card deck instead of one,
 * and a rejection, at most P / 2^64 = 2^-24 a group, is rare.  Its decks
 * are not those the oracle path deals from the same seed, though as fair.
 * The low half that step i multiplies is the word times the step's
 * earlier bounds modulo 2^64 (fast_step's before), so each step makes it
 * with one multiplication of its own, not at the end of a chain of them.
 */
#define FAST_BATCH ((uint64_t)1 << 40)

struct fast_step {
	uint64_t before;	/* the product of its group's earlier counts */
	uint32_t count;
	uint32_t row;		/* pos * n when no later step touches pos, */
	uint16_t pos, lo;	/* so its card is counted there: else NOT_FINAL */
};

#define NOT_FINAL UINT32_MAX

struct fast_group {
	uint32_t first, steps;	/* its steps: st[first .. first + steps) */
	uint64_t product, floor;	/* P, and 2^64 mod P */
};

struct fast_plan {
	struct fast_step *st;
	struct fast_group *group;
	size_t steps, groups;
	uint32_t *rest;		/* the positions no step makes final */
	size_t rests;
	bool descending;	/* see fast_descending */
	uint32_t drop;
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

static void
fast_plan_free(struct fast_plan *fp)
{
	free(fp->st);
	free(fp->group);
	free(fp->rest);
}

/*
 * Marks the steps after which their position is never touched again, so
 * that the fast path counts its card there and then instead of storing it
 * (half the stores of Durstenfeld's shuffle), and lists the positions
 * left to count from the finished deck.  Nothing is final when ORDERINGS:
 * the whole deck is needed for its rank.
 */
static int
fast_finals(struct fast_plan *fp, size_t n, int orderings)
{
	unsigned char *touched = calloc(n, 1);

	if (touched == NULL || (fp->rest = malloc(n * sizeof *fp->rest)) ==
	    NULL) {
		free(touched);
		return SA_ENOMEM;
	}
	for (size_t k = fp->steps; k-- > 0;) {
		struct fast_step *st = &fp->st[k];

		st->row = !orderings && touched[st->pos] == 0 ?
		    (uint32_t)(st->pos * n) : NOT_FINAL;
		touched[st->pos] |= st->row != NOT_FINAL ? 2 : 1;
		for (uint32_t i = 0; i < st->count; i++)
			touched[st->lo + i] |= 1;
	}
	fp->rests = 0;
	for (size_t q = 0; q < n; q++)
		if (!(touched[q] & 2))
			fp->rest[fp->rests++] = (uint32_t)q;
	free(touched);
	return SA_OK;
}

/*
 * Whether the plan descends: step k makes position n - 1 - k final,
 * drawing from the pos + 1 - DROP positions from 0 (Durstenfeld's
 * shuffle, DROP 0, and Sattolo's, DROP 1), so that only position 0 is
 * left to count from the finished deck.
 */
static void
fast_descending(struct fast_plan *fp, size_t n)
{
	fp->descending = fp->steps == n - 1;
	fp->drop = fp->steps > 0 ? fp->st[0].pos + 1u - fp->st[0].count : 0;
	for (size_t k = 0; k < fp->steps && fp->descending; k++) {
		const struct fast_step *st = &fp->st[k];

		fp->descending = st->row != NOT_FINAL && st->lo == 0 &&
		    st->pos == n - 1 - k && st->count + fp->drop == st->pos + 1u;
	}
}

/* Cuts the steps into groups whose bounds multiply to at most FAST_BATCH. */
static int
fast_groups(struct fast_plan *fp)
{
	size_t g = 0;

	if ((fp->group = malloc((fp->steps ? fp->steps : 1) *
	    sizeof *fp->group)) == NULL)
		return SA_ENOMEM;
	for (size_t k = 0; k < fp->steps; g++) {
		struct fast_group *gr = &fp->group[g];

		*gr = (struct fast_group){ (uint32_t)k, 1, fp->st[k].count, 0 };
		fp->st[k].before = 1;
		/* counts are at most SA_FIT_MAX_CARDS, below FAST_BATCH */
		for (k++; k < fp->steps &&
		    gr->product <= FAST_BATCH / fp->st[k].count; k++) {
			fp->st[k].before = gr->product;
			gr->product *= fp->st[k].count;
			gr->steps++;
		}
		gr->floor = -gr->product % gr->product;
	}
	fp->groups = g;
	return SA_OK;
}

/* The steps of SH on N cards in groups, when every one is a swap; else 0. */
static int
fast_plan(const sa_shuffle *sh, size_t n, const sa_reduce *r, int orderings,
    struct fast_plan *fp)
{
	memset(fp, 0, sizeof *fp);
	if (r->method != SA_REDUCE_NONE || sh->steps == NULL ||
	    sh->step == NULL || sh->reduce != NULL || n > SA_FIT_MAX_CARDS)
		return 0;
	fp->steps = sh->steps(sh, n);
	if ((fp->st = malloc((fp->steps ? fp->steps : 1) *
	    sizeof *fp->st)) == NULL)
		return 0;
	for (size_t k = 0; k < fp->steps; k++) {
		sa_step one = { 0, 0, 0, SA_STEP_SWAP };

		sh->step(sh, n, k, &one);
		if (one.kind != SA_STEP_SWAP || one.count == 0 ||
		    one.pos >= n || one.lo >= n || one.count > n - one.lo) {
			fast_plan_free(fp);
			return 0;
		}
		/* n is at most SA_FIT_MAX_CARDS: each fits, and pos * n */
		fp->st[k] = (struct fast_step){ 1, (uint32_t)one.count, NOT_FINAL,
		    (uint16_t)one.pos, (uint16_t)one.lo };
	}
	if (fast_groups(fp) != SA_OK || fast_finals(fp, n, orderings) !=
	    SA_OK) {
		fast_plan_free(fp);
		return 0;
	}
	fast_descending(fp, n);
	return 1;
}

/* Decks between calls of the progress function and the pace. */
#define PROGRESS_DECKS ((uint64_t)1 << 12)

/* One thread's decks: its own generator and its own counts. */
struct part {
	const sa_shuffle *sh;
	const sa_sample_opts *o;
	size_t n;
	uint64_t decks, stream;
	sa_fit *fit;
	sa_pace *pace;
	int status;
	bool first;		/* the first stream this run deals */
};

/*
 * Tells the progress function and the pace of the first part's K decks
 * dealt; false once the dealing is to stop.
 */
static bool
told(const struct part *p, uint64_t k)
{
	if (p->first) {
		if (p->o->progress != NULL && k > 0)
			p->o->progress(p->o->progress_ctx, (double)k /
			    (double)p->decks);
		sa_pace_check(p->pace, (double)k / (double)p->decks);
	}
	return !sa_pace_stopped(p->pace);
}

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
 * A word for a group of bounds multiplying to P: the low half left after
 * the group's multiplications is the word times P modulo 2^64, so the
 * rejection is settled before any draw is made.
 */
static inline uint64_t
group_word(uint64_t *s, const struct fast_group *g)
{
	uint64_t w;

	do
		w = next_word(s);
	while (w * g->product < g->floor);
	return w;
}

/*
 * The fast path's deck is followed by the identity it starts from, each
 * in whole blocks of DECK_BLOCK cards, copied by moves of a fixed size
 * rather than a call to memcpy for each deck.
 */
#define DECK_BLOCK 32

static size_t
deck_span(size_t n)
{
	return (n + DECK_BLOCK - 1) / DECK_BLOCK * DECK_BLOCK;
}

static inline void
fresh_deck(uint16_t *deck, size_t n)
{
	const uint16_t *identity = deck + deck_span(n);

	for (size_t b = 0; b < n; b += DECK_BLOCK)
		memcpy(deck + b, identity + b, DECK_BLOCK * sizeof *deck);
}

/*
 * A descending plan's decks (see fast_descending), in a loop of their
 * own: the position, the bound and the cell's row follow from the
 * step's place, nothing of the step is read, and the fewer variables
 * stay in registers, the generator's words among them.  The low half
 * a step multiplies is carried from the step before (w times the bound,
 * modulo 2^64: the same word as fast_step's before gives, so the same
 * draws), not read from the step: one multiplication for the draw and
 * one for the next low half, and no load (about 1.15 times the decks a
 * second of the loop that read before, tests/bench/README.md).
 */
static void
deal_descending(struct part *p, const struct fast_plan *fp, uint64_t *s,
    uint16_t *deck)
{
	size_t n = p->n;
	uint64_t *samples, *cell = sa_fit_cells(p->fit, &samples);
	const size_t drop = fp->drop;

	for (uint64_t k = 0; k < p->decks; k++) {
		size_t pos = n - 1;
		uint64_t *row = cell + pos * n;

		if (k % PROGRESS_DECKS == 0 && !told(p, k))
			break;
		fresh_deck(deck, n);
		for (const struct fast_group *gr = fp->group;
		    gr < fp->group + fp->groups; gr++) {
			uint64_t w = group_word(s, gr);

			for (uint32_t i = 0; i < gr->steps; i++, pos--,
			    row -= n) {
				uint64_t b = pos + 1 - drop;
				size_t j = (size_t)(((u128)w * b) >> 64);
				uint16_t x = deck[j];

				w *= b;
				deck[j] = deck[pos];
				row[x]++;
			}
		}
		cell[deck[0]]++;
		(*samples)++;
	}
}

/*
 * The fast path's decks, counted (see fast_step) straight into the
 * fit's CELLS, or whole into the fit when it ranks orderings (CELLS
 * NULL, and no step final).
 */
static void
deal_fast(struct part *p, const struct fast_plan *fp, uint64_t *s,
    uint16_t *deck, unsigned *whole)
{
	size_t n = p->n;
	uint64_t *samples, *cell = sa_fit_cells(p->fit, &samples);

	for (uint64_t k = 0; k < p->decks; k++) {
		if (k % PROGRESS_DECKS == 0 && !told(p, k))
			break;
		fresh_deck(deck, n);
		for (size_t g = 0; g < fp->groups; g++) {
			const struct fast_group *gr = &fp->group[g];
			const struct fast_step *st = fp->st + gr->first;

			uint64_t w = group_word(s, gr);

			for (uint32_t i = 0; i < gr->steps; i++) {
				/* the high half of w * count (below 2^17) */
				uint64_t c = st[i].count, v = w * st[i].before;
				uint32_t row = st[i].row;
				size_t j = st[i].lo + (size_t)(((u128)v * c) >> 64);
				uint16_t x = deck[j];

				deck[j] = deck[st[i].pos];
				if (row != NOT_FINAL)
					cell[row + (size_t)x]++;
				else
					deck[st[i].pos] = x;
			}
		}
		if (cell != NULL) {
			for (size_t r = 0; r < fp->rests; r++)
				cell[(size_t)fp->rest[r] * n +
				    deck[fp->rest[r]]]++;
			(*samples)++;
		} else {
			for (size_t q = 0; q < n; q++)
				whole[q] = deck[q];
			sa_fit_count(p->fit, whole);
		}
	}
}

static void *
deal_part(void *arg)
{
	struct part *p = arg;
	unsigned *deck = malloc(p->n * sizeof *deck);
	struct fast_plan fp;
	uint64_t *samples;
	sa_xoshiro256 g;
	sa_reducer r;

	if (deck == NULL) {
		p->status = SA_ENOMEM;
		return NULL;
	}
	sa_xoshiro256_init(&g, p->o->seed, p->stream);
	sa_reducer_init(&r, &p->o->reduce, &g.base);
	if (fast_plan(p->sh, p->n, &p->o->reduce,
	    sa_fit_cells(p->fit, &samples) == NULL, &fp)) {
		/* the deck and the identity (see fresh_deck) */
		size_t span = deck_span(p->n);
		uint16_t *d16 = calloc(2 * span, sizeof *d16);

		for (size_t i = 0; d16 != NULL && i < p->n; i++)
			d16[span + i] = (uint16_t)i;
		if (d16 != NULL) {
			/* the generator's words in registers, not memory */
			uint64_t s[4];

			memcpy(s, g.s, sizeof s);
			if (fp.descending)
				deal_descending(p, &fp, s, d16);
			else
				deal_fast(p, &fp, s, d16, deck);
		}
		else
			p->status = SA_ENOMEM;
		free(d16);
		fast_plan_free(&fp);
		free(deck);
		return NULL;
	}
	for (uint64_t k = 0; k < p->decks && p->status == SA_OK; k++) {
		if (k % PROGRESS_DECKS == 0 && !told(p, k))
			break;
		p->status = deal(p, &g, &r, deck);
		if (p->status == SA_OK)
			p->status = sa_fit_add(p->fit, deck, NULL);
	}
	free(deck);
	return NULL;
}

/*
 * About the draws a deck of SH on N cards makes, from its step form
 * (its steps, times two when they draw pairs; a step that retries
 * counted once), or 0 when it has none.  No step is walked: swaps:M
 * has M of them.
 */
double
sa_draws_a_deck(const sa_shuffle *sh, size_t n)
{
	sa_step st = { 0, 0, 0, SA_STEP_SWAP };
	size_t steps;

	if (sh->steps == NULL || sh->step == NULL ||
	    (steps = sh->steps(sh, n)) == 0)
		return 0;
	sh->step(sh, n, 0, &st);
	return (double)steps * (st.kind == SA_STEP_SWAP2 ? 2 : 1);
}

int
sa_deal_size(const sa_shuffle *sh, size_t n, bool random, sa_deal_work *w)
{
	memset(w, 0, sizeof *w);
	w->draws = sa_draws_a_deck(sh, n);
	w->max = random ? SA_DEAL_MAX_DRAWS_RANDOM : SA_DEAL_MAX_DRAWS;
	if (w->draws <= (double)w->max)
		return SA_OK;
	snprintf(w->why, sizeof w->why, "a deck takes %.0f draws, past the "
	    "%llu a deal from %s makes in a few seconds", w->draws,
	    (unsigned long long)w->max, random ? "getrandom" : "mulberry32");
	return SA_ETOOBIG;
}

/* One run of SH through the script S, cut at its cap. */
static void
probe_run(const sa_shuffle *sh, size_t n, sa_script *s, unsigned *deck)
{
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	sa_script_rewind(s);
	if (setjmp(s->abort) == 0)
		sh->run(sh, deck, n, &s->base);
}

/*
 * Decks whose draws are many (swaps:M with M near 2^32 makes 2^33 a
 * deck) are too slow for the pace to see between decks: their time is
 * foretold first from the rate of a short run through the oracle, and
 * work that cannot finish in time is stopped before it starts.
 */
static void
foretell(const sa_shuffle *sh, size_t n, const sa_sample_opts *o,
    uint64_t decks, sa_pace *pace)
{
	enum { PROBE = 1 << 20 };
	double per_deck = sa_draws_a_deck(sh, n), began, spent;
	uint64_t *val, *bound;
	unsigned *deck;
	sa_xoshiro256 g;
	sa_script s;

	/* A deck of fewer draws is seen by the pace between decks. */
	if (pace->deadline == 0 || per_deck < PROBE)
		return;
	val = malloc(PROBE * sizeof *val);
	bound = malloc(PROBE * sizeof *bound);
	deck = malloc(n * sizeof *deck);
	if (val != NULL && bound != NULL && deck != NULL) {
		sa_xoshiro256_init(&g, o->seed, 0);
		sa_script_init(&s, SA_SCRIPT_SOURCE, val, bound, PROBE, 0);
		s.source = &g.base;
		s.cut = true;
		began = sa_clock();
		probe_run(sh, n, &s, deck);
		spent = sa_clock() - began;
		if (s.len > 0 && spent > 0)
			sa_pace_foretell(pace, per_deck * (double)decks *
			    spent / (double)s.len, false);
	}
	free(val);
	free(bound);
	free(deck);
}

int
sa_sample_run(const sa_shuffle *sh, size_t n, const sa_sample_opts *o,
    sa_fit *fit)
{
	struct part parts[64];
	unsigned threads = o->threads ? o->threads : sa_cores(), k = 0;
	unsigned every = o->parts > 1 ? o->parts : 1, mine = o->parts > 1 ?
	    o->part : 0;
	uint64_t decks = 0;
	sa_pace pace;
	int status = SA_OK;

	if (sh == NULL || sh->run == NULL || n < 2 || o->decks == 0 ||
	    (sh->max_cards != 0 && n > sh->max_cards) || mine >= every)
		return SA_EINVAL;
	if (threads > 64)
		threads = 64;
	if (threads > o->decks)
		threads = (unsigned)o->decks;
	if (every > threads)
		return SA_ERANGE;
	memset(parts, 0, sizeof parts);
	/* The streams of this part: those MINE modulo EVERY. */
	for (unsigned t = mine; t < threads && status == SA_OK; t += every) {
		parts[k] = (struct part){ sh, o, n, o->decks / threads +
		    (t < o->decks % threads), t, NULL, &pace, SA_OK, k == 0 };
		decks += parts[k].decks;
		status = k == 0 ? SA_OK : sa_fit_new(n, &parts[k].fit);
		k++;
	}
	threads = k;
	parts[0].fit = fit;
	sa_pace_start(&pace, o->limit, (double)decks);
	foretell(sh, n, o, decks, &pace);
	if (status == SA_OK && !sa_pace_stopped(&pace))
		sa_parallel(deal_part, parts, sizeof parts[0], threads);
	status = sa_pace_end(&pace, status);
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
	struct part p = { sh, o, n, o->decks, 0, NULL, NULL, SA_OK, true };
	unsigned *deck;
	sa_xoshiro256 g;
	sa_reducer r;
	sa_pace pace;
	int status = SA_OK;

	if (sh == NULL || sh->run == NULL || n < 1 ||
	    (sh->max_cards != 0 && n > sh->max_cards))
		return SA_EINVAL;
	if ((deck = malloc(n * sizeof *deck)) == NULL)
		return SA_ENOMEM;
	sa_xoshiro256_init(&g, o->seed, 0);
	sa_reducer_init(&r, &o->reduce, &g.base);
	p.pace = &pace;
	sa_pace_start(&pace, o->limit, (double)o->decks);
	foretell(sh, n, o, o->decks, &pace);
	for (uint64_t k = 0; k < o->decks && status == SA_OK &&
	    !sa_pace_stopped(&pace); k++) {
		if (k % PROGRESS_DECKS == 0 && !told(&p, k))
			break;
		status = deal(&p, &g, &r, deck);
		if (status == SA_OK)
			status = each(ctx, deck, n);
	}
	free(deck);
	return sa_pace_end(&pace, status);
}
