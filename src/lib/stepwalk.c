/*
 * stepwalk.c - the walk engine: every run of a step-form shuffle, one by one.
 *
 * It goes depth first over the steps' choices, applying each swap to one
 * deck and undoing it on the way back, so a run costs its last step, not
 * a replay from the start; nothing is allocated per run.  At a leaf it
 * adds one to the count of the deck's rank, which it works out from the
 * rank before the last step: the last step's choices all start from the
 * same deck, so that deck's Lehmer digits are found once and each choice
 * changes only the digits between the two positions it swaps.
 *
 * The first step's choices are shared out among threads, each with its
 * own table; the tables are added at the end, so the tally is the same
 * for every number of threads.  It is the step engine's independent
 * check (the tests hold them equal) and needs n! 64-bit counts a thread
 * instead of two tables of n! counts.
 */
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"
#include "internal.h"

struct walker {
	const sa_step *steps;
	size_t nsteps, n;
	unsigned deck[SA_PERM_MAX];
	uint64_t *tally;
	uint64_t fact[SA_PERM_MAX];	/* (n-1-i)!: the weight of digit i */
	unsigned first, stride;		/* the first step's choices it takes */
	const sa_census_opts *opts;	/* progress, told by thread 0 alone */
	uint64_t top;			/* the first step's choices */
};

/*
 * After the first step's choices up to K (counted from 1) have been
 * passed, thread 0 having walked its own among them, the fraction done.
 * Each of the STRIDE threads takes every STRIDE-th choice, and they walk
 * side by side, so the other threads have walked the STRIDE - 1 choices
 * after thread 0's meanwhile: K choices done would be the fraction of a
 * walk on one thread, and foretold twice the time on two.
 */
static void
told(const struct walker *w, unsigned k)
{
	uint64_t done = (uint64_t)k + w->stride - 1;

	if (w->opts != NULL && w->opts->progress != NULL && w->top != 0)
		w->opts->progress(w->opts->progress_ctx, (double)(done <
		    w->top ? done : w->top) / (double)w->top);
}

static inline void
swap(unsigned *d, size_t a, size_t b)
{
	unsigned t = d[a];

	d[a] = d[b];
	d[b] = t;
}

/*
 * The rank of DECK with positions A < B swapped, from R, the rank of
 * DECK itself.  Digit i counts the cards after position i smaller than
 * deck[i]; only the digits from A to B change.
 */
static uint64_t
rank_after_swap(const struct walker *w, uint64_t r, size_t a, size_t b)
{
	const unsigned *d = w->deck;
	unsigned x = d[a], y = d[b];
	int64_t delta = 0, da = 0, db = 0;

	/* Digit A: the cards after A smaller than y (x there, not y)... */
	for (size_t i = a + 1; i < w->n; i++) {
		unsigned c = i == b ? x : d[i];

		da += c < y;
		da -= d[i] < x;
	}
	delta += da * (int64_t)w->fact[a];
	/* ...between: one more for each card from x up to y, or less. */
	for (size_t i = a + 1; i < b; i++)
		delta += ((int64_t)(d[i] > x) - (int64_t)(d[i] > y)) *
		    (int64_t)w->fact[i];
	/* Digit B: the cards after B smaller than x, not y. */
	for (size_t i = b + 1; i < w->n; i++)
		db += (int64_t)(d[i] < x) - (int64_t)(d[i] < y);
	delta += db * (int64_t)w->fact[b];
	return r + (uint64_t)delta;
}

/* Tallies the choices of the last step, all from the same deck. */
static void
leaves(struct walker *w, const sa_step *st)
{
	size_t n = w->n;
	uint64_t r = sa_perm_rank(w->deck, n);

	switch (st->kind) {
	case SA_STEP_SWAP:
		for (uint64_t j = st->lo; j < st->lo + st->count; j++)
			w->tally[j == st->pos ? r : rank_after_swap(w, r,
			    j < st->pos ? j : st->pos,
			    j < st->pos ? st->pos : j)]++;
		break;
	case SA_STEP_PICK:
		for (size_t q = st->pos; q < n; q++)
			w->tally[q == st->pos ? r :
			    rank_after_swap(w, r, st->pos, q)]++;
		break;
	case SA_STEP_SWAP2:
		/* (a, a) keeps the deck; (a, b) and (b, a) make one swap. */
		w->tally[r] += st->count;
		for (size_t a = 0; a < n; a++)
			for (size_t b = a + 1; b < n; b++)
				w->tally[rank_after_swap(w, r, a, b)] += 2;
		break;
	}
}

static void
walk(struct walker *w, size_t s)
{
	const sa_step *st = &w->steps[s];
	size_t n = w->n;
	bool top = s == 0;
	unsigned k = 0;

	if (s + 1 == w->nsteps && !top) {
		leaves(w, st);
		return;
	}
	/*
	 * K numbers the choices, so that at the top each thread takes every
	 * STRIDE-th from FIRST.
	 */
#define TAKE() (!top || (k++ % w->stride == w->first))
#define NEXT(a, b)							\
	do {								\
		swap(w->deck, (a), (b));				\
		if (s + 1 == w->nsteps)					\
			w->tally[sa_perm_rank(w->deck, n)]++;		\
		else							\
			walk(w, s + 1);					\
		swap(w->deck, (a), (b));				\
		if (top)						\
			told(w, k);					\
	} while (0)
	switch (st->kind) {
	case SA_STEP_SWAP:
		for (uint64_t j = st->lo; j < st->lo + st->count; j++)
			if (TAKE())
				NEXT(st->pos, j);
		break;
	case SA_STEP_PICK:
		for (size_t q = st->pos; q < n; q++)
			if (TAKE())
				NEXT(st->pos, q);
		break;
	case SA_STEP_SWAP2:
		for (size_t a = 0; a < st->count; a++)
			for (size_t b = 0; b < st->count; b++)
				if (TAKE())
					NEXT(a, b);
		break;
	}
#undef TAKE
#undef NEXT
}

static void *
walk_thread(void *arg)
{
	struct walker *w = arg;

	if (w->nsteps == 0)
		w->tally[0]++;	/* no steps: the one run keeps the deck */
	else
		walk(w, 0);
	return NULL;
}

int
sa_engine_walk(const sa_shuffle *sh, size_t n, uint64_t orderings,
    unsigned threads, const sa_census_opts *opts, struct sa_census *out)
{
	enum { MAXT = 64 };
	struct walker w[MAXT];
	size_t nsteps = sh->steps(sh, n);
	sa_step *steps = calloc(nsteps ? nsteps : 1, sizeof *steps);
	int status = SA_OK;

	if (threads < 1)
		threads = 1;
	if (threads > MAXT)
		threads = MAXT;
	if (nsteps == 0)
		threads = 1;
	if (steps == NULL)
		return SA_ENOMEM;
	for (size_t s = 0; s < nsteps; s++) {
		steps[s].kind = SA_STEP_SWAP;
		sh->step(sh, n, s, &steps[s]);
	}
	memset(w, 0, sizeof w);
	for (unsigned t = 0; t < threads; t++) {
		w[t].steps = steps;
		w[t].nsteps = nsteps;
		w[t].n = n;
		w[t].first = t;
		w[t].stride = threads;
		for (size_t i = 0; i < n; i++) {
			w[t].deck[i] = (unsigned)i;
			w[t].fact[i] = sa_factorial(n - 1 - i);
		}
		if (t == 0 && nsteps > 0) {
			w[t].opts = opts;
			w[t].top = sa_step_total(&steps[0], n);
		}
		w[t].tally = sa_tally_alloc(orderings, sizeof *w[t].tally);
		if (w[t].tally == NULL)
			status = SA_ENOMEM;
	}
	if (status == SA_OK) {
		sa_parallel(walk_thread, w, sizeof w[0], threads);
		/* Each run was counted once, so no sum can pass the runs. */
		for (unsigned t = 1; t < threads; t++)
			for (uint64_t r = 0; r < orderings; r++)
				w[0].tally[r] += w[t].tally[r];
		out->tally = w[0].tally;
		w[0].tally = NULL;
	}
	for (unsigned t = 0; t < threads; t++)
		free(w[t].tally);
	free(steps);
	return status;
}
