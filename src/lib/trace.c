/*
 * trace.c - one run of a shuffle, draw by draw.
 *
 * The trace oracle stands between the shuffle and the source of answers.
 * When the shuffle asks for a draw, the deck it holds shows every move
 * made since the previous draw, so the oracle snapshots it then; the
 * last snapshot is taken when the run ends.
 */
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#include "shuffle_audit.h"

struct tracer {
	sa_oracle base;		/* first, so a pointer to it is one to us */
	sa_oracle *source;
	const uint64_t *draws;
	size_t ndraws;
	const unsigned *deck;	/* the deck the shuffle is working on */
	size_t n;
	size_t max;
	sa_trace *t;
	int err;
	jmp_buf abort;
};

static void
fail(struct tracer *tr, int err)
{
	tr->err = err;
	longjmp(tr->abort, 1);
}

static uint64_t
trace_draw(sa_oracle *o, uint64_t bound)
{
	struct tracer *tr = (struct tracer *)o;
	sa_trace *t = tr->t;
	size_t k = t->steps;
	uint64_t v;

	if (bound == 0)
		fail(tr, SA_EBOUND);
	if (k == tr->max)
		fail(tr, SA_EDRAWS);
	memcpy(t->deck + k * tr->n, tr->deck, tr->n * sizeof *tr->deck);
	t->bound[k] = bound;
	if (tr->source != NULL) {
		v = sa_draw(tr->source, bound);
	} else {
		if (k == tr->ndraws)
			fail(tr, SA_ESHORT);
		v = tr->draws[k];
		if (v >= bound) {
			t->value[k] = v;
			fail(tr, SA_ERANGE);
		}
	}
	t->value[k] = v;
	t->steps++;
	return v;
}

/*
 * The run itself.  TR lives in the caller's frame, so what the jump
 * leaves behind in it is well defined.
 */
static void
trace_once(const sa_shuffle *sh, struct tracer *tr, unsigned *deck)
{
	sa_trace *t = tr->t;

	if (setjmp(tr->abort) != 0)
		return;
	sh->run(sh, deck, tr->n, &tr->base);
	memcpy(t->deck + t->steps * tr->n, deck, tr->n * sizeof *deck);
	if (tr->source == NULL && t->steps < tr->ndraws)
		tr->err = SA_ELONG;
	else if (!sa_perm_check(deck, tr->n))
		tr->err = SA_ENOTPERM;
}

int
sa_trace_run(const sa_shuffle *sh, size_t n, sa_oracle *source,
    const uint64_t *draws, size_t ndraws, size_t max_draws, sa_trace *t)
{
	struct tracer tr;
	unsigned *deck;

	memset(t, 0, sizeof *t);
	if (sh == NULL || sh->run == NULL || (source == NULL && ndraws > 0 &&
	    draws == NULL))
		return SA_EINVAL;
	if (max_draws == 0)
		max_draws = SA_CENSUS_MAX_DRAWS;
	if (source == NULL && ndraws > max_draws)
		max_draws = ndraws;
	t->n = n;
	t->bound = malloc(max_draws * sizeof *t->bound);
	t->value = malloc(max_draws * sizeof *t->value);
	t->deck = malloc((max_draws + 1) * (n ? n : 1) * sizeof *t->deck);
	deck = malloc((n ? n : 1) * sizeof *deck);
	if (t->bound == NULL || t->value == NULL || t->deck == NULL ||
	    deck == NULL) {
		free(deck);
		sa_trace_free(t);
		return SA_ENOMEM;
	}
	for (size_t i = 0; i < n; i++)
		deck[i] = (unsigned)i;
	memset(&tr, 0, sizeof tr);
	tr.base.draw = trace_draw;
	tr.source = source;
	tr.draws = draws;
	tr.ndraws = ndraws;
	tr.deck = deck;
	tr.n = n;
	tr.max = max_draws;
	tr.t = t;
	trace_once(sh, &tr, deck);
	free(deck);
	return tr.err;
}

void
sa_trace_free(sa_trace *t)
{
	if (t == NULL)
		return;
	free(t->bound);
	free(t->value);
	free(t->deck);
	memset(t, 0, sizeof *t);
}
